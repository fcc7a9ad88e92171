#!/usr/bin/env bash
# Benchmark kubectl-lbdoctor on a large synthetic cluster (issue 7). `make bench` runs it after
# `make build`.
#
#   BENCH_SCALE=0.1 bash bench/run.sh     a tenth of the full size (default 1: 50 namespaces, 200 nodes,
#                                         5,000 LoadBalancer Services, 10,000 pods, 2,000 Ingresses, …)
#
# Steps: start a local kube-apiserver + etcd (hack/local-cluster.sh; stopped on exit), load the
# synthetic cluster (bench/loadgen), then measure, each BENCH_REPS times (default 3, the median is
# reported), with a private HOME so kubectl's discovery cache is the same for every command (warmed
# once first):
#   - `kubectl lbdoctor -A -o json` through the real kubectl, bin/ first on PATH (kubectl finds the
#     plugin there and execs it): wall time and peak RSS (GNU time), API requests and the distinct LIST
#     URLs from the audit log (userAgent kubectl-lbdoctor/…);
#   - baseline 1: `kubectl get services,ingresses -A -o json`;
#   - baseline 2, the raw floor: `kubectl get --raw` of each LIST URL lbdoctor requested, one after the
#     other (paged lists replayed from their first page), summed; also the Services+Ingresses lists alone;
#   - a single healthy Service: `kubectl lbdoctor svc/NAME -n NS` vs `kubectl describe svc NAME -n NS`;
#   - the Go benchmarks of the check pipeline (go test -bench ./bench/...), after the cluster is down.
# Raw figures go to bench/out/latest.txt (key=value lines, then sections); a summary with the ratios
# and the targets is printed at the end.
#
# Other knobs: BENCH_TIMEOUT (s, default 900) bounds each lbdoctor -A run (a run that hits it is
# reported as timed out and not repeated); BENCH_RAW_MAX (default 200) bounds how many LIST URLs the raw
# floor replays (more are sampled evenly and extrapolated); BENCH_WORKERS (default 64) loadgen's
# concurrency; BENCH_SETTLE (s, default 10) the pause after loading; BENCH_GO_BENCH=0 skips the Go
# benchmarks. BENCH_CLUSTER=DIR measures an already running and loaded cluster (a hack/local-cluster.sh
# DIR holding loadgen's summary as DIR/load.txt), left running: no start, load or stop.
# BENCH_DISABLE_COMPRESSION=1 turns response compression off for every command (see below).
# BENCH_POPEYE=0 skips the popeye column (`popeye -A -s svc,ing -o json`, built by bench/popeye.sh from the Go
# module proxy outside the repository; BENCH_POPEYE_VERSION, default v0.22.1). BENCH_BEFORE=PATH names another kubectl-lbdoctor binary (e.g. main's) measured the same way,
# run for run with bin/'s (first on even runs, second on odd ones), so a change is compared with its baseline in one session (before_*).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
GO=${GO:-go}
scale=${BENCH_SCALE:-1}
reps=${BENCH_REPS:-3}
timeout_s=${BENCH_TIMEOUT:-900}
raw_max=${BENCH_RAW_MAX:-200}
out=$root/bench/out
latest=$out/latest.txt

log() { echo "bench: $*" >&2; }
die() { log "error: $*"; exit 1; }

[ -x bin/kubectl-lbdoctor ] || die "bin/kubectl-lbdoctor is missing: run make build (make bench does)"
command -v kubectl >/dev/null || die "kubectl is required"
if ! /usr/bin/time -f '%e %M' true >/dev/null 2>&1; then
  log "installing GNU time (apt-get install -y time)"
  apt-get install -y time >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y time >/dev/null; } ||
    die "GNU time (/usr/bin/time) is required"
fi

mkdir -p "$out"
work=$(mktemp -d "${TMPDIR:-/tmp}/lbdoctor-bench.XXXXXX")
cluster=${BENCH_CLUSTER:-$work/cluster}
own_cluster=1
[ -z "${BENCH_CLUSTER:-}" ] || own_cluster=
khome=$work/home
mkdir -p "$khome"
cleanup() {
  if [ -n "$own_cluster" ] && [ -d "$cluster" ]; then hack/local-cluster.sh down "$cluster" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

log "building loadgen and benchtool"
"$GO" build -o "$work/loadgen" ./bench/loadgen
"$GO" build -o "$work/benchtool" ./bench/benchtool
bt=$work/benchtool

popeye=
if [ "${BENCH_POPEYE:-1}" != 0 ]; then
  log "building popeye ${BENCH_POPEYE_VERSION:-v0.22.1} (bench/popeye.sh, cached)"
  if ! popeye=$(GO="$GO" bash bench/popeye.sh 2>"$work/popeye-build.txt"); then
    popeye=
    log "popeye could not be built: $(tr '\n' ' ' <"$work/popeye-build.txt")"
  fi
fi

if [ -n "$own_cluster" ]; then
  log "starting the local cluster"
  hack/local-cluster.sh up "$cluster" >/dev/null
  # shellcheck disable=SC1091
  source "$cluster/env"
  log "loading the synthetic cluster (BENCH_SCALE=$scale)"
  BENCH_SCALE=$scale "$work/loadgen" -workers "${BENCH_WORKERS:-64}" -summary "$work/load.txt"
else
  [ -f "$cluster/env" ] && [ -f "$cluster/load.txt" ] || die "BENCH_CLUSTER=$cluster lacks env or load.txt (loadgen -summary)"
  # shellcheck disable=SC1091
  source "$cluster/env"
  cp "$cluster/load.txt" "$work/load.txt"
  log "measuring the running cluster $cluster"
fi

# As the user would run it: private HOME (fresh discovery cache), bin/ first on PATH.
k=(env HOME="$khome" PATH="$root/bin:$PATH")

# BENCH_DISABLE_COMPRESSION=1: every command (lbdoctor, the baselines, popeye, the raw floor) reads a
# copy of the kubeconfig whose cluster entry says disable-compression: true, kubectl's own setting for
# fast links: the API server then spends no CPU on gzip, which on this machine is CPU the client
# competes for.
compression=on
if [ "${BENCH_DISABLE_COMPRESSION:-0}" = 1 ]; then
  cp "$KUBECONFIG" "$work/kubeconfig"
  cname=$(KUBECONFIG=$work/kubeconfig kubectl config view -o jsonpath='{.clusters[0].name}')
  KUBECONFIG=$work/kubeconfig kubectl config set "clusters.$cname.disable-compression" true >/dev/null
  export KUBECONFIG=$work/kubeconfig
  compression="off (kubeconfig disable-compression: true, every command)"
fi

# The baseline binary, if any, is found by kubectl through its own PATH entry.
kb=()
if [ -n "${BENCH_BEFORE:-}" ]; then
  [ -x "$BENCH_BEFORE" ] || die "BENCH_BEFORE=$BENCH_BEFORE is not an executable"
  mkdir -p "$work/before"
  cp "$BENCH_BEFORE" "$work/before/kubectl-lbdoctor"
  kb=(env HOME="$khome" PATH="$work/before:$PATH")
fi

# Let the API server finish digesting the load (watch caches, GC) before timing anything.
sleep "${BENCH_SETTLE:-10}"
log "warming kubectl's discovery cache"
"${k[@]}" kubectl api-resources >/dev/null
"${k[@]}" kubectl get namespaces >/dev/null
plugin_path=$("${k[@]}" kubectl plugin list 2>/dev/null | grep -m1 'kubectl-lbdoctor' || true)
[ "$plugin_path" = "$root/bin/kubectl-lbdoctor" ] || die "kubectl resolves the plugin to '$plugin_path', not bin/kubectl-lbdoctor"
lbdoctor_version=$("${k[@]}" kubectl lbdoctor version 2>&1 | head -n1)

audit_size() { sleep 1; stat -c %s "$LBDOCTOR_AUDIT_LOG"; } # ResponseComplete lines land just after the response

# timed OUT CMD...: run CMD (bounded by BENCH_TIMEOUT) under GNU time; sets T_WALL (s), T_RSS (kB), T_RC.
timed() {
  local o=$1
  shift
  set +e
  /usr/bin/time -f '%e %M' -o "$work/time.txt" timeout "$timeout_s" "$@" >"$o" 2>"$work/stderr.txt"
  T_RC=$?
  set -e
  read -r T_WALL T_RSS < <(tail -n1 "$work/time.txt")
}

median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

load_avg() { cut -d' ' -f1-3 /proc/loadavg; }
load_start=$(load_avg)

# --- kubectl lbdoctor -A -o json -------------------------------------------------------------------
walls=() rss=() rcs=() reqs=() all_timeout= bwalls=() brss=() breqs=()
# run_before measures the baseline binary once: before bin/'s run on even runs, after it on odd ones.
run_before() {
  local a b
  a=$(audit_size)
  timed "$work/before-all.json" "${kb[@]}" kubectl lbdoctor -A -o json
  b=$(audit_size)
  bwalls+=("$T_WALL") brss+=("$T_RSS")
  breqs+=("$("$bt" audit -from "$a" -to "$b" | sed -n 's/^requests=//p')")
  log "  before: wall ${T_WALL}s, peak RSS ${T_RSS} kB, exit $T_RC, ${breqs[-1]} requests"
}
for i in $(seq "$reps"); do
  log "kubectl lbdoctor -A -o json, run $i/$reps"
  if [ ${#kb[@]} -gt 0 ] && [ $((i % 2)) = 0 ]; then run_before; fi
  a=$(audit_size)
  timed "$out/lbdoctor-all.json" "${k[@]}" kubectl lbdoctor -A -o json
  b=$(audit_size)
  walls+=("$T_WALL") rss+=("$T_RSS") rcs+=("$T_RC")
  if [ "$i" = 1 ]; then
    "$bt" audit -from "$a" -to "$b" -prefix all_ -urls "$work/list-urls.txt" >"$work/audit-all.txt"
    reqs+=("$(sed -n 's/^all_requests=//p' "$work/audit-all.txt")")
  else
    reqs+=("$("$bt" audit -from "$a" -to "$b" | sed -n 's/^requests=//p')")
  fi
  log "  wall ${T_WALL}s, peak RSS ${T_RSS} kB, exit $T_RC, ${reqs[-1]} requests"
  if [ ${#kb[@]} -gt 0 ] && [ $((i % 2)) = 1 ]; then
    run_before
    T_RC=${rcs[-1]}
  fi
  case $T_RC in
    0 | 1) ;;
    124) all_timeout="after ${timeout_s}s"; log "  timed out after ${timeout_s}s; not repeating"; break ;;
    *) log "  failed: $(tail -n 3 "$work/stderr.txt")" ;;
  esac
done

# --- baseline 1: kubectl get services,ingresses -A -o json ------------------------------------------
base1=()
for i in $(seq "$reps"); do
  timed /dev/null "${k[@]}" kubectl get services,ingresses -A -o json
  [ "$T_RC" = 0 ] || die "kubectl get services,ingresses failed: $(tail -n 3 "$work/stderr.txt")"
  base1+=("$T_WALL")
done
log "baseline 1 (kubectl get services,ingresses -A -o json): ${base1[*]} s"

# --- peer: popeye -A -s svc,ing -o json --------------------------------------------------------------
# popeye exits non-zero when its score is low (it is here: 20 % of the targets are broken); a run counts
# when it wrote a JSON report.
pop=() pop_rss=() pop_rcs=() pop_bytes=
if [ -n "$popeye" ]; then
  for i in $(seq "$reps"); do
    timed "$work/popeye.json" env HOME="$khome" "$popeye" -A -s svc,ing -o json --kubeconfig "$KUBECONFIG" --logs "$work/popeye.log"
    pop_rcs+=("$T_RC")
    if [ "$T_RC" = 124 ] || ! head -c 20 "$work/popeye.json" | grep -q '"popeye"'; then
      log "popeye run $i failed (exit $T_RC): $(tail -n 3 "$work/stderr.txt")"
      continue
    fi
    pop+=("$T_WALL") pop_rss+=("$T_RSS")
    pop_bytes=$(stat -c %s "$work/popeye.json")
  done
  log "popeye -A -s svc,ing -o json: ${pop[*]} s (exit codes ${pop_rcs[*]})"
fi

# --- baseline 2: the raw floor ----------------------------------------------------------------------
log "raw floor: replaying $(grep -c . "$work/list-urls.txt" || true) LIST URLs with kubectl get --raw"
"${k[@]}" "$bt" raw -urls "$work/list-urls.txt" -max "$raw_max" >"$work/raw.txt"

# --- a single healthy Service vs kubectl describe -----------------------------------------------------
target=$(sed -n 's/^healthy_service=//p' "$work/load.txt")
ns=${target%%/*} name=${target#*/}
single=() describe=() single_reqs=
for i in $(seq "$reps"); do
  a=$(audit_size)
  timed "$work/single.txt" "${k[@]}" kubectl lbdoctor "svc/$name" -n "$ns"
  b=$(audit_size)
  case $T_RC in 0 | 1) ;; *) log "lbdoctor svc/$name failed: $(tail -n 3 "$work/stderr.txt")" ;; esac
  single+=("$T_WALL")
  [ -n "$single_reqs" ] || single_reqs=$("$bt" audit -from "$a" -to "$b" | sed -n 's/^requests=//p')
  timed /dev/null "${k[@]}" kubectl describe svc "$name" -n "$ns"
  [ "$T_RC" = 0 ] || die "kubectl describe failed: $(tail -n 3 "$work/stderr.txt")"
  describe+=("$T_WALL")
done
log "single target $target: lbdoctor ${single[*]} s, describe ${describe[*]} s"
load_end=$(load_avg)

[ -z "$own_cluster" ] || hack/local-cluster.sh down "$cluster"

{
  echo "# kubectl-lbdoctor bench (bench/run.sh). Medians of the runs listed; wall in s (GNU time %e), RSS in kB (%M)."
  echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "machine=$(nproc) cores, load average $load_start at start, $load_end at end; response compression $compression"
  echo "kubectl=$(kubectl version --client 2>/dev/null | head -n1)"
  echo "lbdoctor_version=$lbdoctor_version"
  echo "lbdoctor_via=kubectl lbdoctor (kubectl execs bin/kubectl-lbdoctor from PATH)"
  echo "reps=$reps"
  cat "$work/load.txt"
  echo "all_wall_s=$(median "${walls[@]}")"
  echo "all_wall_runs=${walls[*]}"
  echo "all_rss_kb=$(median "${rss[@]}")"
  echo "all_rss_runs=${rss[*]}"
  echo "all_exit_codes=${rcs[*]}"
  echo "all_requests_runs=${reqs[*]}"
  echo "all_timeout=$all_timeout"
  cat "$work/audit-all.txt"
  echo "all_findings=$(grep -o '"severity": *"[a-z]*"' "$out/lbdoctor-all.json" 2>/dev/null | wc -l)"
  if [ ${#bwalls[@]} -gt 0 ]; then
    echo "before_binary=$BENCH_BEFORE"
    echo "before_wall_s=$(median "${bwalls[@]}")"
    echo "before_wall_runs=${bwalls[*]}"
    echo "before_rss_kb=$(median "${brss[@]}")"
    echo "before_rss_runs=${brss[*]}"
    echo "before_requests_runs=${breqs[*]}"
  fi
  echo "base1_wall_s=$(median "${base1[@]}")"
  echo "base1_wall_runs=${base1[*]}"
  if [ -n "$popeye" ]; then
    echo "popeye=$popeye ($(cat "$(dirname "$popeye")/built-version" 2>/dev/null))"
    echo "popeye_wall_s=$([ ${#pop[@]} = 0 ] || median "${pop[@]}")"
    echo "popeye_wall_runs=${pop[*]}"
    echo "popeye_rss_kb=$([ ${#pop_rss[@]} = 0 ] || median "${pop_rss[@]}")"
    echo "popeye_exit_codes=${pop_rcs[*]}"
    echo "popeye_report_bytes=$pop_bytes"
  elif [ "${BENCH_POPEYE:-1}" != 0 ]; then
    echo "popeye_error=$(tr '\n' ' ' <"$work/popeye-build.txt")"
  fi
  cat "$work/raw.txt"
  echo "single_target=$target"
  echo "single_wall_s=$(median "${single[@]}")"
  echo "single_wall_runs=${single[*]}"
  echo "single_requests=$single_reqs"
  echo "describe_wall_s=$(median "${describe[@]}")"
  echo "describe_wall_runs=${describe[*]}"
  echo
  echo "## lbdoctor -A: distinct LIST URLs of the first run (at most 200 shown)"
  head -n 200 "$work/list-urls.txt"
} >"$latest"

if [ "${BENCH_GO_BENCH:-1}" != 0 ]; then
  log "go test -run '^\$' -bench . -benchmem ./bench/... (BENCH_SCALE=$scale)"
  {
    echo
    echo "## go test -run '^\$' -bench . -benchmem ./bench/... (BENCH_SCALE=$scale)"
    BENCH_SCALE=$scale "$GO" test -run '^$' -bench . -benchmem ./bench/... 2>&1
  } >>"$latest"
fi

{
  echo
  echo "## summary"
  "$bt" summary "$latest"
} | tee -a "$latest"
log "raw figures: ${latest#"$root"/}"
