package checks_test

import (
	"testing"

	corev1 "k8s.io/api/core/v1"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestChangesSinceLastApply: without a preflight's prior, the change checks compare the object with
// its last-applied record and report rejected changes only, each once; with a prior (preflight),
// every class is reported. What the object alone shows of a change rule (an address of the other
// type) is reported only when no change of the rule is known.
func TestChangesSinceLastApply(t *testing.T) {
	const subnet = "service.kubernetes.io/qcloud-loadbalancer-internal-subnetid"
	withAddr := func(s *corev1.Service) {
		s.Status.LoadBalancer.Ingress = []corev1.LoadBalancerIngress{{IP: "81.71.1.2"}}
	}
	edited := func(ann map[string]string, mods ...func(*corev1.Service)) *corev1.Service {
		s := LBSvc(append([]func(*corev1.Service){withAddr, LastApplied(map[string]string{})}, mods...)...)
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
		{"tke subnet added since the last apply", tkerules.Provider, edited(map[string]string{subnet: "subnet-abcd1234"}), tkerules.ServiceCLBSwitchRefused, rules.Error},
		{"ack address type changed since the last apply: the change, not the address", ackrules.Provider,
			ACKSvc(map[string]string{"address-type": "intranet"}, LastApplied(map[string]string{ackann.Prefix + "address-type": "internet"})),
			ackrules.ServiceAddressTypeImmutable, rules.Error},
		{"ack address type as applied, of the other type than the address", ackrules.Provider,
			ACKSvc(map[string]string{"address-type": "intranet"}, LastApplied(map[string]string{ackann.Prefix + "address-type": "intranet"})),
			ackrules.ServiceAddressTypeImmutable, rules.Warning},
		{"ack id of the CCM-made CLB added since the last apply", ackrules.Provider,
			ACKSvc(map[string]string{"id": "lb-bp1o94dp5i6earr9g6d1l"}, CCMLabel("lb-bp1o94dp5i6earr9g6d1l"), LastApplied(map[string]string{})),
			ackrules.ServiceOrphanOnDelete, rules.Warning},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := diagnose(t, Fixture(t, tc.svc), snapshot.KindService, "web", tc.p)
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
	t.Run("ack id of the CCM-made CLB added: orphaned, not rebound", func(t *testing.T) {
		const id = "lb-bp1o94dp5i6earr9g6d1l"
		svc := ACKSvc(map[string]string{"id": id}, CCMLabel(id), LastApplied(map[string]string{}))
		res := diagnose(t, Fixture(t, svc), snapshot.KindService, "web", ackrules.Provider)
		for _, f := range res.Findings {
			if f.Rule == ackrules.ServiceLBRebind {
				t.Fatalf("reported %s at %s: the annotation names the CLB the Service is bound to", f.Rule, f.Path)
			}
		}
	})
	t.Run("disruptive change since the last apply is not reported", func(t *testing.T) {
		svc := edited(nil, local)
		svc.Annotations["kubectl.kubernetes.io/last-applied-configuration"] = `{"spec":{"externalTrafficPolicy":"Cluster"}}`
		res := diagnose(t, Fixture(t, svc), snapshot.KindService, "web", tkerules.Provider)
		for _, f := range res.Findings {
			if f.Rule == rules.GenericServiceTrafficPolicyChange {
				t.Fatalf("reported %s outside a preflight", f.Rule)
			}
		}
	})
	t.Run("preflight: one finding, the change model's", func(t *testing.T) {
		prior := ACKSvc(map[string]string{"address-type": "internet"})
		after := ACKSvc(map[string]string{"address-type": "intranet"})
		s := Fixture(t, after)
		s.SetPrior(snapshot.Target{Kind: snapshot.KindService, Namespace: ns, Name: "web"}, prior)
		res := diagnose(t, s, snapshot.KindService, "web", ackrules.Provider)
		n := 0
		for _, f := range res.Findings {
			if f.Rule == ackrules.ServiceAddressTypeImmutable {
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

// TestACKPlainAndPreflightAgree: an edit since the last apply gives, in a plain diagnosis, the same
// rejected (and unclassed) change findings, at the same fields and severities, as a preflight of
// the same edit from the object as applied, and one finding per rule and field.
func TestACKPlainAndPreflightAgree(t *testing.T) {
	const bound, other = "lb-bp1boundclb0000000001", "lb-bp1otherclb0000000002"
	full := func(kv ...string) map[string]string {
		out := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			out[ackann.Prefix+kv[i]] = kv[i+1]
		}
		return out
	}
	cases := []struct {
		name         string
		applied, now map[string]string // full keys
		mods         []func(*corev1.Service)
		want         rules.ID
	}{
		{"address type changed", full("address-type", "internet"), full("address-type", "intranet"), nil, ackrules.ServiceAddressTypeImmutable},
		{"resource group changed", full("resource-group-id", "rg-aaaa"), full("resource-group-id", "rg-bbbb"), nil, ackrules.ServiceResourceGroupImmutable},
		{"spec added to PayByCLCU", full("instance-charge-type", "PayByCLCU"), full("instance-charge-type", "PayByCLCU", "spec", "slb.s1.small"), nil, ackrules.ServiceCLCUSpec},
		{"PayByCLCU to PayBySpec", full("instance-charge-type", "PayByCLCU"), full("instance-charge-type", "PayBySpec", "spec", "slb.s1.small"), nil, ackrules.ServiceCLCUSpec},
		{"reused CLB moved", full("id", bound), full("id", other), []func(*corev1.Service){CCMLabel(bound)}, ackrules.ServiceLBRebind},
		{"CCM-made CLB moved to a reused one", nil, full("id", other), []func(*corev1.Service){CCMLabel(bound)}, ackrules.ServiceLBRebind},
		{"id of the CCM-made CLB added", nil, full("id", bound), []func(*corev1.Service){CCMLabel(bound)}, ackrules.ServiceOrphanOnDelete},
		{"reuse annotation removed", full("id", bound), nil, []func(*corev1.Service){CCMLabel(bound)}, ackrules.ServiceReuseRemoved},
	}
	type fact struct {
		rule rules.ID
		path string
		sev  rules.Severity
	}
	facts := func(res Result, preflight bool) []fact {
		var out []fact
		for _, f := range res.Findings {
			if f.Change == nil || (preflight && f.Change.Class() != rules.ChangeRejected && f.Change.Class() != "") {
				continue
			}
			out = append(out, fact{f.Rule, f.Path, f.EffectiveSeverity()})
		}
		return out
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			svc := ACKSvc(tc.now, append(tc.mods, LastApplied(tc.applied))...)
			plain := diagnose(t, Fixture(t, WithObjs(ACKHealthy(), Objs(svc))...), snapshot.KindService, "web", ackrules.Provider)
			prior := ACKSvc(tc.applied, tc.mods...)
			after := ACKSvc(tc.now, append(tc.mods, LastApplied(tc.now))...)
			s := Fixture(t, WithObjs(ACKHealthy(), Objs(after))...)
			s.SetPrior(snapshot.Target{Kind: snapshot.KindService, Namespace: ns, Name: "web"}, prior)
			pre := diagnose(t, s, snapshot.KindService, "web", ackrules.Provider)
			p, f := facts(plain, false), facts(pre, true)
			if len(p) != 1 || p[0].rule != tc.want {
				t.Fatalf("plain diagnosis: change findings %+v, want one %s", p, tc.want)
			}
			if len(f) != 1 || f[0] != p[0] {
				t.Fatalf("preflight %+v, plain diagnosis %+v", f, p)
			}
			for _, res := range []Result{plain, pre} {
				n := 0
				for _, x := range res.Findings {
					if x.Rule == tc.want {
						n++
					}
				}
				if n != 1 {
					t.Errorf("%d findings of %s, want 1: %v", n, tc.want, ByRule(res))
				}
			}
		})
	}
}
