package diagnose

import (
	"context"
	"errors"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/kubernetes/fake"
	"k8s.io/client-go/rest"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func lbService(name string) *corev1.Service {
	return &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns, Labels: map[string]string{"app": name}},
		Spec: corev1.ServiceSpec{Type: corev1.ServiceTypeLoadBalancer, Ports: []corev1.ServicePort{{Port: 80}}}}
}

func TestLiveLoad(t *testing.T) {
	svc := func(name string) snapshot.Target {
		return snapshot.Target{Kind: snapshot.KindService, Namespace: ns, Name: name}
	}
	tests := []struct {
		name         string
		live         Live
		want         []snapshot.Target
		wantProgress int
	}{
		{"a namespace", Live{Namespace: ns}, []snapshot.Target{svc("api"), svc("web")}, 2},
		{"every namespace, selected", Live{Selector: snapshot.Selector{Label: "app=web"}}, []snapshot.Target{svc("web")}, 2},
		{"a named target", Live{Targets: []snapshot.Target{svc("web")}}, []snapshot.Target{svc("web")}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var progress []string
			l := tt.live
			l.Clients = snapshot.Clients{Kube: fake.NewClientset(tkeNode(), lbService("web"), lbService("api"))}
			l.Config = &rest.Config{Host: "https://example.invalid"}
			l.Progress = func(s string) { progress = append(progress, s) }
			b, err := l.Load(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(b.Targets, tt.want) || len(progress) != tt.wantProgress {
				t.Errorf("targets %v with %d status lines, want %v with %d", b.Targets, len(progress), tt.want, tt.wantProgress)
			}
			reports, err := All([]Batch{b}, Options{})
			if err != nil || len(reports) != len(tt.want) {
				t.Fatalf("%d reports, %v", len(reports), err)
			}
			if reports[0].Provider.Name != tkerules.Provider || reports[0].Source != snapshot.Live {
				t.Errorf("provider %s, source %s; want tke, live", reports[0].Provider.Name, reports[0].Source)
			}
		})
	}
}

func TestLiveErr(t *testing.T) {
	gr := schema.GroupResource{Resource: "services"}
	cfg := &rest.Config{Host: "https://api.example"}
	tests := []struct {
		name     string
		err      error
		cfg      *rest.Config
		wrapsErr bool   // the error is kept in the chain
		names    string // a word the line must hold: the host or the timeout
	}{
		{"rejected credentials", apierrors.NewUnauthorized("bad token"), cfg, false, "api.example"},
		{"forbidden", apierrors.NewForbidden(gr, "", errors.New("no")), cfg, true, "services"},
		{"deadline of the run", context.DeadlineExceeded, nil, false, "1m0s"},
		{"timeout of the client", apierrors.NewTimeoutError("slow", 1), &rest.Config{Host: "h", Timeout: 5 * time.Second}, false, "5s"},
		{"unreachable", &url.Error{Op: "Get", URL: "https://api.example", Err: errors.New("connection refused")}, cfg, false, "connection refused"},
		{"anything else", errors.New("odd"), cfg, true, "odd"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := LiveErr(tt.err, tt.cfg, time.Minute)
			if errors.Is(got, tt.err) != tt.wrapsErr || !strings.Contains(got.Error(), tt.names) {
				t.Errorf("LiveErr = %v (wraps: %v), want wraps %v and %q", got, errors.Is(got, tt.err), tt.wrapsErr, tt.names)
			}
		})
	}
	if err := ProbeServer(context.Background(), snapshot.Clients{}, cfg); err != nil {
		t.Errorf("no client: probe %v, want nil", err)
	}
}

func TestExplain(t *testing.T) {
	tests := []struct {
		name    string
		q       string
		p       rules.Provider
		k       rules.Kind
		want    rules.ID // among the rules found; the zero ID for an error
		wantAll bool     // every rule found has this provider and kind
	}{
		{"a code of one kind", "E4009", "", rules.Ingress, tkerules.IngressE4009, true},
		{"a rule id", tkerules.IngressE4009.String(), "", "", tkerules.IngressE4009, false},
		{"an empty query", "", "", "", rules.ID{}, false},
		{"no such code", "E9999", "", "", rules.ID{}, false},
		{"a code of another provider", "E4009", ackrules.Provider, "", rules.ID{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			found, err := Explain(tt.q, tt.p, tt.k)
			if tt.want == (rules.ID{}) {
				if err == nil {
					t.Fatalf("found %v, want an error", found)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.ContainsFunc(found, func(r rules.Rule) bool { return r.ID == tt.want }) {
				t.Errorf("found %v, want %s among them", found, tt.want)
			}
			for _, r := range found {
				if tt.wantAll && r.Kind != tt.k {
					t.Errorf("%s is of kind %s, want %s", r.ID, r.Kind, tt.k)
				}
			}
		})
	}
}
