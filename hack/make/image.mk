# Container image of kubectl-lbdoctor for `serve` in the cluster (issue 14): the multi-stage
# Dockerfile (golang builder with CGO_ENABLED=0 -trimpath and $(LDFLAGS) → distroless static:nonroot).
#   make image                                    build $(IMAGE):$(IMAGE_TAG) with $(CONTAINER_TOOL)
#   make image IMAGE=registry.example/lbdoctor CONTAINER_TOOL=podman
# It needs a running container engine (none runs in this project's CI or dev sandbox): without one
# it says so and fails. Not part of `make test`.
IMAGE ?= ghcr.io/lbdoctor/kubectl-lbdoctor
IMAGE_TAG ?= $(VERSION)
CONTAINER_TOOL ?= docker
IMAGE_PLATFORM ?= linux/amd64

.PHONY: image

image: ## Build the container image $(IMAGE):$(IMAGE_TAG) for deploy/serve.yaml (needs Docker or Podman)
	@if ! command -v $(CONTAINER_TOOL) >/dev/null 2>&1; then \
	  echo "make image: $(CONTAINER_TOOL) is not installed; install Docker, or set CONTAINER_TOOL=podman" >&2; exit 1; \
	fi; \
	if ! $(CONTAINER_TOOL) info >/dev/null 2>&1; then \
	  echo "make image: no container engine reachable ($(CONTAINER_TOOL) info failed); start the Docker daemon or set DOCKER_HOST / CONTAINER_TOOL" >&2; exit 1; \
	fi
	$(CONTAINER_TOOL) build --platform '$(IMAGE_PLATFORM)' --build-arg LDFLAGS='$(LDFLAGS)' -t '$(IMAGE):$(IMAGE_TAG)' .
	@echo "built $(IMAGE):$(IMAGE_TAG); push it and set it in deploy/serve.yaml"
