package policy

import (
	"slices"
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackchecks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// eff is the value CCM uses for a CLB annotation suffix: the current key, else the legacy one, else "".
func eff(suffix string) string {
	return "variables.anns[?" + Lit(ackFacts.Prefix+suffix) + "].or(variables.anns[?" + Lit(ackFacts.LegacyPrefix+suffix) + "]).orValue(\"\")"
}

// set is true when suffix has a value CCM uses: not "" (an empty current key hides the legacy one).
func set(suffix string) string {
	return "(" + eff(suffix) + " != \"\")"
}

// ackValue is the value check of one CLB annotation suffix, mirroring pkg/checks' ackAnnotations.
type ackValue struct {
	suffix string
	valueCheck
}

// valueCheck is a CEL test of an annotation value and sample values at and around its boundaries
// (for the differential test).
type valueCheck struct {
	ok      func(v string) string
	samples []string
}

var onOff = enum("on", "off")

func enum(values ...string) valueCheck {
	samples := []string{"", strings.ToUpper(values[0]), " " + values[0]}
	return valueCheck{func(v string) string { return OneOf(v, values...) }, append(samples, values...)}
}

// intRange mirrors checks.atoiIn: strconv.Atoi of the untrimmed value, then the range.
func intRange(lo, hi int) valueCheck {
	return valueCheck{func(v string) string { return AtoiIn(v, lo, hi) }, []string{Itoa(lo - 1), Itoa(lo), " " + Itoa(lo) + " ",
		"+" + Itoa(hi), "0" + Itoa(hi), Itoa(hi + 1), Itoa(lo) + "s", "-" + Itoa(hi)}}
}

// enumFold mirrors checks.oneOfFold: membership in any letter case.
func enumFold(values ...string) valueCheck {
	re := "(?i)^(" + strings.Join(values, "|") + ")$"
	samples := []string{"", strings.ToUpper(values[0]), " " + values[0], strings.ToLower(values[0])}
	return valueCheck{func(v string) string { return Matches(v, re) }, append(samples, values...)}
}

func idOf(name string, good, bad string) valueCheck {
	return valueCheck{func(v string) string { return Matches(v, pattern(name)) }, []string{good, bad, " " + good, strings.ToUpper(good)}}
}

// commaList mirrors checks.commaList: every comma-separated item, trimmed, passes each.
func commaList(each valueCheck) valueCheck {
	var samples []string
	for i, a := range each.samples {
		samples = append(samples, a, a+","+each.samples[(i+1)%len(each.samples)], a+" , "+a, a+",")
	}
	return valueCheck{func(v string) string { return v + ".split(\",\").all(i, " + each.ok("i.trim()") + ")" }, samples}
}

var port = intRange(1, 65535)

// ackValues is every CLB annotation suffix whose value CCM constrains.
var ackValues = []ackValue{
	{"address-type", enum("internet", "intranet")},
	{"id", idOf(ackchecks.PatternLBID, "lb-bp1o94dp5i6earr9g6d1l", "lb-abc")},
	{"resource-group-id", idOf(ackchecks.PatternRGID, "rg-acfmz7u4zzfsxxx", "rg_acfmz7u4zzfsxxx")},
	{"delete-protection", onOff},
	{"modification-protection", enum("ConsoleProtection", "NonProtection")},
	{"idle-timeout", intRange(1, 60)},
	{"request-timeout", intRange(1, 180)},
	{"established-timeout", intRange(10, 900)},
	{"tls-cipher-policy", enum("tls_cipher_policy_1_0", "tls_cipher_policy_1_1", "tls_cipher_policy_1_2",
		"tls_cipher_policy_1_2_strict", "tls_cipher_policy_1_2_strict_with_1_3")},
	{"scheduler", enum("rr", "wrr", "wlc", "sch", "tch", "qch")},
	{"connection-drain", onOff},
	{"connection-drain-timeout", intRange(10, 900)},
	{"vswitch-id", idOf(ackchecks.PatternVSwitch, "vsw-bp15c2q7jvz9n0xxxxxxx", "vsw-x")},
	{"network-type", enum("classic", "vpc")},
	{"charge-type", enum("paybytraffic", "paybybandwidth")},
	{"bandwidth", intRange(1, 5120)},
	{"spec", idOf(ackchecks.PatternSpec, "slb.s1.small", "slb.s4.large")},
	{"instance-charge-type", enumFold("PayBySpec", "PayByCLCU")},
	{"ip-version", enum("ipv4", "ipv6")},
	{"acl-status", onOff},
	{"acl-id", commaList(idOf(ackchecks.PatternACLID, "acl-bp1l0kk4gxce43g1xxxxx", "acl-"))},
	{"acl-type", enum("white", "black")},
	{"http2-enabled", onOff},
	{"health-check-switch", onOff},
	{"health-check-flag", onOff},
	{"health-check-type", enum("tcp", "http")},
	{"health-check-connect-port", valueCheck{func(v string) string { return "(" + v + " == \"-520\" || " + port.ok(v) + ")" },
		append([]string{"-520", " -520 ", "-521", "+520"}, port.samples...)}},
	{"healthy-threshold", intRange(2, 10)},
	{"unhealthy-threshold", intRange(2, 10)},
	{"health-check-interval", intRange(1, 50)},
	{"health-check-connect-timeout", intRange(1, 300)},
	{"health-check-timeout", intRange(1, 300)},
	{"health-check-httpcode", commaList(enum("http_2xx", "http_3xx", "http_4xx", "http_5xx"))},
	{"health-check-method", enum("head", "get")},
	{"sticky-session", onOff},
	{"sticky-session-type", enum("insert", "server")},
	{"cookie-timeout", intRange(1, 86400)},
	{"persistence-timeout", intRange(0, 3600)},
	{"xforwardedfor-proto", onOff},
	{"xforwardedfor-slbport", onOff},
	{"xforwardedfor-clientsrcport", onOff},
	{"weight", intRange(0, 100)},
	{"default-weight", intRange(0, 100)},
}

// ackUnmirrored are the CLB annotation suffixes whose value the CLI judges with Go code CEL does not
// mirror (port lists walked port by port as CCM does, host names, addresses, zone ids, cookies,
// certificate lists, label lists): an object carrying one may hold an invalid value only the CLI sees.
var ackUnmirrored = []string{"protocol-port", "forward-port", "vgroup-port", "hostname", "ip", "master-zoneid",
	"slave-zoneid", "health-check-domain", "cookie", "domain-extensions", "backend-label"}

// unmirroredValue is true when an annotation of ackUnmirrored is set, under either prefix.
func unmirroredValue(anns map[string]string) bool {
	for _, s := range ackUnmirrored {
		if _, ok := anns[ackFacts.Prefix+s]; ok {
			return true
		}
		if _, ok := anns[ackFacts.LegacyPrefix+s]; ok {
			return true
		}
	}
	return false
}

// ackValueValidations checks each constrained suffix under both prefixes, the backend type, and
// that every protocol-port entry names a port of the Service.
func ackValueValidations() []Validation {
	var out []Validation
	for _, a := range ackValues {
		keys := List(ackFacts.Prefix+a.suffix, ackFacts.LegacyPrefix+a.suffix)
		bad := "!(" + a.ok("variables.anns[k]") + ")"
		// CCM reads an empty value as unset.
		out = append(out, Validation{
			Expression: keys + ".all(k, !(k in variables.anns) || variables.anns[k] == '' || " + a.ok("variables.anns[k]") + ")",
			Detail:     keys + ".filter(k, k in variables.anns && variables.anns[k] != '' && " + bad + ").map(k, k + ' is ' + " + Clipped("variables.anns[k]") + ").join(', ')",
		})
	}
	return out
}

// ackServiceRules are the ACK Service rules the policies enforce, on LoadBalancer Services without a
// loadBalancerClass.
func ackServiceRules() []Covered {
	L, P := ackFacts.LegacyPrefix, ackFacts.Prefix
	cur := Lit(P) + " + k.substring(" + Itoa(len([]rune(L))) + ")"
	need := func(when, companion string) Validation {
		return Validation{Expression: "!(" + when + ") || " + set(companion),
			Detail: "'" + P + companion + " is missing'"}
	}
	sticky := eff("sticky-session") + " == \"on\""
	// leftAlone mirrors the checks' listenersLeftAlone: CCM neither creates nor updates the listeners.
	leftAlone := "(" + set("id") + " && " + eff("force-override-listeners") + " != \"true\")"
	acl := eff("acl-status") + " == \"on\""
	eni := Get(ackann.BackendType) + " == \"eni\""
	known := List(ackFacts.Suffixes...)
	ings := "object.?status.?loadBalancer.?ingress.orValue([])"
	bound := "object.metadata.?labels.orValue({})[?" + Lit(ackann.LabelLBID) + "].orValue(\"\")"
	unknownSuffix := "(k.startsWith(" + Lit(P) + ") && !(k.substring(" + Itoa(len([]rune(P))) + ") in " + known + ")) || " +
		"(k.startsWith(" + Lit(L) + ") && !(k.substring(" + Itoa(len([]rune(L))) + ") in " + known + "))"
	return []Covered{
		{Rule: ackrules.ServiceInvalidAnnotation, Validations: ackValueValidations(),
			Misses: words.Say("values of %s are judged by the CLI only", "%s 的取值仅由 CLI 判定", words.List(ackUnmirrored)),
			missed: unmirroredValue},
		{Rule: ackrules.ServiceUnknownAnnotation, Validations: []Validation{{
			Expression: "variables.anns.all(k, !(" + unknownSuffix + "))",
			Detail: "variables.anns.filter(k, " + unknownSuffix + ").map(k, " + Clipped("k") + ").join(', ') + " +
				"' is not a CLB annotation CCM reads'",
		}}, Misses: words.Say("a misspelt prefix (a key within two edits of a known key) is found by edit distance, which CEL cannot compute; "+
			"the policy catches unknown suffixes under the CLB prefixes",
			"拼错的前缀（与某个已知键相差两处编辑以内的键）要靠编辑距离发现，而 CEL 无法计算编辑距离；策略能发现 CLB 前缀下的未知后缀"),
			missed: misspeltPrefix},
		{Rule: ackrules.ServiceLBRebind, ReadsStatus: true, Unread: []string{lastApplied}, Validations: []Validation{{
			Expression: "!" + set("id") + " || " + ings + ".exists(i, i.?ip.orValue(\"\") == \"\" && i.?hostname.orValue(\"\") != \"\") || " +
				"!" + ings + ".exists(i, i.?ip.orValue(\"\") != \"\") || " + eff("external-ip-type") + " == \"eip\" || " +
				bound + " == \"\" || " + bound + " == " + eff("id"),
			Detail: "'the Service is bound to CLB ' + " + Clipped(bound) + " + ' (label " + ackann.LabelLBID + "), but the annotation names ' + " + Clipped(eff("id")),
		}}, Misses: words.Say("a Service with the CCM's label but no address in status, as a manifest without status holds it: the check "+
			"takes the label alone as evidence, while an admitted update carries the stored status",
			"带有 CCM 的标签、status 中却没有地址的 Service（不含 status 的清单正是如此）：检查仅凭该标签即作判定，"+
				"而被准入的更新带的是已存储的 status"),
			missed: always},
		{Rule: ackrules.ServiceLegacyAnnotationConflict, Validations: []Validation{{
			Expression: "variables.anns.all(k, !k.startsWith(" + Lit(L) + ") || !((" + cur + ") in variables.anns) || variables.anns[" + cur + "] == variables.anns[k])",
			Detail: "variables.anns.filter(k, k.startsWith(" + Lit(L) + ") && (" + cur + ") in variables.anns && variables.anns[" + cur + "] != variables.anns[k])" +
				".map(k, k + ' disagrees with ' + " + cur + ").join(', ')",
		}}},
		{Rule: ackrules.ServiceAnnotationDependency, Validations: []Validation{
			need(sticky, "sticky-session-type"),
			need(sticky+" && "+eff("sticky-session-type")+" == \"insert\"", "cookie-timeout"),
			need(sticky+" && "+eff("sticky-session-type")+" == \"server\"", "cookie"),
			need(acl, "acl-id"),
			need(acl, "acl-type"),
			need(set("acl-id")+" || "+set("acl-type"), "acl-status"),
			need(set("connection-drain-timeout"), "connection-drain"),
			{Expression: "!" + set("vswitch-id") + " || " + eff("address-type") + " == \"intranet\"",
				Detail: "'a vSwitch applies only to an intranet CLB, but address-type is ' + " + Clipped(eff("address-type"))},
		}, Misses: words.Say("an https listener without cert-id: whether a protocol-port entry gives a Service port an https listener "+
			"is decided port by port, as CCM reads the list, by the CLI only",
			"没有 cert-id 的 https 监听：protocol-port 的条目是否让某个 Service 端口得到 https 监听，"+
				"须像 CCM 读取该列表那样逐个端口判定，只由 CLI 完成"),
			missed: func(anns map[string]string) bool {
				_, a := anns[ackFacts.Prefix+"protocol-port"]
				_, b := anns[ackFacts.LegacyPrefix+"protocol-port"]
				return a || b
			}},
		{Rule: ackrules.ServiceReuseWithoutOverride, Validations: []Validation{{
			Expression: "!" + leftAlone + " || " + set("vgroup-port"),
			Detail:     "'CLB ' + " + Clipped(eff("id")) + " + ' is reused and force-override-listeners is not \"true\"'",
		}}, Misses: words.Say("a reused load balancer with vgroup-port: which Service ports the entries leave without a group of the "+
			"user's is decided port by port, as CCM reads the list, by the CLI only",
			"设置了 vgroup-port 的复用负载均衡：哪些 Service 端口没有被条目关联到用户自己的组，须像 CCM 读取该列表那样逐个端口判定，只由 CLI 完成"),
			missed: func(anns map[string]string) bool {
				return anns[ackFacts.Prefix+"vgroup-port"] != "" || anns[ackFacts.LegacyPrefix+"vgroup-port"] != ""
			}},
		{Rule: ackrules.ServiceENISharedSpec, Validations: []Validation{{
			Expression: "!(" + eni + ") || " + eff("spec") + " != \"slb.s0.share\"",
		}}},
		{Rule: ackrules.ServiceUnevenLoad, Validations: []Validation{{
			Expression: "object.spec.?externalTrafficPolicy.orValue(\"\") != \"Local\" || " + eni + " || " + eff("scheduler") + " in [\"wrr\", \"wlc\"] || " + leftAlone,
		}}},
	}
}

// always is a missed case that any object may hold.
func always(map[string]string) bool { return true }

// misspeltPrefix is true when an annotation key could be a misspelt CLB key outside the CLB prefixes,
// which only the CLI's edit-distance check finds.
func misspeltPrefix(anns map[string]string) bool {
	for k := range anns {
		if strings.HasPrefix(k, ackann.VendorPrefix) && k != ackFacts.BackendType &&
			!strings.HasPrefix(k, ackFacts.Prefix) && !strings.HasPrefix(k, ackFacts.LegacyPrefix) {
			return true
		}
	}
	return false
}

const (
	// lastApplied is kubectl's record of the last apply, JSON.
	lastApplied = "kubectl.kubernetes.io/last-applied-configuration"
)

// ackNotLBRules are the ACK rules about Services that are not (or no longer) of type LoadBalancer.
func ackNotLBRules() []Covered {
	clbKey := "k.startsWith(" + Lit(ackFacts.Prefix) + ") || k.startsWith(" + Lit(ackFacts.LegacyPrefix) + ")"
	label := "object.metadata.?labels.orValue({})[?" + Lit(ackann.LabelLBID) + "].orValue(\"\")"
	return []Covered{
		{Rule: ackrules.ServiceListenerOnNodePort, Validations: []Validation{{
			Expression: "!variables.anns.exists(k, " + clbKey + ")",
			Detail: "'type is ' + object.spec.?type.orValue(\"ClusterIP\") + ', so CCM ignores ' + " +
				"variables.anns.filter(k, " + clbKey + ").map(k, " + Clipped("k") + ").join(', ')",
		}}},
		{Rule: ackrules.ServiceTypeChangeDeletesLB, Validations: []Validation{{
			Expression: label + " == \"\" || " + eff("id") + " == " + label,
			Detail:     "'the Service still carries the label of CLB ' + " + Clipped(label),
		}}},
	}
}

// Sample is a constrained CLB annotation suffix with values at and around its boundaries.
type Sample struct {
	Suffix string
	Values []string
}

// ACKSamples lists, for tests, sample values of every CLB annotation whose value the policies check.
func ACKSamples() []Sample {
	out := make([]Sample, len(ackValues))
	for i, a := range ackValues {
		out[i] = Sample{a.suffix, slices.Clone(a.samples)}
	}
	return out
}

// ackSet is ACK's admission policies: those of CLB Services (an NLB Service names its class) and those
// of the Services of other types that carry CLB annotations.
func ackSet() Set {
	// CCM leaves alone a Service with a tunnel-type annotation or a class annotation (helper.NeedCLB).
	anns := "object.metadata.annotations"
	lb := "!has(object.spec.loadBalancerClass) && !(has(" + anns + ") && (" + Lit(ackann.TunnelType) + " in " + anns +
		" || " + anns + "[?" + Lit(ackann.Class) + "].orValue('') != ''))"
	return Set{Provider: ackrules.Provider, Annotations: ackFacts.AnnotationPrefixes, LBServices: lb,
		Policies: []Policy{
			{Name: Prefix + "ack-service", Kind: rules.Service, Rules: ackServiceRules()},
			{Name: Prefix + "ack-non-lb-service", Kind: rules.Service, NotLB: true, Rules: ackNotLBRules()},
		},
		LeftOut: map[rules.ID]words.Words{
			ackrules.ServiceNodePortLocalPortRange: words.Say("the API server allocates a nodePort the manifest leaves out before admission, so the policy "+
				"would judge the cluster's port range, not the manifest, and with Deny refuse Services whose author chose no port",
				"清单未写 nodePort 时，API server 在准入之前就分配了一个，策略判定的将是集群的端口范围而不是清单；"+
					"使用 Deny 时还会拒绝作者根本没有指定端口的 Service"),
			ackrules.ServiceIgnoredAnnotationValue: words.Say("what CCM does with each value it ignores (exact \"on\"/\"true\" spellings, NLB keys on a CLB "+
				"Service, port-list entries no Service port matches) is judged by the CLI's per-annotation rules, which the policies do not mirror",
				"CCM 如何处理它忽略的每个取值（\"on\"/\"true\" 的确切写法、CLB Service 上的 NLB 注解、没有 Service 端口与之对应的端口列表条目），"+
					"由 CLI 按注解逐一判定，策略不复刻这些规则"),
		}}
}
