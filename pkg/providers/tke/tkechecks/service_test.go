package tkechecks

import (
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func podAnn(k, v string) func(*corev1.Pod) {
	return func(p *corev1.Pod) {
		if p.Annotations == nil {
			p.Annotations = map[string]string{}
		}
		p.Annotations[k] = v
	}
}

// annCase: annotation key set to bad is reported as want at the annotation, set to good it is not.
func annCase(name, key, bad, good string, want rules.ID) SvcCase {
	return SvcCase{Name: name, Bad: Objs(LBSvc(SvcAnn(key, bad))), Fixed: Objs(LBSvc(SvcAnn(key, good))), Want: want, Path: checks.AnnPath(key)}
}

func TestTKEServiceChecks(t *testing.T) {
	const lb = "lb-4ymlu8dc"
	other := func(mods ...func(*corev1.Service)) *corev1.Service {
		return Service("other", corev1.ServiceTypeLoadBalancer, mods...)
	}
	direct := LBSvc(SvcAnn(tkeann.SvcDirectAccess, "true"))
	udp53 := func(s *corev1.Service) { s.Spec.Ports[0].Port, s.Spec.Ports[0].Protocol = 53, corev1.ProtocolUDP }
	runServiceCases(t, tkerules.Provider, []SvcCase{
		annCase("E4005 extensiveParameters not an object", tkeann.SvcExtensive, `"ZoneId"`, `{"ZoneId":"ap-guangzhou-1"}`, tkerules.ServiceE4005),
		annCase("E4011 existed lb id format", tkeann.ExistedLBID, "lb-123", lb, tkerules.ServiceE4011),
		annCase("E4037 subnet id format", tkeann.InternalSubnetID, "subnet-12", "subnet-ewhltulw", tkerules.ServiceE4037),
		annCase("E4075 zone instead of region", tkeann.SvcCrossRegion, "ap-guangzhou-1", "ap-guangzhou", tkerules.ServiceE4075),
		{Name: "invalid-vpc-id cross vpc id format",
			Bad:   Objs(LBSvc(SvcAnn(tkeann.SvcCrossRegion, "ap-shanghai"), SvcAnn(tkeann.SvcCrossVPC, "vpc-1"))),
			Fixed: Objs(LBSvc(SvcAnn(tkeann.SvcCrossRegion, "ap-shanghai"), SvcAnn(tkeann.SvcCrossVPC, "vpc-646vhcjj"))),
			Want:  tkerules.ServiceInvalidVPCID, Path: checks.AnnPath(tkeann.SvcCrossVPC)},
		{Name: "E4012 reused lb created for another Service",
			Bad:   Objs(LBSvc(SvcAnn(tkeann.ExistedLBID, lb)), other(SvcAnn(tkeann.LoadBalanceID, lb))),
			Fixed: Objs(LBSvc(SvcAnn(tkeann.ExistedLBID, "lb-aaaabbbb")), other(SvcAnn(tkeann.LoadBalanceID, lb))),
			Want:  tkerules.ServiceE4012, Path: checks.AnnPath(tkeann.ExistedLBID)},
		{Name: "E4012 reused lb created for an Ingress",
			Bad:   Objs(LBSvc(SvcAnn(tkeann.ExistedLBID, lb)), Ingress(IngAnn(tkeann.IngLBID, lb))),
			Fixed: Objs(LBSvc(SvcAnn(tkeann.ExistedLBID, "lb-aaaabbbb")), Ingress(IngAnn(tkeann.IngLBID, lb))),
			Want:  tkerules.ServiceE4012, Path: checks.AnnPath(tkeann.ExistedLBID)},
		{Name: "E4014 same port on shared lb",
			Bad: Objs(LBSvc(SvcAnn(tkeann.ExistedLBID, lb)), other(SvcAnn(tkeann.ExistedLBID, lb), SvcAnn(tkeann.LoadBalanceID, lb))),
			Fixed: Objs(LBSvc(SvcAnn(tkeann.ExistedLBID, lb), func(s *corev1.Service) { s.Spec.Ports[0].Port = 8080 }),
				other(SvcAnn(tkeann.ExistedLBID, lb), SvcAnn(tkeann.LoadBalanceID, lb))),
			Want: tkerules.ServiceE4014, Path: "spec.ports[0]"},
		{Name: "E4014 conflict needs the same protocol",
			Bad: Objs(LBSvc(SvcAnn(tkeann.ExistedLBID, lb)), other(SvcAnn(tkeann.ExistedLBID, lb))),
			Fixed: Objs(LBSvc(SvcAnn(tkeann.ExistedLBID, lb)), other(SvcAnn(tkeann.ExistedLBID, lb), func(s *corev1.Service) {
				s.Spec.Ports[0].Protocol = corev1.ProtocolUDP
			})),
			Want: tkerules.ServiceE4014, Path: "spec.ports[0]"},
		{Name: "E4026 TkeServiceConfig missing",
			Bad:   Objs(LBSvc(SvcAnn(tkeann.SvcServiceConfig, "absent"))),
			Fixed: Objs(LBSvc(SvcAnn(tkeann.SvcServiceConfig, "web-config")), TKEServiceConfig("web-config", map[string]any{})),
			Want:  tkerules.ServiceE4026, Path: checks.AnnPath(tkeann.SvcServiceConfig)},
		{Name: "E4026 TkeServiceConfig in another namespace",
			Bad:   Objs(LBSvc(SvcAnn(tkeann.SvcServiceConfig, "web-config")), inNamespace("other", TKEServiceConfig("web-config", map[string]any{}))),
			Fixed: Objs(LBSvc(SvcAnn(tkeann.SvcServiceConfig, "web-config")), TKEServiceConfig("web-config", map[string]any{})),
			Want:  tkerules.ServiceE4026, Path: checks.AnnPath(tkeann.SvcServiceConfig)},
		{Name: "service-config-conflict named config with auto config",
			Bad: Objs(LBSvc(SvcAnn(tkeann.SvcServiceConfig, "web-config"), SvcAnn(tkeann.SvcServiceConfigAuto, "true")),
				TKEServiceConfig("web-config", map[string]any{})),
			Fixed: Objs(LBSvc(SvcAnn(tkeann.SvcServiceConfig, "web-config"), SvcAnn(tkeann.SvcServiceConfigAuto, "false")),
				TKEServiceConfig("web-config", map[string]any{})),
			Want: tkerules.ServiceConfigConflict, Path: checks.AnnPath(tkeann.SvcServiceConfig)},
		annCase("invalid-bool direct-access", tkeann.SvcDirectAccess, "yes", "false", tkerules.ServiceInvalidBool),
		annCase("invalid-bool prevent-loopback", tkeann.PreventLoopback, "on", "true", tkerules.ServiceInvalidBool),
		annCase("invalid-bool tke-service-config-auto", tkeann.SvcServiceConfigAuto, "enabled", "false", tkerules.ServiceInvalidBool),
		{Name: "E4014 same port and protocol (UDP) on shared lb; TCP and UDP 53 are two listeners",
			Bad: Objs(LBSvc(SvcAnn(tkeann.ExistedLBID, lb), udp53), other(SvcAnn(tkeann.ExistedLBID, lb), udp53)),
			Fixed: Objs(LBSvc(SvcAnn(tkeann.ExistedLBID, lb), udp53),
				other(SvcAnn(tkeann.ExistedLBID, lb), func(s *corev1.Service) { s.Spec.Ports[0].Port = 53 })),
			Want: tkerules.ServiceE4014, Path: "spec.ports[0]"},
		{Name: "E4033 hostNetwork pods",
			Bad: Objs(direct, FxNode("n1"), FxPod("web-1", "n1", true, podAnn(tkeNetworksAnn, "tke-route-eni"),
				func(p *corev1.Pod) { p.Spec.HostNetwork = true })),
			Fixed: Objs(direct, FxNode("n1"), FxPod("web-1", "n1", true, podAnn(tkeNetworksAnn, "tke-route-eni"))),
			Want:  tkerules.ServiceE4033, Path: checks.AnnPath(tkeann.SvcDirectAccess)},
		{Name: "E4033 no ENI sign; a node label is one",
			Bad:   Objs(direct, FxNode("n1"), FxPod("web-1", "n1", true)),
			Fixed: Objs(direct, FxNode("n1", NodeLabel("tke.cloud.tencent.com/route-eni", "true")), FxPod("web-1", "n1", true)),
			Want:  tkerules.ServiceE4033, Path: checks.AnnPath(tkeann.SvcDirectAccess)},
		{Name: "E4033 no ENI sign; an eni-ip request is one",
			Bad: Objs(direct, FxNode("n1"), FxPod("web-1", "n1", true)),
			Fixed: Objs(direct, FxNode("n1"), FxPod("web-1", "n1", true, func(p *corev1.Pod) {
				p.Spec.Containers[0].Resources.Requests = corev1.ResourceList{tkeENIIP: resource.MustParse("1")}
			})),
			Want: tkerules.ServiceE4033, Path: checks.AnnPath(tkeann.SvcDirectAccess)},
		{Name: "E4033 no ENI sign; a super node is one",
			Bad:   Objs(direct, FxNode("n1"), FxPod("web-1", "n1", true)),
			Fixed: Objs(direct, FxNode("n1", NodeLabel(instanceTypeKey, superNodeType)), FxPod("web-1", "n1", true)),
			Want:  tkerules.ServiceE4033, Path: checks.AnnPath(tkeann.SvcDirectAccess)},
	})
}

func TestTKEServiceValidIsClean(t *testing.T) {
	svc := LBSvc(SvcAnn(tkeann.ExistedLBID, "lb-aaaabbbb"), SvcAnn(tkeann.InternalSubnetID, "subnet-ewhltulw"),
		SvcAnn(tkeann.SvcDirectAccess, "true"), SvcAnn(tkeann.SvcServiceConfig, "web-config"),
		SvcAnn(tkeann.SvcExtensive, `{"ZoneId":"ap-guangzhou-3"}`), SvcAnn(tkeann.PreventLoopback, "true"))
	res := diagnose(t, Fixture(t, svc, TKEServiceConfig("web-config", map[string]any{}),
		FxPod("web-1", "n1", true, podAnn(tkeIPClaimAnn, "Never")),
		KubeProxyDS("ccr.ccs.tencentyun.com/library/kube-proxy:v1.20.6-tke.12", "--proxy-mode=ipvs")),
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
	svc := LBSvc(SvcAnn(tkeann.ExistedLBID, "lb-4ymlu8dc"), SvcAnn(tkeann.SvcDirectAccess, "true"), SvcAnn(tkeann.SvcServiceConfig, "absent"))
	if err := s.Add(svc); err != nil {
		t.Fatal(err)
	}
	res := diagnose(t, s, snapshot.KindService, "web", tkerules.Provider)
	for _, id := range []rules.ID{tkerules.ServiceE4012, tkerules.ServiceE4014, tkerules.ServiceE4033, tkerules.ServiceE4026} {
		if got := ByRule(res)[id]; len(got) > 0 {
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
			a, err := checks.ParseVersion(tt.a)
			if err != nil {
				t.Fatal(err)
			}
			b, err := checks.ParseVersion(tt.b)
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
		if got := checks.ImageTag(img); got != want {
			t.Errorf("imageTag(%q) = %q, want %q", img, got, want)
		}
	}
	for _, bad := range []string{"latest", "v1", "1.x.3", ""} {
		if _, err := checks.ParseVersion(bad); err == nil {
			t.Errorf("parseVersion(%q) accepted", bad)
		}
	}
}

func TestTKEServiceBackendsLabel(t *testing.T) {
	lb := func(sel string, mods ...func(*corev1.Service)) runtime.Object {
		return Service("web", corev1.ServiceTypeLoadBalancer, append([]func(*corev1.Service){SvcAnn(tkeann.BackendsLabel, sel)}, mods...)...)
	}
	access := FxNode("n1", NodeLabel("group", "access-layer"))
	plain := FxNode("n2")
	runRuleCases(t, tkerules.Provider, []RuleCase{
		{Name: "selector matches a node", Objs: []runtime.Object{lb("group=access-layer"), access, plain},
			Rule: tkerules.ServiceBackendsLabelNoNodes},
		{Name: "set-based selector matches a node", Objs: []runtime.Object{lb("group in (access-layer, edge)"), access},
			Rule: tkerules.ServiceBackendsLabelNoNodes},
		{Name: "selector matches no node", Objs: []runtime.Object{lb("group=access-layer"), plain},
			Rule: tkerules.ServiceBackendsLabelNoNodes, Path: checks.AnnPath(tkeann.BackendsLabel)},
		{Name: "no node at all", Objs: []runtime.Object{lb("group=access-layer")},
			Rule: tkerules.ServiceBackendsLabelNoNodes, Path: checks.AnnPath(tkeann.BackendsLabel)},
		{Name: "direct access: the CLB forwards to pods", Objs: []runtime.Object{lb("group=access-layer", SvcAnn(tkeann.SvcDirectAccess, "true")), plain},
			Rule: tkerules.ServiceBackendsLabelNoNodes},
		{Name: "not a selector", Objs: []runtime.Object{lb("group==a==b"), access},
			Rule: tkerules.ServiceBackendsLabelInvalid, Path: checks.AnnPath(tkeann.BackendsLabel)},
		{Name: "empty selector", Objs: []runtime.Object{lb(" "), access},
			Rule: tkerules.ServiceBackendsLabelInvalid, Path: checks.AnnPath(tkeann.BackendsLabel)},
		{Name: "no annotation", Objs: []runtime.Object{Service("web", corev1.ServiceTypeLoadBalancer), plain},
			Rule: tkerules.ServiceBackendsLabelNoNodes},
	})
	t.Run("offline, no node of the files matches: unknown", func(t *testing.T) {
		in := "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  namespace: default\n  annotations:\n    " +
			tkeann.BackendsLabel + ": group=access-layer\nspec:\n  type: LoadBalancer\n  ports: [{port: 80}]\n---\n" +
			"apiVersion: v1\nkind: Node\nmetadata: {name: n2}\n"
		s, err := snapshot.FromFiles([]string{"-"}, strings.NewReader(in), NS)
		if err != nil {
			t.Fatal(err)
		}
		res := diagnose(t, s, snapshot.KindService, "web", tkerules.Provider)
		if got := ByRule(res)[tkerules.ServiceBackendsLabelNoNodes]; len(got) > 0 {
			t.Errorf("offline finding at %v", got)
		}
		if !SkippedChecks(res)["tke-service-backends-label"] {
			t.Errorf("check not skipped: %+v", res.Skipped)
		}
	})
}

// inNamespace moves a TkeServiceConfig to namespace n.
func inNamespace(n string, u *unstructured.Unstructured) *unstructured.Unstructured {
	u.SetNamespace(n)
	return u
}

// TestDirectAccessSwitchNamedWhenItMatters: E4033 names the cluster switch GlobalRouteDirectAccess
// only when a pod was ruled out for lack of a VPC-CNI sign (the switch would let the CLB bind it), and
// states its value only when it was read.
func TestDirectAccessSwitchNamedWhenItMatters(t *testing.T) {
	hostNet := FxPod("web-1", "n1", true, func(p *corev1.Pod) { p.Spec.HostNetwork = true })
	noENI := FxPod("web-2", "n1", true)
	off := SysConfigMap(tkeServiceCtrlCM, map[string]string{tkeGlobalRouteDirectKey: "false"})
	for _, tc := range []struct {
		name       string
		objs       []runtime.Object
		unreadable bool
		sev        rules.Severity
		names      bool // the message names the switch
	}{
		{name: "hostNetwork pod, switch unreadable", objs: Objs(hostNet), unreadable: true, sev: rules.Error},
		{name: "hostNetwork pod, switch off", objs: Objs(hostNet, off), sev: rules.Error},
		{name: "pod without an ENI sign, switch off", objs: Objs(noENI, off), sev: rules.Error, names: true},
		{name: "pod without an ENI sign, switch unreadable", objs: Objs(noENI), unreadable: true, sev: rules.Warning, names: true},
		{name: "both pods, switch unreadable", objs: Objs(hostNet, noENI), unreadable: true, sev: rules.Error, names: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := Fixture(t, append(Objs(LBSvc(SvcAnn(tkeann.SvcDirectAccess, "true")), FxNode("n1")), tc.objs...)...)
			if tc.unreadable {
				s.ConfigMaps.MarkGap(checks.KubeSystem, snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden})
			}
			res := diagnose(t, s, snapshot.KindService, "web", tkerules.Provider)
			for _, f := range res.Findings {
				if f.Rule != tkerules.ServiceE4033 {
					continue
				}
				if f.EffectiveSeverity() != tc.sev {
					t.Errorf("severity %s, want %s", f.EffectiveSeverity(), tc.sev)
				}
				if got := strings.Contains(f.Message, tkeGlobalRouteDirectKey); got != tc.names {
					t.Errorf("message names %s: %v, want %v (%s)", tkeGlobalRouteDirectKey, got, tc.names, f.Message)
				}
				return
			}
			t.Fatalf("no %s: %+v", tkerules.ServiceE4033, res.Findings)
		})
	}
}
