package checks

import (
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

func TestACKRebind(t *testing.T) {
	const bound, other = "lb-bp1boundclb0000000001", "lb-bp1otherclb0000000002"
	reuse := func(id string, kv ...string) map[string]string {
		return m(append([]string{"id", id, "force-override-listeners", "true"}, kv...)...)
	}
	with := func(svc *corev1.Service) []runtime.Object { return withObjs(ackHealthy(), objs(svc)) }
	noStatus := func(s *corev1.Service) { s.Status = corev1.ServiceStatus{} }
	hostname := func(s *corev1.Service) {
		s.Status.LoadBalancer.Ingress = []corev1.LoadBalancerIngress{{Hostname: "clb.example.com"}}
	}
	runRuleCases(t, ackrules.Provider, []ruleCase{
		{name: "label names another CLB than the annotation",
			objs: with(ackSvc(reuse(other), ccmLabel(bound))),
			rule: ackrules.ServiceLBRebind, path: a("id")},
		{name: "label and annotation agree",
			objs: with(ackSvc(reuse(bound), ccmLabel(bound))),
			rule: ackrules.ServiceLBRebind},
		{name: "legacy annotation key names another CLB",
			objs: with(ackSvc(m(ackann.LegacyPrefix+"id", other, "force-override-listeners", "true"), ccmLabel(bound))),
			rule: ackrules.ServiceLBRebind, path: AnnPath(ackann.LegacyPrefix + "id")},
		{name: "no label: the last kubectl apply named another CLB",
			objs: with(ackSvc(reuse(other), lastApplied(m(ackann.Prefix+"id", bound)))),
			rule: ackrules.ServiceLBRebind, path: a("id")},
		{name: "no label: the last kubectl apply named the same CLB",
			objs: with(ackSvc(reuse(other), lastApplied(m(ackann.Prefix+"id", other)))),
			rule: ackrules.ServiceLBRebind},
		{name: "the label alone is evidence of the binding, without an address",
			objs: with(ackSvc(reuse(other), ccmLabel(bound), noStatus)),
			rule: ackrules.ServiceLBRebind, path: a("id")},
		{name: "no label and no address: the Service is not bound yet",
			objs: with(ackSvc(reuse(other), lastApplied(m(ackann.Prefix+"id", bound)), noStatus)),
			rule: ackrules.ServiceLBRebind},
		{name: "hostname-only address is not compared by CCM",
			objs: with(ackSvc(reuse(other), ccmLabel(bound), hostname)),
			rule: ackrules.ServiceLBRebind},
		{name: "EIP address is not compared by CCM",
			objs: with(ackSvc(reuse(other, "external-ip-type", "eip"), ccmLabel(bound))),
			rule: ackrules.ServiceLBRebind},
		{name: "neither label nor apply record: nothing tells the bound CLB",
			objs: with(ackSvc(reuse(other))),
			rule: ackrules.ServiceLBRebind},
	})
}
