#!/usr/bin/env bash
# What TLS Secrets cost `kubectl-lbdoctor serve` in memory (issue 27): a local API server, serve run
# with no TLS Secret, then with 2,000 of 64 KiB (bench/secretbench explains the figures).
#
#   bash bench/secrets.sh
#   BENCH_BEFORE=/path/to/kubectl-lbdoctor bash bench/secrets.sh   the same runs with another binary
#   BENCH_SECRETS=500 BENCH_SECRET_BYTES=16384 bash bench/secrets.sh
#
# Figures go to bench/out/secrets-latest.txt (key=value lines).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
GO=${GO:-go}
out=$root/bench/out
latest=$out/secrets-latest.txt

log() { echo "bench-secrets: $*" >&2; }

mkdir -p "$out"
work=$(mktemp -d "${TMPDIR:-/tmp}/lbdoctor-bench-secrets.XXXXXX")
cluster=$work/cluster
cleanup() {
  if [ -d "$cluster" ]; then hack/local-cluster.sh down "$cluster" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

log "building kubectl-lbdoctor and secretbench"
"$GO" build -o "$work/kubectl-lbdoctor" ./cmd/kubectl-lbdoctor
"$GO" build -o "$work/secretbench" ./bench/secretbench

log "starting the local cluster"
hack/local-cluster.sh up "$cluster" >/dev/null
# shellcheck disable=SC1091
source "$cluster/env"

bins=$work/kubectl-lbdoctor${BENCH_BEFORE:+,$BENCH_BEFORE}
"$work/secretbench" -bin "$bins" -secrets "${BENCH_SECRETS:-2000}" -size "${BENCH_SECRET_BYTES:-65536}" >"$work/run.txt"

{
  echo "# kubectl-lbdoctor serve: memory of TLS Secrets (bench/secrets.sh)"
  echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "machine=$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  cat "$work/run.txt"
} >"$latest"
cat "$latest"
