package checks_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestOneFindingPerPath: inputs where a check meets one problem several times (per port, per entry,
// per host, per other object) give one finding of the rule at the path, which names every instance.
// diagnose fails the test when a check emitted the same rule at the same path twice, even though
// the runner merges them.
func TestOneFindingPerPath(t *testing.T) {
	const lbID = "lb-bp1o94dp5i6earr9g6d1l"
	const tkeLB = "lb-4ymlu8dc"
	named := func(name string, mods ...func(*corev1.Service)) *corev1.Service {
		return Service(name, corev1.ServiceTypeLoadBalancer, mods...)
	}
	twoIPs := func(s *corev1.Service) {
		s.Status.LoadBalancer.Ingress = []corev1.LoadBalancerIngress{{IP: "47.96.10.20"}, {IP: "47.96.10.21"}}
	}
	twoHosts := func(i *networkingv1.Ingress) {
		r := i.Spec.Rules[0]
		r.Host = "b.example.com"
		i.Spec.Rules[0].Host = "a.example.com"
		i.Spec.Rules = append(i.Spec.Rules, r)
	}
	tests := []struct {
		name string
		objs []runtime.Object
		kind snapshot.Kind
		p    rules.Provider
		rule rules.ID
		path string
		// facts must all be in the finding's message.
		facts []string
	}{
		{name: "ACK acl-status on without acl-id and acl-type",
			objs: WithObjs(ACKHealthy(), Objs(ACKSvc(Anns("acl-status", "on")))), kind: snapshot.KindService, p: ackrules.Provider,
			rule: ackrules.ServiceAnnotationDependency, path: ACKPath("acl-status"), facts: []string{"acl-id", "acl-type"}},
		{name: "ACK protocol-port naming two absent ports",
			objs: WithObjs(ACKHealthy(), Objs(ACKSvc(Anns("protocol-port", "tcp:81,tcp:82")))), kind: snapshot.KindService, p: ackrules.Provider,
			rule: ackrules.ServiceIgnoredAnnotationValue, path: ACKPath("protocol-port"), facts: []string{"tcp:81", "tcp:82"}},
		{name: "ACK the same https listener twice",
			objs: WithObjs(ACKHealthy(), Objs(ACKSvc(Anns("protocol-port", "https:443,https:443", "cert-id", "123_abc"), AddPort("https", 443, intstr.FromInt32(443))))),
			kind: snapshot.KindService, p: ackrules.Provider, rule: ackrules.ServiceHTTPSToHTTPSBackend, path: "spec.ports[1].targetPort"},
		{name: "ACK reused CLB created by CCM for two Services",
			objs: WithObjs(ACKHealthy(), Objs(ACKSvc(Anns("id", lbID, "force-override-listeners", "true")),
				named("one", CCMLabel(lbID)), named("two", CCMLabel(lbID)))),
			kind: snapshot.KindService, p: ackrules.Provider, rule: ackrules.ServiceReuseCCMLB, path: ACKPath("id"), facts: []string{"default/one", "default/two"}},
		{name: "ACK intranet address type with two public addresses, changed since the last apply",
			objs: WithObjs(ACKHealthy(), Objs(ACKSvc(Anns("address-type", "intranet"), twoIPs,
				LastApplied(map[string]string{ackann.Prefix + "address-type": "internet"})))),
			kind: snapshot.KindService, p: ackrules.Provider, rule: ackrules.ServiceAddressTypeImmutable, path: ACKPath("address-type"),
			facts: []string{"47.96.10.20", "47.96.10.21", `"internet"`}},
		{name: "TKE reused CLB created by TKE for two Services",
			objs: Objs(LBSvc(SvcAnn(tkeann.ExistedLBID, tkeLB)), named("one", SvcAnn(tkeann.LoadBalanceID, tkeLB)), named("two", SvcAnn(tkeann.LoadBalanceID, tkeLB))),
			kind: snapshot.KindService, p: tkerules.Provider, rule: tkerules.ServiceE4012, path: AnnPath(tkeann.ExistedLBID),
			facts: []string{"default/one", "default/two"}},
		{name: "TKE port 80 declared by two other Services on the shared CLB",
			objs: Objs(LBSvc(SvcAnn(tkeann.ExistedLBID, tkeLB)), named("one", SvcAnn(tkeann.ExistedLBID, tkeLB)), named("two", SvcAnn(tkeann.ExistedLBID, tkeLB))),
			kind: snapshot.KindService, p: tkerules.Provider, rule: tkerules.ServiceE4014, path: "spec.ports[0]",
			facts: []string{"default/one", "default/two"}},
		{name: "TKE Ingress reusing a CLB TKE created for two Services",
			objs: WithObjs(TKEHealthy(), Objs(Ingress(IngAnn(tkeann.IngExistLB, tkeLB)), named("one", SvcAnn(tkeann.LoadBalanceID, tkeLB)), named("two", SvcAnn(tkeann.LoadBalanceID, tkeLB)))),
			kind: snapshot.KindIngress, p: tkerules.Provider, rule: tkerules.IngressE4019, path: AnnPath(tkeann.IngExistLB),
			facts: []string{"default/one", "default/two"}},
		{name: "TKE two reusing Services declare the Ingress listener port",
			objs: WithObjs(TKEHealthy(), Objs(Ingress(IngAnn(tkeann.IngExistLB, tkeLB)), named("one", SvcAnn(tkeann.ExistedLBID, tkeLB)), named("two", SvcAnn(tkeann.ExistedLBID, tkeLB)))),
			kind: snapshot.KindIngress, p: tkerules.Provider, rule: tkerules.IngressE4101, path: AnnPath(tkeann.IngExistLB),
			facts: []string{"default/one", "default/two"}},
		{name: "TKE ip-masq-agent lists 0.0.0.0/0 twice",
			objs: WithObjs(TKEHealthy(), Objs(Ingress(), IPMasq("nonMasqueradeCIDRs:\n  - 0.0.0.0/0\n  - 10.0.0.0/8\n  - 0.0.0.0/0\n"))),
			kind: snapshot.KindIngress, p: tkerules.Provider, rule: tkerules.IngressE4007, path: "kube-system/configmap/ip-masq-agent-config.data.config",
			facts: []string{"nonMasqueradeCIDRs", "0.0.0.0/0"}},
		{name: "TKE internal Ingress whose TkeServiceConfig lacks both listener ports",
			objs: WithObjs(TKEHealthy(), Objs(InternalIngress(IngAnn(tkeann.IngServiceConfig, "bar-config"), IngAnn(tkeann.RuleMix, "true"), IngTLS("tls", "shop.example.com")), L7Config())),
			kind: snapshot.KindIngress, p: tkerules.Provider, rule: tkerules.IngressCLBLoopback,
			path: ObjPath(ns, "tkeserviceconfig", "bar-config", "spec.loadBalancer.l7Listeners"), facts: []string{"80", "443"}},
		{name: "TKE two hosts of a TLS entry with another entry's certificate",
			objs: WithObjs(TKEHealthy(), Objs(Ingress(twoHosts, IngTLS("tls", "a.example.com", "b.example.com"), IngTLS("tls2", "a.example.com", "b.example.com")),
				CertSecret("tls2", map[string]string{"qcloud_cert_id": "YCOLTUdr"}))),
			kind: snapshot.KindIngress, p: tkerules.Provider, rule: tkerules.IngressE4049, path: "spec.tls[1].hosts", facts: []string{"a.example.com", "b.example.com"}},
		{name: "TKE two HTTPS hosts without a certificate",
			objs: WithObjs(TKEHealthy(), Objs(Ingress(twoHosts, IngTLS("tls", "c.example.com")))),
			kind: snapshot.KindIngress, p: tkerules.Provider, rule: tkerules.IngressE4040, path: "spec.tls", facts: []string{"a.example.com", "b.example.com"}},
		{name: "TKE qcloud_cert_id annotation disagrees with two Secrets",
			objs: WithObjs(TKEHealthy(), Objs(Ingress(twoHosts, IngAnn("qcloud_cert_id", "AAAAAAAA"), IngTLS("tls", "a.example.com"), IngTLS("tls2", "b.example.com")),
				CertSecret("tls2", map[string]string{"qcloud_cert_id": "BBBBBBBB"}))),
			kind: snapshot.KindIngress, p: tkerules.Provider, rule: tkerules.IngressE4011, path: AnnPath("qcloud_cert_id"), facts: []string{"default/tls", "default/tls2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name := "web"
			if tt.kind == snapshot.KindIngress {
				name = "bar"
			}
			res := diagnose(t, Fixture(t, tt.objs...), tt.kind, name, tt.p)
			var got []Finding
			for _, f := range res.Findings {
				if f.Rule == tt.rule && f.Path == tt.path {
					got = append(got, f)
				}
			}
			if len(got) != 1 {
				t.Fatalf("want one %s at %s, got %d; findings %v", tt.rule, tt.path, len(got), ByRule(res))
			}
			for _, fact := range tt.facts {
				if !strings.Contains(got[0].Message, fact) {
					t.Errorf("message %q lacks %q", got[0].Message, fact)
				}
			}
		})
	}
}

// TestOneCauseOneFinding: a problem that several checks (or a check and an event) see, or that
// brings others with it, is one finding; the others are its consequences (rules.ConsequenceOf),
// folded under it with their own rule and source.
func TestOneCauseOneFinding(t *testing.T) {
	t0 := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
	const oldCCM = "registry-cn-hangzhou.ack.aliyuncs.com/acs/cloud-controller-manager-amd64:v1.9.3"
	svcEvent := func(msg string) *corev1.Event {
		return event("e1", "Service", "web", "Warning", "Error syncing load balancer [lb-bp1hfycf39bbeb019pg7m]: "+msg, 3, t0)
	}
	pending := func(s *corev1.Service) { s.Status = corev1.ServiceStatus{} }
	excluded := NodeLabel(LabelExcludeLB, "true")
	tests := []struct {
		name string
		objs []runtime.Object
		p    rules.Provider
		// cause is the one finding; consequences are folded under it (rule -> source).
		cause        rules.ID
		consequences map[rules.ID]Source
		// sev is the cause's severity.
		sev rules.Severity
		// facts must be in the cause's message.
		facts []string
	}{
		{name: "no ready pod: no-endpoints names the pods; endpoints-not-ready is not reported",
			objs: Objs(Service("web", corev1.ServiceTypeLoadBalancer), FxSlice("web", FxEP{Pod: "web-1", Node: "n1", Ready: false}, FxEP{Pod: "web-2", Node: "n2", Ready: false})),
			p:    rules.Generic, cause: rules.GenericServiceNoEndpoints, sev: rules.Error, facts: []string{"web-1 (not ready)", "web-2 (not ready)"}},
		{name: "ACK Local Service without a ready pod, and CCM's event",
			objs: WithObjs(ACKHealthy(), Objs(ACKSvc(Anns("scheduler", "wrr"), ETPLocal), FxPod("web-1", "n1", false), FxPod("web-2", "n2", false),
				FxSlice("web", FxEP{Pod: "web-1", Node: "n1", Ready: false}, FxEP{Pod: "web-2", Node: "n2", Ready: false}), svcEvent("There are no available nodes for LoadBalancer"))),
			p: ackrules.Provider, cause: rules.GenericServiceNoEndpoints, sev: rules.Error,
			consequences: map[rules.ID]Source{ackrules.ServiceNoAvailableNodes: SourceCheckEvent, rules.GenericServiceExternalTrafficLocal: SourceCheck}},
		// Every cloud's service controller writes this wording: on a target diagnosed generic it proves
		// no ACK rule.
		{name: "the shared no-available-nodes wording on a Service diagnosed generic",
			objs: WithObjs(ACKHealthy(), Objs(ACKSvc(nil), FxPod("web-1", "n1", false), FxPod("web-2", "n2", false),
				svcEvent("There are no available nodes for LoadBalancer"))),
			p: rules.Generic, cause: rules.GenericServiceNoEndpoints, sev: rules.Error},
		{name: "ACK Local Service whose ready pods run only on excluded nodes",
			objs: WithObjs(ACKHealthy(), Objs(ACKSvc(Anns("scheduler", "wrr"), ETPLocal), FxNode("n1", excluded), FxNode("n2", excluded))),
			p:    ackrules.Provider, cause: ackrules.ServiceNoAvailableNodes, sev: rules.Error,
			consequences: map[rules.ID]Source{rules.GenericServiceExternalTrafficLocal: SourceCheck}},
		{name: "ACK reuse on a CCM too old for it and for events, no address and no events",
			objs: WithObjs(ACKHealthy(), Objs(ACKSvc(Anns("id", "lb-bp1o94dp5i6earr9g6d1l", "force-override-listeners", "true"), pending),
				FxDeployment("cloud-controller-manager", oldCCM))),
			p: ackrules.Provider, cause: ackrules.ServiceReuseOldCCM, sev: rules.Error,
			consequences: map[rules.ID]Source{ackrules.ServiceOldCCMNoEvents: SourceCheck, rules.GenericServiceNoEvents: SourceCheck}},
		{name: "ACK old CCM and no events: the CCM explains the silence",
			objs: WithObjs(ACKHealthy(), Objs(ACKSvc(nil, pending), FxDeployment("cloud-controller-manager", oldCCM))),
			p:    ackrules.Provider, cause: ackrules.ServiceOldCCMNoEvents, sev: rules.Warning,
			consequences: map[rules.ID]Source{rules.GenericServiceNoEvents: SourceCheck}},
		{name: "ACK resource group on an existing CLB and the event that it was changed",
			objs: WithObjs(ACKHealthy(), Objs(ACKSvc(Anns("resource-group-id", "rg-acfmz7u4zzfsabc")), svcEvent("can not change ResourceGroupId once created"))),
			p:    ackrules.Provider, cause: ackrules.ServiceResourceGroupImmutable, sev: rules.Error,
			consequences: map[rules.ID]Source{ackrules.ServiceResourceGroupFixed: SourceCheck}},
		{name: "TKE NGINX controller behind direct access that no pod can take",
			objs: Objs(LBSvc(SvcAnn(tkeann.SvcDirectAccess, "true")), FxNode("n1"), func() *corev1.Pod {
				p := NginxPod("ctl-1", "/wait-shutdown")
				p.Annotations = nil
				return p
			}()),
			p: tkerules.Provider, cause: tkerules.ServiceE4033, sev: rules.Error,
			consequences: map[rules.ID]Source{tkerules.ServiceNginxGracefulShutdown: SourceCheck}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := diagnose(t, Fixture(t, tt.objs...), snapshot.KindService, "web", tt.p)
			top := ByRule(res)
			var cause *Finding
			for i, f := range res.Findings {
				if f.Rule == tt.cause {
					cause = &res.Findings[i]
				}
			}
			if cause == nil {
				t.Fatalf("no %s finding; findings %v", tt.cause, top)
			}
			if cause.EffectiveSeverity() != tt.sev {
				t.Errorf("%s has severity %v, want %v", tt.cause, cause.EffectiveSeverity(), tt.sev)
			}
			got := map[rules.ID]Source{}
			for _, c := range cause.Consequences {
				got[c.Rule] = c.Source
				if len(c.Consequences) > 0 {
					t.Errorf("consequence %s holds consequences of its own: %+v", c.Rule, c.Consequences)
				}
			}
			if len(got) != len(tt.consequences) {
				t.Errorf("consequences of %s: got %v, want %v", tt.cause, got, tt.consequences)
			}
			for id, src := range tt.consequences {
				if got[id] != src {
					t.Errorf("consequence %s: source %q, want %q (all: %v)", id, got[id], src, got)
				}
				if len(top[id]) > 0 {
					t.Errorf("%s is a finding of its own too, at %v", id, top[id])
				}
			}
			for _, id := range []rules.ID{rules.GenericServiceEndpointsNotReady} {
				if len(Reported(res)[id]) > 0 && tt.cause == rules.GenericServiceNoEndpoints {
					t.Errorf("%s reported although no endpoint is ready", id)
				}
			}
			for _, fact := range tt.facts {
				if !strings.Contains(cause.Message, fact) {
					t.Errorf("message %q lacks %q", cause.Message, fact)
				}
			}
			for _, pair := range rules.OppositeFixes() {
				if len(top[pair[0]]) > 0 && len(top[pair[1]]) > 0 {
					t.Errorf("%s and %s, whose fixes contradict, are both findings", pair[0], pair[1])
				}
			}
		})
	}
}

// TestUniquePaths: the runner's merge of findings of one rule at one path keeps the first one's
// check, joins the messages that differ, adds event counts, keeps the newest event, and takes the
// worst severity; a finding of another path or rule is left alone.
func TestUniquePaths(t *testing.T) {
	t0 := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
	warn := rules.Warning
	id, other := ackrules.ServiceInvalidAnnotation, ackrules.ServiceUnknownAnnotation
	in := []Finding{
		{Rule: id, Check: "a", Source: SourceCheck, Path: "p", Message: "one", Severity: &warn},
		{Rule: other, Check: "a", Source: SourceCheck, Path: "p", Message: "x"},
		{Rule: id, Check: "b", Source: SourceCheck, Path: "p", Message: "two"},
		{Rule: id, Check: "a", Source: SourceCheck, Path: "q", Message: "elsewhere"},
		{Rule: id, Check: "b", Source: SourceCheckEvent, Path: "p", Message: "one", Event: "ev", Count: 2, LastSeen: t0},
		{Rule: rules.GenericServiceUnmatchedWarning, Check: "events", Source: SourceEvent, Message: "m1", Count: 1, LastSeen: t0},
		{Rule: rules.GenericServiceUnmatchedWarning, Check: "events", Source: SourceEvent, Message: "m2", Count: 4, LastSeen: t0.Add(time.Minute)},
	}
	out, merged := UniquePaths(slices.Clone(in))
	if merged != 2 {
		t.Errorf("merged %d findings of checks, want 2", merged)
	}
	if len(out) != 4 {
		t.Fatalf("want 4 findings, got %d: %+v", len(out), out)
	}
	f := out[0]
	if f.Check != "a" || f.Message != "one | two" || f.Source != SourceCheckEvent || f.Event != "ev" || f.Count != 2 ||
		!f.LastSeen.Equal(t0) || f.EffectiveSeverity() != id.Rule().Severity {
		t.Errorf("merged finding: %+v", f)
	}
	if out[1].Rule != other || out[2].Path != "q" {
		t.Errorf("other findings moved or merged: %+v", out[1:3])
	}
	e := out[3]
	if e.Message != "m1 | m2" || e.Count != 5 || !e.LastSeen.Equal(t0.Add(time.Minute)) || e.Source != SourceEvent {
		t.Errorf("merged event finding: %+v", e)
	}
	again, _ := UniquePaths(slices.Clone(in))
	if len(again) != len(out) || again[0].Message != out[0].Message || again[3].Message != out[3].Message {
		t.Errorf("two merges of the same findings differ")
	}
}
