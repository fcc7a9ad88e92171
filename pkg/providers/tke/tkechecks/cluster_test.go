package tkechecks

import (
	"testing"

	admissionv1 "k8s.io/api/admissionregistration/v1"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func podCIDR(cidr string) func(*corev1.Node) {
	return func(n *corev1.Node) { n.Spec.PodCIDR, n.Spec.PodCIDRs = cidr, []string{cidr} }
}

func tkeConfig(data map[string]string) *corev1.ConfigMap { return sysConfigMap(tkeConfigCM, data) }

var goodTKEConfig = map[string]string{"TKE_REGION": "ap-guangzhou", "TKE_VPC_ID": "vpc-646vhcjj"}

const oldNginx = "k8s.gcr.io/ingress-nginx/controller:v0.49.3"

// scopedWebhook is nginxWebhook("v1") with the given namespace and object selectors.
func scopedWebhook(ns, obj *metav1.LabelSelector) *admissionv1.ValidatingWebhookConfiguration {
	w := nginxWebhook("v1")
	w.Webhooks[0].NamespaceSelector, w.Webhooks[0].ObjectSelector = ns, obj
	return w
}

// nsName selects the namespace name by the label the API server sets on every namespace.
func nsName(name string) *metav1.LabelSelector {
	return &metav1.LabelSelector{MatchLabels: map[string]string{nsNameLabel: name}}
}

func nsNotIn(names ...string) *metav1.LabelSelector {
	return &metav1.LabelSelector{MatchExpressions: []metav1.LabelSelectorRequirement{
		{Key: nsNameLabel, Operator: metav1.LabelSelectorOpNotIn, Values: names}}}
}

// clusterHealthy are the kube-system objects of a sound TKE cluster.
func clusterHealthy() []runtime.Object {
	return []runtime.Object{ipMasq("nonMasqueradeCIDRs:\n- 10.0.0.0/14\n- 172.16.0.0/16\n"), tkeConfig(goodTKEConfig), l7Controller()}
}

func listener(port int, keepalive any) map[string]any {
	l := map[string]any{"protocol": "HTTP", "port": int64(port)}
	if keepalive != nil {
		l["keepaliveEnable"] = keepalive
	}
	return l
}

func TestTKEClusterIngressChecks(t *testing.T) {
	withCfg := checkstest.IngAnn(tkeann.IngServiceConfig, "bar-config")
	runIngressCases(t, []checkstest.SvcCase{
		{Name: "E4007 ip-masq-agent 0.0.0.0/0 (YAML)", Bad: checkstest.Objs(checkstest.Ingress(), ipMasq("nonMasqueradeCIDRs:\n  - 0.0.0.0/0\n")),
			Fixed: checkstest.Objs(checkstest.Ingress()), Want: tkerules.IngressE4007, Path: "kube-system/configmap/ip-masq-agent-config.data.config"},
		{Name: "E4007 ip-masq-agent 0.0.0.0/0 (JSON, capitalised)", Bad: checkstest.Objs(checkstest.Ingress(), ipMasq(`{"NonMasqueradeCIDRs":["172.16.0.0/16","0.0.0.0/0"],"MasqLinkLocal":true}`)),
			Fixed: checkstest.Objs(checkstest.Ingress(), ipMasq(`{"NonMasqueradeCIDRs":["172.16.0.0/16"],"MasqLinkLocal":true}`)),
			Want:  tkerules.IngressE4007, Path: "kube-system/configmap/ip-masq-agent-config.data.config"},
		{Name: "E4007 ip-masq-agent key", Bad: checkstest.Objs(checkstest.Ingress(), sysConfigMap(tkeIPMasqCM, map[string]string{"ip-masq-agent": "nonMasqueradeCIDRs: [0.0.0.0/0]"})),
			Fixed: checkstest.Objs(checkstest.Ingress()), Want: tkerules.IngressE4007, Path: "kube-system/configmap/ip-masq-agent-config.data.ip-masq-agent"},
		{Name: "E4007 two halves cover every destination", Bad: checkstest.Objs(checkstest.Ingress(), ipMasq("nonMasqueradeCIDRs:\n- 0.0.0.0/1\n- 128.0.0.0/1\n")),
			Fixed: checkstest.Objs(checkstest.Ingress(), ipMasq("nonMasqueradeCIDRs:\n- 0.0.0.0/1\n- 128.0.0.0/2\n")),
			Want:  tkerules.IngressE4007, Path: "kube-system/configmap/ip-masq-agent-config.data.config"},
		{Name: "E4007 source CIDRs exempt every address", Bad: checkstest.Objs(checkstest.Ingress(), ipMasq(`{"NonMasqueradeSrcCIDRs":["0.0.0.0/0"]}`)),
			Fixed: checkstest.Objs(checkstest.Ingress(), ipMasq(`{"NonMasqueradeSrcCIDRs":["192.168.0.0/16"]}`)),
			Want:  tkerules.IngressE4007, Path: "kube-system/configmap/ip-masq-agent-config.data.config"},
		{Name: "E4007 source CIDRs exempt every node's pods",
			Bad: checkstest.Objs(checkstest.Ingress(), checkstest.FxNode("n1", podCIDR("172.16.0.0/26")), checkstest.FxNode("n2", podCIDR("172.16.0.64/26")),
				ipMasq("NonMasqueradeSrcCIDRs:\n- 172.16.0.0/25\n")),
			Fixed: checkstest.Objs(checkstest.Ingress(), checkstest.FxNode("n1", podCIDR("172.16.0.0/26")), checkstest.FxNode("n2", podCIDR("172.16.0.64/26")),
				ipMasq("NonMasqueradeSrcCIDRs:\n- 172.16.0.0/26\n")),
			Want: tkerules.IngressE4007, Path: "kube-system/configmap/ip-masq-agent-config.data.config"},
		{Name: "E4007 source CIDRs exempt the l7-lb-controller's own pod (VPC-CNI: no node pod CIDR)",
			Bad: checkstest.Objs(checkstest.Ingress(), checkstest.FxNode("n1"), ipMasq("NonMasqueradeSrcCIDRs:\n- 192.168.0.0/18\n"),
				masqCtl(tkeL7Controller), ctlPod(tkeL7Controller, "192.168.1.7", false)),
			Fixed: checkstest.Objs(checkstest.Ingress(), checkstest.FxNode("n1"), ipMasq("NonMasqueradeSrcCIDRs:\n- 192.168.0.0/18\n"),
				masqCtl(tkeL7Controller), ctlPod(tkeL7Controller, "192.168.64.7", false)),
			Want: tkerules.IngressE4007, Path: "kube-system/configmap/ip-masq-agent-config.data.config"},
		{Name: "E4007 merged mode: the Ingress controller runs in service-controller, whose pod is exempt",
			Bad: checkstest.Objs(checkstest.Ingress(), checkstest.FxNode("n1"), ipMasq("NonMasqueradeSrcCIDRs:\n- 192.168.0.0/18\n"),
				masqCtl(tkeServiceController), ctlPod(tkeServiceController, "192.168.1.9", false)),
			Fixed: checkstest.Objs(checkstest.Ingress(), checkstest.FxNode("n1"), ipMasq("NonMasqueradeSrcCIDRs:\n- 192.168.0.0/18\n"),
				masqCtl(tkeServiceController), ctlPod(tkeServiceController, "192.168.1.9", false),
				masqCtl(tkeL7Controller), ctlPod(tkeL7Controller, "10.0.1.7", true)),
			Want: tkerules.IngressE4007, Path: "kube-system/configmap/ip-masq-agent-config.data.config"},
		{Name: "E4007 a host-network controller pod sends from the node",
			Bad: checkstest.Objs(checkstest.Ingress(), ipMasq("NonMasqueradeSrcCIDRs:\n- 10.0.0.0/8\n"),
				masqCtl(tkeL7Controller), ctlPod(tkeL7Controller, "10.0.1.7", false)),
			Fixed: checkstest.Objs(checkstest.Ingress(), ipMasq("NonMasqueradeSrcCIDRs:\n- 10.0.0.0/8\n"),
				masqCtl(tkeL7Controller), ctlPod(tkeL7Controller, "10.0.1.7", true)),
			Want: tkerules.IngressE4007, Path: "kube-system/configmap/ip-masq-agent-config.data.config"},
		{Name: "E4007 unparseable config", Bad: checkstest.Objs(checkstest.Ingress(), ipMasq("nonMasqueradeCIDRs: 0.0.0.0/0")),
			Fixed: checkstest.Objs(checkstest.Ingress()), Want: tkerules.IngressE4007, Path: "kube-system/configmap/ip-masq-agent-config.data.config"},
		{Name: "L7 loopback: internal without TkeServiceConfig", Bad: checkstest.Objs(internalIngress()),
			Fixed: checkstest.Objs(internalIngress(withCfg), l7Config(listener(80, int64(1)))),
			Want:  tkerules.IngressCLBLoopback, Path: checks.AnnPath(tkeann.IngSubnet)},
		{Name: "L7 loopback: keepalive off", Bad: checkstest.Objs(internalIngress(withCfg), l7Config(listener(80, int64(0)))),
			Fixed: checkstest.Objs(internalIngress(withCfg), l7Config(listener(80, "1"), listener(8080, int64(1)))),
			Want:  tkerules.IngressCLBLoopback, Path: "default/tkeserviceconfig/bar-config.spec.loadBalancer.l7Listeners[0].keepaliveEnable"},
		{Name: "L7 loopback: no listener for 443", Bad: checkstest.Objs(internalIngress(withCfg, checkstest.IngTLS("tls")), l7Config(listener(80, int64(1)))),
			Fixed: checkstest.Objs(internalIngress(withCfg, checkstest.IngTLS("tls")), l7Config(listener(443, float64(1)))),
			Want:  tkerules.IngressCLBLoopback, Path: "default/tkeserviceconfig/bar-config.spec.loadBalancer.l7Listeners"},
		{Name: "L7 loopback: auto config missing", Bad: checkstest.Objs(internalIngress(checkstest.IngAnn(tkeann.IngServiceConfigAuto, "true"))),
			Fixed: checkstest.Objs(internalIngress(checkstest.IngAnn(tkeann.IngServiceConfigAuto, "true")), checkstest.TKEServiceConfig("bar-auto-ingress-config", map[string]any{"loadBalancer": map[string]any{"l7Listeners": []any{listener(80, int64(1))}}})),
			Want:  tkerules.IngressCLBLoopback, Path: checks.AnnPath(tkeann.IngServiceConfigAuto)},
		{Name: "L7 loopback: public Ingress is silent", Bad: checkstest.Objs(internalIngress()), Fixed: checkstest.Objs(checkstest.Ingress()),
			Want: tkerules.IngressCLBLoopback, Path: checks.AnnPath(tkeann.IngSubnet)},
		{Name: "E6001 tke-config lacks TKE_REGION", Bad: checkstest.Objs(checkstest.Ingress(), tkeConfig(map[string]string{"TKE_VPC_ID": "vpc-646vhcjj"})),
			Fixed: checkstest.Objs(checkstest.Ingress()), Want: tkerules.IngressE6001, Path: "kube-system/configmap/tke-config.data.TKE_REGION"},
		{Name: "E6002 env not wired", Bad: checkstest.Objs(checkstest.Ingress(), l7Controller(func(d *appsv1.Deployment) {
			d.Spec.Template.Spec.Containers[0].Env = d.Spec.Template.Spec.Containers[0].Env[:1]
		})),
			Fixed: checkstest.Objs(checkstest.Ingress()), Want: tkerules.IngressE6002, Path: "kube-system/deployment/l7-lb-controller.spec.template.spec.containers[0].env"},
		{Name: "E6002 envFrom tke-config lacking the key", Bad: checkstest.Objs(checkstest.Ingress(), tkeConfig(map[string]string{"TKE_REGION": "ap-guangzhou"}), l7Controller(func(d *appsv1.Deployment) {
			c := &d.Spec.Template.Spec.Containers[0]
			c.Env = nil
			c.EnvFrom = []corev1.EnvFromSource{{ConfigMapRef: &corev1.ConfigMapEnvSource{LocalObjectReference: corev1.LocalObjectReference{Name: tkeConfigCM}}}}
		})),
			Fixed: checkstest.Objs(checkstest.Ingress(), l7Controller(func(d *appsv1.Deployment) {
				c := &d.Spec.Template.Spec.Containers[0]
				c.Env = []corev1.EnvVar{{Name: "TKE_VPC_ID", Value: "vpc-646vhcjj"}}
				c.EnvFrom = []corev1.EnvFromSource{{ConfigMapRef: &corev1.ConfigMapEnvSource{LocalObjectReference: corev1.LocalObjectReference{Name: tkeConfigCM}}}}
			})),
			Want: tkerules.IngressE6002, Path: "kube-system/deployment/l7-lb-controller.spec.template.spec.containers[0].env"},
		{Name: "api-host-aliases missing (a hint, not E6006)", Bad: checkstest.Objs(checkstest.Ingress(), l7Controller(func(d *appsv1.Deployment) { d.Spec.Template.Spec.HostAliases = nil })),
			Fixed: checkstest.Objs(checkstest.Ingress()), Want: tkerules.IngressAPIHostAliases, Path: "kube-system/deployment/l7-lb-controller.spec.template.spec.hostAliases"},
		{Name: "E6009 nginx webhook on v1 with old controller", Bad: checkstest.Objs(checkstest.Ingress(), nginxWebhook("v1", "v1beta1"), nginxDeployment("k8s.gcr.io/ingress-nginx/controller:v0.49.3@sha256:abc")),
			Fixed: checkstest.Objs(checkstest.Ingress(), nginxWebhook("v1beta1"), nginxDeployment("k8s.gcr.io/ingress-nginx/controller:v0.49.3")),
			Want:  tkerules.IngressE6009, Path: "validatingwebhookconfiguration/ingress-nginx-admission.webhooks[0].rules[0]"},
		{Name: "E6009 failurePolicy Ignore blocks nothing", Bad: checkstest.Objs(checkstest.Ingress(), nginxWebhook("v1"), nginxDeployment("k8s.gcr.io/ingress-nginx/controller:v0.49.3")),
			Fixed: checkstest.Objs(checkstest.Ingress(), func() runtime.Object {
				w, ignore := nginxWebhook("v1"), admissionv1.Ignore
				w.Webhooks[0].FailurePolicy = &ignore
				return w
			}(), nginxDeployment("k8s.gcr.io/ingress-nginx/controller:v0.49.3")),
			Want: tkerules.IngressE6009, Path: "validatingwebhookconfiguration/ingress-nginx-admission.webhooks[0].rules[0]"},
		{Name: "E6009 namespaceSelector names the Ingress's namespace", Bad: checkstest.Objs(checkstest.Ingress(), scopedWebhook(nsName("default"), nil), nginxDeployment(oldNginx)),
			Fixed: checkstest.Objs(checkstest.Ingress(), scopedWebhook(nsName("intranet"), nil), nginxDeployment(oldNginx)),
			Want:  tkerules.IngressE6009, Path: "validatingwebhookconfiguration/ingress-nginx-admission.webhooks[0].rules[0]"},
		{Name: "E6009 namespaceSelector NotIn", Bad: checkstest.Objs(checkstest.Ingress(), scopedWebhook(nsNotIn("kube-system"), nil), nginxDeployment(oldNginx)),
			Fixed: checkstest.Objs(checkstest.Ingress(), scopedWebhook(nsNotIn("kube-system", "default"), nil), nginxDeployment(oldNginx)),
			Want:  tkerules.IngressE6009, Path: "validatingwebhookconfiguration/ingress-nginx-admission.webhooks[0].rules[0]"},
		{Name: "E6009 objectSelector leaves the Ingress out", Bad: checkstest.Objs(checkstest.Ingress(), scopedWebhook(nil, &metav1.LabelSelector{}), nginxDeployment(oldNginx)),
			Fixed: checkstest.Objs(checkstest.Ingress(), scopedWebhook(nil, &metav1.LabelSelector{MatchLabels: map[string]string{"team": "web"}}), nginxDeployment(oldNginx)),
			Want:  tkerules.IngressE6009, Path: "validatingwebhookconfiguration/ingress-nginx-admission.webhooks[0].rules[0]"},
		{Name: "E6009 wildcard version, TKE add-on image", Bad: checkstest.Objs(checkstest.Ingress(), nginxWebhook("*"), nginxDeployment("ccr.ccs.tencentyun.com/paas/nginx-ingress-controller:0.41.0")),
			Fixed: checkstest.Objs(checkstest.Ingress(), nginxWebhook("v1"), nginxDeployment("registry.k8s.io/ingress-nginx/controller:v1.1.0")),
			Want:  tkerules.IngressE6009, Path: "validatingwebhookconfiguration/ingress-nginx-admission.webhooks[0].rules[0]"},
	})
}

// runIngressCases runs bad/fixed pairs for the TKE Ingress bar; each side's objects replace the
// same-named ones of a healthy cluster (healthy and clusterHealthy). Every finding of a TKE check is
// worded in both languages.
func runIngressCases(t *testing.T, cases []checkstest.SvcCase) {
	t.Helper()
	base := append(healthy(), clusterHealthy()...)
	for _, tt := range cases {
		t.Run(tt.Name, func(t *testing.T) {
			badRes := diagnose(t, checkstest.Fixture(t, withObjs(base, tt.Bad)...), snapshot.KindIngress, "bar", tkerules.Provider)
			assertTKEWords(t, badRes, false)
			bad := checkstest.ByRule(badRes)
			if !containsPath(bad[tt.Want], tt.Path) {
				t.Errorf("bad: want %s at %s, got %v", tt.Want, tt.Path, bad)
			}
			fixed := checkstest.ByRule(diagnose(t, checkstest.Fixture(t, withObjs(base, tt.Fixed)...), snapshot.KindIngress, "bar", tkerules.Provider))
			if len(fixed[tt.Want]) > 0 {
				t.Errorf("fixed: %s still reported at %v", tt.Want, fixed[tt.Want])
			}
		})
	}
}

func TestTKEClusterServiceChecks(t *testing.T) {
	internal := checkstest.SvcAnn(tkeann.InternalSubnetID, "subnet-ewhltulw")
	const oldProxy, newProxy = "ccr.ccs.tencentyun.com/library/kube-proxy:v1.18.4-tke.19", "ccr.ccs.tencentyun.com/library/kube-proxy:v1.18.4-tke.20"
	runServiceCases(t, tkerules.Provider, []checkstest.SvcCase{
		{Name: "ip-masq-agent 0.0.0.0/0", Bad: checkstest.Objs(lbSvc(), ipMasq("nonMasqueradeCIDRs:\n- 0.0.0.0/0\n")),
			Fixed: checkstest.Objs(lbSvc(), ipMasq("nonMasqueradeCIDRs:\n- 10.0.0.0/14\n")),
			Want:  tkerules.ServiceIPMasqAgent, Path: "kube-system/configmap/ip-masq-agent-config.data.config", Sev: checkstest.SevOf(rules.Error)},
		{Name: "ip-masq-agent source CIDRs exempt the service-controller's own pod",
			Bad: checkstest.Objs(lbSvc(), ipMasq("nonMasqueradeSrcCIDRs: [\"172.20.0.0/16\"]\n"),
				masqCtl(tkeServiceController), ctlPod(tkeServiceController, "172.20.3.4", false)),
			Fixed: checkstest.Objs(lbSvc(), ipMasq("nonMasqueradeSrcCIDRs: [\"172.21.0.0/16\"]\n"),
				masqCtl(tkeServiceController), ctlPod(tkeServiceController, "172.20.3.4", false)),
			Want: tkerules.ServiceIPMasqAgent, Path: "kube-system/configmap/ip-masq-agent-config.data.config", Sev: checkstest.SevOf(rules.Error)},
		{Name: "L4 loopback: all factors", Bad: checkstest.Objs(lbSvc(internal), kubeProxyDS(oldProxy, "--proxy-mode=ipvs")),
			Fixed: checkstest.Objs(lbSvc(internal, checkstest.SvcAnn(tkeann.PreventLoopback, "true")), kubeProxyDS(newProxy, "--proxy-mode=ipvs")),
			Want:  tkerules.ServiceCLBLoopback, Path: checks.AnnPath(tkeann.InternalSubnetID), Sev: checkstest.SevOf(rules.Warning)},
		{Name: "L4 loopback: IPVS from the kube-proxy ConfigMap", Bad: checkstest.Objs(lbSvc(internal), kubeProxyDS(oldProxy, "--config=/var/lib/kube-proxy/config.conf"), sysConfigMap(tkeKubeProxy, map[string]string{"config.conf": "apiVersion: kubeproxy.config.k8s.io/v1alpha1\nkind: KubeProxyConfiguration\nmode: ipvs\n"})),
			Fixed: checkstest.Objs(lbSvc(), kubeProxyDS(oldProxy, "--config=/var/lib/kube-proxy/config.conf"), sysConfigMap(tkeKubeProxy, map[string]string{"config.conf": "mode: ipvs\n"})),
			Want:  tkerules.ServiceCLBLoopback, Path: checks.AnnPath(tkeann.InternalSubnetID), Sev: checkstest.SevOf(rules.Warning)},
		{Name: "L4 loopback: iptables mode is info", Bad: checkstest.Objs(lbSvc(internal), kubeProxyDS(oldProxy, "--proxy-mode=iptables")),
			Fixed: checkstest.Objs(lbSvc(internal, checkstest.SvcAnn(tkeann.PreventLoopback, "true")), kubeProxyDS(newProxy, "--proxy-mode=iptables")),
			Want:  tkerules.ServiceCLBLoopback, Path: checks.AnnPath(tkeann.InternalSubnetID), Sev: checkstest.SevOf(rules.Info)},
		{Name: "L4 loopback: odd minor judged by the next fix", Bad: checkstest.Objs(lbSvc(internal), kubeProxyDS("kube-proxy:v1.19.3-tke.40", "--proxy-mode=ipvs"), sysConfigMap(tkeKubeProxy, nil)),
			Fixed: checkstest.Objs(lbSvc(internal, checkstest.SvcAnn(tkeann.PreventLoopback, "true")), kubeProxyDS("kube-proxy:v1.22.5-tke.1", "--proxy-mode=ipvs")),
			Want:  tkerules.ServiceCLBLoopback, Path: checks.AnnPath(tkeann.InternalSubnetID), Sev: checkstest.SevOf(rules.Warning)},
	})
}

// TestTKEClusterUnknownSkips: unreadable kube-system objects and webhooks make skips, not findings.
func TestTKEClusterUnknownSkips(t *testing.T) {
	gap := snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden, RBAC: "get configmaps in namespace kube-system"}
	build := func(target runtime.Object) *snapshot.Snapshot {
		s := checkstest.Fixture(t, target, checkstest.TKEServiceConfig("bar-config", map[string]any{}))
		s.ConfigMaps.MarkGap(tkeSysNS, gap)
		s.DaemonSets.MarkGap(tkeSysNS, gap)
		s.Deployments.MarkGap(tkeSysNS, gap)
		s.Webhooks.MarkGap("", gap)
		return s
	}
	t.Run("service", func(t *testing.T) {
		res := diagnose(t, build(lbSvc(checkstest.SvcAnn(tkeann.InternalSubnetID, "subnet-ewhltulw"))), snapshot.KindService, "web", tkerules.Provider)
		if got := checkstest.ByRule(res); len(got[tkerules.ServiceIPMasqAgent])+len(got[tkerules.ServiceCLBLoopback]) > 0 {
			t.Errorf("unknown objects became findings: %v", got)
		}
		assertSkipped(t, res, "tke-ip-masq-agent", "tke-clb-loopback")
	})
	t.Run("ingress", func(t *testing.T) {
		res := diagnose(t, build(internalIngress(checkstest.IngAnn(tkeann.IngServiceConfig, "bar-config"))), snapshot.KindIngress, "bar", tkerules.Provider)
		got := checkstest.ByRule(res)
		for _, id := range []rules.ID{tkerules.IngressE4007, tkerules.IngressE6001, tkerules.IngressE6002, tkerules.IngressAPIHostAliases, tkerules.IngressE6009} {
			if len(got[id]) > 0 {
				t.Errorf("unknown objects became finding %s: %v", id, got[id])
			}
		}
		assertSkipped(t, res, "tke-ip-masq-agent", "tke-ingress-controller", "tke-nginx-webhook")
	})
	t.Run("tke-config unreadable", func(t *testing.T) {
		s := checkstest.Fixture(t, checkstest.Ingress(), l7Controller())
		s.ConfigMaps.MarkGap(tkeSysNS, gap)
		res := diagnose(t, s, snapshot.KindIngress, "bar", tkerules.Provider)
		if got := checkstest.ByRule(res); len(got[tkerules.IngressE6001])+len(got[tkerules.IngressE6002]) > 0 {
			t.Errorf("unknown tke-config became findings: %v", got)
		}
		assertSkipped(t, res, "tke-ingress-controller")
	})
}

// TestNginxWebhookUnknownNamespaceLabel: a namespaceSelector on a label other than the namespace's
// name cannot be decided without the namespace's labels, so the check is skipped.
func TestNginxWebhookUnknownNamespaceLabel(t *testing.T) {
	for _, tt := range []struct {
		name string
		ns   *metav1.LabelSelector
	}{
		{"matchLabels", &metav1.LabelSelector{MatchLabels: map[string]string{"env": "prod"}}},
		{"name and another label", &metav1.LabelSelector{MatchLabels: map[string]string{nsNameLabel: "default", "env": "prod"}}},
		{"invalid operator", &metav1.LabelSelector{MatchExpressions: []metav1.LabelSelectorRequirement{{Key: nsNameLabel, Operator: "Near"}}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res := diagnose(t, checkstest.Fixture(t, checkstest.Ingress(), scopedWebhook(tt.ns, nil), nginxDeployment(oldNginx)), snapshot.KindIngress, "bar", tkerules.Provider)
			if got := checkstest.ByRule(res); len(got[tkerules.IngressE6009]) > 0 {
				t.Errorf("undecidable selector became a finding: %v", got)
			}
			assertSkipped(t, res, "tke-nginx-webhook")
		})
	}
}

// TestTKEConfigMissing: an absent kube-system/tke-config leaves both variables unset.
func TestTKEConfigMissing(t *testing.T) {
	bad := checkstest.ByRule(diagnose(t, checkstest.Fixture(t, checkstest.Ingress(), l7Controller()), snapshot.KindIngress, "bar", tkerules.Provider))
	for _, id := range []rules.ID{tkerules.IngressE6001, tkerules.IngressE6002} {
		if !containsPath(bad[id], "kube-system/configmap/tke-config") {
			t.Errorf("want %s at kube-system/configmap/tke-config, got %v", id, bad)
		}
	}
	fixed := checkstest.ByRule(diagnose(t, checkstest.Fixture(t, checkstest.Ingress(), l7Controller(), tkeConfig(goodTKEConfig)), snapshot.KindIngress, "bar", tkerules.Provider))
	if len(fixed[tkerules.IngressE6001])+len(fixed[tkerules.IngressE6002])+len(fixed[tkerules.IngressAPIHostAliases]) > 0 {
		t.Errorf("fixed: %v", fixed)
	}
	// No l7-lb-controller Deployment: TKE may run it outside the cluster, so nothing is said.
	none := checkstest.ByRule(diagnose(t, checkstest.Fixture(t, checkstest.Ingress()), snapshot.KindIngress, "bar", tkerules.Provider))
	if len(none[tkerules.IngressE6001]) > 0 {
		t.Errorf("missing controller Deployment became a finding: %v", none)
	}
}

func assertSkipped(t *testing.T, res checks.Result, checks ...string) {
	t.Helper()
	skipped := checkstest.SkippedChecks(res)
	for _, c := range checks {
		if !skipped[c] {
			t.Errorf("want check %s skipped, got %+v", c, res.Skipped)
		}
	}
}

// masqCtl is a kube-system controller Deployment selecting its pods by app=name.
func masqCtl(name string) *appsv1.Deployment {
	d := checkstest.FxDeployment(name, "ccr.ccs.tencentyun.com/tkeimages/"+name+":v2.3.1")
	d.Spec.Selector = &metav1.LabelSelector{MatchLabels: map[string]string{"app": name}}
	d.Spec.Template.Labels = map[string]string{"app": name}
	return d
}

// ctlPod is a running pod of controller name in kube-system with pod IP ip.
func ctlPod(name, ip string, hostNetwork bool) *corev1.Pod {
	return checkstest.FxPod(name+"-7d9f8b6c5-x2k4q", "n1", true, func(p *corev1.Pod) {
		p.Namespace, p.Labels = "kube-system", map[string]string{"app": name}
		p.Spec.HostNetwork, p.Status.PodIP = hostNetwork, ip
	})
}
