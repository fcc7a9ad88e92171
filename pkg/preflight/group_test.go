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

// TestGroupedIngressCreation: creating an Ingress that shares a CLB with other Ingresses as TKE
// documents it (enable-group) is clean in preflight; a Service or a plain reusing Ingress on that CLB
// is not.
func TestGroupedIngressCreation(t *testing.T) {
	tests := []struct {
		name   string
		target string
		want   []rules.ID // the error-severity findings of the target
	}{
		{name: "second-grouped-ingress", target: "Ingress ns2/ingress-2"},
		{name: "service-on-grouped-clb", target: "Service ns1/example", want: []rules.ID{tkerules.ServiceOnGroupedCLB}},
		{name: "grouped-beside-plain-reuse", target: "Ingress ns2/ingress-2", want: []rules.ID{tkerules.IngressE4020}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
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
				if r.Target.String() != tt.target {
					continue
				}
				seen = true
				for _, f := range r.Findings {
					if f.Severity == rules.Error {
						got = append(got, f.Rule)
					}
				}
			}
			if !seen {
				t.Fatalf("no report for %s", tt.target)
			}
			if !slices.Equal(got, tt.want) {
				t.Fatalf("%s: errors %v, want %v", tt.target, got, tt.want)
			}
		})
	}
}
