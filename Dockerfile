# syntax=docker/dockerfile:1
# The kubectl-lbdoctor image, for `kubectl-lbdoctor serve` in the cluster (deploy/serve.yaml).
# Built by `make image`, which passes the Makefile's LDFLAGS (version, commit, date); by hand:
#   docker build --build-arg LDFLAGS="-s -w" -t kubectl-lbdoctor:dev .
ARG GO_VERSION=1.26

FROM --platform=$BUILDPLATFORM golang:${GO_VERSION} AS build
ARG TARGETOS=linux
ARG TARGETARCH=amd64
ARG LDFLAGS="-s -w"
WORKDIR /src
COPY go.mod go.sum ./
RUN --mount=type=cache,target=/go/pkg/mod go mod download
COPY . .
RUN --mount=type=cache,target=/go/pkg/mod --mount=type=cache,target=/root/.cache/go-build \
    CGO_ENABLED=0 GOOS=$TARGETOS GOARCH=$TARGETARCH \
    go build -trimpath -ldflags "$LDFLAGS" -o /out/kubectl-lbdoctor ./cmd/kubectl-lbdoctor

FROM gcr.io/distroless/static:nonroot
COPY --from=build /out/kubectl-lbdoctor /kubectl-lbdoctor
USER 65532:65532
EXPOSE 8080
ENTRYPOINT ["/kubectl-lbdoctor"]
CMD ["serve", "--metrics-bind-address=:8080"]
