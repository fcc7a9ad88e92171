package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/testutil"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
)

// TestSARIFOfflineRunsValidate: -o sarif over every example and every corpus file is a valid SARIF
// 2.1.0 log whose results carry the finding's file, relative to the working directory, and line.
func TestSARIFOfflineRunsValidate(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	files, err := filepath.Glob(filepath.Join("examples", "*", "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	corpus, err := filepath.Glob(filepath.Join("test", "corpus", "*", "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 || len(corpus) == 0 {
		t.Fatalf("no examples (%d) or corpus files (%d)", len(files), len(corpus))
	}
	results := 0
	for _, f := range append(files, corpus...) {
		t.Run(filepath.ToSlash(f), func(t *testing.T) {
			out, stderr, code := run(t, "-f", f, "-A", "-o", "sarif")
			if code != ExitOK && code != ExitFindings {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			testutil.ValidateSARIF(t, []byte(out))
			var log report.SARIFLog
			if err := json.Unmarshal([]byte(out), &log); err != nil {
				t.Fatal(err)
			}
			// One file per run: every object, the target or another, is in it.
			for _, r := range log.Runs[0].Results {
				results++
				p := r.Locations[0].PhysicalLocation
				if p == nil || p.ArtifactLocation.URIBaseID != report.SrcRoot || p.Region.StartLine < 1 || p.Region.StartColumn < 1 {
					t.Errorf("%s: physical location %+v", r.RuleID, p)
					continue
				}
				if p.ArtifactLocation.URI != filepath.ToSlash(f) {
					t.Errorf("%s: uri %s, want %s", r.RuleID, p.ArtifactLocation.URI, f)
				}
			}
		})
	}
	if results == 0 {
		t.Error("no results at all; the examples have findings")
	}
}

// TestSARIFFingerprintSurvivesAMove: moving an object ten lines down in its file keeps every
// result's fingerprint and moves its region by ten lines.
func TestSARIFFingerprintSurvivesAMove(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "examples", "tke-ingress", "broken.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	t.Chdir(dir)
	sarif := func(body string) []report.SARIFResult {
		testutil.WriteFile(t, dir, "app.yaml", body)
		out, stderr, code := run(t, "-f", "app.yaml", "-A", "-o", "sarif")
		if code != ExitFindings {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var log report.SARIFLog
		if err := json.Unmarshal([]byte(out), &log); err != nil {
			t.Fatal(err)
		}
		return log.Runs[0].Results
	}
	before := sarif(string(b))
	after := sarif(strings.Repeat("# moved down\n", 10) + string(b))
	if len(before) == 0 || len(before) != len(after) {
		t.Fatalf("%d results before, %d after", len(before), len(after))
	}
	for i := range before {
		fb, fa := before[i].PartialFingerprints[report.FingerprintKey], after[i].PartialFingerprints[report.FingerprintKey]
		if fb == "" || fb != fa {
			t.Errorf("%s: fingerprint %q became %q", before[i].RuleID, fb, fa)
		}
		if lb, la := before[i].Locations[0].PhysicalLocation.Region.StartLine, after[i].Locations[0].PhysicalLocation.Region.StartLine; la != lb+10 {
			t.Errorf("%s: line %d became %d, want %d", before[i].RuleID, lb, la, lb+10)
		}
	}
}
