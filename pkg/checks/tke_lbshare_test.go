package checks

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"

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
	runServiceCases(t, tkerules.Provider, []svcCase{
		{name: "80/TCP is the Ingress's HTTP listener",
			bad:   objs(lbSvc(onLB), reusing()),
			fixed: objs(lbSvc(onLB, port(8080, corev1.ProtocolTCP)), reusing()),
			want:  tkerules.ServicePortTakenByIngress, path: "spec.ports[0]"},
		{name: "443/TCP is the HTTPS listener of an Ingress with TLS; without rule-mix 80 is free",
			bad:   objs(lbSvc(onLB, port(443, corev1.ProtocolTCP)), reusing(ingTLS("tls"))),
			fixed: objs(lbSvc(onLB, port(80, corev1.ProtocolTCP)), reusing(ingTLS("tls"))),
			want:  tkerules.ServicePortTakenByIngress, path: "spec.ports[0]"},
		{name: "rule-mix keeps 80 as well as 443",
			bad:   objs(lbSvc(onLB), reusing(ingTLS("tls"), ingAnn(tkeann.RuleMix, "true"))),
			fixed: objs(lbSvc(onLB, port(8443, corev1.ProtocolTCP)), reusing(ingTLS("tls"), ingAnn(tkeann.RuleMix, "true"))),
			want:  tkerules.ServicePortTakenByIngress, path: "spec.ports[0]"},
		{name: "UDP 80 is another listener",
			bad:   objs(lbSvc(onLB), reusing()),
			fixed: objs(lbSvc(onLB, port(80, corev1.ProtocolUDP)), reusing()),
			want:  tkerules.ServicePortTakenByIngress, path: "spec.ports[0]"},
		{name: "an Ingress on another CLB",
			bad:   objs(lbSvc(onLB), reusing()),
			fixed: objs(lbSvc(onLB), ingress(ingAnn(tkeann.IngExistLB, "lb-aaaabbbb"))),
			want:  tkerules.ServicePortTakenByIngress, path: "spec.ports[0]"},
	})
}
