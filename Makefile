# kubectl-lbdoctor — see README.md. `make demo` and `make test` are the two set-up commands.
SHELL := /bin/bash
GO ?= go
BIN := bin/kubectl-lbdoctor
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
COMMIT ?= $(shell git rev-parse --short HEAD 2>/dev/null || echo unknown)
DATE ?= $(shell date -u +%Y-%m-%dT%H:%M:%SZ)
PKG := github.com/lbdoctor/kubectl-lbdoctor/pkg/cmd
comma := ,
space := $(empty) $(empty)
LDFLAGS := -s -w -X $(PKG).version=$(VERSION) -X $(PKG).commit=$(COMMIT) -X $(PKG).date=$(DATE)

.PHONY: build test unit docs docs-check rbac cloud-policy lint demo clean

build: ## Build bin/kubectl-lbdoctor
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/kubectl-lbdoctor

unit: ## Unit tests (no cluster)
	$(GO) test ./...

# The unit suite's coverage of these packages must stay at or above the floor (issue 24).
COVER_FLOORS := pkg/cmd=80 pkg/snapshot=80

test: lint docs-check build ## Everything CI runs: unit, end-to-end against a local apiserver
	@mkdir -p _output
	$(GO) test -count=1 -coverpkg=$(subst $(space),$(comma),$(foreach f,$(COVER_FLOORS),./$(firstword $(subst =, ,$(f)))/)) -coverprofile=_output/unit.cov ./...
	$(GO) run ./hack/covercheck _output/unit.cov $(COVER_FLOORS)
	$(MAKE) --no-print-directory rules-check
	$(MAKE) --no-print-directory e2e
	$(MAKE) --no-print-directory krew-test

docs: rbac cloud-policy ## Regenerate docs/rules.md, docs/rules.zh-CN.md, docs/glossary.md, the README's list of checked codes, deploy/rbac.yaml and deploy/cloud/
	$(GO) run ./hack/gendocs > docs/rules.md
	$(GO) run ./hack/gendocs -lang zh > docs/rules.zh-CN.md
	$(GO) run ./hack/gendocs -glossary > docs/glossary.md
	$(GO) run ./hack/gendocs -policy > docs/policy.md
	$(GO) run ./hack/gendocs -domains > docs/annotation-domains.md
	$(GO) run ./hack/gendocs -readme README.md > README.md.tmp && mv README.md.tmp README.md

rbac: ## Regenerate deploy/rbac.yaml from the resource registry
	$(GO) run ./hack/genrbac > deploy/rbac.yaml.tmp && mv deploy/rbac.yaml.tmp deploy/rbac.yaml

cloud-policy: ## Regenerate deploy/cloud/*-policy.json from the cloud readers' action registries
	$(GO) run ./hack/gencloudpolicy -list | while read -r p f; do \
	  $(GO) run ./hack/gencloudpolicy -provider $$p > deploy/cloud/$$f.tmp && mv deploy/cloud/$$f.tmp deploy/cloud/$$f || exit 1; done

docs-check: ## Fail when docs/rules.md, docs/rules.zh-CN.md, docs/glossary.md, the README's list of checked codes, deploy/rbac.yaml or deploy/cloud/ is stale
	@$(GO) run ./hack/genrbac | diff -u deploy/rbac.yaml - >/dev/null || { echo "deploy/rbac.yaml is stale: run make rbac"; exit 1; }
	@$(GO) run ./hack/gencloudpolicy -list | while read -r p f; do \
	  $(GO) run ./hack/gencloudpolicy -provider $$p | diff -u deploy/cloud/$$f - >/dev/null || { echo "deploy/cloud/$$f is stale: run make cloud-policy"; exit 1; }; done
	@$(GO) run ./hack/gendocs | diff -u docs/rules.md - >/dev/null || { echo "docs/rules.md is stale: run make docs"; exit 1; }
	@$(GO) run ./hack/gendocs -lang zh | diff -u docs/rules.zh-CN.md - >/dev/null || { echo "docs/rules.zh-CN.md is stale: run make docs"; exit 1; }
	@$(GO) run ./hack/gendocs -glossary | diff -u docs/glossary.md - >/dev/null || { echo "docs/glossary.md is stale: run make docs"; exit 1; }
	@$(GO) run ./hack/gendocs -policy | diff -u docs/policy.md - >/dev/null || { echo "docs/policy.md is stale: run make docs"; exit 1; }
	@$(GO) run ./hack/gendocs -domains | diff -u docs/annotation-domains.md - >/dev/null || { echo "docs/annotation-domains.md is stale: run make docs"; exit 1; }
	@$(GO) run ./hack/gendocs -readme README.md | diff -u README.md - >/dev/null || { echo "README.md's list of checked codes is stale: run make docs"; exit 1; }

lint: ## gofmt and go vet (the e2e tests too, so a broken e2e build fails in seconds, not after the unit suite)
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null; git ls-files -o --exclude-standard '*.go' 2>/dev/null)); \
	  if [ -n "$$out" ]; then echo "gofmt needed: $$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) vet -tags e2e ./test/e2e/

demo: build ## Diagnose the shipped examples
	@bash hack/demo.sh

clean:
	rm -rf bin dist

# Further targets (dist, krew-test, e2e, bench, fuzz) live in hack/make/*.mk.
-include hack/make/*.mk
