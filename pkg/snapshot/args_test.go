package snapshot

import (
	"errors"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

func TestResolveWithMapper(t *testing.T) {
	answer := func(gvk schema.GroupVersionKind, err error) func(schema.GroupVersionResource) (schema.GroupVersionKind, error) {
		return func(schema.GroupVersionResource) (schema.GroupVersionKind, error) { return gvk, err }
	}
	tests := []struct {
		name        string
		kindFor     func(schema.GroupVersionResource) (schema.GroupVersionKind, error)
		want        Kind
		unsupported bool // the error is an UnsupportedError
	}{
		{"a Service alias", answer(schema.GroupVersionKind{Version: "v1", Kind: "Service"}, nil), KindService, false},
		{"an Ingress alias", answer(schema.GroupVersionKind{Group: "networking.k8s.io", Version: "v1", Kind: "Ingress"}, nil), KindIngress, false},
		{"another kind", answer(schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "Deployment"}, nil), "", false},
		{"no such resource", answer(schema.GroupVersionKind{}, &meta.NoResourceMatchError{PartialResource: schema.GroupVersionResource{Resource: "x"}}), "", false},
		{"discovery failed", answer(schema.GroupVersionKind{}, errors.New("refused")), "", true},
		{"no answer in time", func(schema.GroupVersionResource) (schema.GroupVersionKind, error) {
			time.Sleep(time.Second)
			return schema.GroupVersionKind{Kind: "Service"}, nil
		}, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ResolveWithMapper(tt.kindFor, "thing", 50*time.Millisecond)
			if got != tt.want || (tt.want == "") != (err != nil) {
				t.Fatalf("ResolveWithMapper = %q, %v; want %q", got, err, tt.want)
			}
			if errors.As(err, new(UnsupportedError)) != tt.unsupported {
				t.Errorf("error %v: unsupported %v, want %v", err, !tt.unsupported, tt.unsupported)
			}
		})
	}
}
