package policy

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

const annBackendType = "service.beta.kubernetes.io/backend-type"

// eff is the value CCM uses for a CLB annotation suffix: the current key, else the legacy one, else "".
func eff(suffix string) string {
	return "variables.anns[?" + lit(facts.ACKPrefix+suffix) + "].or(variables.anns[?" + lit(facts.ACKLegacyPrefix+suffix) + "]).orValue(\"\")"
}

// set is true when either key of suffix is present.
func set(suffix string) string {
	return "(" + has(facts.ACKPrefix+suffix) + " || " + has(facts.ACKLegacyPrefix+suffix) + ")"
}

// ackValue is the value check of one CLB annotation suffix, mirroring pkg/checks' ackAnnotations.
type ackValue struct {
	suffix string
	ok     func(v string) string
}

func onOff(v string) string { return oneOf(v, "on", "off") }

func enum(values ...string) func(string) string {
	return func(v string) string { return oneOf(v, values...) }
}

func intRange(lo, hi int) func(string) string {
	return func(v string) string { return intIn(v, lo, hi) }
}

func idOf(name string) func(string) string {
	return func(v string) string { return matches(v, pattern(name)) }
}

// commaList mirrors checks.commaList: every comma-separated item, trimmed, passes each.
func commaList(each func(string) string) func(string) string {
	return func(v string) string { return v + ".split(\",\").all(i, " + each("i.trim()") + ")" }
}

// colonPair checks s as "a:b" cut at the first colon, a and b each passing their test.
func colonPair(s string, first, second func(string) string) string {
	i := s + ".indexOf(\":\")"
	return "(" + i + " >= 0 && " + first(s+".substring(0, "+i+")") + " && " + second(s+".substring("+i+" + 1)") + ")"
}

// protocolPort mirrors checks.parseProtocolPort succeeding.
func protocolPort(v string) string {
	return v + ".split(\",\").all(i, " + colonPair("i.trim()", enum("tcp", "udp", "http", "https"), intRange(1, 65535)) + ")"
}

// ackValues is every CLB annotation suffix whose value CCM constrains.
var ackValues = []ackValue{
	{"address-type", enum("internet", "intranet")},
	{"id", idOf(checks.PatternACKLBID)},
	{"resource-group-id", idOf(checks.PatternACKRGID)},
	{"delete-protection", onOff},
	{"modification-protection", enum("ConsoleProtection", "NonProtection")},
	{"protocol-port", protocolPort},
	{"forward-port", commaList(func(s string) string { return colonPair(s, intRange(1, 65535), intRange(1, 65535)) })},
	{"idle-timeout", intRange(1, 60)},
	{"request-timeout", intRange(1, 180)},
	{"established-timeout", intRange(10, 900)},
	{"scheduler", enum("rr", "wrr", "wlc", "sch", "tch", "qch")},
	{"connection-drain", onOff},
	{"connection-drain-timeout", intRange(10, 900)},
	{"vswitch-id", idOf(checks.PatternACKVSwitch)},
	{"charge-type", enum("paybytraffic", "paybybandwidth")},
	{"force-override-listeners", enum("true", "false")},
	{"bandwidth", intRange(1, 5120)},
	{"spec", idOf(checks.PatternACKSpec)},
	{"instance-charge-type", enum("PayBySpec", "PayByCLCU")},
	{"ip-version", enum("ipv4", "ipv6")},
	{"acl-status", onOff},
	{"acl-id", idOf(checks.PatternACKACLID)},
	{"acl-type", enum("white", "black")},
	{"http2-enabled", onOff},
	{"health-check-switch", onOff},
	{"health-check-flag", onOff},
	{"health-check-type", enum("tcp", "http")},
	{"health-check-connect-port", func(v string) string { return "(" + v + ".trim() == \"-520\" || " + intIn(v, 1, 65535) + ")" }},
	{"healthy-threshold", intRange(2, 10)},
	{"unhealthy-threshold", intRange(2, 10)},
	{"health-check-interval", intRange(1, 50)},
	{"health-check-connect-timeout", intRange(1, 300)},
	{"health-check-timeout", intRange(1, 300)},
	{"health-check-httpcode", commaList(enum("http_2xx", "http_3xx", "http_4xx", "http_5xx"))},
	{"sticky-session", onOff},
	{"sticky-session-type", enum("insert", "server")},
	{"cookie-timeout", intRange(1, 86400)},
	{"persistence-timeout", intRange(0, 3600)},
	{"xforwardedfor-proto", onOff},
	{"xforwardedfor-slbport", onOff},
	{"xforwardedfor-clientsrcport", onOff},
	{"backend-label", func(v string) string { return v + ".split(\",\").all(i, i.trim().indexOf(\"=\") > 0)" }},
	{"backend-ip-version", enum("ipv4", "ipv6")},
	{"remove-unscheduled-backend", onOff},
	{"weight", intRange(0, 100)},
}

// ackValueValidations checks each constrained suffix under both prefixes, the backend type, and
// that every protocol-port entry names a port of the Service.
func ackValueValidations() []Validation {
	var out []Validation
	for _, a := range ackValues {
		keys := list(facts.ACKPrefix+a.suffix, facts.ACKLegacyPrefix+a.suffix)
		bad := "!(" + a.ok("variables.anns[k]") + ")"
		out = append(out, Validation{
			Expression: keys + ".all(k, !(k in variables.anns) || " + a.ok("variables.anns[k]") + ")",
			Detail:     keys + ".filter(k, k in variables.anns && " + bad + ").map(k, k + ' is ' + " + clipped("variables.anns[k]") + ").join(', ')",
		})
	}
	out = append(out, Validation{
		Expression: unsetOr(annBackendType, enum("eni", "ecs")),
		Detail:     annDetail(annBackendType) + " + ', not eni or ecs'",
	})
	pp := eff("protocol-port")
	portOf := "int(i.trim().substring(i.trim().indexOf(\":\") + 1).trim())"
	out = append(out, Validation{
		Expression: "!" + set("protocol-port") + " || !(" + protocolPort(pp) + ") || " +
			pp + ".split(\",\").all(i, variables.ports.exists(p, p.port == " + portOf + "))",
		Detail: "'protocol-port entries ' + " + pp + ".split(\",\").filter(i, !variables.ports.exists(p, p.port == " + portOf + ")).join(', ') + ' name no port of the Service'",
	})
	return out
}

// ackServiceRules are the ACK Service rules the policies enforce, on LoadBalancer Services without a
// loadBalancerClass.
func ackServiceRules() []Covered {
	L, P := facts.ACKLegacyPrefix, facts.ACKPrefix
	cur := lit(P) + " + k.substring(" + itoa(len([]rune(L))) + ")"
	need := func(when, companion string) Validation {
		return Validation{Expression: "!(" + when + ") || " + set(companion),
			Detail: "'" + P + companion + " is missing'"}
	}
	sticky := eff("sticky-session") + " == \"on\""
	acl := eff("acl-status") + " == \"on\""
	https := "(" + protocolPort(eff("protocol-port")) + " && " + eff("protocol-port") + ".split(\",\").exists(i, i.trim().startsWith(\"https:\")))"
	eni := get(annBackendType) + " == \"eni\""
	return []Covered{
		{Rule: rules.ACKServiceInvalidAnnotation, Validations: ackValueValidations()},
		{Rule: rules.ACKServiceLegacyAnnotationConflict, Validations: []Validation{{
			Expression: "variables.anns.all(k, !k.startsWith(" + lit(L) + ") || !((" + cur + ") in variables.anns) || variables.anns[" + cur + "] == variables.anns[k])",
			Detail: "variables.anns.filter(k, k.startsWith(" + lit(L) + ") && (" + cur + ") in variables.anns && variables.anns[" + cur + "] != variables.anns[k])" +
				".map(k, k + ' disagrees with ' + " + cur + ").join(', ')",
		}}},
		{Rule: rules.ACKServiceAnnotationDependency, Validations: []Validation{
			need(sticky, "sticky-session-type"),
			need(sticky+" && "+eff("sticky-session-type")+" == \"insert\"", "cookie-timeout"),
			need(sticky+" && "+eff("sticky-session-type")+" == \"server\"", "cookie"),
			need(acl, "acl-id"),
			need(acl, "acl-type"),
			{Expression: "!" + set("vswitch-id") + " || " + eff("address-type") + " == \"intranet\"",
				Detail: "'a vSwitch applies only to an intranet CLB, but address-type is ' + " + clipped(eff("address-type"))},
			need(set("protocol-port")+" && "+https, "cert-id"),
		}},
		{Rule: rules.ACKServiceCLCUSpec, Validations: []Validation{{
			Expression: "!" + set("spec") + " || " + eff("instance-charge-type") + " != \"PayByCLCU\"",
		}}},
		{Rule: rules.ACKServiceReuseWithoutOverride, Validations: []Validation{{
			Expression: "!" + set("id") + " || " + eff("force-override-listeners") + " == \"true\"",
			Detail:     "'CLB ' + " + clipped(eff("id")) + " + ' is reused and force-override-listeners is not \"true\"'",
		}}},
		{Rule: rules.ACKServiceENIStringTargetPort, Validations: []Validation{{
			Expression: "!(" + eni + ") || variables.ports.all(p, !has(p.targetPort) || type(p.targetPort) != string)",
		}}},
		{Rule: rules.ACKServiceENISharedSpec, Validations: []Validation{{
			Expression: "!(" + eni + ") || " + eff("spec") + " != \"slb.s0.share\"",
		}}},
		{Rule: rules.ACKServiceUnevenLoad, Validations: []Validation{{
			Expression: "object.spec.?externalTrafficPolicy.orValue(\"\") != \"Local\" || " + eni + " || " + eff("scheduler") + " in [\"wrr\", \"wlc\"]",
		}}},
		{Rule: rules.ACKServiceNodePortLocalPortRange, Validations: []Validation{{
			Expression: "variables.ports.all(p, p.?nodePort.orValue(0) < 32768)",
			Detail:     "'nodePort ' + string(variables.ports.filter(p, p.?nodePort.orValue(0) >= 32768)[0].nodePort) + ' lies in 32768-60999'",
		}}},
	}
}
