package checks

import (
	"testing"

	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestChangesSinceLastApply: without a preflight's prior, the change checks compare the object with
// its last-applied record and report rejected changes only, each once (a history heuristic's finding
// of the same rule stays); with a prior (preflight), every class is reported and the change finding
// replaces the heuristic's at the same field.
func TestChangesSinceLastApply(t *testing.T) {
	const subnet = "service.kubernetes.io/qcloud-loadbalancer-internal-subnetid"
	withAddr := func(s *corev1.Service) {
		s.Status.LoadBalancer.Ingress = []corev1.LoadBalancerIngress{{IP: "81.71.1.2"}}
	}
	edited := func(ann map[string]string, mods ...func(*corev1.Service)) *corev1.Service {
		s := lbSvc(append([]func(*corev1.Service){withAddr, lastApplied(map[string]string{})}, mods...)...)
		for k, v := range ann {
			s.Annotations[k] = v
		}
		return s
	}
	local := func(s *corev1.Service) { s.Spec.ExternalTrafficPolicy = corev1.ServiceExternalTrafficPolicyLocal }
	cases := []struct {
		name string
		p    rules.Provider
		svc  *corev1.Service
		want rules.ID
		sev  rules.Severity
	}{
		{"tke subnet added since the last apply", rules.TKE, edited(map[string]string{subnet: "subnet-abcd1234"}), rules.TKEServiceCLBSwitchRefused, rules.Error},
		{"ack address type: the heuristic's finding stays", rules.ACK,
			ackSvc(map[string]string{"address-type": "intranet"}, lastApplied(map[string]string{ackPrefix + "address-type": "internet"})),
			rules.ACKServiceAddressTypeImmutable, rules.Warning},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := diagnose(t, fixture(t, tc.svc), snapshot.KindService, "web", tc.p)
			n := 0
			for _, f := range res.Findings {
				if f.Rule == tc.want {
					n++
					if f.EffectiveSeverity() != tc.sev {
						t.Errorf("severity %s, want %s", f.EffectiveSeverity(), tc.sev)
					}
				}
			}
			if n != 1 {
				t.Fatalf("%d findings of %s, want 1: %+v", n, tc.want, res.Findings)
			}
		})
	}
	t.Run("disruptive change since the last apply is not reported", func(t *testing.T) {
		svc := edited(nil, local)
		svc.Annotations["kubectl.kubernetes.io/last-applied-configuration"] = `{"spec":{"externalTrafficPolicy":"Cluster"}}`
		res := diagnose(t, fixture(t, svc), snapshot.KindService, "web", rules.TKE)
		for _, f := range res.Findings {
			if f.Rule == rules.GenericServiceTrafficPolicyChange {
				t.Fatalf("reported %s outside a preflight", f.Rule)
			}
		}
	})
	t.Run("preflight: the change finding replaces the heuristic's", func(t *testing.T) {
		prior := ackSvc(map[string]string{"address-type": "internet"})
		after := ackSvc(map[string]string{"address-type": "intranet"})
		s := fixture(t, after)
		s.SetPrior(snapshot.Target{Kind: snapshot.KindService, Namespace: ns, Name: "web"}, prior)
		res := diagnose(t, s, snapshot.KindService, "web", rules.ACK)
		n := 0
		for _, f := range res.Findings {
			if f.Rule == rules.ACKServiceAddressTypeImmutable {
				n++
				if f.Change == nil || f.EffectiveSeverity() != rules.Error {
					t.Errorf("want the change model's error finding, got %+v", f)
				}
			}
		}
		if n != 1 {
			t.Fatalf("%d findings of address-type-immutable, want 1", n)
		}
	})
}
