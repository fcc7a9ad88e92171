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

// TestReduceInternsMeta: Reduce keeps another kind's labels and annotations as they were, with the
// keys and short values two objects repeat held once, and a long value held as decoded.
func TestReduceInternsMeta(t *testing.T) {
	const addrType = "service.beta.kubernetes.io/alibaba-cloud-loadbalancer-address-type"
	long := strings.Repeat("x", 200)
	svc := func(name string) *corev1.Service {
		// Fresh strings for each object, as a decoder makes them.
		fresh := func(s string) string { return strings.Clone(s) }
		return &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "shop",
			Labels:        map[string]string{fresh("app"): fresh("web")},
			Annotations:   map[string]string{fresh(addrType): fresh("intranet"), fresh("note"): fresh(long)},
			ManagedFields: []metav1.ManagedFieldsEntry{{Manager: "kubectl"}}}}
	}
	a := snapshot.Reduce(svc("a")).(*corev1.Service)
	b := snapshot.Reduce(svc("b")).(*corev1.Service)
	want := svc("a")
	if !maps.Equal(a.Labels, want.Labels) || !maps.Equal(a.Annotations, want.Annotations) {
		t.Fatalf("labels %v, annotations %v changed", a.Labels, a.Annotations)
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
		{"label key", keyOf(a.Labels, "app"), keyOf(b.Labels, "app"), true},
		{"label value", a.Labels["app"], b.Labels["app"], true},
		{"annotation key", keyOf(a.Annotations, addrType), keyOf(b.Annotations, addrType), true},
		{"short annotation value", a.Annotations[addrType], b.Annotations[addrType], true},
		{"key of a long value", keyOf(a.Annotations, "note"), keyOf(b.Annotations, "note"), true},
		{"long annotation value", a.Annotations["note"], b.Annotations["note"], false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := once(tt.x, tt.y); got != tt.once {
				t.Errorf("held once: %v, want %v", got, tt.once)
			}
		})
	}
}
