package policy

import (
	"regexp"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackchecks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkechecks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// TestEveryRuleAccountedFor: every catalog rule is covered or left out with a reason, never silently.
func TestEveryRuleAccountedFor(t *testing.T) {
	for _, e := range DefaultCatalog().Entries() {
		if e.Status == "" {
			t.Errorf("%s: a check emits it, but it is neither covered nor given a reason", e.Rule)
		}
		if e.Status != StatusCovered && e.Reason.IsZero() {
			t.Errorf("%s: %s without a reason", e.Rule, e.Status)
		}
	}
}

// TestReasonTablesAreHonest: a rule is in at most one table, a covered rule has no reason entry, and a
// rule said to need other objects or to be single-object is really emitted by a check.
func TestReasonTablesAreHonest(t *testing.T) {
	emitted := map[rules.ID]bool{}
	for _, c := range checks.NewSuite(tkechecks.Cloud(), ackchecks.Cloud()).Checks() {
		for _, id := range c.Emits {
			emitted[id] = true
		}
	}
	covered := map[rules.ID]bool{}
	for _, p := range DefaultCatalog().Policies() {
		for _, c := range p.Rules {
			if covered[c.Rule] {
				t.Errorf("%s covered twice", c.Rule)
			}
			covered[c.Rule] = true
			if r := c.Rule.Rule(); r.Provider != p.Provider || r.Kind != p.Kind {
				t.Errorf("%s is in policy %s of another provider or kind", c.Rule, p.Name)
			}
			if !emitted[c.Rule] {
				t.Errorf("%s covered but no check emits it: nothing to mirror", c.Rule)
			}
		}
	}
	for id := range leftOut(DefaultCatalog()) {
		if covered[id] {
			t.Errorf("%s is covered and also given a reason", id)
		}
		if !emitted[id] {
			t.Errorf("%s has a reason table entry but no check emits it (it is event-only)", id)
		}
		if !id.Rule().ObjectAlone() {
			t.Errorf("%s is said to be decidable from the object alone, but its rule data names more: %+v", id, id.Rule().Decides)
		}
	}
}

// TestContextRulesNeverDeny: an error rule whose verdict other context decides is bound only to warn,
// whatever --action says, and its coverage entry says why.
func TestContextRulesNeverDeny(t *testing.T) {
	for _, p := range DefaultCatalog().Policies() {
		for _, c := range p.Rules {
			r := c.Rule.Rule()
			if !r.ObjectAlone() && !p.WarnOnly {
				t.Errorf("%s (decided also by %v) is in policy %s, which --action Deny binds", c.Rule, r.DecidedBy(), p.Name)
			}
		}
	}
	for _, e := range DefaultCatalog().Entries() {
		if r := e.Rule.Rule(); !r.ObjectAlone() && !strings.Contains(e.Reason.In(words.English), r.Decides[0].By.Words().In(words.English)) {
			t.Errorf("%s: coverage reason %q does not name what decides it", e.Rule, e.Reason)
		}
	}
}

// englishRun is three English words in a row: a sentence (or its remains) left untranslated, which
// names, annotation keys and field paths in a Chinese text never are.
var englishRun = regexp.MustCompile(`\b[A-Za-z]{2,} [a-z]{2,} [a-z]{2,}\b`)

// TestReasonsWorded: every coverage reason, and every phrase reasons are made of, is worded in both
// languages: the English without Han characters, the Chinese with them and without an English
// sentence left in it. A missing Chinese phrase fails here; nothing falls back to English.
func TestReasonsWorded(t *testing.T) {
	check := func(t *testing.T, w words.Worded) {
		t.Helper()
		en, zh := w.In(words.English), w.In(words.Chinese)
		switch {
		case en == "" || zh == "":
			t.Errorf("a language is empty: en %q, zh %q", en, zh)
		case words.HasHan(en):
			t.Errorf("English %q holds Han characters", en)
		case !words.HasHan(zh):
			t.Errorf("Chinese %q holds no Han characters", zh)
		case englishRun.MatchString(zh):
			t.Errorf("Chinese %q keeps English words %q", zh, englishRun.FindString(zh))
		}
	}
	phrases := map[string]words.Phrase{"WhyJSON": WhyJSON, "whyEventOnly": whyEventOnly, "whyUnread": whyUnread,
		"whyStatus": whyStatus, "warnOnly": warnOnly, "decidedAlso": decidedAlso, "summaryLine": summaryLine}
	for name, p := range phrases {
		t.Run(name, func(t *testing.T) { check(t, p) })
	}
	// The joins have no words of their own, but a format in each language.
	for name, p := range map[string]words.Phrase{"decisionOf": decisionOf, "reasonJoin": reasonJoin, "andJoin": andJoin} {
		if p.En == "" || p.Zh == "" || p.En == p.Zh {
			t.Errorf("%s: %+v is not written in both languages", name, p)
		}
	}
	for id, w := range leftOut(DefaultCatalog()) {
		t.Run("LeftOut/"+id.String(), func(t *testing.T) { check(t, w) })
	}
	for _, p := range DefaultCatalog().Policies() {
		for _, c := range p.Rules {
			if !c.Misses.IsZero() {
				t.Run("Misses/"+c.Rule.String(), func(t *testing.T) { check(t, c.Misses) })
			}
			if c.Partial() != (!c.Misses.IsZero() || len(c.Unread) > 0) {
				t.Errorf("%s: partial %v, but Misses %q", c.Rule, c.Partial(), c.Misses)
			}
		}
	}
	for _, e := range DefaultCatalog().Entries() {
		if !e.Reason.IsZero() {
			t.Run("Entries/"+e.Rule.String(), func(t *testing.T) { check(t, e.Reason) })
		}
	}
}

// leftOut joins the provider-neutral rules left out and the LeftOut of every Set of the catalog.
func leftOut(cat Catalog) map[rules.ID]words.Words {
	m := map[rules.ID]words.Words{}
	for id, w := range genericLeftOut {
		m[id] = w
	}
	for _, set := range cat.Sets {
		for id, w := range set.LeftOut {
			m[id] = w
		}
	}
	return m
}
