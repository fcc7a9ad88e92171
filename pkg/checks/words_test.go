package checks

import (
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// TestFindingsWorded runs every emission fixture and checks every finding a check reports (not an
// event's, whose message is the controller's): it carries Words, whose English is the message, with
// no Han character and no bad verb, and whose Chinese holds Han characters and no bad verb. Every
// check that reports a finding in some fixture is covered.
func TestFindingsWorded(t *testing.T) {
	seen := map[string]int{}
	for _, r := range rules.All() {
		e, ok := emissions[r.ID]
		if !ok {
			continue // TestEveryRuleEmitted fails
		}
		t.Run(r.ID.String(), func(t *testing.T) {
			res := diagnose(t, emissionSnapshot(t, e), e.target.kind, e.target.name, e.provider)
			var fs []Finding
			for _, f := range res.Findings {
				fs = append(append(fs, f), f.Consequences...)
			}
			for _, f := range fs {
				if f.Source == SourceEvent {
					continue
				}
				seen[f.Check]++
				assertWorded(t, f)
			}
		})
	}
	for _, ch := range DefaultSuite().Checks() {
		if ch.Name != "events" && seen[ch.Name] == 0 {
			t.Errorf("no fixture makes check %s report a finding", ch.Name)
		}
	}
}

// assertWorded fails t unless f's message is worded in both languages: Words set, its English the
// message, with no Han character and no bad verb, its Chinese with Han characters and no bad verb.
// It returns the Chinese, "" when f has no Words.
func assertWorded(t *testing.T, f Finding) string {
	t.Helper()
	if f.Words.IsZero() {
		t.Errorf("%s at %s (check %s): no Words; message %q", f.Rule, f.Path, f.Check, f.Message)
		return ""
	}
	en, zh := f.Words.In(words.English), f.Words.In(words.Chinese)
	if en != f.Message {
		t.Errorf("%s at %s: English words %q differ from the message %q", f.Rule, f.Path, en, f.Message)
	}
	if words.HasHan(en) || strings.Contains(en, "%!") {
		t.Errorf("%s at %s: English %q has Han characters or a bad verb", f.Rule, f.Path, en)
	}
	if !words.HasHan(zh) || strings.Contains(zh, "%!") {
		t.Errorf("%s at %s: Chinese %q has no Han characters or a bad verb", f.Rule, f.Path, zh)
	}
	return zh
}
