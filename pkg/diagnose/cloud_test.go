package diagnose

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/cloudsim/alibaba"
	"github.com/lbdoctor/kubectl-lbdoctor/internal/cloudsim/tencent"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestCloudRead reads the demo's objects (hack/democloud) and their load balancers from both
// simulated clouds through the readers of CloudReaders, and diagnoses them: each cloud's findings
// are of source cloud, and every call is counted.
func TestCloudRead(t *testing.T) {
	root := demoClouds(t, nil)

	for _, tc := range []struct {
		ns, region string
		provider   rules.Provider
		want       map[string][]string
	}{
		{"shop", "ap-guangzhou", "tke", map[string][]string{
			"Service shop/web":    {"tke.cloud.backend-unhealthy", "tke.cloud.listener-extra", "tke.cloud.listener-missing"},
			"Service shop/legacy": {"tke.cloud.lb-isolated"},
			"Ingress shop/store":  {"tke.cloud.cert-expired", "tke.cloud.cert-hosts"},
		}},
		{"pay", "cn-hangzhou", "ack", map[string][]string{
			"Service pay/api": {"ack.cloud.backend-unhealthy", "ack.cloud.backend-weight-zero"},
		}},
	} {
		t.Run(string(tc.provider), func(t *testing.T) {
			batches, _, err := Offline(snapshot.Files{Paths: []string{filepath.Join(root, "cluster.yaml")}}, nil, tc.ns, snapshot.Selector{})
			if err != nil {
				t.Fatal(err)
			}
			calls := map[string]int{}
			cl := &Cloud{Region: tc.region, Count: func(a cloud.Action, result string) { calls[a.Name+" "+result]++ }}
			for _, b := range batches {
				cl.Read(context.Background(), b.Snap, b.Targets, nil, tc.provider)
			}
			reps, err := All(batches, Options{Provider: tc.provider})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string][]string{}
			for _, r := range reps {
				for _, f := range r.Findings {
					if f.Source == checks.SourceCloud {
						got[r.Target.String()] = append(got[r.Target.String()], f.Rule.String())
					}
				}
				for _, s := range r.Skipped {
					t.Logf("%s: skipped %s: %s", r.Target, s.Check, s.Reason)
				}
			}
			for target, ids := range tc.want {
				for _, id := range ids {
					if !slices.Contains(got[target], id) {
						t.Errorf("%s: no %s; got %v", target, id, got[target])
					}
				}
			}
			if len(calls) == 0 {
				t.Errorf("no call counted")
			}
			t.Logf("calls %v", calls)
		})
	}
}

// demoClouds starts the demo's simulated clouds (hack/democloud), the Tencent one with faults
// added, points the readers at them with their keys, and returns the demo's folder.
func demoClouds(t *testing.T, faults []tencent.Fault) string {
	t.Helper()
	root := filepath.Join("..", "..", "hack", "democloud")
	startClouds(t, root, func(s *tencent.Scenario) { s.Faults = append(s.Faults, faults...) }, nil)
	return root
}

// clouds are the simulated clouds of a test and their scenarios.
type clouds struct {
	tke  *tencent.Server
	tscn *tencent.Scenario
	ack  *alibaba.Sim
	ascn *alibaba.Scenario
}

// startClouds starts both simulated clouds on the scenarios of root (hack/democloud), each changed by
// its edit when given, and points the readers at them with the scenarios' first keys.
func startClouds(t *testing.T, root string, tedit func(*tencent.Scenario), aedit func(*alibaba.Scenario)) clouds {
	t.Helper()
	tscn, err := tencent.LoadScenario(filepath.Join(root, "tke.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if tedit != nil {
		tedit(tscn)
	}
	tsim := tencent.New(tscn)
	turl, err := tsim.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = tsim.Close() })
	ascn, err := alibaba.Load(filepath.Join(root, "ack.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if aedit != nil {
		aedit(ascn)
	}
	asim := alibaba.New(ascn)
	aurl, err := asim.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(asim.Close)
	t.Setenv("LBDOCTOR_TKE_ENDPOINT", turl)
	t.Setenv("TENCENTCLOUD_SECRET_ID", tscn.Credentials[0].SecretID)
	t.Setenv("TENCENTCLOUD_SECRET_KEY", tscn.Credentials[0].SecretKey)
	t.Setenv("LBDOCTOR_ACK_ENDPOINT", aurl)
	t.Setenv("ALIBABA_CLOUD_ACCESS_KEY_ID", ascn.Credentials[0].AccessKeyID)
	t.Setenv("ALIBABA_CLOUD_ACCESS_KEY_SECRET", ascn.Credentials[0].AccessKeySecret)
	t.Setenv("HOME", t.TempDir())
	return clouds{tsim, tscn, asim, ascn}
}

// TestCloudBackendSet reads the demo's load balancers from both simulated clouds through the
// vendors' SDKs, with the demo's objects and nodes the load balancers lack: each Service's listener
// lacks a Ready node its controller registers. The input files may lack nodes, so no backend is
// called stale offline, and the check says so.
func TestCloudBackendSet(t *testing.T) {
	startClouds(t, filepath.Join("..", "..", "hack", "democloud"), nil, nil)
	file := filepath.Join("testdata", t.Name(), "cluster.yaml")
	for _, tc := range []struct {
		ns, region string
		provider   rules.Provider
		target     string
		want       string
	}{
		{"shop", "ap-guangzhou", "tke", "Service shop/web", "tke.cloud.backend-missing"},
		{"pay", "cn-hangzhou", "ack", "Service pay/api", "ack.cloud.backend-missing"},
	} {
		t.Run(string(tc.provider), func(t *testing.T) {
			batches, _, err := Offline(snapshot.Files{Paths: []string{file}}, nil, tc.ns, snapshot.Selector{})
			if err != nil {
				t.Fatal(err)
			}
			cl := &Cloud{Region: tc.region}
			for _, b := range batches {
				cl.Read(context.Background(), b.Snap, b.Targets, nil, tc.provider)
			}
			reps, err := All(batches, Options{Provider: tc.provider})
			if err != nil {
				t.Fatal(err)
			}
			found, stale, noted := false, false, false
			for _, r := range reps {
				if r.Target.String() != tc.target {
					continue
				}
				for _, f := range r.Findings {
					found = found || (f.Rule.String() == tc.want && f.Source == checks.SourceCloud)
					stale = stale || strings.HasSuffix(f.Rule.String(), ".cloud.backend-stale")
				}
				for _, s := range r.Skipped {
					noted = noted || s.Check == string(tc.provider)+"-cloud-backend-set"
				}
			}
			if !found {
				t.Errorf("%s: no %s of source cloud", tc.target, tc.want)
			}
			if stale {
				t.Errorf("%s: a backend called stale from input files that may lack nodes", tc.target)
			}
			if !noted {
				t.Errorf("%s: the backend-set check does not say that stale backends are unknown", tc.target)
			}
		})
	}
}
