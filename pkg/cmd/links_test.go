package cmd

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// TestVendorLinks: explain (text and json) and --fix-hints show the rule's vendor page in the
// language asked for.
func TestVendorLinks(t *testing.T) {
	e4009 := tkerules.IngressE4009.Rule()
	ack := ackrules.ServiceBackendQuota.Rule()
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"explain tke en", []string{"explain", "E4009", "--kind", "ingress", "--lang", "en"}, e4009.Link(words.English)},
		{"explain tke zh", []string{"explain", "E4009", "--kind", "ingress", "--lang", "zh"}, e4009.Link(words.Chinese)},
		{"explain ack en", []string{"explain", ack.ID.String(), "--lang", "en"}, ack.Link(words.English)},
		{"explain ack zh", []string{"explain", ack.ID.String(), "--lang", "zh"}, ack.Link(words.Chinese)},
		{"fix-hints en", []string{"-f", broken, "ingress/shop-web", "-n", "shop", "--fix-hints", "--color", "never", "--lang", "en"}, e4009.Link(words.English)},
		{"fix-hints zh", []string{"-f", broken, "ingress/shop-web", "-n", "shop", "--fix-hints", "--color", "never", "--lang", "zh"}, e4009.Link(words.Chinese)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.want == "" {
				t.Fatal("the rule has no vendor page")
			}
			out, errOut, _ := run(t, tt.args...)
			if !strings.Contains(out, tt.want) {
				t.Errorf("output lacks %s (stderr %q)", tt.want, errOut)
			}
		})
	}
	if en, zh := ack.Link(words.English), ack.Link(words.Chinese); en == zh {
		t.Errorf("%s: one page %s for both languages", ack.ID, en)
	}
	out, _, code := run(t, "explain", ack.ID.String(), "-o", "json")
	var got []report.RuleView
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != ExitOK || len(got) != 1 {
		t.Fatalf("explain -o json: %v exit %d", err, code)
	}
	if got[0].Links[words.English] != ack.Link(words.English) || got[0].Links[words.Chinese] != ack.Link(words.Chinese) {
		t.Errorf("links %v", got[0].Links)
	}
}
