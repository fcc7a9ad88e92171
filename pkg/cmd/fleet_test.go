package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"k8s.io/cli-runtime/pkg/genericiooptions"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/testutil"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
)

// refusedServer returns the URL of a port nothing listens on.
func refusedServer(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return "http://" + addr
}

// fleetKubeconfig writes a kubeconfig with one context per name, each on its own server, with
// namespace ns-<name>; the first is current.
func fleetKubeconfig(t *testing.T, servers map[string]string, names ...string) string {
	t.Helper()
	var clusters, contexts []string
	for i, n := range names {
		clusters = append(clusters, fmt.Sprintf("{name: c%d, cluster: {server: %q}}", i, servers[n]))
		contexts = append(contexts, fmt.Sprintf("{name: %q, context: {cluster: c%d, user: u, namespace: ns-%d}}", n, i, i))
	}
	body := fmt.Sprintf("apiVersion: v1\nkind: Config\nclusters: [%s]\nusers: [{name: u, user: {token: x}}]\ncontexts: [%s]\ncurrent-context: %q\n",
		strings.Join(clusters, ", "), strings.Join(contexts, ", "), names[0])
	return testutil.WriteFile(t, t.TempDir(), "kubeconfig", body)
}

func TestFleetContexts(t *testing.T) {
	names := []string{"prod", "dev", "c,d", "stage"}
	servers := map[string]string{}
	for _, n := range names {
		servers[n] = "https://127.0.0.1:1"
	}
	kc := fleetKubeconfig(t, servers, names...)
	tests := []struct {
		name      string
		all       bool
		context   string
		filenames []string
		want      []string
		wantErr   string
	}{
		{name: "no fleet flag", want: nil},
		{name: "one context", context: "dev", want: nil},
		{name: "all contexts, sorted", all: true, want: []string{"c,d", "dev", "prod", "stage"}},
		{name: "a list keeps its order", context: "stage,dev", want: []string{"stage", "dev"}},
		{name: "spaces and repeats", context: " dev , prod,dev,", want: []string{"dev", "prod"}},
		{name: "a context named with a comma is one context", context: "c,d", want: nil},
		{name: "unknown context in the list", context: "dev,nope", wantErr: `no context "nope" in the kubeconfig (it has c,d, dev, prod, stage)`},
		{name: "only commas", context: ",,", wantErr: "names no context"},
		{name: "both flags", all: true, context: "dev", wantErr: "either --all-contexts or --context"},
		{name: "offline", all: true, filenames: []string{broken}, wantErr: "do not combine with -f"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := NewOptions(genericiooptions.NewTestIOStreamsDiscard())
			o.ConfigFlags.KubeConfig = &kc
			o.ConfigFlags.Context = &tt.context
			o.AllContexts, o.Filenames = tt.all, tt.filenames
			got, err := o.fleetContexts()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("contexts %q, want %q", got, tt.want)
			}
		})
	}
}

func TestForContextCopiesFlags(t *testing.T) {
	o := NewOptions(genericiooptions.NewTestIOStreamsDiscard())
	ns, kc, ctx := "shop", "/some/kubeconfig", "a,b"
	o.ConfigFlags.Namespace, o.ConfigFlags.KubeConfig, o.ConfigFlags.Context = &ns, &kc, &ctx
	o.Output, o.FailOn, o.AllNamespaces, o.Selector, o.AllContexts, o.AllowIncomplete = "wide", "warning", true, "app=web", true, true
	var errOut bytes.Buffer
	sub := o.forContext("b", &errOut)
	if *sub.ConfigFlags.Context != "b" || *o.ConfigFlags.Context != "a,b" {
		t.Errorf("member context %q, parent's %q", *sub.ConfigFlags.Context, *o.ConfigFlags.Context)
	}
	if *sub.ConfigFlags.Namespace != ns || *sub.ConfigFlags.KubeConfig != kc {
		t.Errorf("kubeconfig flags not carried: namespace %q kubeconfig %q", *sub.ConfigFlags.Namespace, *sub.ConfigFlags.KubeConfig)
	}
	if sub.Output != "wide" || sub.FailOn != "warning" || !sub.AllNamespaces || sub.Selector != "app=web" || !sub.AllowIncomplete {
		t.Errorf("flags not carried: %+v", sub)
	}
	if sub.AllContexts || !sub.inFleet || sub.ErrOut != &errOut || sub.Out != o.Out {
		t.Error("member must be a one-context run writing stderr to its buffer and stdout to the parent's")
	}
}

func TestFleetUnreachableContexts(t *testing.T) {
	kc := fleetKubeconfig(t, map[string]string{"a": refusedServer(t), "b": refusedServer(t)}, "a", "b")
	tests := []struct {
		name     string
		args     []string
		wantCode int
		wantErr  []string
	}{
		{"every context fails: exit 2 with a line each and a total",
			[]string{"--all-contexts", "-A"}, ExitError,
			[]string{"error: context a: cannot reach the API server", "error: context b: cannot reach the API server", "error: every context failed (a, b)"}},
		{"a listed context", []string{"--context", "b,a", "svc/web"}, ExitError,
			[]string{"error: context b: cannot reach", "error: context a: cannot reach", "every context failed (b, a)"}},
		{"--allow-incomplete exits by the findings", []string{"--all-contexts", "-A", "--allow-incomplete"}, ExitOK,
			[]string{"error: context a: cannot reach", "error: context b: cannot reach"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := run(t, append([]string{"--kubeconfig", kc, "--request-timeout", "5s", "-o", "json"}, tt.args...)...)
			if code != tt.wantCode {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, tt.wantCode, stderr)
			}
			for _, w := range tt.wantErr {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, stderr)
				}
			}
			var l report.List
			if err := json.Unmarshal([]byte(stdout), &l); err != nil || l.Kind != "ReportList" || len(l.Items) != 0 {
				t.Errorf("stdout is not an empty report list (%v): %s", err, stdout)
			}
		})
	}
}

func TestFleetSharedErrorsOnce(t *testing.T) {
	kc := fleetKubeconfig(t, map[string]string{"a": refusedServer(t), "b": refusedServer(t)}, "a", "b")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"bad output format", []string{"--all-contexts", "-o", "bogus"}, "unknown output format"},
		{"-A with a target", []string{"--context", "a,b", "-A", "svc/x"}, "either -A or a target"},
		{"unknown context", []string{"--context", "a,zz"}, `no context "zz"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, code := run(t, append([]string{"--kubeconfig", kc}, tt.args...)...)
			if code != ExitError || strings.Count(strings.TrimRight(stderr, "\n"), "\n") != 0 || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d stderr %q, want exit 2 and one line with %q", code, stderr, tt.want)
			}
		})
	}
}

// terminal is a stderr the tests declare a terminal.
type terminal struct{ bytes.Buffer }

func TestFleetProgressAndWatch(t *testing.T) {
	kc := fleetKubeconfig(t, map[string]string{"a": "http://" + silentServer(t), "b": "http://" + silentServer(t)}, "a", "b")
	// The members' progress timers may still read isTerminal when the run returns, so the hook is
	// switched off rather than swapped back.
	wasTerminal, wasDelay := isTerminal, progressDelay
	var on atomic.Bool
	on.Store(true)
	isTerminal = func(w io.Writer) bool {
		if _, ok := w.(*terminal); ok && on.Load() {
			return true
		}
		return wasTerminal(w)
	}
	progressDelay = 100 * time.Millisecond
	defer func() { on.Store(false); progressDelay = wasDelay }()
	t.Setenv("KUBECONFIG", kc)
	var out bytes.Buffer
	var errOut terminal
	code := Execute(genericiooptions.IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut},
		[]string{"--all-contexts", "--request-timeout", "1s"})
	stderr := errOut.String()
	if code != ExitError || !strings.Contains(stderr, "waiting for context(s) a, b (giving up after 1s") {
		t.Errorf("exit %d, stderr %q: want a progress note naming the contexts", code, stderr)
	}
	for _, c := range []string{"a", "b"} {
		if !strings.Contains(stderr, "error: context "+c+": the API server at") {
			t.Errorf("no deadline line for %s: %q", c, stderr)
		}
	}
	if f := NewCommand(genericiooptions.NewTestIOStreamsDiscard()).Flags().Lookup("watch"); f != nil {
		_, stderr, code := run(t, "--kubeconfig", kc, "--all-contexts", "--watch")
		if code != ExitError || !strings.Contains(stderr, "--watch follows one cluster") {
			t.Errorf("--watch with --all-contexts: exit %d, stderr %q", code, stderr)
		}
	}
}
