package checks_test

import (
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// auditCase is one input that must not raise the rules in absent, and must raise those in present.
type auditCase struct {
	name    string
	objs    []runtime.Object
	kind    snapshot.Kind
	target  string
	p       rules.Provider
	absent  []rules.ID
	present []rules.ID
}

func runAuditCases(t *testing.T, cases []auditCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			res := diagnose(t, Fixture(t, tt.objs...), tt.kind, tt.target, tt.p)
			got := ByRule(res)
			for _, id := range tt.absent {
				if len(got[id]) > 0 {
					t.Errorf("%s reported at %v", id, got[id])
				}
			}
			for _, id := range tt.present {
				if len(got[id]) == 0 {
					t.Errorf("want %s, got %v (skipped %v)", id, got, res.Skipped)
				}
			}
		})
	}
}

// TestDocumentedCodesOnlyForTheirMeaning: conditions the documents file under no code are reported
// under their own rule, never under a code that means something else.
func TestDocumentedCodesOnlyForTheirMeaning(t *testing.T) {
	old := func(ann ...string) []runtime.Object {
		s := LBSvc()
		for i := 0; i+1 < len(ann); i += 2 {
			s.Annotations[ann[i]] = ann[i+1]
		}
		return Objs(s, TKEServiceConfig("web-config", map[string]any{}))
	}
	runAuditCases(t, []auditCase{
		{name: "malformed boolean is not E4033", objs: old(tkeann.SvcDirectAccess, "yes"), kind: snapshot.KindService, target: "web", p: tkerules.Provider,
			absent: []rules.ID{tkerules.ServiceE4033}, present: []rules.ID{tkerules.ServiceInvalidBool}},
		{name: "malformed VPC id is not E4075", objs: old(tkeann.SvcCrossRegion, "ap-shanghai", tkeann.SvcCrossVPC, "vpc-1"), kind: snapshot.KindService, target: "web", p: tkerules.Provider,
			absent: []rules.ID{tkerules.ServiceE4075}, present: []rules.ID{tkerules.ServiceInvalidVPCID}},
		{name: "named + auto config is not Service E4026", objs: old(tkeann.SvcServiceConfig, "web-config", tkeann.SvcServiceConfigAuto, "true"), kind: snapshot.KindService, target: "web", p: tkerules.Provider,
			absent: []rules.ID{tkerules.ServiceE4026}, present: []rules.ID{tkerules.ServiceConfigConflict}},
		{name: "named + auto config is not Ingress E4051", objs: WithObjs(TKEHealthy(), Objs(Ingress(IngAnn(tkeann.IngServiceConfig, "bar-config"), IngAnn(tkeann.IngServiceConfigAuto, "true")))),
			kind: snapshot.KindIngress, target: "bar", p: tkerules.Provider,
			absent: []rules.ID{tkerules.IngressE4051}, present: []rules.ID{tkerules.IngressConfigConflict}},
		{name: "missing host aliases on a healthy controller is not E6006", objs: Objs(Ingress(), l7Controller(func(d *appsv1.Deployment) { d.Spec.Template.Spec.HostAliases = nil })),
			kind: snapshot.KindIngress, target: "bar", p: tkerules.Provider,
			absent: []rules.ID{tkerules.IngressE6006}, present: []rules.ID{tkerules.IngressAPIHostAliases}},
		{name: "an unchanged resource group is not resource-group-immutable", objs: WithObjs(ACKHealthy(), Objs(ACKSvc(Anns("resource-group-id", "rg-acfmz7u4zzfsabc")))),
			kind: snapshot.KindService, target: "web", p: ackrules.Provider,
			absent: []rules.ID{ackrules.ServiceResourceGroupImmutable}, present: []rules.ID{ackrules.ServiceResourceGroupFixed}},
		{name: "the nginx webhook that refuses v1 Ingresses is E6009", objs: Objs(Ingress(), NginxWebhook("v1"), NginxDeployment("k8s.gcr.io/ingress-nginx/controller:v0.49.3")),
			kind: snapshot.KindIngress, target: "bar", p: tkerules.Provider, present: []rules.ID{tkerules.IngressE6009}},
	})
}

// TestNoFalseAlarmsOnDocumentedFormats: valid objects shaped as the vendors document them raise
// nothing.
func TestNoFalseAlarmsOnDocumentedFormats(t *testing.T) {
	// TKE's redirect example: rewrite entries carry no backend; https-rules may be the JSON null.
	rewrite := Ingress(IngAnn(tkeann.RewriteSupport, "true"), IngAnn(tkeann.RuleMix, "true"), IngAnn(tkeann.HTTPSRules, "null"),
		IngAnn(tkeann.HTTPRules, `[{"path":"/a","backend":{"serviceName":"web","servicePort":"80"}},`+
			`{"path":"/v1/a","rewrite":{"port":80,"path":"/a"}},{"host":"shop.example.com","path":"/v2/a","rewrite":{"port":443,"host":"shop.example.com","path":"/a"}}]`))
	ghost := func(p *corev1.Pod) { p.Spec.NodeName = "ghost" }
	runAuditCases(t, []auditCase{
		{name: "TKE rewrite entries without backend", objs: WithObjs(TKEHealthy(), Objs(rewrite)), kind: snapshot.KindIngress, target: "bar", p: tkerules.Provider,
			absent: []rules.ID{tkerules.IngressE4022, tkerules.IngressE4023, tkerules.IngressW1000, tkerules.IngressE4041}},
		{name: "ACK ENI Service without a spec annotation", objs: WithObjs(ACKHealthy(), Objs(ACKSvc(Anns("backend-type", "eni")))), kind: snapshot.KindService, target: "web", p: ackrules.Provider,
			absent: []rules.ID{ackrules.ServiceENISharedSpec}},
		{name: "ACK Local Service whose pod runs on a node the snapshot lacks",
			objs: Objs(ACKSvc(nil, ETPLocal), FxNode("n1"), FxPod("web-1", "n1", true, ghost), FxDeployment("cloud-controller-manager", NewCCM)),
			kind: snapshot.KindService, target: "web", p: ackrules.Provider, absent: []rules.ID{ackrules.ServiceNoAvailableNodes}},
	})
}

// TestUnseenNodeIsNotCalledExcluded: a backend pod on a node the snapshot lacks is not described as
// running on an excluded node.
func TestUnseenNodeIsNotCalledExcluded(t *testing.T) {
	s := Fixture(t, Service("web", corev1.ServiceTypeLoadBalancer, ETPLocal), FxNode("n1", NodeLabel(LabelExcludeLB, "true")),
		FxPod("web-1", "ghost", true))
	for _, f := range diagnose(t, s, snapshot.KindService, "web", rules.Generic).Findings {
		if f.Rule == rules.GenericServiceExternalTrafficLocal && f.EffectiveSeverity() == rules.Error {
			t.Errorf("unseen node reported as excluded: %s", f.Message)
		}
	}
}
