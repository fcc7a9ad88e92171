package preflight

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"k8s.io/client-go/rest"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestLiveDeadline: a live preflight against a server that never answers gives up at its Deadline.
func TestLiveDeadline(t *testing.T) {
	stop := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-stop:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(stop)
	cfg := &rest.Config{Host: srv.URL}
	c, err := snapshot.NewClients(cfg)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	o := Options{Files: snapshot.Files{Paths: []string{write(t, dir, "svc.yaml", ackNow)}, DefaultNamespace: "default"},
		Clients: c, Config: cfg, Deadline: 200 * time.Millisecond}
	start := time.Now()
	_, err = Run(context.Background(), o)
	if err == nil || !strings.Contains(err.Error(), "did not answer") {
		t.Fatalf("error %v, want the timeout's", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("gave up after %s, want about the 200ms deadline", d)
	}
}
