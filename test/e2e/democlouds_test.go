//go:build e2e

package e2e

import (
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/cloudsim/alibaba"
	"github.com/lbdoctor/kubectl-lbdoctor/internal/cloudsim/tencent"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
)

// demoClouds are both simulated clouds, of the demo's scenarios (hack/democloud) or a test's own,
// started for one test, with the environment that points the binary at each and signs with its canary keys.
type demoClouds struct {
	tencent        *tencent.Server
	alibaba        *alibaba.Sim
	tkeEnv, ackEnv []string
	tkeKey, ackKey string
}

// startDemoClouds starts both simulated clouds of the demo; they stop when the test ends.
func startDemoClouds(t *testing.T) *demoClouds {
	t.Helper()
	return startClouds(t, repoRoot+"/hack/democloud/tke.yaml", repoRoot+"/hack/democloud/ack.yaml")
}

// startClouds starts a simulated Tencent Cloud and a simulated Alibaba Cloud from the scenario
// files tke and ack; they stop when the test ends.
func startClouds(t *testing.T, tke, ack string) *demoClouds {
	t.Helper()
	tscn, err := tencent.LoadScenario(tke)
	if err != nil {
		t.Fatal(err)
	}
	tsim := tencent.New(tscn)
	turl, err := tsim.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = tsim.Close() })
	ascn, err := alibaba.Load(ack)
	if err != nil {
		t.Fatal(err)
	}
	asim := alibaba.New(ascn)
	aurl, err := asim.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(asim.Close)
	tc, ac := tscn.Credentials[0], ascn.Credentials[0]
	return &demoClouds{tencent: tsim, alibaba: asim, tkeKey: tc.SecretKey, ackKey: ac.AccessKeySecret,
		tkeEnv: []string{"LBDOCTOR_TKE_ENDPOINT=" + turl, "TENCENTCLOUD_SECRET_ID=" + tc.SecretID, "TENCENTCLOUD_SECRET_KEY=" + tc.SecretKey},
		ackEnv: []string{"LBDOCTOR_ACK_ENDPOINT=" + aurl, "ALIBABA_CLOUD_ACCESS_KEY_ID=" + ac.AccessKeyID, "ALIBABA_CLOUD_ACCESS_KEY_SECRET=" + ac.AccessKeySecret}}
}

// checkReadOnly fails the test unless both simulated clouds were asked something and only read
// actions.
func (d *demoClouds) checkReadOnly(t *testing.T) {
	t.Helper()
	treq, areq := d.tencent.Requests(), d.alibaba.Requests()
	if len(treq) == 0 || len(areq) == 0 {
		t.Errorf("the simulated clouds saw %d and %d requests", len(treq), len(areq))
	}
	for _, q := range treq {
		if !(cloud.Action{Name: q.Action}).ReadOnly() {
			t.Errorf("simulated Tencent Cloud received %s", q.Action)
		}
	}
	for _, q := range areq {
		if !(cloud.Action{Name: q.Action}).ReadOnly() {
			t.Errorf("simulated Alibaba Cloud received %s", q.Action)
		}
	}
}
