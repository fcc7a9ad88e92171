package engine

import (
	"context"
	"errors"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/kubernetes/fake"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func TestFollow(t *testing.T) {
	boom := errors.New("boom")
	tests := []struct {
		name     string
		deadline time.Duration
		first    func(Update) error
		// cancelAfterFirst ends the context once the first pass was handled.
		cancelAfterFirst bool
		want             error
	}{
		{"the first pass's error ends the run", 0, func(Update) error { return boom }, false, boom},
		{"an end of the context after the first pass is no error", 0, func(Update) error { return nil }, true, nil},
		{"a first pass later than the deadline", time.Nanosecond, func(Update) error { time.Sleep(time.Second); return nil }, false, ErrFirstPassLate},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			first := func(u Update) error {
				if !u.Initial {
					t.Errorf("first got a later pass")
				}
				err := tt.first(u)
				if tt.cancelAfterFirst {
					cancel()
				}
				return err
			}
			cfg := Config{Clients: snapshot.Clients{Kube: fake.NewClientset([]runtime.Object{tlsIngress("web", "")}...)}}
			done := make(chan error, 1)
			go func() { done <- Follow(ctx, cfg, tt.deadline, first, func(Update) {}) }()
			select {
			case err := <-done:
				if !errors.Is(err, tt.want) || (tt.want == nil && err != nil) {
					t.Fatalf("Follow = %v, want %v", err, tt.want)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("Follow did not return within 10s")
			}
		})
	}
	t.Run("a context ended before the first pass", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		cfg := Config{Clients: snapshot.Clients{Kube: fake.NewClientset()}}
		if err := Follow(ctx, cfg, 0, func(Update) error { return nil }, func(Update) {}); err != nil {
			t.Fatalf("Follow = %v, want nil", err)
		}
	})
	t.Run("later passes go to next", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		c := fake.NewClientset(tlsIngress("api", "tls"))
		cfg := Config{Clients: snapshot.Clients{Kube: c}}
		firstDone := make(chan struct{})
		got := make(chan Update, 4)
		done := make(chan error, 1)
		go func() {
			done <- Follow(ctx, cfg, 0, func(Update) error { close(firstDone); return nil }, func(u Update) { got <- u })
		}()
		<-firstDone
		if _, err := c.NetworkingV1().Ingresses(ns).Create(ctx, tlsIngress("web", ""), metav1.CreateOptions{}); err != nil {
			t.Fatal(err)
		}
		if u := next(t, got); u.Initial || len(u.Reports) != 1 || u.Reports[0].Target.Name != "web" {
			t.Errorf("later pass %+v", u)
		}
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Follow = %v after the context ended", err)
		}
	})
}
