package tkechecks

import "github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"

import "testing"

// TestAnnotationKeysTiedToChecks ties the key definitions (docs/annotation-domains.md) to the checks:
// every TKE key a check judges is defined, with what is reported outside its
// domain.
func TestAnnotationKeysTiedToChecks(t *testing.T) {
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
}
