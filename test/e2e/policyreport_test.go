//go:build e2e

package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/test/scenario"
)

// policyReportCRDs is the test copy of the wgpolicyk8s.io/v1alpha2 CRDs (its header names the
// source).
var policyReportCRDs = filepath.Join(repoRoot, "pkg", "report", "testdata", "crd", "wgpolicyk8s.io-v1alpha2.yaml")

// TestPolicyReportAcceptedByAPIServer installs the PolicyReport and ClusterPolicyReport CRDs (test
// setup writes; the plugin never does) and has the API server create what -o policyreport prints,
// with server-side dry-run and strict field validation: every object, those of --all-contexts and
// a cluster-scoped one included, is accepted as it is (no unknown field dropped), and an object
// outside the schema is refused, so the acceptance means something. A real apply reads back as
// printed.
func TestPolicyReportAcceptedByAPIServer(t *testing.T) {
	crds, err := scenario.Read(policyReportCRDs)
	if err != nil {
		t.Fatal(err)
	}
	applyObjects(t, env.loader, crds)
	deadline := time.Now().Add(30 * time.Second)
	for {
		r := kubectl(t, env.kubeconfig, "get", "policyreports.wgpolicyk8s.io,clusterpolicyreports.wgpolicyk8s.io", "-A")
		if r.code == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the PolicyReport CRDs are not served: %s", r.stderr)
		}
		time.Sleep(200 * time.Millisecond)
	}
	apply(t, "examples/tke-ingress/broken.yaml")
	dir := t.TempDir()
	dryRun := func(t *testing.T, verb, file string) result {
		t.Helper()
		return kubectl(t, env.kubeconfig, verb, "--dry-run=server", "--validate=strict", "-f", file)
	}

	printed := kubectl(t, env.kubeconfig, "lbdoctor", "-A", "-o", "policyreport")
	if printed.code != 1 {
		t.Fatalf("kubectl lbdoctor -A -o policyreport: exit %d, want 1 (findings): %s", printed.code, printed.stderr)
	}
	if !strings.Contains(printed.stdout, "namespace: shop") || !strings.Contains(printed.stdout, "policy: "+tkerules.IngressE4011.String()) {
		t.Fatalf("no report of namespace shop with %s:\n%s", tkerules.IngressE4011, printed.stdout)
	}
	live := filepath.Join(dir, "live.yaml")
	if err := os.WriteFile(live, []byte(printed.stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, verb := range []string{"create", "apply"} {
		t.Run(verb, func(t *testing.T) {
			r := dryRun(t, verb, live)
			if r.code != 0 {
				t.Fatalf("kubectl %s --dry-run=server --validate=strict: exit %d: %s", verb, r.code, r.stderr)
			}
			if !strings.Contains(r.stdout, "policyreport.wgpolicyk8s.io/"+report.PolicyReportName) || !strings.Contains(r.stdout, "(server dry run)") {
				t.Errorf("kubectl %s: %s", verb, r.stdout)
			}
			if strings.Contains(r.stderr, "unknown field") {
				t.Errorf("kubectl %s warns of unknown fields: %s", verb, r.stderr)
			}
		})
	}

	t.Run("several contexts", func(t *testing.T) {
		// A copy of the kubeconfig with a second context on the same cluster, named as no object
		// may be: each context's reports get a name of their own.
		kc := filepath.Join(dir, "kubeconfig")
		b, err := os.ReadFile(env.kubeconfig)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(kc, b, 0o600); err != nil {
			t.Fatal(err)
		}
		cur := kubectl(t, kc, "config", "view", "--minify", "-o", "jsonpath={.contexts[0].context.cluster} {.contexts[0].context.user}")
		cluster, user, _ := strings.Cut(cur.stdout, " ")
		if r := kubectl(t, kc, "config", "set-context", "Staging:East", "--cluster", cluster, "--user", user); r.code != 0 {
			t.Fatalf("set-context: %s", r.stderr)
		}
		r := kubectl(t, kc, "lbdoctor", "--all-contexts", "-A", "-o", "policyreport", "--fail-on", "none")
		if r.code != 0 {
			t.Fatalf("--all-contexts: exit %d: %s", r.code, r.stderr)
		}
		file := filepath.Join(dir, "fleet.yaml")
		if err := os.WriteFile(file, []byte(r.stdout), 0o644); err != nil {
			t.Fatal(err)
		}
		created := dryRun(t, "create", file)
		if created.code != 0 {
			t.Fatalf("exit %d: %s", created.code, created.stderr)
		}
		if !strings.Contains(created.stdout, "policyreport.wgpolicyk8s.io/"+report.PolicyReportName+"-staging-east-") ||
			strings.Count(created.stdout, "policyreport.wgpolicyk8s.io/") != 2*strings.Count(printed.stdout, "kind: PolicyReport") {
			t.Errorf("kubectl create: %s", created.stdout)
		}
	})

	t.Run("cluster-scoped", func(t *testing.T) {
		// The live run's reports as the JSON output gives them, one moved out of its namespace: a
		// ClusterPolicyReport.
		list := decodeList(t, kubectl(t, env.kubeconfig, "lbdoctor", "-A", "-o", "json", "--fail-on", "none"))
		if len(list.Items) == 0 {
			t.Fatal("no reports")
		}
		orphan := list.Items[0]
		orphan.Target.Namespace = ""
		var buf bytes.Buffer
		if err := report.NewWriter(&buf, report.PolicyReportFormat, false, false).Write([]report.Report{orphan}, true); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, "cluster.yaml")
		if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		r := dryRun(t, "create", file)
		if r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		if !strings.Contains(r.stdout, "clusterpolicyreport.wgpolicyk8s.io/"+report.PolicyReportName+" created") {
			t.Errorf("kubectl create: %s", r.stdout)
		}
	})

	t.Run("outside the schema is refused", func(t *testing.T) {
		tests := []struct {
			name, field string
			edit        func(string) string
		}{
			{"result outside the enum", "results[0].result", func(s string) string { return strings.Replace(s, "result: fail", "result: failed", 1) }},
			{"unknown field", `"findings"`, func(s string) string { return strings.Replace(s, "summary:", "findings: 1\nsummary:", 1) }},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				file := filepath.Join(dir, "bad.yaml")
				if err := os.WriteFile(file, []byte(tt.edit(printed.stdout)), 0o644); err != nil {
					t.Fatal(err)
				}
				if r := dryRun(t, "create", file); r.code == 0 || !strings.Contains(r.stderr, tt.field) {
					t.Errorf("exit %d, want a refusal naming %s: %s", r.code, tt.field, r.stderr)
				}
			})
		}
	})

	if items := policyReports(t); len(items) != 0 {
		t.Fatalf("a dry run left %d PolicyReports in the cluster", len(items))
	}
	t.Run("applied as printed", func(t *testing.T) {
		// What a user does with the output: kubectl apply it. The object read back holds every
		// result and the summary as printed.
		if r := kubectl(t, env.kubeconfig, "apply", "--validate=strict", "-f", live); r.code != 0 {
			t.Fatalf("kubectl apply: exit %d: %s", r.code, r.stderr)
		}
		var want []report.PolicyReport
		for _, d := range strings.Split(printed.stdout, "\n---\n") {
			var pr report.PolicyReport
			if err := yaml.UnmarshalStrict([]byte(d), &pr); err != nil {
				t.Fatal(err)
			}
			want = append(want, pr)
		}
		got := policyReports(t)
		if len(got) != len(want) {
			t.Fatalf("%d PolicyReports in the cluster, %d printed", len(got), len(want))
		}
		for i := range want {
			g, w := got[i], want[i]
			if g.Metadata.Namespace != w.Metadata.Namespace || g.Metadata.Name != w.Metadata.Name || g.Summary != w.Summary ||
				len(g.Results) != len(w.Results) || g.Metadata.Labels[report.ManagedByLabel] != report.ManagedBy {
				t.Errorf("read back %s/%s %+v with %d results; printed %s/%s %+v with %d", g.Metadata.Namespace, g.Metadata.Name, g.Summary,
					len(g.Results), w.Metadata.Namespace, w.Metadata.Name, w.Summary, len(w.Results))
				continue
			}
			for j := range w.Results {
				if gj, wj := g.Results[j], w.Results[j]; gj.Policy != wj.Policy || gj.Result != wj.Result || gj.Message != wj.Message ||
					len(gj.Properties) != len(wj.Properties) || len(gj.Resources) != len(wj.Resources) {
					t.Errorf("result %d read back as %+v, printed %+v", j, gj, wj)
				}
			}
		}
	})
}

// policyReports are the PolicyReports of every namespace, sorted by namespace.
func policyReports(t *testing.T) []report.PolicyReport {
	t.Helper()
	r := kubectl(t, env.kubeconfig, "get", "policyreports.wgpolicyk8s.io", "-A", "-o", "json")
	if r.code != 0 {
		t.Fatalf("kubectl get policyreports: exit %d: %s", r.code, r.stderr)
	}
	var list struct {
		Items []report.PolicyReport `json:"items"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &list); err != nil {
		t.Fatal(err)
	}
	return list.Items
}
