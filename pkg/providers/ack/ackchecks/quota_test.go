package ackchecks

import (
	"fmt"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// poolSlice is the EndpointSlice of Service svc with one ready pod on each of the first n nodes of pool.
func poolSlice(svc, pool string, n int) runtime.Object {
	var eps []FxEP
	for i := 0; i < n; i++ {
		eps = append(eps, FxEP{Pod: fmt.Sprintf("%s-%d", svc, i), Node: fmt.Sprintf("%s%03d", pool, i), Ready: true})
	}
	return FxSlice(svc, eps...)
}

func TestACKBackendQuotaPerCLB(t *testing.T) {
	const lb = "lb-bp1o94dp5i6earr9g6d1l"
	reuse := func(kv ...string) map[string]string {
		return Anns(append([]string{"id", lb, "force-override-listeners", "true"}, kv...)...)
	}
	// The target web: Cluster mode on the 120 nodes of pool a, with a ready pod.
	base := func(more ...runtime.Object) []runtime.Object {
		out := Objs(ACKSvc(reuse("backend-label", "pool=a")), FxPod("web-1", "a000", true),
			FxDeployment("cloud-controller-manager", NewCCM), FxDaemonSet("terway-eniip", "terway:v1.9"))
		out = append(out, PoolNodes("a", 120)...)
		out = append(out, PoolNodes("b", 100)...)
		return append(out, more...)
	}
	otherNS := func(o *corev1.Service) { o.Namespace = "other" }
	gapOther := func(s *snapshot.Snapshot) {
		g := snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden, RBAC: "list endpointslices, pods in other"}
		s.EndpointSlices.MarkGap("other", g)
		s.Pods.MarkGap("other", g)
	}
	runRuleCases(t, ackrules.Provider, []RuleCase{
		{Name: "two Services on one CLB with disjoint nodes",
			Objs: base(Sibling("api", reuse("backend-label", "pool=b"))),
			Rule: ackrules.ServiceBackendQuota, Path: ACKPath("id")},
		{Name: "a node shared by two Services counts once",
			Objs: base(Sibling("api", reuse("backend-label", "pool=a"))),
			Rule: ackrules.ServiceBackendQuota},
		{Name: "a Service on another CLB does not count",
			Objs: base(Sibling("api", Anns("id", "lb-bp1other00000000000001", "backend-label", "pool=b"))),
			Rule: ackrules.ServiceBackendQuota},
		{Name: "legacy loadbalancer-id key names the same CLB",
			Objs: base(Sibling("api", Anns(ackann.LegacyPrefix+"id", lb, "backend-label", "pool=b"))),
			Rule: ackrules.ServiceBackendQuota, Path: ACKPath("id")},
		{Name: "a NodePort Service with the annotation has no CLB",
			Objs: base(Sibling("api", reuse("backend-label", "pool=b"), func(s *corev1.Service) { s.Spec.Type = corev1.ServiceTypeNodePort })),
			Rule: ackrules.ServiceBackendQuota},
		{Name: "Local sibling counts nodes with a ready pod: 120+90",
			Objs: base(Sibling("api", reuse(), ETPLocal), poolSlice("api", "b", 90)),
			Rule: ackrules.ServiceBackendQuota, Path: ACKPath("id")},
		{Name: "Local sibling counts nodes with a ready pod: 120+70",
			Objs: base(Sibling("api", reuse(), ETPLocal), poolSlice("api", "b", 70)),
			Rule: ackrules.ServiceBackendQuota},
		{Name: "ENI sibling counts pods: 120+90",
			Objs: base(Sibling("api", reuse(ackann.BackendType, "eni", "spec", "slb.s1.small")), poolSlice("api", "b", 90)),
			Rule: ackrules.ServiceBackendQuota, Path: ACKPath("id")},
		{Name: "sibling backends unknown: skipped, not counted",
			Objs: base(Sibling("api", reuse(), ETPLocal, otherNS)), Gap: gapOther,
			Rule: ackrules.ServiceBackendQuota, Skip: "ack-backends"},
		{Name: "known Services already exceed the quota although one is unknown",
			Objs: base(Sibling("api", reuse("backend-label", "pool=b")), Sibling("batch", reuse(), ETPLocal, otherNS)), Gap: gapOther,
			Rule: ackrules.ServiceBackendQuota, Path: ACKPath("id"), Skip: "ack-backends"},
		{Name: "Service list unknown: skipped",
			Objs: base(Sibling("api", reuse("backend-label", "pool=b"))),
			Gap: func(s *snapshot.Snapshot) {
				s.Services.MarkGap("", snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden, RBAC: "list services"})
			},
			Rule: ackrules.ServiceBackendQuota, Skip: "ack-backends"},
	})
}

// TestACKBackendQuotaOwnNodes: a Service that alone exceeds the quota is reported at its own
// setting, once, whatever shares its CLB.
func TestACKBackendQuotaOwnNodes(t *testing.T) {
	svc := ACKSvc(Anns("id", "lb-bp1o94dp5i6earr9g6d1l", "force-override-listeners", "true"))
	o := append(Objs(svc, FxPod("web-1", "a000", true), Sibling("api", Anns("id", "lb-bp1o94dp5i6earr9g6d1l"))), PoolNodes("a", 201)...)
	res := diagnose(t, Fixture(t, o...), snapshot.KindService, "web", ackrules.Provider)
	if got := ByRule(res)[ackrules.ServiceBackendQuota]; len(got) != 1 || got[0] != "spec.externalTrafficPolicy" {
		t.Errorf("want one %s at spec.externalTrafficPolicy, got %v", ackrules.ServiceBackendQuota, got)
	}
}

// TestACKQuotaSiblingPodsFetchedLive: a Service on the target's CLB without EndpointSlices is counted
// from its pods, as backendsOf falls back to them, so a live run reads those pods.
func TestACKQuotaSiblingPodsFetchedLive(t *testing.T) {
	const lb = "lb-bp1o94dp5i6earr9g6d1l"
	in := Objs(ACKSvc(Anns("id", lb, "force-override-listeners", "true", "backend-label", "pool=a")), FxPod("web-1", "a000", true),
		FxDeployment("cloud-controller-manager", NewCCM), FxDaemonSet("terway-eniip", "terway:v1.9"),
		Sibling("api", Anns("id", lb, "force-override-listeners", "true"), ETPLocal))
	in = append(in, PoolNodes("a", 120)...)
	in = append(in, PoolNodes("b", 100)...)
	for i := range 90 {
		in = append(in, FxPod(fmt.Sprintf("api-%d", i), fmt.Sprintf("b%03d", i), true, func(p *corev1.Pod) { p.Labels = map[string]string{"app": "api"} }))
	}
	s, rd := FetchLive(t, suite(), suite().Checks(), []snapshot.Target{{Kind: snapshot.KindService, Namespace: NS, Name: "web"}}, in...)
	if !HasRead(rd, "list pods "+NS+" app=api") {
		t.Errorf("the sibling's pods were not read: %v", rd)
	}
	res := diagnose(t, s, snapshot.KindService, "web", ackrules.Provider)
	if got := ByRule(res)[ackrules.ServiceBackendQuota]; !ContainsPath(got, ACKPath("id")) {
		t.Errorf("want %s at %s (120 + 90 backends), got %v, skipped %+v", ackrules.ServiceBackendQuota, ACKPath("id"), ByRule(res), res.Skipped)
	}
}

// TestACKQuotaClusterModeWithoutEndpoints: in Cluster mode every eligible node is a backend, so the
// quota is judged when the endpoints cannot be read; in Local mode it is not.
func TestACKQuotaClusterModeWithoutEndpoints(t *testing.T) {
	run := func(t *testing.T, svc *corev1.Service) checks.Result {
		s := snapshot.New("test")
		for _, o := range append(Objs(svc, FxDeployment("cloud-controller-manager", NewCCM)), PoolNodes("a", 210)...) {
			if err := s.Add(o); err != nil {
				t.Fatal(err)
			}
		}
		s.MarkComplete()
		g := snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden, RBAC: "list endpointslices, pods in default"}
		s.EndpointSlices.MarkGap(NS, g)
		s.Pods.MarkGap(NS, g)
		return diagnose(t, s, snapshot.KindService, "web", ackrules.Provider)
	}
	t.Run("Cluster mode: 210 nodes", func(t *testing.T) {
		AssertVerdict(t, run(t, ACKSvc(nil)), ackrules.ServiceBackendQuota, rules.Error, false)
	})
	t.Run("Local mode: unknown", func(t *testing.T) {
		res := run(t, ACKSvc(nil, func(s *corev1.Service) { s.Spec.ExternalTrafficPolicy = corev1.ServiceExternalTrafficPolicyLocal }))
		AssertVerdict(t, res, ackrules.ServiceBackendQuota, rules.Error, true)
		if !SkippedChecks(res)["ack-backends"] {
			t.Errorf("want ack-backends skipped, got %+v", res.Skipped)
		}
	})
}
