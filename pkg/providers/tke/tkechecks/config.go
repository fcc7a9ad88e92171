package tkechecks

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// tkeServiceCtrlCM is the TKE service controller's ConfigMap; GlobalRouteDirectAccess "true" lets
// the CLB bind GlobalRouter pods directly.
const tkeServiceCtrlCM = "tke-service-controller-config"

const tkeGlobalRouteDirectKey = "GlobalRouteDirectAccess"

var tkeGlobalRouteMemo = snapshot.NewMemoKey[checks.ValErr[bool]]("tke-global-route-direct")

// tkeGlobalRouteDirect reads GlobalRouteDirectAccess from kube-system/tke-service-controller-config:
// on says the switch is "true"; err says why the setting is unknown (a missing ConfigMap is the
// default, off).
func tkeGlobalRouteDirect(snap *snapshot.Snapshot) (on bool, path string, err error) {
	r := snapshot.Memo(snap, tkeGlobalRouteMemo, func() checks.ValErr[bool] {
		cm, err := snap.ConfigMaps.Get(checks.KubeSystem, tkeServiceCtrlCM)
		switch {
		case checks.IsNotFound(err):
			return checks.ValErr[bool]{}
		case err != nil:
			return checks.ValErr[bool]{Err: err}
		}
		on, _ := checks.ParseBool(cm.Data[tkeGlobalRouteDirectKey])
		return checks.ValErr[bool]{V: on}
	})
	return r.V, checks.ObjPath(checks.KubeSystem, "configmap", tkeServiceCtrlCM, "data."+tkeGlobalRouteDirectKey), r.Err
}
