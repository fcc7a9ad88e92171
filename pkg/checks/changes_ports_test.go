package checks_test

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	"k8s.io/apimachinery/pkg/util/intstr"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestPortRemovedInUse: a port the edit removes from a LoadBalancer Service while an Ingress of its
// namespace routes to it, by number or by a name no kept port carries.
func TestPortRemovedInUse(t *testing.T) {
	twoPorts := func(s *corev1.Service) {
		s.Spec.Ports = append(s.Spec.Ports, corev1.ServicePort{Name: "https", Port: 443, TargetPort: intstr.FromInt32(8443), Protocol: corev1.ProtocolTCP})
		s.Status.LoadBalancer.Ingress = []corev1.LoadBalancerIngress{{IP: "192.0.2.10"}}
	}
	byNumber := func(n int32) func(*networkingv1.Ingress) {
		return func(i *networkingv1.Ingress) {
			i.Spec.Rules[0].HTTP.Paths[0].Backend.Service.Port = networkingv1.ServiceBackendPort{Number: n}
		}
	}
	byName := func(i *networkingv1.Ingress) {
		i.Spec.Rules[0].HTTP.Paths[0].Backend.Service.Port = networkingv1.ServiceBackendPort{Name: "https"}
	}
	elsewhere := func(i *networkingv1.Ingress) { i.Namespace = "other" }
	renamed := func(s *corev1.Service) { s.Spec.Ports[0].Name = "https" } // port 80 now carries the name
	tests := []struct {
		name  string
		after *corev1.Service
		ing   *networkingv1.Ingress
		want  bool
	}{
		{"by number", Service("web", corev1.ServiceTypeLoadBalancer), Ingress(byNumber(443)), true},
		{"by name", Service("web", corev1.ServiceTypeLoadBalancer), Ingress(byName), true},
		{"by name, the name kept on another port", Service("web", corev1.ServiceTypeLoadBalancer, renamed), Ingress(byName), false},
		{"the kept port", Service("web", corev1.ServiceTypeLoadBalancer), Ingress(byNumber(80)), false},
		{"an Ingress of another namespace", Service("web", corev1.ServiceTypeLoadBalancer), Ingress(byNumber(443), elsewhere), false},
		{"nothing removed", Service("web", corev1.ServiceTypeLoadBalancer, twoPorts), Ingress(byNumber(443)), false},
	}
	target := snapshot.Target{Kind: snapshot.KindService, Namespace: ns, Name: "web"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			snap := Fixture(t, Objs(tt.after, tt.ing)...)
			snap.SetPrior(target, Service("web", corev1.ServiceTypeLoadBalancer, twoPorts))
			got := Reported(diagnose(t, snap, snapshot.KindService, "web", rules.Generic))
			if has := len(got[rules.GenericServicePortRemovedInUse]) > 0; has != tt.want {
				t.Fatalf("port-removed-in-use reported %v, want %v: %v", has, tt.want, got)
			}
		})
	}
}
