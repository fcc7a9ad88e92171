package tkechecks

import (
	"fmt"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"slices"
	"strings"

	discoveryv1 "k8s.io/api/discovery/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
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
	RuleBackends:  tkeRuleBackends,
	RuleInputs:    tkeRuleInputs,
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

// tkeRuleBackends are the backends TKE's Ingress controller registers for forwarding rule ru of
// lb: those of the Service that the Ingress path with the rule's host and URL names, its pods with
// direct access (the Ingress's direct-access annotation), else every Ready worker node. A rule no
// path of the Ingress is, or whose Service does not exist (tke-ingress-backends' finding), is not
// judged.
func tkeRuleBackends(c *checks.Context, lb *cloud.LoadBalancer, ru *cloud.Rule) (checks.WantBackends, string, bool, error) {
	ing := c.Ingress
	direct := false
	if v := ing.Annotations[tkeann.IngDirectAccess]; v != "" {
		direct, _ = checks.ParseBool(v)
	}
	for i, r := range ing.Spec.Rules {
		if r.HTTP == nil || !tkeRuleHost(lb, r.Host, ru.Domain) {
			continue
		}
		for j, p := range r.HTTP.Paths {
			url := p.Path
			if url == "" {
				url = "/"
			}
			if url != ru.URL || p.Backend.Service == nil {
				continue
			}
			path := fmt.Sprintf("spec.rules[%d].http.paths[%d].backend.service", i, j)
			svc, err := c.Snap.Services.Get(ing.Namespace, p.Backend.Service.Name)
			if checks.IsNotFound(err) {
				return checks.WantBackends{}, path, false, nil
			}
			if err != nil {
				return checks.WantBackends{}, path, false, err
			}
			w, err := tkeServiceBackends(c.Snap, svc, direct, false)
			w.Mode = words.Say("Service %s, %v", "Service %s，%v", checks.Clip(svc.Name), w.Mode)
			return w, path, true, err
		}
	}
	return checks.WantBackends{}, "", false, nil
}

// tkeRuleHost reports whether a forwarding rule's domain is an Ingress rule's host. For a rule
// without a host, a forwarding rule without a domain or with one of the CLB's own addresses is
// taken as its own (either form is accepted; which one the controller writes is not asserted).
func tkeRuleHost(lb *cloud.LoadBalancer, host, domain string) bool {
	if host == "" {
		return domain == "" || slices.Contains(lb.Addresses, domain)
	}
	return strings.EqualFold(host, domain)
}

// tkeRuleInputs are what tkeRuleBackends reads: the Services the Ingress names, their
// EndpointSlices (their pods when they have none), and the nodes.
var tkeRuleInputs = []checks.Input{
	{Resource: snapshot.Services, Scope: checks.Referenced, Names: func(c *checks.Context) []string { return checks.IngressServiceNames(c.Ingress) }},
	{Scope: checks.Derived, Derive: ingressServiceEndpoints},
	checks.InNodes,
}

// ingressServiceEndpoints reads the EndpointSlices of each Service the Ingress names, and the pods
// of those with a selector and no slice.
func ingressServiceEndpoints(c *checks.Context) []snapshot.Request {
	var out []snapshot.Request
	for _, name := range checks.IngressServiceNames(c.Ingress) {
		out = append(out, snapshot.Request{Resource: snapshot.EndpointSlices, Namespace: c.Ingress.Namespace,
			LabelSelector: discoveryv1.LabelServiceName + "=" + name, PerTarget: true})
		s, err := c.Snap.Services.Get(c.Ingress.Namespace, name)
		if err != nil {
			continue
		}
		if sel := checks.SelectorString(s); sel != "" {
			if sl, err := c.Snap.ServiceSlices(s); err == nil && len(sl) == 0 {
				out = append(out, snapshot.Request{Resource: snapshot.Pods, Namespace: s.Namespace, LabelSelector: sel, PerTarget: true})
			}
		}
	}
	return out
}
