package snapshot

import (
	"errors"
	"fmt"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// TestIsForbiddenIsTyped: the scope fallback keys on the API server's 403, not on the word
// "forbidden" in a message.
func TestIsForbiddenIsTyped(t *testing.T) {
	svc := schema.GroupResource{Resource: "services"}
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"403", apierrors.NewForbidden(svc, "", errors.New("no")), true},
		{"401", apierrors.NewUnauthorized("bad token"), false},
		{"404 list", apierrors.NewNotFound(svc, ""), false},
		{"message says forbidden", errors.New("upstream: forbidden by policy"), false},
		{"500 says forbidden", apierrors.NewInternalError(errors.New("forbidden")), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fetcher{snap: New(Live)}
			st := newStore[string]("services")
			st.MarkGap("", f.classify(tt.err, "list", "services", "", ""))
			_, err := st.List("")
			if !IsUnknown(err) {
				t.Fatalf("List: %v, want an UnknownError", err)
			}
			if got := IsForbidden(fmt.Errorf("reading: %w", err)); got != tt.want {
				t.Errorf("IsForbidden(%v) = %v, want %v", err, got, tt.want)
			}
		})
	}
}
