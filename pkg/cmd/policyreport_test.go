package cmd

import (
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// TestPolicyReportOutput: -o policyreport prints PolicyReport documents for offline input, exits by
// the findings like every format, and is refused where a snapshot of findings means nothing.
func TestPolicyReportOutput(t *testing.T) {
	t.Run("offline -A", func(t *testing.T) {
		out, stderr, code := run(t, "-f", broken, "-A", "-o", "policyreport")
		if code != ExitFindings {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		docs := strings.Split(out, "\n---\n")
		for i, d := range docs {
			var pr report.PolicyReport
			if err := yaml.UnmarshalStrict([]byte(d), &pr); err != nil {
				t.Fatalf("document %d: %v", i, err)
			}
			if pr.APIVersion != report.PolicyReportAPIVersion || pr.Kind != report.PolicyReportKind || pr.Metadata.Namespace == "" {
				t.Errorf("document %d: %s %s %s/%s", i, pr.APIVersion, pr.Kind, pr.Metadata.Namespace, pr.Metadata.Name)
			}
			if pr.Summary.Fail == 0 {
				t.Errorf("document %d: no fail result in %+v", i, pr.Summary)
			}
		}
	})
	t.Run("fail-on none exits 0", func(t *testing.T) {
		if _, stderr, code := run(t, "-f", broken, "-A", "-o", "policyreport", "--fail-on", "none"); code != ExitOK {
			t.Errorf("exit %d: %s", code, stderr)
		}
	})
	t.Run("nothing to diagnose prints nothing", func(t *testing.T) {
		out, stderr, code := run(t, "-f", broken, "-n", "nowhere", "-o", "policyreport")
		if code != ExitOK || out != "" || !strings.Contains(stderr, "no LoadBalancer Service or Ingress") {
			t.Errorf("exit %d, stdout %q, stderr %q", code, out, stderr)
		}
	})
	kc := fleetKubeconfig(t, map[string]string{"a": refusedServer(t)}, "a")
	for _, args := range [][]string{
		{"--kubeconfig", kc, "--watch", "-o", "policyreport"},
		{"rules", "-o", "policyreport"},
		{"version", "-o", "policyreport"},
	} {
		t.Run("refused: "+strings.Join(args[2:], " "), func(t *testing.T) {
			out, stderr, code := run(t, args...)
			if code != ExitError || out != "" || !strings.Contains(stderr, "policyreport") {
				t.Errorf("exit %d, stdout %q, stderr %q", code, out, stderr)
			}
		})
	}
}

// TestStderrLinesLanguage: the lines a run prints on stderr besides errors (nothing to diagnose, an
// input's notes) are in the report's language.
func TestStderrLinesLanguage(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		t.Run(lang, func(t *testing.T) {
			_, stderr, code := run(t, "-f", broken, "-n", "nowhere", "--lang", lang)
			if code != ExitOK || stderr == "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			if words.HasHan(stderr) != (lang == "zh") {
				t.Errorf("--lang %s: stderr %q", lang, stderr)
			}
		})
	}
}
