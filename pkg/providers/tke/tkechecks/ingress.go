package tkechecks

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/netip"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// The TKE Ingress TLS Secret key that holds a certificate id (Tencent TKE, Ingress error codes).
const (
	annCertID     = "qcloud_cert_id"
	secretCertKey = snapshot.CertIDKey
)

// tkeIngressChecks run on Ingresses the TKE CLB controller handles.
var tkeIngressChecks = []checks.Check{
	{Name: "tke-ingress-annotations", Kind: rules.Ingress, Provider: tkerules.Provider, Applies: checks.OwnController, Run: checkIngressAnnotations,
		Emits: []rules.ID{tkerules.IngressE4022, tkerules.IngressE4023, tkerules.IngressE4026, tkerules.IngressE4032, tkerules.IngressInvalidAnnotationValue,
			tkerules.IngressE4037, tkerules.IngressE4044, tkerules.IngressE4045, tkerules.IngressE4046,
			tkerules.IngressE4050, tkerules.IngressE4051, tkerules.IngressE4055, tkerules.IngressE4098,
			tkerules.IngressConfigConflict},
		// Whether the cluster has IPv6 networking (E4032) shows on its nodes.
		Inputs: []checks.Input{checks.OnlyWhen(checks.InNodes, checks.Annotated(tkeann.IngExtensive))}},
	{Name: "tke-ingress-rules", Kind: rules.Ingress, Provider: tkerules.Provider, Applies: checks.OwnController, Run: checkIngressRules,
		Emits:  []rules.ID{tkerules.IngressE4013, tkerules.IngressE4031, tkerules.IngressE4034, tkerules.IngressE4052},
		Inputs: checks.TargetOnly},
	{Name: "tke-ingress-tls", Kind: rules.Ingress, Provider: tkerules.Provider, Applies: checks.OwnController, Run: checkIngressTLS,
		Emits: []rules.ID{tkerules.IngressE4009, tkerules.IngressE4010, tkerules.IngressE4011, tkerules.IngressE4035,
			tkerules.IngressE4040, tkerules.IngressE4048, tkerules.IngressE4049},
		Inputs: []checks.Input{{Resource: snapshot.Secrets, Scope: checks.Referenced, Names: func(c *checks.Context) []string {
			var out []string
			for _, t := range c.Ingress.Spec.TLS {
				out = append(out, t.SecretName)
			}
			return out
		}}}},
	{Name: "tke-ingress-backends", Kind: rules.Ingress, Provider: tkerules.Provider, Applies: checks.OwnController, Run: checkIngressBackends,
		Emits: []rules.ID{tkerules.IngressE4041, tkerules.IngressE4042, tkerules.IngressE4047, tkerules.IngressE4082,
			tkerules.IngressW1000},
		Inputs: []checks.Input{
			{Resource: snapshot.Services, Scope: checks.Referenced, Names: func(c *checks.Context) []string { return checks.IngressServiceNames(c.Ingress) }},
			// The rule annotations name more backends: read the namespace's Services.
			{Resource: snapshot.Services, Scope: checks.InNamespace, When: func(c *checks.Context) bool {
				return checks.Annotated(tkeann.HTTPRules)(c) || checks.Annotated(tkeann.HTTPSRules)(c)
			}},
		}},
	{Name: "tke-ingress-service-config", Kind: rules.Ingress, Provider: tkerules.Provider, Applies: checks.OwnController, Run: checkIngressServiceConfig,
		Emits: []rules.ID{tkerules.IngressE4043},
		Inputs: []checks.Input{{Custom: ServiceConfigs, Scope: checks.Referenced, Names: func(c *checks.Context) []string {
			return []string{c.Ingress.Annotations[tkeann.IngServiceConfig]}
		}}}},
	{Name: "tke-ingress-existing-lb", Kind: rules.Ingress, Provider: tkerules.Provider, Applies: checks.OwnController, Run: checkIngressExistingLB, Offline: checks.AddOnly,
		Emits: []rules.ID{tkerules.IngressE4019, tkerules.IngressE4020, tkerules.IngressE4101,
			tkerules.IngressGroupWithService, tkerules.IngressGroupRuleConflict, tkerules.IngressGroupCrowded},
		Inputs: inTKELBUsers(tkeann.IngExistLB)},
	{Name: "tke-ingress-group-controller", Kind: rules.Ingress, Provider: tkerules.Provider, Applies: ingressSharesLB, Run: checkIngressGroupReady,
		Emits:  []rules.ID{tkerules.IngressGroupUnsupported},
		Inputs: []checks.Input{{Resource: snapshot.ConfigMaps, Scope: checks.Fixed, Namespace: checks.KubeSystem, Name: tkeServiceCtrlCM}}},
}

// boolAnnotation reads a boolean annotation from a; a malformed value is a finding of rule id.
func boolAnnotation(c *checks.Context, a map[string]string, key string, id rules.ID) (value, set bool) {
	v, ok := a[key]
	if !ok {
		return false, false
	}
	b, err := checks.ParseBool(v)
	if err != nil {
		c.Say(id, checks.AnnPath(key), tkeErrWords(err))
		return false, false
	}
	return b, true
}

func checkIngressAnnotations(c *checks.Context) error {
	a := c.Ingress.Annotations
	rewrite := checks.IsTrue(a[tkeann.RewriteSupport])
	for _, r := range []struct {
		key string
		id  rules.ID
	}{{tkeann.HTTPRules, tkerules.IngressE4022}, {tkeann.HTTPSRules, tkerules.IngressE4023}} {
		v, ok := a[r.key]
		if !ok {
			continue
		}
		entries, err := parseRuleAnnotation(v, rewrite)
		if err != nil {
			c.Say(r.id, checks.AnnPath(r.key), tkeErrWords(err))
		}
		for _, e := range entries {
			if e.err != nil {
				c.Say(r.id, e.where(r.key), tkeErrWords(e.err))
			}
		}
	}
	if v, ok := a[tkeann.IngExtensive]; ok {
		checkExtensive(c, v)
	}
	boolAnnotation(c, a, tkeann.RuleMix, tkerules.IngressE4044)
	boolAnnotation(c, a, tkeann.IngDirectAccess, tkerules.IngressE4037)
	auto, _ := boolAnnotation(c, a, tkeann.IngServiceConfigAuto, tkerules.IngressE4050)
	if name, ok := a[tkeann.IngServiceConfig]; ok {
		for _, suffix := range []string{"-auto-ingress-config", "-auto-service-config"} {
			if strings.HasSuffix(name, suffix) {
				c.Say(tkerules.IngressE4051, checks.AnnPath(tkeann.IngServiceConfig), words.Say(
					"%q ends with the reserved suffix %q used by automatically synced configs",
					"%q 以保留后缀 %q 结尾，该后缀专用于系统自动同步的配置", checks.Clip(name), suffix))
			}
		}
		if auto {
			c.Say(tkerules.IngressConfigConflict, checks.AnnPath(tkeann.IngServiceConfig), configConflictWords(tkeann.IngServiceConfigAuto))
		}
	}
	for _, e := range []struct {
		key string
		id  checks.IDFormat
	}{{tkeann.IngCrossRegion, regionID}, {tkeann.IngCrossVPC, vpcID}} {
		if v, ok := a[e.key]; ok {
			if err := e.id.Validate(v); err != nil {
				c.Say(tkerules.IngressInvalidAnnotationValue, checks.AnnPath(e.key), tkeErrWords(err))
			}
		}
	}
	if v, ok := a[tkeann.IngChargeType]; ok {
		switch v {
		case "TRAFFIC_POSTPAID_BY_HOUR", "BANDWIDTH_POSTPAID_BY_HOUR", "BANDWIDTH_PACKAGE":
		default:
			c.Say(tkerules.IngressE4045, checks.AnnPath(tkeann.IngChargeType), words.Say(
				"%q is not one of TRAFFIC_POSTPAID_BY_HOUR, BANDWIDTH_POSTPAID_BY_HOUR, BANDWIDTH_PACKAGE",
				"%q 不是 TRAFFIC_POSTPAID_BY_HOUR、BANDWIDTH_POSTPAID_BY_HOUR、BANDWIDTH_PACKAGE 之一", checks.Clip(v)))
		}
	}
	if v, ok := a[tkeann.IngBandwidth]; ok {
		if _, err := checks.ParseIntRange(v, 1, 2048); err != nil {
			c.Say(tkerules.IngressE4046, checks.AnnPath(tkeann.IngBandwidth), words.Say("bandwidth (Mbps) %v", "带宽（Mbps）%v", err))
		}
	}
	if v, ok := a[tkeann.IngSubnet]; ok {
		if err := subnetID.Validate(v); err != nil {
			c.Say(tkerules.IngressE4055, checks.AnnPath(tkeann.IngSubnet), tkeErrWords(err))
		}
	}
	if v, ok := a[tkeann.IngExistLB]; ok {
		if err := clbID.Validate(v); err != nil {
			c.Say(tkerules.IngressE4098, checks.AnnPath(tkeann.IngExistLB), tkeErrWords(err))
		}
	}
	return nil
}

// checkExtensive validates kubernetes.io/ingress.extensiveParameters: a JSON object whose
// AddressIPVersion, when set, is not pure IPv6 (IPv6FullChain) on an IPv4 cluster.
func checkExtensive(c *checks.Context, v string) {
	m, err := checks.JSONObject(v)
	if err != nil {
		c.Say(tkerules.IngressE4026, checks.AnnPath(tkeann.IngExtensive), tkeErrWords(err))
		return
	}
	if !pureIPv6(m) {
		return
	}
	if node := ipv6Node(c.Snap); node != "" {
		return // a dual-stack cluster: the documented refusal is for clusters on IPv4 networks
	}
	if c.Snap.Nodes.Whole("") != nil { // the node list is unknown, or the input files may lack a node
		c.SaySeverity(tkerules.IngressE4032, rules.Warning, checks.AnnPath(tkeann.IngExtensive), words.Say(
			"AddressIPVersion %q asks for a pure IPv6 load balancer, which only a cluster with IPv6 networking can use; "+
				"no node of the input shows an IPv6 address or pod CIDR, but the input may not hold every node",
			"AddressIPVersion %q 要求纯 IPv6 负载均衡，只有具备 IPv6 网络的集群才能使用；"+
				"输入中没有节点显示 IPv6 地址或 Pod CIDR，但输入可能没有包含全部节点", checks.ClipValue(m["AddressIPVersion"])))
		return
	}
	c.Say(tkerules.IngressE4032, checks.AnnPath(tkeann.IngExtensive), words.Say(
		"AddressIPVersion %q asks for a pure IPv6 load balancer; no node has an IPv6 address or pod CIDR, and IPv4 clusters support IPv4 and NAT IPv6 (IPV6) only",
		"AddressIPVersion %q 要求纯 IPv6 负载均衡；没有节点具有 IPv6 地址或 Pod CIDR，而 IPv4 集群只支持 IPv4 和 NAT IPv6（IPV6）",
		checks.ClipValue(m["AddressIPVersion"])))
}

// ipv6Node names a node of the snapshot with an IPv6 address or pod CIDR (a dual-stack or IPv6
// cluster), or "".
func ipv6Node(snap *snapshot.Snapshot) string {
	return snapshot.Memo(snap, ipv6NodeKey, func() string {
		for _, n := range snap.Nodes.Held("") {
			for _, a := range n.Status.Addresses {
				if ip, err := netip.ParseAddr(a.Address); err == nil && ip.Is6() && !ip.Is4In6() {
					return n.Name
				}
			}
			for _, cidr := range append([]string{n.Spec.PodCIDR}, n.Spec.PodCIDRs...) {
				if p, err := netip.ParsePrefix(cidr); err == nil && p.Addr().Is6() && !p.Addr().Is4In6() {
					return n.Name
				}
			}
		}
		return ""
	})
}

var ipv6NodeKey = snapshot.NewMemoKey[string]("ipv6-node")

func pureIPv6(m map[string]any) bool {
	v, _ := m["AddressIPVersion"].(string)
	return strings.EqualFold(v, "IPv6FullChain")
}

// annotationRule is one entry of kubernetes.io/ingress.http-rules or https-rules: a forwarding rule
// to a backend, or (with rewrite-support on) a redirect rule that carries a rewrite target instead.
type annotationRule struct {
	Host    string `json:"host"`
	Path    string `json:"path"`
	Backend *struct {
		ServiceName string `json:"serviceName"`
		ServicePort any    `json:"servicePort"`
	} `json:"backend"`
	Rewrite *struct {
		Port any    `json:"port"`
		Host string `json:"host"`
		Path string `json:"path"`
	} `json:"rewrite"`
}

// ruleEntry is one parsed entry of a rule annotation; err says what is wrong with it alone.
type ruleEntry struct {
	index int
	rule  annotationRule
	err   error
}

func (e ruleEntry) where(key string) string {
	return fmt.Sprintf("%s[%d]", checks.AnnPath(key), e.index)
}

// parseRuleAnnotation reads a rule annotation entry by entry, so that one bad entry never hides the
// others. err is set only when the value as a whole is not a JSON array (or null). An entry with a
// rewrite object and no backend is a redirect, valid when rewrite (rewrite-support) is on.
func parseRuleAnnotation(v string, rewrite bool) ([]ruleEntry, error) {
	var raw []json.RawMessage
	if err := checks.StrictJSON(v, &raw); err != nil {
		return nil, err
	}
	out := make([]ruleEntry, 0, len(raw))
	for i, m := range raw {
		e := ruleEntry{index: i}
		if err := checks.StrictJSON(string(m), &e.rule); err != nil {
			e.err = words.Errorf("entry %d: %v", "第 %d 项：%v", i, err)
		} else {
			e.err = checkRuleEntry(e.rule, rewrite)
		}
		out = append(out, e)
	}
	return out, nil
}

func checkRuleEntry(r annotationRule, rewrite bool) error {
	switch {
	case r.Backend == nil && r.Rewrite == nil:
		return words.Errorf("entry has neither backend nor rewrite", "该项既没有 backend，也没有 rewrite")
	case r.Backend == nil && !rewrite:
		return words.Errorf("entry has a rewrite and no backend, which needs %s: \"true\"",
			"该项有 rewrite 而没有 backend，这需要设置 %s: \"true\"", tkeann.RewriteSupport)
	case r.Backend == nil:
		if n, _, err := portOf(r.Rewrite.Port); err != nil || n < 1 || n > 65535 {
			return words.Errorf("rewrite.port %s is not a port number", "rewrite.port %s 不是端口号", checks.ClipValue(r.Rewrite.Port))
		}
		if r.Rewrite.Path != "" && !strings.HasPrefix(r.Rewrite.Path, "/") {
			return words.Errorf("rewrite.path %q must start with /", "rewrite.path %q 必须以 / 开头", checks.Clip(r.Rewrite.Path))
		}
		return nil
	case r.Backend.ServiceName == "":
		return words.Errorf("entry has no backend.serviceName", "该项没有 backend.serviceName")
	}
	if _, _, err := portOf(r.Backend.ServicePort); err != nil {
		return err
	}
	return nil
}

// portOf reads a servicePort given as a number or a string (a number or a port name).
func portOf(v any) (int32, string, error) {
	switch p := v.(type) {
	case nil:
		return 0, "", words.Errorf("backend.servicePort is missing", "缺少 backend.servicePort")
	case string:
		if n, err := strconv.Atoi(p); err == nil {
			return int32(n), "", nil
		}
		if p == "" {
			return 0, "", words.Errorf("backend.servicePort is empty", "backend.servicePort 为空")
		}
		return 0, p, nil
	default:
		n, err := strconv.Atoi(fmt.Sprint(p))
		if err != nil {
			return 0, "", words.Errorf("backend.servicePort %s is not a port", "backend.servicePort %s 不是端口", checks.ClipValue(p))
		}
		return int32(n), "", nil
	}
}

// httpsRulesPath is the report path of the HTTPS rules annotation.
var httpsRulesPath = checks.AnnPath(tkeann.HTTPSRules)

// hostRE is the host pattern TKE documents for E4052 (Kubernetes' DNS-1123 subdomain with an
// optional leading wildcard, and at least one dot).
var hostRE = regexp.MustCompile(`^(\*|[a-z0-9]([-a-z0-9]*[a-z0-9])?)(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)+$`)

// pathRE is TKE's layer-7 path: starting with "/", characters a-z A-Z 0-9 . - / = ?.
var pathRE = regexp.MustCompile(`^/[a-zA-Z0-9./=?-]*$`)

func checkIngressRules(c *checks.Context) error {
	ing := c.Ingress
	for i, r := range ing.Spec.Rules {
		if r.HTTP == nil || len(r.HTTP.Paths) == 0 {
			c.Say(tkerules.IngressE4013, fmt.Sprintf("spec.rules[%d].http", i), words.Say("rule for host %q has no http paths",
				"域名 %q 的规则没有 http 路径", checks.Clip(r.Host)))
		}
	}
	ipv6 := false
	if v, ok := ing.Annotations[tkeann.IngExtensive]; ok {
		if m, err := checks.JSONObject(v); err == nil {
			ipv6 = pureIPv6(m)
		}
	}
	seenHost := map[string]bool{}
	for _, p := range targetIngressPaths(c) {
		if p.hasPath && p.path != "" {
			switch {
			case len(p.path) > 120:
				c.Say(tkerules.IngressE4031, p.where+".path", words.Say("path is %d characters long; the limit is 120",
					"路径长 %d 个字符，上限为 120", len(p.path)))
			case !pathRE.MatchString(p.path):
				c.Say(tkerules.IngressE4031, p.where+".path", words.Say(
					"path %q must start with / and use only a-z A-Z 0-9 . - / = ? (no regular expressions)",
					"路径 %q 必须以 / 开头，且只能使用 a-z A-Z 0-9 . - / = ?（不支持正则表达式）", checks.Clip(p.path)))
			}
		}
		if p.where == "spec.defaultBackend" {
			continue
		}
		if p.host == "" && ipv6 {
			c.Say(tkerules.IngressE4034, p.where, words.Say("a pure IPv6 load balancer needs a host on every rule",
				"纯 IPv6 负载均衡要求每条规则都有域名"))
		}
		if p.host != "" && !seenHost[p.host] {
			seenHost[p.host] = true
			if !hostRE.MatchString(p.host) {
				c.Say(tkerules.IngressE4052, hostWhere(p.where), words.Say("host %q %s", "域名 %q %s", checks.Clip(p.host), hostProblem(p.host)))
			}
		}
	}
	return nil
}

func hostWhere(where string) string {
	if strings.HasPrefix(where, "spec.rules[") {
		return where[:strings.Index(where, "]")+1] + ".host"
	}
	return where + ".host"
}

// hostProblem says what is wrong with host h, which does not match hostRE.
func hostProblem(h string) words.Words {
	switch {
	case strings.ToLower(h) != h:
		return words.Say("has uppercase letters; hosts must be lowercase", "含有大写字母；域名必须为小写")
	case !strings.Contains(h, "."):
		return words.Say("has no dot; a full domain name is required", "不含点号；需要完整的域名")
	}
	return words.Say("is not a valid domain name (lowercase letters, digits, '-' and '.', optionally starting with '*.')",
		"不是合法的域名（只能由小写字母、数字、'-' 和 '.' 组成，可以 '*.' 开头）")
}

func checkIngressTLS(c *checks.Context) error {
	ing := c.Ingress
	if len(ing.Spec.TLS) == 0 {
		return nil
	}
	defaults := 0
	hostSecret := map[string]string{}
	var tlsHosts []string
	var certIDs [][2]string // Secret name and certificate id of each TLS Secret read
	var unknown []error     // why a TLS Secret could not be read
	for i, t := range ing.Spec.TLS {
		where := fmt.Sprintf("spec.tls[%d]", i)
		if len(t.Hosts) == 0 {
			defaults++
			if defaults == 2 {
				c.Say(tkerules.IngressE4048, where, words.Say("a second TLS entry without hosts; only one default certificate is allowed",
					"出现了第二个没有 hosts 的 TLS 条目；只允许有一个默认证书"))
			}
		}
		var twice []words.Words
		for _, h := range t.Hosts {
			tlsHosts = append(tlsHosts, h)
			if prev, ok := hostSecret[h]; ok && prev != t.SecretName {
				twice = append(twice, words.Say("host %q has certificates from both %q and %q", "域名 %q 同时有来自 %q 和 %q 的证书",
					checks.Clip(h), checks.Clip(prev), checks.Clip(t.SecretName)))
			}
			hostSecret[h] = t.SecretName
		}
		if len(twice) > 0 {
			c.Say(tkerules.IngressE4049, where+".hosts", words.Say("%s", "%s", checks.ListWords(twice, 5)))
		}
		if t.SecretName == "" {
			c.Say(tkerules.IngressE4009, where+".secretName", words.Say("TLS entry has no secretName", "TLS 条目没有 secretName"))
			continue
		}
		id, ok, err := checkCertSecret(c, ing.Namespace, t.SecretName, where+".secretName")
		if err != nil {
			unknown = append(unknown, err)
		}
		if ok && !slices.ContainsFunc(certIDs, func(s [2]string) bool { return s[0] == t.SecretName }) {
			certIDs = append(certIDs, [2]string{t.SecretName, id})
		}
	}
	checkCertIDAnnotation(c, certIDs)
	if defaults > 0 {
		return errors.Join(unknown...)
	}
	var uncovered []words.Words
	for _, h := range httpsHosts(c) {
		if !hostCovered(h, tlsHosts) {
			uncovered = append(uncovered, words.Say("HTTPS host %q", "HTTPS 域名 %q", checks.Clip(h)))
		}
	}
	if len(uncovered) > 0 {
		c.Say(tkerules.IngressE4040, "spec.tls", words.Say("no TLS entry lists %s, and there is no default certificate",
			"没有 TLS 条目列出 %s，也没有默认证书", checks.ListWords(uncovered, 5)))
	}
	return errors.Join(unknown...)
}

// checkCertIDAnnotation compares the qcloud_cert_id annotation, when set, with the certificate id of
// each TLS Secret (name, id), in one finding.
func checkCertIDAnnotation(c *checks.Context, certIDs [][2]string) {
	ann, ok := c.Ingress.Annotations[annCertID]
	if !ok {
		return
	}
	var differ []words.Words
	for _, s := range certIDs {
		if s[1] != ann {
			differ = append(differ, words.Say("Secret %s/%s holds %q", "Secret %s/%s 中为 %q", checks.Clip(c.Ingress.Namespace), checks.Clip(s[0]), checks.Clip(s[1])))
		}
	}
	if len(differ) > 0 {
		c.Say(tkerules.IngressE4011, checks.AnnPath(annCertID), words.Say("annotation %s is %q but %s", "注解 %s 为 %q，但 %s",
			annCertID, checks.Clip(ann), checks.ListWords(differ, 5)))
	}
}

// httpsHosts lists the hosts served over HTTPS: with rule-mix on, those of the https-rules
// annotation; otherwise every rule host, since TLS applies to all rules.
func httpsHosts(c *checks.Context) []string {
	seen := map[string]bool{}
	var out []string
	mix := checks.IsTrue(c.Ingress.Annotations[tkeann.RuleMix])
	for _, p := range targetIngressPaths(c) {
		https := !mix || strings.HasPrefix(p.where, httpsRulesPath)
		if p.host != "" && https && !seen[p.host] {
			seen[p.host] = true
			out = append(out, p.host)
		}
	}
	sort.Strings(out)
	return out
}

func hostCovered(h string, tlsHosts []string) bool {
	for _, t := range tlsHosts {
		if t == h {
			return true
		}
		if strings.HasPrefix(t, "*.") {
			if i := strings.Index(h, "."); i > 0 && h[i:] == t[1:] {
				return true
			}
		}
	}
	return false
}

// certIDRE is the shape of a Tencent SSL certificate id (8 letters and digits, e.g. YCOLTUdr).
var certIDRE = regexp.MustCompile(`^[A-Za-z0-9]{8}$`)

// checkCertSecret checks the Secret behind a TLS entry and returns its certificate id, if it has
// one (ok), or why the Secret is unknown. Only the qcloud_cert_id value is ever quoted.
func checkCertSecret(c *checks.Context, ns, name, where string) (id string, ok bool, err error) {
	sec, err := c.Snap.Secrets.Get(ns, name)
	switch {
	case checks.IsNotFound(err):
		c.Say(tkerules.IngressE4010, where, words.Say("Secret %s/%s does not exist", "Secret %s/%s 不存在", checks.Clip(ns), checks.Clip(name)))
		return "", false, nil
	case err != nil:
		return "", false, err
	}
	raw, ok := secretValue(sec, secretCertKey)
	if !ok || raw == "" {
		c.Say(tkerules.IngressE4011, where, words.Say("Secret %s/%s has no %s key (keys: %s)", "Secret %s/%s 中没有键 %s（现有的键：%s）",
			checks.Clip(ns), checks.Clip(name), secretCertKey, keyList(sec)))
		return "", false, nil
	}
	id = strings.TrimSpace(raw)
	switch {
	case id != raw:
		c.Say(tkerules.IngressE4035, where, words.Say(
			"%s in Secret %s/%s is %q with surrounding white space (was it encoded with a trailing newline?)",
			"Secret %[2]s/%[3]s 中的 %[1]s 为 %[4]q，首尾带有空白字符（编码时是否带上了末尾的换行符？）",
			secretCertKey, checks.Clip(ns), checks.Clip(name), checks.Clip(id)))
	case !certIDRE.MatchString(id):
		c.Say(tkerules.IngressE4035, where, words.Say(
			"%s in Secret %s/%s is %q; certificate ids are 8 letters and digits",
			"Secret %[2]s/%[3]s 中的 %[1]s 为 %[4]q；证书 ID 应由 8 位字母和数字组成",
			secretCertKey, checks.Clip(ns), checks.Clip(name), checks.Clip(id)))
	}
	return id, true, nil
}

// secretValue reads a key the snapshot keeps verbatim (qcloud_cert_id).
func secretValue(s *snapshot.Secret, key string) (string, bool) { return s.Value(key) }

// keyList names a Secret's keys and sizes, never their values.
func keyList(s *snapshot.Secret) words.Words {
	if len(s.Keys) == 0 {
		return tkeNone
	}
	keys := slices.Clone(s.Keys)
	slices.SortFunc(keys, func(a, b snapshot.SecretKey) int { // as the English texts sort
		if c := strings.Compare(checks.Clip(a.Name), checks.Clip(b.Name)); c != 0 {
			return c
		}
		return strings.Compare(strconv.Itoa(a.Size), strconv.Itoa(b.Size))
	})
	ws := make([]words.Words, len(keys))
	for i, k := range keys {
		ws[i] = words.Say("%s (%d bytes)", "%s（%d 字节）", checks.Clip(k.Name), k.Size)
	}
	return words.Say("%s", "%s", checks.ListWords(ws, len(ws)))
}

func checkIngressBackends(c *checks.Context) error {
	ing := c.Ingress
	direct := checks.IsTrue(ing.Annotations[tkeann.IngDirectAccess])
	checked := map[string]bool{}
	var unknown []error
	for _, p := range targetIngressPaths(c) {
		if p.svc == "" {
			continue
		}
		k := p.svc + "|" + p.port.Name + "|" + strconv.Itoa(int(p.port.Number))
		if checked[k] {
			continue
		}
		checked[k] = true
		where := p.where + ".backend"
		svc, err := c.Snap.Services.Get(ing.Namespace, p.svc)
		if err != nil {
			switch {
			case !checks.IsNotFound(err):
				unknown = append(unknown, err)
			case p.fromAnno:
				c.Say(tkerules.IngressW1000, where, words.Say("backend Service %s/%s named in the annotation does not exist",
					"注解中指定的后端 Service %s/%s 不存在", checks.Clip(ing.Namespace), checks.Clip(p.svc)))
			default:
				c.Say(tkerules.IngressE4041, where, words.Say("backend Service %s/%s does not exist",
					"后端 Service %s/%s 不存在", checks.Clip(ing.Namespace), checks.Clip(p.svc)))
			}
			continue
		}
		if !hasServicePort(svc, p.port) {
			c.Say(tkerules.IngressE4042, where, words.Say("Service %s has no port %s (ports: %s)", "Service %s 没有端口 %s（现有端口：%s）",
				checks.Clip(p.svc), checks.Clip(portString(p.port)), checks.ServicePortWords(svc)))
		}
		switch {
		case direct && len(svc.Spec.Selector) == 0:
			c.Say(tkerules.IngressE4082, where, words.Say("Service %s has no selector, which direct access (%s) cannot bind",
				"Service %s 没有 selector，直连（%s）无法绑定它的后端", checks.Clip(p.svc), tkeann.IngDirectAccess))
		case !direct && svc.Spec.Type != corev1.ServiceTypeNodePort && svc.Spec.Type != corev1.ServiceTypeLoadBalancer:
			c.Say(tkerules.IngressE4047, where, words.Say("Service %s is of type %s; without direct access a backend must be NodePort or LoadBalancer",
				"Service %s 的类型是 %s；未开启直连时，后端必须是 NodePort 或 LoadBalancer 类型", checks.Clip(p.svc), checks.Clip(string(serviceType(svc)))))
		}
	}
	return errors.Join(unknown...)
}

func serviceType(svc *corev1.Service) corev1.ServiceType {
	if svc.Spec.Type == "" {
		return corev1.ServiceTypeClusterIP
	}
	return svc.Spec.Type
}

func hasServicePort(svc *corev1.Service, p networkingv1.ServiceBackendPort) bool {
	for _, sp := range svc.Spec.Ports {
		if (p.Name != "" && sp.Name == p.Name) || (p.Name == "" && sp.Port == p.Number) {
			return true
		}
	}
	return false
}

func portString(p networkingv1.ServiceBackendPort) string {
	if p.Name != "" {
		return strconv.Quote(p.Name)
	}
	return strconv.Itoa(int(p.Number))
}

func checkIngressServiceConfig(c *checks.Context) error {
	name, ok := c.Ingress.Annotations[tkeann.IngServiceConfig]
	if !ok || name == "" {
		return nil
	}
	found, absent, err := serviceConfigRef(c, c.Ingress.Namespace, name)
	if err == nil && !found {
		c.Say(tkerules.IngressE4043, checks.AnnPath(tkeann.IngServiceConfig), absent)
	}
	return err
}
