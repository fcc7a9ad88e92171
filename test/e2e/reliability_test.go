//go:build e2e

package e2e

import (
	"crypto/tls"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
)

// canaries are planted in scenario Secrets (test/e2e/testdata/canary.yaml); no output may show them.
var canaries = []string{"CANARY-TLS-KEY-7f3a", "CANARY-TLS-CRT-91bc", "CANARY-OTHER-55de", "CANARY-PASSWORD-0c1d"}

func TestNoSecretLeaks(t *testing.T) {
	apply(t, "test/e2e/testdata/canary.yaml")
	runs := map[string][]string{
		"text":       {"lbdoctor", "ingress/canary", "-n", "canary"},
		"fix-hints":  {"lbdoctor", "ingress/canary", "-n", "canary", "--fix-hints"},
		"json":       {"lbdoctor", "ingress/canary", "-n", "canary", "-o", "json"},
		"yaml":       {"lbdoctor", "ingress/canary", "-n", "canary", "-o", "yaml"},
		"verbose":    {"lbdoctor", "ingress/canary", "-n", "canary", "-v=9"},
		"all":        {"lbdoctor", "-A", "-o", "json", "-v=9"},
		"all-hints":  {"lbdoctor", "-A", "--fix-hints"},
		"explain":    {"lbdoctor", "explain", "E4011"},
		"events-raw": {"lbdoctor", "ingress/canary", "-n", "canary", "-o", "yaml", "--fail-on", "none"},
	}
	found := 0
	for name, args := range runs {
		r := kubectl(t, env.kubeconfig, args...)
		if r.code == 2 {
			t.Errorf("%s: exit 2: %s", name, r.stderr)
		}
		for _, c := range canaries {
			for _, form := range []string{c, base64.StdEncoding.EncodeToString([]byte(c))} {
				if n := strings.Count(r.stdout, form) + strings.Count(r.stderr, form); n > 0 {
					found += n
					t.Errorf("%s: canary %q (as %q) printed %d time(s)", name, c, form, n)
				}
			}
		}
	}
	t.Logf("canary hits across %d runs: %d", len(runs), found)
	// The run must still have diagnosed the Secret (key names and sizes, no values).
	rep, _ := lbdoctor(t, env.kubeconfig, "ingress/canary", "-n", "canary")
	ok := false
	for _, f := range rep.Findings {
		ok = ok || f.Rule == tkerules.IngressE4011
	}
	if !ok {
		t.Errorf("canary scenario should report E4011 (Secret without qcloud_cert_id)")
	}
}

// TestLeastPrivilegeNoFalseFindings runs every broken scenario as a user who may read only the
// scenario's namespaces: each of its findings is one the admin sees too, and each admin finding it
// lacks belongs to a check it reports as skipped with the RBAC rule.
func TestLeastPrivilegeNoFalseFindings(t *testing.T) {
	for _, file := range scenarioFiles(t) {
		if !strings.Contains(file, "broken") {
			continue
		}
		t.Run(file, func(t *testing.T) {
			apply(t, file)
			admin := decodeList(t, kubectl(t, env.kubeconfig, "lbdoctor", "-A", "-o", "json"))
			for _, ns := range namespacesOf(admin) {
				grantNamespaceRead(t, ns)
			}
			for _, a := range admin.Items {
				kind := strings.ToLower(string(a.Target.Kind))
				rep, r := lbdoctor(t, env.restricted, kind+"/"+a.Target.Name, "-n", a.Target.Namespace)
				if r.code == 2 {
					t.Fatalf("%v: restricted run failed: %s", a.Target, r.stderr)
				}
				af, rf := checkFindings(a), checkFindings(rep)
				for k := range rf {
					if _, ok := af[k]; !ok {
						t.Errorf("%v: restricted user got %s at %s, which admin does not", a.Target, k.rule, k.path)
					}
				}
				skipped := map[string]string{}
				for _, s := range rep.Skipped {
					skipped[s.Check] = s.Reason
				}
				for k, f := range af {
					if _, ok := rf[k]; ok {
						continue
					}
					if !strings.Contains(skipped[f.Check], "needs RBAC") {
						t.Errorf("%v: admin finding %s at %s missing for the restricted user, and check %s not skipped with an RBAC rule (%q)",
							a.Target, k.rule, k.path, f.Check, skipped[f.Check])
					}
				}
				for _, s := range rep.Skipped {
					if !strings.Contains(s.Reason, "needs RBAC") && !strings.Contains(s.Reason, "not served") {
						t.Errorf("%v: skip without the missing permission: %+v", a.Target, s)
					}
				}
			}
		})
	}
}

// namespacesOf lists the namespaces of a report list's targets.
func namespacesOf(l report.List) []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range l.Items {
		if !seen[r.Target.Namespace] {
			seen[r.Target.Namespace] = true
			out = append(out, r.Target.Namespace)
		}
	}
	return out
}

// grantNamespaceRead lets the restricted user read the diagnosed kinds in ns, nothing else.
func grantNamespaceRead(t *testing.T, ns string) {
	t.Helper()
	manifest := fmt.Sprintf(`apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: lbdoctor-ns-read, namespace: %[1]s}
rules:
- apiGroups: ["", networking.k8s.io, discovery.k8s.io, events.k8s.io]
  resources: [services, ingresses, endpointslices, pods, events]
  verbs: [get, list]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: lbdoctor-ns-read, namespace: %[1]s}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: lbdoctor-ns-read}
subjects: [{apiGroup: rbac.authorization.k8s.io, kind: User, name: lbdoctor-restricted}]
`, ns)
	p := filepath.Join(t.TempDir(), "role.yaml")
	if err := os.WriteFile(p, []byte(manifest), 0o600); err != nil {
		t.Fatal(err)
	}
	apply(t, p)
}

func TestFaultServerStoppedBeforeRun(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cluster")
	up := exec.Command("bash", filepath.Join(repoRoot, "hack/local-cluster.sh"), "up", dir)
	if out, err := up.CombinedOutput(); err != nil {
		t.Fatalf("second cluster: %v\n%s", err, out)
	}
	kc := filepath.Join(t.TempDir(), "kubeconfig")
	b, err := os.ReadFile(filepath.Join(dir, "admin.kubeconfig"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(kc, b, 0o600); err != nil {
		t.Fatal(err)
	}
	down := exec.Command("bash", filepath.Join(repoRoot, "hack/local-cluster.sh"), "down", dir)
	if out, err := down.CombinedOutput(); err != nil {
		t.Fatalf("down: %v\n%s", err, out)
	}
	start := time.Now()
	r := kubectl(t, kc, "lbdoctor", "svc/x", "--request-timeout=3s")
	assertOneLineExit2(t, r, "cannot reach the API server")
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("took %v with --request-timeout=3s", d)
	}
}

func TestFaultSlowServer(t *testing.T) {
	p := newProxy(t, func(n int64) behaviour { return behaviour{delay: 4 * time.Second} })
	start := time.Now()
	r := kubectl(t, p.kubeconfig, "lbdoctor", "svc/web", "-n", "default", "--request-timeout=1s")
	assertOneLineExit2(t, r, "did not answer within 1s")
	if d := time.Since(start); d > 3500*time.Millisecond {
		t.Errorf("took %v with --request-timeout=1s", d)
	}
}

// TestFaultServerStopsMidRun answers the first requests and then stops answering: the run ends
// within its request timeout with a report marked incomplete (or one clean line), never a hang.
func TestFaultServerStopsMidRun(t *testing.T) {
	apply(t, "examples/tke-ingress/broken.yaml")
	p := newProxy(t, func(n int64) behaviour { return behaviour{hang: n > 2} })
	start := time.Now()
	rep, r := lbdoctor(t, p.kubeconfig, "ingress/shop-web", "-n", "shop", "--request-timeout=2s")
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v", d)
	}
	switch r.code {
	case 2:
		assertOneLineExit2(t, r, "")
	default:
		if len(rep.Incomplete) == 0 {
			t.Errorf("a run that lost the server mid-way must be marked incomplete: %+v", rep)
		}
		for _, f := range rep.Findings {
			if f.Rule == tkerules.IngressE4010 || f.Rule == tkerules.IngressE4041 {
				t.Errorf("a failed read became a not-found finding: %s", f.Rule)
			}
		}
	}
}

func assertOneLineExit2(t *testing.T, r result, want string) {
	t.Helper()
	if r.code != 2 {
		t.Fatalf("exit %d, want 2; stdout %q stderr %q", r.code, r.stdout, r.stderr)
	}
	if strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 || !strings.Contains(r.stderr, want) || strings.Contains(r.stderr, "goroutine") {
		t.Errorf("stderr should be one line containing %q: %q", want, r.stderr)
	}
}

type behaviour struct {
	delay time.Duration
	hang  bool
}

type proxy struct {
	kubeconfig string
	requests   atomic.Int64
}

// newProxy puts an HTTPS reverse proxy in front of the test API server whose per-request behaviour
// (by request number, from 1) simulates a slow or vanishing server.
func newProxy(t *testing.T, how func(n int64) behaviour) *proxy {
	t.Helper()
	target, err := url.Parse(env.cfg.Host)
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{}
	rp := httputil.NewSingleHostReverseProxy(target)
	rp.Transport = &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b := how(p.requests.Add(1))
		if b.hang {
			<-r.Context().Done()
			return
		}
		select {
		case <-time.After(b.delay):
		case <-r.Context().Done():
			return
		}
		r.Header.Set("Authorization", "Bearer "+env.cfg.BearerToken)
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	p.kubeconfig = filepath.Join(t.TempDir(), "kubeconfig")
	cfg := fmt.Sprintf(`apiVersion: v1
kind: Config
clusters: [{name: p, cluster: {server: %q, insecure-skip-tls-verify: true}}]
users: [{name: u, user: {token: proxied}}]
contexts: [{name: p, context: {cluster: p, user: u, namespace: default}}]
current-context: p
`, srv.URL)
	if err := os.WriteFile(p.kubeconfig, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestAllNamespacesSomeForbidden: a user who may list namespaces but read only some of them gets
// reports for those, and the others are named as not diagnosed — no abort, no false finding.
func TestAllNamespacesSomeForbidden(t *testing.T) {
	apply(t, "examples/tke-ingress/broken.yaml")
	apply(t, "test/e2e/testdata/canary.yaml")
	apply(t, "test/e2e/testdata/list-namespaces.yaml")
	grantNamespaceRead(t, "shop")
	r := kubectl(t, env.restricted, "lbdoctor", "-A", "-o", "json")
	if r.code == 2 {
		t.Fatalf("exit 2: %s", r.stderr)
	}
	l := decodeList(t, r)
	if len(l.Items) == 0 {
		t.Fatalf("no reports")
	}
	for _, rep := range l.Items {
		if rep.Target.Namespace != "shop" {
			t.Errorf("report for a namespace the user may not read: %v", rep.Target)
		}
		if !strings.Contains(strings.Join(rep.Incomplete, ";"), "namespace canary not diagnosed") {
			t.Errorf("%v: incomplete should name the unreadable namespace: %v", rep.Target, rep.Incomplete)
		}
	}
}
