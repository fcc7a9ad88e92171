package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes/fake"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/engine"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func TestPassRecord(t *testing.T) {
	web := report.Report{Target: snapshot.Target{Kind: snapshot.KindService, Namespace: "shop", Name: "web"}}
	tests := []struct {
		name        string
		u           engine.Update
		wantTargets []string
		wantCount   int
	}{
		{"initial pass lists no target", engine.Update{Initial: true, Held: []*report.Held{report.Hold(web), report.Hold(web)}, Duration: time.Second}, nil, 2},
		{"later pass names its targets", engine.Update{Held: []*report.Held{report.Hold(web)}, Removed: []snapshot.Target{web.Target}}, []string{"Service/shop/web"}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := passRecord(tt.u)
			if strings.Join(r.Targets, ",") != strings.Join(tt.wantTargets, ",") || r.Count != tt.wantCount ||
				r.Initial != tt.u.Initial || r.Removed != len(tt.u.Removed) || r.DurationNS != tt.u.Duration.Nanoseconds() || r.UnixNano == 0 {
				t.Errorf("record %+v for %+v", r, tt.u)
			}
		})
	}
}

// syncBuffer is a bytes.Buffer safe for the server's goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func TestRun(t *testing.T) {
	ing := &networkingv1.Ingress{ObjectMeta: metav1.ObjectMeta{Namespace: "shop", Name: "web", Annotations: map[string]string{"kubernetes.io/ingress.class": "qcloud"}},
		Spec: networkingv1.IngressSpec{TLS: []networkingv1.IngressTLS{{SecretName: ""}}}}
	passLog := filepath.Join(t.TempDir(), "passes.jsonl")
	var errOut syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, Config{Clients: snapshot.Clients{Kube: fake.NewClientset(ing)}, Host: "https://api.example.invalid",
			Bind: "127.0.0.1:0", PassLog: passLog, ErrOut: &errOut})
	}()
	addr := regexp.MustCompile(`on http://(\S+) \(API server https://api\.example\.invalid\)`)
	var base string
	for deadline := time.Now().Add(10 * time.Second); base == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := addr.FindStringSubmatch(errOut.String()); m != nil {
			base = "http://" + m[1]
		}
	}
	if base == "" {
		t.Fatalf("no serving line on stderr: %q", errOut.String())
	}
	ready := false
	for deadline := time.Now().Add(10 * time.Second); !ready && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		resp, err := http.Get(base + "/readyz")
		if err == nil {
			ready = resp.StatusCode == http.StatusOK
			resp.Body.Close()
		}
	}
	if !ready {
		t.Fatal("/readyz not 200 within 10s")
	}
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), `rule="`+tkerules.IngressE4009.String()+`"`) {
		t.Errorf("/metrics lacks the open E4009 finding")
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run = %v after the context ended", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return within 10s of the end of its context")
	}
	b, err := os.ReadFile(passLog)
	if err != nil {
		t.Fatal(err)
	}
	var first PassRecord
	if err := json.Unmarshal([]byte(strings.SplitN(string(b), "\n", 2)[0]), &first); err != nil || !first.Initial || first.Count != 1 {
		t.Errorf("first pass record %+v: %v", first, err)
	}
}

func TestRunErrors(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	tests := []struct {
		name      string
		bind, log string
		want      string // a fragment of the error
	}{
		{"an address in use", taken.Addr().String(), "", "--metrics-bind-address"},
		{"a pass log that cannot be opened", "127.0.0.1:0", filepath.Join(t.TempDir(), "missing", "passes.jsonl"), "--pass-log"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Run(context.Background(), Config{Clients: snapshot.Clients{Kube: fake.NewClientset()}, Bind: tt.bind, PassLog: tt.log, ErrOut: io.Discard})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Run = %v, want an error naming %s", err, tt.want)
			}
		})
	}
}
