package snapshot

import (
	"context"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/kubernetes/fake"
	"k8s.io/client-go/kubernetes/scheme"
)

// TestListWatchFuncs checks that the LIST and WATCH of every resource of the table, and of Events,
// go to the REST path of its kind: the group, version and resource of the object type, in the
// namespace asked for unless the kind is cluster-scoped.
func TestListWatchFuncs(t *testing.T) {
	type want struct {
		kind    string
		cluster bool
	}
	cases := map[string]want{Events: {kind: "Event"}}
	for _, r := range resources {
		cases[r.name()] = want{kind: r.kindName(), cluster: r.clusterScoped()}
	}
	const ns = "team-a"
	for name, w := range cases {
		t.Run(name, func(t *testing.T) {
			c := fake.NewClientset()
			list, watchFn, obj, ok := ListWatchFuncs(Clients{Kube: c}, name, ns)
			if !ok || list == nil || watchFn == nil || obj == nil {
				t.Fatalf("ListWatchFuncs(%q) = ok %v, list %v, watch %v, obj %v", name, ok, list != nil, watchFn != nil, obj)
			}
			gvk := kindOf(t, obj)
			if gvk.Kind != w.kind {
				t.Errorf("object kind %s, want %s", gvk.Kind, w.kind)
			}
			l, err := list(context.Background(), metav1.ListOptions{})
			if err != nil {
				t.Fatalf("list: %v", err)
			}
			if lk := kindOf(t, l); lk != gvk.GroupVersion().WithKind(w.kind+"List") {
				t.Errorf("list kind %s, want %s", lk, gvk.GroupVersion().WithKind(w.kind+"List"))
			}
			wi, err := watchFn(context.Background(), metav1.ListOptions{})
			if err != nil {
				t.Fatalf("watch: %v", err)
			}
			wi.Stop()

			wantNS := ns
			if w.cluster {
				wantNS = ""
			}
			gvr := gvk.GroupVersion().WithResource(name)
			acts := c.Actions()
			if len(acts) != 2 {
				t.Fatalf("%d calls recorded, want 2 (list, watch): %v", len(acts), acts)
			}
			for i, verb := range []string{"list", "watch"} {
				a := acts[i]
				if a.GetVerb() != verb || a.GetResource() != gvr || a.GetNamespace() != wantNS {
					t.Errorf("call %d: %s %s in %q, want %s %s in %q", i, a.GetVerb(), a.GetResource(), a.GetNamespace(), verb, gvr, wantNS)
				}
			}
		})
	}
}

func kindOf(t *testing.T, o runtime.Object) schema.GroupVersionKind {
	t.Helper()
	gvks, _, err := scheme.Scheme.ObjectKinds(o)
	if err != nil || len(gvks) == 0 {
		t.Fatalf("kind of %T: %v", o, err)
	}
	return gvks[0]
}

func TestListWatchFuncsUnknown(t *testing.T) {
	for _, name := range []string{"", "endpoints", "tkeserviceconfigs.cloud.tencent.com"} {
		t.Run(name, func(t *testing.T) {
			list, watchFn, obj, ok := ListWatchFuncs(Clients{Kube: fake.NewClientset()}, name, "team-a")
			if ok || list != nil || watchFn != nil || obj != nil {
				t.Errorf("ListWatchFuncs(%q) = ok %v, list %v, watch %v, obj %v; want nothing", name, ok, list != nil, watchFn != nil, obj)
			}
		})
	}
}
