//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"testing"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
)

// TestPreflightCloudPortTaken runs the real binary's `preflight --cloud` through kubectl against the
// shared API server and both simulated clouds (the demo's scenarios, hack/democloud): a new Service
// that reuses a load balancer on a port another owner's listener already holds is a listener-taken
// finding of source cloud before anything is applied (exit 1), a port that is free is none, and the
// simulated clouds received only read actions.
func TestPreflightCloudPortTaken(t *testing.T) {
	clouds := startDemoClouds(t)
	const ns = "preflight-cloud"
	applyObjects(t, env.loader, []*unstructured.Unstructured{namespace(ns)})

	// lb-demo0001 (TKE) has listeners on 80 and 8080; lb-demoack1 (ACK) one on 80, described as
	// CCM's for the Service pay/api.
	for _, tc := range []struct {
		provider, region, annotation, lb string
		env                              []string
		rule                             string
	}{
		{"tke", "ap-guangzhou", "service.kubernetes.io/tke-existed-lbid", "lb-demo0001",
			clouds.tkeEnv,
			"tke.cloud.listener-taken"},
		{"ack", "cn-hangzhou", "service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id", "lb-demoack1",
			clouds.ackEnv,
			"ack.cloud.listener-taken"},
	} {
		t.Run(tc.provider, func(t *testing.T) {
			for _, port := range []struct {
				port  string
				taken bool
			}{{"80", true}, {"9090", false}} {
				file := filepath.Join(t.TempDir(), "new.yaml")
				manifest := "apiVersion: v1\nkind: Service\nmetadata:\n  name: reuser\n  namespace: " + ns + "\n  annotations:\n" +
					"    " + tc.annotation + ": " + tc.lb + "\nspec:\n  type: LoadBalancer\n  selector: {app: reuser}\n" +
					"  ports: [{port: " + port.port + ", targetPort: 8080, protocol: TCP}]\n"
				if err := os.WriteFile(file, []byte(manifest), 0o600); err != nil {
					t.Fatal(err)
				}
				r := kubectlWith(t, env.kubeconfig, tc.env, "lbdoctor", "preflight", "-f", file, "--provider", tc.provider,
					"--cloud", "--cloud-region", tc.region, "-o", "json")
				if r.code == 2 {
					t.Fatalf("port %s: exit 2: %s", port.port, r.stderr)
				}
				l := decodeList(t, r)
				var got []string
				for _, rep := range l.Items {
					for _, f := range rep.Findings {
						if f.Source == checks.SourceCloud {
							got = append(got, f.Rule.String())
						}
						if f.Rule.String() == tc.rule && f.Source != checks.SourceCloud {
							t.Errorf("port %s: %s of source %q, want cloud", port.port, tc.rule, f.Source)
						}
					}
				}
				taken := false
				for _, id := range got {
					taken = taken || id == tc.rule
				}
				switch {
				case port.taken && !taken:
					t.Errorf("port %s: no %s; cloud findings %v; stderr %s", port.port, tc.rule, got, r.stderr)
				case port.taken && r.code != 1:
					t.Errorf("port %s: exit %d, want 1", port.port, r.code)
				case !port.taken && taken:
					t.Errorf("port %s is free on %s, yet %s", port.port, tc.lb, tc.rule)
				}
			}
		})
	}
	clouds.checkReadOnly(t)
}
