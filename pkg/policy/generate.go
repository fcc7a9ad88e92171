// Package policy turns the rules that can be decided from a Service or an Ingress alone into
// ValidatingAdmissionPolicies (admissionregistration.k8s.io/v1), so that the API server refuses or
// warns about a broken object when it is written. Each covered rule's CEL mirrors its check in
// pkg/checks; a differential test holds the two to the same verdicts.
package policy

import (
	"regexp"
	"slices"
	"strings"

	admissionv1 "k8s.io/api/admissionregistration/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/annotations"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Prefix starts the name of every generated object.
const Prefix = "lbdoctor-"

// Set is what one provider adds to the admission policies: its policies, the rules decidable from an
// object alone that they leave out and why, and the signals their match conditions weigh.
type Set struct {
	Provider rules.Provider
	// Policies are its groups, one per kind (and scope): Policies splits each into the policy of its
	// error rules and the warning-only policy of the others.
	Policies []Policy
	// LeftOut are rules decidable from the object alone that the policies do not mirror, with why.
	LeftOut map[rules.ID]words.Words
	// Annotations are the annotation keys or prefixes that point to the provider, as provider
	// detection counts them; IngressClasses the classes of its own Ingress controller, which also
	// takes Ingresses without a class.
	Annotations, IngressClasses []string
	// LBServices, when set, is a CEL condition that narrows the LoadBalancer Services its policies
	// match (ACK: no loadBalancerClass, so not an NLB).
	LBServices string
}

// Catalog is what the policies are made from: every provider's Set, and the suite whose checks say
// which rules only events show.
type Catalog struct {
	Sets  []Set
	Suite *checks.Suite
}

// Options choose what Generate produces.
type Options struct {
	// Providers are the clouds to guard; tke, ack or both.
	Providers []rules.Provider
	// Cluster, when set, is the cloud the cluster runs on: an object with no cloud-specific signal of
	// its own (no ingress class, no cloud annotation), or tied signals, is then judged as the cluster's,
	// as the CLI's provider detection does from the nodes. Empty: only objects whose own signals name
	// a cloud are judged.
	Cluster rules.Provider
	// Actions are the binding's validationActions (Warn, Audit, Deny).
	Actions []admissionv1.ValidationAction
	// NamespaceSelector, when set, limits the bindings to matching namespaces.
	NamespaceSelector *metav1.LabelSelector
	// Lang is the language of the rules' titles and fixes in the validation messages; codes, rule
	// ids and the CEL expressions are the same in every language.
	Lang words.Lang
}

// Policy is one generated policy and the rules it enforces.
type Policy struct {
	Name     string
	Provider rules.Provider
	Kind     rules.Kind
	// WarnOnly is set on the policy of a group's warning-severity rules and of its error rules whose
	// verdict also depends on context the API server cannot see (rules.Rule.Decides): its binding only
	// warns (and audits, when asked), whatever --action says, so that Deny refuses only what the cloud
	// controller would fail on in any cluster.
	WarnOnly bool
	// NotLB is set on the policy of Services that are not of type LoadBalancer.
	NotLB bool
	Rules []Covered

	// set is the provider's Set, others the other providers' (their signals weigh against its).
	set    *Set
	others []Set
}

// Policies lists every policy of the catalog, in output order: per provider and group, one for the
// error-severity rules and one for the others.
func (cat Catalog) Policies() []Policy {
	var out []Policy
	for si := range cat.Sets {
		set := &cat.Sets[si]
		others := slices.Concat(cat.Sets[:si], cat.Sets[si+1:])
		for _, g := range set.Policies {
			g.Provider, g.set, g.others = set.Provider, set, others
			errs, warns := g, g
			errs.Rules, warns.Rules = nil, nil
			warns.Name, warns.WarnOnly = g.Name+"-warnings", true
			for _, c := range g.Rules {
				// A verdict that other context decides (history, config, version) is never Deny.
				if r := c.Rule.Rule(); r.Severity == rules.Error && r.ObjectAlone() {
					errs.Rules = append(errs.Rules, c)
				} else {
					warns.Rules = append(warns.Rules, c)
				}
			}
			for _, p := range []Policy{errs, warns} {
				if len(p.Rules) > 0 {
					out = append(out, p)
				}
			}
		}
	}
	return out
}

// Generate returns the catalog's policies of opts.Providers, each followed by its binding.
func (cat Catalog) Generate(opts Options) ([]any, error) {
	if len(opts.Providers) == 0 {
		return nil, words.Errorf("no provider to guard", "没有要防护的云厂商")
	}
	if err := ValidateActions(opts.Actions); err != nil {
		return nil, err
	}
	var out []any
	for _, p := range cat.Policies() {
		if !slices.Contains(opts.Providers, p.Provider) {
			continue
		}
		out = append(out, p.object(opts), p.binding(opts))
	}
	return out, nil
}

// ValidateActions accepts a non-empty set of distinct actions that does not both warn and deny, as
// the API server requires.
func ValidateActions(as []admissionv1.ValidationAction) error {
	if len(as) == 0 {
		return words.Errorf("no validation action (want Warn, Audit or Deny)", "没有给出校验动作（应为 Warn、Audit 或 Deny）")
	}
	seen := map[admissionv1.ValidationAction]bool{}
	for _, a := range as {
		switch a {
		case admissionv1.Warn, admissionv1.Audit, admissionv1.Deny:
		default:
			return words.Errorf("unknown validation action %q (want Warn, Audit or Deny)", "未知的校验动作 %q（应为 Warn、Audit 或 Deny）", a)
		}
		if seen[a] {
			return words.Errorf("validation action %s given twice", "校验动作 %s 重复给出", a)
		}
		seen[a] = true
	}
	if seen[admissionv1.Warn] && seen[admissionv1.Deny] {
		return words.Errorf("Warn and Deny cannot be combined (a denied request gets no warning); use Deny,Audit or Warn,Audit",
			"Warn 与 Deny 不能同时使用（被拒绝的请求不会收到警告）；请用 Deny,Audit 或 Warn,Audit")
	}
	return nil
}

// ParseActions reads a comma-separated list of action names (Warn, Audit, Deny) in any case.
func ParseActions(s string) ([]admissionv1.ValidationAction, error) {
	var out []admissionv1.ValidationAction
	for _, name := range strings.Split(s, ",") {
		a, err := parseAction(name)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// parseAction reads one action name in any case.
func parseAction(s string) (admissionv1.ValidationAction, error) {
	for _, a := range []admissionv1.ValidationAction{admissionv1.Warn, admissionv1.Audit, admissionv1.Deny} {
		if strings.EqualFold(strings.TrimSpace(s), string(a)) {
			return a, nil
		}
	}
	return "", words.Errorf("unknown validation action %q (want Warn, Audit or Deny)", "未知的校验动作 %q（应为 Warn、Audit 或 Deny）", s)
}

// ParseProviders reads the clouds to guard: a provider of the catalog, in any case, which is then
// also the cloud the cluster is taken to run on (Options.Cluster), or all (every provider, no
// cluster cloud).
func (cat Catalog) ParseProviders(s string) (providers []rules.Provider, cluster rules.Provider, err error) {
	p := strings.ToLower(strings.TrimSpace(s))
	var names []string
	for _, set := range cat.Sets {
		if p == "all" {
			providers = append(providers, set.Provider)
		}
		if p == string(set.Provider) {
			return []rules.Provider{set.Provider}, set.Provider, nil
		}
		names = append(names, string(set.Provider))
	}
	if p == "all" {
		return providers, "", nil
	}
	names = append(names, "all")
	return nil, "", words.Errorf("unknown provider %q (want %s)", "未知的云厂商 %q（应为 %s）", s,
		words.Either(names))
}

var (
	ignore     = admissionv1.Ignore
	equivalent = admissionv1.Equivalent
)

// Denies reports whether the policy's binding refuses objects under opts: it is not a warnings
// policy and the actions include Deny.
func (p Policy) Denies(opts Options) bool {
	return !p.WarnOnly && slices.Contains(opts.Actions, admissionv1.Deny)
}

// object is the ValidatingAdmissionPolicy: one validation per CEL condition of each rule, so that each
// rule warns or is audited on its own and a condition that cannot be evaluated is ignored alone.
//
// Under Deny the API server answers with the message of the first failing validation only, and
// drops the others. When the binding denies, each condition is therefore a variable (ok0, ok1, …),
// the variable failing lists the rules whose conditions fail, in order, and the message of a
// validation of the first failing rule ends with the code and title of every other failing rule, so
// that one answer names every rule the object breaks.
func (p Policy) object(opts Options) *admissionv1.ValidatingAdmissionPolicy {
	cluster := opts.Cluster
	listAll := p.Denies(opts) && len(p.Rules) > 1
	variables := p.variables()
	var vs []admissionv1.Validation
	var titles, failing []string
	n := 0
	for k, c := range p.Rules {
		r := c.Rule.Rule().In(opts.Lang)
		head := Label(r) + ": " + r.Title + " — "
		titles = append(titles, Label(r)+": "+r.Title)
		var oks []string
		for _, v := range c.Validations {
			expr := ratchet(v.Expression)
			if listAll {
				name := "ok" + Itoa(n)
				variables = append(variables, admissionv1.Variable{Name: name, Expression: expr})
				expr = "variables." + name
				oks = append(oks, expr)
			}
			n++
			val := admissionv1.Validation{Expression: expr, Message: head + r.Fix}
			if v.Detail != "" {
				val.MessageExpression = Lit(head) + " + " + v.Detail + " + " + Lit(sentenceEnd(opts.Lang)+r.Fix)
			}
			if listAll {
				if val.MessageExpression == "" {
					val.MessageExpression = Lit(head + r.Fix)
				}
				val.MessageExpression += " + " + alsoBroken(k, opts.Lang)
			}
			vs = append(vs, val)
		}
		if listAll {
			failing = append(failing, "("+strings.Join(oks, " && ")+" ? [] : ["+Itoa(k)+"])")
		}
	}
	if listAll {
		variables = append(variables,
			admissionv1.Variable{Name: "failing", Expression: strings.Join(failing, " + ")},
			admissionv1.Variable{Name: "titles", Expression: List(titles...)})
	}
	group, resource := "", "services"
	if p.Kind == rules.Ingress {
		group, resource = "networking.k8s.io", "ingresses"
	}
	return &admissionv1.ValidatingAdmissionPolicy{
		TypeMeta:   metav1.TypeMeta{APIVersion: admissionv1.SchemeGroupVersion.String(), Kind: "ValidatingAdmissionPolicy"},
		ObjectMeta: metav1.ObjectMeta{Name: p.Name, Labels: labels(p)},
		Spec: admissionv1.ValidatingAdmissionPolicySpec{
			FailurePolicy: &ignore,
			MatchConstraints: &admissionv1.MatchResources{
				MatchPolicy: &equivalent,
				ResourceRules: []admissionv1.NamedRuleWithOperations{{RuleWithOperations: admissionv1.RuleWithOperations{
					Operations: []admissionv1.OperationType{admissionv1.Create, admissionv1.Update},
					Rule:       admissionv1.Rule{APIGroups: []string{group}, APIVersions: []string{"v1"}, Resources: []string{resource}},
				}}},
			},
			MatchConditions: p.matchConditions(cluster),
			Variables:       variables,
			Validations:     vs,
		},
	}
}

func (p Policy) binding(opts Options) *admissionv1.ValidatingAdmissionPolicyBinding {
	b := &admissionv1.ValidatingAdmissionPolicyBinding{
		TypeMeta:   metav1.TypeMeta{APIVersion: admissionv1.SchemeGroupVersion.String(), Kind: "ValidatingAdmissionPolicyBinding"},
		ObjectMeta: metav1.ObjectMeta{Name: p.Name, Labels: labels(p)},
		Spec: admissionv1.ValidatingAdmissionPolicyBindingSpec{
			PolicyName:        p.Name,
			ValidationActions: slices.Clone(opts.Actions),
		},
	}
	if p.WarnOnly {
		b.Spec.ValidationActions = []admissionv1.ValidationAction{admissionv1.Warn}
		if slices.Contains(opts.Actions, admissionv1.Audit) {
			b.Spec.ValidationActions = append(b.Spec.ValidationActions, admissionv1.Audit)
		}
	}
	if opts.NamespaceSelector != nil {
		b.Spec.MatchResources = &admissionv1.MatchResources{NamespaceSelector: opts.NamespaceSelector.DeepCopy()}
	}
	return b
}

// alsoBroken is the CEL end of the messages of rule k's validations: when k is the first failing
// rule of the policy, the code and title of every other failing rule; otherwise nothing.
func alsoBroken(k int, lang words.Lang) string {
	also, sep, end := " Also broken: ", "; ", "."
	if lang == words.Chinese {
		also, sep, end = " 同时违反：", "；", "。"
	}
	return "(variables.failing[0] == " + Itoa(k) + " && size(variables.failing) > 1 ? " +
		Lit(also) + " + variables.failing.filter(j, j != " + Itoa(k) + ").map(j, variables.titles[j]).join(" + Lit(sep) + ") + " + Lit(end) + " : \"\")"
}

// sentenceEnd closes a sentence of a validation message before the fix that follows it.
func sentenceEnd(lang words.Lang) string {
	if lang == words.Chinese {
		return "。"
	}
	return ". "
}

func labels(p Policy) map[string]string {
	return map[string]string{"app.kubernetes.io/managed-by": "kubectl-lbdoctor", "lbdoctor.io/provider": string(p.Provider)}
}

// Label is how a message names a rule: its documented code, else its id.
func Label(r rules.Rule) string {
	if r.Code != "" {
		return r.Code
	}
	return r.ID.String()
}

// variables are the object's annotations and lists the validations read, and the same of the old
// object of an UPDATE (empty on CREATE).
func (p Policy) variables() []admissionv1.Variable {
	vs := []admissionv1.Variable{{Name: "anns", Expression: "object.metadata.?annotations.orValue({})"}}
	if p.Kind == rules.Ingress {
		vs = append(vs,
			admissionv1.Variable{Name: "rules", Expression: "object.spec.?rules.orValue([])"},
			admissionv1.Variable{Name: "tls", Expression: "object.spec.?tls.orValue([])"})
	} else {
		vs = append(vs, admissionv1.Variable{Name: "ports", Expression: "object.spec.?ports.orValue([])"})
	}
	for _, v := range slices.Clone(vs) {
		vs = append(vs, admissionv1.Variable{Name: oldName(v.Name),
			Expression: "oldObject == null ? " + map[bool]string{true: "{}", false: "[]"}[v.Name == "anns"] + " : " + strings.Replace(v.Expression, "object.", "oldObject.", 1)})
	}
	return vs
}

func oldName(v string) string { return "old" + strings.ToUpper(v[:1]) + v[1:] }

var (
	objectRef   = regexp.MustCompile(`\bobject\.`)
	variableRef = regexp.MustCompile(`\bvariables\.(anns|rules|tls|ports)\b`)
)

// ratchet makes a validation judge an UPDATE only by what it changes: the new object passes when it
// is free of the problem or the old object already had it. A write that does not touch the problem
// (a controller removing a finalizer, a label edit) is never refused because of a problem that was
// there before the policies; the CLI still reports it.
func ratchet(expr string) string {
	old := objectRef.ReplaceAllString(expr, "oldObject.")
	old = variableRef.ReplaceAllStringFunc(old, func(m string) string { return "variables." + oldName(strings.TrimPrefix(m, "variables.")) })
	return "(" + expr + ") || (request.operation == \"UPDATE\" && !(" + old + "))"
}

// matchConditions scope a policy to the objects the CLI would diagnose with its rules: the owning
// controller (the provider's Ingress class, a LoadBalancer Service) and the provider signals of the
// object itself, weighed as provider detection does (an ingress class first, then the count of each
// cloud's annotations; a tie goes to the cluster's cloud when it is known).
func (p Policy) matchConditions(cluster rules.Provider) []admissionv1.MatchCondition {
	anns := "object.metadata.?annotations.orValue({})"
	count := func(prefixes []string) string {
		return "size(" + anns + ".filter(k, " + List(prefixes...) + ".exists(p, k.startsWith(p))))"
	}
	mine := count(p.set.Annotations)
	cmp := " > "
	if cluster == p.Provider {
		cmp = " >= "
	}
	var beats []string
	for _, o := range p.others {
		beats = append(beats, mine+cmp+count(o.Annotations))
	}
	signals := strings.Join(beats, " && ")
	if signals == "" {
		signals = mine + " > 0"
	}
	var out []admissionv1.MatchCondition
	switch p.Kind {
	case rules.Ingress:
		class := anns + "[?" + Lit(annotations.IngressClass) + "]"
		isOwn := func(v string) string {
			if len(p.set.IngressClasses) == 1 {
				return v + " == " + Lit(p.set.IngressClasses[0])
			}
			return v + " in " + List(p.set.IngressClasses...)
		}
		own := ""
		if len(p.set.IngressClasses) > 0 {
			own = p.set.IngressClasses[0]
		}
		out = append(out, admissionv1.MatchCondition{Name: "clb-ingress-class",
			Expression: class + ".hasValue() ? " + isOwn(class+".value()") + " : " + isOwn("object.spec.?ingressClassName.orValue("+Lit(own)+")")})
		signals = isOwn("object.spec.?ingressClassName.orValue(\"\")") + " || " + isOwn(class+".orValue(\"\")") + " || " + signals
	case rules.Service:
		lb := "object.spec.?type.orValue(\"\") == \"LoadBalancer\""
		switch {
		case p.NotLB:
			out = append(out, admissionv1.MatchCondition{Name: "not-load-balancer", Expression: "!(" + lb + ")"})
		case p.set.LBServices != "":
			out = append(out, admissionv1.MatchCondition{Name: "load-balancer", Expression: lb + " && " + p.set.LBServices})
		default:
			out = append(out, admissionv1.MatchCondition{Name: "load-balancer", Expression: lb})
		}
	}
	return append(out, admissionv1.MatchCondition{Name: string(p.Provider) + "-object", Expression: signals})
}
