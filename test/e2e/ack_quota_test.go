//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/client-go/rest"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/test/scenario"
)

// ackQuotaCluster is 120 workers labelled pool=a and 100 labelled pool=b; Service q1/web reuses CLB
// lb-bp1quota000000000001 on the pool=a nodes (Cluster mode) and Service q2/api reuses the same
// CLB in Local mode with ready pods on 90 pool=b nodes: 210 backend servers on one CLB.
func ackQuotaCluster() string {
	var b strings.Builder
	doc := func(format string, args ...any) { fmt.Fprintf(&b, "---\n"+format, args...) }
	for _, pool := range []struct {
		name string
		n    int
	}{{"a", 120}, {"b", 100}} {
		for i := 0; i < pool.n; i++ {
			doc(`apiVersion: v1
kind: Node
metadata: {name: %[1]s%03[2]d, labels: {pool: %[1]s}}
spec: {providerID: "cn-hangzhou.i-bp1%[1]s%03[2]d"}
status: {conditions: [{type: Ready, status: "True"}]}
`, pool.name, i)
		}
	}
	for _, ns := range []string{"q1", "q2"} {
		doc("apiVersion: v1\nkind: Namespace\nmetadata: {name: %s}\n", ns)
	}
	svc := `apiVersion: v1
kind: Service
metadata:
  name: %[1]s
  namespace: %[2]s
  annotations:
    service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id: lb-bp1quota000000000001
    service.beta.kubernetes.io/alibaba-cloud-loadbalancer-force-override-listeners: "true"
%[3]s
spec:
  type: LoadBalancer
  externalTrafficPolicy: %[4]s
  selector: {app: %[1]s}
  ports: [{port: %[5]d, protocol: TCP, targetPort: 8080}]
`
	doc(svc, "web", "q1", `    service.beta.kubernetes.io/alibaba-cloud-loadbalancer-backend-label: pool=a`, "Cluster", 80)
	doc(svc, "api", "q2", `    service.beta.kubernetes.io/alibaba-cloud-loadbalancer-scheduler: wrr`, "Local", 81)
	doc(`apiVersion: v1
kind: Pod
metadata: {name: web-1, namespace: q1, labels: {app: web}}
spec: {nodeName: a000, containers: [{name: web, image: "nginx:1.27"}]}
status: {phase: Running, conditions: [{type: Ready, status: "True"}]}
`)
	doc(`apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata: {name: api-x1, namespace: q2, labels: {kubernetes.io/service-name: api}}
addressType: IPv4
ports: [{port: 8080, protocol: TCP}]
endpoints:
`)
	for i := 0; i < 90; i++ {
		fmt.Fprintf(&b, "- {addresses: [\"10.1.%d.%d\"], conditions: {ready: true}, nodeName: b%03d, targetRef: {kind: Pod, namespace: q2, name: api-%d}}\n",
			i/250, i%250+1, i, i)
	}
	return b.String()
}

// TestACKBackendQuotaAcrossNamespaces: a single-target live run counts the backends of every Service
// on the reused CLB, in other namespaces too, and agrees with the offline run of the same objects.
func TestACKBackendQuotaAcrossNamespaces(t *testing.T) {
	file := filepath.Join(t.TempDir(), "ack-quota.yaml")
	if err := os.WriteFile(file, []byte(ackQuotaCluster()), 0o600); err != nil {
		t.Fatal(err)
	}
	applyFast(t, file)
	const path = "metadata.annotations[service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id]"
	for _, mode := range [][]string{{"svc/web", "-n", "q1"}, {"-f", file, "svc/web", "-n", "q1"}} {
		t.Run(mode[0], func(t *testing.T) {
			rep, r := lbdoctor(t, env.kubeconfig, mode...)
			if r.code != 1 {
				t.Fatalf("exit %d, want 1: %s", r.code, r.stderr)
			}
			if rep.Provider.Name != ackrules.Provider {
				t.Fatalf("provider %s, want ack", rep.Provider)
			}
			found := false
			for _, f := range rep.Findings {
				found = found || (f.Rule == ackrules.ServiceBackendQuota && f.Path == path && f.Check == "ack-backends")
			}
			if !found {
				t.Errorf("want %s at %s, got %+v", ackrules.ServiceBackendQuota, path, rep.Findings)
			}
			for _, s := range rep.Skipped {
				if s.Check == "ack-backends" {
					t.Errorf("ack-backends skipped: %s", s.Reason)
				}
			}
		})
	}
}

// applyFast is apply for a scenario of hundreds of objects: its loader is not held to client-go's
// default client-side rate limit.
func applyFast(t *testing.T, file string) {
	t.Helper()
	cfg := rest.CopyConfig(env.cfg)
	cfg.QPS, cfg.Burst = 1000, 1000
	loader, err := scenario.NewLoader(cfg)
	if err != nil {
		t.Fatal(err)
	}
	objs, err := scenario.Read(file)
	if err != nil {
		t.Fatal(err)
	}
	applyObjects(t, loader, objs)
}
