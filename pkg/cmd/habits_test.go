package cmd

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
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
