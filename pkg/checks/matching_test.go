package checks_test

import (
	"testing"

	corev1 "k8s.io/api/core/v1"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestMatchingInputs: the CLB-sharing checks ask for the Services (and Ingresses) with the target's
// CLB id, not for every one; an empty id reads the whole list.
func TestMatchingInputs(t *testing.T) {
	only := func(label bool, key, value string) snapshot.Match {
		return snapshot.Match{Label: label, Key: key, Value: value}
	}
	tests := []struct {
		name  string
		check string
		kind  rules.Kind
		svc   *corev1.Service
		want  []snapshot.Match
	}{
		{"TKE existing CLB", "tke-service-existing-lb", rules.Service, LBSvc(SvcAnn(tkeann.ExistedLBID, "lb-abc")),
			[]snapshot.Match{only(false, tkeann.ExistedLBID, "lb-abc"), only(false, tkeann.LoadBalanceID, "lb-abc"),
				only(false, tkeann.IngExistLB, "lb-abc"), only(false, tkeann.IngLBID, "lb-abc")}},
		{"ACK reuse reads CCM's label", "ack-lb-reuse", rules.Service, ACKSvc(map[string]string{"id": "lb-bp1"}),
			[]snapshot.Match{only(true, ackann.LabelLBID, "lb-bp1")}},
		{"ACK reuse with an empty id reads every Service", "ack-lb-reuse", rules.Service, ACKSvc(map[string]string{"id": ""}),
			[]snapshot.Match{{}}},
		{"ACK legacy key", "ack-backends", rules.Service, ACKSvc(map[string]string{ackann.LegacyPrefix + "id": "lb-old"}),
			[]snapshot.Match{only(false, ackann.Prefix+"id", "lb-old"), only(false, ackann.LegacyPrefix+"id", "lb-old")}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := &Context{Snap: snapshot.New(snapshot.Live), Service: tc.svc,
				Target: snapshot.Target{Kind: snapshot.KindService, Namespace: tc.svc.Namespace, Name: tc.svc.Name}}
			var got []snapshot.Match
			for _, in := range checkNamed(t, tc.check, tc.kind).Inputs {
				if in.Scope != Matching {
					continue
				}
				for _, r := range in.AppendRequests(nil, c) {
					if r.Namespace != "" || r.Name != "" || r.PerTarget {
						t.Errorf("request %v is not a list of every namespace", r)
					}
					got = append(got, r.Only)
				}
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("request %d: got %v, want %v", i, got[i], tc.want[i])
				}
			}
		})
	}
}

// checkNamed is the check of DefaultSuite().Checks() with that name and kind.
func checkNamed(t *testing.T, name string, kind rules.Kind) Check {
	t.Helper()
	for _, ch := range DefaultSuite().Checks() {
		if ch.Name == name && ch.Kind == kind {
			return ch
		}
	}
	t.Fatalf("no check %s of kind %s", name, kind)
	return Check{}
}
