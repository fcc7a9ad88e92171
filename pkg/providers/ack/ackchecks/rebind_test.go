package ackchecks

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
)

func TestACKRebind(t *testing.T) {
	const bound, other = "lb-bp1boundclb0000000001", "lb-bp1otherclb0000000002"
	reuse := func(id string, kv ...string) map[string]string {
		return Anns(append([]string{"id", id, "force-override-listeners", "true"}, kv...)...)
	}
	with := func(svc *corev1.Service) []runtime.Object {
		return WithObjs(ACKHealthy(), Objs(svc))
	}
	noStatus := func(s *corev1.Service) { s.Status = corev1.ServiceStatus{} }
	hostname := func(s *corev1.Service) {
		s.Status.LoadBalancer.Ingress = []corev1.LoadBalancerIngress{{Hostname: "clb.example.com"}}
	}
	runRuleCases(t, ackrules.Provider, []RuleCase{
		{Name: "label names another CLB than the annotation",
			Objs: with(ACKSvc(reuse(other), CCMLabel(bound))),
			Rule: ackrules.ServiceLBRebind, Path: ACKPath("id")},
		{Name: "label and annotation agree",
			Objs: with(ACKSvc(reuse(bound), CCMLabel(bound))),
			Rule: ackrules.ServiceLBRebind},
		{Name: "legacy annotation key names another CLB",
			Objs: with(ACKSvc(Anns(ackann.LegacyPrefix+"id", other, "force-override-listeners", "true"), CCMLabel(bound))),
			Rule: ackrules.ServiceLBRebind, Path: checks.AnnPath(ackann.LegacyPrefix + "id")},
		{Name: "no label: the last kubectl apply named another CLB",
			Objs: with(ACKSvc(reuse(other), LastApplied(Anns(ackann.Prefix+"id", bound)))),
			Rule: ackrules.ServiceLBRebind, Path: ACKPath("id")},
		{Name: "no label: the last kubectl apply named the same CLB",
			Objs: with(ACKSvc(reuse(other), LastApplied(Anns(ackann.Prefix+"id", other)))),
			Rule: ackrules.ServiceLBRebind},
		{Name: "the label alone is evidence of the binding, without an address",
			Objs: with(ACKSvc(reuse(other), CCMLabel(bound), noStatus)),
			Rule: ackrules.ServiceLBRebind, Path: ACKPath("id")},
		{Name: "no label and no address: the Service is not bound yet",
			Objs: with(ACKSvc(reuse(other), LastApplied(Anns(ackann.Prefix+"id", bound)), noStatus)),
			Rule: ackrules.ServiceLBRebind},
		{Name: "hostname-only address is not compared by CCM",
			Objs: with(ACKSvc(reuse(other), CCMLabel(bound), hostname)),
			Rule: ackrules.ServiceLBRebind},
		{Name: "EIP address is not compared by CCM",
			Objs: with(ACKSvc(reuse(other, "external-ip-type", "eip"), CCMLabel(bound))),
			Rule: ackrules.ServiceLBRebind},
		{Name: "neither label nor apply record: nothing tells the bound CLB",
			Objs: with(ACKSvc(reuse(other))),
			Rule: ackrules.ServiceLBRebind},
	})
}
