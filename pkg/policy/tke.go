package policy

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// TKE annotation keys the covered rules read: pkg/checks' own, so that both judge the same keys.
const (
	annIngressClass     = checks.AnnIngressClass
	annHTTPRules        = checks.AnnHTTPRules
	annHTTPSRules       = checks.AnnHTTPSRules
	annRuleMix          = checks.AnnRuleMix
	annIngDirectAccess  = checks.AnnIngDirectAccess
	annIngServiceConfig = checks.AnnIngServiceConfig
	annIngServiceAuto   = checks.AnnIngServiceAuto
	annIngChargeType    = checks.AnnIngChargeType
	annIngBandwidth     = checks.AnnIngBandwidth
	annIngSubnet        = checks.AnnIngSubnet
	annIngExistLB       = checks.AnnIngExistLB

	annSvcExistedLB     = checks.AnnSvcExistedLB
	annSvcSubnet        = checks.AnnSvcSubnet
	annSvcServiceConfig = checks.AnnSvcServiceConfig
	annSvcServiceAuto   = checks.AnnSvcServiceAuto
	annSvcDirectAccess  = checks.AnnSvcDirectAccess
	annSvcCrossRegion   = checks.AnnSvcCrossRegion
	annSvcCrossVPC      = checks.AnnSvcCrossVPC
	annSvcPrevLoopback  = checks.AnnSvcPrevLoopback
)

var facts = checks.ExportFacts()

func pattern(name string) string { return facts.Patterns[name] }

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
	return "!(" + routedRule + ") || " + hostOf + " == \"\" || r.host.matches(" + lit(pattern(checks.PatternIngressHost)) + ")"
}

// validPath mirrors checks' E4031 test on one spec path (an empty path is not checked).
func validPath() string {
	return "p.?path.orValue(\"\") == \"\" || (size(p.path) <= 120 && p.path.matches(" + lit(pattern(checks.PatternIngressPath)) + "))"
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
			Detail:     "'the rule for host ' + " + clipped(rulesWhere+"!("+routedRule+"))[0].?host.orValue(\"\")") + " + ' has no http paths'",
		}}},
		{Rule: tkerules.IngressE4031, Unread: ruleAnnotations, Validations: []Validation{{
			Expression: "variables.rules.all(r, " + pathsOf + ".all(p, " + validPath() + "))",
			Detail: "'path ' + " + clipped("variables.rules.map(r, "+pathsOf+".filter(p, !("+validPath()+")).map(p, p.path)).filter(l, size(l) > 0)[0][0]") +
				" + ' must start with / and use only a-z A-Z 0-9 . - / = ? and be at most 120 characters'",
		}}},
		{Rule: tkerules.IngressE4040, Unread: ruleAnnotations, Validations: []Validation{{
			Expression: "size(variables.tls) == 0 || variables.tls.exists(t, size(" + tlsHostsOf + ") == 0) || " + isTrue(get(annRuleMix)) +
				" || variables.rules.all(r, !(" + routedRule + ") || " + hostOf + " == \"\" || [r.host].all(h, " + hostCovered + "))",
			Detail: "'HTTPS host ' + " + clipped(rulesWhere+routedRule+" && "+hostOf+" != \"\" && ![r.host].all(h, "+hostCovered+"))[0].host") +
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
			Detail:     "'host ' + " + clipped(rulesWhere+"!("+validHost()+"))[0].host") + " + ' must be a lowercase domain name with at least one dot (optionally *.)'",
		}}},
		boolRule(tkerules.IngressE4037, annIngDirectAccess),
		boolRule(tkerules.IngressE4044, annRuleMix),
		boolRule(tkerules.IngressE4050, annIngServiceAuto),
		{Rule: tkerules.IngressE4051, Validations: []Validation{{
			Expression: unsetOr(annIngServiceConfig, func(v string) string {
				return "!" + v + ".endsWith(\"-auto-ingress-config\") && !" + v + ".endsWith(\"-auto-service-config\")"
			}),
			Detail: "'TkeServiceConfig name ' + " + clipped(get(annIngServiceConfig)) + " + ' ends with a suffix reserved for automatic configs'",
		}}},
		{Rule: tkerules.IngressConfigConflict, Validations: []Validation{{
			Expression: "!(" + has(annIngServiceConfig) + ") || !(" + isTrue(get(annIngServiceAuto)) + ")",
		}}},
		{Rule: tkerules.IngressE4045, Validations: []Validation{{
			Expression: unsetOr(annIngChargeType, func(v string) string {
				return oneOf(v, "TRAFFIC_POSTPAID_BY_HOUR", "BANDWIDTH_POSTPAID_BY_HOUR", "BANDWIDTH_PACKAGE")
			}),
			Detail: annDetail(annIngChargeType),
		}}},
		{Rule: tkerules.IngressE4046, Validations: []Validation{{
			Expression: unsetOr(annIngBandwidth, func(v string) string { return intIn(v, 1, 2048) }),
			Detail:     annDetail(annIngBandwidth),
		}}},
		idRule(tkerules.IngressE4055, annIngSubnet, checks.PatternTKESubnetID),
		idRule(tkerules.IngressE4098, annIngExistLB, checks.PatternTKELBID),
		{Rule: tkerules.IngressInvalidAnnotationValue, Validations: []Validation{
			idValidation(checks.AnnIngCrossRegion, checks.PatternTKERegionID),
			idValidation(checks.AnnIngCrossVPC, checks.PatternTKEVPCID),
		}},
	}
}

// tkeServiceRules are the TKE Service rules the policies enforce, on LoadBalancer Services.
func tkeServiceRules() []Covered {
	bools := list(annSvcDirectAccess, annSvcPrevLoopback, annSvcServiceAuto)
	return []Covered{
		idRule(tkerules.ServiceE4011, annSvcExistedLB, checks.PatternTKELBID),
		idRule(tkerules.ServiceE4037, annSvcSubnet, checks.PatternTKESubnetID),
		{Rule: tkerules.ServiceE4075, Validations: []Validation{{
			Expression: unsetOr(annSvcCrossRegion, func(v string) string { return matches(v, pattern(checks.PatternTKERegionID)) }),
			Detail: annDetail(annSvcCrossRegion) + " + (" + matches(get(annSvcCrossRegion), pattern(checks.PatternTKEZone)) +
				" ? ', which looks like an availability zone: drop the trailing -N' : '')",
		}}},
		idRule(tkerules.ServiceInvalidVPCID, annSvcCrossVPC, checks.PatternTKEVPCID),
		{Rule: tkerules.ServiceInvalidBool, Validations: []Validation{{
			Expression: bools + ".all(k, !(k in variables.anns) || " + isBool("variables.anns[k]") + ")",
			Detail:     bools + ".filter(k, k in variables.anns && !(" + isBool("variables.anns[k]") + ")).map(k, k + ' is ' + " + clipped("variables.anns[k]") + ").join(', ')",
		}}},
		{Rule: tkerules.ServiceConfigConflict, Validations: []Validation{{
			Expression: get(annSvcServiceConfig) + " == \"\" || !(" + isTrue(get(annSvcServiceAuto)) + ")",
		}}},
		{Rule: tkerules.ServiceInvalidAnnotationValue, Validations: []Validation{{
			Expression: unsetOr(checks.AnnSvcChargeType, func(v string) string {
				return oneOf(v, "BANDWIDTH_POSTPAID_BY_HOUR", "TRAFFIC_POSTPAID_BY_HOUR")
			}),
			Detail: annDetail(checks.AnnSvcChargeType),
		}}},
	}
}

// annDetail names an annotation and its value.
func annDetail(key string) string { return "'" + key + " is ' + " + clipped(get(key)) }

// boolRule is a rule that fires on a set annotation that is not a boolean.
func boolRule(id rules.ID, key string) Covered {
	return Covered{Rule: id, Validations: []Validation{{Expression: unsetOr(key, isBool), Detail: annDetail(key)}}}
}

// idRule is a rule that fires on a set annotation that is not of a documented id format.
func idRule(id rules.ID, key, patternName string) Covered {
	return Covered{Rule: id, Validations: []Validation{idValidation(key, patternName)}}
}

// idValidation fails on a set annotation that is not of a documented id format.
func idValidation(key, patternName string) Validation {
	return Validation{
		Expression: unsetOr(key, func(v string) string { return matches(v, pattern(patternName)) }),
		Detail:     annDetail(key),
	}
}
