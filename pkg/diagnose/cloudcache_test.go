package diagnose

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/cloudsim/alibaba"
	"github.com/lbdoctor/kubectl-lbdoctor/internal/cloudsim/tencent"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// cacheRun diagnoses the demo's objects of namespace ns with the cache's facts.
func cacheRun(t *testing.T, cc *CloudCache, ns string, provider rules.Provider) []report.Report {
	t.Helper()
	batches, _, err := Offline(snapshot.Files{Paths: []string{filepath.Join("..", "..", "hack", "democloud", "cluster.yaml")}}, nil, ns, snapshot.Selector{})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range batches {
		cc.Read(context.Background(), b.Snap, b.Targets, nil, provider)
	}
	reps, err := All(batches, Options{Provider: provider})
	if err != nil {
		t.Fatal(err)
	}
	return reps
}

// cloudRules are the cloud findings' rule ids of reps, by target.
func cloudRules(reps []report.Report) map[string][]string {
	out := map[string][]string{}
	for _, r := range reps {
		for _, f := range r.Findings {
			if f.Source == checks.SourceCloud {
				out[r.Target.String()] = append(out[r.Target.String()], f.Rule.String())
			}
		}
	}
	return out
}

// TestCloudCache diagnoses the demo's objects three times against the simulated clouds: a second
// diagnosis within the interval makes no cloud call and finds the same, one after the interval
// reads every load balancer again; Due names the targets whose facts are that old.
func TestCloudCache(t *testing.T) {
	cl := startClouds(t, filepath.Join("..", "..", "hack", "democloud"), nil, nil)
	for _, tc := range []struct {
		ns, region string
		provider   rules.Provider
		calls      func() int
	}{
		{"shop", "ap-guangzhou", "tke", func() int { return len(cl.tke.Requests()) }},
		{"pay", "cn-hangzhou", "ack", func() int { return len(cl.ack.Requests()) }},
	} {
		t.Run(string(tc.provider), func(t *testing.T) {
			now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
			counted := 0
			cc := &CloudCache{Cloud: Cloud{Region: tc.region, Count: func(cloud.Action, string) { counted++ }}, Interval: 5 * time.Minute,
				Now: func() time.Time { return now }}
			before := tc.calls()
			first := cloudRules(cacheRun(t, cc, tc.ns, tc.provider))
			read := tc.calls() - before
			if read == 0 || counted != read {
				t.Fatalf("first diagnosis: %d calls received, %d counted", read, counted)
			}
			if len(first) == 0 {
				t.Fatalf("first diagnosis: no cloud finding")
			}
			keep := func(snapshot.Target) bool { return true }
			now = now.Add(4 * time.Minute)
			if due := cc.Due(keep); len(due) != 0 {
				t.Errorf("due within the interval: %v", due)
			}
			again := cloudRules(cacheRun(t, cc, tc.ns, tc.provider))
			if n := tc.calls() - before - read; n != 0 {
				t.Errorf("second diagnosis within the interval: %d cloud calls, want 0", n)
			}
			if !equalRules(first, again) {
				t.Errorf("second diagnosis found %v, first %v", again, first)
			}
			now = now.Add(time.Minute)
			if due := cc.Due(keep); len(due) == 0 {
				t.Errorf("nothing due after the interval")
			}
			if due := cc.Due(func(snapshot.Target) bool { return false }); len(due) != 0 || len(cc.Due(keep)) != 0 {
				t.Errorf("Due kept targets it was told are gone")
			}
			third := cloudRules(cacheRun(t, cc, tc.ns, tc.provider))
			if n := tc.calls() - before - read; n != read {
				t.Errorf("diagnosis after the interval: %d cloud calls, want %d as the first", n, read)
			}
			if !equalRules(first, third) {
				t.Errorf("third diagnosis found %v, first %v", third, first)
			}
		})
	}
}

func equalRules(a, b map[string][]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if !slices.Equal(v, b[k]) {
			return false
		}
	}
	return true
}

// TestCloudCacheForbidden refuses the health reads of both simulated clouds: the backend checks
// are skips of class forbidden naming the action, never findings, and the refusal is cached as the
// facts are.
func TestCloudCacheForbidden(t *testing.T) {
	cl := startClouds(t, filepath.Join("..", "..", "hack", "democloud"),
		func(s *tencent.Scenario) {
			s.Faults = append(s.Faults, tencent.Fault{Action: "DescribeTargetHealth", Forbidden: true})
		},
		func(s *alibaba.Scenario) {
			s.Faults = append(s.Faults, alibaba.Fault{Action: "DescribeHealthStatus", Code: "Forbidden.RAM", Status: 403, Message: "User not authorized to operate on the specified resource."})
		})
	for _, tc := range []struct {
		ns, region string
		provider   rules.Provider
		target     string
		calls      func() int
	}{
		{"shop", "ap-guangzhou", "tke", "Service shop/web", func() int { return len(cl.tke.Requests()) }},
		{"pay", "cn-hangzhou", "ack", "Service pay/api", func() int { return len(cl.ack.Requests()) }},
	} {
		t.Run(string(tc.provider), func(t *testing.T) {
			results := map[string]int{}
			cc := &CloudCache{Cloud: Cloud{Region: tc.region, Count: func(a cloud.Action, r string) { results[r]++ }}}
			for pass := range 2 {
				before := tc.calls()
				reps := cacheRun(t, cc, tc.ns, tc.provider)
				if pass == 1 && tc.calls() != before {
					t.Errorf("second diagnosis: %d cloud calls, want 0", tc.calls()-before)
				}
				unhealthy := string(tc.provider) + ".cloud.backend-unhealthy"
				skipped := false
				for _, r := range reps {
					if r.Target.String() != tc.target {
						continue
					}
					for _, f := range r.Findings {
						if f.Rule.String() == unhealthy {
							t.Errorf("pass %d: %s found with the health read refused", pass, unhealthy)
						}
					}
					for _, s := range r.Skipped {
						if s.Check == string(tc.provider)+"-cloud-backends" && s.Class == snapshot.ReasonForbidden {
							skipped = true
						}
					}
				}
				if !skipped {
					t.Errorf("pass %d: %s: no forbidden skip of %s-cloud-backends", pass, tc.target, tc.provider)
				}
			}
			if results[string(cloud.Forbidden)] == 0 {
				t.Errorf("no call counted forbidden: %v", results)
			}
		})
	}
}
