package checks_test

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	"k8s.io/apimachinery/pkg/runtime"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestFixesNeverRefused: advice never contradicts preflight. Each case is a rule whose fix text
// proposes a change of the object, written as the object before (where the rule fires) and after the
// change the fix proposes; the preflight of that change through the change model must not refuse it.
func TestFixesNeverRefused(t *testing.T) {
	const lbTKE, lbOther = "lb-4ymlu8dc", "lb-9xk2m7qp"
	const lbACK, lbACKOwn = "lb-bp1aaaaaaaaaaaaaaaaa1", "lb-bp1bbbbbbbbbbbbbbbbb2"
	tkeWeb := func(ann map[string]string, status bool) *corev1.Service {
		s := Service("web", corev1.ServiceTypeLoadBalancer)
		for k, v := range ann {
			s.Annotations[k] = v
		}
		if status {
			s.Status.LoadBalancer.Ingress = []corev1.LoadBalancerIngress{{IP: "10.0.1.100"}}
		}
		return s
	}
	// storefront is an Ingress whose CLB TKE created (E4012's "another Ingress").
	storefront := Ingress(IngAnn(tkeann.IngLBID, lbTKE), func(i *networkingv1.Ingress) {
		i.Name, i.UID = "storefront", "uid-storefront"
		i.Status.LoadBalancer.Ingress = []networkingv1.IngressLoadBalancerIngress{{IP: "10.0.1.100"}}
	})
	// owner is the ACK Service CCM made lbACK for (reuse-ccm-lb's "another Service").
	owner := ACKSvc(nil, func(s *corev1.Service) {
		s.Name, s.UID = "owner", "uid-owner"
		s.Labels = map[string]string{ackann.LabelLBID: lbACK}
	})
	pending := func(s *corev1.Service) { s.Status = corev1.ServiceStatus{} }
	ownLabel := func(s *corev1.Service) { s.Labels = map[string]string{ackann.LabelLBID: lbACKOwn} }
	cases := []struct {
		name       string
		p          rules.Provider
		rule       rules.ID
		now, after *corev1.Service
		others     []runtime.Object
	}{
		{"tke E4012: an existing CLB made by hand", tkerules.Provider, tkerules.ServiceE4012,
			tkeWeb(map[string]string{tkeann.ExistedLBID: lbTKE}, true), tkeWeb(map[string]string{tkeann.ExistedLBID: lbOther}, true), Objs(storefront)},
		{"tke E4012: annotation removed, TKE creates one", tkerules.Provider, tkerules.ServiceE4012,
			tkeWeb(map[string]string{tkeann.ExistedLBID: lbTKE}, true), tkeWeb(nil, true), Objs(storefront)},
		{"ack reuse-ccm-lb, Service pending: a CLB made by hand", ackrules.Provider, ackrules.ServiceReuseCCMLB,
			ACKSvc(map[string]string{"id": lbACK}, pending), ACKSvc(map[string]string{"id": lbOther}, pending), Objs(owner)},
		{"ack reuse-ccm-lb, address of another CLB: that CLB's id", ackrules.Provider, ackrules.ServiceReuseCCMLB,
			ACKSvc(map[string]string{"id": lbACK}, ownLabel), ACKSvc(map[string]string{"id": lbACKOwn}, ownLabel), Objs(owner)},
	}
	target := snapshot.Target{Kind: snapshot.KindService, Namespace: ns, Name: "web"}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Reported(diagnose(t, Fixture(t, append(Objs(tc.now), tc.others...)...), snapshot.KindService, "web", tc.p)); len(got[tc.rule]) == 0 {
				t.Fatalf("the object before the fix does not show %s: %v", tc.rule, got)
			}
			snap := Fixture(t, append(Objs(tc.after), tc.others...)...)
			snap.SetPrior(target, tc.now)
			res := diagnose(t, snap, snapshot.KindService, "web", tc.p)
			for _, f := range res.Findings {
				if f.Change != nil && f.Change.Class() == rules.ChangeRejected {
					t.Errorf("the fix of %s is refused: %s at %s", tc.rule, f.Rule, f.Path)
				}
				for _, c := range f.Consequences {
					if c.Change != nil && c.Change.Class() == rules.ChangeRejected {
						t.Errorf("the fix of %s is refused: %s at %s", tc.rule, c.Rule, c.Path)
					}
				}
			}
		})
	}
}
