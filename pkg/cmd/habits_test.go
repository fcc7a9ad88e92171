package cmd

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// TestNoProviderSurfaced: a LoadBalancer Service with no cloud signal says, in text (one object and
// the -A total) and in JSON, that the cloud could not be told and which --provider values run a
// cloud's checks; a forced provider does not.
func TestNoProviderSurfaced(t *testing.T) {
	file := filepath.Join("testdata", t.Name(), "plain.yaml")
	hint := "--provider " + report.CloudNames()
	for _, tt := range []struct {
		name string
		args []string
		want bool
	}{
		{"text", []string{"svc/plain"}, true},
		{"text zh", []string{"svc/plain", "--lang", "zh"}, true},
		{"-A", []string{"-A"}, true},
		{"-A wide", []string{"-A", "-o", "wide"}, true},
		{"forced provider", []string{"svc/plain", "--provider", "generic"}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, stderr, code := run(t, append([]string{"-f", file}, tt.args...)...)
			if code != ExitOK || strings.Contains(out, hint) != tt.want {
				t.Errorf("exit %d, hint shown %v (want %v): %s%s", code, !tt.want, tt.want, out, stderr)
			}
		})
	}
	t.Run("json", func(t *testing.T) {
		for _, provider := range []string{"auto", "tke"} {
			out, _, _ := run(t, "-f", file, "svc/plain", "-o", "json", "--provider", provider)
			var r report.Report
			if err := json.Unmarshal([]byte(out), &r); err != nil || r.Provider.Undetected != (provider == "auto") {
				t.Errorf("--provider %s: undetected %v, %v", provider, r.Provider.Undetected, err)
			}
		}
	})
}

// TestMachineOutputContract: JSON and YAML carry each finding's vendor link, and message stays English
// under --lang zh while localizedMessage carries the Chinese.
func TestMachineOutputContract(t *testing.T) {
	const file = "../../examples/ack-service/broken.yaml"
	for _, tt := range []struct{ name, output, lang string }{
		{"json en", "json", "en"}, {"json zh", "json", "zh"}, {"yaml zh", "yaml", "zh"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, stderr, _ := run(t, "-f", file, "-A", "-o", tt.output, "--lang", tt.lang)
			var list report.List
			var err error
			if tt.output == "json" {
				err = json.Unmarshal([]byte(out), &list)
			} else {
				err = yaml.Unmarshal([]byte(out), &list)
			}
			if err != nil || len(list.Items) == 0 {
				t.Fatalf("%v: %s%s", err, out, stderr)
			}
			localized := 0
			for _, r := range list.Items {
				for _, f := range r.Findings {
					if rule := f.Rule.Rule(); rule.Link(words.English) != "" && !strings.HasPrefix(f.Link, "https://") {
						t.Errorf("%s: link %q", f.Rule, f.Link)
					}
					if words.HasHan(f.Message) {
						t.Errorf("%s: message not English: %q", f.Rule, f.Message)
					}
					if f.LocalizedMessage != "" {
						localized++
					}
				}
			}
			if (localized > 0) != (tt.lang == "zh") {
				t.Errorf("%d localized messages under --lang %s", localized, tt.lang)
			}
		})
	}
}
