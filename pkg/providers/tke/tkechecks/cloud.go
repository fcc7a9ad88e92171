package tkechecks

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// tkeSide is how TKE's cloud checks read Services and Ingresses: the CLB id the controller writes
// (or the reused one), the listeners the ports or the Ingress ask for, the internal-CLB subnet.
var tkeSide = &checks.CloudSide{
	Rules: tkerules.CloudRules,
	LB: func(c *checks.Context) (string, string, bool) {
		bound, reuse := tkeann.LoadBalanceID, tkeann.ExistedLBID
		if c.Ingress != nil {
			bound, reuse = tkeann.IngLBID, tkeann.IngExistLB
		}
		a := checks.TargetAnnotations(c)
		_, reused := a[reuse]
		if id := a[bound]; id != "" {
			return id, checks.AnnPath(bound), reused
		}
		if id := a[reuse]; id != "" {
			return id, checks.AnnPath(reuse), true
		}
		return "", "", false
	},
	Listeners: func(c *checks.Context) []checks.WantListener {
		if c.Service != nil {
			ws := checks.CloudServicePorts(c.Service, nil)
			if _, ok := c.Service.Annotations[tkeann.SpecifyProtocol]; ok {
				for i := range ws {
					ws[i].Protocol = ""
				}
			}
			return ws
		}
		ws := []checks.WantListener{{Port: 80, Protocol: "HTTP", Path: "spec.rules"}}
		if len(c.Ingress.Spec.TLS) > 0 {
			ws = append(ws, checks.WantListener{Port: 443, Protocol: "HTTPS", Path: "spec.tls"})
		}
		return ws
	},
	Subnet: func(c *checks.Context) (string, string) {
		key := tkeann.InternalSubnetID
		if c.Ingress != nil {
			key = tkeann.IngSubnet
		}
		return checks.TargetAnnotations(c)[key], checks.AnnPath(key)
	},
	Backends:      tkeBackends,
	BackendInputs: []checks.Input{checks.InSlices, checks.InBackendPods, checks.InNodes},
	// A TKE listener names no owner. A target the controller has not yet given an address (a new
	// object, a preflight) owns no listener yet, so every listener on its ports is another's.
	Owner: func(c *checks.Context, _ *cloud.Listener) (bool, bool) {
		if len(checks.StatusIPs(c)) == 0 {
			return false, true
		}
		return false, false
	},
}

// tkeCloudChecks are TKE's cloud checks (--cloud), for LoadBalancer Services and the Ingresses of
// its own controller.
func tkeCloudChecks() []checks.Check {
	return checks.CloudChecks(tkerules.Provider, tkeSide, func(c *checks.Context) bool {
		if c.Service != nil {
			return tkeLBService(c)
		}
		return checks.OwnController(c)
	}, rules.Service, rules.Ingress)
}
