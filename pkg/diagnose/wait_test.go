package diagnose

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"k8s.io/client-go/rest"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func TestParseExplainFilter(t *testing.T) {
	tests := []struct {
		name, provider, kind string
		wantP                rules.Provider
		wantK                rules.Kind
		wantErr              string // the flag the error names; "" for none
	}{
		{"nothing narrows", "", " ", "", "", ""},
		{"short kind, provider in another case", "TKE", "ing", tkerules.Provider, rules.Ingress, ""},
		{"a kind", "", "Service", "", rules.Service, ""},
		{"an unknown kind", "", "pod", "", "", "--kind"},
		{"an unknown provider", "gcp", "svc", "", "", "--provider"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, k, err := ParseExplainFilter(tt.provider, tt.kind)
			if tt.wantErr != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.wantErr+":") {
					t.Fatalf("error %v, want one about %s", err, tt.wantErr)
				}
				return
			}
			if err != nil || p != tt.wantP || k != tt.wantK {
				t.Errorf("ParseExplainFilter(%q, %q) = %q, %q, %v", tt.provider, tt.kind, p, k, err)
			}
		})
	}
}

func TestLimitNote(t *testing.T) {
	if n := LimitNote(0); n != "" {
		t.Errorf("LimitNote(0) = %q, want none", n)
	}
	if n := LimitNote(30 * time.Second); !strings.Contains(n, "30s") {
		t.Errorf("LimitNote(30s) = %q, want it to name 30s", n)
	}
}

// hangingServer answers nothing until the test ends.
func hangingServer(t *testing.T) *rest.Config {
	t.Helper()
	stop := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-stop:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(func() { close(stop); srv.Close() })
	return &rest.Config{Host: srv.URL}
}

func TestLiveLoadDeadline(t *testing.T) {
	cfg := hangingServer(t)
	c, err := snapshot.NewClients(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var progress []string
	l := Live{Clients: c, Config: cfg, Namespace: ns, Deadline: 300 * time.Millisecond, Wait: 20 * time.Millisecond,
		Progress: func(s string) { mu.Lock(); progress = append(progress, s); mu.Unlock() }}
	_, err = l.Load(context.Background())
	if err == nil || !strings.Contains(err.Error(), "did not answer within 300ms") || !strings.Contains(err.Error(), cfg.Host) {
		t.Fatalf("error %v, want the deadline's", err)
	}
	mu.Lock()
	defer mu.Unlock()
	waiting := false
	for _, s := range progress {
		waiting = waiting || strings.HasPrefix(s, "waiting for the API server at "+cfg.Host)
	}
	if !waiting || progress[len(progress)-1] != "" {
		t.Errorf("status lines %q, want a waiting line, then a cleared one", progress)
	}
}

func TestWatchClients(t *testing.T) {
	ok := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"kind":"ServiceList","apiVersion":"v1","metadata":{},"items":[]}`))
	}))
	defer ok.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refused := "http://" + ln.Addr().String()
	ln.Close()
	tests := []struct {
		name    string
		cfg     *rest.Config
		wantErr string // a fragment; "" for none
	}{
		{"a server that answers", &rest.Config{Host: ok.URL, Timeout: time.Second}, ""},
		{"a server that refuses", &rest.Config{Host: refused}, "cannot reach the API server"},
		{"a server that does not answer in time", hangingServer(t), "did not answer"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := WatchClients(context.Background(), tt.cfg, ns, 300*time.Millisecond)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || c.Kube == nil {
				t.Fatalf("clients %+v, %v", c, err)
			}
		})
	}
}
