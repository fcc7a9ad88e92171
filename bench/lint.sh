#!/usr/bin/env bash
# Manifest-linting benchmark (issue 12): kubectl-lbdoctor against kube-score on the same 1,000
# manifest files, same machine, same run. `make bench-lint` runs it after `make build`.
#
# Steps: write the synthetic generator's Services, Ingresses and the TLS Secrets they name as one
# file each in a folder per namespace (bench/lintgen, fixed seed, about 20 % of the targets broken);
# build kube-score $KUBE_SCORE_VERSION from its Go module in a throw-away module under $TMPDIR (cached
# in ~/.cache/kubectl-lbdoctor/bin; nothing of it enters this repository); then, BENCH_LINT_REPS times
# (default 7; the first run of each is a warm-up and not counted), alternating which goes first:
#   kubectl-lbdoctor -f DIR -R -A -o json           (bin/kubectl-lbdoctor; also -o sarif, reported apart)
#   kube-score score -o json FILE...                  (the same files; kube-score takes no folders)
# with GNU time: wall seconds, CPU seconds (user + system) and peak RSS. Medians, the ratio and the
# targets (lbdoctor <= 1 s, faster than kube-score) are printed and written to bench/out/lint.txt.
# Knobs: BENCH_LINT_FILES (default 1000), BENCH_LINT_REPS, KUBE_SCORE_VERSION (default v1.20.0).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
GO=${GO:-go}
files=${BENCH_LINT_FILES:-1000}
reps=${BENCH_LINT_REPS:-7}
ks_version=${KUBE_SCORE_VERSION:-v1.20.0}
cache=${LBDOCTOR_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kubectl-lbdoctor}
out=$root/bench/out
lbd=$root/bin/kubectl-lbdoctor

log() { echo "bench-lint: $*" >&2; }
die() { log "error: $*"; exit 1; }

[ -x "$lbd" ] || die "bin/kubectl-lbdoctor is missing: run make build (make bench-lint does)"
if ! /usr/bin/time -f '%e' true >/dev/null 2>&1; then
  log "installing GNU time (apt-get install -y time)"
  apt-get install -y time >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y time >/dev/null; } ||
    die "GNU time (/usr/bin/time) is required"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/lbdoctor-bench-lint.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# kube-score from its module, in a module of its own outside the repository.
ks=$cache/bin/kube-score-$ks_version
if [ ! -x "$ks" ]; then
  log "building kube-score $ks_version from the Go module proxy (once; cached in $ks)"
  peer=$(mktemp -d "${TMPDIR:-/tmp}/peer-kube-score.XXXXXX")
  (
    cd "$peer"
    "$GO" mod init peer.local/kube-score >/dev/null 2>&1
    GOFLAGS=-mod=mod "$GO" get "github.com/zegl/kube-score/cmd/kube-score@$ks_version" >/dev/null 2>&1
    mkdir -p "$(dirname "$ks")"
    CGO_ENABLED=0 GOFLAGS=-mod=mod "$GO" build -trimpath -o "$ks.tmp" github.com/zegl/kube-score/cmd/kube-score
  ) || { rm -rf "$peer"; die "building kube-score $ks_version failed"; }
  mv "$ks.tmp" "$ks"
  rm -rf "$peer"
fi

log "writing $files manifests"
"$GO" build -o "$work/lintgen" ./bench/lintgen
dir=$work/manifests
summary=$("$work/lintgen" -dir "$dir" -files "$files")
log "  $summary"
mapfile -t list < <(find "$dir" -type f -name '*.yaml' | sort)
[ "${#list[@]}" -eq "$files" ] || die "lintgen wrote ${#list[@]} files, want $files"

lbd_cmd=("$lbd" -f "$dir" -R -A -o json)
sarif_cmd=("$lbd" -f "$dir" -R -A -o sarif)
ks_cmd=("$ks" score -o json "${list[@]}")
export KUBECONFIG=$work/no-kubeconfig

# measure NAME CMD... runs CMD once, output to $work/NAME.out, and appends "wall cpu rss" to
# $work/NAME.times. Exit 0 or 1 (findings) are results; anything else is a failure.
measure() {
  local name=$1 t rc=0
  shift
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$@" >"$work/$name.out" 2>"$work/$name.err" || rc=$?
  if [ "$rc" -gt 1 ]; then
    cat "$work/$name.err" >&2
    die "$name exited $rc"
  fi
  t=$(tail -1 "$work/time")
  read -r wall user sys rss <<<"$t"
  echo "$wall $(awk -v u="$user" -v s="$sys" 'BEGIN {printf "%.2f", u + s}') $rss" >>"$work/$name.times"
}

# median [FORMAT] prints the median of the numbers on stdin (default format %.2f).
median() { sort -g | awk -v f="${1:-%.2f}\n" '{a[NR] = $1} END {printf f, NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
col() { awk -v c="$2" '{print $c}' "$work/$1.times"; }

command -v jq >/dev/null || die "jq is required"
log "warm-up"
measure warm-lbd "${lbd_cmd[@]}"
measure warm-sarif "${sarif_cmd[@]}"
measure warm-ks "${ks_cmd[@]}"
for ((i = 0; i < reps; i++)); do
  log "run $((i + 1))/$reps"
  if ((i % 2 == 0)); then
    measure lbdoctor "${lbd_cmd[@]}"
    measure kube-score "${ks_cmd[@]}"
    measure lbdoctor-sarif "${sarif_cmd[@]}"
  else
    measure lbdoctor-sarif "${sarif_cmd[@]}"
    measure kube-score "${ks_cmd[@]}"
    measure lbdoctor "${lbd_cmd[@]}"
  fi
done

lbd_wall=$(col lbdoctor 1 | median) lbd_cpu=$(col lbdoctor 2 | median) lbd_rss=$(col lbdoctor 3 | median %.0f)
sarif_wall=$(col lbdoctor-sarif 1 | median) sarif_cpu=$(col lbdoctor-sarif 2 | median)
ks_wall=$(col kube-score 1 | median) ks_cpu=$(col kube-score 2 | median) ks_rss=$(col kube-score 3 | median %.0f)
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
ratio_wall=$(ratio "$lbd_wall" "$ks_wall") ratio_cpu=$(ratio "$lbd_cpu" "$ks_cpu")
lbd_targets=$(jq '.items | length' "$work/lbdoctor.out")
lbd_flagged=$(jq '[.items[] | select((.findings // []) | length > 0)] | length' "$work/lbdoctor.out")
ks_objects=$(jq 'length' "$work/kube-score.out" 2>/dev/null || echo '?')
within=$(awk -v a="$lbd_wall" 'BEGIN {print (a <= 1 ? "yes" : "no")}')
faster=$(awk -v a="$lbd_wall" -v b="$ks_wall" 'BEGIN {print (a < b ? "yes" : "no")}')

mkdir -p "$out"
{
  echo "date=$(date -u +%Y-%m-%dT%H:%MZ)"
  echo "machine=$(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo), load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "lbdoctor_version=$("$lbd" version 2>/dev/null | head -1)"
  echo "kube_score_version=$ks_version ($("$ks" version 2>/dev/null | head -1))"
  echo "go=$("$GO" env GOVERSION)"
  echo "manifests=$summary"
  echo "reps=$reps"
  echo "lbdoctor_cmd=kubectl-lbdoctor -f DIR -R -A -o json"
  echo "kube_score_cmd=kube-score score -o json FILE... ($files files)"
  echo "lbdoctor_wall_s=$lbd_wall ($(col lbdoctor 1 | paste -sd' '))"
  echo "lbdoctor_cpu_s=$lbd_cpu"
  echo "lbdoctor_rss_kb=$lbd_rss"
  echo "lbdoctor_targets=$lbd_targets with_findings=$lbd_flagged"
  echo "lbdoctor_sarif_wall_s=$sarif_wall ($(col lbdoctor-sarif 1 | paste -sd' ')) cpu_s=$sarif_cpu results=$(jq '.runs[0].results | length' "$work/lbdoctor-sarif.out")"
  echo "kube_score_wall_s=$ks_wall ($(col kube-score 1 | paste -sd' '))"
  echo "kube_score_cpu_s=$ks_cpu"
  echo "kube_score_rss_kb=$ks_rss"
  echo "kube_score_objects=$ks_objects"
  echo "ratio_wall=$ratio_wall"
  echo "ratio_cpu=$ratio_cpu"
  echo "target_within_1s=$within"
  echo "target_faster_than_kube_score=$faster"
} | tee "$out/lint.txt"
