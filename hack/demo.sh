#!/usr/bin/env bash
# make demo: bring up the local API server (real kube-apiserver + etcd), load each example scenario
# with the cluster facts a controller would add (test/scenario/facts), and diagnose it with
# `kubectl lbdoctor` through the real kubectl (plugin discovery on PATH). The cluster goes down at
# the end, whatever happens.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d)
cluster=""
cleanup() {
  [ -n "$cluster" ] && bash hack/local-cluster.sh down "$cluster" >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$work/bin" "$work/home"
cp bin/kubectl-lbdoctor "$work/bin/"
go build -o "$work/scenario" ./hack/scenario || exit 2

cluster=$(bash hack/local-cluster.sh up "$work/cluster") || { echo "demo: the local cluster did not start" >&2; exit 2; }
# shellcheck disable=SC1091
source "$cluster/env"
export PATH="$work/bin:$PATH" HOME="$work/home"
"$work/scenario" apply "$work/crd.json" deploy/crds/tkeserviceconfig.yaml >/dev/null || exit 2

echo "kubectl $(kubectl version --client 2>/dev/null | head -1 | sed 's/Client Version: //'), API server $(kubectl version 2>/dev/null | sed -n 's/Server Version: //p')"
echo "plugin found by kubectl: $(kubectl plugin list 2>/dev/null | grep lbdoctor)"
echo

for f in examples/*/broken.yaml examples/*/fixed.yaml; do
  # On top of the example, what a real cluster would hold: its nodes, kube-system, the pods and
  # EndpointSlices the controllers would have made (test/scenario/facts); the loader writes status.
  facts=test/scenario/facts/${f#examples/}
  [ -f "$facts" ] || facts=""
  "$work/scenario" apply "$work/state.json" "$f" $facts >/dev/null 2>"$work/apply.err" || { cat "$work/apply.err" >&2; exit 2; }
  echo "\$ kubectl lbdoctor -A --fix-hints    # cluster loaded with $f"
  kubectl lbdoctor -A --fix-hints --color=never
  echo "(exit $?)"
  echo
  "$work/scenario" delete "$work/state.json" >/dev/null 2>&1
done
