// Package checkstest builds what the tests of checks need: snapshots of objects, the objects
// themselves, and a diagnosis that fails the test when the runner's invariants do not hold. Only tests
// import it.
package checkstest

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/intstr"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/annotations"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// NS is the namespace of the objects the builders make.
const NS = "default"

// Fixture builds a complete snapshot (every list known) from objects.
func Fixture(t testing.TB, objs ...runtime.Object) *snapshot.Snapshot {
	t.Helper()
	s := snapshot.New("test")
	for _, o := range objs {
		if err := s.Add(o); err != nil {
			t.Fatal(err)
		}
	}
	s.MarkComplete()
	return s
}

// Diagnose runs the suite's checks on the target of kind and name in NS; Run itself fails when a
// check emits a rule it does not declare, the test when a skip has no valid class or when the checks
// reported one problem twice.
func Diagnose(t testing.TB, su *checks.Suite, s *snapshot.Snapshot, kind snapshot.Kind, name string, p rules.Provider) checks.Result {
	t.Helper()
	res, err := su.Run(s, snapshot.Target{Kind: kind, Namespace: NS, Name: name}, p)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	AssertClasses(t, res)
	AssertOnce(t, res)
	return res
}

// AssertClasses fails the test when a skip of the result has no valid class.
func AssertClasses(t testing.TB, res checks.Result) {
	t.Helper()
	for _, s := range append(append([]checks.Skip(nil), res.Skipped...), res.Partial...) {
		if !s.Class.Valid() {
			t.Errorf("skip of %s has class %q, none of %v: %s", s.Check, s.Class, snapshot.ReasonClasses(), s.Reason)
		}
	}
}

// AssertOnce fails the test when the result holds two findings of one rule at one path, or when a
// check emitted such a pair and relied on the runner to merge them.
func AssertOnce(t testing.TB, res checks.Result) {
	t.Helper()
	if n := res.MergedChecks(); n > 0 {
		t.Errorf("%s: the checks emitted %d finding(s) of a rule at a path they had already reported: %+v", res.Target, n, res.Findings)
	}
	seen := map[string]bool{}
	for _, f := range res.Findings {
		k := f.Rule.String() + " at " + f.Path
		if seen[k] {
			t.Errorf("%s: two findings of %s", res.Target, k)
		}
		seen[k] = true
	}
}

// ByRule indexes the findings (not their consequences): rule -> paths.
func ByRule(res checks.Result) map[rules.ID][]string {
	m := map[rules.ID][]string{}
	for _, f := range res.Findings {
		m[f.Rule] = append(m[f.Rule], f.Path)
	}
	return m
}

// Reported indexes everything the result reports, findings and their consequences: rule -> paths.
func Reported(res checks.Result) map[rules.ID][]string {
	m := ByRule(res)
	for _, f := range res.Findings {
		for _, c := range f.Consequences {
			m[c.Rule] = append(m[c.Rule], c.Path)
		}
	}
	return m
}

// ConsequencesOf lists the rules folded under the findings of rule id.
func ConsequencesOf(res checks.Result, id rules.ID) []rules.ID {
	var out []rules.ID
	for _, f := range res.Findings {
		if f.Rule == id {
			for _, c := range f.Consequences {
				out = append(out, c.Rule)
			}
		}
	}
	return out
}

// Meta is the metadata of an object of NS.
func Meta(name string, ann map[string]string) metav1.ObjectMeta {
	return metav1.ObjectMeta{Name: name, Namespace: NS, Annotations: ann, UID: types.UID("uid-" + name)}
}

// Ingress is an Ingress "bar" routing shop.example.com/ to web:80, of class qcloud (TKE's CLB
// controller), changed by mods.
func Ingress(mods ...func(*networkingv1.Ingress)) *networkingv1.Ingress {
	pt := networkingv1.PathTypePrefix
	ing := &networkingv1.Ingress{
		TypeMeta:   metav1.TypeMeta{APIVersion: "networking.k8s.io/v1", Kind: "Ingress"},
		ObjectMeta: Meta("bar", map[string]string{annotations.IngressClass: "qcloud"}),
		Spec: networkingv1.IngressSpec{Rules: []networkingv1.IngressRule{{
			Host: "shop.example.com",
			IngressRuleValue: networkingv1.IngressRuleValue{HTTP: &networkingv1.HTTPIngressRuleValue{Paths: []networkingv1.HTTPIngressPath{{
				Path: "/", PathType: &pt,
				Backend: networkingv1.IngressBackend{Service: &networkingv1.IngressServiceBackend{Name: "web", Port: networkingv1.ServiceBackendPort{Number: 80}}},
			}}}},
		}}},
	}
	for _, m := range mods {
		m(ing)
	}
	return ing
}

// IngAnn sets an annotation of the Ingress.
func IngAnn(k, v string) func(*networkingv1.Ingress) {
	return func(i *networkingv1.Ingress) { i.Annotations[k] = v }
}

// IngTLS adds a TLS entry.
func IngTLS(secret string, hosts ...string) func(*networkingv1.Ingress) {
	return func(i *networkingv1.Ingress) {
		i.Spec.TLS = append(i.Spec.TLS, networkingv1.IngressTLS{SecretName: secret, Hosts: hosts})
	}
}

// IngHost sets the host of the first rule.
func IngHost(h string) func(*networkingv1.Ingress) {
	return func(i *networkingv1.Ingress) { i.Spec.Rules[0].Host = h }
}

// IngPath sets the path of the first rule's first path.
func IngPath(p string) func(*networkingv1.Ingress) {
	return func(i *networkingv1.Ingress) { i.Spec.Rules[0].HTTP.Paths[0].Path = p }
}

// IngBackend sets the backend of the first rule's first path.
func IngBackend(svc string, port int32) func(*networkingv1.Ingress) {
	return func(i *networkingv1.Ingress) {
		i.Spec.Rules[0].HTTP.Paths[0].Backend.Service = &networkingv1.IngressServiceBackend{Name: svc, Port: networkingv1.ServiceBackendPort{Number: port}}
	}
}

// Service is a Service selecting app=<name> with port 80 -> 8080, changed by mods.
func Service(name string, typ corev1.ServiceType, mods ...func(*corev1.Service)) *corev1.Service {
	s := &corev1.Service{
		TypeMeta:   metav1.TypeMeta{APIVersion: "v1", Kind: "Service"},
		ObjectMeta: Meta(name, map[string]string{}),
		Spec: corev1.ServiceSpec{Type: typ, Selector: map[string]string{"app": name},
			Ports: []corev1.ServicePort{{Name: "http", Port: 80, TargetPort: intstr.FromInt32(8080), Protocol: corev1.ProtocolTCP}}},
	}
	for _, m := range mods {
		m(s)
	}
	return s
}

// SvcAnn sets an annotation of the Service.
func SvcAnn(k, v string) func(*corev1.Service) {
	return func(s *corev1.Service) { s.Annotations[k] = v }
}

// CertSecret is a Secret of NS holding data.
func CertSecret(name string, data map[string]string) *corev1.Secret {
	s := &corev1.Secret{TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "Secret"}, ObjectMeta: Meta(name, nil), Data: map[string][]byte{}}
	for k, v := range data {
		s.Data[k] = []byte(v)
	}
	return s
}
