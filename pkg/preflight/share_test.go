package preflight

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestCreationSharesListener: a Service or an Ingress created on an existing CLB that the other kind
// already uses collides when it takes the other's listener, and is clean on a free port. Each case is
// testdata/TestCreationSharesListener/<case>/{now,new}.yaml.
func TestCreationSharesListener(t *testing.T) {
	tests := []struct {
		name   string
		target string
		want   []rules.ID
	}{
		{name: "service-created", target: "Service default/tcp-app", want: []rules.ID{tkerules.ServicePortTakenByIngress}},
		{name: "ingress-created", target: "Ingress default/shop", want: []rules.ID{tkerules.IngressE4101}},
		{name: "service-on-free-port", target: "Service default/tcp-app"},
	}
	watched := []rules.ID{tkerules.ServicePortTakenByIngress, tkerules.IngressE4101}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tkePairRules(t, tt.target, func(id rules.ID, _ rules.Severity) bool { return slices.Contains(watched, id) })
			if !slices.Equal(got, tt.want) {
				t.Fatalf("%s: got %v, want %v", tt.target, got, tt.want)
			}
		})
	}
}

// tkePairRules runs preflight on TKE from testdata/<test name>/now.yaml to new.yaml and returns the
// rules of target's findings that keep accepts; it fails when target has no report.
func tkePairRules(t *testing.T, target string, keep func(rules.ID, rules.Severity) bool) []rules.ID {
	t.Helper()
	dir := filepath.Join("testdata", t.Name())
	res, err := Run(context.Background(), Options{
		Files: snapshot.Files{Paths: []string{filepath.Join(dir, "new.yaml")}, DefaultNamespace: "default"},
		Base:  &snapshot.Files{Paths: []string{filepath.Join(dir, "now.yaml")}, DefaultNamespace: "default"}, Provider: tkerules.Provider})
	if err != nil {
		t.Fatal(err)
	}
	var got []rules.ID
	seen := false
	for _, r := range res.Reports {
		if r.Target.String() != target {
			continue
		}
		seen = true
		for _, f := range r.Findings {
			if keep(f.Rule, f.Severity) {
				got = append(got, f.Rule)
			}
		}
	}
	if !seen {
		t.Fatalf("no report for %s", target)
	}
	return got
}
