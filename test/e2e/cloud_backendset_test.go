//go:build e2e

package e2e

import (
	"encoding/json"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// TestCloudBackendSetLive runs the real binary through kubectl against the shared API server and
// two simulated clouds of its own scenarios (testdata/<test name>/): a TKE Service with direct
// access and an ACK Service in ENI mode, each with ready pod IPs in an EndpointSlice, whose load
// balancer registers one of them, leaves out another and holds an address no pod has. Each is
// <provider>.cloud.backend-missing naming the ready pod left out and <provider>.cloud.backend-stale
// naming the stray address (warnings: exit 0 at the default --fail-on error when nothing else is
// an error, 1 at --fail-on warning); a not-ready pod is neither. The simulated clouds received read
// actions only.
func TestCloudBackendSetLive(t *testing.T) {
	dir := filepath.Join(repoRoot, "test", "e2e", "testdata", t.Name())
	clouds := startClouds(t, filepath.Join(dir, "tke.yaml"), filepath.Join(dir, "ack.yaml"))
	applyObjects(t, env.loader, readScenario(t, filepath.Join(dir, "cluster.yaml")))
	for _, tc := range []struct {
		provider, region, target string
		env                      []string
		// missing and stale are what each rule's message must name, absent what neither may.
		missing, stale, absent string
	}{
		{"tke", "ap-guangzhou", "svc/web", clouds.tkeEnv, "web-b (172.16.5.12)", "172.16.5.99:8080", "172.16.5.13"},
		{"ack", "cn-hangzhou", "svc/api", clouds.ackEnv, "api-b (172.16.6.22)", "172.16.6.99:8080", "172.16.6.21"},
	} {
		t.Run(tc.provider, func(t *testing.T) {
			for _, failOn := range []string{"error", "warning"} {
				r := kubectlWith(t, env.kubeconfig, tc.env, "lbdoctor", tc.target, "-n", "cloud-backends", "--provider", tc.provider,
					"--cloud", "--cloud-region", tc.region, "--fail-on", failOn, "-o", "json")
				if r.code == 2 {
					t.Fatalf("--fail-on %s: exit 2: %s", failOn, r.stderr)
				}
				var rep report.Report
				if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
					t.Fatalf("--fail-on %s: decoding the report: %v\nstdout: %s\nstderr: %s", failOn, err, r.stdout, r.stderr)
				}
				got := map[string]string{}
				worst := rules.Info
				for _, s := range rep.Skipped {
					if s.Check == tc.provider+"-cloud-backend-set" {
						t.Errorf("--fail-on %s: backend-set skipped: %s", failOn, s.Reason)
					}
				}
				for _, f := range rep.Findings {
					worst = max(worst, f.Severity)
					if f.Check != tc.provider+"-cloud-backend-set" {
						continue
					}
					if f.Source != checks.SourceCloud {
						t.Errorf("%s of source %q, want cloud", f.Rule, f.Source)
					}
					got[f.Rule.String()] = f.Message
				}
				for rule, name := range map[string]string{tc.provider + ".cloud.backend-missing": tc.missing, tc.provider + ".cloud.backend-stale": tc.stale} {
					msg, ok := got[rule]
					switch {
					case !ok:
						t.Errorf("--fail-on %s: no %s; backend-set findings %v; stderr %s", failOn, rule, got, r.stderr)
					case !strings.Contains(msg, name) || strings.Contains(msg, tc.absent):
						t.Errorf("%s names %q, want %q and not %q", rule, msg, name, tc.absent)
					}
				}
				if len(got) != 2 {
					t.Errorf("backend-set findings %v, want backend-missing and backend-stale only", slices.Sorted(maps.Keys(got)))
				}
				want := 0
				if failOn == "warning" || worst >= rules.Error {
					want = 1
				}
				if r.code != want {
					t.Errorf("--fail-on %s: exit %d, want %d (worst finding %s)", failOn, r.code, want, worst)
				}
			}
		})
	}
	clouds.checkReadOnly(t)
}
