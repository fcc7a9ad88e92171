package cmd

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
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
		"plain": {ackrules.Provider, "node providerID cn-hangzhou.i-bp1node0000 and 10 more", rules.GenericServiceProviderConflict},
		"web":   {ackrules.Provider, "node providerID cn-hangzhou.i-bp1node0000 and 10 more", rules.GenericServiceProviderConflict},
		"site":  {tkerules.Provider, "ingress class qcloud", rules.GenericIngressProviderConflict},
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
	if rep.Provider.Name != tkerules.Provider || rep.Provider.Evidence != "--provider flag" {
		t.Errorf("provider %+v", rep.Provider)
	}
}

// TestOneProviderList: --provider, explain --provider, their completions and help take the providers
// from rules.Providers, so they cannot disagree.
func TestOneProviderList(t *testing.T) {
	var want []string
	for _, p := range providers.Names() {
		want = append(want, string(p))
	}
	t.Run("run accepts every provider", func(t *testing.T) {
		for _, p := range want {
			out, stderr, code := run(t, "-f", mixed, "svc/plain", "-n", "mixed", "--provider", p, "-o", "json")
			var rep report.Report
			if code == ExitError || json.Unmarshal([]byte(out), &rep) != nil || rep.Provider.Name != rules.Provider(p) {
				t.Errorf("--provider %s: exit %d, provider %q, stderr %s", p, code, rep.Provider.Name, stderr)
			}
		}
	})
	t.Run("errors name the list", func(t *testing.T) {
		for _, args := range [][]string{{"-f", mixed, "-A", "--provider", "gke"}, {"explain", "E4011", "--provider", "gke"}} {
			_, stderr, code := run(t, args...)
			if code != ExitError {
				t.Errorf("%v: exit %d", args, code)
			}
			for _, p := range want {
				if !strings.Contains(stderr, p) {
					t.Errorf("%v: stderr %q does not name %s", args, stderr, p)
				}
			}
		}
	})
	t.Run("completion", func(t *testing.T) {
		for _, tt := range []struct {
			args []string
			want []string
		}{
			{[]string{"__complete", "--provider", ""}, append([]string{"auto"}, want...)},
			{[]string{"__complete", "explain", "E4011", "--provider", ""}, want},
		} {
			out, _, code := run(t, tt.args...)
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if code != ExitOK || len(lines) == 0 || strings.Join(lines[:len(lines)-1], ",") != strings.Join(tt.want, ",") {
				t.Errorf("%v: exit %d, got %q, want %v", tt.args, code, out, tt.want)
			}
		}
	})
	t.Run("help", func(t *testing.T) {
		for _, args := range [][]string{{"--help"}, {"explain", "--help"}} {
			out, _, _ := run(t, args...)
			if !strings.Contains(out, strings.Join(want[:len(want)-1], ", ")) {
				t.Errorf("%v: help does not name the providers %v", args, want)
			}
		}
	})
}
