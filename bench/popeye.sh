#!/usr/bin/env bash
# Build popeye (the peer tool of bench/run.sh's popeye column) from the Go module proxy, in a throw-away
# module outside the repository, and print the binary's path. Nothing of popeye is committed or
# downloaded as a binary: `go install …@v0.22.1` is refused (its go.mod has replace directives), so a
# module that requires it is built instead.
#
#   bash bench/popeye.sh     prints e.g. /tmp/peer-popeye-v0.22.1/popeye; exit 1 with the go error on stderr
#
# Knobs: BENCH_POPEYE_VERSION (default v0.22.1), BENCH_POPEYE_DIR (default /tmp/peer-popeye-VERSION).
# The binary is cached there: a second call only checks it.
set -euo pipefail

GO=${GO:-go}
version=${BENCH_POPEYE_VERSION:-v0.22.1}
dir=${BENCH_POPEYE_DIR:-${TMPDIR:-/tmp}/peer-popeye-$version}
if [ -x "$dir/popeye" ] && [ "$(cat "$dir/built-version" 2>/dev/null)" = "$version" ]; then
  echo "$dir/popeye"
  exit 0
fi
mkdir -p "$dir"
cd "$dir"
rm -f go.mod go.sum popeye built-version
{
  GOFLAGS=-mod=mod "$GO" mod init peer-popeye &&
    GOFLAGS=-mod=mod "$GO" get "github.com/derailed/popeye@$version" &&
    GOFLAGS=-mod=mod "$GO" build -o popeye github.com/derailed/popeye
} >build.log 2>&1 || {
  echo "building popeye $version in $dir failed:" >&2
  tail -n 5 build.log >&2
  exit 1
}
echo "$version" >built-version
echo "$dir/popeye"
