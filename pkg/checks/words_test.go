package checks_test

import (
	"testing"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// TestFindingsWorded runs every emission fixture and checks every finding a check reports (not an
// event's, whose message is the controller's): it carries Words, whose English is the message, with
// no Han character and no bad verb, and whose Chinese holds Han characters and no bad verb. Every
// check that reports a finding in some fixture is covered.
func TestFindingsWorded(t *testing.T) {
	seen := map[string]int{}
	for _, r := range rules.All() {
		t.Run(r.ID.String(), func(t *testing.T) {
			e, ok := emissionOf(t, r)
			if !ok {
				t.Skip("no fixture: TestEveryRuleEmitted fails")
			}
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
				AssertWorded(t, f)
			}
		})
	}
	for _, ch := range DefaultSuite().Checks() {
		if ch.Name != "events" && seen[ch.Name] == 0 {
			t.Errorf("no fixture makes check %s report a finding", ch.Name)
		}
	}
}
