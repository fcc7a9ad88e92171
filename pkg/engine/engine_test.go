package engine

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes/fake"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/testutil"
	diag "github.com/lbdoctor/kubectl-lbdoctor/pkg/diagnose"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

const ns = "shop"

// tlsIngress is a qcloud Ingress with one TLS entry naming secret ("" is E4009).
func tlsIngress(name, secret string) *networkingv1.Ingress {
	return &networkingv1.Ingress{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns, UID: types.UID("uid-ing-" + name), ResourceVersion: "1",
			Annotations: map[string]string{"kubernetes.io/ingress.class": "qcloud"}},
		Spec: networkingv1.IngressSpec{TLS: []networkingv1.IngressTLS{{Hosts: []string{name + ".example.com"}, SecretName: secret}}},
	}
}

func secret(name string, data map[string]string) *corev1.Secret {
	s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns, ResourceVersion: "1"}, Data: map[string][]byte{}}
	for k, v := range data {
		s.Data[k] = []byte(v)
	}
	return s
}

func diagnose(snap *snapshot.Snapshot, t snapshot.Target) (report.Report, error) {
	return diag.Target(snap, t, diag.Options{})
}

// run starts an engine on a fake cluster holding objs and returns its passes as they come.
func run(t *testing.T, objs ...runtime.Object) (*fake.Clientset, *Engine, <-chan Update) {
	t.Helper()
	return runWith(t, false, objs...)
}

// runWith is run with Config.HeldOnly set to heldOnly.
func runWith(t *testing.T, heldOnly bool, objs ...runtime.Object) (*fake.Clientset, *Engine, <-chan Update) {
	t.Helper()
	c := fake.NewClientset(objs...)
	ups := make(chan Update, 16)
	e := New(Config{Clients: snapshot.Clients{Kube: c}, HeldOnly: heldOnly,
		OnUpdate: func(u Update) { ups <- u }})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = e.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return c, e, ups
}

func next(t *testing.T, ups <-chan Update) Update {
	t.Helper()
	select {
	case u := <-ups:
		if u.Err != nil {
			t.Fatalf("pass failed: %v", u.Err)
		}
		return u
	case <-time.After(10 * time.Second):
		t.Fatal("no diagnosis pass within 10s")
	}
	return Update{}
}

// ready waits up to 10s for e to be ready: it turns ready once OnUpdate returned from the first pass.
func ready(t *testing.T, e *Engine) bool {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if e.Ready() {
			return true
		}
	}
	return false
}

func codes(r report.Report) []string {
	var out []string
	for _, f := range r.Findings {
		out = append(out, f.Code)
	}
	return out
}

func names(u Update) []string {
	var out []string
	for _, r := range u.Reports {
		out = append(out, r.Target.Name)
	}
	return out
}

// TestUpdateHeld: an Update's held reports are its reports, in the same order; with HeldOnly it
// carries them held only, and the engine's Reports are the same either way.
func TestUpdateHeld(t *testing.T) {
	objs := func() []runtime.Object {
		return []runtime.Object{tlsIngress("web", ""), tlsIngress("api", "api-tls"), secret("api-tls", map[string]string{"tls.crt": "x"})}
	}
	_, full, fullUps := runWith(t, false, objs()...)
	u := next(t, fullUps)
	if len(u.Reports) != 2 || len(u.Held) != len(u.Reports) {
		t.Fatalf("%d reports, %d held", len(u.Reports), len(u.Held))
	}
	for i, r := range u.Reports {
		if !reflect.DeepEqual(u.Held[i].Report(), r) {
			t.Errorf("held report %d is not report %d", i, i)
		}
	}
	_, heldOnly, heldUps := runWith(t, true, objs()...)
	h := next(t, heldUps)
	if h.Reports != nil || len(h.Held) != 2 {
		t.Fatalf("HeldOnly: %d reports, %d held", len(h.Reports), len(h.Held))
	}
	for i := range h.Held {
		if got, want := h.Held[i].Report(), u.Reports[i]; !reflect.DeepEqual(got, want) {
			t.Errorf("HeldOnly report %d: %v, want %v", i, codes(got), codes(want))
		}
	}
	ready(t, full)
	ready(t, heldOnly)
	if !reflect.DeepEqual(full.Reports(), heldOnly.Reports()) {
		t.Error("the engines' Reports differ")
	}
}

func TestEngineRediagnosesOnlyAffectedTargets(t *testing.T) {
	c, e, ups := run(t, tlsIngress("web", ""), tlsIngress("api", "api-tls"), secret("api-tls", map[string]string{"tls.crt": "x"}))
	first := next(t, ups)
	if !first.Initial || len(first.Reports) != 2 || !ready(t, e) {
		t.Fatalf("first pass: initial=%v reports=%v ready=%v", first.Initial, names(first), e.Ready())
	}
	byName := map[string]report.Report{}
	for _, r := range first.Reports {
		byName[r.Target.Name] = r
	}
	if !slices.Contains(codes(byName["web"]), "E4009") || !slices.Contains(codes(byName["api"]), "E4011") {
		t.Fatalf("initial findings: web %v, api %v", codes(byName["web"]), codes(byName["api"]))
	}
	ctx := context.Background()

	t.Run("secret change re-diagnoses the Ingress that references it", func(t *testing.T) {
		s := secret("api-tls", map[string]string{"qcloud_cert_id": "YCOLTUdr"})
		s.ResourceVersion = "2"
		if _, err := c.CoreV1().Secrets(ns).Update(ctx, s, metav1.UpdateOptions{}); err != nil {
			t.Fatal(err)
		}
		u := next(t, ups)
		if got := names(u); !slices.Equal(got, []string{"api"}) {
			t.Fatalf("re-diagnosed %v, want [api]", got)
		}
		if slices.Contains(codes(u.Reports[0]), "E4011") {
			t.Errorf("E4011 still reported after the fix: %v", codes(u.Reports[0]))
		}
	})
	t.Run("fixing a target re-diagnoses it alone", func(t *testing.T) {
		ing := tlsIngress("web", "api-tls")
		ing.ResourceVersion = "2"
		if _, err := c.NetworkingV1().Ingresses(ns).Update(ctx, ing, metav1.UpdateOptions{}); err != nil {
			t.Fatal(err)
		}
		u := next(t, ups)
		if got := names(u); !slices.Equal(got, []string{"web"}) {
			t.Fatalf("re-diagnosed %v, want [web]", got)
		}
		if slices.Contains(codes(u.Reports[0]), "E4009") {
			t.Errorf("E4009 still reported after the fix: %v", codes(u.Reports[0]))
		}
	})
	t.Run("an update that changes nothing re-diagnoses nothing", func(t *testing.T) {
		other := secret("unrelated", nil)
		if _, err := c.CoreV1().Secrets(ns).Create(ctx, other, metav1.CreateOptions{}); err != nil {
			t.Fatal(err)
		}
		select {
		case u := <-ups:
			t.Fatalf("a Secret no target reads re-diagnosed %v", names(u))
		case <-time.After(300 * time.Millisecond):
		}
	})
	t.Run("a deleted target is removed", func(t *testing.T) {
		if err := c.NetworkingV1().Ingresses(ns).Delete(ctx, "web", metav1.DeleteOptions{}); err != nil {
			t.Fatal(err)
		}
		u := next(t, ups)
		if len(u.Removed) != 1 || u.Removed[0].Name != "web" || len(u.Reports) != 0 {
			t.Fatalf("removed %v, reports %v", u.Removed, names(u))
		}
		if got := e.Reports(); len(got) != 1 || got[0].Target.Name != "api" {
			t.Fatalf("Reports() after delete: %d", len(got))
		}
	})
}

func TestEngineEventsReachTheirTarget(t *testing.T) {
	c, _, ups := run(t, tlsIngress("web", "web-tls"), secret("web-tls", map[string]string{"qcloud_cert_id": "YCOLTUdr"}), tlsIngress("api", "web-tls"))
	next(t, ups)
	ev := &corev1.Event{ObjectMeta: metav1.ObjectMeta{Name: "web.1", Namespace: ns, UID: "ev-1"},
		InvolvedObject: corev1.ObjectReference{Kind: "Ingress", Namespace: ns, Name: "web", UID: "uid-ing-web"},
		Type:           corev1.EventTypeWarning, Reason: "LoadBalancerError", Count: 1, LastTimestamp: metav1.Now(),
		Message: "TencentCloudSDKError] Code=InvalidParameter, Message=E4009 something"}
	if _, err := c.CoreV1().Events(ns).Create(context.Background(), ev, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	u := next(t, ups)
	if got := names(u); !slices.Equal(got, []string{"web"}) {
		t.Fatalf("an event about ingress web re-diagnosed %v", got)
	}
}

// TestSourcesHoldNoPrivateKeys: with TLS Secrets in the cluster (one an Ingress names, one it
// does not; both applied with kubectl, so their last-applied-configuration holds them whole),
// nothing the engine holds (its sources' objects, its snapshot) has any copy of a private key, before
// and after a Secret changes; the snapshot holds the facts the checks read.
func TestSourcesHoldNoPrivateKeys(t *testing.T) {
	chain := testutil.NewChain(t, testutil.ECDSA, "web.example.com")
	next2 := testutil.NewChain(t, testutil.ECDSA, "web.example.com")
	tlsSecret := func(name string, c testutil.Chain, rv string) *corev1.Secret {
		s := secret(name, map[string]string{corev1.TLSCertKey: string(c.Bundle()), corev1.TLSPrivateKeyKey: string(c.KeyPEM), "qcloud_cert_id": "YCOLTUdr"})
		s.Type, s.ResourceVersion = corev1.SecretTypeTLS, rv
		applied, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		s.Annotations = map[string]string{corev1.LastAppliedConfigAnnotation: string(applied)}
		return s
	}
	c, e, ups := run(t, tlsIngress("web", "web-tls"), tlsSecret("web-tls", chain, "1"), tlsSecret("unused-tls", chain, "1"))
	first := next(t, ups)
	if !first.Initial {
		t.Fatal("first pass is not the initial one")
	}
	check := func(t *testing.T, c testutil.Chain) {
		t.Helper()
		held := 0
		for k, s := range e.sources {
			for _, obj := range e.held(s) {
				if p := testutil.FindBytes(obj, c.KeyNeedles()...); p != "" {
					t.Errorf("source %s holds key bytes in %T at %s", k, obj, p)
				}
				if _, ok := obj.(*snapshot.Secret); ok {
					held++
				}
			}
		}
		if held != 2 {
			t.Errorf("%d Secrets held, want 2", held)
		}
		if p := testutil.FindBytes(e.snap, c.KeyNeedles()...); p != "" {
			t.Errorf("the snapshot holds key bytes at %s", p)
		}
		sec, err := e.snap.Secrets.Get(ns, "web-tls")
		if err != nil {
			t.Fatal(err)
		}
		if id, _ := sec.Value("qcloud_cert_id"); id != "YCOLTUdr" || sec.TLS == nil || !sec.TLS.KeyMatches || sec.TLS.CertCount != 2 {
			t.Errorf("facts of web-tls: id %q, TLS %+v", id, sec.TLS)
		}
	}
	t.Run("after the first sync", func(t *testing.T) { check(t, chain) })
	t.Run("after a Secret update", func(t *testing.T) {
		if _, err := c.CoreV1().Secrets(ns).Update(context.Background(), tlsSecret("web-tls", next2, "2"), metav1.UpdateOptions{}); err != nil {
			t.Fatal(err)
		}
		if u := next(t, ups); !slices.Equal(names(u), []string{"web"}) {
			t.Fatalf("re-diagnosed %v, want [web]", names(u))
		}
		check(t, next2)
		check(t, chain)
	})
}

// TestOnSyncNamesTheResource: OnSync hears each informer under the resource it reads (the metric's
// one label) and under a name of its own.
func TestOnSyncNamesTheResource(t *testing.T) {
	c := fake.NewClientset(tlsIngress("web", "web-tls"), secret("web-tls", map[string]string{"qcloud_cert_id": "YCOLTUdr"}))
	type heard struct{ resource, source string }
	var mu sync.Mutex
	var got []heard
	ups := make(chan Update, 16)
	e := New(Config{Clients: snapshot.Clients{Kube: c}, OnUpdate: func(u Update) { ups <- u },
		OnSync: func(resource, source string, ok bool) {
			mu.Lock()
			defer mu.Unlock()
			if ok {
				got = append(got, heard{resource, source})
			}
		}})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = e.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	next(t, ups)
	mu.Lock()
	defer mu.Unlock()
	sources := map[string]bool{}
	resources := map[string]bool{}
	for _, h := range got {
		if sources[h.source] {
			t.Errorf("source %q heard twice as synced", h.source)
		}
		sources[h.source] = true
		resources[h.resource] = true
		if strings.ContainsAny(h.resource, " /") {
			t.Errorf("resource %q of source %q names more than the resource", h.resource, h.source)
		}
	}
	for _, want := range []string{snapshot.Ingresses, snapshot.Secrets} {
		if !resources[want] {
			t.Errorf("no synced informer of %s among %v", want, got)
		}
	}
}

// TestEmptyScopeBecomesReady: a scope with no LoadBalancer Service and no Ingress still has its
// first pass (no reports) and is ready; a target added later is diagnosed by a later pass.
func TestEmptyScopeBecomesReady(t *testing.T) {
	clusterIP := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: "internal", Namespace: ns, ResourceVersion: "1"},
		Spec: corev1.ServiceSpec{Type: corev1.ServiceTypeClusterIP}}
	tests := []struct {
		name string
		objs []runtime.Object
	}{
		{"no object at all", nil},
		{"only a ClusterIP Service", []runtime.Object{clusterIP}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, e, ups := run(t, tt.objs...)
			first := next(t, ups)
			if !first.Initial || len(first.Reports) != 0 || !ready(t, e) {
				t.Fatalf("first pass: initial=%v reports=%v ready=%v", first.Initial, names(first), e.Ready())
			}
			if _, err := c.NetworkingV1().Ingresses(ns).Create(context.Background(), tlsIngress("web", ""), metav1.CreateOptions{}); err != nil {
				t.Fatal(err)
			}
			u := next(t, ups)
			if u.Initial || !slices.Equal(names(u), []string{"web"}) {
				t.Fatalf("after adding an Ingress: initial=%v reports=%v, want a later pass of [web]", u.Initial, names(u))
			}
		})
	}
}

// TestGapNamesTheAPIGroup: a list the server forbids is a gap whose RBAC rule names the resource's
// API group as the resource registry has it.
func TestGapNamesTheAPIGroup(t *testing.T) {
	custom := &snapshot.CustomResource{GVR: schema.GroupVersionResource{Group: "networking.tke.cloud.tencent.com", Version: "v1alpha1", Resource: "tkeserviceconfigs"}}
	tests := []struct {
		resource string
		custom   *snapshot.CustomResource
		want     string
	}{
		{snapshot.Secrets, nil, `apiGroups: [""]`},
		{snapshot.Ingresses, nil, "apiGroups: [networking.k8s.io]"},
		{snapshot.IngressClasses, nil, "apiGroups: [networking.k8s.io]"},
		{snapshot.EndpointSlices, nil, "apiGroups: [discovery.k8s.io]"},
		{snapshot.Deployments, nil, "apiGroups: [apps]"},
		{snapshot.Webhooks, nil, "apiGroups: [admissionregistration.k8s.io]"},
		{customName(custom), custom, "tkeserviceconfigs (apiGroups: [networking.tke.cloud.tencent.com])"},
	}
	for _, tt := range tests {
		t.Run(tt.resource, func(t *testing.T) {
			e := New(Config{})
			s := &source{key: srcKey{resource: tt.resource, ns: ns}, custom: tt.custom}
			e.called(s, apierrors.NewForbidden(schema.GroupResource{Resource: tt.resource}, "", errors.New("RBAC")))
			q := e.drain()
			if len(q) != 1 || q[0].gap == nil {
				t.Fatalf("queued %v, want one gap", q)
			}
			if q[0].gap.Class != snapshot.ReasonForbidden || !strings.Contains(q[0].gap.RBAC, tt.want) {
				t.Errorf("gap %s %q, want forbidden with %q", q[0].gap.Class, q[0].gap.RBAC, tt.want)
			}
		})
	}
}
