#!/usr/bin/env bash
# Benchmark `kubectl-lbdoctor serve` (issue 14) on the synthetic cluster of bench/run.sh: the time to
# the first full sync and diagnosis (/readyz), the peak RSS, then single-object updates and the time
# each takes to reach the metrics (bench/servebench explains how that is measured).
#
#   bash bench/serve.sh                  full size (7,000 targets), 1,000 updates
#   BENCH_SCALE=0.1 BENCH_UPDATES=200 bash bench/serve.sh
#   BENCH_MEMLIMITS="default 256MiB off" bash bench/serve.sh   one run per GOMEMLIMIT, same cluster
#   BENCH_BEFORE=/path/to/kubectl-lbdoctor bash bench/serve.sh   paired with another binary
#   BENCH_SCALE=7.143 BENCH_PODS_PER_SERVICE=3 BENCH_ONESHOT=3 BENCH_VIA_ETCD=1 bash bench/serve.sh
#       issue 27's size: 50,000 targets (35,714 Services, 14,286 Ingresses) and 107,142 Pods, then
#       BENCH_ONESHOT runs of the one-shot `-A -o json` and of `kubectl get services,ingresses -A -o json`
#       on the same cluster (wall and peak RSS). BENCH_VIA_ETCD=1 writes the namespaced objects into
#       etcd beside the API server, whose Service creates slow down with their count (bench/loadgen/etcd.go).
#   BENCH_CLUSTER=/tmp/big BENCH_LOAD_ONLY=1 … bash bench/serve.sh   load a cluster that stays up
#   BENCH_CLUSTER=/tmp/big bash bench/serve.sh                        bench on it (no second load)
#
# Figures go to bench/out/serve-latest.txt (key=value lines).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
GO=${GO:-go}
scale=${BENCH_SCALE:-1}
out=$root/bench/out
latest=$out/serve-latest.txt

log() { echo "bench-serve: $*" >&2; }

mkdir -p "$out"
work=$(mktemp -d "${TMPDIR:-/tmp}/lbdoctor-bench-serve.XXXXXX")
cluster=$work/cluster
keep=
if [ -n "${BENCH_CLUSTER:-}" ]; then cluster=$BENCH_CLUSTER keep=1; fi
cleanup() {
  if [ -z "$keep" ] && [ -d "$cluster" ]; then hack/local-cluster.sh down "$cluster" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

log "building kubectl-lbdoctor, loadgen and servebench"
"$GO" build -o "$work/kubectl-lbdoctor" ./cmd/kubectl-lbdoctor
"$GO" build -o "$work/loadgen" ./bench/loadgen
"$GO" build -o "$work/servebench" ./bench/servebench

if [ -n "$keep" ] && [ -f "$cluster/load.txt" ]; then
  log "reusing the cluster loaded in $cluster"
  # shellcheck disable=SC1091
  source "$cluster/env"
  kubectl get --raw /readyz >/dev/null
else
  log "starting the local cluster"
  hack/local-cluster.sh up "$cluster" >/dev/null
  # shellcheck disable=SC1091
  source "$cluster/env"

  log "loading the synthetic cluster (BENCH_SCALE=$scale)"
  BENCH_SCALE=$scale "$work/loadgen" -workers "${BENCH_WORKERS:-64}" -summary "$work/load.txt" \
    ${BENCH_VIA_ETCD:+-via-etcd "$LBDOCTOR_ETCD_URL"}
  [ -z "$keep" ] || cp "$work/load.txt" "$cluster/load.txt"
  if [ -n "${BENCH_LOAD_ONLY:-}" ]; then
    log "loaded; the cluster stays up in $cluster (hack/local-cluster.sh down $cluster)"
    exit 0
  fi
  sleep "${BENCH_SETTLE:-10}"
fi
[ -f "$work/load.txt" ] || cp "$cluster/load.txt" "$work/load.txt"

load_start=$(cut -d' ' -f1-3 /proc/loadavg)
: >"$work/serve.txt"
# BENCH_MEMLIMITS: GOMEMLIMIT values to run serve with, one run each on the same cluster ("default":
# unset, serve's own 200 MiB soft limit; "off": none). BENCH_BEFORE: another binary run right after
# each run of this one, for paired figures.
for lim in ${BENCH_MEMLIMITS:-default}; do
  for bin in "$work/kubectl-lbdoctor" ${BENCH_BEFORE:+"$BENCH_BEFORE"}; do
    name=this
    [ "$bin" = "$work/kubectl-lbdoctor" ] || name="before ($bin)"
    log "serve $name (GOMEMLIMIT $lim): sync, then ${BENCH_UPDATES:-1000} updates"
    if [ "$lim" = default ]; then
      env -u GOMEMLIMIT "$work/servebench" -bin "$bin" -updates "${BENCH_UPDATES:-1000}" -summary "$work/run.txt"
    else
      GOMEMLIMIT=$lim "$work/servebench" -bin "$bin" -updates "${BENCH_UPDATES:-1000}" -summary "$work/run.txt"
    fi
    { echo; echo "## $name, GOMEMLIMIT=$lim, load average $(cut -d' ' -f1-3 /proc/loadavg) after"; cat "$work/run.txt"; } >>"$work/serve.txt"
  done
done
# BENCH_ONESHOT=N: the one-shot run and kubectl get, N times each, alternated, on the same cluster.
for i in $(seq 1 "${BENCH_ONESHOT:-0}"); do
  log "one-shot -A -o json and kubectl get, run $i/${BENCH_ONESHOT}"
  rc=0
  /usr/bin/time -f '%e %M' -o "$work/t" "$work/kubectl-lbdoctor" -A -o json >/dev/null 2>"$work/oneshot.err" || rc=$?
  echo "oneshot_run=$(tail -1 "$work/t") exit=$rc" >>"$work/serve.txt"
  /usr/bin/time -f '%e %M' -o "$work/t" kubectl get services,ingresses -A -o json >/dev/null
  echo "kubectl_get_run=$(tail -1 "$work/t")" >>"$work/serve.txt"
done
load_end=$(cut -d' ' -f1-3 /proc/loadavg)

{
  echo "# kubectl-lbdoctor serve bench (bench/serve.sh)"
  echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "machine=$(nproc) cores, load average $load_start at start, $load_end at end"
  echo "commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  cat "$work/load.txt"
  cat "$work/serve.txt"
} >"$latest"
cat "$latest"
