package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// TestRuleDetailsLink checks that explain prints a rule's vendor link exactly when the rule has one.
func TestRuleDetailsLink(t *testing.T) {
	for _, r := range rules.All() {
		for _, lang := range []words.Lang{words.English, words.Chinese} {
			t.Run(r.ID.String()+"/"+string(lang), func(t *testing.T) {
				var b bytes.Buffer
				WriteRuleDetails(&b, []rules.Rule{r.In(lang)}, lang, nil)
				u := r.Link(lang)
				has := strings.Contains(b.String(), say(lang, phLink))
				if has != (u != "") || (u != "" && !strings.Contains(b.String(), u)) {
					t.Errorf("link %q, printed label %v", u, has)
				}
			})
		}
	}
}
