package snapshot

import (
	"context"
	"errors"
	"slices"
	"testing"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/kubernetes/fake"
	k8stesting "k8s.io/client-go/testing"
)

func TestNames(t *testing.T) {
	meta := func(ns, name string) metav1.ObjectMeta { return metav1.ObjectMeta{Namespace: ns, Name: name} }
	c := Clients{Kube: fake.NewClientset(
		&corev1.Namespace{ObjectMeta: meta("", "shop")}, &corev1.Namespace{ObjectMeta: meta("", "infra")},
		&corev1.Service{ObjectMeta: meta("shop", "web")}, &corev1.Service{ObjectMeta: meta("infra", "dns")},
		&networkingv1.Ingress{ObjectMeta: meta("shop", "mall")})}
	tests := []struct {
		name string
		kind Kind
		ns   string
		want []string
	}{
		{"services of a namespace", KindService, "shop", []string{"web"}},
		{"ingresses of a namespace", KindIngress, "shop", []string{"mall"}},
		{"services of every namespace", KindService, "", []string{"dns", "web"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Names(context.Background(), c, tt.kind, tt.ns)
			slices.Sort(got)
			if err != nil || !slices.Equal(got, tt.want) {
				t.Errorf("Names = %v, %v; want %v", got, err, tt.want)
			}
		})
	}
	if _, err := Names(context.Background(), c, Kind("Pod"), "shop"); err == nil {
		t.Error("Names of pods: no error")
	}
	got, err := NamespaceNames(context.Background(), c)
	slices.Sort(got)
	if err != nil || !slices.Equal(got, []string{"infra", "shop"}) {
		t.Errorf("NamespaceNames = %v, %v", got, err)
	}
}

func TestNamesListFails(t *testing.T) {
	fc := fake.NewClientset()
	fc.PrependReactor("list", "*", func(k8stesting.Action) (bool, runtime.Object, error) { return true, nil, errors.New("boom") })
	c := Clients{Kube: fc}
	for _, kind := range []Kind{KindService, KindIngress} {
		if _, err := Names(context.Background(), c, kind, "shop"); err == nil {
			t.Errorf("Names of %s: no error from a failed list", kind)
		}
	}
	if _, err := NamespaceNames(context.Background(), c); err == nil {
		t.Error("NamespaceNames: no error from a failed list")
	}
}
