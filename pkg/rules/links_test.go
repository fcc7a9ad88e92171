package rules_test

import (
	"os"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

func TestSourcesData(t *testing.T) {
	ids := map[string]bool{}
	for _, s := range rules.Sources {
		t.Run(s.ID, func(t *testing.T) {
			if ids[s.ID] {
				t.Errorf("source id %s listed twice", s.ID)
			}
			ids[s.ID] = true
			if (len(s.Pages) == 0) == (s.NoPage == "") {
				t.Errorf("Pages %v and NoPage %q: exactly one must be set", s.Pages, s.NoPage)
			}
			if len(s.Match) == 0 && !s.Generic {
				t.Error("no Match text")
			}
			if s.Generic && (len(s.Match) > 0 || s.Kind == "") {
				t.Errorf("generic source with Match %q and kind %q: it serves one kind and matches no Doc", s.Match, s.Kind)
			}
			for lang, u := range s.Pages {
				if lang != words.English && lang != words.Chinese || !strings.HasPrefix(u, "https://") {
					t.Errorf("page %s: %q", lang, u)
				}
			}
		})
	}
	if last := rules.Sources[len(rules.Sources)-1]; len(last.Match) != 1 || last.Match[0] != "" {
		t.Errorf("last source %s must match every Doc", last.ID)
	}
}

// TestSourcesMatchRules fails on a Match text that no rule's Doc contains (a misspelt literal, or a
// document no rule cites any more), and on a source no rule links to (shadowed by an earlier one);
// the TKE catch-all may go unused.
func TestSourcesMatchRules(t *testing.T) {
	used := map[string]bool{}
	for _, r := range rules.All() {
		used[r.Source().ID] = true
	}
	for _, s := range rules.Sources[:len(rules.Sources)-1] {
		t.Run(s.ID, func(t *testing.T) {
			if !used[s.ID] && s.ID != rules.SourceTKEOther {
				t.Errorf("no rule links to source %s", s.ID)
			}
			for _, m := range s.Match {
				found := false
				for _, r := range rules.All() {
					found = found || strings.Contains(r.Doc, m)
				}
				if !found {
					t.Errorf("Match %q is in no rule's Doc", m)
				}
			}
		})
	}
}

func TestRuleLink(t *testing.T) {
	for _, r := range rules.All() {
		t.Run(r.ID.String(), func(t *testing.T) {
			s := r.Source()
			for _, lang := range []words.Lang{words.English, words.Chinese} {
				got := r.Link(lang)
				if (got == "") != (s.NoPage != "") {
					t.Errorf("Link(%s) = %q with source %s (NoPage %q)", lang, got, s.ID, s.NoPage)
				}
				if u, ok := s.Pages[lang]; ok && got != u {
					t.Errorf("Link(%s) = %q, the source's page in that language is %q", lang, got, u)
				}
			}
		})
	}
}

// TestSeedDocumentRulesLinked checks that every rule whose Doc names one of the vendor seed
// documents (000–004) is tied to a named source rather than a catch-all, and has a page in both
// languages (a page in one language serves the other) or a reason why it has none.
func TestSeedDocumentRulesLinked(t *testing.T) {
	seeds := map[string]bool{}
	for _, s := range rules.Sources {
		if s.Seed != "" {
			seeds[s.Seed] = true
		}
	}
	for _, n := range []string{"000", "001", "002", "003", "004"} {
		if !seeds[n] {
			t.Errorf("no source is seed document %s", n)
		}
	}
	for _, r := range rules.All() {
		var seed string
		for _, s := range rules.Sources {
			for _, m := range s.Match {
				if s.Seed != "" && strings.Contains(r.Doc, m) {
					seed = s.Seed
				}
			}
		}
		if seed == "" {
			continue
		}
		t.Run(r.ID.String(), func(t *testing.T) {
			s := r.Source()
			if s.ID == rules.SourceTKEOther || s.ID == rules.SourceNone {
				t.Errorf("Doc names seed document %s but the rule falls to the catch-all source %s", seed, s.ID)
			}
			if s.NoPage == "" && (r.Link(words.English) == "" || r.Link(words.Chinese) == "") {
				t.Errorf("source %s: links en %q zh %q and no NoPage reason", s.ID, r.Link(words.English), r.Link(words.Chinese))
			}
		})
	}
}

// TestLinksListed checks every source page, and so every rule's URL, against docs/sources.md: a URL
// may be linked only once it is recorded there with where it was seen.
func TestLinksListed(t *testing.T) {
	b, err := os.ReadFile("../../docs/sources.md")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]string{} // URL → source id of a row
	rows := map[string]bool{}     // "source id URL" of each row
	for _, line := range strings.Split(string(b), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) > 5 && strings.HasPrefix(strings.TrimSpace(cells[3]), "https://") {
			listed[strings.TrimSpace(cells[3])] = strings.TrimSpace(cells[1])
			rows[strings.TrimSpace(cells[1])+" "+strings.TrimSpace(cells[3])] = true
		}
	}
	for _, s := range rules.Sources {
		for lang, u := range s.Pages {
			if !rows[s.ID+" "+u] {
				t.Errorf("source %s: %s page %s is not listed in docs/sources.md under that source", s.ID, lang, u)
			}
		}
	}
	for _, r := range rules.All() {
		for _, lang := range []words.Lang{words.English, words.Chinese} {
			if u := r.Link(lang); u != "" && listed[u] == "" {
				t.Errorf("rule %s: URL %s is not listed in docs/sources.md", r.ID, u)
			}
		}
	}
}

// TestEveryRuleLinkedOrExplained checks that every rule links a page in both languages, or that its
// source is listed under "Sources without a page" in docs/sources.md with what search found; that a
// provider-neutral rule links the Kubernetes page of its kind, never one cloud's page; and that a
// rule of a cloud links that cloud's page (or Kubernetes'), never the other cloud's.
func TestEveryRuleLinkedOrExplained(t *testing.T) {
	b, err := os.ReadFile("../../docs/sources.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	_, noPage, ok := strings.Cut(doc, "## Sources without a page")
	if !ok {
		t.Fatal("docs/sources.md has no section \"Sources without a page\"")
	}
	noPage, _, _ = strings.Cut(noPage, "\n## ")
	hosts := map[rules.Provider][]string{
		rules.TKE:     {"tencent.com/", "tencentcloud.com/"},
		rules.ACK:     {"aliyun.com/", "alibabacloud.com/"},
		rules.Generic: {"kubernetes.io/"},
	}
	for _, r := range rules.All() {
		t.Run(r.ID.String(), func(t *testing.T) {
			s := r.Source()
			for _, lang := range []words.Lang{words.English, words.Chinese} {
				u := r.Link(lang)
				if u == "" {
					if !strings.Contains(noPage, "**"+s.ID+"**") {
						t.Errorf("no %s link and source %s is not under \"Sources without a page\" in docs/sources.md", lang, s.ID)
					}
					continue
				}
				own := false
				for _, h := range hosts[r.Provider] {
					own = own || strings.Contains(u, h)
				}
				if !own {
					t.Errorf("%s link %s is not a %s page", lang, u, r.Provider)
				}
			}
		})
	}
}
