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

# The cloud side: two SIMULATED clouds (internal/cloudsim, signature-verifying stand-ins for the
# Tencent Cloud and Alibaba Cloud APIs, never the vendors' clouds) hold the load balancers of the
# objects in hack/democloud/cluster.yaml; `--cloud` reads them through the vendors' SDKs.
go build -o "$work/cloudsim" ./hack/cloudsim || exit 2
"$work/cloudsim" -tke hack/democloud/tke.yaml -ack hack/democloud/ack.yaml >"$work/cloudsim.out" 2>&1 &
sim=$!
trap 'kill $sim 2>/dev/null; cleanup' EXIT
for _ in $(seq 50); do
  [ "$(wc -l <"$work/cloudsim.out")" -ge 2 ] && break
  sleep 0.1
done
tke_url=$(awk '$1=="tke"{print $2}' "$work/cloudsim.out")
ack_url=$(awk '$1=="ack"{print $2}' "$work/cloudsim.out")
[ -n "$tke_url" ] && [ -n "$ack_url" ] || { echo "demo: the simulated clouds did not start" >&2; cat "$work/cloudsim.out" >&2; exit 2; }
"$work/scenario" apply "$work/state.json" hack/democloud/cluster.yaml >/dev/null 2>"$work/apply.err" || { cat "$work/apply.err" >&2; exit 2; }
echo "=== cloud side: the load balancers below live in a SIMULATED cloud on this machine ==="
echo "=== (SIMULATED Tencent Cloud at $tke_url, SIMULATED Alibaba Cloud at $ack_url); the findings of source cloud come from it ==="
echo
echo "\$ kubectl lbdoctor -n shop --cloud --cloud-region ap-guangzhou    # SIMULATED Tencent Cloud"
LBDOCTOR_TKE_ENDPOINT=$tke_url TENCENTCLOUD_SECRET_ID=AKIDsimDEMO0000000000000000000000001 TENCENTCLOUD_SECRET_KEY=simdemokey000000000000000000000001 \
  kubectl lbdoctor -n shop --cloud --cloud-region ap-guangzhou --provider tke --color=never
echo "(exit $?)"
echo
echo "\$ kubectl lbdoctor -n pay --cloud --cloud-region cn-hangzhou    # SIMULATED Alibaba Cloud"
LBDOCTOR_ACK_ENDPOINT=$ack_url ALIBABA_CLOUD_ACCESS_KEY_ID=LTAI5tSIMDEMO0000001 ALIBABA_CLOUD_ACCESS_KEY_SECRET=sim-demo-secret \
  kubectl lbdoctor -n pay --cloud --cloud-region cn-hangzhou --provider ack --color=never
echo "(exit $?)"
"$work/scenario" delete "$work/state.json" >/dev/null 2>&1
