//go:build e2e

package e2e

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// TestServeMetricsFollowTheCluster starts `serve`, breaks an Ingress (E4009 series appears), fixes it
// (the series goes), restarts the API server (serve stays ready, its informers re-list) and breaks
// it again (the series is back); over the whole run serve only gets, lists and watches.
func TestServeMetricsFollowTheCluster(t *testing.T) {
	ns := "serve-e2e"
	mark := auditMark(t)
	applyObjects(t, env.loader, []*unstructured.Unstructured{namespace(ns), tlsSecret(ns), watchIngress(ns, "mall-tls")})
	p := startPlugin(t, "lbdoctor", "serve", "--metrics-bind-address", "127.0.0.1:0", "--serve-report")
	base := serveAddress(t, p)
	waitFor(t, 60*time.Second, "readyz 200", func() bool { code, _ := get(base + "/readyz"); return code == 200 })
	series := regexp.MustCompile(`(?m)^lbdoctor_findings\{[^}]*code="E4009"[^}]*name="mall"[^}]*namespace="` + ns + `"[^}]*\} 1$`)
	metrics := func() string { _, body := get(base + "/metrics"); return body }
	if series.MatchString(metrics()) {
		t.Fatalf("E4009 series before the Ingress broke")
	}

	replaceObject(t, watchIngress(ns, ""))
	waitFor(t, 30*time.Second, "the E4009 series", func() bool { return series.MatchString(metrics()) })
	if _, body := get(base + "/report"); !strings.Contains(body, `"E4009"`) {
		t.Errorf("/report lacks E4009")
	}

	replaceObject(t, watchIngress(ns, "mall-tls"))
	waitFor(t, 30*time.Second, "the E4009 series to go", func() bool { return !series.MatchString(metrics()) })

	restart := exec.Command("bash", filepath.Join(repoRoot, "hack/local-cluster.sh"), "restart-apiserver", env.dir)
	if out, err := restart.CombinedOutput(); err != nil {
		t.Fatalf("restart-apiserver: %v\n%s", err, out)
	}
	if code, _ := get(base + "/readyz"); code != 200 {
		t.Errorf("readyz %d right after the API server restart, want 200 (the cache stays valid)", code)
	}
	replaceObject(t, watchIngress(ns, ""))
	waitFor(t, 90*time.Second, "the E4009 series after the restart", func() bool { return series.MatchString(metrics()) })
	synced := regexp.MustCompile(`(?m)^lbdoctor_informer_synced\{resource="([^"]+)"\} 0$`)
	waitFor(t, 30*time.Second, "every informer synced again", func() bool { return !synced.MatchString(metrics()) })
	if code, _ := get(base + "/readyz"); code != 200 {
		t.Errorf("readyz %d after the restart", code)
	}

	if code := p.interrupt(t); code != 0 {
		t.Fatalf("serve exit %d after SIGINT; stderr: %s", code, p.stderr.String())
	}
	verbs := map[string]int{}
	for _, e := range auditSince(t, mark) {
		verbs[e.Verb]++
		if e.Verb != "get" && e.Verb != "list" && e.Verb != "watch" {
			t.Errorf("serve wrote: %s %s", e.Verb, e.RequestURI)
		}
	}
	if verbs["watch"] == 0 {
		t.Errorf("no watch in the audit log: %v", verbs)
	}
	t.Logf("serve's requests: %v", verbs)
}

// TestServeReportOffByDefault: without --serve-report, /report answers 404 and names no object,
// while /metrics and /readyz serve.
func TestServeReportOffByDefault(t *testing.T) {
	ns := "serve-report-e2e"
	applyObjects(t, env.loader, []*unstructured.Unstructured{namespace(ns), watchIngress(ns, "")})
	p := startPlugin(t, "lbdoctor", "serve", "--metrics-bind-address", "127.0.0.1:0")
	base := serveAddress(t, p)
	waitFor(t, 60*time.Second, "readyz 200", func() bool { code, _ := get(base + "/readyz"); return code == 200 })
	if code, body := get(base + "/report"); code != http.StatusNotFound || strings.Contains(body, ns) {
		t.Errorf("/report without --serve-report = %d %q, want 404 naming no object", code, body)
	}
	code, body := get(base + "/metrics")
	if code != http.StatusOK || !strings.Contains(body, `namespace="`+ns+`"`) {
		t.Errorf("/metrics = %d, or without the finding of %s", code, ns)
	}
	for _, re := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^lbdoctor_build_info\{goversion="go[^"]+",revision="[^"]+",version="[^"]+"\} 1$`),
		regexp.MustCompile(`(?m)^lbdoctor_last_full_sync_timestamp_seconds [1-9]`),
		regexp.MustCompile(`(?m)^lbdoctor_informer_synced\{resource="ingresses"\} 1$`),
	} {
		if !re.MatchString(body) {
			t.Errorf("/metrics lacks %s", re)
		}
	}
	if code := p.interrupt(t); code != 0 {
		t.Fatalf("serve exit %d after SIGINT; stderr: %s", code, p.stderr.String())
	}
}

// serveAddress reads the address serve listens on from its stderr.
func serveAddress(t *testing.T, p *plugin) string {
	t.Helper()
	re := regexp.MustCompile(`on (http://127\.0\.0\.1:\d+)`)
	var addr string
	waitFor(t, 60*time.Second, "serve's address", func() bool {
		m := re.FindStringSubmatch(p.stderr.String())
		if m != nil {
			addr = m[1]
		}
		return m != nil
	})
	return addr
}

// get returns the status and body of a GET, 0 when the request failed.
func get(url string) (int, string) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, ""
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, ""
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(bufio.NewReader(resp.Body))
	return resp.StatusCode, string(b)
}

// waitFor polls cond every 100 ms until it holds, failing after timeout.
func waitFor(t *testing.T, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %s", what, timeout)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
