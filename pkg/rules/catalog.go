package rules

// catalog is every rule, in the order the provider files list them.
var catalog = concat(tkeIngressRules, tkeServiceRules, ackServiceRules, genericRules)

func concat(parts ...[]Rule) []Rule {
	var out []Rule
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}
