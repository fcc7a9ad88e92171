package checks

import (
	"fmt"
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
	ruleBackends:  tkeRuleBackends,
	ruleInputs:    tkeRuleInputs,
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

// tkeRuleBackends are the backends TKE's Ingress controller registers for forwarding rule ru of
// lb: those of the Service that the Ingress path with the rule's host and URL names, its pods with
// direct access (the Ingress's direct-access annotation), else every Ready worker node. A rule no
// path of the Ingress is, or whose Service does not exist (tke-ingress-backends' finding), is not
// judged.
func tkeRuleBackends(c *Context, lb *cloud.LoadBalancer, ru *cloud.Rule) (wantBackends, string, bool, error) {
	ing := c.Ingress
	direct := false
	if v := ing.Annotations[tkeann.IngDirectAccess]; v != "" {
		direct, _ = ParseBool(v)
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
			if IsNotFound(err) {
				return wantBackends{}, path, false, nil
			}
			if err != nil {
				return wantBackends{}, path, false, err
			}
			w, err := tkeServiceBackends(c.Snap, svc, direct, false)
			w.mode = words.Say("Service %s, %v", "Service %s，%v", Clip(svc.Name), w.mode)
			return w, path, true, err
		}
	}
	return wantBackends{}, "", false, nil
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
var tkeRuleInputs = []Input{
	{Resource: snapshot.Services, Scope: Referenced, Names: func(c *Context) []string { return IngressServiceNames(c.Ingress) }},
	{Scope: Derived, Derive: ingressServiceEndpoints},
	InNodes,
}

// ingressServiceEndpoints reads the EndpointSlices of each Service the Ingress names, and the pods
// of those with a selector and no slice.
func ingressServiceEndpoints(c *Context) []snapshot.Request {
	var out []snapshot.Request
	for _, name := range IngressServiceNames(c.Ingress) {
		out = append(out, snapshot.Request{Resource: snapshot.EndpointSlices, Namespace: c.Ingress.Namespace,
			LabelSelector: discoveryv1.LabelServiceName + "=" + name, PerTarget: true})
		s, err := c.Snap.Services.Get(c.Ingress.Namespace, name)
		if err != nil {
			continue
		}
		if sel := SelectorString(s); sel != "" {
			if sl, err := c.Snap.ServiceSlices(s); err == nil && len(sl) == 0 {
				out = append(out, snapshot.Request{Resource: snapshot.Pods, Namespace: s.Namespace, LabelSelector: sel, PerTarget: true})
			}
		}
	}
	return out
}
