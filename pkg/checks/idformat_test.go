package checks_test

import (
	"regexp"
	"testing"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// TestIDFormatMasked: the ids of the vendors' samples, masked with asterisks, are of their format; a
// malformed id stays malformed, masked or not.
func TestIDFormatMasked(t *testing.T) {
	lb := IDFormat{What: words.Say("CLB instance id", "CLB 实例 ID"), RE: regexp.MustCompile(`^lb-[a-z0-9]{8,32}$`), Example: "lb-bp1o94dp5i6earr9g6d1l"}
	tests := []struct {
		name, id string
		ok       bool
	}{
		{"plain id", "lb-bp1o94dp5i6earr9g6d1l", true},
		{"masked tail", "lb-2zea9i1l5ufw7p****", true},
		{"masked short id", "lb-2zea****", true},
		{"too short even unmasked", "lb-2z**", false},
		{"mask alone", "********", false},
		{"asterisk inside", "lb-2ze*9i1l5ufw7p", false},
		{"wrong prefix, masked", "slb-2zea9i1l****", false},
		{"upper case, masked", "lb-2ZEA9I1L****", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := lb.Validate(tt.id); (err == nil) != tt.ok {
				t.Errorf("Validate(%q) = %v, want ok=%v", tt.id, err, tt.ok)
			}
		})
	}
}
