package checks_test

import (
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/events"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// TestEveryRuleReachable: each catalog rule is emitted by some check or proven by some event.
func TestEveryRuleReachable(t *testing.T) {
	emitted := map[rules.ID]bool{}
	for _, c := range DefaultSuite().Checks() {
		for _, id := range c.Emits {
			if _, ok := rules.Get(id); !ok {
				t.Errorf("check %s declares unknown rule %s", c.Name, id)
			}
			r, _ := rules.Get(id)
			if r.Kind != c.Kind && !r.FromCloud() {
				t.Errorf("check %s (kind %s) declares %s of kind %s", c.Name, c.Kind, id, r.Kind)
			}
			emitted[id] = true
		}
	}
	for _, r := range rules.All() {
		if !emitted[r.ID] && !events.Reachable(DefaultSuite().EventCodes(), r) {
			t.Errorf("%s is reachable by no check and no event pattern", r.ID)
		}
	}
}

// TestCheckNamesAndOrder: names are unique per kind and the list is stable.
func TestCheckNamesAndOrder(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range DefaultSuite().Checks() {
		k := string(c.Kind) + "/" + c.Name
		if seen[k] {
			t.Errorf("duplicate check %s", k)
		}
		seen[k] = true
		if c.Run == nil || len(c.Emits) == 0 {
			t.Errorf("check %s has no Run or declares no rule", k)
		}
	}
}
