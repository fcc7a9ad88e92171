package checks_test

import (
	"strings"
	"testing"

	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/annotations"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func ingressClass(name, controller string) *networkingv1.IngressClass {
	return &networkingv1.IngressClass{TypeMeta: metav1.TypeMeta{APIVersion: "networking.k8s.io/v1", Kind: "IngressClass"},
		ObjectMeta: metav1.ObjectMeta{Name: name}, Spec: networkingv1.IngressClassSpec{Controller: controller}}
}

// withClass is an Ingress naming class cls in spec.ingressClassName (nil: none), without the annotation.
func withClass(cls *string) *networkingv1.Ingress {
	return Ingress(func(i *networkingv1.Ingress) {
		delete(i.Annotations, annotations.IngressClass)
		i.Spec.IngressClassName = cls
	})
}

// TestIngressControllerNamed: an Ingress's class is named by its controller, covered or not yet,
// and only a class that selects an uncovered controller is a finding, at the field that says so.
func TestIngressControllerNamed(t *testing.T) {
	str := func(s string) *string { return &s }
	tests := []struct {
		name     string
		objs     []runtime.Object
		provider rules.Provider
		want     string // Name
		covered  bool
		path     string // the other-controller finding's path; "" for none
	}{
		{"qcloud annotation", []runtime.Object{Ingress()}, tkerules.Provider, "TKE CLB", true, ""},
		{"no class on TKE", []runtime.Object{withClass(nil)}, tkerules.Provider, "TKE CLB", true, ""},
		{"no class on ACK", []runtime.Object{withClass(nil)}, ackrules.Provider, "", false, ""},
		{"no class, no cloud", []runtime.Object{withClass(nil)}, rules.Generic, "", false, ""},
		{"qcloud class", []runtime.Object{withClass(str("qcloud"))}, tkerules.Provider, "TKE CLB", true, ""},
		{"IngressClass of the TKE controller", []runtime.Object{withClass(str("clb")), ingressClass("clb", "cloud.tencent.com/ingress-controller")},
			tkerules.Provider, "TKE CLB", true, ""},
		{"ACK ALB by IngressClass", []runtime.Object{withClass(str("alb-public")), ingressClass("alb-public", "ingress.k8s.alibabacloud/alb")},
			ackrules.Provider, "ALB", false, "spec.ingressClassName"},
		{"ACK ALB by class name alone", []runtime.Object{withClass(str("alb"))}, ackrules.Provider, "ALB", false, "spec.ingressClassName"},
		{"ACK MSE", []runtime.Object{withClass(str("mse")), ingressClass("mse", "mse.alibabacloud.com/ingress")}, ackrules.Provider, "MSE", false, "spec.ingressClassName"},
		{"ingress-nginx by IngressClass", []runtime.Object{withClass(str("nginx")), ingressClass("nginx", "k8s.io/ingress-nginx")},
			ackrules.Provider, "ingress-nginx", false, "spec.ingressClassName"},
		{"ingress-nginx second instance", []runtime.Object{withClass(str("internal")), ingressClass("internal", "k8s.io/ingress-nginx-internal")},
			tkerules.Provider, "ingress-nginx", false, "spec.ingressClassName"},
		{"nginx annotation", []runtime.Object{Ingress(IngAnn(annotations.IngressClass, "nginx"))}, tkerules.Provider, "NGINX", false, IngressClassAnnPath},
		{"AWS ALB is not ACK's", []runtime.Object{withClass(str("alb")), ingressClass("alb", "ingress.k8s.aws/alb")}, rules.Generic, "AWS ALB", false, "spec.ingressClassName"},
		{"HAProxy with a suffix", []runtime.Object{withClass(str("prod")), ingressClass("prod", "haproxy.org/ingress-controller/prod")},
			tkerules.Provider, "HAProxy", false, "spec.ingressClassName"},
		{"unknown class", []runtime.Object{withClass(str("custom"))}, tkerules.Provider, "", false, "spec.ingressClassName"},
		{"unknown controller", []runtime.Object{withClass(str("custom")), ingressClass("custom", "example.com/gateway")}, tkerules.Provider, "", false, "spec.ingressClassName"},
		{"empty annotation", []runtime.Object{Ingress(IngAnn(annotations.IngressClass, ""))}, tkerules.Provider, "", false, IngressClassAnnPath},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := diagnose(t, Fixture(t, tt.objs...), snapshot.KindIngress, "bar", tt.provider)
			ic := res.Controller
			if ic == nil {
				t.Fatal("no controller in the result")
			}
			if ic.Name != tt.want || ic.Covered != tt.covered {
				t.Errorf("controller %+v, want name %q covered %v", *ic, tt.want, tt.covered)
			}
			if s := ic.Summary(); tt.covered == strings.Contains(s, "not covered by this catalog yet") || strings.Contains(s, "not a cloud") {
				t.Errorf("summary %q (covered %v)", s, tt.covered)
			}
			paths := ByRule(res)[rules.GenericIngressOtherController]
			if tt.path == "" && len(paths) > 0 || tt.path != "" && (len(paths) != 1 || paths[0] != tt.path) {
				t.Errorf("other-controller at %v, want %q", paths, tt.path)
			}
		})
	}
}

// TestDefaultIngressClass: in a manifest file, a classless Ingress takes the one IngressClass marked
// default, as the API server writes it in on creation; live, or with no single default, it stays
// the classless Ingress TKE's controller takes.
func TestDefaultIngressClass(t *testing.T) {
	def := func(name, controller, mark string) *networkingv1.IngressClass {
		ic := ingressClass(name, controller)
		ic.Annotations = map[string]string{"ingressclass.kubernetes.io/is-default-class": mark}
		return ic
	}
	tests := []struct {
		name    string
		source  snapshot.Source
		classes []runtime.Object
		want    string
		covered bool
	}{
		{"offline, one default", snapshot.Offline, []runtime.Object{def("nginx", "k8s.io/ingress-nginx", "true"), ingressClass("qcloud", "")}, "ingress-nginx", false},
		{"offline, default is TKE's", snapshot.Offline, []runtime.Object{def("clb", "cloud.tencent.com/ingress-controller", "true")}, "TKE CLB", true},
		{"offline, two defaults", snapshot.Offline, []runtime.Object{def("nginx", "k8s.io/ingress-nginx", "true"), def("alb", "ingress.k8s.alibabacloud/alb", "true")}, "TKE CLB", true},
		{"offline, marked false", snapshot.Offline, []runtime.Object{def("nginx", "k8s.io/ingress-nginx", "false")}, "TKE CLB", true},
		{"live, one default", snapshot.Live, []runtime.Object{def("nginx", "k8s.io/ingress-nginx", "true")}, "TKE CLB", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			snap := Fixture(t, append([]runtime.Object{withClass(nil)}, tt.classes...)...)
			snap.Source = tt.source
			ic := diagnose(t, snap, snapshot.KindIngress, "bar", tkerules.Provider).Controller
			if ic == nil || ic.Name != tt.want || ic.Covered != tt.covered {
				t.Fatalf("controller %+v, want %q covered %v", ic, tt.want, tt.covered)
			}
		})
	}
}
