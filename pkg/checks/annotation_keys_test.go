package checks_test

import (
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/annotations"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
)

// TestAnnotationKeysTiedToChecks: every key definition (docs/annotation-domains.md is generated from
// them) is complete and defined once; each provider's checks package ties its definitions to its
// value checks (TestAnnotationKeysTiedToChecks there).
func TestAnnotationKeysTiedToChecks(t *testing.T) {
	t.Run("definitions", func(t *testing.T) {
		for _, set := range []annotations.Set{tkeann.Keys, ackann.Keys} {
			seen := map[string]bool{}
			for _, k := range set {
				if seen[k.Name] || k.Kinds == 0 || k.Source == "" || strings.TrimSpace(k.Name) != k.Name {
					t.Errorf("bad or repeated definition %+v", k)
				}
				seen[k.Name] = true
			}
		}
	})
}
