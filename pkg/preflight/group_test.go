package preflight

import (
	"slices"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
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
			got := tkePairRules(t, tt.target, func(_ rules.ID, sev rules.Severity) bool { return sev == rules.Error })
			if !slices.Equal(got, tt.want) {
				t.Fatalf("%s: errors %v, want %v", tt.target, got, tt.want)
			}
		})
	}
}
