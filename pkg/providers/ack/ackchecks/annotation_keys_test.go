package ackchecks

import "github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"

import "maps"

import "slices"

import "testing"

// TestAnnotationKeysTiedToChecks ties the key definitions (docs/annotation-domains.md) to the checks:
// every ACK suffix the value checks know is defined and the reverse, and a
// defined domain has a check exactly when the definition says what is reported outside it.
func TestAnnotationKeysTiedToChecks(t *testing.T) {
	t.Run("ack suffixes", func(t *testing.T) {
		checked := slices.Sorted(maps.Keys(ackAnnotations))
		defined := slices.Sorted(slices.Values(ackann.Suffixes()))
		if !slices.Equal(checked, defined) {
			t.Errorf("ackAnnotations keys %v\ndiffer from ackann suffixes %v", checked, defined)
		}
		for _, s := range ackann.Suffixes() {
			k, _ := ackann.Keys.Get(ackann.Prefix + s)
			if (ackAnnotations[s] != nil || s == "protocol-port" || s == "forward-port" || s == "vgroup-port") != (k.Outside != "") {
				t.Errorf("%s: value check set %v, but the definition's outside is %q", s, ackAnnotations[s] != nil, k.Outside)
			}
		}
	})
}
