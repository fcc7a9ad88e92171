package checks

import (
	"testing"

	admissionv1 "k8s.io/api/admissionregistration/v1"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func sysConfigMap(name string, data map[string]string) *corev1.ConfigMap {
	return &corev1.ConfigMap{TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "ConfigMap"}, ObjectMeta: kubeSystemMeta(name), Data: data}
}

func podCIDR(cidr string) func(*corev1.Node) {
	return func(n *corev1.Node) { n.Spec.PodCIDR, n.Spec.PodCIDRs = cidr, []string{cidr} }
}

func ipMasq(body string) *corev1.ConfigMap {
	return sysConfigMap(tkeIPMasqCM, map[string]string{"config": body})
}

func kubeProxyDS(image string, args ...string) *appsv1.DaemonSet {
	ds := fxDaemonSet(tkeKubeProxy, image)
	ds.Spec.Template.Spec.Containers[0].Args = args
	return ds
}

func cmEnv(name, cm string) corev1.EnvVar {
	return corev1.EnvVar{Name: name, ValueFrom: &corev1.EnvVarSource{ConfigMapKeyRef: &corev1.ConfigMapKeySelector{
		LocalObjectReference: corev1.LocalObjectReference{Name: cm}, Key: name}}}
}

// l7Controller is a correctly wired kube-system/l7-lb-controller with every API host alias.
func l7Controller(mods ...func(*appsv1.Deployment)) *appsv1.Deployment {
	d := fxDeployment(tkeL7Controller, "ccr.ccs.tencentyun.com/tkeimages/l7-lb-controller:v2.3.1")
	d.Spec.Template.Spec.Containers[0].Env = []corev1.EnvVar{cmEnv("TKE_REGION", tkeConfigCM), cmEnv("TKE_VPC_ID", tkeConfigCM)}
	byIP := map[string][]string{}
	for h, ip := range cloudAPIAliases {
		byIP[ip] = append(byIP[ip], h)
	}
	for ip, hs := range byIP {
		d.Spec.Template.Spec.HostAliases = append(d.Spec.Template.Spec.HostAliases, corev1.HostAlias{IP: ip, Hostnames: hs})
	}
	for _, m := range mods {
		m(d)
	}
	return d
}

func tkeConfig(data map[string]string) *corev1.ConfigMap { return sysConfigMap(tkeConfigCM, data) }

var goodTKEConfig = map[string]string{"TKE_REGION": "ap-guangzhou", "TKE_VPC_ID": "vpc-646vhcjj"}

func nginxWebhook(versions ...string) *admissionv1.ValidatingWebhookConfiguration {
	return &admissionv1.ValidatingWebhookConfiguration{TypeMeta: metav1.TypeMeta{APIVersion: "admissionregistration.k8s.io/v1", Kind: "ValidatingWebhookConfiguration"},
		ObjectMeta: metav1.ObjectMeta{Name: "ingress-nginx-admission"},
		Webhooks: []admissionv1.ValidatingWebhook{{Name: nginxWebhookTag,
			ClientConfig: admissionv1.WebhookClientConfig{Service: &admissionv1.ServiceReference{Namespace: "ingress-nginx", Name: "ingress-nginx-controller-admission"}},
			Rules: []admissionv1.RuleWithOperations{{Operations: []admissionv1.OperationType{admissionv1.Create, admissionv1.Update},
				Rule: admissionv1.Rule{APIGroups: []string{"networking.k8s.io"}, APIVersions: versions, Resources: []string{"ingresses"}}}}}}}
}

func nginxDeployment(image string) *appsv1.Deployment {
	d := fxDeployment("ingress-nginx-controller", image)
	d.Namespace = "ingress-nginx"
	return d
}

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

func internalIngress(mods ...func(*networkingv1.Ingress)) *networkingv1.Ingress {
	return ingress(append([]func(*networkingv1.Ingress){ingAnn(tkeann.IngSubnet, "subnet-ewhltulw")}, mods...)...)
}

func listener(port int, keepalive any) map[string]any {
	l := map[string]any{"protocol": "HTTP", "port": int64(port)}
	if keepalive != nil {
		l["keepaliveEnable"] = keepalive
	}
	return l
}

func l7Config(ls ...any) *unstructured.Unstructured {
	return tkeServiceConfig("bar-config", map[string]any{"loadBalancer": map[string]any{"l7Listeners": ls}})
}

func TestTKEClusterIngressChecks(t *testing.T) {
	withCfg := ingAnn(tkeann.IngServiceConfig, "bar-config")
	runIngressCases(t, []svcCase{
		{name: "E4007 ip-masq-agent 0.0.0.0/0 (YAML)", bad: objs(ingress(), ipMasq("nonMasqueradeCIDRs:\n  - 0.0.0.0/0\n")),
			fixed: objs(ingress()), want: tkerules.IngressE4007, path: "kube-system/configmap/ip-masq-agent-config.data.config"},
		{name: "E4007 ip-masq-agent 0.0.0.0/0 (JSON, capitalised)", bad: objs(ingress(), ipMasq(`{"NonMasqueradeCIDRs":["172.16.0.0/16","0.0.0.0/0"],"MasqLinkLocal":true}`)),
			fixed: objs(ingress(), ipMasq(`{"NonMasqueradeCIDRs":["172.16.0.0/16"],"MasqLinkLocal":true}`)),
			want:  tkerules.IngressE4007, path: "kube-system/configmap/ip-masq-agent-config.data.config"},
		{name: "E4007 ip-masq-agent key", bad: objs(ingress(), sysConfigMap(tkeIPMasqCM, map[string]string{"ip-masq-agent": "nonMasqueradeCIDRs: [0.0.0.0/0]"})),
			fixed: objs(ingress()), want: tkerules.IngressE4007, path: "kube-system/configmap/ip-masq-agent-config.data.ip-masq-agent"},
		{name: "E4007 two halves cover every destination", bad: objs(ingress(), ipMasq("nonMasqueradeCIDRs:\n- 0.0.0.0/1\n- 128.0.0.0/1\n")),
			fixed: objs(ingress(), ipMasq("nonMasqueradeCIDRs:\n- 0.0.0.0/1\n- 128.0.0.0/2\n")),
			want:  tkerules.IngressE4007, path: "kube-system/configmap/ip-masq-agent-config.data.config"},
		{name: "E4007 source CIDRs exempt every address", bad: objs(ingress(), ipMasq(`{"NonMasqueradeSrcCIDRs":["0.0.0.0/0"]}`)),
			fixed: objs(ingress(), ipMasq(`{"NonMasqueradeSrcCIDRs":["192.168.0.0/16"]}`)),
			want:  tkerules.IngressE4007, path: "kube-system/configmap/ip-masq-agent-config.data.config"},
		{name: "E4007 source CIDRs exempt every node's pods",
			bad: objs(ingress(), fxNode("n1", podCIDR("172.16.0.0/26")), fxNode("n2", podCIDR("172.16.0.64/26")),
				ipMasq("NonMasqueradeSrcCIDRs:\n- 172.16.0.0/25\n")),
			fixed: objs(ingress(), fxNode("n1", podCIDR("172.16.0.0/26")), fxNode("n2", podCIDR("172.16.0.64/26")),
				ipMasq("NonMasqueradeSrcCIDRs:\n- 172.16.0.0/26\n")),
			want: tkerules.IngressE4007, path: "kube-system/configmap/ip-masq-agent-config.data.config"},
		{name: "E4007 source CIDRs exempt the l7-lb-controller's own pod (VPC-CNI: no node pod CIDR)",
			bad: objs(ingress(), fxNode("n1"), ipMasq("NonMasqueradeSrcCIDRs:\n- 192.168.0.0/18\n"),
				masqCtl(tkeL7Controller), ctlPod(tkeL7Controller, "192.168.1.7", false)),
			fixed: objs(ingress(), fxNode("n1"), ipMasq("NonMasqueradeSrcCIDRs:\n- 192.168.0.0/18\n"),
				masqCtl(tkeL7Controller), ctlPod(tkeL7Controller, "192.168.64.7", false)),
			want: tkerules.IngressE4007, path: "kube-system/configmap/ip-masq-agent-config.data.config"},
		{name: "E4007 a host-network controller pod sends from the node",
			bad: objs(ingress(), ipMasq("NonMasqueradeSrcCIDRs:\n- 10.0.0.0/8\n"),
				masqCtl(tkeL7Controller), ctlPod(tkeL7Controller, "10.0.1.7", false)),
			fixed: objs(ingress(), ipMasq("NonMasqueradeSrcCIDRs:\n- 10.0.0.0/8\n"),
				masqCtl(tkeL7Controller), ctlPod(tkeL7Controller, "10.0.1.7", true)),
			want: tkerules.IngressE4007, path: "kube-system/configmap/ip-masq-agent-config.data.config"},
		{name: "E4007 unparseable config", bad: objs(ingress(), ipMasq("nonMasqueradeCIDRs: 0.0.0.0/0")),
			fixed: objs(ingress()), want: tkerules.IngressE4007, path: "kube-system/configmap/ip-masq-agent-config.data.config"},
		{name: "L7 loopback: internal without TkeServiceConfig", bad: objs(internalIngress()),
			fixed: objs(internalIngress(withCfg), l7Config(listener(80, int64(1)))),
			want:  tkerules.IngressCLBLoopback, path: AnnPath(tkeann.IngSubnet)},
		{name: "L7 loopback: keepalive off", bad: objs(internalIngress(withCfg), l7Config(listener(80, int64(0)))),
			fixed: objs(internalIngress(withCfg), l7Config(listener(80, "1"), listener(8080, int64(1)))),
			want:  tkerules.IngressCLBLoopback, path: "default/tkeserviceconfig/bar-config.spec.loadBalancer.l7Listeners[0].keepaliveEnable"},
		{name: "L7 loopback: no listener for 443", bad: objs(internalIngress(withCfg, ingTLS("tls")), l7Config(listener(80, int64(1)))),
			fixed: objs(internalIngress(withCfg, ingTLS("tls")), l7Config(listener(443, float64(1)))),
			want:  tkerules.IngressCLBLoopback, path: "default/tkeserviceconfig/bar-config.spec.loadBalancer.l7Listeners"},
		{name: "L7 loopback: auto config missing", bad: objs(internalIngress(ingAnn(tkeann.IngServiceConfigAuto, "true"))),
			fixed: objs(internalIngress(ingAnn(tkeann.IngServiceConfigAuto, "true")), tkeServiceConfig("bar-auto-ingress-config", map[string]any{"loadBalancer": map[string]any{"l7Listeners": []any{listener(80, int64(1))}}})),
			want:  tkerules.IngressCLBLoopback, path: AnnPath(tkeann.IngServiceConfigAuto)},
		{name: "L7 loopback: public Ingress is silent", bad: objs(internalIngress()), fixed: objs(ingress()),
			want: tkerules.IngressCLBLoopback, path: AnnPath(tkeann.IngSubnet)},
		{name: "E6001 tke-config lacks TKE_REGION", bad: objs(ingress(), tkeConfig(map[string]string{"TKE_VPC_ID": "vpc-646vhcjj"})),
			fixed: objs(ingress()), want: tkerules.IngressE6001, path: "kube-system/configmap/tke-config.data.TKE_REGION"},
		{name: "E6002 env not wired", bad: objs(ingress(), l7Controller(func(d *appsv1.Deployment) {
			d.Spec.Template.Spec.Containers[0].Env = d.Spec.Template.Spec.Containers[0].Env[:1]
		})),
			fixed: objs(ingress()), want: tkerules.IngressE6002, path: "kube-system/deployment/l7-lb-controller.spec.template.spec.containers[0].env"},
		{name: "E6002 envFrom tke-config lacking the key", bad: objs(ingress(), tkeConfig(map[string]string{"TKE_REGION": "ap-guangzhou"}), l7Controller(func(d *appsv1.Deployment) {
			c := &d.Spec.Template.Spec.Containers[0]
			c.Env = nil
			c.EnvFrom = []corev1.EnvFromSource{{ConfigMapRef: &corev1.ConfigMapEnvSource{LocalObjectReference: corev1.LocalObjectReference{Name: tkeConfigCM}}}}
		})),
			fixed: objs(ingress(), l7Controller(func(d *appsv1.Deployment) {
				c := &d.Spec.Template.Spec.Containers[0]
				c.Env = []corev1.EnvVar{{Name: "TKE_VPC_ID", Value: "vpc-646vhcjj"}}
				c.EnvFrom = []corev1.EnvFromSource{{ConfigMapRef: &corev1.ConfigMapEnvSource{LocalObjectReference: corev1.LocalObjectReference{Name: tkeConfigCM}}}}
			})),
			want: tkerules.IngressE6002, path: "kube-system/deployment/l7-lb-controller.spec.template.spec.containers[0].env"},
		{name: "api-host-aliases missing (a hint, not E6006)", bad: objs(ingress(), l7Controller(func(d *appsv1.Deployment) { d.Spec.Template.Spec.HostAliases = nil })),
			fixed: objs(ingress()), want: tkerules.IngressAPIHostAliases, path: "kube-system/deployment/l7-lb-controller.spec.template.spec.hostAliases"},
		{name: "E6009 nginx webhook on v1 with old controller", bad: objs(ingress(), nginxWebhook("v1", "v1beta1"), nginxDeployment("k8s.gcr.io/ingress-nginx/controller:v0.49.3@sha256:abc")),
			fixed: objs(ingress(), nginxWebhook("v1beta1"), nginxDeployment("k8s.gcr.io/ingress-nginx/controller:v0.49.3")),
			want:  tkerules.IngressE6009, path: "validatingwebhookconfiguration/ingress-nginx-admission.webhooks[0].rules[0]"},
		{name: "E6009 failurePolicy Ignore blocks nothing", bad: objs(ingress(), nginxWebhook("v1"), nginxDeployment("k8s.gcr.io/ingress-nginx/controller:v0.49.3")),
			fixed: objs(ingress(), func() runtime.Object {
				w, ignore := nginxWebhook("v1"), admissionv1.Ignore
				w.Webhooks[0].FailurePolicy = &ignore
				return w
			}(), nginxDeployment("k8s.gcr.io/ingress-nginx/controller:v0.49.3")),
			want: tkerules.IngressE6009, path: "validatingwebhookconfiguration/ingress-nginx-admission.webhooks[0].rules[0]"},
		{name: "E6009 namespaceSelector names the Ingress's namespace", bad: objs(ingress(), scopedWebhook(nsName("default"), nil), nginxDeployment(oldNginx)),
			fixed: objs(ingress(), scopedWebhook(nsName("intranet"), nil), nginxDeployment(oldNginx)),
			want:  tkerules.IngressE6009, path: "validatingwebhookconfiguration/ingress-nginx-admission.webhooks[0].rules[0]"},
		{name: "E6009 namespaceSelector NotIn", bad: objs(ingress(), scopedWebhook(nsNotIn("kube-system"), nil), nginxDeployment(oldNginx)),
			fixed: objs(ingress(), scopedWebhook(nsNotIn("kube-system", "default"), nil), nginxDeployment(oldNginx)),
			want:  tkerules.IngressE6009, path: "validatingwebhookconfiguration/ingress-nginx-admission.webhooks[0].rules[0]"},
		{name: "E6009 objectSelector leaves the Ingress out", bad: objs(ingress(), scopedWebhook(nil, &metav1.LabelSelector{}), nginxDeployment(oldNginx)),
			fixed: objs(ingress(), scopedWebhook(nil, &metav1.LabelSelector{MatchLabels: map[string]string{"team": "web"}}), nginxDeployment(oldNginx)),
			want:  tkerules.IngressE6009, path: "validatingwebhookconfiguration/ingress-nginx-admission.webhooks[0].rules[0]"},
		{name: "E6009 wildcard version, TKE add-on image", bad: objs(ingress(), nginxWebhook("*"), nginxDeployment("ccr.ccs.tencentyun.com/paas/nginx-ingress-controller:0.41.0")),
			fixed: objs(ingress(), nginxWebhook("v1"), nginxDeployment("registry.k8s.io/ingress-nginx/controller:v1.1.0")),
			want:  tkerules.IngressE6009, path: "validatingwebhookconfiguration/ingress-nginx-admission.webhooks[0].rules[0]"},
	})
}

// runIngressCases runs bad/fixed pairs for the TKE Ingress bar; each side's objects replace the
// same-named ones of a healthy cluster (healthy and clusterHealthy). Every finding of a TKE check is
// worded in both languages.
func runIngressCases(t *testing.T, cases []svcCase) {
	t.Helper()
	base := append(healthy(), clusterHealthy()...)
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			badRes := diagnose(t, fixture(t, withObjs(base, tt.bad)...), snapshot.KindIngress, "bar", tkerules.Provider)
			assertTKEWords(t, badRes, false)
			bad := byRule(badRes)
			if !containsPath(bad[tt.want], tt.path) {
				t.Errorf("bad: want %s at %s, got %v", tt.want, tt.path, bad)
			}
			fixed := byRule(diagnose(t, fixture(t, withObjs(base, tt.fixed)...), snapshot.KindIngress, "bar", tkerules.Provider))
			if len(fixed[tt.want]) > 0 {
				t.Errorf("fixed: %s still reported at %v", tt.want, fixed[tt.want])
			}
		})
	}
}

func TestTKEClusterServiceChecks(t *testing.T) {
	internal := svcAnn(tkeann.InternalSubnetID, "subnet-ewhltulw")
	const oldProxy, newProxy = "ccr.ccs.tencentyun.com/library/kube-proxy:v1.18.4-tke.19", "ccr.ccs.tencentyun.com/library/kube-proxy:v1.18.4-tke.20"
	runServiceCases(t, tkerules.Provider, []svcCase{
		{name: "ip-masq-agent 0.0.0.0/0", bad: objs(lbSvc(), ipMasq("nonMasqueradeCIDRs:\n- 0.0.0.0/0\n")),
			fixed: objs(lbSvc(), ipMasq("nonMasqueradeCIDRs:\n- 10.0.0.0/14\n")),
			want:  tkerules.ServiceIPMasqAgent, path: "kube-system/configmap/ip-masq-agent-config.data.config", sev: sevOf(rules.Error)},
		{name: "ip-masq-agent source CIDRs exempt the service-controller's own pod",
			bad: objs(lbSvc(), ipMasq("nonMasqueradeSrcCIDRs: [\"172.20.0.0/16\"]\n"),
				masqCtl(tkeServiceController), ctlPod(tkeServiceController, "172.20.3.4", false)),
			fixed: objs(lbSvc(), ipMasq("nonMasqueradeSrcCIDRs: [\"172.21.0.0/16\"]\n"),
				masqCtl(tkeServiceController), ctlPod(tkeServiceController, "172.20.3.4", false)),
			want: tkerules.ServiceIPMasqAgent, path: "kube-system/configmap/ip-masq-agent-config.data.config", sev: sevOf(rules.Error)},
		{name: "L4 loopback: all factors", bad: objs(lbSvc(internal), kubeProxyDS(oldProxy, "--proxy-mode=ipvs")),
			fixed: objs(lbSvc(internal, svcAnn(tkeann.PreventLoopback, "true")), kubeProxyDS(newProxy, "--proxy-mode=ipvs")),
			want:  tkerules.ServiceCLBLoopback, path: AnnPath(tkeann.InternalSubnetID), sev: sevOf(rules.Warning)},
		{name: "L4 loopback: IPVS from the kube-proxy ConfigMap", bad: objs(lbSvc(internal), kubeProxyDS(oldProxy, "--config=/var/lib/kube-proxy/config.conf"), sysConfigMap(tkeKubeProxy, map[string]string{"config.conf": "apiVersion: kubeproxy.config.k8s.io/v1alpha1\nkind: KubeProxyConfiguration\nmode: ipvs\n"})),
			fixed: objs(lbSvc(), kubeProxyDS(oldProxy, "--config=/var/lib/kube-proxy/config.conf"), sysConfigMap(tkeKubeProxy, map[string]string{"config.conf": "mode: ipvs\n"})),
			want:  tkerules.ServiceCLBLoopback, path: AnnPath(tkeann.InternalSubnetID), sev: sevOf(rules.Warning)},
		{name: "L4 loopback: iptables mode is info", bad: objs(lbSvc(internal), kubeProxyDS(oldProxy, "--proxy-mode=iptables")),
			fixed: objs(lbSvc(internal, svcAnn(tkeann.PreventLoopback, "true")), kubeProxyDS(newProxy, "--proxy-mode=iptables")),
			want:  tkerules.ServiceCLBLoopback, path: AnnPath(tkeann.InternalSubnetID), sev: sevOf(rules.Info)},
		{name: "L4 loopback: odd minor judged by the next fix", bad: objs(lbSvc(internal), kubeProxyDS("kube-proxy:v1.19.3-tke.40", "--proxy-mode=ipvs"), sysConfigMap(tkeKubeProxy, nil)),
			fixed: objs(lbSvc(internal, svcAnn(tkeann.PreventLoopback, "true")), kubeProxyDS("kube-proxy:v1.22.5-tke.1", "--proxy-mode=ipvs")),
			want:  tkerules.ServiceCLBLoopback, path: AnnPath(tkeann.InternalSubnetID), sev: sevOf(rules.Warning)},
	})
}

// TestTKEClusterUnknownSkips: unreadable kube-system objects and webhooks make skips, not findings.
func TestTKEClusterUnknownSkips(t *testing.T) {
	gap := snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden, RBAC: "get configmaps in namespace kube-system"}
	build := func(target runtime.Object) *snapshot.Snapshot {
		s := fixture(t, target, tkeServiceConfig("bar-config", map[string]any{}))
		s.ConfigMaps.MarkGap(tkeSysNS, gap)
		s.DaemonSets.MarkGap(tkeSysNS, gap)
		s.Deployments.MarkGap(tkeSysNS, gap)
		s.Webhooks.MarkGap("", gap)
		return s
	}
	t.Run("service", func(t *testing.T) {
		res := diagnose(t, build(lbSvc(svcAnn(tkeann.InternalSubnetID, "subnet-ewhltulw"))), snapshot.KindService, "web", tkerules.Provider)
		if got := byRule(res); len(got[tkerules.ServiceIPMasqAgent])+len(got[tkerules.ServiceCLBLoopback]) > 0 {
			t.Errorf("unknown objects became findings: %v", got)
		}
		assertSkipped(t, res, "tke-ip-masq-agent", "tke-clb-loopback")
	})
	t.Run("ingress", func(t *testing.T) {
		res := diagnose(t, build(internalIngress(ingAnn(tkeann.IngServiceConfig, "bar-config"))), snapshot.KindIngress, "bar", tkerules.Provider)
		got := byRule(res)
		for _, id := range []rules.ID{tkerules.IngressE4007, tkerules.IngressE6001, tkerules.IngressE6002, tkerules.IngressAPIHostAliases, tkerules.IngressE6009} {
			if len(got[id]) > 0 {
				t.Errorf("unknown objects became finding %s: %v", id, got[id])
			}
		}
		assertSkipped(t, res, "tke-ip-masq-agent", "tke-ingress-controller", "tke-nginx-webhook")
	})
	t.Run("tke-config unreadable", func(t *testing.T) {
		s := fixture(t, ingress(), l7Controller())
		s.ConfigMaps.MarkGap(tkeSysNS, gap)
		res := diagnose(t, s, snapshot.KindIngress, "bar", tkerules.Provider)
		if got := byRule(res); len(got[tkerules.IngressE6001])+len(got[tkerules.IngressE6002]) > 0 {
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
			res := diagnose(t, fixture(t, ingress(), scopedWebhook(tt.ns, nil), nginxDeployment(oldNginx)), snapshot.KindIngress, "bar", tkerules.Provider)
			if got := byRule(res); len(got[tkerules.IngressE6009]) > 0 {
				t.Errorf("undecidable selector became a finding: %v", got)
			}
			assertSkipped(t, res, "tke-nginx-webhook")
		})
	}
}

// TestTKEConfigMissing: an absent kube-system/tke-config leaves both variables unset.
func TestTKEConfigMissing(t *testing.T) {
	bad := byRule(diagnose(t, fixture(t, ingress(), l7Controller()), snapshot.KindIngress, "bar", tkerules.Provider))
	for _, id := range []rules.ID{tkerules.IngressE6001, tkerules.IngressE6002} {
		if !containsPath(bad[id], "kube-system/configmap/tke-config") {
			t.Errorf("want %s at kube-system/configmap/tke-config, got %v", id, bad)
		}
	}
	fixed := byRule(diagnose(t, fixture(t, ingress(), l7Controller(), tkeConfig(goodTKEConfig)), snapshot.KindIngress, "bar", tkerules.Provider))
	if len(fixed[tkerules.IngressE6001])+len(fixed[tkerules.IngressE6002])+len(fixed[tkerules.IngressAPIHostAliases]) > 0 {
		t.Errorf("fixed: %v", fixed)
	}
	// No l7-lb-controller Deployment: TKE may run it outside the cluster, so nothing is said.
	none := byRule(diagnose(t, fixture(t, ingress()), snapshot.KindIngress, "bar", tkerules.Provider))
	if len(none[tkerules.IngressE6001]) > 0 {
		t.Errorf("missing controller Deployment became a finding: %v", none)
	}
}

func assertSkipped(t *testing.T, res Result, checks ...string) {
	t.Helper()
	skipped := skippedChecks(res)
	for _, c := range checks {
		if !skipped[c] {
			t.Errorf("want check %s skipped, got %+v", c, res.Skipped)
		}
	}
}

// masqCtl is a kube-system controller Deployment selecting its pods by app=name.
func masqCtl(name string) *appsv1.Deployment {
	d := fxDeployment(name, "ccr.ccs.tencentyun.com/tkeimages/"+name+":v2.3.1")
	d.Spec.Selector = &metav1.LabelSelector{MatchLabels: map[string]string{"app": name}}
	d.Spec.Template.Labels = map[string]string{"app": name}
	return d
}

// ctlPod is a running pod of controller name in kube-system with pod IP ip.
func ctlPod(name, ip string, hostNetwork bool) *corev1.Pod {
	return fxPod(name+"-7d9f8b6c5-x2k4q", "n1", true, func(p *corev1.Pod) {
		p.Namespace, p.Labels = "kube-system", map[string]string{"app": name}
		p.Spec.HostNetwork, p.Status.PodIP = hostNetwork, ip
	})
}
