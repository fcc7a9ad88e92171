package diagnose

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func TestClusters(t *testing.T) {
	web := report.Report{Target: snapshot.Target{Kind: snapshot.KindService, Namespace: ns, Name: "web"}}
	unusable := errors.New("no such user")
	refused := errors.New("refused")
	collect := func(reads []snapshot.FailedRead, err error) func(context.Context) ([]report.Report, []snapshot.FailedRead, error) {
		return func(context.Context) ([]report.Report, []snapshot.FailedRead, error) {
			if err != nil {
				return nil, nil, err
			}
			return []report.Report{web}, reads, nil
		}
	}
	cs := []Cluster{
		{Name: "ok", Collect: collect(nil, nil)},
		{Name: "forbidden", Collect: collect([]snapshot.FailedRead{{Resource: "nodes", Class: snapshot.ReasonForbidden, Note: "nodes: forbidden"}}, nil)},
		{Name: "lost", Collect: collect([]snapshot.FailedRead{{Resource: "nodes", Class: snapshot.ReasonReadFailed, Note: "nodes: timeout"}}, nil)},
		{Name: "down", Collect: collect(nil, refused)},
		{Name: "bad", Err: unusable},
	}
	results, waited := Clusters(context.Background(), cs, 2, time.Hour, func([]string) { t.Error("waiting called before the wait") })
	if waited || len(results) != len(cs) {
		t.Fatalf("%d results, waited %v", len(results), waited)
	}
	tests := []struct {
		name        string
		wantReports int
		wantErr     string // "" for none; else a fragment of the error
	}{
		{"ok", 1, ""},
		{"forbidden", 1, ""},
		{"lost", 1, "nodes: timeout"},
		{"down", 0, "refused"},
		{"bad", 0, "no such user"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := results[i]
			if len(r.Reports) != tt.wantReports || (r.Err == nil) != (tt.wantErr == "") || (r.Err != nil && !strings.Contains(r.Err.Error(), tt.wantErr)) {
				t.Fatalf("result %+v, want %d reports and error %q", r, tt.wantReports, tt.wantErr)
			}
			for _, rep := range r.Reports {
				if rep.Cluster != cs[i].Name {
					t.Errorf("report of cluster %q, want %q", rep.Cluster, cs[i].Name)
				}
			}
		})
	}
}

func TestClustersWaiting(t *testing.T) {
	release := make(chan struct{})
	slow := func(ctx context.Context) ([]report.Report, []snapshot.FailedRead, error) {
		<-release
		return nil, nil, nil
	}
	fast := func(context.Context) ([]report.Report, []snapshot.FailedRead, error) { return nil, nil, nil }
	var mu sync.Mutex
	var heard [][]string
	done := make(chan bool, 1)
	go func() {
		_, waited := Clusters(context.Background(), []Cluster{{Name: "b", Collect: slow}, {Name: "c", Collect: fast}, {Name: "a", Collect: slow}},
			3, 200*time.Millisecond, func(names []string) {
				mu.Lock()
				heard = append(heard, names)
				mu.Unlock()
				close(release)
			})
		done <- waited
	}()
	select {
	case waited := <-done:
		if !waited {
			t.Error("waited is false after waiting was called")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Clusters did not return")
	}
	mu.Lock()
	defer mu.Unlock()
	if len(heard) != 1 || !slices.Equal(heard[0], []string{"a", "b"}) {
		t.Errorf("waiting heard %v, want once [a b]", heard)
	}
}
