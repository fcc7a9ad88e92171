package tkechecks

import (
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func TestNginxGracefulShutdown(t *testing.T) {
	graceful := func(mods ...func(*corev1.Service)) *corev1.Service {
		return LBSvc(append([]func(*corev1.Service){SvcAnn(tkeann.SvcDirectAccess, "true"), SvcAnn(tkeann.SvcGraceShutdown, "true")}, mods...)...)
	}
	sleepWait := []string{"/bin/sh", "-c", "sleep 30; /wait-shutdown"}
	preStop := func(pod string) string {
		return checks.ObjPath(NS, "pod", pod, "spec.containers[0].lifecycle.preStop")
	}
	grace := func(secs int64) func(*corev1.Pod) {
		return func(p *corev1.Pod) { p.Spec.TerminationGracePeriodSeconds = &secs }
	}
	nodes := Objs(FxNode("n1"))
	with := func(svc *corev1.Service, pods ...*corev1.Pod) []runtime.Object {
		out := append(Objs(svc), nodes...)
		for _, p := range pods {
			out = append(out, p)
		}
		return out
	}
	id := tkerules.ServiceNginxGracefulShutdown
	runRuleCases(t, tkerules.Provider, []RuleCase{
		{Name: "direct access without enable-grace-shutdown",
			Objs: with(LBSvc(SvcAnn(tkeann.SvcDirectAccess, "true")), NginxPod("ctl-1", sleepWait...)),
			Rule: id, Path: checks.AnnPath(tkeann.SvcGraceShutdown)},
		{Name: "enable-grace-shutdown false",
			Objs: with(graceful(SvcAnn(tkeann.SvcGraceShutdown, "false")), NginxPod("ctl-1", sleepWait...)),
			Rule: id, Path: checks.AnnPath(tkeann.SvcGraceShutdown)},
		{Name: "preStop runs /wait-shutdown without a sleep",
			Objs: with(graceful(), NginxPod("ctl-1", sleepWait...), NginxPod("ctl-2", "/wait-shutdown")),
			Rule: id, Path: preStop("ctl-2")},
		{Name: "no preStop hook",
			Objs: with(graceful(), NginxPod("ctl-1")),
			Rule: id, Path: preStop("ctl-1")},
		{Name: "sleep after /wait-shutdown",
			Objs: with(graceful(), NginxPod("ctl-1", "/bin/sh", "-c", "/wait-shutdown; sleep 30")),
			Rule: id, Path: preStop("ctl-1")},
		{Name: "grace period ends before the sleep",
			Objs: with(graceful(), func() *corev1.Pod { p := NginxPod("ctl-1", sleepWait...); grace(20)(p); return p }()),
			Rule: id, Path: preStop("ctl-1")},
		{Name: "the handbook's sleep 30s before /wait-shutdown",
			Objs: with(graceful(), NginxPod("ctl-1", "sleep", "30s", "/wait-shutdown")),
			Rule: id},
		{Name: "sleep action of the kubelet",
			Objs: with(graceful(), func() *corev1.Pod {
				p := NginxPod("ctl-1")
				p.Spec.Containers[0].Lifecycle = &corev1.Lifecycle{PreStop: &corev1.LifecycleHandler{Sleep: &corev1.SleepAction{Seconds: 30}}}
				return p
			}()),
			Rule: id},
		{Name: "without direct access the CLB binds nodes, not pods",
			Objs: with(LBSvc(), NginxPod("ctl-1", "/wait-shutdown")),
			Rule: id},
		{Name: "pods that are not an NGINX Ingress controller",
			Objs: with(LBSvc(SvcAnn(tkeann.SvcDirectAccess, "true")), FxPod("web-1", "n1", true)),
			Rule: id},
		{Name: "controller pods unknown: skipped",
			Objs: with(LBSvc(SvcAnn(tkeann.SvcDirectAccess, "true"))),
			Gap: func(s *snapshot.Snapshot) {
				s.Pods.MarkGap(NS, snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden, RBAC: "list pods"})
				s.EndpointSlices.MarkGap(NS, snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden, RBAC: "list endpointslices"})
			},
			Rule: id, Skip: "tke-nginx-graceful-shutdown"},
	})
}

// TestNginxGracefulShutdownFacts: the problems of every controller pod make one finding.
func TestNginxGracefulShutdownFacts(t *testing.T) {
	o := Objs(LBSvc(SvcAnn(tkeann.SvcDirectAccess, "true")), FxNode("n1"), NginxPod("ctl-1", "/wait-shutdown"), NginxPod("ctl-2", "/wait-shutdown"))
	res := diagnose(t, Fixture(t, o...), snapshot.KindService, "web", tkerules.Provider)
	var got []checks.Finding
	for _, f := range res.Findings {
		if f.Rule == tkerules.ServiceNginxGracefulShutdown {
			got = append(got, f)
		}
	}
	if len(got) != 1 {
		t.Fatalf("want one finding, got %d: %+v", len(got), got)
	}
	f := got[0]
	if f.Check != "tke-nginx-graceful-shutdown" || f.Path != checks.AnnPath(tkeann.SvcGraceShutdown) || f.EffectiveSeverity() != rules.Warning {
		t.Errorf("finding %+v: want check tke-nginx-graceful-shutdown, path %s, warning", f, checks.AnnPath(tkeann.SvcGraceShutdown))
	}
	for _, fact := range []string{"ctl-1", "ctl-2"} {
		if !strings.Contains(f.Message, fact) {
			t.Errorf("message %q lacks %q", f.Message, fact)
		}
	}
}
