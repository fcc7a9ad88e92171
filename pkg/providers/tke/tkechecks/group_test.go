package tkechecks

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func TestTKEIngressGroup(t *testing.T) {
	groupRules := []rules.ID{tkerules.IngressE4020, tkerules.IngressE4101, tkerules.IngressGroupWithService,
		tkerules.IngressGroupRuleConflict, tkerules.IngressGroupCrowded, tkerules.IngressGroupUnsupported}
	tests := []struct {
		name string
		objs []runtime.Object
		want map[rules.ID]string // rule → path; every other group rule must stay silent
	}{
		{name: "documented sharing across namespaces", objs: checkstest.Objs(grouped("bar", checkstest.NS, "a.example.com"), grouped("other", "ns2", "b.example.com"),
			mergedController("v2.10.1", "true"))},
		{name: "same host and path in two Ingresses", objs: checkstest.Objs(grouped("bar", checkstest.NS, "a.example.com"),
			grouped("other", checkstest.NS, "a.example.com"), mergedController("v2.10.0", "true")), want: map[rules.ID]string{
			tkerules.IngressGroupRuleConflict: "spec.rules[0].http.paths[0]"}},
		{name: "peer outside the group", objs: checkstest.Objs(grouped("bar", checkstest.NS, "a.example.com"),
			checkstest.Ingress(checkstest.IngAnn(tkeann.IngExistLB, "lb-4ymlu8dc"), func(i *networkingv1.Ingress) { i.Name = "other" })),
			want: map[rules.ID]string{tkerules.IngressE4020: checks.AnnPath(tkeann.IngExistLB)}},
		{name: "a Service on the shared CLB", objs: checkstest.Objs(grouped("bar", checkstest.NS, "a.example.com"),
			checkstest.Service("other", corev1.ServiceTypeLoadBalancer, checkstest.SvcAnn(tkeann.ExistedLBID, "lb-4ymlu8dc"))),
			want: map[rules.ID]string{tkerules.IngressGroupWithService: checks.AnnPath(tkeann.IngExistLB)}},
		{name: "more Ingresses than recommended", objs: groupCrowdObjects(),
			want: map[rules.ID]string{tkerules.IngressGroupCrowded: checks.AnnPath(tkeann.IngExistLB)}},
		{name: "controller too old", objs: checkstest.Objs(grouped("bar", checkstest.NS, "a.example.com"), mergedController("v2.9.3", "true")),
			want: map[rules.ID]string{tkerules.IngressGroupUnsupported: checks.ObjPath(checks.KubeSystem, "configmap", tkeServiceCtrlCM, "data.VERSION")}},
		{name: "controller not merged", objs: checkstest.Objs(grouped("bar", checkstest.NS, "a.example.com"), mergedController("v2.11.0", "false")),
			want: map[rules.ID]string{tkerules.IngressGroupUnsupported: checks.ObjPath(checks.KubeSystem, "configmap", tkeServiceCtrlCM, "data.EnableIngressController")}},
		{name: "a suffixed build of v2.10.0 is v2.10.0", objs: checkstest.Objs(grouped("bar", checkstest.NS, "a.example.com"), mergedController("v2.10.0-tke.1", "true"))},
		{name: "same host, another path", objs: checkstest.Objs(grouped("bar", checkstest.NS, "a.example.com"),
			checkstest.Ingress(checkstest.IngAnn(tkeann.IngExistLB, "lb-4ymlu8dc"), checkstest.IngAnn(tkeann.EnableGroup, "true"), checkstest.IngHost("a.example.com"),
				func(i *networkingv1.Ingress) { i.Name, i.Spec.Rules[0].HTTP.Paths[0].Path = "other", "/api" }), mergedController("v2.10.0", "true"))},
		{name: "no controller ConfigMap decides nothing", objs: checkstest.Objs(grouped("bar", checkstest.NS, "a.example.com"))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := checkstest.ByRule(diagnose(t, checkstest.Fixture(t, withObjs(healthy(), tt.objs)...), snapshot.KindIngress, "bar", tkerules.Provider))
			for _, id := range groupRules {
				path, want := tt.want[id]
				switch {
				case want && !containsPath(got[id], path):
					t.Errorf("want %s at %s, got %v", id, path, got[id])
				case !want && len(got[id]) > 0:
					t.Errorf("unexpected %s at %v", id, got[id])
				}
			}
		})
	}
}
