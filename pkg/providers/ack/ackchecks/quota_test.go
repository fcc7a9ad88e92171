package ackchecks

import (
	"fmt"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// poolSlice is the EndpointSlice of Service svc with one ready pod on each of the first n nodes of pool.
func poolSlice(svc, pool string, n int) runtime.Object {
	var eps []checkstest.FxEP
	for i := 0; i < n; i++ {
		eps = append(eps, checkstest.FxEP{Pod: fmt.Sprintf("%s-%d", svc, i), Node: fmt.Sprintf("%s%03d", pool, i), Ready: true})
	}
	return checkstest.FxSlice(svc, eps...)
}

func TestACKBackendQuotaPerCLB(t *testing.T) {
	const lb = "lb-bp1o94dp5i6earr9g6d1l"
	reuse := func(kv ...string) map[string]string {
		return m(append([]string{"id", lb, "force-override-listeners", "true"}, kv...)...)
	}
	// The target web: Cluster mode on the 120 nodes of pool a, with a ready pod.
	base := func(more ...runtime.Object) []runtime.Object {
		out := checkstest.Objs(ackSvc(reuse("backend-label", "pool=a")), checkstest.FxPod("web-1", "a000", true),
			checkstest.FxDeployment("cloud-controller-manager", newCCM), checkstest.FxDaemonSet("terway-eniip", "terway:v1.9"))
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
	runRuleCases(t, ackrules.Provider, []checkstest.RuleCase{
		{Name: "two Services on one CLB with disjoint nodes",
			Objs: base(sibling("api", reuse("backend-label", "pool=b"))),
			Rule: ackrules.ServiceBackendQuota, Path: a("id")},
		{Name: "a node shared by two Services counts once",
			Objs: base(sibling("api", reuse("backend-label", "pool=a"))),
			Rule: ackrules.ServiceBackendQuota},
		{Name: "a Service on another CLB does not count",
			Objs: base(sibling("api", m("id", "lb-bp1other00000000000001", "backend-label", "pool=b"))),
			Rule: ackrules.ServiceBackendQuota},
		{Name: "legacy loadbalancer-id key names the same CLB",
			Objs: base(sibling("api", m(ackann.LegacyPrefix+"id", lb, "backend-label", "pool=b"))),
			Rule: ackrules.ServiceBackendQuota, Path: a("id")},
		{Name: "a NodePort Service with the annotation has no CLB",
			Objs: base(sibling("api", reuse("backend-label", "pool=b"), func(s *corev1.Service) { s.Spec.Type = corev1.ServiceTypeNodePort })),
			Rule: ackrules.ServiceBackendQuota},
		{Name: "Local sibling counts nodes with a ready pod: 120+90",
			Objs: base(sibling("api", reuse(), checkstest.ETPLocal), poolSlice("api", "b", 90)),
			Rule: ackrules.ServiceBackendQuota, Path: a("id")},
		{Name: "Local sibling counts nodes with a ready pod: 120+70",
			Objs: base(sibling("api", reuse(), checkstest.ETPLocal), poolSlice("api", "b", 70)),
			Rule: ackrules.ServiceBackendQuota},
		{Name: "ENI sibling counts pods: 120+90",
			Objs: base(sibling("api", reuse(ackann.BackendType, "eni", "spec", "slb.s1.small")), poolSlice("api", "b", 90)),
			Rule: ackrules.ServiceBackendQuota, Path: a("id")},
		{Name: "sibling backends unknown: skipped, not counted",
			Objs: base(sibling("api", reuse(), checkstest.ETPLocal, otherNS)), Gap: gapOther,
			Rule: ackrules.ServiceBackendQuota, Skip: "ack-backends"},
		{Name: "known Services already exceed the quota although one is unknown",
			Objs: base(sibling("api", reuse("backend-label", "pool=b")), sibling("batch", reuse(), checkstest.ETPLocal, otherNS)), Gap: gapOther,
			Rule: ackrules.ServiceBackendQuota, Path: a("id"), Skip: "ack-backends"},
		{Name: "Service list unknown: skipped",
			Objs: base(sibling("api", reuse("backend-label", "pool=b"))),
			Gap: func(s *snapshot.Snapshot) {
				s.Services.MarkGap("", snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden, RBAC: "list services"})
			},
			Rule: ackrules.ServiceBackendQuota, Skip: "ack-backends"},
	})
}

// TestACKBackendQuotaOwnNodes: a Service that alone exceeds the quota is reported at its own
// setting, once, whatever shares its CLB.
func TestACKBackendQuotaOwnNodes(t *testing.T) {
	svc := ackSvc(m("id", "lb-bp1o94dp5i6earr9g6d1l", "force-override-listeners", "true"))
	o := append(checkstest.Objs(svc, checkstest.FxPod("web-1", "a000", true), sibling("api", m("id", "lb-bp1o94dp5i6earr9g6d1l"))), poolNodes("a", 201)...)
	res := diagnose(t, checkstest.Fixture(t, o...), snapshot.KindService, "web", ackrules.Provider)
	if got := checkstest.ByRule(res)[ackrules.ServiceBackendQuota]; len(got) != 1 || got[0] != "spec.externalTrafficPolicy" {
		t.Errorf("want one %s at spec.externalTrafficPolicy, got %v", ackrules.ServiceBackendQuota, got)
	}
}

// TestACKQuotaSiblingPodsFetchedLive: a Service on the target's CLB without EndpointSlices is counted
// from its pods, as backendsOf falls back to them, so a live run reads those pods.
func TestACKQuotaSiblingPodsFetchedLive(t *testing.T) {
	const lb = "lb-bp1o94dp5i6earr9g6d1l"
	in := checkstest.Objs(ackSvc(m("id", lb, "force-override-listeners", "true", "backend-label", "pool=a")), checkstest.FxPod("web-1", "a000", true),
		checkstest.FxDeployment("cloud-controller-manager", newCCM), checkstest.FxDaemonSet("terway-eniip", "terway:v1.9"),
		sibling("api", m("id", lb, "force-override-listeners", "true"), checkstest.ETPLocal))
	in = append(in, poolNodes("a", 120)...)
	in = append(in, poolNodes("b", 100)...)
	for i := range 90 {
		in = append(in, checkstest.FxPod(fmt.Sprintf("api-%d", i), fmt.Sprintf("b%03d", i), true, func(p *corev1.Pod) { p.Labels = map[string]string{"app": "api"} }))
	}
	s, rd := checkstest.FetchLive(t, suite(), suite().Checks(), []snapshot.Target{{Kind: snapshot.KindService, Namespace: checkstest.NS, Name: "web"}}, in...)
	if !checkstest.HasRead(rd, "list pods "+checkstest.NS+" app=api") {
		t.Errorf("the sibling's pods were not read: %v", rd)
	}
	res := diagnose(t, s, snapshot.KindService, "web", ackrules.Provider)
	if got := checkstest.ByRule(res)[ackrules.ServiceBackendQuota]; !checkstest.ContainsPath(got, a("id")) {
		t.Errorf("want %s at %s (120 + 90 backends), got %v, skipped %+v", ackrules.ServiceBackendQuota, a("id"), checkstest.ByRule(res), res.Skipped)
	}
}

// TestACKQuotaClusterModeWithoutEndpoints: in Cluster mode every eligible node is a backend, so the
// quota is judged when the endpoints cannot be read; in Local mode it is not.
func TestACKQuotaClusterModeWithoutEndpoints(t *testing.T) {
	run := func(t *testing.T, svc *corev1.Service) checks.Result {
		s := snapshot.New("test")
		for _, o := range append(checkstest.Objs(svc, checkstest.FxDeployment("cloud-controller-manager", newCCM)), poolNodes("a", 210)...) {
			if err := s.Add(o); err != nil {
				t.Fatal(err)
			}
		}
		s.MarkComplete()
		g := snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden, RBAC: "list endpointslices, pods in default"}
		s.EndpointSlices.MarkGap(checkstest.NS, g)
		s.Pods.MarkGap(checkstest.NS, g)
		return diagnose(t, s, snapshot.KindService, "web", ackrules.Provider)
	}
	t.Run("Cluster mode: 210 nodes", func(t *testing.T) {
		checkstest.AssertVerdict(t, run(t, ackSvc(nil)), ackrules.ServiceBackendQuota, rules.Error, false)
	})
	t.Run("Local mode: unknown", func(t *testing.T) {
		res := run(t, ackSvc(nil, func(s *corev1.Service) { s.Spec.ExternalTrafficPolicy = corev1.ServiceExternalTrafficPolicyLocal }))
		checkstest.AssertVerdict(t, res, ackrules.ServiceBackendQuota, rules.Error, true)
		if !checkstest.SkippedChecks(res)["ack-backends"] {
			t.Errorf("want ack-backends skipped, got %+v", res.Skipped)
		}
	})
}
