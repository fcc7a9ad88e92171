package checks

import (
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func TestDetectProvider(t *testing.T) {
	ccm := func(image string) *appsv1.Deployment {
		return &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: "cloud-controller-manager", Namespace: "kube-system"},
			Spec: appsv1.DeploymentSpec{Template: corev1.PodTemplateSpec{Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "ccm", Image: image}}}}}}
	}
	node := func(id string) *corev1.Node {
		return &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "n1"}, Spec: corev1.NodeSpec{ProviderID: id}}
	}
	tests := []struct {
		name string
		objs []runtime.Object
		want rules.Provider
	}{
		{"TKE annotation", []runtime.Object{service("web", corev1.ServiceTypeLoadBalancer, svcAnn(annSvcExistedLB, "lb-12345678"))}, rules.TKE},
		{"ACK annotation", []runtime.Object{service("web", corev1.ServiceTypeLoadBalancer, svcAnn(ackPrefix+"scheduler", "wrr"))}, rules.ACK},
		{"qcloud node", []runtime.Object{service("web", corev1.ServiceTypeLoadBalancer), node("qcloud://ap-guangzhou/ins-1")}, rules.TKE},
		{"alicloud node", []runtime.Object{service("web", corev1.ServiceTypeLoadBalancer), node("alicloud://cn-hangzhou.i-1")}, rules.ACK},
		{"tke-config", []runtime.Object{service("web", corev1.ServiceTypeLoadBalancer),
			&corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "tke-config", Namespace: "kube-system"}}}, rules.TKE},
		{"Alibaba CCM", []runtime.Object{service("web", corev1.ServiceTypeLoadBalancer),
			ccm("registry.cn-hangzhou.aliyuncs.com/acs/cloud-controller-manager-amd64:v1.9.3.276-g372aa98-aliyun")}, rules.ACK},
		{"another cloud's CCM", []runtime.Object{service("web", corev1.ServiceTypeLoadBalancer),
			ccm("registry.k8s.io/cloud-controller-manager:v1.30.0")}, rules.Generic},
		{"nothing tells", []runtime.Object{service("web", corev1.ServiceTypeLoadBalancer)}, rules.Generic},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := fixture(t, tt.objs...)
			if got := DetectProvider(s, snapshot.Target{Kind: snapshot.KindService, Namespace: ns, Name: "web"}); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
	ing := fixture(t, ingress())
	if got := DetectProvider(ing, snapshot.Target{Kind: snapshot.KindIngress, Namespace: ns, Name: "bar"}); got != rules.TKE {
		t.Errorf("qcloud ingress class: got %s", got)
	}
}
