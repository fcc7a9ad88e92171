package main

import (
	"os"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// TestDocsFresh fails when docs/rules.md or the README's list of checked codes is stale.
func TestDocsFresh(t *testing.T) {
	rulesMD, err := os.ReadFile("../../docs/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(rulesMD) != rulesDoc() {
		t.Errorf("docs/rules.md is stale: run make docs")
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	want, err := replaceRegion(string(readme), checkedCodes())
	if err != nil {
		t.Fatal(err)
	}
	if string(readme) != want {
		t.Errorf("README.md's list of checked codes is stale: run make docs")
	}
}

func TestReplaceRegion(t *testing.T) {
	doc := "intro\n" + beginMark + "\nold\n" + endMark + "\nrest\n"
	got, err := replaceRegion(doc, "- new\n")
	if err != nil || got != "intro\n"+beginMark+"\n- new\n"+endMark+"\nrest\n" {
		t.Errorf("replaceRegion = %q, %v", got, err)
	}
	if _, err := replaceRegion("no markers", "x"); err == nil || !strings.Contains(err.Error(), "BEGIN") {
		t.Errorf("missing markers: %v", err)
	}
}

// TestCheckedCodesCoverEveryCodedRule: every documented code of the catalog appears in the README list.
func TestCheckedCodesCoverEveryCodedRule(t *testing.T) {
	list := checkedCodes()
	for _, r := range rules.All() {
		if !strings.Contains(list, name(r)) {
			t.Errorf("%s (%s) is missing from the README list", r.ID, name(r))
		}
	}
}
