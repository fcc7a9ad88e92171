package policy_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	admissionv1 "k8s.io/api/admissionregistration/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/admission/plugin/policy/validating"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/authentication/user"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/policy"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/policy/policytest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// denial is what the API server answers when the Deny policies refuse obj (CREATE): the message of
// the first failing validation of the first policy whose binding denies, as the admission plugin's
// dispatcher returns it (it drops the other denials). ok is false when nothing denies.
func denial(t *testing.T, ps []compiled, obj runtime.Object) (msg string, ok bool) {
	t.Helper()
	warnOnly := map[string]bool{}
	for _, p := range policy.DefaultCatalog().Policies() {
		warnOnly[p.Name] = p.WarnOnly
	}
	var gvk schema.GroupVersionKind
	var gvr schema.GroupVersionResource
	m := obj.(metav1.Object)
	switch obj.(type) {
	case *corev1.Service:
		gvk, gvr = corev1.SchemeGroupVersion.WithKind("Service"), corev1.SchemeGroupVersion.WithResource("services")
	case *networkingv1.Ingress:
		gvk, gvr = networkingv1.SchemeGroupVersion.WithKind("Ingress"), networkingv1.SchemeGroupVersion.WithResource("ingresses")
	}
	obj.GetObjectKind().SetGroupVersionKind(gvk)
	attr := admission.NewAttributesRecord(obj, nil, gvk, m.GetNamespace(), m.GetName(), gvr, "", admission.Create, nil, false, &user.DefaultInfo{Name: "test"})
	va, err := admission.NewVersionedAttributes(attr, gvk, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if warnOnly[p.policy.Name] || !matchesResource(p.policy, gvr) {
			continue
		}
		res := p.validator.Validate(context.Background(), gvr, va, nil, nil, celconfig.RuntimeCELCostBudget, nil)
		for _, d := range res.Decisions {
			if d.Evaluation == validating.EvalDeny {
				return d.Message, true
			}
		}
	}
	return "", false
}

// brokenTwice are objects that break several error-severity rules of one policy at once.
func brokenTwice() []runtime.Object {
	ack := func(kv ...string) *corev1.Service {
		s := policytest.CleanService()
		s.Name = "broken-" + fmt.Sprint(len(kv))
		s.Annotations = map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			s.Annotations["service.beta.kubernetes.io/alibaba-cloud-loadbalancer-"+kv[i]] = kv[i+1]
		}
		return s
	}
	ing := policytest.CleanIngress()
	ing.Name = "broken-hosts"
	ing.Annotations = map[string]string{"kubernetes.io/ingress.class": "qcloud"}
	ing.Spec.Rules[0].Host = "UPPER.example.com"
	ing.Spec.Rules = append(ing.Spec.Rules, networkingv1.IngressRule{Host: "x.example.com"})
	ing.Annotations["kubernetes.io/ingress.internetMaxBandwidthOut"] = "9999999"
	return []runtime.Object{
		ack("address-type", "nowhere", "acl-status", "on"),
		ack("spec", "slb.s1.small", "instance-charge-type", "PayByCLCU", "vswitch-id", "vsw-bp1abcdefghijklmnopqr", "scheduler", "fastest"),
		ing,
	}
}

// TestDenialNamesEveryBrokenRule: under Deny the API server shows one message, the first failing
// validation's; that message names every error-severity rule the policies find on the object, on
// objects that break several at once, the corpus, the examples and the variants.
func TestDenialNamesEveryBrokenRule(t *testing.T) {
	objs := brokenTwice()
	for _, g := range []string{"../../test/corpus/*/*.yaml", "../../examples/*/*.yaml"} {
		files, err := filepath.Glob(g)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			got, err := policytest.Targets(f)
			if err != nil {
				t.Fatal(err)
			}
			objs = append(objs, got...)
		}
	}
	for i, v := range policytest.Variants() {
		if i%3 == 0 { // a third of the variants is enough: TestDifferentialVariants covers each value
			objs = append(objs, v)
		}
	}
	several := 0
	for _, cluster := range []rules.Provider{tkerules.Provider, ackrules.Provider} {
		ps := compileAll(t, cluster)
		for i, obj := range objs {
			var broken []rules.ID
			for id := range evaluate(t, ps, obj.DeepCopyObject()) {
				if r := id.Rule(); r.Severity == rules.Error && r.ObjectAlone() { // the rules Deny binds
					broken = append(broken, id)
				}
			}
			slices.SortFunc(broken, rules.Compare)
			msg, denied := denial(t, ps, obj.DeepCopyObject())
			if len(broken) > 0 != denied {
				t.Errorf("cluster %s, object %d (%s): error rules %v, denied %v", cluster, i, obj.(metav1.Object).GetName(), broken, denied)
				continue
			}
			if len(broken) > 1 {
				several++
			}
			for _, id := range broken {
				if !strings.Contains(msg, policy.Label(id.Rule())+": ") {
					t.Errorf("cluster %s, object %d (%s) breaks %v, but the denial names no %s: %s", cluster, i,
						obj.(metav1.Object).GetName(), broken, id, msg)
				}
			}
			if len(msg) > celconfig.MaxEvaluatedMessageExpressionSizeBytes {
				t.Errorf("denial of %d bytes: the API server would drop it for the static message", len(msg))
			}
		}
	}
	if several == 0 {
		t.Fatal("no object breaks two error rules at once: the test proves nothing")
	}
	t.Logf("%d denials name two or more rules", several)
}

// TestWarnListsNothingTwice: when the bindings only warn, every failing validation is its own warning,
// so no message lists the other rules again.
func TestWarnListsNothingTwice(t *testing.T) {
	objs, err := policy.DefaultCatalog().Generate(policy.Options{Providers: []rules.Provider{tkerules.Provider, ackrules.Provider}, Actions: []admissionv1.ValidationAction{admissionv1.Warn}})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range objs {
		p, ok := o.(*admissionv1.ValidatingAdmissionPolicy)
		if !ok {
			continue
		}
		for _, v := range p.Spec.Validations {
			if strings.Contains(v.MessageExpression, "variables.failing") {
				t.Errorf("%s: a warning message lists the other failing rules: %s", p.Name, v.MessageExpression)
			}
		}
	}
}
