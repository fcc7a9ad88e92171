package cmd

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"k8s.io/cli-runtime/pkg/genericiooptions"
)

// TestPreflightSARIFPointsAtChangedLine: preflight's SARIF result for a change is located at the
// changed field's line in the new manifest, and the run exits 1 for a rejected change.
func TestPreflightSARIFPointsAtChangedLine(t *testing.T) {
	dir := t.TempDir()
	now := "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  namespace: default\n  annotations:\n" +
		"    service.kubernetes.io/qcloud-loadbalancer-internal-subnetid: subnet-abcd1234\n" +
		"spec:\n  type: LoadBalancer\n  selector: {app: web}\n  ports: [{port: 80, targetPort: 8080}]\n"
	changed := bytes.Replace([]byte(now), []byte("subnet-abcd1234"), []byte("subnet-efgh5678"), 1)
	base, file := filepath.Join(dir, "base.yaml"), filepath.Join(dir, "new.yaml")
	if err := os.WriteFile(base, []byte(now), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, changed, 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	code := Execute(genericiooptions.IOStreams{In: &bytes.Buffer{}, Out: &out, ErrOut: &errOut},
		[]string{"preflight", "-f", file, "--base", base, "--provider", "tke", "-o", "sarif"})
	if code != ExitFindings {
		t.Fatalf("exit %d, want %d; stderr %s", code, ExitFindings, errOut.String())
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						Region struct {
							StartLine int `json:"startLine"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(out.Bytes(), &log); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	for _, r := range log.Runs[0].Results {
		if r.RuleID == "tke.service.clb-switch-refused" {
			if line := r.Locations[0].PhysicalLocation.Region.StartLine; line != 7 {
				t.Fatalf("line %d, want 7 (the subnet annotation)", line)
			}
			return
		}
	}
	t.Fatalf("no tke.service.clb-switch-refused result: %s", out.String())
}

// TestPreflightGate: preflight takes the diagnose command's report flags with their meaning: --fail-on
// gates a disruptive change (a warning), every -o format of the registry prints, and a named target
// is one Report as in the diagnose command.
func TestPreflightGate(t *testing.T) {
	dir := filepath.Join("testdata", t.Name())
	pf := []string{"preflight", "-f", filepath.Join(dir, "new.yaml"), "--base", filepath.Join(dir, "base.yaml"), "--provider", "tke"}
	for _, tt := range []struct {
		name string
		args []string
		code int
	}{
		{"warning passes the default gate", nil, ExitOK},
		{"fail-on warning", []string{"--fail-on", "warning"}, ExitFindings},
		{"fail-on info", []string{"--fail-on", "info"}, ExitFindings},
		{"bad fail-on", []string{"--fail-on", "never"}, ExitError},
		{"wide", []string{"-o", "wide", "--fail-on", "warning"}, ExitFindings},
		{"name", []string{"-o", "name"}, ExitOK},
		{"policyreport", []string{"-o", "policyreport"}, ExitOK},
		{"quiet, no headers, show ok, fix hints", []string{"-q", "--no-headers", "--show-ok", "--fix-hints", "--sort-by", "worst", "--color", "never"}, ExitOK},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, stderr, code := run(t, append(slices.Clone(pf), tt.args...)...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stdout %s stderr %s", code, tt.code, out, stderr)
			}
			if code != ExitError && out == "" {
				t.Errorf("no output; stderr %s", stderr)
			}
		})
	}
	t.Run("named target is a Report", func(t *testing.T) {
		for _, tt := range []struct {
			args []string
			kind string
		}{{[]string{"svc/web"}, "Report"}, {nil, "ReportList"}} {
			out, stderr, code := run(t, append(slices.Clone(pf), append(tt.args, "-o", "json")...)...)
			var doc struct{ Kind string }
			if err := json.Unmarshal([]byte(out), &doc); err != nil || code != ExitOK || doc.Kind != tt.kind {
				t.Errorf("%v: exit %d, kind %q (want %s), %v; stderr %s", tt.args, code, doc.Kind, tt.kind, err, stderr)
			}
		}
	})
}
