package tkechecks

import (
	"path/filepath"
	"testing"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestTKEConfigFields: the fields of the TkeServiceConfig a Service or an Ingress names, against the
// documented ones; each case is testdata/TestTKEConfigFields/<name>.yaml.
func TestTKEConfigFields(t *testing.T) {
	const svcCfg, ingCfg = "default/tkeserviceconfig/jetty-service-config.", "default/tkeserviceconfig/jetty-ingress-config."
	svc := snapshot.Target{Kind: snapshot.KindService, Namespace: "default", Name: "jetty-service"}
	ing := snapshot.Target{Kind: snapshot.KindIngress, Namespace: "default", Name: "jetty-ingress"}
	watched := []rules.ID{tkerules.ServiceConfigUnknownField, tkerules.ServiceConfigInvalidValue,
		tkerules.IngressConfigUnknownField, tkerules.IngressConfigInvalidValue}
	tests := []struct {
		name   string
		target snapshot.Target
		want   map[rules.ID][]string
	}{
		{name: "service-sample", target: svc},
		{name: "service-out-of-range", target: svc, want: map[rules.ID][]string{tkerules.ServiceConfigInvalidValue: {
			svcCfg + "spec.loadBalancer.l4Listeners[1].scheduler", svcCfg + "spec.loadBalancer.l4Listeners[1].session.sessionExpireTime"}}},
		{name: "service-typo", target: svc, want: map[rules.ID][]string{tkerules.ServiceConfigUnknownField: {
			svcCfg + "spec.loadBalancer.l4Listeners[1].session.sesionExpireTime"}}},
		{name: "ingress-sample", target: ing},
		{name: "ingress-out-of-range", target: ing, want: map[rules.ID][]string{tkerules.IngressConfigInvalidValue: {
			ingCfg + "spec.loadBalancer.l7Listeners[0].domains[0].rules[0].healthCheck.enable", ingCfg + "spec.loadBalancer.l7Listeners[0].keepaliveEnable"}}},
		{name: "ingress-typo", target: ing, want: map[rules.ID][]string{tkerules.IngressConfigUnknownField: {
			ingCfg + "spec.loadBalancer.l7Listeners[0].domains[0].rules[0].healthCheck.httpCheckPth"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := snapshot.FromFiles([]string{filepath.Join("testdata", t.Name()+".yaml")}, nil, "default")
			if err != nil {
				t.Fatal(err)
			}
			res, err := suite().Run(s, tt.target, tkerules.Provider)
			if err != nil {
				t.Fatal(err)
			}
			got := ByRule(res)
			for _, id := range watched {
				if w, g := tt.want[id], got[id]; !equalSets(w, g) {
					t.Errorf("%s: got %v, want %v", id, g, w)
				}
			}
		})
	}
}

func equalSets(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[string]int{}
	for _, s := range a {
		seen[s]++
	}
	for _, s := range b {
		if seen[s]--; seen[s] < 0 {
			return false
		}
	}
	return true
}
