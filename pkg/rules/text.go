package rules

import (
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Text is what a rule tells the reader, in one language.
type Text struct {
	Title, Cause, Fix, Risk string
}

// Text returns the rule's texts in lang; English for any language without a translation of this rule.
func (r Rule) Text(lang words.Lang) Text {
	if lang == words.Chinese && r.Zh != (Text{}) {
		return r.Zh
	}
	return Text{Title: r.Title, Cause: r.Cause, Fix: r.Fix, Risk: r.Risk}
}

// In is r with its title, cause, fix and risk in lang; its id, code, severity and every other field
// unchanged.
func (r Rule) In(lang words.Lang) Rule {
	t := r.Text(lang)
	r.Title, r.Cause, r.Fix, r.Risk = t.Title, t.Cause, t.Fix, t.Risk
	return r
}

// AllIn are rs, each In(lang).
func AllIn(rs []Rule, lang words.Lang) []Rule {
	out := make([]Rule, len(rs))
	for i, r := range rs {
		out[i] = r.In(lang)
	}
	return out
}

// Search returns the rules (of provider p and kind k, when not empty) whose texts in lang contain
// every word of q (split at white space, any case): those whose title has them all when there are
// any, else those whose cause, fix or risk has them. An empty q finds nothing.
func Search(q string, lang words.Lang, p Provider, k Kind) []Rule {
	words := strings.Fields(strings.ToLower(q))
	if len(words) == 0 {
		return nil
	}
	has := func(s string) bool {
		s = strings.ToLower(s)
		for _, w := range words {
			if !strings.Contains(s, w) {
				return false
			}
		}
		return true
	}
	var inTitle, inBody []Rule
	for _, r := range All() {
		if (p != "" && r.Provider != p) || (k != "" && r.Kind != k) {
			continue
		}
		t := r.Text(lang)
		switch {
		case has(t.Title):
			inTitle = append(inTitle, r)
		case has(t.Cause + "\n" + t.Fix + "\n" + t.Risk):
			inBody = append(inBody, r)
		}
	}
	if len(inTitle) > 0 {
		return inTitle
	}
	return inBody
}
