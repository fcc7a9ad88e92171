package policy

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/annotations"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackchecks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkechecks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// TKE annotation keys the covered rules read: pkg/checks' own, so that both judge the same keys.
const (
	annIngressClass     = annotations.IngressClass
	annHTTPRules        = tkeann.HTTPRules
	annHTTPSRules       = tkeann.HTTPSRules
	annRuleMix          = tkeann.RuleMix
	annIngDirectAccess  = tkeann.IngDirectAccess
	annIngServiceConfig = tkeann.IngServiceConfig
	annIngServiceAuto   = tkeann.IngServiceConfigAuto
	annIngChargeType    = tkeann.IngChargeType
	annIngBandwidth     = tkeann.IngBandwidth
	annIngSubnet        = tkeann.IngSubnet
	annIngExistLB       = tkeann.IngExistLB

	annSvcExistedLB     = tkeann.ExistedLBID
	annSvcSubnet        = tkeann.InternalSubnetID
	annSvcServiceConfig = tkeann.SvcServiceConfig
	annSvcServiceAuto   = tkeann.SvcServiceConfigAuto
	annSvcDirectAccess  = tkeann.SvcDirectAccess
	annSvcCrossRegion   = tkeann.SvcCrossRegion
	annSvcCrossVPC      = tkeann.SvcCrossVPC
	annSvcPrevLoopback  = tkeann.PreventLoopback
)

// tkeFacts and ackFacts are the values the providers' checks decide with that the policies mirror.
var tkeFacts, ackFacts = tkechecks.ExportFacts(), ackchecks.ExportFacts()

// pattern is the value-format pattern of either provider's checks named name.
func pattern(name string) string {
	if p, ok := tkeFacts.Patterns[name]; ok {
		return p
	}
	return ackFacts.Patterns[name]
}

// ruleAnnotations hold Ingress rules as JSON; hosts and paths inside them are the CLI's to check.
var ruleAnnotations = []string{annHTTPRules, annHTTPSRules}

// Expressions over an Ingress's rules, paths and TLS entries (variables.rules, variables.tls).
const (
	pathsOf    = "r.?http.?paths.orValue([])"
	hostOf     = "r.?host.orValue(\"\")"
	secretOf   = "t.?secretName.orValue(\"\")"
	tlsHostsOf = "t.?hosts.orValue([])"
	routedRule = "size(" + pathsOf + ") > 0"
	rulesWhere = "variables.rules.filter(r, "
)

// validHost mirrors checks' E4052 test on a rule that routes paths.
func validHost() string {
	return "!(" + routedRule + ") || " + hostOf + " == \"\" || r.host.matches(" + Lit(pattern(tkechecks.PatternIngressHost)) + ")"
}

// validPath mirrors checks' E4031 test on one spec path (an empty path is not checked).
func validPath() string {
	return "p.?path.orValue(\"\") == \"\" || (size(p.path) <= 120 && p.path.matches(" + Lit(pattern(tkechecks.PatternIngressPath)) + "))"
}

// hostCovered mirrors checks.hostCovered for host h against the TLS entries.
const hostCovered = "variables.tls.exists(t, " + tlsHostsOf + ".exists(x, x == h || (x.startsWith(\"*.\") && h.indexOf(\".\") > 0 && " +
	"h.substring(h.indexOf(\".\")) == x.substring(1))))"

// tkeIngressRules are the TKE Ingress rules the policies enforce, on Ingresses the CLB controller owns.
func tkeIngressRules() []Covered {
	return []Covered{
		{Rule: tkerules.IngressE4009, Validations: []Validation{{
			Expression: "variables.tls.all(t, " + secretOf + " != \"\")",
			Detail:     "'spec.tls[' + string(variables.tls.map(t, " + secretOf + ").indexOf(\"\")) + '] has no secretName'",
		}}},
		{Rule: tkerules.IngressE4013, Validations: []Validation{{
			Expression: "variables.rules.all(r, " + routedRule + ")",
			Detail:     "'the rule for host ' + " + Clipped(rulesWhere+"!("+routedRule+"))[0].?host.orValue(\"\")") + " + ' has no http paths'",
		}}},
		{Rule: tkerules.IngressE4031, Unread: ruleAnnotations, Validations: []Validation{{
			Expression: "variables.rules.all(r, " + pathsOf + ".all(p, " + validPath() + "))",
			Detail: "'path ' + " + Clipped("variables.rules.map(r, "+pathsOf+".filter(p, !("+validPath()+")).map(p, p.path)).filter(l, size(l) > 0)[0][0]") +
				" + ' must start with / and use only a-z A-Z 0-9 . - / = ? and be at most 120 characters'",
		}}},
		{Rule: tkerules.IngressE4040, Unread: ruleAnnotations, Validations: []Validation{{
			Expression: "size(variables.tls) == 0 || variables.tls.exists(t, size(" + tlsHostsOf + ") == 0) || " + IsTrue(Get(annRuleMix)) +
				" || variables.rules.all(r, !(" + routedRule + ") || " + hostOf + " == \"\" || [r.host].all(h, " + hostCovered + "))",
			Detail: "'HTTPS host ' + " + Clipped(rulesWhere+routedRule+" && "+hostOf+" != \"\" && ![r.host].all(h, "+hostCovered+"))[0].host") +
				" + ' is in no TLS entry and there is no default certificate'",
		}}},
		{Rule: tkerules.IngressE4048, Validations: []Validation{{
			Expression: "size(variables.tls.filter(t, size(" + tlsHostsOf + ") == 0)) < 2",
		}}},
		{Rule: tkerules.IngressE4049, Validations: []Validation{{
			Expression: "variables.tls.all(t, " + tlsHostsOf + ".all(h, variables.tls.all(u, !(h in u.?hosts.orValue([])) || u.?secretName.orValue(\"\") == " + secretOf + ")))",
		}}},
		{Rule: tkerules.IngressE4052, Unread: ruleAnnotations, Validations: []Validation{{
			Expression: "variables.rules.all(r, " + validHost() + ")",
			Detail:     "'host ' + " + Clipped(rulesWhere+"!("+validHost()+"))[0].host") + " + ' must be a lowercase domain name with at least one dot (optionally *.)'",
		}}},
		boolRule(tkerules.IngressE4037, annIngDirectAccess),
		boolRule(tkerules.IngressE4044, annRuleMix),
		boolRule(tkerules.IngressE4050, annIngServiceAuto),
		{Rule: tkerules.IngressE4051, Validations: []Validation{{
			Expression: UnsetOr(annIngServiceConfig, func(v string) string {
				return "!" + v + ".endsWith(\"-auto-ingress-config\") && !" + v + ".endsWith(\"-auto-service-config\")"
			}),
			Detail: "'TkeServiceConfig name ' + " + Clipped(Get(annIngServiceConfig)) + " + ' ends with a suffix reserved for automatic configs'",
		}}},
		{Rule: tkerules.IngressConfigConflict, Validations: []Validation{{
			Expression: "!(" + Has(annIngServiceConfig) + ") || !(" + IsTrue(Get(annIngServiceAuto)) + ")",
		}}},
		{Rule: tkerules.IngressE4045, Validations: []Validation{{
			Expression: UnsetOr(annIngChargeType, func(v string) string {
				return OneOf(v, "TRAFFIC_POSTPAID_BY_HOUR", "BANDWIDTH_POSTPAID_BY_HOUR", "BANDWIDTH_PACKAGE")
			}),
			Detail: annDetail(annIngChargeType),
		}}},
		{Rule: tkerules.IngressE4046, Validations: []Validation{{
			Expression: UnsetOr(annIngBandwidth, func(v string) string { return IntIn(v, 1, 2048) }),
			Detail:     annDetail(annIngBandwidth),
		}}},
		idRule(tkerules.IngressE4055, annIngSubnet, tkechecks.PatternSubnetID),
		idRule(tkerules.IngressE4098, annIngExistLB, tkechecks.PatternLBID),
		{Rule: tkerules.IngressInvalidAnnotationValue, Validations: []Validation{
			idValidation(tkeann.IngCrossRegion, tkechecks.PatternRegionID),
			idValidation(tkeann.IngCrossVPC, tkechecks.PatternVPCID),
		}},
	}
}

// tkeServiceRules are the TKE Service rules the policies enforce, on LoadBalancer Services.
func tkeServiceRules() []Covered {
	bools := List(annSvcDirectAccess, annSvcPrevLoopback, annSvcServiceAuto)
	return []Covered{
		idRule(tkerules.ServiceE4011, annSvcExistedLB, tkechecks.PatternLBID),
		idRule(tkerules.ServiceE4037, annSvcSubnet, tkechecks.PatternSubnetID),
		{Rule: tkerules.ServiceE4075, Validations: []Validation{{
			Expression: UnsetOr(annSvcCrossRegion, func(v string) string { return Matches(v, pattern(tkechecks.PatternRegionID)) }),
			Detail: annDetail(annSvcCrossRegion) + " + (" + Matches(Get(annSvcCrossRegion), pattern(tkechecks.PatternZone)) +
				" ? ', which looks like an availability zone: drop the trailing -N' : '')",
		}}},
		idRule(tkerules.ServiceInvalidVPCID, annSvcCrossVPC, tkechecks.PatternVPCID),
		{Rule: tkerules.ServiceInvalidBool, Validations: []Validation{{
			Expression: bools + ".all(k, !(k in variables.anns) || " + IsBool("variables.anns[k]") + ")",
			Detail:     bools + ".filter(k, k in variables.anns && !(" + IsBool("variables.anns[k]") + ")).map(k, k + ' is ' + " + Clipped("variables.anns[k]") + ").join(', ')",
		}}},
		{Rule: tkerules.ServiceConfigConflict, Validations: []Validation{{
			Expression: Get(annSvcServiceConfig) + " == \"\" || !(" + IsTrue(Get(annSvcServiceAuto)) + ")",
		}}},
		{Rule: tkerules.ServiceInvalidAnnotationValue, Validations: []Validation{{
			Expression: UnsetOr(tkeann.SvcChargeType, func(v string) string {
				return OneOf(v, "BANDWIDTH_POSTPAID_BY_HOUR", "TRAFFIC_POSTPAID_BY_HOUR")
			}),
			Detail: annDetail(tkeann.SvcChargeType),
		}}},
	}
}

// annDetail names an annotation and its value.
func annDetail(key string) string { return "'" + key + " is ' + " + Clipped(Get(key)) }

// boolRule is a rule that fires on a set annotation that is not a boolean.
func boolRule(id rules.ID, key string) Covered {
	return Covered{Rule: id, Validations: []Validation{{Expression: UnsetOr(key, IsBool), Detail: annDetail(key)}}}
}

// idRule is a rule that fires on a set annotation that is not of a documented id format.
func idRule(id rules.ID, key, patternName string) Covered {
	return Covered{Rule: id, Validations: []Validation{idValidation(key, patternName)}}
}

// idValidation fails on a set annotation that is not of a documented id format.
func idValidation(key, patternName string) Validation {
	return Validation{
		Expression: UnsetOr(key, func(v string) string { return Matches(v, pattern(patternName)) }),
		Detail:     annDetail(key),
	}
}

// tkeSet is TKE's admission policies.
func tkeSet() Set {
	return Set{Provider: tkerules.Provider, Annotations: tkeFacts.AnnotationPrefixes, IngressClasses: []string{"qcloud"},
		Policies: []Policy{
			{Name: Prefix + "tke-ingress", Kind: rules.Ingress, Rules: tkeIngressRules()},
			{Name: Prefix + "tke-service", Kind: rules.Service, Rules: tkeServiceRules()},
		},
		LeftOut: map[rules.ID]words.Words{
			tkerules.ServiceUnknownAnnotation: whyNearestKey,
			tkerules.IngressUnknownAnnotation: whyNearestKey,
			tkerules.IngressE4022:             words.Say("%s: %s", "%s：%s", tkeann.HTTPRules, WhyJSON),
			tkerules.IngressE4023:             words.Say("%s: %s", "%s：%s", tkeann.HTTPSRules, WhyJSON),
			tkerules.IngressE4026:             words.Say("%s: %s", "%s：%s", tkeann.IngExtensive, WhyJSON),
			tkerules.IngressE4034: words.Say("whether the CLB is pure IPv6 sits in %s: %s", "负载均衡是否为纯 IPv6 写在 %s 中：%s",
				tkeann.IngExtensive, WhyJSON),
			tkerules.ServiceE4005: words.Say("%s: %s", "%s：%s", tkeann.SvcExtensive, WhyJSON),
			tkerules.ServiceBackendsLabelInvalid: words.Say("%s is a label selector, which CEL "+
				"cannot parse (set-based forms such as key in (a,b) included)",
				"%s 是标签选择算符，CEL 无法解析（包括 key in (a,b) 这类基于集合的写法）",
				tkeann.BackendsLabel),
		}}
}

// whyNearestKey is why the unknown-annotation rules have no policy: the finding names the nearest
// documented key by edit distance, which CEL cannot compute.
var whyNearestKey = words.Say("the finding names the nearest documented key by edit distance, which CEL cannot compute",
	"检查结果按编辑距离给出最接近的已记载注解，CEL 无法计算编辑距离")
