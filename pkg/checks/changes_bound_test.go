package checks_test

import (
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	"k8s.io/apimachinery/pkg/runtime"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestRefusalNeedsBinding: live, a change the controller refuses is reported only with evidence that
// it bound a load balancer to the object now: an address, or a success event.
func TestRefusalNeedsBinding(t *testing.T) {
	t0 := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
	pending := func(i *networkingv1.Ingress) { i.UID = "uid-bar"; i.Status = networkingv1.IngressStatus{} }
	addressed := func(i *networkingv1.Ingress) {
		i.UID = "uid-bar"
		i.Status.LoadBalancer.Ingress = []networkingv1.IngressLoadBalancerIngress{{IP: "81.71.1.2"}}
	}
	tests := []struct {
		name   string
		now    *networkingv1.Ingress
		events []runtime.Object
		want   bool
	}{
		{"no evidence", Ingress(pending), nil, false},
		{"an address", Ingress(addressed), nil, true},
		{"TKE's success event", Ingress(pending), Objs(event("ok", "Ingress", "bar", corev1.EventTypeNormal, "Ingress Sync Success. RetrunCode: S2009", 1, t0)), true},
		{"a warning only", Ingress(pending), Objs(event("bad", "Ingress", "bar", corev1.EventTypeWarning, "Ingress Sync Success? no: ErrorCode: E4011", 1, t0)), false},
	}
	target := snapshot.Target{Kind: snapshot.KindIngress, Namespace: ns, Name: "bar"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			snap := Fixture(t, append(Objs(Ingress(pending, IngAnn(tkeann.EnableGroup, "true"))), tt.events...)...)
			snap.Source = snapshot.Live
			snap.SetPrior(target, tt.now)
			got := Reported(diagnose(t, snap, snapshot.KindIngress, "bar", tkerules.Provider))
			if has := len(got[tkerules.IngressGroupAfterCreation]) > 0; has != tt.want {
				t.Fatalf("group-after-creation reported %v, want %v: %v", has, tt.want, got)
			}
		})
	}
}
