#!/usr/bin/env bash
# Run several kubectl-lbdoctor binaries and `kubectl get services,ingresses -A -o json` directly (no
# kubectl exec), alternated in a rotating order, against an already loaded cluster, and print one line
# per run: wall, user and system CPU (s), peak RSS (kB) from GNU time, and the API server's CPU during
# the run (from its /proc stat). Used to compare binaries of different commits in one session.
#
#   BENCH_CLUSTER=/tmp/big BENCH_REPS=7 bash bench/alternate.sh main=bin/kubectl-lbdoctor before=/tmp/old/kubectl-lbdoctor
#
# BENCH_CLUSTER is a hack/local-cluster.sh directory (env, apiserver.pid), e.g. one left up by
# `BENCH_CLUSTER=/tmp/big BENCH_LOAD_ONLY=1 bash bench/serve.sh`.
set -euo pipefail

cluster=${BENCH_CLUSTER:?BENCH_CLUSTER=DIR names a running, loaded cluster}
reps=${BENCH_REPS:-7}
[ $# -gt 0 ] || { echo "usage: BENCH_CLUSTER=DIR bash bench/alternate.sh NAME=BINARY..." >&2; exit 2; }
# shellcheck disable=SC1091
source "$cluster/env"
home=$(mktemp -d "${TMPDIR:-/tmp}/lbdoctor-alternate.XXXXXX")
trap 'rm -rf "$home"' EXIT
export HOME=$home
kubectl api-resources >/dev/null # warm kubectl's discovery cache once

names=() cmds=()
for arg in "$@"; do
  bin=${arg#*=}
  [ -x "$bin" ] || { echo "alternate: $bin is not an executable" >&2; exit 2; }
  names+=("${arg%%=*}") cmds+=("$bin -A -o json")
done
names+=(kubectl-get) cmds+=("kubectl get services,ingresses -A -o json")

apid=$(cat "$cluster/apiserver.pid")
cpu() { awk '{print $14+$15}' "/proc/$apid/stat"; } # user+system clock ticks
n=${#names[@]}
for r in $(seq "$reps"); do
  for i in $(seq 0 $((n - 1))); do
    j=$(((i + r) % n))
    s0=$(cpu)
    # shellcheck disable=SC2086
    /usr/bin/time -f '%e %U %S %M' -o "$home/time" ${cmds[$j]} >/dev/null 2>"$home/stderr" || true
    s1=$(cpu)
    read -r wall user sys rss < <(tail -n 1 "$home/time") # GNU time adds a line for a non-zero exit
    printf '%s run=%d wall=%s user=%s sys=%s rss_kb=%s apiserver_cpu=%.2f\n' "${names[$j]}" "$r" "$wall" "$user" "$sys" "$rss" "$(echo "($s1-$s0)/$(getconf CLK_TCK)" | bc -l)"
  done
done
