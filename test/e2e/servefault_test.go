//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"

	"github.com/lbdoctor/kubectl-lbdoctor/test/scenario"
)

// The serve fault tests run against a private cluster, so that stopping its API server or
// compacting its etcd disturbs no other test. Its API server has no watch cache and never compacts
// etcd on its own: a watch then reads etcd directly, and the test decides when history expires.

// faultCluster is the private cluster of the serve fault tests.
type faultCluster struct {
	dir, kubeconfig, auditLog, etcdURL string
	cfg                                *rest.Config
	kube                               kubernetes.Interface
	loader                             *scenario.Loader
}

var faults struct {
	once sync.Once
	c    *faultCluster
	err  error
}

// privateCluster starts the fault tests' cluster once for the test binary; TestMain's teardowns
// stop it.
func privateCluster(t *testing.T) *faultCluster {
	t.Helper()
	faults.once.Do(func() { faults.c, faults.err = startFaultCluster() })
	if faults.err != nil {
		t.Fatalf("private cluster: %v", faults.err)
	}
	return faults.c
}

func startFaultCluster() (*faultCluster, error) {
	tmp, err := os.MkdirTemp("", "lbdoctor-e2e-faults-")
	if err != nil {
		return nil, err
	}
	c := &faultCluster{dir: filepath.Join(tmp, "cluster")}
	up := exec.Command("bash", filepath.Join(repoRoot, "hack/local-cluster.sh"), "up", c.dir)
	up.Env = append(os.Environ(), "LBDOCTOR_APISERVER_ARGS=--watch-cache=false --etcd-compaction-interval=0")
	up.Stderr = os.Stderr
	teardowns = append(teardowns, func() {
		down := exec.Command("bash", filepath.Join(repoRoot, "hack/local-cluster.sh"), "down", c.dir)
		down.Stderr = os.Stderr
		_ = down.Run()
		_ = os.RemoveAll(tmp)
	})
	if out, err := up.Output(); err != nil {
		return nil, fmt.Errorf("local cluster up: %w (%s)", err, out)
	}
	vars, err := readEnv(filepath.Join(c.dir, "env"))
	if err != nil {
		return nil, err
	}
	c.kubeconfig, c.auditLog = vars["KUBECONFIG"], vars["LBDOCTOR_AUDIT_LOG"]
	cmd, err := os.ReadFile(filepath.Join(c.dir, "apiserver.cmd"))
	if err != nil {
		return nil, err
	}
	for _, a := range bytes.Split(cmd, []byte{0}) {
		if v, ok := strings.CutPrefix(string(a), "--etcd-servers="); ok {
			c.etcdURL = v
		}
	}
	if c.etcdURL == "" {
		return nil, fmt.Errorf("no --etcd-servers in %s/apiserver.cmd", c.dir)
	}
	if c.cfg, err = clientcmd.BuildConfigFromFlags("", c.kubeconfig); err != nil {
		return nil, err
	}
	if c.kube, err = kubernetes.NewForConfig(c.cfg); err != nil {
		return nil, err
	}
	if c.loader, err = scenario.NewLoader(c.cfg); err != nil {
		return nil, err
	}
	return c, nil
}

// apiserver runs hack/local-cluster.sh stop-apiserver or start-apiserver on the private cluster.
func (c *faultCluster) apiserver(t *testing.T, verb string) {
	t.Helper()
	cmd := exec.Command("bash", filepath.Join(repoRoot, "hack/local-cluster.sh"), verb+"-apiserver", c.dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s-apiserver: %v\n%s", verb, err, out)
	}
}

// compact compacts the private etcd at its current revision (etcd's JSON gateway), so that a watch
// from any earlier resource version can only end with 410 Gone.
func (c *faultCluster) compact(t *testing.T) {
	t.Helper()
	var rng struct {
		Header struct {
			Revision string `json:"revision"`
		} `json:"header"`
	}
	etcdPost(t, c.etcdURL+"/v3/kv/range", `{"key":"L3JlZ2lzdHJ5"}`, &rng)
	rev, err := strconv.ParseInt(rng.Header.Revision, 10, 64)
	if err != nil || rev == 0 {
		t.Fatalf("etcd revision %q: %v", rng.Header.Revision, err)
	}
	etcdPost(t, c.etcdURL+"/v3/kv/compaction", fmt.Sprintf(`{"revision":"%d","physical":true}`, rev), nil)
}

func etcdPost(t *testing.T, url, body string, out any) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatalf("etcd %s: %v", url, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("etcd %s: %d %s", url, resp.StatusCode, b)
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("etcd %s: %v (%s)", url, err, b)
		}
	}
}

// tcpProxy forwards TCP connections to the API server until cut: then it closes every connection
// and its listener (clients get "connection refused", as from a host that is gone); heal listens
// again on the same address.
type tcpProxy struct {
	addr, target string
	mu           sync.Mutex
	ln           net.Listener
	conns        map[net.Conn]bool
}

// newTCPProxy starts a proxy to the API server of kubeconfig and returns it with a kubeconfig that
// goes through it (the serving certificate is for 127.0.0.1, so TLS still verifies).
func newTCPProxy(t *testing.T, kubeconfig string) (*tcpProxy, string) {
	t.Helper()
	b, err := os.ReadFile(kubeconfig)
	if err != nil {
		t.Fatal(err)
	}
	server := regexp.MustCompile(`server: https://(127\.0\.0\.1:\d+)`)
	m := server.FindSubmatch(b)
	if m == nil {
		t.Fatalf("no server in %s", kubeconfig)
	}
	p := &tcpProxy{target: string(m[1]), conns: map[net.Conn]bool{}}
	if err := p.listen("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.cut)
	kc := filepath.Join(t.TempDir(), "proxied.kubeconfig")
	if err := os.WriteFile(kc, server.ReplaceAll(b, []byte("server: https://"+p.addr)), 0o600); err != nil {
		t.Fatal(err)
	}
	return p, kc
}

func (p *tcpProxy) listen(addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	p.mu.Lock()
	p.ln, p.addr = ln, ln.Addr().String()
	p.mu.Unlock()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go p.forward(c)
		}
	}()
	return nil
}

func (p *tcpProxy) forward(c net.Conn) {
	u, err := net.Dial("tcp", p.target)
	if err != nil {
		_ = c.Close()
		return
	}
	p.mu.Lock()
	if p.ln == nil {
		p.mu.Unlock()
		_, _ = c.Close(), u.Close()
		return
	}
	p.conns[c], p.conns[u] = true, true
	p.mu.Unlock()
	done := make(chan struct{}, 2)
	pipe := func(dst, src net.Conn) { _, _ = io.Copy(dst, src); done <- struct{}{} }
	go pipe(u, c)
	go pipe(c, u)
	<-done
	_, _ = c.Close(), u.Close()
	p.mu.Lock()
	delete(p.conns, c)
	delete(p.conns, u)
	p.mu.Unlock()
}

// cut closes the listener and every forwarded connection.
func (p *tcpProxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln != nil {
		_ = p.ln.Close()
		p.ln = nil
	}
	for c := range p.conns {
		_ = c.Close()
	}
}

// heal listens again on the proxy's address.
func (p *tcpProxy) heal(t *testing.T) {
	t.Helper()
	waitFor(t, 10*time.Second, "the proxy's port again", func() bool { return p.listen(p.addr) == nil })
}

// serveProbe reads a running serve's endpoints.
type serveProbe struct{ base string }

func (s serveProbe) metrics() string { _, b := get(s.base + "/metrics"); return b }
func (s serveProbe) readyz() int     { c, _ := get(s.base + "/readyz"); return c }

// has reports whether /metrics holds the lbdoctor_findings series of code on Ingress ns/mall.
func (s serveProbe) has(code, ns string) bool {
	re := regexp.MustCompile(`(?m)^lbdoctor_findings\{[^}]*code="` + code + `"[^}]*name="mall"[^}]*namespace="` + ns + `"[^}]*\} 1$`)
	return re.MatchString(s.metrics())
}

var unsynced = regexp.MustCompile(`(?m)^lbdoctor_informer_synced\{resource="[^"]+"\} 0$`)

// startServe starts serve on kubeconfig with extra flags and waits until it is ready.
func startServe(t *testing.T, kubeconfig string, flags ...string) (*plugin, serveProbe) {
	t.Helper()
	args := append([]string{"lbdoctor", "serve", "--kubeconfig", kubeconfig, "--metrics-bind-address", "127.0.0.1:0", "--serve-report"}, flags...)
	p := startPlugin(t, args...)
	s := serveProbe{base: serveAddress(t, p)}
	waitFor(t, 60*time.Second, "readyz 200", func() bool { return s.readyz() == http.StatusOK })
	return p, s
}

// mallObjects is a namespace with the TLS Secret and the Ingress "mall" (broken: E4009 when
// broken is set).
func mallObjects(ns string, broken bool) []*unstructured.Unstructured {
	secret := "mall-tls"
	if broken {
		secret = ""
	}
	return []*unstructured.Unstructured{namespace(ns), tlsSecret(ns), watchIngress(ns, secret)}
}

// TestFaultServeAPIServerDown stops the API server under a running serve: the metrics and /report
// keep the last diagnosis, /readyz stays 200 for an outage shorter than --stale-after (default
// 2m), the informers say they lost their sync, and once the server is back a fix made after it
// clears the finding.
func TestFaultServeAPIServerDown(t *testing.T) {
	c := privateCluster(t)
	ns := "fault-restart"
	applyObjects(t, c.loader, mallObjects(ns, true))
	p, s := startServe(t, c.kubeconfig)
	waitFor(t, 30*time.Second, "the E4009 series", func() bool { return s.has("E4009", ns) })

	c.apiserver(t, "stop")
	waitFor(t, 60*time.Second, "an informer out of sync", func() bool { return unsynced.MatchString(s.metrics()) })
	if !s.has("E4009", ns) {
		t.Errorf("the E4009 series went while the API server was down")
	}
	if code, body := get(s.base + "/report"); code != http.StatusOK || !strings.Contains(body, `"E4009"`) {
		t.Errorf("/report = %d without E4009 while the API server was down", code)
	}
	if code := s.readyz(); code != http.StatusOK {
		t.Errorf("readyz %d during an outage shorter than --stale-after, want 200", code)
	}

	c.apiserver(t, "start")
	replaceIn(t, c.cfg, watchIngress(ns, "mall-tls"))
	waitFor(t, 90*time.Second, "the E4009 series to go after the restart", func() bool { return !s.has("E4009", ns) })
	waitFor(t, 30*time.Second, "every informer synced again", func() bool { return !unsynced.MatchString(s.metrics()) })
	if code := s.readyz(); code != http.StatusOK {
		t.Errorf("readyz %d after the restart", code)
	}
	if code := p.interrupt(t); code != 0 {
		t.Fatalf("serve exit %d; stderr: %s", code, p.stderr.String())
	}
}

// TestFaultServePartition cuts serve off the API server (connections closed, then refused) for
// longer than --stale-after: /readyz turns 503 no sooner than that, the metrics keep the last
// diagnosis meanwhile, and once the network is back /readyz is 200 again and a fix made during the
// partition shows.
func TestFaultServePartition(t *testing.T) {
	c := privateCluster(t)
	ns := "fault-partition"
	applyObjects(t, c.loader, mallObjects(ns, true))
	proxy, kc := newTCPProxy(t, c.kubeconfig)
	const staleAfter = 5 * time.Second
	p, s := startServe(t, kc, "--stale-after", staleAfter.String())
	waitFor(t, 30*time.Second, "the E4009 series", func() bool { return s.has("E4009", ns) })

	cut := time.Now()
	proxy.cut()
	waitFor(t, 60*time.Second, "readyz 503", func() bool { return s.readyz() == http.StatusServiceUnavailable })
	if d := time.Since(cut); d < staleAfter {
		t.Errorf("readyz turned 503 after %s, before --stale-after=%s", d, staleAfter)
	} else {
		t.Logf("readyz turned 503 %s after the cut (--stale-after=%s)", d.Round(100*time.Millisecond), staleAfter)
	}
	if !unsynced.MatchString(s.metrics()) {
		t.Errorf("no informer out of sync during the partition")
	}
	if !s.has("E4009", ns) {
		t.Errorf("the E4009 series went during the partition")
	}
	replaceIn(t, c.cfg, watchIngress(ns, "mall-tls"))

	heal := time.Now()
	proxy.heal(t)
	waitFor(t, 60*time.Second, "readyz 200 after the partition", func() bool { return s.readyz() == http.StatusOK })
	t.Logf("readyz 200 again %s after the network came back", time.Since(heal).Round(100*time.Millisecond))
	waitFor(t, 30*time.Second, "the fix made during the partition", func() bool { return !s.has("E4009", ns) })
	if unsynced.MatchString(s.metrics()) {
		t.Errorf("an informer still out of sync after the partition")
	}
	if code := p.interrupt(t); code != 0 {
		t.Fatalf("serve exit %d; stderr: %s", code, p.stderr.String())
	}
}

// TestFaultServeWatchExpiry cuts serve off from the API server, makes a change it misses and compacts
// etcd past it, so the informers' last resource version is gone: the missed change must still reach
// lbdoctor_findings once the connection is back. It asserts the outcome, not the mechanism (client-go
// may resume with a watch that gets 410 Gone and then list, or list at once).
func TestFaultServeWatchExpiry(t *testing.T) {
	c := privateCluster(t)
	ns := "fault-expiry"
	applyObjects(t, c.loader, mallObjects(ns, false))
	proxy, kc := newTCPProxy(t, c.kubeconfig)
	p, s := startServe(t, kc)
	if s.has("E4009", ns) {
		t.Fatalf("E4009 before the Ingress broke")
	}

	proxy.cut()
	waitFor(t, 30*time.Second, "an informer out of sync", func() bool { return unsynced.MatchString(s.metrics()) })
	replaceIn(t, c.cfg, watchIngress(ns, ""))
	// One more write, so that the compaction (which keeps its own revision) is past the change.
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "after-the-change", Namespace: ns}}
	if _, err := c.kube.CoreV1().ConfigMaps(ns).Create(context.Background(), cm, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = c.kube.CoreV1().ConfigMaps(ns).Delete(context.Background(), cm.Name, metav1.DeleteOptions{})
	})
	c.compact(t)
	proxy.heal(t)
	waitFor(t, 90*time.Second, "the E4009 series after the compaction", func() bool { return s.has("E4009", ns) })
	waitFor(t, 30*time.Second, "every informer synced again", func() bool { return !unsynced.MatchString(s.metrics()) })
	if code := p.interrupt(t); code != 0 {
		t.Fatalf("serve exit %d; stderr: %s", code, p.stderr.String())
	}
}

// TestFaultServeSecretRecreated deletes the TLS Secret an Ingress names under a running serve
// (E4010 appears) and creates it again (E4010 clears).
func TestFaultServeSecretRecreated(t *testing.T) {
	ns := "fault-secret"
	applyObjects(t, env.loader, mallObjects(ns, false))
	p, s := startServe(t, env.kubeconfig)
	if s.has("E4010", ns) {
		t.Fatalf("E4010 while the Secret exists")
	}
	secrets := env.kube.CoreV1().Secrets(ns)
	if err := secrets.Delete(context.Background(), "mall-tls", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, 30*time.Second, "E4010 once the Secret is deleted", func() bool { return s.has("E4010", ns) })
	if _, err := env.loader.Apply(context.Background(), []*unstructured.Unstructured{tlsSecret(ns)}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, 30*time.Second, "E4010 to clear once the Secret is back", func() bool { return !s.has("E4010", ns) })
	if s.has("E4011", ns) {
		t.Errorf("E4011 on the recreated Secret, which carries qcloud_cert_id")
	}
	if code := p.interrupt(t); code != 0 {
		t.Fatalf("serve exit %d; stderr: %s", code, p.stderr.String())
	}
}

// fileSize is the size of path, for auditFrom.
func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}
