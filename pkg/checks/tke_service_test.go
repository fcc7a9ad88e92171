package checks

import (
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// lbSvc is the target of the TKE Service tests: LoadBalancer Service web (its pods: fxPod).
func lbSvc(mods ...func(*corev1.Service)) *corev1.Service {
	return service("web", corev1.ServiceTypeLoadBalancer, mods...)
}

func podAnn(k, v string) func(*corev1.Pod) {
	return func(p *corev1.Pod) {
		if p.Annotations == nil {
			p.Annotations = map[string]string{}
		}
		p.Annotations[k] = v
	}
}

// annCase: annotation key set to bad is reported as want at the annotation, set to good it is not.
func annCase(name, key, bad, good string, want rules.ID) svcCase {
	return svcCase{name: name, bad: objs(lbSvc(svcAnn(key, bad))), fixed: objs(lbSvc(svcAnn(key, good))), want: want, path: AnnPath(key)}
}

func TestTKEServiceChecks(t *testing.T) {
	const lb = "lb-4ymlu8dc"
	other := func(mods ...func(*corev1.Service)) *corev1.Service {
		return service("other", corev1.ServiceTypeLoadBalancer, mods...)
	}
	direct := lbSvc(svcAnn(tkeann.SvcDirectAccess, "true"))
	udp53 := func(s *corev1.Service) { s.Spec.Ports[0].Port, s.Spec.Ports[0].Protocol = 53, corev1.ProtocolUDP }
	runServiceCases(t, tkerules.Provider, []svcCase{
		annCase("E4005 extensiveParameters not an object", tkeann.SvcExtensive, `"ZoneId"`, `{"ZoneId":"ap-guangzhou-1"}`, tkerules.ServiceE4005),
		annCase("E4011 existed lb id format", tkeann.ExistedLBID, "lb-123", lb, tkerules.ServiceE4011),
		annCase("E4037 subnet id format", tkeann.InternalSubnetID, "subnet-12", "subnet-ewhltulw", tkerules.ServiceE4037),
		annCase("E4075 zone instead of region", tkeann.SvcCrossRegion, "ap-guangzhou-1", "ap-guangzhou", tkerules.ServiceE4075),
		{name: "invalid-vpc-id cross vpc id format",
			bad:   objs(lbSvc(svcAnn(tkeann.SvcCrossRegion, "ap-shanghai"), svcAnn(tkeann.SvcCrossVPC, "vpc-1"))),
			fixed: objs(lbSvc(svcAnn(tkeann.SvcCrossRegion, "ap-shanghai"), svcAnn(tkeann.SvcCrossVPC, "vpc-646vhcjj"))),
			want:  tkerules.ServiceInvalidVPCID, path: AnnPath(tkeann.SvcCrossVPC)},
		{name: "E4012 reused lb created for another Service",
			bad:   objs(lbSvc(svcAnn(tkeann.ExistedLBID, lb)), other(svcAnn(tkeann.LoadBalanceID, lb))),
			fixed: objs(lbSvc(svcAnn(tkeann.ExistedLBID, "lb-aaaabbbb")), other(svcAnn(tkeann.LoadBalanceID, lb))),
			want:  tkerules.ServiceE4012, path: AnnPath(tkeann.ExistedLBID)},
		{name: "E4012 reused lb created for an Ingress",
			bad:   objs(lbSvc(svcAnn(tkeann.ExistedLBID, lb)), ingress(ingAnn(tkeann.IngLBID, lb))),
			fixed: objs(lbSvc(svcAnn(tkeann.ExistedLBID, "lb-aaaabbbb")), ingress(ingAnn(tkeann.IngLBID, lb))),
			want:  tkerules.ServiceE4012, path: AnnPath(tkeann.ExistedLBID)},
		{name: "E4014 same port on shared lb",
			bad: objs(lbSvc(svcAnn(tkeann.ExistedLBID, lb)), other(svcAnn(tkeann.ExistedLBID, lb), svcAnn(tkeann.LoadBalanceID, lb))),
			fixed: objs(lbSvc(svcAnn(tkeann.ExistedLBID, lb), func(s *corev1.Service) { s.Spec.Ports[0].Port = 8080 }),
				other(svcAnn(tkeann.ExistedLBID, lb), svcAnn(tkeann.LoadBalanceID, lb))),
			want: tkerules.ServiceE4014, path: "spec.ports[0]"},
		{name: "E4014 conflict needs the same protocol",
			bad: objs(lbSvc(svcAnn(tkeann.ExistedLBID, lb)), other(svcAnn(tkeann.ExistedLBID, lb))),
			fixed: objs(lbSvc(svcAnn(tkeann.ExistedLBID, lb)), other(svcAnn(tkeann.ExistedLBID, lb), func(s *corev1.Service) {
				s.Spec.Ports[0].Protocol = corev1.ProtocolUDP
			})),
			want: tkerules.ServiceE4014, path: "spec.ports[0]"},
		{name: "E4026 TkeServiceConfig missing",
			bad:   objs(lbSvc(svcAnn(tkeann.SvcServiceConfig, "absent"))),
			fixed: objs(lbSvc(svcAnn(tkeann.SvcServiceConfig, "web-config")), tkeServiceConfig("web-config", map[string]any{})),
			want:  tkerules.ServiceE4026, path: AnnPath(tkeann.SvcServiceConfig)},
		{name: "E4026 TkeServiceConfig in another namespace",
			bad:   objs(lbSvc(svcAnn(tkeann.SvcServiceConfig, "web-config")), inNamespace("other", tkeServiceConfig("web-config", map[string]any{}))),
			fixed: objs(lbSvc(svcAnn(tkeann.SvcServiceConfig, "web-config")), tkeServiceConfig("web-config", map[string]any{})),
			want:  tkerules.ServiceE4026, path: AnnPath(tkeann.SvcServiceConfig)},
		{name: "service-config-conflict named config with auto config",
			bad: objs(lbSvc(svcAnn(tkeann.SvcServiceConfig, "web-config"), svcAnn(tkeann.SvcServiceConfigAuto, "true")),
				tkeServiceConfig("web-config", map[string]any{})),
			fixed: objs(lbSvc(svcAnn(tkeann.SvcServiceConfig, "web-config"), svcAnn(tkeann.SvcServiceConfigAuto, "false")),
				tkeServiceConfig("web-config", map[string]any{})),
			want: tkerules.ServiceConfigConflict, path: AnnPath(tkeann.SvcServiceConfig)},
		annCase("invalid-bool direct-access", tkeann.SvcDirectAccess, "yes", "false", tkerules.ServiceInvalidBool),
		annCase("invalid-bool prevent-loopback", tkeann.PreventLoopback, "on", "true", tkerules.ServiceInvalidBool),
		annCase("invalid-bool tke-service-config-auto", tkeann.SvcServiceConfigAuto, "enabled", "false", tkerules.ServiceInvalidBool),
		{name: "E4014 same port and protocol (UDP) on shared lb; TCP and UDP 53 are two listeners",
			bad: objs(lbSvc(svcAnn(tkeann.ExistedLBID, lb), udp53), other(svcAnn(tkeann.ExistedLBID, lb), udp53)),
			fixed: objs(lbSvc(svcAnn(tkeann.ExistedLBID, lb), udp53),
				other(svcAnn(tkeann.ExistedLBID, lb), func(s *corev1.Service) { s.Spec.Ports[0].Port = 53 })),
			want: tkerules.ServiceE4014, path: "spec.ports[0]"},
		{name: "E4033 hostNetwork pods",
			bad: objs(direct, fxNode("n1"), fxPod("web-1", "n1", true, podAnn(tkeNetworksAnn, "tke-route-eni"),
				func(p *corev1.Pod) { p.Spec.HostNetwork = true })),
			fixed: objs(direct, fxNode("n1"), fxPod("web-1", "n1", true, podAnn(tkeNetworksAnn, "tke-route-eni"))),
			want:  tkerules.ServiceE4033, path: AnnPath(tkeann.SvcDirectAccess)},
		{name: "E4033 no ENI sign; a node label is one",
			bad:   objs(direct, fxNode("n1"), fxPod("web-1", "n1", true)),
			fixed: objs(direct, fxNode("n1", nodeLabel("tke.cloud.tencent.com/route-eni", "true")), fxPod("web-1", "n1", true)),
			want:  tkerules.ServiceE4033, path: AnnPath(tkeann.SvcDirectAccess)},
		{name: "E4033 no ENI sign; an eni-ip request is one",
			bad: objs(direct, fxNode("n1"), fxPod("web-1", "n1", true)),
			fixed: objs(direct, fxNode("n1"), fxPod("web-1", "n1", true, func(p *corev1.Pod) {
				p.Spec.Containers[0].Resources.Requests = corev1.ResourceList{tkeENIIP: resource.MustParse("1")}
			})),
			want: tkerules.ServiceE4033, path: AnnPath(tkeann.SvcDirectAccess)},
		{name: "E4033 no ENI sign; a super node is one",
			bad:   objs(direct, fxNode("n1"), fxPod("web-1", "n1", true)),
			fixed: objs(direct, fxNode("n1", nodeLabel(instanceTypeKey, superNodeType)), fxPod("web-1", "n1", true)),
			want:  tkerules.ServiceE4033, path: AnnPath(tkeann.SvcDirectAccess)},
	})
}

func TestTKEServiceValidIsClean(t *testing.T) {
	svc := lbSvc(svcAnn(tkeann.ExistedLBID, "lb-aaaabbbb"), svcAnn(tkeann.InternalSubnetID, "subnet-ewhltulw"),
		svcAnn(tkeann.SvcDirectAccess, "true"), svcAnn(tkeann.SvcServiceConfig, "web-config"),
		svcAnn(tkeann.SvcExtensive, `{"ZoneId":"ap-guangzhou-3"}`), svcAnn(tkeann.PreventLoopback, "true"))
	res := diagnose(t, fixture(t, svc, tkeServiceConfig("web-config", map[string]any{}),
		fxPod("web-1", "n1", true, podAnn(tkeIPClaimAnn, "Never")),
		kubeProxyDS("ccr.ccs.tencentyun.com/library/kube-proxy:v1.20.6-tke.12", "--proxy-mode=ipvs")),
		snapshot.KindService, "web", tkerules.Provider)
	for _, f := range res.Findings {
		if f.Source == "check" && strings.HasPrefix(f.Rule.String(), "tke.") {
			t.Errorf("unexpected finding %s at %s: %s", f.Rule, f.Path, f.Message)
		}
	}
}

// TestTKEServiceUnknownListsSkip: unreadable Service/Ingress lists, pods and TkeServiceConfigs make
// skips, never findings.
func TestTKEServiceUnknownListsSkip(t *testing.T) {
	s := snapshot.New("test")
	svc := lbSvc(svcAnn(tkeann.ExistedLBID, "lb-4ymlu8dc"), svcAnn(tkeann.SvcDirectAccess, "true"), svcAnn(tkeann.SvcServiceConfig, "absent"))
	if err := s.Add(svc); err != nil {
		t.Fatal(err)
	}
	res := diagnose(t, s, snapshot.KindService, "web", tkerules.Provider)
	for _, id := range []rules.ID{tkerules.ServiceE4012, tkerules.ServiceE4014, tkerules.ServiceE4033, tkerules.ServiceE4026} {
		if got := byRule(res)[id]; len(got) > 0 {
			t.Errorf("unknown objects became a finding %s at %v", id, got)
		}
	}
	assertSkipped(t, res, "tke-service-existing-lb", "tke-service-direct-access", "tke-service-config")
}

func TestVersionCompare(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"v1.18.4-tke.19", "v1.18.4-tke.20", -1},
		{"v1.18.4-tke.9", "v1.18.4-tke.20", -1},
		{"v1.20.6-tke.12", "v1.20.6-tke.12", 0},
		{"v1.18.5-tke.1", "v1.18.4-tke.20", 1},
		{"0.49.3", "v1.0.0", -1},
		{"v1.0.0-beta.3", "v1.0.0", -1},
		{"v1.9.3.276-g372aa98-aliyun", "v1.9.3.112-g93c7140-aliyun", 1},
	}
	for _, tt := range tests {
		t.Run(tt.a+" vs "+tt.b, func(t *testing.T) {
			a, err := ParseVersion(tt.a)
			if err != nil {
				t.Fatal(err)
			}
			b, err := ParseVersion(tt.b)
			if err != nil {
				t.Fatal(err)
			}
			if got := a.Compare(b); got != tt.want {
				t.Errorf("compare = %d, want %d", got, tt.want)
			}
		})
	}
	for img, want := range map[string]string{"k8s.gcr.io/ingress-nginx/controller:v0.49.3@sha256:abc": "v0.49.3",
		"localhost:5000/kube-proxy": "", "kube-proxy:v1.18.4-tke.19": "v1.18.4-tke.19"} {
		if got := ImageTag(img); got != want {
			t.Errorf("imageTag(%q) = %q, want %q", img, got, want)
		}
	}
	for _, bad := range []string{"latest", "v1", "1.x.3", ""} {
		if _, err := ParseVersion(bad); err == nil {
			t.Errorf("parseVersion(%q) accepted", bad)
		}
	}
}

func TestTKEServiceBackendsLabel(t *testing.T) {
	lb := func(sel string, mods ...func(*corev1.Service)) runtime.Object {
		return service("web", corev1.ServiceTypeLoadBalancer, append([]func(*corev1.Service){svcAnn(tkeann.BackendsLabel, sel)}, mods...)...)
	}
	access := fxNode("n1", nodeLabel("group", "access-layer"))
	plain := fxNode("n2")
	runRuleCases(t, tkerules.Provider, []ruleCase{
		{name: "selector matches a node", objs: []runtime.Object{lb("group=access-layer"), access, plain},
			rule: tkerules.ServiceBackendsLabelNoNodes},
		{name: "set-based selector matches a node", objs: []runtime.Object{lb("group in (access-layer, edge)"), access},
			rule: tkerules.ServiceBackendsLabelNoNodes},
		{name: "selector matches no node", objs: []runtime.Object{lb("group=access-layer"), plain},
			rule: tkerules.ServiceBackendsLabelNoNodes, path: AnnPath(tkeann.BackendsLabel)},
		{name: "no node at all", objs: []runtime.Object{lb("group=access-layer")},
			rule: tkerules.ServiceBackendsLabelNoNodes, path: AnnPath(tkeann.BackendsLabel)},
		{name: "direct access: the CLB forwards to pods", objs: []runtime.Object{lb("group=access-layer", svcAnn(tkeann.SvcDirectAccess, "true")), plain},
			rule: tkerules.ServiceBackendsLabelNoNodes},
		{name: "not a selector", objs: []runtime.Object{lb("group==a==b"), access},
			rule: tkerules.ServiceBackendsLabelInvalid, path: AnnPath(tkeann.BackendsLabel)},
		{name: "empty selector", objs: []runtime.Object{lb(" "), access},
			rule: tkerules.ServiceBackendsLabelInvalid, path: AnnPath(tkeann.BackendsLabel)},
		{name: "no annotation", objs: []runtime.Object{service("web", corev1.ServiceTypeLoadBalancer), plain},
			rule: tkerules.ServiceBackendsLabelNoNodes},
	})
	t.Run("offline, no node of the files matches: unknown", func(t *testing.T) {
		in := "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  namespace: default\n  annotations:\n    " +
			tkeann.BackendsLabel + ": group=access-layer\nspec:\n  type: LoadBalancer\n  ports: [{port: 80}]\n---\n" +
			"apiVersion: v1\nkind: Node\nmetadata: {name: n2}\n"
		s, err := snapshot.FromFiles([]string{"-"}, strings.NewReader(in), ns)
		if err != nil {
			t.Fatal(err)
		}
		res := diagnose(t, s, snapshot.KindService, "web", tkerules.Provider)
		if got := byRule(res)[tkerules.ServiceBackendsLabelNoNodes]; len(got) > 0 {
			t.Errorf("offline finding at %v", got)
		}
		if !skippedChecks(res)["tke-service-backends-label"] {
			t.Errorf("check not skipped: %+v", res.Skipped)
		}
	})
}

// inNamespace moves a TkeServiceConfig to namespace n.
func inNamespace(n string, u *unstructured.Unstructured) *unstructured.Unstructured {
	u.SetNamespace(n)
	return u
}
