package providers_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// TestParse: every --provider value parses in any case, in the registry's order then generic; an
// unknown name is an error naming the values.
func TestParse(t *testing.T) {
	names := providers.Names()
	if len(names) != len(providers.All())+1 || names[len(names)-1] != rules.Generic {
		t.Errorf("Names() = %v, want the registry's providers then generic", names)
	}
	for i, p := range providers.All() {
		if names[i] != p.Name {
			t.Errorf("Names()[%d] = %s, want %s", i, names[i], p.Name)
		}
	}
	for _, p := range names {
		if got, err := providers.Parse(strings.ToUpper(string(p))); err != nil || got != p {
			t.Errorf("Parse(%q) = %v, %v", p, got, err)
		}
	}
	if _, err := providers.Parse("gke"); err == nil || !strings.Contains(err.Error(), providers.NameList()) {
		t.Errorf("Parse(gke) = %v, want an error naming %s", err, providers.NameList())
	}
	if got := strings.Split(providers.CloudNames(), "|"); !slices.Equal(got, providers.NameStrings()[:len(names)-1]) {
		t.Errorf("CloudNames() = %v, want %v", got, providers.NameStrings()[:len(names)-1])
	}
}
