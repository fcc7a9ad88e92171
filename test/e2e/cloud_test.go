//go:build e2e

package e2e

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
)

// TestCloudSide runs the real binary through kubectl with --cloud against the shared API server and
// both simulated clouds (the demo's scenarios, hack/democloud): each cloud's findings, of source
// cloud, on a Service and an Ingress; the simulations saw only read actions, signed with the
// canary keys, which appear in no output even at -v 9; a cloud that cannot be reached is a skip
// naming the action, and the exit code stays that of the cluster-side findings.
func TestCloudSide(t *testing.T) {
	clouds := startDemoClouds(t)
	apply(t, "hack/democloud/cluster.yaml")

	tkeKey, ackKey, tkeEnv, ackEnv := clouds.tkeKey, clouds.ackKey, clouds.tkeEnv, clouds.ackEnv
	for _, tc := range []struct {
		name string
		env  []string
		args []string
		want map[string][]string // target → cloud rules it must report
	}{
		{"tke", tkeEnv, []string{"-n", "shop", "--provider", "tke", "--cloud-region", "ap-guangzhou"}, map[string][]string{
			"Service shop/web":    {"tke.cloud.listener-missing", "tke.cloud.listener-extra", "tke.cloud.backend-unhealthy"},
			"Service shop/legacy": {"tke.cloud.lb-isolated"},
			"Ingress shop/store":  {"tke.cloud.cert-expired", "tke.cloud.cert-hosts"},
		}},
		{"ack", ackEnv, []string{"-n", "pay", "--provider", "ack", "--cloud-region", "cn-hangzhou"}, map[string][]string{
			"Service pay/api": {"ack.cloud.backend-unhealthy", "ack.cloud.backend-weight-zero"},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := kubectlWith(t, env.kubeconfig, tc.env, append([]string{"lbdoctor", "--cloud", "-o", "json", "-v", "9"}, tc.args...)...)
			if r.code != 1 {
				t.Fatalf("exit %d, want 1\nstderr: %s", r.code, r.stderr)
			}
			for _, secret := range []string{tkeKey, ackKey} {
				if strings.Contains(r.stdout, secret) || strings.Contains(r.stderr, secret) {
					t.Errorf("a credential appears in the output at -v 9")
				}
			}
			got := cloudRules(t, r.stdout)
			for target, ids := range tc.want {
				for _, id := range ids {
					if !got[target][id] {
						t.Errorf("%s: no %s finding of source cloud; got %v", target, id, got[target])
					}
				}
			}
		})
	}
	clouds.checkReadOnly(t)

	t.Run("unreachable", func(t *testing.T) {
		without, _ := lbdoctor(t, env.kubeconfig, "svc/web", "-n", "shop", "--provider", "tke")
		r := kubectlWith(t, env.kubeconfig, []string{"LBDOCTOR_TKE_ENDPOINT=http://127.0.0.1:1", "TENCENTCLOUD_SECRET_ID=AKIDx", "TENCENTCLOUD_SECRET_KEY=canary-secret-never-printed"},
			"lbdoctor", "svc/web", "-n", "shop", "--provider", "tke", "--cloud", "--cloud-region", "ap-guangzhou", "--request-timeout", "5s", "-o", "json")
		var rep report.Report
		if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
			t.Fatalf("exit %d: %v\n%s", r.code, err, r.stderr)
		}
		want := 0
		if len(without.Findings) > 0 {
			want = 1
		}
		if r.code != want {
			t.Errorf("exit %d, want %d (that of the cluster-side findings)", r.code, want)
		}
		skipped := false
		for _, s := range rep.Skipped {
			if strings.HasPrefix(s.Check, "tke-cloud-") && strings.Contains(s.Reason, "DescribeLoadBalancers") {
				skipped = true
			}
		}
		if !skipped {
			t.Errorf("no cloud skip naming DescribeLoadBalancers: %+v", rep.Skipped)
		}
		if strings.Contains(r.stdout+r.stderr, "canary-secret-never-printed") {
			t.Errorf("the secret key appears in the output")
		}
	})
}

// cloudRules are the rules of the findings of source cloud in a JSON report list, by target.
func cloudRules(t *testing.T, stdout string) map[string]map[string]bool {
	t.Helper()
	var l report.List
	if err := json.Unmarshal([]byte(stdout), &l); err != nil {
		t.Fatalf("decoding: %v\n%s", err, stdout)
	}
	if len(l.Items) == 0 {
		var one report.Report
		if err := json.Unmarshal([]byte(stdout), &one); err != nil {
			t.Fatalf("decoding: %v\n%s", err, stdout)
		}
		l.Items = []report.Report{one}
	}
	out := map[string]map[string]bool{}
	for _, r := range l.Items {
		k := r.Target.String()
		out[k] = map[string]bool{}
		for _, f := range r.Findings {
			if f.Source == checks.SourceCloud {
				out[k][f.Rule.String()] = true
			}
		}
	}
	return out
}
