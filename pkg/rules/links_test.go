package rules

import (
	"os"
	"strings"
	"testing"
)

func TestSourcesData(t *testing.T) {
	for _, s := range Sources {
		t.Run(s.ID, func(t *testing.T) {
			if (len(s.Pages) == 0) == (s.NoPage == "") {
				t.Errorf("source %s: Pages %v and NoPage %q: exactly one must be set", s.ID, s.Pages, s.NoPage)
			}
		})
	}
	if last := Sources[len(Sources)-1]; last.Match != "" {
		t.Errorf("last source %s must match every Doc", last.ID)
	}
}

func TestRuleLink(t *testing.T) {
	for _, r := range All() {
		t.Run(r.ID.String(), func(t *testing.T) {
			s := r.Source()
			for _, lang := range []Lang{English, Chinese} {
				if got := r.Link(lang); (got == "") != (s.NoPage != "") {
					t.Errorf("Link(%s) = %q with source %s (NoPage %q)", lang, got, s.ID, s.NoPage)
				}
			}
		})
	}
}

func TestLinksListed(t *testing.T) {
	b, err := os.ReadFile("../../docs/sources.md")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, line := range strings.Split(string(b), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) > 4 {
			listed[strings.TrimSpace(cells[3])] = true
		}
	}
	for _, r := range All() {
		for _, lang := range []Lang{English, Chinese} {
			if u := r.Link(lang); u != "" && !listed[u] {
				t.Errorf("rule %s: URL %s is not listed in docs/sources.md", r.ID, u)
			}
		}
	}
}
