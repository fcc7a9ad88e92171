//go:build e2e

package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/test/corpus"
	"github.com/lbdoctor/kubectl-lbdoctor/test/scenario"
)

// plugin is a long-running `kubectl lbdoctor …` (--watch, serve): its stdout line by line.
type plugin struct {
	cmd    *exec.Cmd
	lines  chan string
	stdout *bufio.Reader
	stderr *lockedBuffer
	done   chan struct{}
	code   int
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startPlugin starts kubectl with args as admin; the test's end interrupts it if still running.
// kubectl execs the plugin in its own process, so signals reach the plugin.
func startPlugin(t *testing.T, args ...string) *plugin {
	t.Helper()
	cmd := exec.Command("kubectl", args...)
	cmd.Env = append(os.Environ(), "PATH="+env.binDir+string(os.PathListSeparator)+os.Getenv("PATH"),
		"HOME="+env.home, "KUBECONFIG="+env.kubeconfig, "NO_COLOR=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p := &plugin{cmd: cmd, stdout: bufio.NewReader(out), stderr: &lockedBuffer{}, done: make(chan struct{})}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.stop(t) })
	return p
}

// readLine returns the next stdout line, failing the test after timeout.
func (p *plugin) readLine(t *testing.T, timeout time.Duration) string {
	t.Helper()
	if p.lines == nil {
		p.lines = make(chan string, 1024)
		go func() {
			defer close(p.lines)
			for {
				l, err := p.stdout.ReadString('\n')
				if l != "" {
					p.lines <- strings.TrimRight(l, "\n")
				}
				if err != nil {
					return
				}
			}
		}()
	}
	select {
	case l, ok := <-p.lines:
		if !ok {
			t.Fatalf("plugin exited; stderr: %s", p.stderr.String())
		}
		return l
	case <-time.After(timeout):
		t.Fatalf("no output line within %s; stderr: %s", timeout, p.stderr.String())
	}
	return ""
}

// waitLine reads lines until one contains every part; it returns the lines read.
func (p *plugin) waitLine(t *testing.T, timeout time.Duration, parts ...string) []string {
	t.Helper()
	deadline := time.Now().Add(timeout)
	var seen []string
	for {
		left := time.Until(deadline)
		if left <= 0 {
			t.Fatalf("no line with %q within %s; lines: %q; stderr: %s", parts, timeout, seen, p.stderr.String())
		}
		l := p.readLine(t, left)
		seen = append(seen, l)
		ok := true
		for _, part := range parts {
			ok = ok && strings.Contains(l, part)
		}
		if ok {
			return seen
		}
	}
}

// interrupt sends SIGINT and returns the exit code.
func (p *plugin) interrupt(t *testing.T) int {
	t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	return p.wait(t, 15*time.Second)
}

func (p *plugin) wait(t *testing.T, timeout time.Duration) int {
	t.Helper()
	go func() {
		if p.lines == nil {
			_, _ = io.Copy(io.Discard, p.stdout)
		}
		err := p.cmd.Wait()
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			p.code = ee.ExitCode()
			if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
				p.code = 128 + int(ws.Signal())
			}
		}
		close(p.done)
	}()
	select {
	case <-p.done:
		return p.code
	case <-time.After(timeout):
		_ = p.cmd.Process.Kill()
		t.Fatalf("plugin did not exit within %s; stderr: %s", timeout, p.stderr.String())
	}
	return -1
}

func (p *plugin) stop(t *testing.T) {
	if p.cmd.ProcessState != nil {
		return
	}
	select {
	case <-p.done:
		return
	default:
	}
	_ = p.cmd.Process.Signal(syscall.SIGINT)
	timer := time.AfterFunc(10*time.Second, func() { _ = p.cmd.Process.Kill() })
	defer timer.Stop()
	_ = p.cmd.Wait()
}

// TestWatchShowsTheFixTake watches an Ingress whose TLS entry names no Secret (E4009), applies the
// fix, sees the cleared line, and stops the watch with SIGINT: exit 0.
func TestWatchShowsTheFixTake(t *testing.T) {
	ns := "watch-fix"
	ing := watchIngress(ns, "")
	applyObjects(t, env.loader, []*unstructured.Unstructured{namespace(ns), tlsSecret(ns), ing})
	p := startPlugin(t, "lbdoctor", "ingress/mall", "-n", ns, "--watch", "--request-timeout", "60s")
	p.waitLine(t, 60*time.Second, "E4009")
	fixed := watchIngress(ns, "mall-tls")
	replaceObject(t, fixed)
	lines := p.waitLine(t, 30*time.Second, "- ERROR", "E4009", "ingress/"+ns+"/mall", "(cleared)")
	for _, l := range lines {
		if strings.Contains(l, "+ ") && strings.Contains(l, "E4009") {
			t.Errorf("E4009 appeared again: %q", l)
		}
	}
	if code := p.interrupt(t); code != 0 {
		t.Fatalf("exit %d after SIGINT, want 0; stderr: %s", code, p.stderr.String())
	}
}

// TestWatchJSONLines: with -o json, the first report is the usual JSON, then each transition is one
// JSON object on a line of its own.
func TestWatchJSONLines(t *testing.T) {
	ns := "watch-json"
	applyObjects(t, env.loader, []*unstructured.Unstructured{namespace(ns), tlsSecret(ns), watchIngress(ns, "mall-tls")})
	p := startPlugin(t, "lbdoctor", "ingress/mall", "-n", ns, "-w", "-o", "json", "--request-timeout", "60s")
	dec := json.NewDecoder(p.stdout)
	var first report.Report
	if err := dec.Decode(&first); err != nil {
		t.Fatalf("first report: %v; stderr: %s", err, p.stderr.String())
	}
	for _, f := range first.Findings {
		if f.Code == "E4009" {
			t.Fatalf("E4009 on the fixed Ingress: %+v", f)
		}
	}
	replaceObject(t, watchIngress(ns, ""))
	type transition struct {
		Time   time.Time `json:"time"`
		Change string    `json:"change"`
		Code   string    `json:"code"`
		Target struct{ Name string }
	}
	got := make(chan transition, 1)
	go func() {
		for {
			var tr transition
			if dec.Decode(&tr) != nil {
				close(got)
				return
			}
			if tr.Code == "E4009" {
				got <- tr
				return
			}
		}
	}()
	select {
	case tr, ok := <-got:
		if !ok || tr.Change != "appeared" || tr.Target.Name != "mall" || tr.Time.IsZero() {
			t.Fatalf("transition %+v (ok %v)", tr, ok)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("no E4009 transition; stderr: %s", p.stderr.String())
	}
	if code := p.interrupt(t); code != 0 {
		t.Fatalf("exit %d after SIGINT; stderr: %s", code, p.stderr.String())
	}
}

// TestEngineMatchesOneShot loads the examples (with their cluster facts) and the live-loadable
// corpus (in batches of files whose objects do not clash) and compares, for each batch, the
// one-shot `-A -o json` report with the first report of `-A -o json --watch`, built by the
// informer engine: the same JSON.
func TestEngineMatchesOneShot(t *testing.T) {
	files, err := corpus.Files(filepath.Join(repoRoot, "test/corpus"))
	if err != nil {
		t.Fatal(err)
	}
	type input struct {
		name string
		objs []*unstructured.Unstructured
	}
	var pending []input
	for _, m := range files {
		if m.OfflineOnly != "" {
			continue
		}
		objs, err := scenario.Read(m.Path)
		if err != nil {
			t.Fatal(err)
		}
		pending = append(pending, input{m.Name, relocate(objs, corpusNamespace(m.Name))})
	}
	for _, f := range scenarioFiles(t) {
		if strings.Contains(f, "broken") {
			pending = append(pending, input{f, readScenario(t, f)})
		}
	}
	ctx := context.Background()
	for batch := 1; len(pending) > 0; batch++ {
		var later []input
		var loaded []scenario.Ref
		n := 0
		for _, in := range pending {
			refs, err := env.loader.Apply(ctx, in.objs)
			if err != nil {
				// A clash with a file of this batch (an object of the same name, a node port taken):
				// the file goes to a later batch.
				if derr := env.loader.Delete(ctx, refs); derr != nil {
					t.Fatalf("%s: %v; cleanup: %v", in.name, err, derr)
				}
				later = append(later, in)
				continue
			}
			loaded = append(loaded, refs...)
			n++
		}
		if n == 0 {
			t.Fatalf("%d files could not be loaded even alone, e.g. %s", len(later), later[0].name)
		}
		t.Run(fmt.Sprintf("batch %d (%d files)", batch, n), func(t *testing.T) {
			defer func() {
				if err := env.loader.Delete(ctx, loaded); err != nil {
					t.Errorf("cleanup: %v", err)
				}
			}()
			compareEngine(t)
		})
		pending = later
	}
}

// compareEngine compares the one-shot -A report with the engine's first -A report.
func compareEngine(t *testing.T) {
	t.Helper()
	one := kubectl(t, env.kubeconfig, "lbdoctor", "-A", "-o", "json", "--fail-on", "none")
	if one.code != 0 {
		t.Fatalf("one-shot exit %d: %s", one.code, one.stderr)
	}
	p := startPlugin(t, "lbdoctor", "-A", "-o", "json", "--fail-on", "none", "--watch", "--request-timeout", "120s")
	var watched json.RawMessage
	if err := json.NewDecoder(p.stdout).Decode(&watched); err != nil {
		t.Fatalf("engine report: %v; stderr: %s", err, p.stderr.String())
	}
	if code := p.interrupt(t); code != 0 {
		t.Fatalf("watch exit %d: %s", code, p.stderr.String())
	}
	a, b := canonical(t, []byte(one.stdout)), canonical(t, watched)
	if a == b {
		var l report.List
		_ = json.Unmarshal(watched, &l)
		t.Logf("%d targets, %d findings: identical", len(l.Items), l.Summary.Error+l.Summary.Warning+l.Summary.Info)
		return
	}
	var la, lb report.List
	_ = json.Unmarshal([]byte(one.stdout), &la)
	_ = json.Unmarshal(watched, &lb)
	byTarget := map[string]string{}
	for _, r := range la.Items {
		byTarget[r.Target.String()] = canonical(t, mustJSON(t, r))
	}
	diffs := 0
	for _, r := range lb.Items {
		k := r.Target.String()
		if got := canonical(t, mustJSON(t, r)); got != byTarget[k] && diffs < 5 {
			diffs++
			t.Errorf("%s differs:\none-shot: %s\nengine:   %s", k, byTarget[k], got)
		}
		delete(byTarget, k)
	}
	if len(la.Items) != len(lb.Items) {
		t.Errorf("one-shot has %d targets, the engine %d", len(la.Items), len(lb.Items))
	}
	if diffs == 0 {
		t.Errorf("reports differ:\none-shot: %.2000s\nengine:   %.2000s", a, b)
	}
}

func mustJSON(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// canonical re-encodes JSON compactly.
func canonical(t *testing.T, b []byte) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("%v: %.500s", err, b)
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// replaceObject replaces an Ingress or a Service with u, as kubectl replace would.
func replaceObject(t *testing.T, u *unstructured.Unstructured) {
	t.Helper()
	replaceIn(t, env.cfg, u)
}

// replaceIn is replaceObject on the cluster of cfg.
func replaceIn(t *testing.T, cfg *rest.Config, u *unstructured.Unstructured) {
	t.Helper()
	dyn, err := dynamic.NewForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	gvr := schema.GroupVersionResource{Version: "v1", Resource: "services"}
	if u.GetKind() == "Ingress" {
		gvr = schema.GroupVersionResource{Group: "networking.k8s.io", Version: "v1", Resource: "ingresses"}
	}
	ri := dyn.Resource(gvr).Namespace(u.GetNamespace())
	cur, err := ri.Get(context.Background(), u.GetName(), metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	u = u.DeepCopy()
	u.SetResourceVersion(cur.GetResourceVersion())
	if _, err := ri.Update(context.Background(), u, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
}

// watchIngress is a qcloud Ingress "mall" whose TLS entry names secret ("" is E4009).
func watchIngress(ns, secret string) *unstructured.Unstructured {
	return &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "networking.k8s.io/v1", "kind": "Ingress",
		"metadata": map[string]any{"name": "mall", "namespace": ns,
			"annotations": map[string]any{"kubernetes.io/ingress.class": "qcloud"}},
		"spec": map[string]any{
			"defaultBackend": map[string]any{"service": map[string]any{"name": "web", "port": map[string]any{"number": int64(80)}}},
			"tls":            []any{map[string]any{"hosts": []any{"mall.example.com"}, "secretName": secret}},
		},
	}}
}

// tlsSecret is a Secret with a well-formed TKE certificate id.
func tlsSecret(ns string) *unstructured.Unstructured {
	return &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "v1", "kind": "Secret", "type": "Opaque",
		"metadata":   map[string]any{"name": "mall-tls", "namespace": ns},
		"stringData": map[string]any{"qcloud_cert_id": "YCOLTUdr"},
	}}
}
