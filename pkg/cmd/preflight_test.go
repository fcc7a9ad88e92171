package cmd

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
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
