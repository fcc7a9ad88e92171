package checks

import (
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// nginxPod is a ready NGINX Ingress controller pod of Service web whose preStop runs command, with
// the grace period of the community chart. It has an ENI of its own (VPC-CNI), so direct access can
// bind it.
func nginxPod(name string, command ...string) *corev1.Pod {
	return fxPod(name, "n1", true, func(p *corev1.Pod) {
		p.Annotations = map[string]string{tkeNetworksAnn: "tke-route-eni"}
		grace := int64(300)
		p.Spec.TerminationGracePeriodSeconds = &grace
		ct := &p.Spec.Containers[0]
		ct.Name, ct.Image = "controller", "ccr.ccs.tencentyun.com/tkeimages/nginx-ingress-controller:v1.9.5"
		ct.Lifecycle = nil
		if len(command) > 0 {
			ct.Lifecycle = &corev1.Lifecycle{PreStop: &corev1.LifecycleHandler{Exec: &corev1.ExecAction{Command: command}}}
		}
	})
}

func TestNginxGracefulShutdown(t *testing.T) {
	graceful := func(mods ...func(*corev1.Service)) *corev1.Service {
		return lbSvc(append([]func(*corev1.Service){svcAnn(tkeann.SvcDirectAccess, "true"), svcAnn(tkeann.SvcGraceShutdown, "true")}, mods...)...)
	}
	sleepWait := []string{"/bin/sh", "-c", "sleep 30; /wait-shutdown"}
	preStop := func(pod string) string {
		return ObjPath(ns, "pod", pod, "spec.containers[0].lifecycle.preStop")
	}
	grace := func(secs int64) func(*corev1.Pod) {
		return func(p *corev1.Pod) { p.Spec.TerminationGracePeriodSeconds = &secs }
	}
	nodes := objs(fxNode("n1"))
	with := func(svc *corev1.Service, pods ...*corev1.Pod) []runtime.Object {
		out := append(objs(svc), nodes...)
		for _, p := range pods {
			out = append(out, p)
		}
		return out
	}
	id := tkerules.ServiceNginxGracefulShutdown
	runRuleCases(t, tkerules.Provider, []ruleCase{
		{name: "direct access without enable-grace-shutdown",
			objs: with(lbSvc(svcAnn(tkeann.SvcDirectAccess, "true")), nginxPod("ctl-1", sleepWait...)),
			rule: id, path: AnnPath(tkeann.SvcGraceShutdown)},
		{name: "enable-grace-shutdown false",
			objs: with(graceful(svcAnn(tkeann.SvcGraceShutdown, "false")), nginxPod("ctl-1", sleepWait...)),
			rule: id, path: AnnPath(tkeann.SvcGraceShutdown)},
		{name: "preStop runs /wait-shutdown without a sleep",
			objs: with(graceful(), nginxPod("ctl-1", sleepWait...), nginxPod("ctl-2", "/wait-shutdown")),
			rule: id, path: preStop("ctl-2")},
		{name: "no preStop hook",
			objs: with(graceful(), nginxPod("ctl-1")),
			rule: id, path: preStop("ctl-1")},
		{name: "sleep after /wait-shutdown",
			objs: with(graceful(), nginxPod("ctl-1", "/bin/sh", "-c", "/wait-shutdown; sleep 30")),
			rule: id, path: preStop("ctl-1")},
		{name: "grace period ends before the sleep",
			objs: with(graceful(), func() *corev1.Pod { p := nginxPod("ctl-1", sleepWait...); grace(20)(p); return p }()),
			rule: id, path: preStop("ctl-1")},
		{name: "the handbook's sleep 30s before /wait-shutdown",
			objs: with(graceful(), nginxPod("ctl-1", "sleep", "30s", "/wait-shutdown")),
			rule: id},
		{name: "sleep action of the kubelet",
			objs: with(graceful(), func() *corev1.Pod {
				p := nginxPod("ctl-1")
				p.Spec.Containers[0].Lifecycle = &corev1.Lifecycle{PreStop: &corev1.LifecycleHandler{Sleep: &corev1.SleepAction{Seconds: 30}}}
				return p
			}()),
			rule: id},
		{name: "without direct access the CLB binds nodes, not pods",
			objs: with(lbSvc(), nginxPod("ctl-1", "/wait-shutdown")),
			rule: id},
		{name: "pods that are not an NGINX Ingress controller",
			objs: with(lbSvc(svcAnn(tkeann.SvcDirectAccess, "true")), fxPod("web-1", "n1", true)),
			rule: id},
		{name: "controller pods unknown: skipped",
			objs: with(lbSvc(svcAnn(tkeann.SvcDirectAccess, "true"))),
			gap: func(s *snapshot.Snapshot) {
				s.Pods.MarkGap(ns, snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden, RBAC: "list pods"})
				s.EndpointSlices.MarkGap(ns, snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden, RBAC: "list endpointslices"})
			},
			rule: id, skip: "tke-nginx-graceful-shutdown"},
	})
}

// TestNginxGracefulShutdownFacts: the problems of every controller pod make one finding.
func TestNginxGracefulShutdownFacts(t *testing.T) {
	o := objs(lbSvc(svcAnn(tkeann.SvcDirectAccess, "true")), fxNode("n1"), nginxPod("ctl-1", "/wait-shutdown"), nginxPod("ctl-2", "/wait-shutdown"))
	res := diagnose(t, fixture(t, o...), snapshot.KindService, "web", tkerules.Provider)
	var got []Finding
	for _, f := range res.Findings {
		if f.Rule == tkerules.ServiceNginxGracefulShutdown {
			got = append(got, f)
		}
	}
	if len(got) != 1 {
		t.Fatalf("want one finding, got %d: %+v", len(got), got)
	}
	f := got[0]
	if f.Check != "tke-nginx-graceful-shutdown" || f.Path != AnnPath(tkeann.SvcGraceShutdown) || f.EffectiveSeverity() != rules.Warning {
		t.Errorf("finding %+v: want check tke-nginx-graceful-shutdown, path %s, warning", f, AnnPath(tkeann.SvcGraceShutdown))
	}
	for _, fact := range []string{"ctl-1", "ctl-2"} {
		if !strings.Contains(f.Message, fact) {
			t.Errorf("message %q lacks %q", f.Message, fact)
		}
	}
}
