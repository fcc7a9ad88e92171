#!/usr/bin/env bash
# Builds promtool from the github.com/prometheus/prometheus Go module (tagged v0.3xx.y for
# Prometheus 3.x) in a throw-away module, into the cache shared with hack/build-cluster-bins.sh,
# keyed by version. Prints the binary's path on stdout.
# Usage: hack/build-promtool.sh
set -euo pipefail

PROMETHEUS_VERSION=${PROMETHEUS_VERSION:-v0.316.0}
cache=${LBDOCTOR_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kubectl-lbdoctor}
out="$cache/bin/promtool-$PROMETHEUS_VERSION"

log() { echo "build-promtool: $*" >&2; }

if [ ! -x "$out" ]; then
  mkdir -p "$cache/bin"
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' EXIT
  log "building promtool $PROMETHEUS_VERSION (first build takes minutes; cached afterwards)"
  (
    cd "$dir"
    go mod init lbdoctor.local/hack/promtool >/dev/null 2>&1
    GOFLAGS=-mod=mod go get "github.com/prometheus/prometheus@$PROMETHEUS_VERSION" >&2
    GOFLAGS=-mod=mod CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$out.tmp" github.com/prometheus/prometheus/cmd/promtool
  )
  mv "$out.tmp" "$out"
fi
echo "$out"
