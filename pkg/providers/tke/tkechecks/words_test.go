package tkechecks

import (
	"os"
	"regexp"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// tkeWordedChecks names the checks whose every finding must be worded in both languages: the TKE
// Service, Ingress and cluster checks, except the two whose code lies in shared files
// (lbreuse.go, nginx_shutdown.go) and which TestFindingsWorded covers with the other checks.
func tkeWordedChecks() map[string]bool {
	out := map[string]bool{}
	for _, cs := range [][]checks.Check{tkeServiceChecks, tkeIngressChecks, tkeClusterChecks} {
		for _, c := range cs {
			out[c.Name] = true
		}
	}
	delete(out, "tke-ingress-existing-lb")
	delete(out, "tke-nginx-graceful-shutdown")
	return out
}

// englishRunRE is three English words in a row: a sentence of ours left unworded in a Chinese message.
var englishRunRE = regexp.MustCompile(`\b[a-z]{2,} [a-z]{2,} [a-z]{2,}\b`)

// quotedRE is a quoted value (a name or a value from the user's objects), which stays as it is.
var quotedRE = regexp.MustCompile(`"[^"]*"`)

// assertTKEWords fails the test for a finding of a TKE check (or one of its consequences) whose
// message is not worded in both languages: Words set, its English the Message and free of Han
// characters, its Chinese with Han characters, no bad verb and no run of English words. It returns
// how many findings it judged.
func assertTKEWords(t *testing.T, res checks.Result, foreign bool) int {
	t.Helper()
	names := tkeWordedChecks()
	var all []checks.Finding
	for _, f := range res.Findings {
		all = append(all, f)
		all = append(all, f.Consequences...)
	}
	n := 0
	for _, f := range all {
		if !names[f.Check] || f.Source == checks.SourceEvent {
			continue
		}
		n++
		zh := AssertWorded(t, f)
		if zh == "" {
			continue
		}
		if m := englishRunRE.FindString(quotedRE.ReplaceAllString(zh, `""`)); m != "" && !foreign {
			t.Errorf("%s at %s: Chinese %q holds English words %q", f.Rule, f.Path, zh, m)
		}
		if os.Getenv("TKE_WORDS_DUMP") != "" {
			t.Logf("%s\n  en: %s\n  zh: %s", f.Rule, f.Message, zh)
		}
	}
	return n
}

// wordsTarget is the object a case diagnoses.
type wordsTarget struct {
	kind snapshot.Kind
	name string
}

var (
	svcWeb = wordsTarget{snapshot.KindService, "web"}
	ingBar = wordsTarget{snapshot.KindIngress, "bar"}
)

// tkeWordsCase is a target and the objects around it, diagnosed in Chinese.
type tkeWordsCase struct {
	name   string
	target wordsTarget
	objs   []runtime.Object
	// want is a rule the case must make a TKE check report.
	want rules.ID
	// foreign is set when a message quotes an error not worded by the checks (a Go library's, a
	// snapshot read's), which stays as it is.
	foreign bool
	// gap, when set, makes part of the snapshot unknown.
	gap func(*snapshot.Snapshot)
}

// tkeWordsVariants reach the wordings the emission fixtures do not: other branches of the same
// checks (warnings, info, hints, lists cut short, the validators' other refusals).
func tkeWordsVariants() []tkeWordsCase {
	const lb = "lb-4ymlu8dc"
	internal := SvcAnn(tkeann.InternalSubnetID, "subnet-ewhltulw")
	direct := SvcAnn(tkeann.SvcDirectAccess, "true")
	other := func(name string, mods ...func(*corev1.Service)) *corev1.Service {
		return Service(name, corev1.ServiceTypeLoadBalancer, mods...)
	}
	rulesAnn := func(v string) tkeWordsCase {
		return tkeWordsCase{name: "http-rules " + v, target: ingBar, objs: Objs(Ingress(IngAnn(tkeann.HTTPRules, v))), want: tkerules.IngressE4022}
	}
	ing := func(name string, want rules.ID, mods ...func(*networkingv1.Ingress)) tkeWordsCase {
		return tkeWordsCase{name: name, target: ingBar, objs: Objs(Ingress(mods...), Service("web", corev1.ServiceTypeNodePort)), want: want}
	}
	svc := func(name string, want rules.ID, extra []runtime.Object, mods ...func(*corev1.Service)) tkeWordsCase {
		return tkeWordsCase{name: name, target: svcWeb, objs: append(Objs(LBSvc(mods...)), extra...), want: want}
	}
	return []tkeWordsCase{
		// Service annotations: each validator's refusals.
		svc("extensiveParameters null", tkerules.ServiceE4005, nil, SvcAnn(tkeann.SvcExtensive, "null")),
		svc("extensiveParameters array", tkerules.ServiceE4005, nil, SvcAnn(tkeann.SvcExtensive, "[1]")),
		svc("extensiveParameters extra data", tkerules.ServiceE4005, nil, SvcAnn(tkeann.SvcExtensive, `{"a":1} {}`)),
		svc("extensiveParameters broken", tkerules.ServiceE4005, nil, SvcAnn(tkeann.SvcExtensive, `{"a":`)),
		svc("cross-region zone hint", tkerules.ServiceE4075, nil, SvcAnn(tkeann.SvcCrossRegion, "ap-guangzhou-3")),
		svc("cross-region not a region", tkerules.ServiceE4075, nil, SvcAnn(tkeann.SvcCrossRegion, "guangzhou")),
		svc("charge type", tkerules.ServiceInvalidAnnotationValue, nil, SvcAnn(tkeann.SvcChargeType, "bandwidth_postpaid_by_hour")),
		svc("config auto not a bool", tkerules.ServiceInvalidBool, nil, SvcAnn(tkeann.SvcServiceConfigAuto, "yes")),
		// Reused CLBs: lists cut short.
		svc("E4012 six creators", tkerules.ServiceE4012, Objs(other("a", SvcAnn(tkeann.LoadBalanceID, lb)), other("b", SvcAnn(tkeann.LoadBalanceID, lb)),
			other("c", SvcAnn(tkeann.LoadBalanceID, lb)), other("d", SvcAnn(tkeann.LoadBalanceID, lb)), other("e", SvcAnn(tkeann.LoadBalanceID, lb)), other("f", SvcAnn(tkeann.LoadBalanceID, lb))),
			SvcAnn(tkeann.ExistedLBID, lb)),
		svc("E4014 shared port", tkerules.ServiceE4014, Objs(other("a", SvcAnn(tkeann.ExistedLBID, lb)), other("b", SvcAnn(tkeann.ExistedLBID, lb))),
			SvcAnn(tkeann.ExistedLBID, lb)),
		// Direct access: every reason a pod cannot be bound, and the unknown cluster switch.
		svc("E4033 hostNetwork and unscheduled pods", tkerules.ServiceE4033, Objs(
			FxPod("web-1", "n1", true, func(p *corev1.Pod) { p.Spec.HostNetwork = true }),
			FxPod("web-2", "", true), FxPod("web-3", "gone", true), FxPod("web-4", "n1", true), FxPod("web-5", "n1", true),
			FxNode("n1"), SysConfigMap(tkeServiceCtrlCM, map[string]string{tkeGlobalRouteDirectKey: "false"})), direct),
		{name: "E4033 cluster switch unreadable", target: svcWeb, want: tkerules.ServiceE4033, foreign: true,
			objs: Objs(LBSvc(direct), FxNode("n1"), FxPod("web-1", "n1", true)),
			gap: func(s *snapshot.Snapshot) {
				s.ConfigMaps.MarkGap(checks.KubeSystem, snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden})
			}},
		{name: "E4033 hostNetwork and ENI-less pods, cluster switch unreadable", target: svcWeb, want: tkerules.ServiceE4033, foreign: true,
			objs: Objs(LBSvc(direct), FxNode("n1"), FxPod("web-1", "n1", true), FxPod("web-2", "n1", true, func(p *corev1.Pod) { p.Spec.HostNetwork = true })),
			gap: func(s *snapshot.Snapshot) {
				s.ConfigMaps.MarkGap(checks.KubeSystem, snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden})
			}},
		{name: "E4032 node list unknown", target: ingBar, want: tkerules.IngressE4032,
			objs: Objs(Ingress(IngAnn(tkeann.IngExtensive, `{"AddressIPVersion":"IPv6FullChain"}`)), Service("web", corev1.ServiceTypeNodePort)),
			gap: func(s *snapshot.Snapshot) {
				s.Nodes.MarkGap("", snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden})
			}},
		// Backends label.
		svc("backends label empty", tkerules.ServiceBackendsLabelInvalid, nil, SvcAnn(tkeann.BackendsLabel, " ")),
		// Layer-4 loopback: info with the absent factors, and an unknown version.
		svc("L4 loopback info", tkerules.ServiceCLBLoopback, Objs(KubeProxyDS("kube-proxy:v1.22.5-tke.1")), internal),
		svc("L4 loopback unknown version", tkerules.ServiceCLBLoopback, Objs(KubeProxyDS("kube-proxy:latest", "--proxy-mode=ipvs")), internal),
		svc("L4 loopback short version", tkerules.ServiceCLBLoopback, Objs(KubeProxyDS("kube-proxy:v1", "--proxy-mode=ipvs")), internal),
		// ip-masq-agent: its config's refusals and every reason.
		svc("ip-masq not a list", tkerules.ServiceIPMasqAgent, Objs(IPMasq("nonMasqueradeCIDRs: 0.0.0.0/0")), nil...),
		svc("ip-masq not a string", tkerules.ServiceIPMasqAgent, Objs(IPMasq("nonMasqueradeCIDRs: [1]")), nil...),
		svc("ip-masq not a CIDR", tkerules.ServiceIPMasqAgent, Objs(IPMasq("nonMasqueradeCIDRs: [nowhere]")), nil...),
		func() tkeWordsCase {
			tc := svc("ip-masq not YAML", tkerules.ServiceIPMasqAgent, Objs(IPMasq("a: [")), nil...)
			tc.foreign = true
			return tc
		}(),
		svc("ip-masq a scalar", tkerules.ServiceIPMasqAgent, Objs(IPMasq("null")), nil...),
		svc("ip-masq sources", tkerules.ServiceIPMasqAgent, Objs(IPMasq("nonMasqueradeCIDRs: [0.0.0.0/0]\nnonMasqueradeSrcCIDRs: [0.0.0.0/1, 128.0.0.0/1, 10.0.0.0/8, 11.0.0.0/8, 12.0.0.0/8]")), nil...),
		svc("ip-masq node pods", tkerules.ServiceIPMasqAgent, Objs(FxNode("n1", podCIDR("172.16.0.0/26")), IPMasq("nonMasqueradeSrcCIDRs: [172.16.0.0/25]")), nil...),
		// Ingress annotations.
		rulesAnn(`{}`),
		rulesAnn(`[1]`),
		rulesAnn(`[{}]`),
		rulesAnn(`[{"rewrite":{"port":80}}]`),
		rulesAnn(`[{"backend":{}}]`),
		rulesAnn(`[{"backend":{"serviceName":"web"}}]`),
		rulesAnn(`[{"backend":{"serviceName":"web","servicePort":""}}]`),
		rulesAnn(`[{"backend":{"serviceName":"web","servicePort":true}}]`),
		ing("rewrite port", tkerules.IngressE4022, IngAnn(tkeann.RewriteSupport, "true"), IngAnn(tkeann.HTTPRules, `[{"rewrite":{"port":0}}]`)),
		ing("rewrite path", tkerules.IngressE4022, IngAnn(tkeann.RewriteSupport, "true"), IngAnn(tkeann.HTTPRules, `[{"rewrite":{"port":443,"path":"x"}}]`)),
		ing("bandwidth not a number", tkerules.IngressE4046, IngAnn(tkeann.IngBandwidth, "ten")),
		ing("bandwidth too high", tkerules.IngressE4046, IngAnn(tkeann.IngBandwidth, "4096")),
		ing("cross vpc id", tkerules.IngressInvalidAnnotationValue, IngAnn(tkeann.IngCrossVPC, "vpc-1")),
		ing("auto config suffix and conflict", tkerules.IngressConfigConflict, IngAnn(tkeann.IngServiceConfig, "bar-auto-ingress-config"), IngAnn(tkeann.IngServiceConfigAuto, "true")),
		ing("pure IPv6 without nodes", tkerules.IngressE4032, IngAnn(tkeann.IngExtensive, `{"AddressIPVersion":"IPv6FullChain"}`), IngHost("")),
		ing("long path", tkerules.IngressE4031, IngPath("/"+strings.Repeat("a", 130))),
		ing("host uppercase", tkerules.IngressE4052, IngHost("Shop.example.com")),
		ing("host no dot", tkerules.IngressE4052, IngHost("shop")),
		ing("host underscore", tkerules.IngressE4052, IngHost("my_shop.example.com")),
		// TLS.
		{name: "TLS Secret without keys, and an annotated id that differs", target: ingBar, want: tkerules.IngressE4011,
			objs: Objs(Ingress(IngTLS("a"), IngTLS("b", "shop.example.com"), IngAnn(annCertID, "YCOLTUdr")), Service("web", corev1.ServiceTypeNodePort),
				CertSecret("a", nil), CertSecret("b", map[string]string{secretCertKey: "ABCDEFGH", "tls.crt": "x"}))},
		{name: "TLS certificate id with white space", target: ingBar, want: tkerules.IngressE4035,
			objs: Objs(Ingress(IngTLS("a")), Service("web", corev1.ServiceTypeNodePort), CertSecret("a", map[string]string{secretCertKey: "YCOLTUdr\n"}))},
		// Backends.
		{name: "backend Service without ports or selector, direct", target: ingBar, want: tkerules.IngressE4082,
			objs: Objs(Ingress(IngAnn(tkeann.IngDirectAccess, "true"), IngAnn(tkeann.HTTPRules, `[{"backend":{"serviceName":"absent","servicePort":80}}]`)),
				Service("web", corev1.ServiceTypeClusterIP, func(s *corev1.Service) { s.Spec.Ports, s.Spec.Selector = nil, nil }))},
		// Layer-7 loopback.
		{name: "L7 loopback without a config", target: ingBar, want: tkerules.IngressCLBLoopback, objs: Objs(InternalIngress())},
		{name: "L7 loopback config missing", target: ingBar, want: tkerules.IngressCLBLoopback,
			objs: Objs(InternalIngress(IngAnn(tkeann.IngServiceConfig, "bar-config")))},
		{name: "L7 loopback ports 80 and 443 missing", target: ingBar, want: tkerules.IngressCLBLoopback,
			objs: Objs(InternalIngress(IngAnn(tkeann.IngServiceConfig, "bar-config"), IngAnn(tkeann.RuleMix, "true"), IngTLS("tls")), L7Config(listener(8080, "0")))},
		// The l7-lb-controller's environment.
		{name: "controller env empty, from a missing ConfigMap", target: ingBar, want: tkerules.IngressE6002,
			objs: Objs(Ingress(), l7Controller(func(d *appsv1.Deployment) {
				c := &d.Spec.Template.Spec.Containers[0]
				c.Env = []corev1.EnvVar{{Name: "TKE_REGION"}, CMEnv("TKE_VPC_ID", "absent")}
			}))},
		{name: "controller envFrom missing ConfigMap", target: ingBar, want: tkerules.IngressE6001,
			objs: Objs(Ingress(), l7Controller(func(d *appsv1.Deployment) {
				c := &d.Spec.Template.Spec.Containers[0]
				c.Env = nil
				c.EnvFrom = []corev1.EnvFromSource{{ConfigMapRef: &corev1.ConfigMapEnvSource{LocalObjectReference: corev1.LocalObjectReference{Name: "absent"}}}}
			}))},
		{name: "controller with one host alias", target: ingBar, want: tkerules.IngressAPIHostAliases,
			objs: Objs(Ingress(), l7Controller(func(d *appsv1.Deployment) {
				d.Spec.Template.Spec.HostAliases = []corev1.HostAlias{{IP: "169.254.0.28", Hostnames: []string{"lb.api.qcloud.com"}}}
			}))},
		{name: "controller lacking two host aliases", target: ingBar, want: tkerules.IngressAPIHostAliases,
			objs: Objs(Ingress(), l7Controller(func(d *appsv1.Deployment) {
				d.Spec.Template.Spec.HostAliases = []corev1.HostAlias{{IP: "169.254.0.28", Hostnames: []string{"lb.api.qcloud.com", "tag.api.qcloud.com",
					"cbs.api.qcloud.com", "cvm.api.qcloud.com", "snapshot.api.qcloud.com", "monitor.api.qcloud.com", "scaling.api.qcloud.com", "ccs.api.qcloud.com"}},
					{IP: "169.254.0.95", Hostnames: []string{"tke.internal.tencentcloudapi.com"}}}
			}))},
	}
}

// TestTKEWordsChinese diagnoses the TKE checks' emission fixtures and the variants above: every
// finding of a TKE check is worded in English and Chinese.
func TestTKEWordsChinese(t *testing.T) {
	names := tkeWordedChecks()
	declared := map[rules.ID]bool{}
	for _, c := range suite().Checks() {
		if names[c.Name] {
			for _, id := range c.Emits {
				declared[id] = true
			}
		}
	}
	var cases []tkeWordsCase
	for _, r := range rules.All() {
		// The emission fixtures, by their rule's file name.
		file := EmissionFile(r.ID)
		if _, err := os.Stat(file); err != nil || !declared[r.ID] {
			continue
		}
		target := svcWeb
		if r.Kind == rules.Ingress {
			target = ingBar
		}
		cases = append(cases, tkeWordsCase{name: "emission " + r.ID.String(), target: target, want: r.ID, objs: DecodeObjects(t, file)})
	}
	if len(cases) < 50 {
		t.Fatalf("only %d emission fixtures of TKE checks, want every rule they declare", len(cases))
	}
	cases = append(cases, tkeWordsVariants()...)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			snap := Fixture(t, tc.objs...)
			if tc.gap != nil {
				tc.gap(snap)
			}
			res := diagnose(t, snap, tc.target.kind, tc.target.name, tkerules.Provider)
			if !slicesContainsRule(res, tc.want) {
				t.Fatalf("the case does not make %s appear; got %+v", tc.want, res.Findings)
			}
			if n := assertTKEWords(t, res, tc.foreign); n == 0 {
				t.Fatalf("no finding of a TKE check")
			}
		})
	}
}

// slicesContainsRule reports whether a TKE check reported rule id, as a finding or a consequence.
func slicesContainsRule(res checks.Result, id rules.ID) bool {
	names := tkeWordedChecks()
	for _, f := range res.Findings {
		for _, g := range append([]checks.Finding{f}, f.Consequences...) {
			if g.Rule == id && names[g.Check] {
				return true
			}
		}
	}
	return false
}

// TestParseErrorsWorded: the JSON, YAML and version refusals of parse.go, which the TKE checks
// quote, are worded: English as before, Chinese with Han characters.
func TestParseErrorsWorded(t *testing.T) {
	tests := []struct {
		name string
		err  error
		en   string
	}{
		{"JSON null", func() error { _, err := checks.JSONObject("null"); return err }(), "not a JSON object (got null)"},
		{"JSON type", func() error { _, err := checks.JSONObject("[1]"); return err }(), "not valid JSON: a array where an object was expected"},
		{"JSON kind", func() error { var n int; return checks.StrictJSON(`"x"`, &n) }(), "not valid JSON: a string where a int was expected"},
		{"JSON extra", func() error { _, err := checks.JSONObject(`{} {}`); return err }(), "not valid JSON: extra data after the value"},
		{"JSON broken", func() error { _, err := checks.JSONObject(`{`); return err }(), "not valid JSON: unexpected EOF"},
		{"YAML scalar", func() error { _, err := checks.YAMLObject("null"); return err }(), "empty, or not a mapping"},
		{"version", func() error { _, err := checks.ParseVersion("latest"); return err }(), `"latest" is not a version number`},
		{"version short", func() error { _, err := checks.ParseVersion("v1"); return err }(), `"v1" is not a version number (want major.minor at least)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, ok := tt.err.(words.Worded)
			if !ok {
				t.Fatalf("%v is not worded", tt.err)
			}
			if got := tt.err.Error(); got != tt.en {
				t.Errorf("English %q, want %q", got, tt.en)
			}
			if zh := w.In(words.Chinese); !words.HasHan(zh) || strings.Contains(zh, "%!") {
				t.Errorf("Chinese %q", zh)
			}
		})
	}
}
