package snapshot

import (
	"slices"
	"testing"
)

// TestHeldByNamespace: Held of a namespace is exactly its objects, in name order, also where another
// namespace's name extends it ("a", "a-b", "a.c", "ab") and after later additions.
func TestHeldByNamespace(t *testing.T) {
	s := newStore[string]("services")
	for _, k := range [][2]string{{"a", "y"}, {"a-b", "x"}, {"ab", "z"}, {"a", "b"}, {"a.c", "m"}, {"b", "a"}} {
		s.Add(k[0], k[1], k[0]+"/"+k[1])
	}
	tests := []struct {
		ns   string
		want []string
	}{
		{"a", []string{"a/b", "a/y"}},
		{"a-b", []string{"a-b/x"}},
		{"a.c", []string{"a.c/m"}},
		{"ab", []string{"ab/z"}},
		{"c", []string{}},
		{"", []string{"a-b/x", "a.c/m", "a/b", "a/y", "ab/z", "b/a"}},
	}
	for _, tt := range tests {
		t.Run("ns="+tt.ns, func(t *testing.T) {
			if got := s.Held(tt.ns); !slices.Equal(got, tt.want) {
				t.Errorf("Held(%q) = %v, want %v", tt.ns, got, tt.want)
			}
		})
	}
	s.Add("a", "c", "a/c")
	if got, want := s.Held("a"), []string{"a/b", "a/c", "a/y"}; !slices.Equal(got, want) {
		t.Errorf("after an addition Held(a) = %v, want %v", got, want)
	}
}
