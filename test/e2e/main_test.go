//go:build e2e

// Package e2e runs the built plugin through the real kubectl against a real kube-apiserver and etcd
// started by hack/local-cluster.sh, once for the package.
package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/test/scenario"
)

// env is the local cluster of this test binary.
var env struct {
	dir        string
	kubeconfig string
	restricted string
	auditLog   string
	binDir     string
	home       string
	cfg        *rest.Config
	kube       kubernetes.Interface
	loader     *scenario.Loader
}

// teardowns run after every test, last added first (clusters some tests start for themselves).
var teardowns []func()

var repoRoot = func() string { d, _ := filepath.Abs("../.."); return d }()

func TestMain(m *testing.M) {
	code, err := setup(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e setup:", err)
		code = 1
	}
	os.Exit(code)
}

func setup(m *testing.M) (int, error) {
	tmp, err := os.MkdirTemp("", "lbdoctor-e2e-")
	if err != nil {
		return 1, err
	}
	defer os.RemoveAll(tmp)
	env.dir = filepath.Join(tmp, "cluster")
	up := exec.Command("bash", filepath.Join(repoRoot, "hack/local-cluster.sh"), "up", env.dir)
	up.Stderr = os.Stderr
	if out, err := up.Output(); err != nil {
		return 1, fmt.Errorf("local cluster up: %w (%s)", err, out)
	}
	defer func() {
		down := exec.Command("bash", filepath.Join(repoRoot, "hack/local-cluster.sh"), "down", env.dir)
		down.Stderr = os.Stderr
		_ = down.Run()
	}()
	vars, err := readEnv(filepath.Join(env.dir, "env"))
	if err != nil {
		return 1, err
	}
	env.kubeconfig, env.restricted, env.auditLog = vars["KUBECONFIG"], vars["LBDOCTOR_RESTRICTED_KUBECONFIG"], vars["LBDOCTOR_AUDIT_LOG"]
	env.binDir = filepath.Join(tmp, "bin")
	env.home = filepath.Join(tmp, "home")
	if err := os.MkdirAll(env.home, 0o755); err != nil {
		return 1, err
	}
	build := exec.Command("go", "build", "-o", filepath.Join(env.binDir, "kubectl-lbdoctor"), "./cmd/kubectl-lbdoctor")
	build.Dir, build.Stderr = repoRoot, os.Stderr
	if err := build.Run(); err != nil {
		return 1, fmt.Errorf("build plugin: %w", err)
	}
	env.cfg, err = clientcmd.BuildConfigFromFlags("", env.kubeconfig)
	if err != nil {
		return 1, err
	}
	if env.kube, err = kubernetes.NewForConfig(env.cfg); err != nil {
		return 1, err
	}
	if env.loader, err = scenario.NewLoader(env.cfg); err != nil {
		return 1, err
	}
	crd, err := scenario.Read(filepath.Join(repoRoot, "deploy/crds/tkeserviceconfig.yaml"))
	if err != nil {
		return 1, err
	}
	if _, err := env.loader.Apply(context.Background(), crd); err != nil {
		return 1, err
	}
	code := m.Run()
	for i := len(teardowns) - 1; i >= 0; i-- {
		teardowns[i]()
	}
	if err := auditSuite(); err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		code = 1
	}
	return code, nil
}

// auditSuite proves from the audit log that, over the whole suite, the plugin only read.
func auditSuite() error {
	f, err := os.Open(env.auditLog)
	if err != nil {
		return err
	}
	defer f.Close()
	verbs := map[string]int{}
	var writes []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var e auditEntry
		if json.Unmarshal(sc.Bytes(), &e) != nil || !strings.HasPrefix(e.UserAgent, "kubectl-lbdoctor/") || e.Stage != "ResponseComplete" {
			continue
		}
		verbs[e.Verb]++
		if e.Verb != "get" && e.Verb != "list" && e.Verb != "watch" {
			writes = append(writes, e.Verb+" "+e.RequestURI)
		}
	}
	total := 0
	for _, n := range verbs {
		total += n
	}
	line := fmt.Sprintf("audit: the plugin made %d API requests over the suite %v; %d were not get/list/watch\n", total, verbs, len(writes))
	fmt.Print(line)
	if p := os.Getenv("LBDOCTOR_AUDIT_SUMMARY"); p != "" {
		_ = os.WriteFile(p, []byte(line), 0o644)
	}
	if len(writes) > 0 {
		return fmt.Errorf("the plugin wrote to the cluster: %v", writes)
	}
	if total == 0 {
		return fmt.Errorf("no plugin request in the audit log")
	}
	return sc.Err()
}

func readEnv(path string) (map[string]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line := strings.TrimPrefix(sc.Text(), "export ")
		k, v, ok := strings.Cut(line, "=")
		if ok {
			out[k] = strings.Trim(v, `'"`)
		}
	}
	return out, sc.Err()
}

// result is one plugin run.
type result struct {
	stdout, stderr string
	code           int
}

// kubectl runs the real kubectl with the plugin on PATH, a private HOME and the given kubeconfig.
func kubectl(t *testing.T, kubeconfig string, args ...string) result {
	t.Helper()
	return kubectlWith(t, kubeconfig, nil, args...)
}

// kubectlWith is kubectl with extra environment variables (later entries win).
func kubectlWith(t *testing.T, kubeconfig string, extra []string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "kubectl", args...)
	cmd.Env = append(os.Environ(), "PATH="+env.binDir+string(os.PathListSeparator)+os.Getenv("PATH"),
		"HOME="+env.home, "KUBECONFIG="+kubeconfig, "NO_COLOR=1")
	cmd.Env = append(cmd.Env, extra...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("kubectl %v: %v", args, err)
	}
	return result{stdout: out.String(), stderr: errb.String(), code: code}
}

// lbdoctor runs `kubectl lbdoctor ARGS -o json` as admin and decodes the report.
func lbdoctor(t *testing.T, kubeconfig string, args ...string) (report.Report, result) {
	t.Helper()
	r := kubectl(t, kubeconfig, append(append([]string{"lbdoctor"}, args...), "-o", "json")...)
	var rep report.Report
	if r.code == 0 || r.code == 1 {
		if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
			t.Fatalf("decoding report: %v\nstdout: %s\nstderr: %s", err, r.stdout, r.stderr)
		}
	}
	return rep, r
}

// apply loads a scenario file (an example with its cluster facts, as make demo does) and deletes
// it when the test ends.
func apply(t *testing.T, file string) {
	t.Helper()
	applyObjects(t, env.loader, readScenario(t, file))
}

// readScenario reads a file relative to the repository, and an example's cluster facts after it.
func readScenario(t *testing.T, file string) []*unstructured.Unstructured {
	t.Helper()
	path := file
	if !filepath.IsAbs(path) {
		path = filepath.Join(repoRoot, file)
	}
	var objs []*unstructured.Unstructured
	for _, f := range scenario.WithFacts(path) {
		o, err := scenario.Read(f)
		if err != nil {
			t.Fatal(err)
		}
		objs = append(objs, o...)
	}
	return objs
}

// applyObjects loads objs into the API server with loader and deletes them when the test ends.
func applyObjects(t *testing.T, loader *scenario.Loader, objs []*unstructured.Unstructured) {
	t.Helper()
	refs, err := loader.Apply(context.Background(), objs)
	t.Cleanup(func() {
		if err := loader.Delete(context.Background(), refs); err != nil {
			t.Errorf("cleanup: %v", err)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}

// auditEntry is the part of an audit event the tests read.
type auditEntry struct {
	Verb       string `json:"verb"`
	RequestURI string `json:"requestURI"`
	UserAgent  string `json:"userAgent"`
	Stage      string `json:"stage"`
}

// auditMark returns the current size of the audit log, for auditSince.
func auditMark(t *testing.T) int64 {
	t.Helper()
	fi, err := os.Stat(env.auditLog)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

// auditSince returns the plugin's completed requests logged after mark.
func auditSince(t *testing.T, mark int64) []auditEntry {
	t.Helper()
	return auditFrom(t, env.auditLog, mark)
}

// auditFrom returns the plugin's completed requests in the audit log at path after offset mark.
func auditFrom(t *testing.T, path string, mark int64) []auditEntry {
	t.Helper()
	time.Sleep(200 * time.Millisecond) // the log backend writes after the response
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Seek(mark, 0); err != nil {
		t.Fatal(err)
	}
	var out []auditEntry
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var e auditEntry
		if json.Unmarshal(sc.Bytes(), &e) == nil && strings.HasPrefix(e.UserAgent, "kubectl-lbdoctor/") && e.Stage == "ResponseComplete" {
			out = append(out, e)
		}
	}
	return out
}
