#!/usr/bin/env bash
# Builds krew (as kubectl-krew) and krew's validate-krew-manifest from the sigs.k8s.io/krew Go module
# into a cache outside the clone, keyed by version. Prints the two binaries' paths on stdout (one line).
# The version comes from hack/krew/go.mod (v0.4.4: the newest the Go module proxy serves;
# v0.4.5 and @latest answer 403 there). Usage: hack/krew/build.sh
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cache=${LBDOCTOR_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kubectl-lbdoctor}
bindir="$cache/bin"
version=$(sed -n 's#^\s*\(require \)\?sigs.k8s.io/krew \(v[^ ]*\).*#\2#p' "$here/go.mod")
[ -n "$version" ] || { echo "krew/build.sh: no sigs.k8s.io/krew requirement in $here/go.mod" >&2; exit 1; }
krew="$bindir/kubectl-krew-$version"
validator="$bindir/validate-krew-manifest-$version"

log() { echo "krew/build.sh: $*" >&2; }

if [ ! -x "$krew" ] || [ ! -x "$validator" ]; then
  mkdir -p "$bindir"
  log "building krew $version and validate-krew-manifest (~1.5 min with a cold Go build cache; cached afterwards)"
  start=$SECONDS
  # Stamp like krew's own release build (hack/make-binaries.sh) so `kubectl krew version` is truthful.
  # With a semver tag krew sometimes checks GitHub for a newer release: callers set KREW_NO_UPGRADE_CHECK=1.
  rev=$(cd "$here" && go mod download -json "sigs.k8s.io/krew@$version" | sed -n 's/.*"Hash": "\([0-9a-f]\{7\}\).*/\1/p')
  vpkg=sigs.k8s.io/krew/internal/version
  tmp=$(mktemp -d "$bindir/.krew-build.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  (cd "$here" && CGO_ENABLED=0 go build -trimpath \
    -ldflags "-s -w -X $vpkg.gitTag=$version -X $vpkg.gitCommit=${rev:-unknown}" \
    -o "$tmp/" sigs.k8s.io/krew/cmd/krew sigs.k8s.io/krew/cmd/validate-krew-manifest)
  mv "$tmp/krew" "$krew"
  mv "$tmp/validate-krew-manifest" "$validator"
  log "built in $((SECONDS - start))s: $krew, $validator"
fi
echo "$krew $validator"
