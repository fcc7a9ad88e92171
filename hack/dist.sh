#!/usr/bin/env bash
# Builds the release directory (make dist): kubectl-lbdoctor cross-compiled for every krew platform
# (static, CGO_ENABLED=0, -trimpath, version/commit/date stamped through LDFLAGS), one archive per
# platform holding the binary, kubectl_complete-lbdoctor and LICENSE (.tar.gz, .zip for windows),
# checksums.txt, and lbdoctor.yaml: the krew manifest rendered from plugins.yaml with those sha256.
# Ends with the manifest/archive check (go test ./hack/distcheck).
# Env (set by hack/make/dist.mk): VERSION (vX.Y.Z, krew needs semver), LDFLAGS, DIST_DIR, GO,
# PLATFORMS (space separated GOOS/GOARCH), SOURCE_DATE_EPOCH (archive timestamps; default: HEAD's date).
set -euo pipefail

cd "$(dirname "$0")/.."
GO=${GO:-go}
DIST_DIR=${DIST_DIR:-dist}
PLATFORMS=${PLATFORMS:-linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64}
: "${VERSION:?VERSION is required}" "${LDFLAGS:?LDFLAGS is required}"
if ! [[ $VERSION =~ ^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$ ]]; then
  echo "dist: VERSION=$VERSION is not a semantic version like v0.1.0 (krew requires one): make dist VERSION=v0.1.0" >&2
  exit 1
fi
SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}

log() { echo "dist: $*" >&2; }
start=$SECONDS
rm -rf "$DIST_DIR"
stage="$DIST_DIR/.stage"
mkdir -p "$stage"

for p in $PLATFORMS; do
  goos=${p%/*} goarch=${p#*/}
  name="kubectl-lbdoctor_${VERSION}_${goos}_${goarch}"
  exe=kubectl-lbdoctor
  [ "$goos" = windows ] && exe+=.exe
  log "building $p"
  t0=$SECONDS
  mkdir -p "$stage/$name"
  CGO_ENABLED=0 GOOS=$goos GOARCH=$goarch "$GO" build -trimpath -ldflags "$LDFLAGS" -o "$stage/$name/$exe" ./cmd/kubectl-lbdoctor
  t1=$SECONDS
  install -m 0755 kubectl_complete-lbdoctor "$stage/$name/"
  install -m 0644 LICENSE "$stage/$name/"
  touch -d "@$SOURCE_DATE_EPOCH" "$stage/$name"/*
  # Flat archives (krew's default `files` takes everything), with stable order, owners and times.
  if [ "$goos" = windows ]; then
    (cd "$stage/$name" && zip -q -X "../../$name.zip" "$exe" kubectl_complete-lbdoctor LICENSE)
  else
    tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
      -C "$stage/$name" -cf - "$exe" kubectl_complete-lbdoctor LICENSE | gzip -n >"$DIST_DIR/$name.tar.gz"
  fi
  log "  $p: built in $((t1 - t0))s, packed in $((SECONDS - t1))s"
done
rm -rf "$stage"

(cd "$DIST_DIR" && sha256sum -- *.tar.gz *.zip >checksums.txt)
log "rendering $DIST_DIR/lbdoctor.yaml from plugins.yaml"
"$GO" run ./hack/distcheck -template plugins.yaml -tag "$VERSION" -dist "$DIST_DIR" -o "$DIST_DIR/lbdoctor.yaml"
log "checking the manifest against the archives"
LBDOCTOR_DIST_DIR=$(cd "$DIST_DIR" && pwd) "$GO" test -count=1 ./hack/distcheck >&2
log "done in $((SECONDS - start))s:"
(cd "$DIST_DIR" && ls -l) >&2
