package checks

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/annotations"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
)

// TestAnnotationKeysTiedToChecks ties the key definitions, which docs/annotation-domains.md is
// generated from, to the checks: every ACK suffix the value checks know is defined and the reverse,
// a defined domain has a check exactly when the definition says what is reported outside it, and
// every TKE key a check judges is defined, with what is reported outside its domain.
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
	t.Run("tke judged keys", func(t *testing.T) {
		var judged []string
		for _, f := range svcIDFormats {
			judged = append(judged, f.key)
		}
		for _, e := range svcEnumAnnotations {
			judged = append(judged, e.key)
		}
		judged = append(judged, svcBoolAnnotations...)
		judged = append(judged, tkeann.RuleMix, tkeann.IngDirectAccess, tkeann.IngServiceConfigAuto, tkeann.IngChargeType,
			tkeann.IngBandwidth, tkeann.HTTPRules, tkeann.HTTPSRules, tkeann.IngExtensive, tkeann.SvcExtensive)
		for _, key := range judged {
			k, ok := tkeann.Keys.Get(key)
			if !ok || k.Outside == "" {
				t.Errorf("%s is judged by a check but defined as %+v (defined %v)", key, k, ok)
			}
		}
	})
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
