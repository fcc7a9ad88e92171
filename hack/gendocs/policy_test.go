package main

import (
	"os"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
)

// TestPolicyDocFresh fails when docs/policy.md is stale.
func TestPolicyDocFresh(t *testing.T) {
	b, err := os.ReadFile("../../docs/policy.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != policyDoc() {
		t.Errorf("docs/policy.md is stale: run make docs")
	}
}

// TestPolicyDocListsEveryRule: the coverage table has a row for every catalog rule, enforced ones
// with their policy.
func TestPolicyDocListsEveryRule(t *testing.T) {
	doc := policyDoc()
	for _, e := range providers.Catalog().Entries() {
		row := "| [`" + e.Rule.String() + "`]"
		i := strings.Index(doc, row)
		if i < 0 {
			t.Errorf("%s has no row", e.Rule)
			continue
		}
		line := doc[i : i+strings.Index(doc[i:], "\n")]
		if e.Policy != "" && !strings.Contains(line, e.Policy) {
			t.Errorf("%s row does not name %s: %s", e.Rule, e.Policy, line)
		}
	}
}
