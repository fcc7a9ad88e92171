package tkechecks

import (
	"errors"
	"fmt"
	"maps"
	"net/netip"
	"regexp"
	"slices"
	"strconv"
	"strings"

	admissionv1 "k8s.io/api/admissionregistration/v1"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/labels"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Cluster objects the TKE cluster checks read. Live mode must fetch them.
const (
	tkeSysNS        = "kube-system"
	tkeIPMasqCM     = "ip-masq-agent-config" // ConfigMap
	tkeKubeProxy    = "kube-proxy"           // DaemonSet and ConfigMap
	tkeConfigCM     = "tke-config"           // ConfigMap the l7-lb-controller reads its env from
	tkeL7Controller = "l7-lb-controller"     // Deployment of the CLB Ingress controller
	nginxWebhookTag = "validate.nginx.ingress.kubernetes.io"
)

// tkeClusterChecks look at cluster-wide TKE risks: kube-system components and cluster-scoped objects
// that break every CLB Service or Ingress, and the in-cluster loopback of internal CLBs.
var tkeClusterChecks = []checks.Check{
	{Name: "tke-ip-masq-agent", Kind: rules.Service, Provider: tkerules.Provider, Applies: tkeLBService, Run: checkIPMasqAgent,
		Emits:  []rules.ID{tkerules.ServiceIPMasqAgent},
		Inputs: append(slices.Clone(inIPMasqAgent), masqControllerInputs...)},
	{Name: "tke-ip-masq-agent", Kind: rules.Ingress, Provider: tkerules.Provider, Applies: checks.OwnController, Run: checkIPMasqAgent,
		Emits:  []rules.ID{tkerules.IngressE4007},
		Inputs: append(slices.Clone(inIPMasqAgent), masqControllerInputs...)},
	{Name: "tke-clb-loopback", Kind: rules.Service, Provider: tkerules.Provider, Applies: tkeLBService, Run: checkL4Loopback,
		Emits: []rules.ID{tkerules.ServiceCLBLoopback},
		Inputs: []checks.Input{
			{Resource: snapshot.DaemonSets, Scope: checks.Fixed, Namespace: tkeSysNS, Name: tkeKubeProxy, When: checks.Annotated(tkeann.InternalSubnetID)},
			{Resource: snapshot.ConfigMaps, Scope: checks.Fixed, Namespace: tkeSysNS, Name: tkeKubeProxy, When: checks.Annotated(tkeann.InternalSubnetID)},
		}},
	{Name: "tke-clb-loopback", Kind: rules.Ingress, Provider: tkerules.Provider, Applies: checks.OwnController, Run: checkL7Loopback,
		Emits:  []rules.ID{tkerules.IngressCLBLoopback},
		Inputs: []checks.Input{{Custom: ServiceConfigs, Scope: checks.InNamespace, When: checks.Annotated(tkeann.IngSubnet)}}},
	{Name: "tke-ingress-controller", Kind: rules.Ingress, Provider: tkerules.Provider, Applies: checks.OwnController, Run: checkL7Controller,
		Emits: []rules.ID{tkerules.IngressE6001, tkerules.IngressE6002, tkerules.IngressAPIHostAliases},
		Inputs: []checks.Input{
			{Resource: snapshot.Deployments, Scope: checks.Fixed, Namespace: tkeSysNS, Name: tkeL7Controller, Required: true},
			{Resource: snapshot.ConfigMaps, Scope: checks.Derived, Derive: controllerConfigMaps},
		}},
	{Name: "tke-nginx-webhook", Kind: rules.Ingress, Provider: tkerules.Provider, Applies: checks.OwnController, Run: checkNginxWebhook,
		Emits: []rules.ID{tkerules.IngressE6009},
		Inputs: []checks.Input{
			{Resource: snapshot.Webhooks, Scope: checks.ClusterWide, Required: true},
			{Scope: checks.Derived, Derive: nginxWebhookWorkloads},
		}},
}

// ipMasqKeys are the ConfigMap entries that may hold the ip-masq-agent config, in the order it
// reads them; ipMasqPaths their report paths.
var (
	ipMasqKeys  = []string{"config", "ip-masq-agent"}
	ipMasqPaths = map[string]string{
		"config":        checks.ObjPath(tkeSysNS, "configmap", tkeIPMasqCM, "data.config"),
		"ip-masq-agent": checks.ObjPath(tkeSysNS, "configmap", tkeIPMasqCM, "data.ip-masq-agent"),
	}
)

// checkIPMasqAgent reports an ip-masq-agent config that exempts all pod traffic from SNAT, so calls to
// Norm leave with pod IPs and the controller gets no credentials (E4007 in the Ingress table). Two
// fields of TKE's agent do it: nonMasqueradeCIDRs (destinations) whose union covers every IPv4
// address, and nonMasqueradeSrcCIDRs (sources) whose union covers every address or the pod CIDR of
// every node the snapshot holds, or else the pod IPs of the controller itself (masqControllerReason).
func checkIPMasqAgent(c *checks.Context) error {
	id := tkerules.ServiceIPMasqAgent
	if c.Ingress != nil {
		id = tkerules.IngressE4007
	}
	cm, err := c.Snap.ConfigMaps.Get(tkeSysNS, tkeIPMasqCM)
	if err != nil {
		return nil // without the ConfigMap the agent masquerades everything outside its defaults
	}
	for _, key := range ipMasqKeys {
		body, ok := cm.Data[key]
		if !ok {
			continue
		}
		where := ipMasqPaths[key]
		cfg := checks.Memo(c, masqConfigKey.With(body), func() masqConfig { return parseMasqConfig(body) })
		if cfg.err != nil {
			c.Say(id, where, words.Say("the ip-masq-agent config is unparseable (%v); the agent may not apply it",
				"ip-masq-agent 配置无法解析（%v），ip-masq-agent 可能不会应用它", cfg.err))
			return nil
		}
		why := checks.Memo(c, masqWhyKey.With(body), func() []words.Words { return masqReasons(c.Snap, cfg) })
		if len(why) == 0 {
			// On VPC-CNI clusters nodes have no pod CIDR: the controller's own pods tell.
			if w, ok := masqControllerReason(c, cfg); ok {
				why = []words.Words{w}
			}
		}
		if len(why) > 0 {
			c.Say(id, where, words.Say("%s, so no pod traffic is masqueraded to the node IP and Norm rejects the controller's credential calls",
				"%s，因此没有任何 Pod 流量会被伪装（SNAT）成节点 IP，Norm 会拒绝控制器获取凭证的调用", checks.JoinWords(why)))
		}
		return nil
	}
	return nil
}

// masqConfig is the part of an ip-masq-agent config that decides which pod traffic keeps its pod IP.
type masqConfig struct {
	dst, src         []netip.Prefix
	dstText, srcText []string
	err              error
}

// parseMasqConfig reads nonMasqueradeCIDRs and nonMasqueradeSrcCIDRs from an ip-masq-agent config in
// YAML or JSON. The agent decodes it with Go's case-insensitive JSON field matching, so
// nonMasqueradeCIDRs and NonMasqueradeCIDRs (both spellings appear in the docs) are one key. An entry
// that is not a CIDR is an error (the agent refuses the config).
func parseMasqConfig(body string) masqConfig {
	var cfg masqConfig
	if strings.TrimSpace(body) == "" {
		return cfg
	}
	m, err := checks.YAMLObject(body)
	if err != nil {
		cfg.err = err
		return cfg
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		var dst *[]netip.Prefix
		var text *[]string
		switch {
		case strings.EqualFold(k, "nonMasqueradeCIDRs"):
			dst, text = &cfg.dst, &cfg.dstText
		case strings.EqualFold(k, "nonMasqueradeSrcCIDRs"):
			dst, text = &cfg.src, &cfg.srcText
		default:
			continue
		}
		if m[k] == nil {
			continue
		}
		list, ok := m[k].([]any)
		if !ok {
			cfg.err = words.Errorf("%s is not a list", "%s 不是列表", checks.Clip(k))
			return cfg
		}
		for _, e := range list {
			s, ok := e.(string)
			if !ok {
				cfg.err = words.Errorf("%s holds %s, which is not a CIDR string", "%s 中的 %s 不是 CIDR 字符串", checks.Clip(k), checks.ClipValue(e))
				return cfg
			}
			p, err := netip.ParsePrefix(strings.TrimSpace(s))
			if err != nil {
				cfg.err = words.Errorf("%s holds %s, which is not a CIDR", "%s 中的 %s 不是 CIDR", checks.Clip(k), checks.Clip(s))
				return cfg
			}
			*text = append(*text, s)
			if p.Addr().Is4() {
				*dst = append(*dst, p.Masked())
			}
		}
	}
	return cfg
}

// everyIPv4 is the whole IPv4 space.
var everyIPv4 = netip.MustParsePrefix("0.0.0.0/0")

// coversAll reports whether the union of ps is the whole IPv4 space.
func coversAll(ps []netip.Prefix) bool { return covers(ps, everyIPv4) }

// coveredEach reports whether the union of ps covers every target.
func coveredEach(ps, targets []netip.Prefix) bool {
	for _, t := range targets {
		if !covers(ps, t) {
			return false
		}
	}
	return true
}

// covers reports whether the union of the IPv4 prefixes ps covers target: one prefix holds it, or
// both its halves are covered (split only while some prefix lies inside it).
func covers(ps []netip.Prefix, target netip.Prefix) bool {
	inside := false
	for _, p := range ps {
		if p.Bits() <= target.Bits() && p.Contains(target.Addr()) {
			return true
		}
		inside = inside || (p.Bits() > target.Bits() && target.Contains(p.Addr()))
	}
	if !inside || target.Bits() >= 32 {
		return false
	}
	bit := target.Bits()
	hi := target.Addr().As4()
	hi[bit/8] |= 0x80 >> (bit % 8)
	return covers(ps, netip.PrefixFrom(target.Addr(), bit+1)) && covers(ps, netip.PrefixFrom(netip.AddrFrom4(hi), bit+1))
}

// masqWhyKey holds masqReasons per ip-masq-agent config body: the verdict is the cluster's, the same
// for every target, and reads every node.
var masqWhyKey = snapshot.NewMemoKey[[]words.Words]("ip-masq-reasons")

// masqReasons says why cfg stops pod traffic from being masqueraded to the node IP; none when it does not.
func masqReasons(snap *snapshot.Snapshot, cfg masqConfig) []words.Words {
	var why []words.Words
	if coversAll(cfg.dst) {
		why = append(why, words.Say("nonMasqueradeCIDRs (%s) cover every IPv4 destination", "nonMasqueradeCIDRs（%s）覆盖了所有 IPv4 目的地址",
			checks.ListWords(checks.ClipAll(cfg.dstText), 4)))
	}
	if coversAll(cfg.src) {
		why = append(why, words.Say("nonMasqueradeSrcCIDRs (%s) cover every IPv4 source", "nonMasqueradeSrcCIDRs（%s）覆盖了所有 IPv4 源地址",
			checks.ListWords(checks.ClipAll(cfg.srcText), 4)))
	} else if len(cfg.src) > 0 {
		if pods := nodePodCIDRs(snap); len(pods) > 0 && coveredEach(cfg.src, pods) {
			why = append(why, words.Say("nonMasqueradeSrcCIDRs (%s) cover the pod CIDR of all %d nodes", "nonMasqueradeSrcCIDRs（%s）覆盖了全部 %d 个节点的 Pod CIDR",
				checks.ListWords(checks.ClipAll(cfg.srcText), 4), len(pods)))
		}
	}
	return why
}

// nodePodCIDRs are the IPv4 pod CIDRs of the nodes the snapshot holds.
func nodePodCIDRs(snap *snapshot.Snapshot) []netip.Prefix {
	var out []netip.Prefix
	for _, n := range snap.Nodes.Held("") {
		for _, s := range append([]string{n.Spec.PodCIDR}, n.Spec.PodCIDRs...) {
			if p, err := netip.ParsePrefix(s); err == nil && p.Addr().Is4() {
				out = append(out, p.Masked())
			}
		}
	}
	return out
}

// loopbackFixes are the first TKE kube-proxy builds, per 1.x minor, that bind CLB addresses to the
// IPVS interface (fault handling handbook, CLB Loopback). A minor not listed is judged by the next
// listed one above it; minors after 1.20 have the fix.
var loopbackFixes = []string{"v1.12.4-tke.30", "v1.14.3-tke.24", "v1.16.3-tke.25", "v1.18.4-tke.20", "v1.20.6-tke.12"}

// loopbackFixVersions are loopbackFixes parsed.
var loopbackFixVersions = func() []checks.Version {
	out := make([]checks.Version, len(loopbackFixes))
	for i, s := range loopbackFixes {
		out[i], _ = checks.ParseVersion(s)
	}
	return out
}()

// loopbackFix returns the first fixed build for v's minor, or ok false when none applies (minors
// after 1.20, or not a 1.x version).
func loopbackFix(v checks.Version) (fix checks.Version, ok bool) {
	if v.Nums[0] != 1 {
		return checks.Version{}, false
	}
	for _, f := range loopbackFixVersions {
		if f.Nums[1] >= v.Nums[1] {
			return f, true
		}
	}
	return checks.Version{}, false
}

// kubeProxy is what the loopback check needs to know about kube-system/kube-proxy.
type kubeProxy struct {
	mode     string
	modeFrom words.Words // where mode comes from
	image    string
	// old is true when the image predates the loopback fix; oldErr says why that is unknown.
	old    bool
	fix    string
	oldErr error
}

var proxyModeRE = regexp.MustCompile(`--proxy-mode[= ]+"?([A-Za-z]+)`)

// readKubeProxy reads the kube-proxy DaemonSet (mode flag, image) and, when the flag is absent, the
// mode in the kube-proxy ConfigMap. It returns nil when there is no kube-proxy DaemonSet.
func readKubeProxy(c *checks.Context) (*kubeProxy, error) {
	ds, err := c.Snap.DaemonSets.Get(tkeSysNS, tkeKubeProxy)
	if err != nil {
		if checks.IsNotFound(err) {
			return nil, nil
		}
		return nil, err
	}
	cs := ds.Spec.Template.Spec.Containers
	i := checks.FindContainer(cs, tkeKubeProxy)
	if i < 0 {
		return nil, nil
	}
	ct := cs[i]
	kp := &kubeProxy{image: ct.Image}
	if m := proxyModeRE.FindStringSubmatch(strings.Join(append(slices.Clone(ct.Command), ct.Args...), " ")); m != nil {
		kp.mode, kp.modeFrom = strings.ToLower(m[1]), words.Say("--proxy-mode in DaemonSet %s/%s", "DaemonSet %s/%s 的 --proxy-mode", tkeSysNS, tkeKubeProxy)
	} else {
		cm, err := c.Snap.ConfigMaps.Get(tkeSysNS, tkeKubeProxy)
		switch {
		case err == nil:
			kp.mode = checks.Memo(c, kubeProxyModeKey, func() string { return configMode(cm) })
			kp.modeFrom = words.Say("ConfigMap %s/%s", "ConfigMap %s/%s", tkeSysNS, tkeKubeProxy)
		case !checks.IsNotFound(err):
			return nil, err
		}
		if kp.mode == "" {
			kp.mode, kp.modeFrom = "iptables", words.Say("the kube-proxy default", "kube-proxy 的默认值")
		}
	}
	v, err := checks.ParseVersion(checks.ImageTag(ct.Image))
	if err != nil {
		kp.oldErr = words.Errorf("image %s: %v", "镜像 %s：%v", checks.Clip(ct.Image), err)
		return kp, nil
	}
	if fix, ok := loopbackFix(v); ok {
		kp.old, kp.fix = v.Compare(fix) < 0, fix.String()
	}
	return kp, nil
}

// configMode is the mode field of the first KubeProxyConfiguration entry of the ConfigMap that sets one.
func configMode(cm *corev1.ConfigMap) string {
	for _, k := range slices.Sorted(maps.Keys(cm.Data)) {
		if m, err := checks.YAMLObject(cm.Data[k]); err == nil {
			if s, ok := m["mode"].(string); ok && s != "" {
				return strings.ToLower(s)
			}
		}
	}
	return ""
}

// checkL4Loopback weighs the layer-4 loopback risk of an internal CLB: kube-proxy in IPVS mode, a
// kube-proxy build without the fix, and no prevent-loopback annotation. All three make a warning,
// some of them an info; a public CLB, or the documented fix in place, makes nothing.
func checkL4Loopback(c *checks.Context) error {
	svc := c.Service
	if svc.Annotations[tkeann.InternalSubnetID] == "" {
		return nil // public CLB: the node cannot see its own public source IP, so no loopback
	}
	r := checks.Memo(c, kubeProxyKey, func() checks.ValErr[*kubeProxy] {
		kp, err := readKubeProxy(c)
		return checks.ValErr[*kubeProxy]{V: kp, Err: err}
	})
	kp, err := r.V, r.Err
	if err != nil {
		return err
	}
	if kp == nil {
		return nil // not TKE's kube-proxy: the IPVS behaviour described does not apply
	}
	prevent := checks.IsTrue(svc.Annotations[tkeann.PreventLoopback])
	if prevent && kp.oldErr == nil && !kp.old {
		return nil // documented fix applied
	}
	var held, absent []words.Words
	factor := func(holds bool, yes, no words.Words) {
		if holds {
			held = append(held, yes)
		} else {
			absent = append(absent, no)
		}
	}
	factor(kp.mode == "ipvs", words.Say("kube-proxy runs in IPVS mode (%s)", "kube-proxy 运行在 IPVS 模式（%s）", kp.modeFrom),
		words.Say("kube-proxy mode is %s (%s)", "kube-proxy 的模式是 %s（%s）", checks.Clip(kp.mode), kp.modeFrom))
	switch {
	case kp.oldErr != nil:
		absent = append(absent, words.Say("the kube-proxy version is unknown (%v)", "kube-proxy 的版本未知（%v）", kp.oldErr))
	default:
		factor(kp.old, words.Say("kube-proxy image %s predates the fixed build %s", "kube-proxy 镜像 %s 早于已修复的版本 %s", checks.Clip(kp.image), kp.fix),
			words.Say("kube-proxy image %s has the fix", "kube-proxy 镜像 %s 已包含修复", checks.Clip(kp.image)))
	}
	factor(!prevent, words.Say("%s is not \"true\"", "%s 不是 \"true\"", tkeann.PreventLoopback),
		words.Say("%s is \"true\"", "%s 为 \"true\"", tkeann.PreventLoopback))
	if len(held) == 0 {
		return nil
	}
	sev, what := rules.Info, words.Say("some risk factors of layer-4 loopback hold", "四层回环的部分风险因素成立")
	if len(absent) == 0 {
		sev, what = rules.Warning, words.Say("pods calling this internal CLB's address may loop back", "访问这个内网 CLB 地址的 Pod 可能发生回环")
	}
	msg := words.Say("%s: %s", "%s：%s", what, checks.JoinWords(held))
	if len(absent) > 0 {
		msg = words.Say("%s: %s (but %s)", "%s：%s（但 %s）", what, checks.JoinWords(held), checks.JoinWords(absent))
	}
	c.SaySeverity(tkerules.ServiceCLBLoopback, sev, checks.AnnPath(tkeann.InternalSubnetID), msg)
	return nil
}

// checkL7Loopback reports an internal CLB Ingress whose TkeServiceConfig does not turn on keepalive
// (keepaliveEnable: 1) for every layer-7 listener it needs, the documented way to avoid loopback.
func checkL7Loopback(c *checks.Context) error {
	ing := c.Ingress
	if ing.Annotations[tkeann.IngSubnet] == "" {
		return nil
	}
	name, key := ing.Annotations[tkeann.IngServiceConfig], tkeann.IngServiceConfig
	if auto := checks.IsTrue(ing.Annotations[tkeann.IngServiceConfigAuto]); name == "" && auto {
		name, key = ing.Name+"-auto-ingress-config", tkeann.IngServiceConfigAuto
	}
	if name == "" {
		c.Say(tkerules.IngressCLBLoopback, checks.AnnPath(tkeann.IngSubnet), words.Say(
			"internal CLB Ingress without a TkeServiceConfig (%s or %s), so layer-7 keepalive is off and pods calling its address may loop back",
			"内网 CLB 的 Ingress 没有 TkeServiceConfig（%s 或 %s），七层 keepalive（长连接）未开启，访问其地址的 Pod 可能发生回环",
			tkeann.IngServiceConfigAuto, tkeann.IngServiceConfig))
		return nil
	}
	cfg, found, err := lookupServiceConfig(c, ing.Namespace, name)
	if err != nil {
		return err
	}
	if !found {
		c.Say(tkerules.IngressCLBLoopback, checks.AnnPath(key), words.Say("TkeServiceConfig %s/%s does not exist, so layer-7 keepalive is off on this internal CLB",
			"TkeServiceConfig %s/%s 不存在，因此这个内网 CLB 的七层 keepalive 未开启", checks.Clip(ing.Namespace), checks.Clip(name)))
		return nil
	}
	base := checks.ObjPath(ing.Namespace, "tkeserviceconfig", name, "spec.loadBalancer.l7Listeners")
	listeners, _, _ := unstructured.NestedSlice(cfg.Object, "spec", "loadBalancer", "l7Listeners")
	have := map[int]bool{}
	for i, l := range listeners {
		m, _ := l.(map[string]any)
		port, _ := checks.AnyInt(m["port"])
		if ka, ok := checks.AnyInt(m["keepaliveEnable"]); !ok || ka != 1 {
			c.Say(tkerules.IngressCLBLoopback, fmt.Sprintf("%s[%d].keepaliveEnable", base, i), words.Say(
				"listener %d of the internal CLB has keepaliveEnable %s, not 1", "内网 CLB 的监听器 %d 的 keepaliveEnable 为 %s，不是 1",
				port, checks.ClipValue(m["keepaliveEnable"])))
		}
		have[port] = true
	}
	var missing []string
	for _, p := range ingressL7Ports(ing) {
		if !have[p] {
			missing = append(missing, strconv.Itoa(p))
		}
	}
	if len(missing) > 0 {
		c.Say(tkerules.IngressCLBLoopback, base, words.Say("no entry for listener port %s, so keepalive stays off there",
			"没有监听端口 %s 的条目，该监听器的 keepalive 保持关闭", orWords(missing)))
	}
	return nil
}

// ingressL7Ports are the CLB listener ports an Ingress gets: 443 with TLS (plus 80 with rule-mix),
// else 80.
func ingressL7Ports(ing *networkingv1.Ingress) []int {
	if len(ing.Spec.TLS) == 0 {
		return []int{80}
	}
	if mix := checks.IsTrue(ing.Annotations[tkeann.RuleMix]); mix {
		return []int{80, 443}
	}
	return []int{443}
}

// controllerEnv are the variables l7-lb-controller needs and the rules of their absence.
var controllerEnv = []struct {
	name string
	rule rules.ID
}{{"TKE_REGION", tkerules.IngressE6001}, {"TKE_VPC_ID", tkerules.IngressE6002}}

// CloudAPIAliases are the host aliases the E6006 handling adds to l7-lb-controller.
var CloudAPIAliases = map[string]string{
	"lb.api.qcloud.com": "169.254.0.28", "tag.api.qcloud.com": "169.254.0.28", "cbs.api.qcloud.com": "169.254.0.28",
	"cvm.api.qcloud.com": "169.254.0.28", "snapshot.api.qcloud.com": "169.254.0.28", "monitor.api.qcloud.com": "169.254.0.28",
	"scaling.api.qcloud.com": "169.254.0.28", "ccs.api.qcloud.com": "169.254.0.28",
	"tke.internal.tencentcloudapi.com": "169.254.0.95", "clb.internal.tencentcloudapi.com": "169.254.0.95",
	"cvm.internal.tencentcloudapi.com": "169.254.0.95",
}

// checkL7Controller checks the kube-system/l7-lb-controller Deployment: TKE_REGION and TKE_VPC_ID
// wired from tke-config (E6001/E6002) and host aliases for the cloud API domains (a hint). A
// missing Deployment says nothing: TKE may run the controller outside the cluster.
func checkL7Controller(c *checks.Context) error {
	d, err := c.Snap.Deployments.Get(tkeSysNS, tkeL7Controller)
	if err != nil {
		return nil // absent (a required input, so never unknown here)
	}
	cs := d.Spec.Template.Spec.Containers
	var unknown []error
	if i := checks.FindContainer(cs, tkeL7Controller); i >= 0 {
		base := checks.ObjPath(tkeSysNS, "deployment", tkeL7Controller, fmt.Sprintf("spec.template.spec.containers[%d]", i))
		for _, e := range controllerEnv {
			if err := checkControllerEnv(c, cs[i], base, e.name, e.rule); err != nil {
				unknown = append(unknown, err)
			}
		}
	}
	checkAPIHostAliases(c, d)
	return errors.Join(unknown...)
}

// checkControllerEnv reports variable name not reaching the container: not set, empty, or taken from
// a ConfigMap (by configMapKeyRef or envFrom) that is missing or lacks the key. The error says why
// it cannot tell.
func checkControllerEnv(c *checks.Context, ct corev1.Container, base, name string, id rules.ID) error {
	j := slices.IndexFunc(ct.Env, func(e corev1.EnvVar) bool { return e.Name == name })
	if j >= 0 {
		ev, where := ct.Env[j], fmt.Sprintf("%s.env[%d]", base, j)
		switch {
		case ev.ValueFrom == nil && ev.Value == "":
			c.Say(id, where, words.Say("%s is set to an empty value", "%s 被设置为空值", name))
		case ev.ValueFrom != nil && ev.ValueFrom.ConfigMapKeyRef != nil:
			ref := ev.ValueFrom.ConfigMapKeyRef
			where, problem, err := configKey(c, ref.Name, ref.Key)
			if err != nil {
				return err
			}
			if !problem.IsZero() {
				c.Say(id, where, words.Say("%s comes from %s", "%s 取自 %s", name, problem))
			}
		}
		return nil
	}
	var problems []words.Words
	for _, ef := range ct.EnvFrom {
		if ef.ConfigMapRef == nil || !strings.HasPrefix(name, ef.Prefix) {
			continue
		}
		_, problem, err := configKey(c, ef.ConfigMapRef.Name, strings.TrimPrefix(name, ef.Prefix))
		if err != nil || problem.IsZero() {
			return err
		}
		problems = append(problems, problem)
	}
	msg := words.Say("container %s does not set %s (as a value or a configMapKeyRef to %s/%s)",
		"容器 %s 没有设置 %s（既没有直接赋值，也没有通过 configMapKeyRef 引用 %s/%s）", checks.Clip(ct.Name), name, tkeSysNS, tkeConfigCM)
	if len(problems) > 0 {
		msg = words.Say("%s; envFrom: %s", "%s；envFrom：%s", msg, checks.JoinWords(problems))
	}
	c.Say(id, base+".env", msg)
	return nil
}

// configKey looks key up in ConfigMap kube-system/name. It returns where the problem lies and what it
// is (zero Words when the key holds a value), or why the ConfigMap is unknown.
func configKey(c *checks.Context, name, key string) (where string, problem words.Words, err error) {
	cm, err := c.Snap.ConfigMaps.Get(tkeSysNS, name)
	switch {
	case checks.IsNotFound(err):
		return checks.ObjPath(tkeSysNS, "configmap", name, ""), words.Say("ConfigMap %s/%s, which does not exist",
			"ConfigMap %s/%s（该 ConfigMap 不存在）", tkeSysNS, checks.Clip(name)), nil
	case err != nil:
		return "", words.Words{}, err
	case cm.Data[key] == "" && len(cm.BinaryData[key]) == 0:
		return checks.ObjPath(tkeSysNS, "configmap", name, "data."+key), words.Say("ConfigMap %s/%s, which has no %s",
			"ConfigMap %s/%s（其中没有 %s）", tkeSysNS, checks.Clip(name), checks.Clip(key)), nil
	}
	return "", words.Words{}, nil
}

// checkAPIHostAliases hints at the host aliases that avoid E6006 DNS time-outs; a healthy controller
// may well run without them, so this is not E6006 itself.
func checkAPIHostAliases(c *checks.Context, d *appsv1.Deployment) {
	have := map[string]string{}
	for _, ha := range d.Spec.Template.Spec.HostAliases {
		for _, h := range ha.Hostnames {
			have[h] = ha.IP
		}
	}
	var missing []string
	for _, h := range slices.Sorted(maps.Keys(CloudAPIAliases)) {
		if ip := CloudAPIAliases[h]; have[h] != ip {
			missing = append(missing, h+"→"+ip)
		}
	}
	if len(missing) == 0 {
		return
	}
	n := len(missing)
	shown := make([]words.Words, 0, 4)
	for _, m := range missing[:min(n, 3)] {
		shown = append(shown, words.Say("%s", "%s", m))
	}
	if n > 3 {
		shown = append(shown, words.Say("%d more", "另外 %d 个", n-3))
	}
	c.Say(tkerules.IngressAPIHostAliases, checks.ObjPath(tkeSysNS, "deployment", tkeL7Controller, "spec.template.spec.hostAliases"), words.Say(
		"%d of %d cloud API domains have no host alias (%s); if the controller reports E6006 i/o timeouts, add them",
		"%[2]d 个云 API 域名中有 %[1]d 个没有配置 hostAliases（%[3]s）；如果控制器报出 E6006 i/o timeout，请补上这些别名",
		n, len(CloudAPIAliases), checks.ListWords(shown, len(shown))))
}

var nginxV1, _ = checks.ParseVersion("v1.0.0")

// checkNginxWebhook finds an ingress-nginx validating webhook that covers networking.k8s.io/v1
// Ingresses while its controller is older than v1.0.0 and cannot validate them (E6009). A webhook
// with failurePolicy Ignore cannot block anything and is left alone, as is one whose
// namespaceSelector or objectSelector leaves the target out.
func checkNginxWebhook(c *checks.Context) error {
	cfgs, err := c.Snap.Webhooks.List("")
	if err != nil {
		return err
	}
	var unknown []error
	for _, cfg := range cfgs {
		for j, wh := range cfg.Webhooks {
			k := slices.IndexFunc(wh.Rules, func(r admissionv1.RuleWithOperations) bool {
				return anyOf(r.APIGroups, "networking.k8s.io") && anyOf(r.APIVersions, "v1") && anyOf(r.Resources, "ingresses")
			})
			ignored := wh.FailurePolicy != nil && *wh.FailurePolicy == admissionv1.Ignore
			if !strings.Contains(wh.Name, nginxWebhookTag) || k < 0 || ignored || wh.ClientConfig.Service == nil {
				continue
			}
			if called, err := webhookSelects(&wh, c.Ingress); err != nil {
				unknown = append(unknown, &checks.WrappedWords{Err: err, W: words.Say("webhook %s of %s: %v", "%[2]s 中的 webhook %[1]s：%[3]v",
					checks.Clip(wh.Name), checks.Clip(cfg.Name), err)})
				continue
			} else if !called {
				continue
			}
			ns := wh.ClientConfig.Service.Namespace
			image, owner, err := nginxController(c, ns)
			if err != nil {
				unknown = append(unknown, err)
				continue
			}
			v, verr := checks.ParseVersion(checks.ImageTag(image))
			if owner == "" || verr != nil || v.Compare(nginxV1) >= 0 {
				continue
			}
			c.Say(tkerules.IngressE6009, checks.ObjPath("", "validatingwebhookconfiguration", cfg.Name, fmt.Sprintf("webhooks[%d].rules[%d]", j, k)), words.Say(
				"webhook %s validates networking.k8s.io/v1 ingresses, but its controller %s runs %s (older than v1.0.0), which cannot, so it refuses the CLB controller's Ingress writes",
				"webhook %s 校验 networking.k8s.io/v1 的 Ingress，但其控制器 %s 运行的是 %s（早于 v1.0.0），无法校验这类对象，因此会拒绝 CLB 控制器对 Ingress 的写入",
				checks.Clip(wh.Name), checks.Clip(owner), checks.Clip(image)))
		}
	}
	return errors.Join(unknown...)
}

// nsNameLabel is the label the API server gives every namespace: its own name.
const nsNameLabel = "kubernetes.io/metadata.name"

// webhookSelects reports whether the API server calls wh for writes of ing: its objectSelector
// matches the Ingress's labels and its namespaceSelector the namespace's. Namespace labels are not
// read, so a namespaceSelector can only be decided on kubernetes.io/metadata.name, which the API
// server sets on every namespace; any other key is an error.
func webhookSelects(wh *admissionv1.ValidatingWebhook, ing *networkingv1.Ingress) (bool, error) {
	obj, err := webhookSelector(wh.ObjectSelector)
	if err != nil {
		return false, &checks.WrappedWords{Err: err, W: words.Say("objectSelector: %v", "objectSelector：%v", err)}
	}
	if !obj.Matches(labels.Set(ing.Labels)) {
		return false, nil
	}
	ns, err := webhookSelector(wh.NamespaceSelector)
	if err != nil {
		return false, &checks.WrappedWords{Err: err, W: words.Say("namespaceSelector: %v", "namespaceSelector：%v", err)}
	}
	reqs, _ := ns.Requirements()
	for _, r := range reqs {
		if r.Key() != nsNameLabel {
			return false, words.Errorf("its namespaceSelector reads namespace label %s, and namespace labels are not read",
				"它的 namespaceSelector 要读取命名空间标签 %s，而命名空间的标签不在读取范围内", checks.Clip(r.Key()))
		}
	}
	return ns.Matches(labels.Set{nsNameLabel: ing.Namespace}), nil
}

// webhookSelector converts a webhook's selector; an absent one selects everything, as the API
// server defaults it to {}.
func webhookSelector(s *metav1.LabelSelector) (labels.Selector, error) {
	if s == nil {
		return labels.Everything(), nil
	}
	return metav1.LabelSelectorAsSelector(s)
}

// anyOf is true when list holds want or a wildcard.
func anyOf(list []string, want string) bool {
	return slices.ContainsFunc(list, func(s string) bool { return s == want || s == "*" || s == "*/*" })
}

// nginxController finds the ingress-nginx controller image in namespace ns, among Deployments and
// then DaemonSets; owner is "" when there is none.
func nginxController(c *checks.Context, ns string) (image, owner string, err error) {
	deps, err := c.Snap.Deployments.List(ns)
	if err != nil {
		return "", "", err
	}
	if image, owner = firstNginx(deps, "Deployment", func(d *appsv1.Deployment) corev1.PodSpec { return d.Spec.Template.Spec }); owner != "" {
		return image, owner, nil
	}
	dss, err := c.Snap.DaemonSets.List(ns)
	if err != nil {
		return "", "", err
	}
	image, owner = firstNginx(dss, "DaemonSet", func(d *appsv1.DaemonSet) corev1.PodSpec { return d.Spec.Template.Spec })
	return image, owner, nil
}

// firstNginx returns the image and owner of the first workload running an ingress-nginx controller.
func firstNginx[T metav1.Object](objs []T, kind string, spec func(T) corev1.PodSpec) (image, owner string) {
	for _, o := range objs {
		if img := nginxImage(spec(o)); img != "" {
			return img, kind + " " + o.GetNamespace() + "/" + o.GetName()
		}
	}
	return "", ""
}

func nginxImage(spec corev1.PodSpec) string {
	for _, c := range spec.Containers {
		if isNginxImage(c.Image) {
			return c.Image
		}
	}
	return ""
}

// Keys of the node agents' settings parsed once per snapshot: ip-masq-agent's per config body,
// kube-proxy's.
var (
	masqConfigKey    = snapshot.NewMemoKey[masqConfig]("ip-masq-agent")
	kubeProxyModeKey = snapshot.NewMemoKey[string]("kube-proxy-mode")
	kubeProxyKey     = snapshot.NewMemoKey[checks.ValErr[*kubeProxy]]("kube-proxy")
)
