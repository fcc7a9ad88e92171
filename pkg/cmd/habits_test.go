package cmd

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// TestNoProviderSurfaced: a LoadBalancer Service with no cloud signal says, in text (one object and
// the -A total) and in JSON, that the cloud could not be told and which --provider values run a
// cloud's checks; a forced provider does not.
func TestNoProviderSurfaced(t *testing.T) {
	file := filepath.Join("testdata", t.Name(), "plain.yaml")
	hint := "--provider " + providers.CloudNames()
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

// TestUsageErrors: a mistyped subcommand is suggested, flag errors carry kubectl's "See '… --help'"
// line, and explain without an argument says what it needs, in one error line.
func TestUsageErrors(t *testing.T) {
	for _, tt := range []struct {
		name string
		args []string
		want []string
	}{
		{"mistyped subcommand", []string{"explian", "E4011"}, []string{"explain?", "See 'kubectl lbdoctor --help'"}},
		{"mistyped subcommand zh", []string{"rulez", "--lang", "zh"}, []string{"rules？", "用法见 'kubectl lbdoctor --help'"}},
		{"unknown flag", []string{"--bogus"}, []string{"--bogus", "See 'kubectl lbdoctor --help'"}},
		{"unknown flag of preflight", []string{"preflight", "--bogus"}, []string{"See 'kubectl lbdoctor preflight --help'"}},
		{"explain without argument", []string{"explain"}, []string{"explain needs", "See 'kubectl lbdoctor explain --help'"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, stderr, code := run(t, tt.args...)
			if code != ExitError || out != "" || strings.Contains(stderr, "accepts 1 arg") {
				t.Errorf("exit %d, stdout %q, stderr %q", code, out, stderr)
			}
			if lines := strings.Split(strings.TrimSpace(stderr), "\n"); len(lines) != 2 {
				t.Errorf("want the error and the help line: %q", stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr %q lacks %q", stderr, w)
				}
			}
		})
	}
	t.Run("a resource type is no mistyped subcommand", func(t *testing.T) {
		if _, stderr, code := run(t, "-f", filepath.Join("testdata", "TestNoProviderSurfaced", "plain.yaml"), "svc", "plain"); code != ExitOK {
			t.Errorf("exit %d: %s", code, stderr)
		}
	})
}

// TestEmptySelection: a selector matching nothing prints nothing on stdout (no header, no total) and
// says so on stderr, as kubectl's "No resources found".
func TestEmptySelection(t *testing.T) {
	for _, output := range []string{"text", "wide", "name"} {
		t.Run(output, func(t *testing.T) {
			out, stderr, code := run(t, "-f", broken, "-A", "-l", "app=nothing-matches", "-o", output)
			if code != ExitOK || out != "" || !strings.Contains(stderr, "no LoadBalancer Service or Ingress") {
				t.Errorf("exit %d, stdout %q, stderr %q", code, out, stderr)
			}
		})
	}
}

// TestDuplicateDefinitionRows: -o name and -o wide rows of an object the input defines twice name
// the file of each definition.
func TestDuplicateDefinitionRows(t *testing.T) {
	dir := filepath.Join("testdata", t.Name())
	for _, output := range []string{"name", "wide", "text"} {
		t.Run(output, func(t *testing.T) {
			out, stderr, _ := run(t, "-f", filepath.Join(dir, "a.yaml"), "-f", filepath.Join(dir, "b.yaml"), "-o", output, "--show-ok", "--no-headers")
			for _, f := range []string{"a.yaml:1", "b.yaml:1"} {
				if !strings.Contains(out, f) {
					t.Errorf("no row names %s: %s%s", f, out, stderr)
				}
			}
		})
	}
}

// TestServeErrorsWithoutOfflineHint: serve has no -f, so its error for an unreachable API server
// does not suggest it.
func TestServeErrorsWithoutOfflineHint(t *testing.T) {
	kc := fleetKubeconfig(t, map[string]string{"a": refusedServer(t)}, "a")
	_, stderr, code := run(t, "serve", "--kubeconfig", kc, "--request-timeout", "5s")
	if code != ExitError || strings.Contains(stderr, "-f") || !strings.Contains(stderr, "--kubeconfig") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}
