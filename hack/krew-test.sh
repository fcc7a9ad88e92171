#!/usr/bin/env bash
# Proves a release directory (hack/dist.sh) is krew-installable, with a real krew and the real kubectl:
#   1. the manifest/sha256 test (go test ./hack/distcheck)
#   2. krew's validate-krew-manifest on DIR/lbdoctor.yaml (the plugin name comes from the file name)
#   3. kubectl krew install --manifest --archive of every platform's archive (KREW_OS/KREW_ARCH, like
#      the validator's own install step, which would download the uri) and a LICENSE check
#   4. the native archive installed into a temporary KREW_ROOT and HOME, run through kubectl:
#      kubectl lbdoctor version / --help, and completion via kubectl_complete-lbdoctor
#   5. kubectl krew uninstall lbdoctor
# Offline: --manifest installs skip the index; uninstall/list need an initialised index, so a stub
# index/default/.git is created; KREW_NO_UPGRADE_CHECK=1 stops krew's GitHub release check.
# Usage: hack/krew-test.sh DIR
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
dir=$(cd "${1:?usage: hack/krew-test.sh DIR}" && pwd)
kubectl=${KUBECTL:-kubectl}
start=$SECONDS

step() { echo "krew-test [$((SECONDS - start))s]: $*" >&2; }
fail() { echo "krew-test: FAIL: $*" >&2; exit 1; }

manifest="$dir/lbdoctor.yaml"
[ -f "$manifest" ] || fail "$manifest not found: run make dist VERSION=vX.Y.Z first"
version=$(sed -n 's/^  version: *//p' "$manifest")
goos=$(go env GOOS) goarch=$(go env GOARCH)

step "1/5 manifest/sha256 test (hack/distcheck) on $dir"
(cd "$root" && LBDOCTOR_DIST_DIR=$dir go test -count=1 -run TestDist ./hack/distcheck >&2)

step "building or reusing krew (hack/krew/build.sh)"
read -r krew validator < <("$here/krew/build.sh") || true
[ -x "${krew:-}" ] && [ -x "${validator:-}" ] || fail "hack/krew/build.sh did not build krew"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lbdoctor-krew-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/tools" "$tmp/home"
ln -s "$krew" "$tmp/tools/kubectl-krew" # `kubectl krew` finds krew as the kubectl-krew plugin
# Everything below runs with a throw-away HOME and KREW_ROOT; nothing outside $tmp is touched.
export HOME="$tmp/home" KREW_ROOT="$tmp/krew" KREW_NO_UPGRADE_CHECK=1 KUBECONFIG="$tmp/home/no-kubeconfig"
export PATH="$KREW_ROOT/bin:$tmp/tools:$PATH"
unset KREW_OS KREW_ARCH

step "2/5 validate-krew-manifest ($("$kubectl" krew version 2>/dev/null | awk '$1=="GitTag"{print $2}'))"
"$validator" -manifest "$manifest" -skip-install 2>&1 | sed 's/^/    /' >&2
[ "${PIPESTATUS[0]}" = 0 ] || fail "validate-krew-manifest rejected $manifest"

step "3/5 kubectl krew install --archive of each platform's archive"
for uri in $(sed -n 's/^ *uri: *//p' "$manifest"); do
  archive="$dir/${uri##*/}"
  p=${uri##*"${version}_"} p=${p%%.*} # linux_amd64
  root_p="$tmp/krew-$p"
  KREW_ROOT=$root_p KREW_OS=${p%_*} KREW_ARCH=${p#*_} \
    "$kubectl" krew install --manifest="$manifest" --archive="$archive" >"$tmp/install-$p.log" 2>&1 ||
    { cat "$tmp/install-$p.log" >&2; fail "install of $archive for $p"; }
  [ -f "$root_p/store/lbdoctor/$version/LICENSE" ] || fail "$p: LICENSE not extracted"
  ls "$root_p/bin/" | grep -qx 'kubectl-lbdoctor\(\.exe\)\?' || fail "$p: no kubectl-lbdoctor in $root_p/bin"
  echo "    $p: installed from ${uri##*/}" >&2
  rm -rf "$root_p"
done

step "4/5 native ($goos/$goarch) install, then kubectl lbdoctor through $(command -v "$kubectl")"
archive=$(ls "$dir"/kubectl-lbdoctor_"${version}_${goos}_${goarch}".*)
"$kubectl" krew install --manifest="$manifest" --archive="$archive" 2>"$tmp/install.log" ||
  { cat "$tmp/install.log" >&2; fail "kubectl krew install --manifest=$manifest --archive=$archive"; }
sed 's/^/    /' "$tmp/install.log" >&2
mkdir -p "$KREW_ROOT/index/default/.git" # stub index: list/uninstall insist on one, we have no network
"$kubectl" krew list 2>/dev/null | grep -qx "detached/lbdoctor" || fail "kubectl krew list does not show detached/lbdoctor"
[ "$(command -v kubectl-lbdoctor)" = "$KREW_ROOT/bin/kubectl-lbdoctor" ] || fail "kubectl-lbdoctor on PATH is not krew's"

out=$("$kubectl" lbdoctor version) || fail "kubectl lbdoctor version"
echo "    \$ kubectl lbdoctor version"$'\n'"    $out" >&2
[[ $out == "kubectl-lbdoctor $version (commit "* ]] || fail "version output does not show $version: $out"
[[ $out != *"commit unknown"* && $out != *"built unknown"* ]] || fail "commit/date not stamped: $out"
help=$("$kubectl" lbdoctor --help) || fail "kubectl lbdoctor --help"
grep -q '^  kubectl lbdoctor ' <<<"$help" || fail "kubectl lbdoctor --help has no 'kubectl lbdoctor' usage line"
echo "    \$ kubectl lbdoctor --help: $(wc -l <<<"$help") lines, usage: $(grep -m1 '^  kubectl lbdoctor ' <<<"$help")" >&2

# The caveats' completion step, as a user would run it.
(cd "$KREW_ROOT" && cp store/lbdoctor/*/kubectl_complete-lbdoctor bin/)
comp=$(kubectl_complete-lbdoctor -o '' 2>"$tmp/comp.err") ||
  { cat "$tmp/comp.err" >&2; fail "kubectl_complete-lbdoctor -o ''"; }
# The formats are not spelled here: the binary's registry gives them twice, through cobra's own
# __complete and in the error a bad -o value prints (two writers of report.Formats); the script's
# answer must equal both.
direct=$("$KREW_ROOT/bin/kubectl-lbdoctor" __complete -o '' 2>/dev/null | grep -v '^:' | tr '\n' ' ')
# (the bad value exits 2 by design: the pipeline's status is not the script's)
listed=$("$KREW_ROOT/bin/kubectl-lbdoctor" --lang en -f /dev/null -o '?' 2>&1 >/dev/null | sed -n 's/.*(want \(.*\))$/\1/p' | sed 's/ or /, /; s/, /\n/g' | tr '\n' ' ' || true)
[[ " $listed" == *" text json "* ]] || fail "kubectl-lbdoctor -o '?' does not list the formats: $listed"
[ "$direct" = "$listed" ] || fail "kubectl-lbdoctor __complete -o '' ($direct) differs from the formats -o '?' lists ($listed)"
[ "$(grep -v '^:' <<<"$comp" | tr '\n' ' ')" = "$listed" ] || fail "kubectl_complete-lbdoctor -o '' gave: $comp (want $listed)"
echo "    \$ kubectl_complete-lbdoctor -o '': $(tr '\n' ' ' <<<"$comp")" >&2
comp=$("$kubectl" __complete lbdoctor --provider '' 2>"$tmp/comp.err") ||
  { cat "$tmp/comp.err" >&2; fail "kubectl __complete lbdoctor --provider ''"; }
[ "$(grep -v '^:' <<<"$comp" | tr '\n' ' ')" = "auto tke ack generic " ] || fail "kubectl __complete lbdoctor --provider '' gave: $comp"
echo "    \$ kubectl __complete lbdoctor --provider '': $(tr '\n' ' ' <<<"$comp")" >&2

step "5/5 kubectl krew uninstall lbdoctor"
"$kubectl" krew uninstall lbdoctor 2>&1 | sed 's/^/    /' >&2
[ "${PIPESTATUS[0]}" = 0 ] || fail "kubectl krew uninstall lbdoctor"
[ ! -e "$KREW_ROOT/bin/kubectl-lbdoctor" ] && [ ! -d "$KREW_ROOT/store/lbdoctor" ] || fail "uninstall left files behind"
if "$kubectl" lbdoctor version >/dev/null 2>&1; then fail "kubectl lbdoctor still runs after uninstall"; fi

step "OK: $version from $dir installs, runs and uninstalls with krew"
