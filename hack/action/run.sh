#!/usr/bin/env bash
# The GitHub Action's work (action.yml): install the released kubectl-lbdoctor for the runner's
# platform, its sha256 checked against the release's checksums.txt, then lint the manifests into
# SARIF. The exit code of the lint goes to the step output exit-code (the action's last step fails
# by it, after the upload); this script itself fails only when it cannot install or run the tool.
#
# Inputs (env, set by action.yml): INPUT_PATHS (files/folders, separated by spaces or newlines),
# INPUT_PROVIDER, INPUT_FAIL_ON, INPUT_VERSION (vX.Y.Z or latest), INPUT_RECURSIVE (true/false),
# INPUT_BASE_REF (a git ref, e.g. the pull request's base branch: the manifests as they are at that ref
# are extracted with git archive and the run is `kubectl-lbdoctor preflight -f PATHS --base BASE`,
# which also reports what applying the change does to the load balancers; preflight fails on errors,
# so fail-on must be error or none with it).
# Runner env: RUNNER_OS, RUNNER_ARCH, RUNNER_TEMP, GITHUB_WORKSPACE, GITHUB_OUTPUT, GITHUB_PATH,
# GITHUB_STEP_SUMMARY (the text report goes there and, folded, to the log).
# LBDOCTOR_RELEASES_URL overrides the releases page (default the project's on GitHub): archives are
# fetched from $LBDOCTOR_RELEASES_URL/download/VERSION/FILE and "latest" follows the redirect of
# $LBDOCTOR_RELEASES_URL/latest to .../tag/VERSION. LBDOCTOR_SARIF names the report (lbdoctor.sarif).
set -euo pipefail

releases=${LBDOCTOR_RELEASES_URL:-https://github.com/lbdoctor/kubectl-lbdoctor/releases}
releases=${releases%/}
paths=${INPUT_PATHS:-.}
provider=${INPUT_PROVIDER:-auto}
fail_on=${INPUT_FAIL_ON:-error}
version=${INPUT_VERSION:-latest}
recursive=${INPUT_RECURSIVE:-true}
base_ref=${INPUT_BASE_REF:-}
sarif=${LBDOCTOR_SARIF:-lbdoctor.sarif}

die() {
  echo "::error title=lbdoctor::$*" >&2
  exit 2
}

# platform maps the runner's RUNNER_OS/RUNNER_ARCH to the release's GOOS_GOARCH and archive suffix.
platform() {
  local os arch
  case "${RUNNER_OS:-}" in
    Linux) os=linux ;;
    macOS) os=darwin ;;
    Windows) os=windows ;;
    *) die "unsupported runner OS '${RUNNER_OS:-}' (want Linux, macOS or Windows)" ;;
  esac
  case "${RUNNER_ARCH:-}" in
    X64) arch=amd64 ;;
    ARM64) arch=arm64 ;;
    *) die "unsupported runner architecture '${RUNNER_ARCH:-}' (want X64 or ARM64)" ;;
  esac
  case "$os/$arch" in
    linux/amd64 | linux/arm64 | darwin/amd64 | darwin/arm64) echo "${os}_${arch} tar.gz" ;;
    windows/amd64) echo "${os}_${arch} zip" ;;
    *) die "no kubectl-lbdoctor release for $os/$arch (released: linux and darwin amd64/arm64, windows amd64)" ;;
  esac
}

# fetch URL FILE downloads URL into FILE, failing on HTTP errors.
fetch() {
  curl -fsSL --retry 3 --retry-connrefused -o "$2" "$1" || die "cannot download $1"
}

resolve_version() {
  local v=$1 url
  if [ "$v" = latest ]; then
    url=$(curl -fsSLI --retry 3 --retry-connrefused -o /dev/null -w '%{url_effective}' "$releases/latest") ||
      die "cannot find the latest release at $releases/latest; set the version input (e.g. v0.1.0)"
    v=${url##*/tag/}
    [ "$v" != "$url" ] || die "cannot find the latest release: $releases/latest led to $url, not to .../tag/VERSION"
  fi
  [[ $v == v* ]] || v=v$v
  [[ $v =~ ^v[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.+-]+)?$ ]] || die "version '$v' is not vX.Y.Z or latest"
  echo "$v"
}

sha256() {
  if command -v sha256sum >/dev/null; then
    sha256sum -- "$1" | cut -d' ' -f1
  else
    shasum -a 256 -- "$1" | cut -d' ' -f1
  fi
}

# install VERSION puts kubectl-lbdoctor into $RUNNER_TEMP and prints the binary's path.
install_release() {
  local v=$1 pe plat ext name dir want got exe=kubectl-lbdoctor
  pe=$(platform)
  plat=${pe% *} ext=${pe#* }
  [ "$ext" = zip ] && exe+=.exe
  name="kubectl-lbdoctor_${v}_${plat}.${ext}"
  dir="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/kubectl-lbdoctor/$v"
  mkdir -p "$dir"
  echo "lbdoctor: downloading $name ($releases/download/$v/)" >&2
  fetch "$releases/download/$v/checksums.txt" "$dir/checksums.txt"
  fetch "$releases/download/$v/$name" "$dir/$name"
  want=$(awk -v n="$name" '$2 == n || $2 == "*" n { print $1 }' "$dir/checksums.txt")
  if [ -z "$want" ]; then
    rm -f "$dir/$name"
    die "checksums.txt of $v has no line for $name; refusing to install"
  fi
  got=$(sha256 "$dir/$name")
  if [ "$got" != "$want" ]; then
    rm -f "$dir/$name"
    die "sha256 mismatch for $name: checksums.txt says $want, the download is $got; refusing to install"
  fi
  echo "lbdoctor: sha256 of $name verified ($got)" >&2
  if [ "$ext" = zip ]; then
    if command -v unzip >/dev/null; then unzip -qo "$dir/$name" "$exe" -d "$dir"; else tar -xf "$dir/$name" -C "$dir" "$exe"; fi
  else
    tar -xzf "$dir/$name" -C "$dir" "$exe"
  fi
  rm -f "$dir/$name"
  [ -x "$dir/$exe" ] || die "$name holds no executable $exe"
  if [ -n "${GITHUB_PATH:-}" ]; then echo "$dir" >>"$GITHUB_PATH"; fi
  echo "$dir/$exe"
}

# base_tree REF DIR extracts the tree of the git ref REF into DIR: REF itself, else origin/REF, else
# REF fetched from origin (a shallow checkout holds only the pull request's head).
base_tree() {
  local ref=$1 dir=$2 commit=
  local c
  for c in "$ref" "origin/$ref"; do
    if commit=$(git rev-parse --verify -q "$c^{commit}"); then break; fi
    commit=
  done
  if [ -z "$commit" ]; then
    git fetch -q --no-tags --depth=1 origin "$ref" >&2 || die "cannot find the base ref '$ref' here nor fetch it from origin"
    commit=$(git rev-parse --verify -q "FETCH_HEAD^{commit}") || die "the fetched base ref '$ref' is not a commit"
  fi
  mkdir -p "$dir"
  git archive --format=tar "$commit" | tar -xf - -C "$dir" || die "cannot extract the base ref '$ref' ($commit)"
  echo "lbdoctor: base manifests from $ref ($commit) in $dir" >&2
}

main() {
  local v bin code=0 args=()
  v=$(resolve_version "$version")
  bin=$(install_release "$v")
  "$bin" version >&2 || die "the installed $bin does not run"

  cd "${GITHUB_WORKSPACE:-.}"
  local p
  for p in $paths; do args+=(-f "$p"); done
  [ ${#args[@]} -gt 0 ] || die "the paths input is empty"
  case "$recursive" in
    true) args+=(-R) ;;
    false) ;;
    *) die "recursive must be true or false, not '$recursive'" ;;
  esac
  if [ -n "$base_ref" ]; then
    case "$fail_on" in
      error | none) ;;
      *) die "with base-ref the run is a preflight, which fails on errors: fail-on must be error or none, not '$fail_on'" ;;
    esac
    local base=${RUNNER_TEMP:-${TMPDIR:-/tmp}}/lbdoctor-base based=0
    rm -rf "$base"
    base_tree "$base_ref" "$base"
    # Only the paths that exist at the base; a path new in the change has no "now".
    for p in $paths; do
      if [ -e "$base/$p" ]; then
        args+=(--base "$base/$p")
        based=1
      fi
    done
    if [ "$based" = 1 ]; then
      args=(preflight "${args[@]}" --provider "$provider")
    else
      echo "lbdoctor: none of the paths exists at $base_ref; linting them without a base" >&2
      args+=(-A --provider "$provider" --fail-on "$fail_on")
    fi
  else
    args+=(-A --provider "$provider" --fail-on "$fail_on")
  fi

  echo "lbdoctor: kubectl-lbdoctor ${args[*]} -o sarif > $sarif" >&2
  "$bin" "${args[@]}" -o sarif >"$sarif" || code=$?
  if [ "$fail_on" = none ] && [ "$code" = 1 ]; then code=0; fi
  # The readable report for the job log and the job summary; its exit code is the one above.
  local text=${RUNNER_TEMP:-${TMPDIR:-/tmp}}/lbdoctor-report.txt
  if [ "${args[0]}" = preflight ]; then
    "$bin" "${args[@]}" >"$text" 2>&1 || true
  else
    "$bin" "${args[@]}" -q --color never >"$text" 2>&1 || true
  fi
  if [ "${GITHUB_ACTIONS:-}" = true ]; then echo "::group::kubectl lbdoctor report" >&2; fi
  cat "$text" >&2
  if [ "${GITHUB_ACTIONS:-}" = true ]; then echo "::endgroup::" >&2; fi
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    # shellcheck disable=SC2016 # the backticks are Markdown
    printf '### kubectl lbdoctor (exit %s, fail-on %s)\n\n```\n%s\n```\n' "$code" "$fail_on" "$(cat "$text")" >>"$GITHUB_STEP_SUMMARY"
  fi
  echo "lbdoctor: exit code $code (fail-on $fail_on)" >&2
  if [ -n "${GITHUB_OUTPUT:-}" ]; then
    {
      echo "exit-code=$code"
      if [ -s "$sarif" ]; then echo "sarif=$sarif"; fi
      echo "version=$v"
    } >>"$GITHUB_OUTPUT"
  fi
  if [ "$code" -ge 2 ]; then
    echo "::error title=lbdoctor::kubectl-lbdoctor could not lint the manifests (exit $code); see the messages above" >&2
  fi
}

main "$@"
