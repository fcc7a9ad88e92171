package policy_test

import (
	"context"
	"fmt"
	"testing"

	admissionv1 "k8s.io/api/admissionregistration/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/version"
	"k8s.io/apiserver/pkg/admission"
	plugincel "k8s.io/apiserver/pkg/admission/plugin/cel"
	"k8s.io/apiserver/pkg/admission/plugin/policy/validating"
	"k8s.io/apiserver/pkg/admission/plugin/webhook/matchconditions"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/authentication/user"
	"k8s.io/apiserver/pkg/cel/environment"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/policy"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// compiled is a generated policy compiled the way the API server's ValidatingAdmissionPolicy plugin
// compiles it (k8s.io/apiserver's compilePolicy), with the rule of each validation.
type compiled struct {
	policy    *admissionv1.ValidatingAdmissionPolicy
	validator validating.Validator
	rules     []rules.ID
}

// compile builds a validator for p in the CEL environment of the given Kubernetes version and mode:
// NewExpressions is what the API server allows when a policy is created, StoredExpressions what it
// evaluates.
func compile(p *admissionv1.ValidatingAdmissionPolicy, v *version.Version, mode environment.Type) (validating.Validator, error) {
	opt := plugincel.OptionalVariableDeclarations{HasAuthorizer: true}
	msgOpt := plugincel.OptionalVariableDeclarations{}
	fc, err := plugincel.NewCompositedCompiler(environment.MustBaseEnvSet(v))
	if err != nil {
		return nil, err
	}
	for i := range p.Spec.Variables {
		if r := fc.CompileAndStoreVariable(&validating.Variable{Name: p.Spec.Variables[i].Name, Expression: p.Spec.Variables[i].Expression}, opt, mode); r.Error != nil {
			return nil, fmt.Errorf("variable %s: %v", p.Spec.Variables[i].Name, r.Error)
		}
	}
	var conds, msgs []plugincel.ExpressionAccessor
	for _, val := range p.Spec.Validations {
		conds = append(conds, &validating.ValidationCondition{Expression: val.Expression, Message: val.Message})
		if val.MessageExpression != "" {
			msgs = append(msgs, &validating.MessageExpressionCondition{MessageExpression: val.MessageExpression})
		} else {
			msgs = append(msgs, nil)
		}
	}
	// Compile each expression alone first, so that an error names it.
	plain, err := plugincel.NewCompositedCompiler(environment.MustBaseEnvSet(v))
	if err != nil {
		return nil, err
	}
	for i := range p.Spec.Variables {
		plain.CompileAndStoreVariable(&validating.Variable{Name: p.Spec.Variables[i].Name, Expression: p.Spec.Variables[i].Expression}, opt, mode)
	}
	for i, c := range conds {
		if r := plain.CompileCELExpression(c, opt, mode); r.Error != nil {
			return nil, fmt.Errorf("validation %d: %v", i, r.Error)
		}
		if msgs[i] != nil {
			if r := plain.CompileCELExpression(msgs[i], msgOpt, mode); r.Error != nil {
				return nil, fmt.Errorf("messageExpression %d: %v", i, r.Error)
			}
		}
	}
	var mcs []plugincel.ExpressionAccessor
	for i := range p.Spec.MatchConditions {
		mc := matchconditions.MatchCondition(p.Spec.MatchConditions[i])
		if r := plain.CompileCELExpression(&mc, opt, mode); r.Error != nil {
			return nil, fmt.Errorf("matchCondition %s: %v", mc.Name, r.Error)
		}
		mcs = append(mcs, &mc)
	}
	matcher := matchconditions.NewMatcher(fc.CompileCondition(mcs, opt, mode), p.Spec.FailurePolicy, "policy", "validate", p.Name)
	return validating.NewValidator(fc.CompileCondition(conds, opt, mode), matcher,
		fc.CompileCondition(nil, opt, mode), fc.CompileCondition(msgs, msgOpt, mode), p.Spec.FailurePolicy, nil), nil
}

// apiServerVersion is the Kubernetes version of the project's k8s.io modules and e2e API server;
// oldestVersion is the first with admissionregistration.k8s.io/v1 ValidatingAdmissionPolicy.
var (
	apiServerVersion = version.MajorMinor(1, 37)
	oldestVersion    = version.MajorMinor(1, 30)
)

// compileAll compiles every generated policy for cluster (tke, ack or "" for --provider all).
func compileAll(t *testing.T, cluster rules.Provider) []compiled {
	t.Helper()
	objs, err := policy.DefaultCatalog().Generate(policy.Options{Providers: []rules.Provider{tkerules.Provider, ackrules.Provider}, Cluster: cluster, Actions: []admissionv1.ValidationAction{admissionv1.Deny}})
	if err != nil {
		t.Fatal(err)
	}
	var out []compiled
	for _, o := range objs {
		p, ok := o.(*admissionv1.ValidatingAdmissionPolicy)
		if !ok {
			continue
		}
		for _, v := range []*version.Version{oldestVersion, apiServerVersion} {
			if _, err := compile(p, v, environment.NewExpressions); err != nil {
				t.Fatalf("%s does not compile for a new policy on Kubernetes %s: %v", p.Name, v, err)
			}
		}
		val, err := compile(p, apiServerVersion, environment.StoredExpressions)
		if err != nil {
			t.Fatal(err)
		}
		c := compiled{policy: p, validator: val}
		for _, pol := range policy.DefaultCatalog().Policies() {
			if pol.Name == p.Name {
				for _, cov := range pol.Rules {
					for range cov.Validations {
						c.rules = append(c.rules, cov.Rule)
					}
				}
			}
		}
		if len(c.rules) != len(p.Spec.Validations) {
			t.Fatalf("%s: %d validations, %d rules", p.Name, len(p.Spec.Validations), len(c.rules))
		}
		out = append(out, c)
	}
	return out
}

// verdict is what the policies decide about one object: the rules whose validation failed, with
// their messages. An evaluation error is a test failure: in the cluster it would admit silently.
type verdict map[rules.ID][]string

func evaluate(t *testing.T, ps []compiled, obj runtime.Object) verdict {
	t.Helper()
	return evaluateOp(t, ps, nil, obj)
}

// evaluateOp evaluates a CREATE of obj, or an UPDATE from old when old is set.
func evaluateOp(t *testing.T, ps []compiled, old, obj runtime.Object) verdict {
	t.Helper()
	var gvk schema.GroupVersionKind
	var gvr schema.GroupVersionResource
	var ns, name string
	switch o := obj.(type) {
	case *corev1.Service:
		gvk, gvr = corev1.SchemeGroupVersion.WithKind("Service"), corev1.SchemeGroupVersion.WithResource("services")
		ns, name = o.Namespace, o.Name
	case *networkingv1.Ingress:
		gvk, gvr = networkingv1.SchemeGroupVersion.WithKind("Ingress"), networkingv1.SchemeGroupVersion.WithResource("ingresses")
		ns, name = o.Namespace, o.Name
	default:
		t.Fatalf("unsupported object %T", obj)
	}
	obj.GetObjectKind().SetGroupVersionKind(gvk)
	op := admission.Create
	if old != nil {
		op = admission.Update
		old.GetObjectKind().SetGroupVersionKind(gvk)
	}
	attr := admission.NewAttributesRecord(obj, old, gvk, ns, name, gvr, "", op, nil, false, &user.DefaultInfo{Name: "test"})
	va, err := admission.NewVersionedAttributes(attr, gvk, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := verdict{}
	for _, p := range ps {
		if !matchesResource(p.policy, gvr) {
			continue
		}
		res := p.validator.Validate(context.Background(), gvr, va, nil, nil, celconfig.RuntimeCELCostBudget, nil)
		if len(res.Decisions) > 0 && len(res.Decisions) != len(p.rules) {
			t.Fatalf("%s on %s/%s: %d decisions for %d validations: %+v", p.policy.Name, ns, name, len(res.Decisions), len(p.rules), res.Decisions)
		}
		for i, d := range res.Decisions {
			switch d.Evaluation {
			case validating.EvalError:
				t.Fatalf("%s on %s/%s: validation %d (%s) failed to evaluate: %s", p.policy.Name, ns, name, i, p.rules[i], d.Message)
			case validating.EvalDeny:
				out[p.rules[i]] = append(out[p.rules[i]], d.Message)
			}
		}
	}
	return out
}

func matchesResource(p *admissionv1.ValidatingAdmissionPolicy, gvr schema.GroupVersionResource) bool {
	for _, r := range p.Spec.MatchConstraints.ResourceRules {
		if len(r.APIGroups) == 1 && r.APIGroups[0] == gvr.Group && len(r.Resources) == 1 && r.Resources[0] == gvr.Resource {
			return true
		}
	}
	return false
}
