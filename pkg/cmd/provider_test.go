package cmd

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

const mixed = "testdata/mixed-provider.yaml"

// TestSameInputSameReport: a snapshot whose evidence points to both clouds many times over gives a
// byte-identical JSON report on every run.
func TestSameInputSameReport(t *testing.T) {
	first, stderr, code := run(t, "-f", mixed, "-A", "-o", "json")
	if code != ExitOK || first == "" {
		t.Fatalf("exit %d, stderr %s", code, stderr)
	}
	for i := 1; i < 50; i++ {
		out, _, c := run(t, "-f", mixed, "-A", "-o", "json")
		if c != code || !bytes.Equal([]byte(out), []byte(first)) {
			t.Fatalf("run %d differs from the first run (exit %d vs %d)", i, c, code)
		}
	}
	var list report.List
	if err := json.Unmarshal([]byte(first), &list); err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		provider rules.Provider
		evidence string
		conflict rules.ID
	}{
		"plain": {rules.ACK, "node providerID cn-hangzhou.i-bp1node0000 and 10 more", rules.GenericServiceProviderConflict},
		"web":   {rules.ACK, "node providerID cn-hangzhou.i-bp1node0000 and 10 more", rules.GenericServiceProviderConflict},
		"site":  {rules.TKE, "ingress class qcloud", rules.GenericIngressProviderConflict},
	}
	if len(list.Items) != len(want) {
		t.Fatalf("%d reports, want %d", len(list.Items), len(want))
	}
	for _, r := range list.Items {
		w := want[r.Target.Name]
		if r.Provider.Name != w.provider || r.Provider.Evidence != w.evidence {
			t.Errorf("%s: provider %+v, want %s (%s)", r.Target.Name, r.Provider, w.provider, w.evidence)
		}
		n := 0
		for _, f := range r.Findings {
			if f.Rule == w.conflict {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s: %d %s findings, want 1", r.Target.Name, n, w.conflict)
		}
	}
}

func TestProviderFlagEvidence(t *testing.T) {
	out, stderr, code := run(t, "-f", mixed, "svc/plain", "-n", "mixed", "--provider", "tke", "-o", "json")
	if code != ExitOK {
		t.Fatalf("exit %d, stderr %s", code, stderr)
	}
	var rep report.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Provider.Name != rules.TKE || rep.Provider.Evidence != "--provider flag" {
		t.Errorf("provider %+v", rep.Provider)
	}
}
