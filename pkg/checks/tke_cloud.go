package checks

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// tkeSide is how TKE's cloud checks read Services and Ingresses: the CLB id the controller writes
// (or the reused one), the listeners the ports or the Ingress ask for, the internal-CLB subnet.
var tkeSide = &cloudSide{
	rules: tkerules.CloudRules,
	lb: func(c *Context) (string, string, bool) {
		bound, reuse := tkeann.LoadBalanceID, tkeann.ExistedLBID
		if c.Ingress != nil {
			bound, reuse = tkeann.IngLBID, tkeann.IngExistLB
		}
		a := TargetAnnotations(c)
		_, reused := a[reuse]
		if id := a[bound]; id != "" {
			return id, AnnPath(bound), reused
		}
		if id := a[reuse]; id != "" {
			return id, AnnPath(reuse), true
		}
		return "", "", false
	},
	listeners: func(c *Context) []wantListener {
		if c.Service != nil {
			ws := cloudServicePorts(c.Service, nil)
			if _, ok := c.Service.Annotations[tkeann.SpecifyProtocol]; ok {
				for i := range ws {
					ws[i].Protocol = ""
				}
			}
			return ws
		}
		ws := []wantListener{{Port: 80, Protocol: "HTTP", Path: "spec.rules"}}
		if len(c.Ingress.Spec.TLS) > 0 {
			ws = append(ws, wantListener{Port: 443, Protocol: "HTTPS", Path: "spec.tls"})
		}
		return ws
	},
	subnet: func(c *Context) (string, string) {
		key := tkeann.InternalSubnetID
		if c.Ingress != nil {
			key = tkeann.IngSubnet
		}
		return TargetAnnotations(c)[key], AnnPath(key)
	},
	backends:      tkeBackends,
	backendInputs: []Input{InSlices, InBackendPods, InNodes},
	// A TKE listener names no owner. A target the controller has not yet given an address (a new
	// object, a preflight) owns no listener yet, so every listener on its ports is another's.
	owner: func(c *Context, _ *cloud.Listener) (bool, bool) {
		if len(statusIPs(c)) == 0 {
			return false, true
		}
		return false, false
	},
}

// tkeCloudChecks are TKE's cloud checks (--cloud), for LoadBalancer Services and the Ingresses of
// its own controller.
func tkeCloudChecks() []Check {
	return cloudChecks(tkerules.Provider, tkeSide, func(c *Context) bool {
		if c.Service != nil {
			return tkeLBService(c)
		}
		return OwnController(c)
	}, rules.Service, rules.Ingress)
}
