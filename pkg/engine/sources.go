package engine

import (
	"context"
	"sync/atomic"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/tools/cache"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// srcKey names one source: a resource (a custom one as resource.group) in a namespace ("" for
// every namespace or a cluster-scoped kind), optionally one object by name, or the events about
// one kind of object.
type srcKey struct {
	resource, ns, name string
	// kind is the involved object's kind of an events source.
	kind string
}

func (k srcKey) String() string {
	s := k.resource
	if k.kind != "" {
		s += " of " + k.kind
	}
	switch {
	case k.ns != "" && k.name != "":
		s += " " + k.ns + "/" + k.name
	case k.name != "":
		s += " " + k.name
	case k.ns != "":
		s += " in " + k.ns
	}
	return s
}

// covers reports whether the source of k reads what want names.
func (k srcKey) covers(want srcKey) bool {
	return k.resource == want.resource && k.kind == want.kind && (k.ns == "" || k.ns == want.ns) &&
		(k.name == "" || k.name == want.name)
}

// source is one running reflector (an informer without a cache) and what the engine knows of its
// state.
type source struct {
	key    srcKey
	custom *snapshot.CustomResource
	// settled: listed once, or known unreadable (gap); set by the engine goroutine only.
	settled bool
	gap     *snapshot.Gap
	// healthy is the last list or watch call's outcome; listed is set once the first list is
	// delivered; reported is what Config.OnSync last heard (0: nothing, 1: synced, 2: not).
	healthy  atomic.Int32
	listed   atomic.Bool
	reported atomic.Int32
	// onCall receives each list and watch call's error (nil: success).
	onCall func(error)
}

func customName(r *snapshot.CustomResource) string { return r.GVR.Resource + "." + r.GVR.Group }

// listWatch returns the list and watch calls of a source and an empty object of its type. Pods
// and Secrets are selected as a cluster-wide one-shot run selects them (no finished pods; no Helm
// release or service-account token Secrets); events by involved kind.
func listWatch(c snapshot.Clients, s *source) (*cache.ListWatch, runtime.Object, bool) {
	k := s.key
	var sel []string
	if k.name != "" {
		sel = append(sel, fields.OneTermEqualSelector("metadata.name", k.name).String())
	}
	switch k.resource {
	case snapshot.Pods:
		sel = append(sel, snapshot.PodFieldSelector)
	case snapshot.Secrets:
		sel = append(sel, snapshot.SecretFieldSelector)
	case snapshot.Events:
		sel = append(sel, fields.OneTermEqualSelector("involvedObject.kind", k.kind).String())
	}
	mod := func(o *metav1.ListOptions) {
		for _, s := range sel {
			if o.FieldSelector != "" {
				o.FieldSelector += ","
			}
			o.FieldSelector += s
		}
	}
	if s.custom != nil {
		if c.Dynamic == nil {
			return nil, nil, false
		}
		r := c.Dynamic.Resource(s.custom.GVR).Namespace(k.ns)
		return lw(r.List, r.Watch, mod, s), &unstructured.Unstructured{}, true
	}
	list, watchFn, obj, ok := snapshot.ListWatchFuncs(c, k.resource, k.ns)
	if !ok {
		return nil, nil, false
	}
	return lw(list, watchFn, mod, s), obj, true
}

// Health of a source's last call, in source.healthy.
const (
	unknownHealth int32 = iota
	healthy
	failing
)

// lw wraps typed list and watch calls; each call's outcome is the source's health, and a list the
// server refuses outright is the source's gap.
func lw[L runtime.Object](list func(context.Context, metav1.ListOptions) (L, error),
	watchFn func(context.Context, metav1.ListOptions) (watch.Interface, error), mod func(*metav1.ListOptions), s *source) *cache.ListWatch {
	return &cache.ListWatch{
		ListWithContextFunc: func(ctx context.Context, o metav1.ListOptions) (runtime.Object, error) {
			mod(&o)
			l, err := list(ctx, o)
			s.report(err)
			if err != nil {
				return nil, err
			}
			return l, nil
		},
		WatchFuncWithContext: func(ctx context.Context, o metav1.ListOptions) (watch.Interface, error) {
			mod(&o)
			w, err := watchFn(ctx, o)
			s.report(err)
			return w, err
		},
	}
}

// report passes a call's outcome to onCall.
func (s *source) report(err error) {
	if s.onCall != nil {
		s.onCall(err)
	}
}

// transform drops, before the engine holds an object, what no check reads: managed fields, most of
// a Pod and of an EndpointSlice (as the one-shot fetcher does), a Secret's data (it is reduced to
// the facts of its keys, snapshot.Secret, so no key material is held), all of an Event but the
// snapshot.Event it becomes (snapshot.EventRecord), the status of workloads, and what changes on a
// Node without meaning anything to the checks (heartbeats, images, volumes), so that such updates
// compare equal.
func transform(obj any) (any, error) {
	o, ok := obj.(runtime.Object)
	if !ok {
		return obj, nil
	}
	o = snapshot.Reduce(o)
	switch v := o.(type) {
	case *corev1.Node:
		for i := range v.Status.Conditions {
			v.Status.Conditions[i].LastHeartbeatTime = metav1.Time{}
		}
		v.Status.Images, v.Status.VolumesInUse, v.Status.VolumesAttached = nil, nil, nil
	case *appsv1.Deployment:
		v.Status = appsv1.DeploymentStatus{}
	case *appsv1.DaemonSet:
		v.Status = appsv1.DaemonSetStatus{}
	}
	return o, nil
}

// same reports whether an update changed nothing the checks read: the same resource version (a
// re-list), or equal objects once the version is set aside.
func same(a, b any) bool {
	ao, aok := a.(runtime.Object)
	bo, bok := b.(runtime.Object)
	if !aok || !bok {
		return false
	}
	am, err1 := meta.Accessor(ao)
	bm, err2 := meta.Accessor(bo)
	if err1 != nil || err2 != nil {
		return false
	}
	if am.GetResourceVersion() == bm.GetResourceVersion() {
		return true
	}
	if ar, ok := ao.(*snapshot.EventRecord); ok {
		br, ok := bo.(*snapshot.EventRecord)
		return ok && ar.Same(br)
	}
	ac, bc := ao.DeepCopyObject(), bo.DeepCopyObject()
	for _, c := range []runtime.Object{ac, bc} {
		if m, err := meta.Accessor(c); err == nil {
			m.SetResourceVersion("")
		}
	}
	return equality.Semantic.DeepEqual(ac, bc)
}

// newReflector starts nothing: it builds the reflector of s, which lists and watches its scope
// into store.
func newReflector(c snapshot.Clients, s *source, store cache.ReflectorStore) (*cache.Reflector, bool) {
	l, obj, ok := listWatch(c, s)
	if !ok {
		return nil, false
	}
	var client any = c.Kube
	if s.custom != nil {
		client = c.Dynamic
	}
	// Fake clients of unit tests do not stream the initial list of a watch; the semantics wrapper
	// tells the reflector.
	return cache.NewReflectorWithOptions(cache.ToListWatcherWithWatchListSemantics(l, client), obj, store,
		cache.ReflectorOptions{Name: s.key.String()}), true
}

// sourceStore is what a source's reflector writes to. It keeps nothing: it reduces each object
// (transform) and passes it to the engine, whose snapshot is the one copy of what the sources read
// (an informer would keep a second one, with a key string for each object, in its own cache).
type sourceStore struct {
	e *Engine
	s *source
}

var _ cache.TransformingStore = (*sourceStore)(nil)

// Add passes an added object.
func (st *sourceStore) Add(obj any) error { return st.change(obj, false) }

// Update passes a changed object.
func (st *sourceStore) Update(obj any) error { return st.change(obj, false) }

// Delete passes a deleted object.
func (st *sourceStore) Delete(obj any) error { return st.change(obj, true) }

// Resync does nothing: sources do not resync.
func (st *sourceStore) Resync() error { return nil }

// Transformer is the reduction the reflector applies to the objects of a streamed list as they
// arrive, so that it never holds a whole list of decoded objects.
func (st *sourceStore) Transformer() cache.TransformFunc { return transform }

// Replace passes a complete list of the source's scope (its first list, or a re-list after the
// watch expired or the API server came back) and marks the source listed.
func (st *sourceStore) Replace(list []any, _ string) error {
	objs := make([]runtime.Object, 0, len(list))
	for _, obj := range list {
		if o := reduced(obj); o != nil {
			objs = append(objs, o)
		}
	}
	st.e.push(delta{src: st.s, list: true, objs: objs})
	st.s.listed.Store(true)
	st.e.tellSync(st.s)
	return nil
}

func (st *sourceStore) change(obj any, deleted bool) error {
	if o := reduced(obj); o != nil {
		st.e.push(delta{src: st.s, obj: o, deleted: deleted})
	}
	return nil
}

// reduced is transform's result as an object; transform leaves an object it already reduced as it
// is (a streamed list's objects reach Replace reduced).
func reduced(obj any) runtime.Object {
	if d, ok := obj.(cache.DeletedFinalStateUnknown); ok {
		obj = d.Obj
	}
	t, err := transform(obj)
	if err != nil {
		return nil
	}
	o, _ := t.(runtime.Object)
	return o
}
