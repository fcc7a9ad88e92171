package checks_test

import (
	"path/filepath"
	"testing"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func offlineRun(t *testing.T, file string, target snapshot.Target, p rules.Provider) Result {
	t.Helper()
	s, err := snapshot.FromFiles([]string{filepath.Join("testdata", "offline", file)}, nil, "default")
	if err != nil {
		t.Fatal(err)
	}
	res, err := DefaultSuite().Run(s, target, p)
	if err != nil {
		t.Fatal(err)
	}
	AssertClasses(t, res)
	return res
}

func svcTarget(ns, name string) snapshot.Target {
	return snapshot.Target{Kind: snapshot.KindService, Namespace: ns, Name: name}
}

// TestOfflineAddOnly: a check where more objects can only add findings runs offline on what the
// files hold and says so; one whose answer an unseen object could change either way is skipped.
func TestOfflineAddOnly(t *testing.T) {
	tests := []struct {
		name    string
		file    string
		target  snapshot.Target
		p       rules.Provider
		want    map[rules.ID]string // rule -> path that must be reported
		absent  []rules.ID
		partial []string
		skipped []string
	}{
		{name: "E4014 between two Services of the files", file: "tke-reuse.yaml", target: svcTarget("default", "b"), p: tkerules.Provider,
			want: map[rules.ID]string{tkerules.ServiceE4014: "spec.ports[1]"}, partial: []string{"tke-service-existing-lb"}},
		{name: "TCP 53 and UDP 53 are two listeners", file: "tke-reuse.yaml", target: svcTarget("default", "a"), p: tkerules.Provider,
			absent: []rules.ID{tkerules.ServiceE4014}, partial: []string{"tke-service-existing-lb"}},
		{name: "ACK no selector and no EndpointSlices: no-available-nodes unproven", file: "ack-backends.yaml", target: svcTarget("shop", "noselector"), p: ackrules.Provider,
			absent: []rules.ID{ackrules.ServiceNoAvailableNodes, rules.GenericServiceNoEndpoints}, skipped: []string{"ack-backends"}},
		{name: "ACK pods on a master node in the files: more nodes may exist", file: "ack-backends.yaml", target: svcTarget("shop", "web"), p: ackrules.Provider,
			absent: []rules.ID{ackrules.ServiceNoAvailableNodes}, skipped: []string{"ack-backends"}},
		{name: "other pods of the namespace in the files: no-endpoints unproven", file: "partial-pods.yaml", target: svcTarget("shop", "api"), p: rules.Generic,
			absent: []rules.ID{rules.GenericServiceNoEndpoints}, skipped: []string{"service-endpoints"}},
		{name: "selected pods in the files: their state is reported", file: "partial-pods.yaml", target: svcTarget("shop", "web"), p: rules.Generic,
			want: map[rules.ID]string{rules.GenericServiceNoEndpoints: "spec.selector"}, absent: []rules.ID{rules.GenericServiceEndpointsNotReady}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := offlineRun(t, tt.file, tt.target, tt.p)
			got := ByRule(res)
			for id, path := range tt.want {
				if !ContainsPath(got[id], path) {
					t.Errorf("want %s at %s, got %v (skipped %v)", id, path, got, res.Skipped)
				}
			}
			for _, id := range tt.absent {
				if len(Reported(res)[id]) > 0 {
					t.Errorf("%s reported offline at %v", id, got[id])
				}
			}
			notes := map[string]bool{}
			for _, p := range res.Partial {
				notes[p.Check] = true
			}
			for _, c := range tt.partial {
				if !notes[c] {
					t.Errorf("want a partial note for %s, got %+v", c, res.Partial)
				}
			}
			skipped := SkippedChecks(res)
			for _, c := range tt.skipped {
				if !skipped[c] {
					t.Errorf("want %s skipped, got %+v", c, res.Skipped)
				}
			}
		})
	}
}

// TestOfflineModeIsDeclared: the checks that read cluster-wide lists of Services or Ingresses to find
// conflicts declare AddOnly; live runs never carry partial notes.
func TestOfflineModeIsDeclared(t *testing.T) {
	addOnly := map[string]bool{"tke-service-existing-lb": true, "tke-ingress-existing-lb": true, "ack-lb-reuse": true, "ack-reused-ports": true}
	for _, c := range DefaultSuite().Checks() {
		if got := c.Offline == AddOnly; got != addOnly[c.Name] {
			t.Errorf("%s: AddOnly %v, want %v", c.Name, got, addOnly[c.Name])
		}
	}
	res := diagnose(t, Fixture(t, LBSvc(SvcAnn(tkeann.ExistedLBID, "lb-4ymlu8dc"))), snapshot.KindService, "web", tkerules.Provider)
	if len(res.Partial) > 0 {
		t.Errorf("complete snapshot noted as partial: %+v", res.Partial)
	}
}
