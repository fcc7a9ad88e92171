package tkechecks

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
)

// TestTKEServiceIngressShare: a Service and an Ingress may share an existing CLB, never a listener.
func TestTKEServiceIngressShare(t *testing.T) {
	const lb = "lb-4ymlu8dc"
	onLB := svcAnn(tkeann.ExistedLBID, lb)
	port := func(p int32, proto corev1.Protocol) func(*corev1.Service) {
		return func(s *corev1.Service) { s.Spec.Ports[0].Port, s.Spec.Ports[0].Protocol = p, proto }
	}
	reusing := func(mods ...func(*networkingv1.Ingress)) *networkingv1.Ingress {
		return ingress(append([]func(*networkingv1.Ingress){ingAnn(tkeann.IngExistLB, lb)}, mods...)...)
	}
	runServiceCases(t, tkerules.Provider, []checkstest.SvcCase{
		{Name: "80/TCP is the Ingress's HTTP listener",
			Bad:   objs(lbSvc(onLB), reusing()),
			Fixed: objs(lbSvc(onLB, port(8080, corev1.ProtocolTCP)), reusing()),
			Want:  tkerules.ServicePortTakenByIngress, Path: "spec.ports[0]"},
		{Name: "443/TCP is the HTTPS listener of an Ingress with TLS; without rule-mix 80 is free",
			Bad:   objs(lbSvc(onLB, port(443, corev1.ProtocolTCP)), reusing(ingTLS("tls"))),
			Fixed: objs(lbSvc(onLB, port(80, corev1.ProtocolTCP)), reusing(ingTLS("tls"))),
			Want:  tkerules.ServicePortTakenByIngress, Path: "spec.ports[0]"},
		{Name: "rule-mix keeps 80 as well as 443",
			Bad:   objs(lbSvc(onLB), reusing(ingTLS("tls"), ingAnn(tkeann.RuleMix, "true"))),
			Fixed: objs(lbSvc(onLB, port(8443, corev1.ProtocolTCP)), reusing(ingTLS("tls"), ingAnn(tkeann.RuleMix, "true"))),
			Want:  tkerules.ServicePortTakenByIngress, Path: "spec.ports[0]"},
		{Name: "UDP 80 is another listener",
			Bad:   objs(lbSvc(onLB), reusing()),
			Fixed: objs(lbSvc(onLB, port(80, corev1.ProtocolUDP)), reusing()),
			Want:  tkerules.ServicePortTakenByIngress, Path: "spec.ports[0]"},
		{Name: "an Ingress on another CLB",
			Bad:   objs(lbSvc(onLB), reusing()),
			Fixed: objs(lbSvc(onLB), ingress(ingAnn(tkeann.IngExistLB, "lb-aaaabbbb"))),
			Want:  tkerules.ServicePortTakenByIngress, Path: "spec.ports[0]"},
		{Name: "a CLB shared by Ingresses (enable-group) takes no Service, whatever its port",
			Bad:   objs(lbSvc(onLB, port(9000, corev1.ProtocolTCP)), reusing(ingAnn(tkeann.EnableGroup, "true"))),
			Fixed: objs(lbSvc(onLB, port(9000, corev1.ProtocolTCP)), reusing()),
			Want:  tkerules.ServiceOnGroupedCLB, Path: checks.AnnPath(tkeann.ExistedLBID)},
		{Name: "on a grouped CLB the Service's port collision is the same problem",
			Bad:   objs(lbSvc(onLB), reusing(ingAnn(tkeann.EnableGroup, "true"))),
			Fixed: objs(lbSvc(onLB, svcAnn(tkeann.ExistedLBID, "lb-aaaabbbb")), reusing(ingAnn(tkeann.EnableGroup, "true"))),
			Want:  tkerules.ServiceOnGroupedCLB, Path: checks.AnnPath(tkeann.ExistedLBID)},
	})
}
