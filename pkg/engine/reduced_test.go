package engine

import (
	"context"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// webSlice is the EndpointSlice of Service web with one endpoint, pod web-0, ready or not.
func webSlice(rv string, ready bool) *discoveryv1.EndpointSlice {
	node := "n1"
	return &discoveryv1.EndpointSlice{ObjectMeta: metav1.ObjectMeta{Name: "web-1", Namespace: ns, ResourceVersion: rv,
		Labels: map[string]string{discoveryv1.LabelServiceName: "web", discoveryv1.LabelManagedBy: "endpointslice-controller.k8s.io"}},
		AddressType: discoveryv1.AddressTypeIPv4,
		Endpoints: []discoveryv1.Endpoint{{Addresses: []string{"10.0.0.1"}, NodeName: &node,
			Conditions: discoveryv1.EndpointConditions{Ready: &ready}}}}
}

// heldTypes counts, over every source's scope, the objects of each Go type the engine holds.
func heldTypes(e *Engine) map[string]int {
	out := map[string]int{}
	for _, s := range e.sources {
		for _, obj := range e.held(s) {
			out[fmt.Sprintf("%T", obj)]++
		}
	}
	return out
}

// TestSourcesHoldReducedSlices: serve's sources hold EndpointSlices reduced (never the API's
// type), the snapshot holds the reduced slice, and a change or delete of a slice re-diagnoses its
// Service to the report a fresh one-shot diagnosis gives.
func TestSourcesHoldReducedSlices(t *testing.T) {
	c, e, ups := run(t, lbService("web", nil), webSlice("1", true))
	next(t, ups)
	ctx := context.Background()
	check := func(t *testing.T, wantSlices int) {
		t.Helper()
		got := heldTypes(e)
		if got["*v1.EndpointSlice"] != 0 || got["*snapshot.EndpointSlice"] != wantSlices {
			t.Errorf("sources hold %v, want %d *snapshot.EndpointSlice and no *v1.EndpointSlice", got, wantSlices)
		}
		held := e.snap.EndpointSlices.Held(ns)
		if len(held) != wantSlices {
			t.Fatalf("the snapshot holds %d slices, want %d", len(held), wantSlices)
		}
		want := fullDiagnosis(t, c)
		if len(e.Reports()) != len(want) {
			t.Errorf("engine holds %d reports, a full diagnosis %d", len(e.Reports()), len(want))
		}
		for _, r := range e.Reports() {
			if got := reportJSON(t, r); got != want[r.Target] {
				t.Errorf("%s: engine\n%s\nfull diagnosis\n%s", r.Target, got, want[r.Target])
			}
		}
	}
	rulesOf := func() []rules.ID {
		var out []rules.ID
		for _, r := range e.Reports() {
			for _, f := range r.Findings {
				out = append(out, f.Rule)
			}
		}
		return out
	}
	t.Run("after the first sync", func(t *testing.T) {
		check(t, 1)
		if got := rulesOf(); slices.Contains(got, rules.GenericServiceNoEndpoints) || slices.Contains(got, rules.GenericServiceNoSelector) {
			t.Errorf("findings %v with a ready endpoint", got)
		}
		es := e.snap.EndpointSlices.Held(ns)[0]
		if es.ServiceName != "web" || !maps.Equal(es.GetLabels(), map[string]string{discoveryv1.LabelServiceName: "web"}) || len(es.Endpoints) != 1 || es.Endpoints[0].NodeName != "n1" {
			t.Errorf("held slice %+v", es)
		}
	})
	for _, st := range []struct {
		name   string
		change func() error
		// slices is how many slices are held after the change; rule is a finding it brings.
		slices int
		rule   rules.ID
	}{
		{"its endpoint turns not ready", func() error {
			_, err := c.DiscoveryV1().EndpointSlices(ns).Update(ctx, webSlice("2", false), metav1.UpdateOptions{})
			return err
		}, 1, rules.GenericServiceNoEndpoints},
		{"the slice is deleted", func() error {
			return c.DiscoveryV1().EndpointSlices(ns).Delete(ctx, "web-1", metav1.DeleteOptions{})
		}, 0, rules.GenericServiceNoSelector},
	} {
		t.Run(st.name, func(t *testing.T) {
			if err := st.change(); err != nil {
				t.Fatal(err)
			}
			if u := next(t, ups); !slices.Equal(names(u), []string{"web"}) {
				t.Fatalf("re-diagnosed %v, want [web]", names(u))
			}
			check(t, st.slices)
			if got := rulesOf(); !slices.Contains(got, st.rule) {
				t.Errorf("findings %v, want %s among them", got, st.rule)
			}
		})
	}
}

// TestSourcesHoldReducedEvents: serve's sources hold Events as *snapshot.EventRecord (never the
// API's type); an event that appears, changes and is deleted reaches its target, whose report then
// equals a fresh one-shot diagnosis.
func TestSourcesHoldReducedEvents(t *testing.T) {
	c, e, ups := run(t, tlsIngress("web", "web-tls"), secret("web-tls", map[string]string{"qcloud_cert_id": "YCOLTUdr"}))
	next(t, ups)
	ctx := context.Background()
	event := func(name, rv, msg string) *corev1.Event {
		return &corev1.Event{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns, UID: types.UID("uid-" + name), ResourceVersion: rv},
			InvolvedObject: corev1.ObjectReference{Kind: "Ingress", Namespace: ns, Name: "web", UID: "uid-ing-web"},
			Type:           corev1.EventTypeWarning, Reason: "LoadBalancerError", Count: 1, LastTimestamp: metav1.Now(),
			Source: corev1.EventSource{Component: "l7-lb-controller"}, Message: msg}
	}
	for _, st := range []struct {
		name   string
		change func() error
		// held are the messages of the events the snapshot holds about web afterwards, in order.
		held []string
	}{
		{"an event appears", func() error {
			_, err := c.CoreV1().Events(ns).Create(ctx, event("web.1", "1", "Code=InvalidParameter, Message=E4009 a"), metav1.CreateOptions{})
			return err
		}, []string{"Code=InvalidParameter, Message=E4009 a"}},
		{"the event changes", func() error {
			_, err := c.CoreV1().Events(ns).Update(ctx, event("web.1", "2", "Code=InvalidParameter, Message=E4009 b"), metav1.UpdateOptions{})
			return err
		}, []string{"Code=InvalidParameter, Message=E4009 b"}},
		{"a second event, named before the first", func() error {
			_, err := c.CoreV1().Events(ns).Create(ctx, event("web.0", "3", "Code=InvalidParameter, Message=E4009 c"), metav1.CreateOptions{})
			return err
		}, []string{"Code=InvalidParameter, Message=E4009 c", "Code=InvalidParameter, Message=E4009 b"}},
		{"the first event is deleted", func() error {
			return c.CoreV1().Events(ns).Delete(ctx, "web.1", metav1.DeleteOptions{})
		}, []string{"Code=InvalidParameter, Message=E4009 c"}},
		{"the last event is deleted", func() error {
			return c.CoreV1().Events(ns).Delete(ctx, "web.0", metav1.DeleteOptions{})
		}, nil},
	} {
		t.Run(st.name, func(t *testing.T) {
			if err := st.change(); err != nil {
				t.Fatal(err)
			}
			if u := next(t, ups); !slices.Equal(names(u), []string{"web"}) {
				t.Fatalf("re-diagnosed %v, want [web]", names(u))
			}
			got := heldTypes(e)
			if got["*v1.Event"] != 0 || got["*snapshot.EventRecord"] != len(st.held) {
				t.Errorf("sources hold %v, want %d *snapshot.EventRecord and no *v1.Event", got, len(st.held))
			}
			evs, err := e.snap.EventsFor(snapshot.KindIngress, ns, "web", "uid-ing-web")
			if err != nil {
				t.Fatal(err)
			}
			var msgs []string
			for _, ev := range evs {
				msgs = append(msgs, ev.Message)
			}
			if !slices.Equal(msgs, st.held) {
				t.Errorf("the snapshot holds the events %q, want %q", msgs, st.held)
			}
			want := fullDiagnosis(t, c)
			for _, r := range e.Reports() {
				if got := reportJSON(t, r); got != want[r.Target] {
					t.Errorf("%s: engine\n%s\nfull diagnosis\n%s", r.Target, got, want[r.Target])
				}
			}
		})
	}
}

// TestRelist: a source's complete list (a re-list after its watch expired or the API server came
// back) re-diagnoses nothing when it holds what the engine holds, and deletes what it no longer
// has, re-diagnosing the targets that read it.
func TestRelist(t *testing.T) {
	_, e, ups := run(t, lbService("web", nil), lbService("api", nil), webSlice("1", true))
	next(t, ups) // the engine is idle from here: the test calls it in its place
	var src *source
	for k, s := range e.sources {
		if k.resource == snapshot.EndpointSlices {
			src = s
		}
	}
	if src == nil {
		t.Fatal("no EndpointSlice source")
	}
	relist := func(objs ...runtime.Object) []string {
		p := &pass{dirty: map[snapshot.Target]bool{}}
		var reduced []runtime.Object
		for _, o := range objs {
			reduced = append(reduced, reducedOf(t, o))
		}
		e.applyOne(delta{src: src, list: true, objs: reduced}, p)
		var out []string
		for t := range p.dirty {
			out = append(out, t.Name)
		}
		slices.Sort(out)
		return out
	}
	for _, tt := range []struct {
		name      string
		objs      []runtime.Object
		dirty     []string
		held      int
		serviceOf string
	}{
		{"the same slice", []runtime.Object{webSlice("1", true)}, nil, 1, "web"},
		{"the same slice at another version, unchanged", []runtime.Object{webSlice("2", true)}, nil, 1, "web"},
		{"the slice changed", []runtime.Object{webSlice("3", false)}, []string{"web"}, 1, "web"},
		{"the slice gone", nil, []string{"web"}, 0, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := relist(tt.objs...); !slices.Equal(got, tt.dirty) {
				t.Errorf("re-diagnosed %v, want %v", got, tt.dirty)
			}
			held := e.held(src)
			if len(held) != tt.held {
				t.Fatalf("%d slices held, want %d", len(held), tt.held)
			}
			if _, err := e.snap.EndpointSlices.Get(ns, "web-1"); (err == nil) != (tt.held == 1) {
				t.Errorf("snapshot's slice: %v", err)
			}
		})
	}
}

func reducedOf(t *testing.T, o runtime.Object) runtime.Object {
	t.Helper()
	r := reduced(o)
	if r == nil {
		t.Fatalf("%T not reduced", o)
	}
	return r
}

// TestTransformTwice: a streamed list's objects reach the source's Replace already reduced (the
// reflector's own store applies Transformer), and reducing them again changes nothing.
func TestTransformTwice(t *testing.T) {
	node := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "n1", ResourceVersion: "1", Labels: map[string]string{"type": "virtual-kubelet"}},
		Status: corev1.NodeStatus{Conditions: []corev1.NodeCondition{{Type: corev1.NodeReady, Status: corev1.ConditionTrue, LastHeartbeatTime: metav1.Now()}},
			Images: []corev1.ContainerImage{{Names: []string{"nginx"}}}}}
	event := &corev1.Event{ObjectMeta: metav1.ObjectMeta{Name: "web.1", Namespace: ns, UID: "e1", ResourceVersion: "4"},
		InvolvedObject: corev1.ObjectReference{Kind: "Service", Namespace: ns, Name: "web"}, Reason: "SyncLoadBalancerFailed", Message: "E4011", Type: corev1.EventTypeWarning}
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web-0", Namespace: ns, ResourceVersion: "2", Labels: map[string]string{"app": "web"}},
		Spec: corev1.PodSpec{NodeName: "n1", Containers: []corev1.Container{{Name: "web", Image: "nginx"}}}, Status: corev1.PodStatus{Phase: corev1.PodRunning}}
	for _, o := range []runtime.Object{lbService("web", map[string]string{"service.kubernetes.io/qcloud-loadbalancer-internal-subnetid": "subnet-1"}),
		webSlice("1", true), node, event, pod, secret("web-tls", map[string]string{"qcloud_cert_id": "YCOLTUdr"})} {
		t.Run(fmt.Sprintf("%T", o), func(t *testing.T) {
			once := reduced(o)
			want := once.DeepCopyObject() // before reducing once again, in place
			if twice := reduced(once).DeepCopyObject(); !reflect.DeepEqual(want, twice) {
				t.Errorf("reduced again:\n%#v\nonce:\n%#v", twice, want)
			}
		})
	}
}

// TestSameEvent: an Event record at a new resource version is the same when nothing the snapshot
// keeps of it changed (and comparing its times does not panic, as Semantic.DeepEqual does).
func TestSameEvent(t *testing.T) {
	t0 := metav1.Now()
	event := func(rv string, count int32, last metav1.Time) *corev1.Event {
		return &corev1.Event{ObjectMeta: metav1.ObjectMeta{Name: "web.1", Namespace: ns, UID: "e1", ResourceVersion: rv},
			InvolvedObject: corev1.ObjectReference{Kind: "Service", Namespace: ns, Name: "web"}, Reason: "SyncLoadBalancerFailed",
			Message: "E4011", Type: corev1.EventTypeWarning, Count: count, LastTimestamp: last}
	}
	later := metav1.NewTime(t0.Add(time.Minute))
	inZone := metav1.NewTime(t0.In(time.FixedZone("UTC+8", 8*3600)))
	for _, tt := range []struct {
		name string
		b    *corev1.Event
		want bool
	}{
		{"same version", event("1", 1, t0), true},
		{"new version, nothing kept changed", event("2", 1, t0), true},
		{"new version, same instant in another zone", event("2", 1, inZone), true},
		{"seen again later", event("2", 1, later), false},
		{"counted again", event("2", 2, t0), false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := same(reduced(event("1", 1, t0)), reduced(tt.b)); got != tt.want {
				t.Errorf("same = %v, want %v", got, tt.want)
			}
		})
	}
}
