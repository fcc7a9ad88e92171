package checks

import (
	"fmt"
	"testing"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// grouped is Ingress name in namespace nsName sharing lb-4ymlu8dc as TKE documents it
// (enable-group with existLbId), routing host/.
func grouped(name, nsName, host string) *networkingv1.Ingress {
	return ingress(ingAnn(tkeann.IngExistLB, "lb-4ymlu8dc"), ingAnn(tkeann.EnableGroup, "true"), ingHost(host), func(i *networkingv1.Ingress) {
		i.Name, i.Namespace = name, nsName
	})
}

// mergedController is kube-system/tke-service-controller-config of a controller at version, merged or not.
func mergedController(version, merged string) *corev1.ConfigMap {
	return sysConfigMap(tkeServiceCtrlCM, map[string]string{"VERSION": version, "EnableIngressController": merged})
}

func TestTKEIngressGroup(t *testing.T) {
	groupRules := []rules.ID{tkerules.IngressE4020, tkerules.IngressE4101, tkerules.IngressGroupWithService,
		tkerules.IngressGroupRuleConflict, tkerules.IngressGroupCrowded, tkerules.IngressGroupUnsupported}
	tests := []struct {
		name string
		objs []runtime.Object
		want map[rules.ID]string // rule → path; every other group rule must stay silent
	}{
		{name: "documented sharing across namespaces", objs: objs(grouped("bar", ns, "a.example.com"), grouped("other", "ns2", "b.example.com"),
			mergedController("v2.10.1", "true"))},
		{name: "same host and path in two Ingresses", objs: objs(grouped("bar", ns, "a.example.com"),
			grouped("other", ns, "a.example.com"), mergedController("v2.10.0", "true")), want: map[rules.ID]string{
			tkerules.IngressGroupRuleConflict: "spec.rules[0].http.paths[0]"}},
		{name: "peer outside the group", objs: objs(grouped("bar", ns, "a.example.com"),
			ingress(ingAnn(tkeann.IngExistLB, "lb-4ymlu8dc"), func(i *networkingv1.Ingress) { i.Name = "other" })),
			want: map[rules.ID]string{tkerules.IngressE4020: AnnPath(tkeann.IngExistLB)}},
		{name: "a Service on the shared CLB", objs: objs(grouped("bar", ns, "a.example.com"),
			service("other", corev1.ServiceTypeLoadBalancer, svcAnn(tkeann.ExistedLBID, "lb-4ymlu8dc"))),
			want: map[rules.ID]string{tkerules.IngressGroupWithService: AnnPath(tkeann.IngExistLB)}},
		{name: "more Ingresses than recommended", objs: groupCrowdObjects(),
			want: map[rules.ID]string{tkerules.IngressGroupCrowded: AnnPath(tkeann.IngExistLB)}},
		{name: "controller too old", objs: objs(grouped("bar", ns, "a.example.com"), mergedController("v2.9.3", "true")),
			want: map[rules.ID]string{tkerules.IngressGroupUnsupported: ObjPath(KubeSystem, "configmap", tkeServiceCtrlCM, "data.VERSION")}},
		{name: "controller not merged", objs: objs(grouped("bar", ns, "a.example.com"), mergedController("v2.11.0", "false")),
			want: map[rules.ID]string{tkerules.IngressGroupUnsupported: ObjPath(KubeSystem, "configmap", tkeServiceCtrlCM, "data.EnableIngressController")}},
		{name: "no controller ConfigMap decides nothing", objs: objs(grouped("bar", ns, "a.example.com"))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := byRule(diagnose(t, fixture(t, withObjs(healthy(), tt.objs)...), snapshot.KindIngress, "bar", tkerules.Provider))
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

// groupCrowdObjects are Ingress bar and as many more sharing its CLB as TKE recommends in all.
func groupCrowdObjects() []runtime.Object {
	out := objs(grouped("bar", ns, "a.example.com"))
	for i := range groupCrowd {
		out = append(out, grouped(fmt.Sprintf("peer-%d", i), ns, fmt.Sprintf("h%d.example.com", i)))
	}
	return out
}
