package ackchecks

import "testing"

// TestNearestReadKeepsToTheProduct: a misspelt key is compared only with the keys CCM reads on the
// Service's product, so a CLB Service is never pointed at an NLB-only key and the reverse.
func TestNearestReadKeepsToTheProduct(t *testing.T) {
	for _, tc := range []struct {
		name, typo string
		nlb        bool
		want       string // "" when no key is close enough
	}{
		{"clb: NLB-only security-group-ids is not offered", "security-group-id", false, ""},
		{"nlb: security-group-ids is offered", "security-group-id", true, "security-group-ids"},
		{"clb: NLB-only zone-maps is not offered", "zone-map", false, ""},
		{"nlb: zone-maps is offered", "zone-map", true, "zone-maps"},
		{"clb: sticky-session is offered", "sticky-sesion", false, "sticky-session"},
		{"nlb: CLB-only sticky-session is not offered", "sticky-sesion", true, ""},
		{"both: a shared key is offered on clb", "health-check-flg", false, "health-check-flag"},
		{"both: a shared key is offered on nlb", "health-check-flg", true, "health-check-flag"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := nearestRead(tc.typo, tc.nlb)
			if !ok {
				got = ""
			}
			if got != tc.want {
				t.Errorf("nearestRead(%q, nlb=%v) = %q, want %q", tc.typo, tc.nlb, got, tc.want)
			}
			if ok {
				_, clbRead := clbAnnotations[got]
				_, nlbRead := nlbAnnotations[got]
				if tc.nlb && !nlbRead || !tc.nlb && !clbRead {
					t.Errorf("%q is not read on this product", got)
				}
			}
		})
	}
}
