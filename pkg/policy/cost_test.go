package policy_test

import (
	"fmt"
	"testing"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/policy"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// TestCostBudget: on objects far larger than usual (hundreds of rules, paths, TLS entries, ports and
// annotations), every expression evaluates within the API server's runtime cost budget. An
// expression over budget would be an evaluation error, which failurePolicy Ignore turns into a
// silent admission.
func TestCostBudget(t *testing.T) {
	pt := networkingv1.PathTypePrefix
	ing := &networkingv1.Ingress{ObjectMeta: metav1.ObjectMeta{Name: "big", Namespace: "default",
		Annotations: map[string]string{"kubernetes.io/ingress.class": "qcloud", "kubernetes.io/ingress.rule-mix": "false"}}}
	for i := range 200 {
		r := networkingv1.IngressRule{Host: fmt.Sprintf("h%d.example.com", i), IngressRuleValue: networkingv1.IngressRuleValue{HTTP: &networkingv1.HTTPIngressRuleValue{}}}
		for j := range 10 {
			r.HTTP.Paths = append(r.HTTP.Paths, networkingv1.HTTPIngressPath{Path: fmt.Sprintf("/p%d", j), PathType: &pt,
				Backend: networkingv1.IngressBackend{Service: &networkingv1.IngressServiceBackend{Name: "web", Port: networkingv1.ServiceBackendPort{Number: 80}}}})
		}
		ing.Spec.Rules = append(ing.Spec.Rules, r)
	}
	for i := range 100 {
		tls := networkingv1.IngressTLS{SecretName: fmt.Sprintf("s%d", i)}
		for j := range 2 {
			tls.Hosts = append(tls.Hosts, fmt.Sprintf("h%d.example.com", 2*i+j))
		}
		ing.Spec.TLS = append(ing.Spec.TLS, tls)
	}
	svc := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: "big", Namespace: "default", Annotations: map[string]string{}},
		Spec: corev1.ServiceSpec{Type: corev1.ServiceTypeLoadBalancer, ExternalTrafficPolicy: corev1.ServiceExternalTrafficPolicyLocal}}
	for _, s := range policy.ACKSamples() {
		svc.Annotations["service.beta.kubernetes.io/alibaba-cloud-loadbalancer-"+s.Suffix] = s.Values[len(s.Values)-1]
		svc.Annotations["service.beta.kubernetes.io/alicloud-loadbalancer-"+s.Suffix] = s.Values[0]
	}
	var pp string
	for i := range 100 {
		svc.Spec.Ports = append(svc.Spec.Ports, corev1.ServicePort{Name: fmt.Sprintf("p%d", i), Port: int32(1000 + i)})
		pp += fmt.Sprintf("tcp:%d,", 1000+i)
	}
	svc.Annotations["service.beta.kubernetes.io/alibaba-cloud-loadbalancer-protocol-port"] = pp + "https:443"
	for i := range 200 {
		svc.Annotations[fmt.Sprintf("example.com/key-%d", i)] = "v"
	}
	for _, cluster := range []rules.Provider{tkerules.Provider, ackrules.Provider} {
		ps := compileAll(t, cluster)
		for _, obj := range []any{ing, svc} {
			switch o := obj.(type) {
			case *networkingv1.Ingress:
				t.Logf("cluster %s, Ingress with %d rules and %d TLS entries: %d rules fail", cluster, len(o.Spec.Rules), len(o.Spec.TLS), len(evaluate(t, ps, o.DeepCopy())))
			case *corev1.Service:
				t.Logf("cluster %s, Service with %d annotations and %d ports: %d rules fail", cluster, len(o.Annotations), len(o.Spec.Ports), len(evaluate(t, ps, o.DeepCopy())))
			}
		}
	}
}
