package tkechecks

import (
	"fmt"

	networkingv1 "k8s.io/api/networking/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
)

// ingressPath is one host/path/backend of an Ingress, from its spec or its rule annotations.
type ingressPath struct {
	where    string // report path of the entry
	host     string
	path     string
	hasPath  bool
	svc      string
	port     networkingv1.ServiceBackendPort
	fromAnno bool
}

// ingressPathsKey keeps ingressPaths of the target Ingress.
var ingressPathsKey = checks.NewTargetKey[[]ingressPath]()

// targetIngressPaths is ingressPaths of the target Ingress, once per target; callers only read it.
func targetIngressPaths(c *checks.Context) []ingressPath {
	return checks.TargetMemo(c, ingressPathsKey, func() []ingressPath { return ingressPaths(c.Ingress) })
}

// ingressPaths lists every routed path: spec.defaultBackend, spec.rules and the entries of the rule
// annotations (redirect entries with no backend Service). Malformed entries are left out (the
// annotation check reports them).
func ingressPaths(ing *networkingv1.Ingress) []ingressPath {
	var out []ingressPath
	if b := ing.Spec.DefaultBackend; b != nil && b.Service != nil {
		out = append(out, ingressPath{where: "spec.defaultBackend", svc: b.Service.Name, port: b.Service.Port})
	}
	for i, r := range ing.Spec.Rules {
		if r.HTTP == nil {
			continue
		}
		for j, p := range r.HTTP.Paths {
			ip := ingressPath{where: fmt.Sprintf("spec.rules[%d].http.paths[%d]", i, j), host: r.Host, path: p.Path, hasPath: true}
			if p.Backend.Service != nil {
				ip.svc, ip.port = p.Backend.Service.Name, p.Backend.Service.Port
			}
			out = append(out, ip)
		}
	}
	for _, key := range []string{tkeann.HTTPRules, tkeann.HTTPSRules} {
		v, ok := ing.Annotations[key]
		if !ok {
			continue
		}
		rewrite := checks.IsTrue(ing.Annotations[tkeann.RewriteSupport])
		entries, _ := parseRuleAnnotation(v, rewrite)
		for _, e := range entries {
			if e.err != nil {
				continue
			}
			ip := ingressPath{where: e.where(key), host: e.rule.Host, path: e.rule.Path, hasPath: true, fromAnno: true}
			if b := e.rule.Backend; b != nil {
				num, name, _ := portOf(b.ServicePort)
				ip.svc, ip.port = b.ServiceName, networkingv1.ServiceBackendPort{Name: name, Number: num}
			}
			out = append(out, ip)
		}
	}
	return out
}
