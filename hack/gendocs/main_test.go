package main

import (
	"os"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// TestDocsFresh fails when docs/rules.md, docs/rules.zh-CN.md, docs/glossary.md or the README's list
// of checked codes is stale.
func TestDocsFresh(t *testing.T) {
	zh, err := rulesDoc(words.Chinese)
	if err != nil {
		t.Fatal(err)
	}
	en, err := rulesDoc(words.English)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []struct{ file, want string }{
		{"../../docs/rules.md", en},
		{"../../docs/rules.zh-CN.md", zh},
		{"../../docs/glossary.md", glossaryDoc()},
	} {
		t.Run(d.file, func(t *testing.T) {
			got, err := os.ReadFile(d.file)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != d.want {
				t.Errorf("%s is stale: run make docs", d.file)
			}
		})
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

// TestRulesDocLanguages: each catalog holds every rule under its id, with the rule's title in the
// catalog's language and its vendor page in that language when it has one.
func TestRulesDocLanguages(t *testing.T) {
	for _, lang := range []words.Lang{words.English, words.Chinese} {
		t.Run(string(lang), func(t *testing.T) {
			doc, err := rulesDoc(lang)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rules.All() {
				if !strings.Contains(doc, "### "+r.ID.String()+"\n") {
					t.Errorf("%s has no section", r.ID)
				}
				if title := esc(r.Text(lang).Title); !strings.Contains(doc, "**"+title+"**") {
					t.Errorf("%s: title %q missing", r.ID, title)
				}
				if u := r.Link(lang); u != "" && !strings.Contains(doc, "<"+u+">") {
					t.Errorf("%s: vendor page %s missing", r.ID, u)
				}
			}
		})
	}
	if _, err := rulesDoc(words.Lang("fr")); err == nil {
		t.Error("rulesDoc(fr) gave no error")
	}
}

// TestDecisionWordedPerLanguage: each catalog words what decides a rule, and its verdict when that
// cannot be read, in the catalog's language; a decision without a wording is an error, never
// another language's text.
func TestDecisionWordedPerLanguage(t *testing.T) {
	for _, lang := range []words.Lang{words.English, words.Chinese} {
		t.Run(string(lang), func(t *testing.T) {
			doc, err := rulesDoc(lang)
			if err != nil {
				t.Fatal(err)
			}
			table := doc[strings.LastIndex(doc, "\n## "):]
			for _, r := range rules.All() {
				for _, d := range r.Decides {
					what := esc(d.What.In(lang))
					row := " | " + d.By.Words().In(lang) + " | " + what + " | " + d.IfUnknown.In(lang) + " |"
					if !strings.Contains(doc, "**"+what) && !strings.Contains(doc, "** "+what) {
						t.Errorf("%s: the section lacks the input %q", r.ID, what)
					}
					if strings.Contains(table, "[`"+r.ID.String()+"`]") && !strings.Contains(table, row) {
						t.Errorf("%s: the table lacks the row ending %q", r.ID, row)
					}
				}
			}
		})
	}
	l := catalogLabels[words.Chinese]
	for _, d := range []rules.Decision{
		{By: rules.ByOtherObjects, What: words.Phrase{En: "the nodes"}, IfUnknown: rules.UnknownSkips},
		{By: rules.ByOtherObjects, What: words.Phrase{En: "the nodes", Zh: "节点"}, IfUnknown: rules.Unknown("a new verdict")},
	} {
		if _, _, err := decision(l, words.Chinese, tkerules.IngressE4011, d); err == nil {
			t.Errorf("decision %+v without a Chinese wording gave no error", d)
		}
	}
}

// TestGlossaryDoc: docs/glossary.md has a row per term of rules.Glossary with its words.
func TestGlossaryDoc(t *testing.T) {
	doc := glossaryDoc()
	rows := strings.Split(doc, "\n")
	for _, g := range rules.Glossary {
		t.Run(g.English+"/"+g.Chinese, func(t *testing.T) {
			prefix := "| " + esc(g.English) + " | " + g.Chinese + " | "
			var row string
			for _, r := range rows {
				if strings.HasPrefix(r, prefix) {
					row = r
				}
			}
			if row == "" {
				t.Fatalf("no row starts with %q", prefix)
			}
			for _, a := range g.Avoid {
				if !strings.Contains(row, a) {
					t.Errorf("row lacks the variant %q", a)
				}
			}
			if g.Seed != "" && !strings.Contains(row, g.Seed) {
				t.Errorf("row lacks the seed %s", g.Seed)
			}
		})
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
