package snapshot_test

import (
	"maps"
	"strings"
	"testing"
	"unsafe"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestReduceInternsKeys: Reduce keeps a Service's labels and annotations as they were, with the
// namespace and the label and annotation keys two objects repeat held once, and their values as
// decoded.
func TestReduceInternsKeys(t *testing.T) {
	const addrType = "service.beta.kubernetes.io/alibaba-cloud-loadbalancer-address-type"
	// fresh is a copy of its own, as a decoder makes each string.
	fresh := func(s string) string { return strings.Clone(s) }
	svc := func(name string) *corev1.Service {
		return &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: fresh("shop"),
			Labels:        map[string]string{fresh("app"): fresh("web")},
			Annotations:   map[string]string{fresh(addrType): fresh("intranet")},
			ManagedFields: []metav1.ManagedFieldsEntry{{Manager: "kubectl"}}}}
	}
	a := snapshot.Reduce(svc("a")).(*corev1.Service)
	b := snapshot.Reduce(svc("b")).(*corev1.Service)
	want := svc("a")
	if !maps.Equal(a.Labels, want.Labels) || !maps.Equal(a.Annotations, want.Annotations) || a.Namespace != "shop" {
		t.Fatalf("namespace %q, labels %v, annotations %v changed", a.Namespace, a.Labels, a.Annotations)
	}
	if a.ManagedFields != nil {
		t.Error("managed fields kept")
	}
	// keyOf is the key string m holds for key (the map's own copy, not the argument).
	keyOf := func(m map[string]string, key string) string {
		for k := range m {
			if k == key {
				return k
			}
		}
		return ""
	}
	once := func(x, y string) bool { return unsafe.StringData(x) == unsafe.StringData(y) }
	tests := []struct {
		name string
		x, y string
		once bool
	}{
		{"namespace", a.Namespace, b.Namespace, true},
		{"label key", keyOf(a.Labels, "app"), keyOf(b.Labels, "app"), true},
		{"annotation key", keyOf(a.Annotations, addrType), keyOf(b.Annotations, addrType), true},
		{"label value", a.Labels["app"], b.Labels["app"], false},
		{"annotation value", a.Annotations[addrType], b.Annotations[addrType], false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := once(tt.x, tt.y); got != tt.once {
				t.Errorf("held once: %v, want %v", got, tt.once)
			}
		})
	}
}
