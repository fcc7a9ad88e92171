package checks

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/intstr"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/annotations"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

const ns = "default"

// fixture builds a complete snapshot (every list known) from objects.
func fixture(t *testing.T, objs ...runtime.Object) *snapshot.Snapshot {
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

// diagnose runs every check on target; Run itself fails when a check emits a rule it does not declare,
// the test when a skip has no valid class or when the checks reported one problem twice.
func diagnose(t *testing.T, s *snapshot.Snapshot, kind snapshot.Kind, name string, p rules.Provider) Result {
	t.Helper()
	res, err := DefaultSuite().Run(s, snapshot.Target{Kind: kind, Namespace: ns, Name: name}, p)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	assertClasses(t, res)
	assertOnce(t, res)
	return res
}

// assertOnce fails the test when the result holds two findings of one rule at one path, or when a
// check emitted such a pair and relied on the runner to merge them.
func assertOnce(t *testing.T, res Result) {
	t.Helper()
	if res.merged > 0 {
		t.Errorf("%s: the checks emitted %d finding(s) of a rule at a path they had already reported: %+v", res.Target, res.merged, res.Findings)
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

// byRule indexes the findings (not their consequences): rule -> paths.
func byRule(res Result) map[rules.ID][]string {
	m := map[rules.ID][]string{}
	for _, f := range res.Findings {
		m[f.Rule] = append(m[f.Rule], f.Path)
	}
	return m
}

// reported indexes everything the result reports, findings and their consequences: rule -> paths.
func reported(res Result) map[rules.ID][]string {
	m := byRule(res)
	for _, f := range res.Findings {
		for _, c := range f.Consequences {
			m[c.Rule] = append(m[c.Rule], c.Path)
		}
	}
	return m
}

// consequencesOf lists the rules folded under the findings of rule id.
func consequencesOf(res Result, id rules.ID) []rules.ID {
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

func meta(name string, ann map[string]string) metav1.ObjectMeta {
	return metav1.ObjectMeta{Name: name, Namespace: ns, Annotations: ann, UID: types.UID("uid-" + name)}
}

// ingress is a valid TKE CLB Ingress routing shop.example.com/ to web:80.
func ingress(mods ...func(*networkingv1.Ingress)) *networkingv1.Ingress {
	pt := networkingv1.PathTypePrefix
	ing := &networkingv1.Ingress{
		TypeMeta:   metav1.TypeMeta{APIVersion: "networking.k8s.io/v1", Kind: "Ingress"},
		ObjectMeta: meta("bar", map[string]string{annotations.IngressClass: "qcloud"}),
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

func ingAnn(k, v string) func(*networkingv1.Ingress) {
	return func(i *networkingv1.Ingress) { i.Annotations[k] = v }
}

func ingTLS(secret string, hosts ...string) func(*networkingv1.Ingress) {
	return func(i *networkingv1.Ingress) {
		i.Spec.TLS = append(i.Spec.TLS, networkingv1.IngressTLS{SecretName: secret, Hosts: hosts})
	}
}

func ingHost(h string) func(*networkingv1.Ingress) {
	return func(i *networkingv1.Ingress) { i.Spec.Rules[0].Host = h }
}

func ingPath(p string) func(*networkingv1.Ingress) {
	return func(i *networkingv1.Ingress) { i.Spec.Rules[0].HTTP.Paths[0].Path = p }
}

func ingBackend(svc string, port int32) func(*networkingv1.Ingress) {
	return func(i *networkingv1.Ingress) {
		i.Spec.Rules[0].HTTP.Paths[0].Backend.Service = &networkingv1.IngressServiceBackend{Name: svc, Port: networkingv1.ServiceBackendPort{Number: port}}
	}
}

// service builds a Service selecting app=<name> with port 80 -> 8080.
func service(name string, typ corev1.ServiceType, mods ...func(*corev1.Service)) *corev1.Service {
	s := &corev1.Service{
		TypeMeta:   metav1.TypeMeta{APIVersion: "v1", Kind: "Service"},
		ObjectMeta: meta(name, map[string]string{}),
		Spec: corev1.ServiceSpec{Type: typ, Selector: map[string]string{"app": name},
			Ports: []corev1.ServicePort{{Name: "http", Port: 80, TargetPort: intstr.FromInt32(8080), Protocol: corev1.ProtocolTCP}}},
	}
	for _, m := range mods {
		m(s)
	}
	return s
}

func svcAnn(k, v string) func(*corev1.Service) {
	return func(s *corev1.Service) { s.Annotations[k] = v }
}

func certSecret(name string, data map[string]string) *corev1.Secret {
	s := &corev1.Secret{TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "Secret"}, ObjectMeta: meta(name, nil), Data: map[string][]byte{}}
	for k, v := range data {
		s.Data[k] = []byte(v)
	}
	return s
}

func tkeServiceConfig(name string, spec map[string]any) *unstructured.Unstructured {
	u := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "cloud.tencent.com/v1alpha1", "kind": "TkeServiceConfig",
		"metadata": map[string]any{"name": name, "namespace": ns},
		"spec":     spec,
	}}
	return u
}
