package rules_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// quoted are the spans a Chinese Doc keeps as they are: controller messages in ASCII quotes, titles
// and headings in “” and 《》, and kubectl commands.
var quoted = regexp.MustCompile(`"[^"]*"|“[^”]*”|《[^》]*》|kubectl [^）]*`)

// docEnglishRun is three English words in a row outside the quoted spans: a sentence of the English
// Doc left untranslated. Names, files, flags and codes never are.
var docEnglishRun = regexp.MustCompile(`\b[A-Za-z]{2,} [A-Za-z]{2,} [A-Za-z]{2,}\b`)

// TestDocInChinese: every rule's Doc citation in Chinese holds Han characters, keeps every quoted
// controller message of the English verbatim, and leaves no English sentence outside quotes and
// titles; the English is the Doc itself. A Doc part without Chinese words fails here.
func TestDocInChinese(t *testing.T) {
	for _, r := range rules.All() {
		t.Run(r.ID.String(), func(t *testing.T) {
			if got := r.DocIn(words.English); got != r.Doc {
				t.Errorf("DocIn(English) = %q, want the Doc %q", got, r.Doc)
			}
			zh := r.DocIn(words.Chinese)
			if !words.HasHan(zh) {
				t.Errorf("Chinese Doc %q holds no Han characters", zh)
			}
			for _, q := range regexp.MustCompile(`"[^"]*"`).FindAllString(r.Doc, -1) {
				if !strings.Contains(zh, q) {
					t.Errorf("Chinese Doc %q lost the quote %s", zh, q)
				}
			}
			if bare := quoted.ReplaceAllString(zh, " "); docEnglishRun.MatchString(bare) {
				t.Errorf("Chinese Doc %q keeps English words %q", zh, docEnglishRun.FindString(bare))
			}
		})
	}
}

// TestDocWords: each part is English without Han (but for the vendor's own title Service Annotation
// 说明), its Chinese differs and holds Han where the English is prose, and some rule's Doc uses it.
func TestDocWords(t *testing.T) {
	seen := map[string]bool{}
	for _, w := range rules.DocWords {
		if seen[w.En] {
			t.Errorf("part %q listed twice", w.En)
		}
		seen[w.En] = true
		if w.En == "" || words.HasHan(strings.ReplaceAll(w.En, "说明", "")) || w.Zh == w.En {
			t.Errorf("part %q → %q: want an English part worded differently in Chinese", w.En, w.Zh)
		}
		heading := strings.Trim(w.Zh, " “”") == strings.TrimSpace(w.En) // an English heading, quoted
		if docEnglishRun.MatchString(quoted.ReplaceAllString(w.En, " ")) && !words.HasHan(w.Zh) && !heading {
			t.Errorf("part %q: Chinese %q holds no Han characters", w.En, w.Zh)
		}
		used := false
		for _, r := range rules.All() {
			used = used || strings.Contains(r.Doc, w.En)
		}
		if !used {
			t.Errorf("part %q: no rule's Doc uses it", w.En)
		}
	}
}
