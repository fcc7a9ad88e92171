package cmd

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"k8s.io/cli-runtime/pkg/genericiooptions"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/testutil"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/diagnose"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// kubeconfigFor writes a kubeconfig whose only cluster is server.
func kubeconfigFor(t *testing.T, server string) string { return testutil.Kubeconfig(t, server, false) }

// silentServer accepts connections and never answers; it returns its address.
func silentServer(t *testing.T) string { return testutil.SilentServer(t) }

func oneLineWith(t *testing.T, stderr, want string) {
	t.Helper()
	if strings.Count(strings.TrimRight(stderr, "\n"), "\n") != 0 || !strings.Contains(stderr, want) || strings.Contains(stderr, "goroutine") {
		t.Errorf("stderr %q: want one line containing %q", stderr, want)
	}
}

func TestDeadlineOnServerThatNeverAnswers(t *testing.T) {
	addr := silentServer(t)
	kc := kubeconfigFor(t, "http://"+addr)
	for _, args := range [][]string{{"svc/foo"}, {}, {"-A"}} {
		t.Run(strings.Join(append([]string{"target"}, args...), " "), func(t *testing.T) {
			start := time.Now()
			_, stderr, code := run(t, append([]string{"--kubeconfig", kc, "--request-timeout", "1s"}, args...)...)
			if code != ExitError {
				t.Fatalf("exit %d, want 2: %s", code, stderr)
			}
			oneLineWith(t, stderr, "the API server at http://"+addr+" did not answer within 1s")
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %v with --request-timeout 1s", d)
			}
		})
	}
	t.Run("progress note on a terminal", func(t *testing.T) {
		wasTerminal, wasDelay := isTerminal, progressDelay
		isTerminal = func(io.Writer) bool { return true }
		progressDelay = 100 * time.Millisecond
		defer func() { isTerminal, progressDelay = wasTerminal, wasDelay }()
		_, stderr, code := run(t, "--kubeconfig", kc, "--request-timeout", "1s", "svc/foo")
		if code != ExitError || !strings.Contains(stderr, "waiting for the API server at http://"+addr+" (giving up after 1s") {
			t.Errorf("exit %d, stderr %q: want a progress note", code, stderr)
		}
	})
}

func TestRequestTimeoutDeadline(t *testing.T) {
	tests := []struct {
		flag    string
		want    time.Duration
		wantErr bool
	}{
		{"", defaultDeadline, false},
		{"0", 0, false},
		{"2", 2 * time.Second, false},
		{"1m", time.Minute, false},
		{"soon", 0, true},
		{"-1s", 0, true},
	}
	for _, tt := range tests {
		t.Run("request-timeout="+tt.flag, func(t *testing.T) {
			o := NewOptions(genericiooptions.NewTestIOStreamsDiscard())
			c := &cobra.Command{}
			o.ConfigFlags.AddFlags(c.Flags())
			if tt.flag != "" {
				if err := c.Flags().Set("request-timeout", tt.flag); err != nil {
					t.Fatal(err)
				}
			}
			err := o.completeDeadline()
			if (err != nil) != tt.wantErr || (!tt.wantErr && o.deadline != tt.want) {
				t.Errorf("deadline %v err %v; want %v (error %v)", o.deadline, err, tt.want, tt.wantErr)
			}
		})
	}
}

func TestNotAnAPIServerAndRefusedPort(t *testing.T) {
	web := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "404 page not found", http.StatusNotFound)
	}))
	defer web.Close()
	html := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<html><body>welcome</body></html>")
	}))
	defer html.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refused := "http://" + ln.Addr().String()
	ln.Close()
	tests := []struct {
		name, server string
		args         []string
		want         []string
	}{
		{"web server, target", web.URL, []string{"svc/foo"}, []string{"not a Kubernetes API server", "could not find the requested resource"}},
		{"web server, scope", web.URL, nil, []string{"not a Kubernetes API server", "could not find the requested resource"}},
		{"html page, target", html.URL, []string{"svc/foo"}, []string{"not a Kubernetes API server"}},
		{"html page, scope", html.URL, nil, []string{"not a Kubernetes API server"}},
		{"refused, target", refused, []string{"svc/foo"}, []string{"cannot reach the API server", "--kubeconfig/--context"}},
		{"refused, scope", refused, nil, []string{"cannot reach the API server", "--kubeconfig/--context"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, code := run(t, append([]string{"--kubeconfig", kubeconfigFor(t, tt.server)}, tt.args...)...)
			if code != ExitError {
				t.Fatalf("exit %d, want 2: %s", code, stderr)
			}
			for _, w := range tt.want {
				oneLineWith(t, stderr, w)
			}
			if strings.Contains(stderr, "CRD") || strings.Contains(stderr, "not found in namespace") {
				t.Errorf("misleading: %s", stderr)
			}
		})
	}
}

func TestEmptyAndMalformedInputExit2(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string { return testutil.WriteFile(t, dir, name, body) }
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"empty file", []string{"-f", write("empty.yaml", "")}, "no Kubernetes objects in " + dir + "/empty.yaml"},
		{"only separators", []string{"-f", write("dashes.yaml", "---\n---\n")}, "no Kubernetes objects in " + dir + "/dashes.yaml"},
		{"dev null", []string{"-f", os.DevNull}, "no Kubernetes objects in " + os.DevNull},
		{"empty List", []string{"-f", write("list.yaml", "apiVersion: v1\nkind: List\nitems: []\n")}, "no Kubernetes objects in"},
		{"empty stdin", []string{"-f", "-"}, "no Kubernetes objects in standard input"},
		{"no apiVersion", []string{"-f", write("noapi.yaml", "apiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n---\nkind: Service\nmetadata: {name: x}\n")}, "noapi.yaml:5: document 2: Service has no apiVersion"},
		{"no kind", []string{"-f", write("nokind.yaml", "apiVersion: v1\nmetadata: {name: x}\n")}, "nokind.yaml:1: document 1: object has no kind"},
		{"empty -f", []string{"-f", ""}, "-f needs a file"},
		{"empty -f among others", []string{"-f", broken, "-f", "", "-A"}, "-f needs a file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, stderr, code := run(t, tt.args...)
			if code != ExitError {
				t.Fatalf("exit %d, want 2; stdout %q stderr %q", code, out, stderr)
			}
			oneLineWith(t, stderr, tt.want)
		})
	}
}

// failingWriter fails every write, as a full disk does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

func TestFailedReportWriteExits2(t *testing.T) {
	for _, format := range []string{"text", "json"} {
		t.Run(format, func(t *testing.T) {
			var errb bytes.Buffer
			t.Setenv("KUBECONFIG", t.TempDir()+"/none")
			code := Execute(genericiooptions.IOStreams{In: strings.NewReader(""), Out: failingWriter{}, ErrOut: &errb},
				[]string{"-f", fixed, "ingress/shop-web", "-n", "shop", "-o", format})
			if code != ExitError {
				t.Fatalf("exit %d, want 2", code)
			}
			oneLineWith(t, errb.String(), "no space left on device")
		})
	}
}

// TestForcedProviderSkipClass: the skip of a forced provider without checks is of class provider.
func TestForcedProviderSkipClass(t *testing.T) {
	snap, err := snapshot.FromFiles([]string{fixed}, nil, "shop")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := diagnose.Target(snap, snapshot.Target{Kind: snapshot.KindIngress, Namespace: "shop", Name: "shop-web"}, diagnose.Options{Provider: ackrules.Provider})
	if err != nil {
		t.Fatal(err)
	}
	var got []snapshot.ReasonClass
	for _, s := range rep.Skipped {
		if s.Check == "provider" {
			got = append(got, s.Class)
		}
	}
	if len(got) != 1 || got[0] != snapshot.ReasonProvider {
		t.Errorf("provider skip classes %v, want [%s] (skipped %+v)", got, snapshot.ReasonProvider, rep.Skipped)
	}
}

func TestForcedProviderWithoutChecksIsSkipped(t *testing.T) {
	out, stderr, code := run(t, "-f", fixed, "ingress/shop-web", "-n", "shop", "--provider", "ack", "-o", "json")
	if code == ExitError {
		t.Fatalf("exit 2: %s", stderr)
	}
	var rep report.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, s := range rep.Skipped {
		found = found || (s.Check == "provider" && strings.Contains(s.Reason, "--provider ack"))
	}
	if !found {
		t.Errorf("no provider skip: %+v", rep.Skipped)
	}
	text, _, _ := run(t, "-f", fixed, "ingress/shop-web", "-n", "shop", "--provider", "ack", "--color", "never")
	if strings.Contains(text, "no problems found\n") {
		t.Errorf("text claims a clean bill: %s", text)
	}
	own, _, _ := run(t, "-f", fixed, "ingress/shop-web", "-n", "shop", "--provider", "tke", "-o", "json")
	if strings.Contains(own, `"check": "provider"`) {
		t.Errorf("tke has Ingress checks; no provider skip expected")
	}
}

// TestDuplicateObjectsBothDiagnosed: an object defined in two files is diagnosed twice, each
// report saying where the other definition is; neither replaces the other.
func TestDuplicateObjectsBothDiagnosed(t *testing.T) {
	b, err := os.ReadFile(fixed)
	if err != nil {
		t.Fatal(err)
	}
	second := testutil.WriteFile(t, t.TempDir(), "copy.yaml", string(b))
	for _, group := range []string{"dir", "all"} {
		t.Run(group, func(t *testing.T) {
			out, stderr, code := run(t, "-f", fixed, "-f", second, "ingress/shop-web", "-n", "shop", "-o", "json", "--group-files", group)
			if code == ExitError {
				t.Fatalf("exit 2: %s", stderr)
			}
			var l report.List
			if err := json.Unmarshal([]byte(out), &l); err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			if len(l.Items) != 2 {
				t.Fatalf("%d reports, want one per definition", len(l.Items))
			}
			files := []string{fixed, second}
			for i, r := range l.Items {
				if r.Origin == nil || r.Origin.File != files[i] || len(r.AlsoDefinedAt) != 1 || r.AlsoDefinedAt[0].File != files[1-i] {
					t.Errorf("report %d: origin %+v, also %+v", i, r.Origin, r.AlsoDefinedAt)
				}
			}
			if !strings.Contains(stderr, "note: "+fixed+" and "+second+" both define") {
				t.Errorf("no note of the collision: %s", stderr)
			}
		})
	}
}

func TestUnknownResourceAgainstSilentServer(t *testing.T) {
	kc := kubeconfigFor(t, "http://"+silentServer(t))
	start := time.Now()
	_, stderr, code := run(t, "--kubeconfig", kc, "--request-timeout", "1s", "deploy/x")
	if code != ExitError {
		t.Fatalf("exit %d", code)
	}
	oneLineWith(t, stderr, "Services and Ingresses only")
	if d := time.Since(start); d > 4*time.Second {
		t.Errorf("took %v with --request-timeout 1s", d)
	}
}
