package checks

import (
	"fmt"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// ruleCase diagnoses target Service web in a snapshot of objs (gap, when set, makes parts of it
// unknown). With path set, rule must be reported there; without, it must not be reported at all.
// skip, when set, names a check that must be reported as skipped.
type ruleCase struct {
	name string
	objs []runtime.Object
	gap  func(*snapshot.Snapshot)
	rule rules.ID
	path string
	skip string
}

func runRuleCases(t *testing.T, p rules.Provider, cases []ruleCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			s := fixture(t, tt.objs...)
			if tt.gap != nil {
				tt.gap(s)
			}
			res := diagnose(t, s, snapshot.KindService, "web", p)
			got := byRule(res)[tt.rule]
			switch {
			case tt.path == "" && len(reported(res)[tt.rule]) > 0:
				t.Errorf("%s reported at %v, want none", tt.rule, got)
			case tt.path != "" && !containsPath(got, tt.path):
				t.Errorf("want %s at %s, got %v (skipped %+v)", tt.rule, tt.path, byRule(res), res.Skipped)
			}
			if skipped := skippedChecks(res); tt.skip != "" && !skipped[tt.skip] {
				t.Errorf("want check %s skipped, got %+v", tt.skip, res.Skipped)
			} else if tt.skip == "" && len(res.Skipped) > 0 {
				t.Errorf("unexpected skips: %+v", res.Skipped)
			}
		})
	}
}

// poolNodes are n Ready workers named <pool>NNN and labelled pool=<pool>.
func poolNodes(pool string, n int) []runtime.Object {
	var out []runtime.Object
	for i := 0; i < n; i++ {
		out = append(out, fxNode(fmt.Sprintf("%s%03d", pool, i), nodeLabel("pool", pool)))
	}
	return out
}

// poolSlice is the EndpointSlice of Service svc with one ready pod on each of the first n nodes of pool.
func poolSlice(svc, pool string, n int) runtime.Object {
	var eps []fxEP
	for i := 0; i < n; i++ {
		eps = append(eps, fxEP{fmt.Sprintf("%s-%d", svc, i), fmt.Sprintf("%s%03d", pool, i), true})
	}
	return fxSlice(svc, eps...)
}

// sibling is LoadBalancer Service name with CLB annotations given by suffix (full keys as they are).
func sibling(name string, ann map[string]string, mods ...func(*corev1.Service)) *corev1.Service {
	s := ackSvc(ann, mods...)
	s.Name, s.UID = name, types.UID("uid-"+name)
	s.Spec.Selector = map[string]string{"app": name}
	return s
}

func TestACKBackendQuotaPerCLB(t *testing.T) {
	const lb = "lb-bp1o94dp5i6earr9g6d1l"
	reuse := func(kv ...string) map[string]string {
		return m(append([]string{"id", lb, "force-override-listeners", "true"}, kv...)...)
	}
	// The target web: Cluster mode on the 120 nodes of pool a, with a ready pod.
	base := func(more ...runtime.Object) []runtime.Object {
		out := objs(ackSvc(reuse("backend-label", "pool=a")), fxPod("web-1", "a000", true),
			fxDeployment("cloud-controller-manager", newCCM), fxDaemonSet("terway-eniip", "terway:v1.9"))
		out = append(out, poolNodes("a", 120)...)
		out = append(out, poolNodes("b", 100)...)
		return append(out, more...)
	}
	otherNS := func(o *corev1.Service) { o.Namespace = "other" }
	gapOther := func(s *snapshot.Snapshot) {
		g := snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden, RBAC: "list endpointslices, pods in other"}
		s.EndpointSlices.MarkGap("other", g)
		s.Pods.MarkGap("other", g)
	}
	runRuleCases(t, ackrules.Provider, []ruleCase{
		{name: "two Services on one CLB with disjoint nodes",
			objs: base(sibling("api", reuse("backend-label", "pool=b"))),
			rule: ackrules.ServiceBackendQuota, path: a("id")},
		{name: "a node shared by two Services counts once",
			objs: base(sibling("api", reuse("backend-label", "pool=a"))),
			rule: ackrules.ServiceBackendQuota},
		{name: "a Service on another CLB does not count",
			objs: base(sibling("api", m("id", "lb-bp1other00000000000001", "backend-label", "pool=b"))),
			rule: ackrules.ServiceBackendQuota},
		{name: "legacy loadbalancer-id key names the same CLB",
			objs: base(sibling("api", m(ackann.LegacyPrefix+"id", lb, "backend-label", "pool=b"))),
			rule: ackrules.ServiceBackendQuota, path: a("id")},
		{name: "a NodePort Service with the annotation has no CLB",
			objs: base(sibling("api", reuse("backend-label", "pool=b"), func(s *corev1.Service) { s.Spec.Type = corev1.ServiceTypeNodePort })),
			rule: ackrules.ServiceBackendQuota},
		{name: "Local sibling counts nodes with a ready pod: 120+90",
			objs: base(sibling("api", reuse(), etpLocal), poolSlice("api", "b", 90)),
			rule: ackrules.ServiceBackendQuota, path: a("id")},
		{name: "Local sibling counts nodes with a ready pod: 120+70",
			objs: base(sibling("api", reuse(), etpLocal), poolSlice("api", "b", 70)),
			rule: ackrules.ServiceBackendQuota},
		{name: "ENI sibling counts pods: 120+90",
			objs: base(sibling("api", reuse(ackann.BackendType, "eni", "spec", "slb.s1.small")), poolSlice("api", "b", 90)),
			rule: ackrules.ServiceBackendQuota, path: a("id")},
		{name: "sibling backends unknown: skipped, not counted",
			objs: base(sibling("api", reuse(), etpLocal, otherNS)), gap: gapOther,
			rule: ackrules.ServiceBackendQuota, skip: "ack-backends"},
		{name: "known Services already exceed the quota although one is unknown",
			objs: base(sibling("api", reuse("backend-label", "pool=b")), sibling("batch", reuse(), etpLocal, otherNS)), gap: gapOther,
			rule: ackrules.ServiceBackendQuota, path: a("id"), skip: "ack-backends"},
		{name: "Service list unknown: skipped",
			objs: base(sibling("api", reuse("backend-label", "pool=b"))),
			gap: func(s *snapshot.Snapshot) {
				s.Services.MarkGap("", snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden, RBAC: "list services"})
			},
			rule: ackrules.ServiceBackendQuota, skip: "ack-backends"},
	})
}

// TestACKBackendQuotaOwnNodes: a Service that alone exceeds the quota is reported at its own
// setting, once, whatever shares its CLB.
func TestACKBackendQuotaOwnNodes(t *testing.T) {
	svc := ackSvc(m("id", "lb-bp1o94dp5i6earr9g6d1l", "force-override-listeners", "true"))
	o := append(objs(svc, fxPod("web-1", "a000", true), sibling("api", m("id", "lb-bp1o94dp5i6earr9g6d1l"))), poolNodes("a", 201)...)
	res := diagnose(t, fixture(t, o...), snapshot.KindService, "web", ackrules.Provider)
	if got := byRule(res)[ackrules.ServiceBackendQuota]; len(got) != 1 || got[0] != "spec.externalTrafficPolicy" {
		t.Errorf("want one %s at spec.externalTrafficPolicy, got %v", ackrules.ServiceBackendQuota, got)
	}
}

// TestACKQuotaSiblingPodsFetchedLive: a Service on the target's CLB without EndpointSlices is counted
// from its pods, as backendsOf falls back to them, so a live run reads those pods.
func TestACKQuotaSiblingPodsFetchedLive(t *testing.T) {
	const lb = "lb-bp1o94dp5i6earr9g6d1l"
	in := objs(ackSvc(m("id", lb, "force-override-listeners", "true", "backend-label", "pool=a")), fxPod("web-1", "a000", true),
		fxDeployment("cloud-controller-manager", newCCM), fxDaemonSet("terway-eniip", "terway:v1.9"),
		sibling("api", m("id", lb, "force-override-listeners", "true"), etpLocal))
	in = append(in, poolNodes("a", 120)...)
	in = append(in, poolNodes("b", 100)...)
	for i := range 90 {
		in = append(in, fxPod(fmt.Sprintf("api-%d", i), fmt.Sprintf("b%03d", i), true, func(p *corev1.Pod) { p.Labels = map[string]string{"app": "api"} }))
	}
	s, rd := fetchLive(t, DefaultSuite().Checks(), []snapshot.Target{{Kind: snapshot.KindService, Namespace: ns, Name: "web"}}, in...)
	if !hasRead(rd, "list pods "+ns+" app=api") {
		t.Errorf("the sibling's pods were not read: %v", rd)
	}
	res := diagnose(t, s, snapshot.KindService, "web", ackrules.Provider)
	if got := byRule(res)[ackrules.ServiceBackendQuota]; !containsPath(got, a("id")) {
		t.Errorf("want %s at %s (120 + 90 backends), got %v, skipped %+v", ackrules.ServiceBackendQuota, a("id"), byRule(res), res.Skipped)
	}
}

// TestACKQuotaClusterModeWithoutEndpoints: in Cluster mode every eligible node is a backend, so the
// quota is judged when the endpoints cannot be read; in Local mode it is not.
func TestACKQuotaClusterModeWithoutEndpoints(t *testing.T) {
	run := func(t *testing.T, svc *corev1.Service) Result {
		s := snapshot.New("test")
		for _, o := range append(objs(svc, fxDeployment("cloud-controller-manager", newCCM)), poolNodes("a", 210)...) {
			if err := s.Add(o); err != nil {
				t.Fatal(err)
			}
		}
		s.MarkComplete()
		g := snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden, RBAC: "list endpointslices, pods in default"}
		s.EndpointSlices.MarkGap(ns, g)
		s.Pods.MarkGap(ns, g)
		return diagnose(t, s, snapshot.KindService, "web", ackrules.Provider)
	}
	t.Run("Cluster mode: 210 nodes", func(t *testing.T) {
		assertVerdict(t, run(t, ackSvc(nil)), ackrules.ServiceBackendQuota, rules.Error, false)
	})
	t.Run("Local mode: unknown", func(t *testing.T) {
		res := run(t, ackSvc(nil, func(s *corev1.Service) { s.Spec.ExternalTrafficPolicy = corev1.ServiceExternalTrafficPolicyLocal }))
		assertVerdict(t, res, ackrules.ServiceBackendQuota, rules.Error, true)
		if !skippedChecks(res)["ack-backends"] {
			t.Errorf("want ack-backends skipped, got %+v", res.Skipped)
		}
	})
}
