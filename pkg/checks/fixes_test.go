package checks_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/changes"
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
		{"ack lb-not-found: the hand-made CLB that holds the address", ackrules.Provider, ackrules.ServiceLBNotFound,
			ACKSvc(nil, uidWeb), ACKSvc(map[string]string{"id": lbOther}, uidWeb), Objs(event("lost", "Service", "web", corev1.EventTypeWarning,
				"can not find loadbalancer, but it's defined in service [47.96.10.20]", 3, time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)))},
		{"ack orphan-on-delete: the id added by hand to the CCM-made CLB removed again", ackrules.Provider, ackrules.ServiceOrphanOnDelete,
			ACKSvc(map[string]string{"id": lbACKOwn}, ownLabel, LastApplied(nil)), ACKSvc(nil, ownLabel, LastApplied(nil)), nil},
	}
	covered := map[rules.ID]bool{}
	for _, tc := range cases {
		covered[tc.rule] = true
	}
	t.Run("every rule whose fix names a key the change models refuse", func(t *testing.T) {
		for _, r := range rules.All() {
			key := refusedKeyIn(r.Fix)
			if r.Change != "" || key == "" || covered[r.ID] {
				continue
			}
			if _, ok := fixNeedsNoCase[r.ID.String()]; !ok {
				t.Errorf("%s's fix names %s: add a case above, or say in fixNeedsNoCase why the fix is never refused", r.ID, key)
			}
		}
		for id := range fixNeedsNoCase {
			if r, ok := rules.Parse(id); !ok || refusedKeyIn(r.Rule().Fix) == "" {
				t.Errorf("fixNeedsNoCase names %s, whose fix names no refused key", id)
			}
		}
	})
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

func uidWeb(s *corev1.Service) { s.UID = "uid-web" }

// refusedKeyIn is the first annotation key text names that a change model refuses to change on a
// load balancer it has bound ("" for none): the TKE lifecycle's, the ACK CLB and NLB update paths'
// refused ones, and the reuse annotations of both clouds.
func refusedKeyIn(text string) string {
	keys := []string{ackann.Prefix + "id", "loadbalancer-id", tkeann.ExistedLBID}
	for _, k := range changes.TKEUpdate {
		keys = append(keys, k.Suffix)
	}
	for _, k := range append(slices.Clone(changes.ACKCLBUpdate), changes.ACKNLBUpdate...) {
		if k.Effect == changes.Refused {
			keys = append(keys, ackann.Prefix+k.Suffix)
		}
	}
	for _, k := range keys {
		if strings.Contains(text, k) {
			return k
		}
	}
	return ""
}

// fixNeedsNoCase: the rules whose fix names a refused key but can never be refused, and why. A
// change is refused only with evidence that a load balancer is bound (an address, CCM's label, an
// EnsuredLoadBalancer event): a rule whose problem keeps the load balancer from ever being made
// proposes its fix on an object with none.
var fixNeedsNoCase = map[string]string{
	"ack.cloud.lb-address":               "the fix corrects the annotation back to the instance the label names: no move",
	"ack.cloud.lb-missing":               "the instance does not exist: nothing is bound to it",
	"ack.service.NetworkConflict":        "the reuse fails at binding: the Service never gets the CLB",
	"ack.service.RspoolVipExist":         "the fix is done in the console; the annotation stays",
	"ack.service.public-slb-disabled":    "CCM gives up before creating the CLB: nothing is bound",
	"ack.service.type-change-deletes-lb": "the fix is advice for a Service about to be created or retyped, not an edit of a bound one",
	"tke.ingress.group-with-service":     "the sync of the Service on the shared CLB fails: the Service is not bound to it",
	"tke.service.E4005":                  "creation parameters that fail: the CLB is never created",
	"tke.service.E4008":                  "the subnet has no free address: the CLB is never created",
	"tke.service.E4011":                  "the CLB named does not exist: nothing is bound",
	"tke.service.E4013":                  "the CLB is held by another cluster: this Service is not bound to it",
	"tke.service.E4037":                  "the subnet does not exist: the CLB is never created",
	"tke.service.E4075":                  "the region is invalid: the CLB is never created",
	"tke.service.invalid-vpc-id":         "the VPC id is invalid: the CLB is never created",
}
