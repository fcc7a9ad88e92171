//go:build e2e

package e2e

import (
	"crypto/tls"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/testutil"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
)

func writeKubeconfig(t *testing.T, server string) string { return testutil.Kubeconfig(t, server, true) }

// TestHardEdgeNeverAnsweringServer: a listener that accepts and never replies ends the run within
// --request-timeout with exit 2 and one line, in target and scope mode.
func TestHardEdgeNeverAnsweringServer(t *testing.T) {
	addr := testutil.SilentServer(t)
	kc := writeKubeconfig(t, "http://"+addr)
	for _, args := range [][]string{{"svc/foo"}, {"-A"}} {
		t.Run(args[0], func(t *testing.T) {
			start := time.Now()
			r := kubectl(t, kc, append([]string{"lbdoctor", "--request-timeout=2s"}, args...)...)
			assertOneLineExit2(t, r, "the API server at http://"+addr+" did not answer within 2s")
			if d := time.Since(start); d > 6*time.Second {
				t.Errorf("took %v with --request-timeout=2s", d)
			}
		})
	}
}

// failingProxy forwards to the test API server but answers 500 to any request whose path contains fail.
func failingProxy(t *testing.T, fail string) string {
	t.Helper()
	target, err := url.Parse(env.cfg.Host)
	if err != nil {
		t.Fatal(err)
	}
	rp := httputil.NewSingleHostReverseProxy(target)
	rp.Transport = &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.Path, fail) {
			http.Error(w, "injected failure", http.StatusInternalServerError)
			return
		}
		r.Header.Set("Authorization", "Bearer "+env.cfg.BearerToken)
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return writeKubeconfig(t, srv.URL)
}

// TestHardEdgeIncompleteExits2: a read that fails with a 5xx makes the run exit 2 (the report still
// printed, marked incomplete) unless --allow-incomplete.
func TestHardEdgeIncompleteExits2(t *testing.T) {
	apply(t, "examples/tke-ingress/broken.yaml")
	kc := failingProxy(t, "/events")
	_, r := lbdoctor(t, kc, "ingress/shop-web", "-n", "shop")
	if r.code != 2 {
		t.Fatalf("exit %d, want 2; stderr %s", r.code, r.stderr)
	}
	assertOneLineExit2(t, r, "--allow-incomplete")
	var printed report.Report
	if err := json.Unmarshal([]byte(r.stdout), &printed); err != nil || len(printed.Incomplete) == 0 || len(printed.Findings) == 0 {
		t.Errorf("the report should still print, marked incomplete: %v %+v", err, printed.Incomplete)
	}
	rep, r := lbdoctor(t, kc, "ingress/shop-web", "-n", "shop", "--allow-incomplete")
	if r.code != 1 || len(rep.Incomplete) == 0 {
		t.Errorf("--allow-incomplete: exit %d (want 1 by the findings), incomplete %v", r.code, rep.Incomplete)
	}
}

func targetsOf(l report.List) []string {
	var out []string
	for _, r := range l.Items {
		out = append(out, strings.ToLower(string(r.Target.Kind))+"/"+r.Target.Namespace+"/"+r.Target.Name)
	}
	sort.Strings(out)
	return out
}

// TestHardEdgeSelectors: -l and --field-selector narrow a scope run live as offline, and a selected
// Ingress is diagnosed as when named (its backend, left out by the selector, is still read).
func TestHardEdgeSelectors(t *testing.T) {
	const file = "test/e2e/testdata/selectors.yaml"
	apply(t, file)
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"label", []string{"-l", "tier=front"}, []string{"ingress/sel/front", "service/sel/front"}},
		{"label set-based", []string{"-l", "tier in (back)"}, []string{"service/sel/back"}},
		{"field", []string{"--field-selector", "metadata.name=back"}, []string{"service/sel/back"}},
		{"both", []string{"-l", "tier=front", "--field-selector", "metadata.namespace=sel"}, []string{"ingress/sel/front", "service/sel/front"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			live := kubectl(t, env.kubeconfig, append([]string{"lbdoctor", "-n", "sel", "-o", "json"}, tt.args...)...)
			if live.code == 2 {
				t.Fatalf("live: %s", live.stderr)
			}
			offline := kubectl(t, env.kubeconfig, append([]string{"lbdoctor", "-f", filepath.Join(repoRoot, file), "-n", "sel", "-o", "json"}, tt.args...)...)
			if offline.code == 2 {
				t.Fatalf("offline: %s", offline.stderr)
			}
			for mode, r := range map[string]result{"live": live, "offline": offline} {
				if got := targetsOf(decodeList(t, r)); strings.Join(got, " ") != strings.Join(tt.want, " ") {
					t.Errorf("%s: targets %v, want %v", mode, got, tt.want)
				}
			}
		})
	}
	t.Run("selected Ingress equals named Ingress", func(t *testing.T) {
		l := decodeList(t, kubectl(t, env.kubeconfig, "lbdoctor", "-n", "sel", "-l", "tier=front", "-o", "json"))
		named, _ := lbdoctor(t, env.kubeconfig, "ingress/front", "-n", "sel")
		for _, r := range l.Items {
			if r.Target.Kind != "Ingress" {
				continue
			}
			var a, b []string
			for _, f := range r.Findings {
				a = append(a, f.Rule.String()+" "+f.Path)
			}
			for _, f := range named.Findings {
				b = append(b, f.Rule.String()+" "+f.Path)
			}
			if strings.Join(a, ";") != strings.Join(b, ";") {
				t.Errorf("selected %v, named %v", a, b)
			}
		}
	})
	t.Run("selector with a target", func(t *testing.T) {
		assertOneLineExit2(t, kubectl(t, env.kubeconfig, "lbdoctor", "svc/front", "-n", "sel", "-l", "tier=front"), "either a selector or a target")
	})
}

// TestHardEdgeResourceTypes: the cluster's REST mapper names what an unsupported type is.
func TestHardEdgeResourceTypes(t *testing.T) {
	assertOneLineExit2(t, kubectl(t, env.kubeconfig, "lbdoctor", "deploy/x"), "not Deployment.apps")
	assertOneLineExit2(t, kubectl(t, env.kubeconfig, "lbdoctor", "frobnicators/x"), `doesn't have a resource type "frobnicators"`)
	assertOneLineExit2(t, kubectl(t, env.kubeconfig, "lbdoctor", "svc.v.x/y"), `"svc.v.x"`)
}
