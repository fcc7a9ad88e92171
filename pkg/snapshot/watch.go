package snapshot

import (
	"reflect"
	"unsafe"

	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	eventsv1 "k8s.io/api/events/v1"
	networkingv1 "k8s.io/api/networking/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
)

// A snapshot kept up to date from watches (pkg/engine) changes through the functions of this file;
// the checks read it as they read a fetched one.

// Put stores an object read live, of a built-in kind of the table or a custom resource r (nil for
// built-in kinds); false when its kind is not held.
func (s *Snapshot) Put(obj runtime.Object, r *CustomResource) bool {
	if r != nil {
		u, ok := obj.(*unstructured.Unstructured)
		if ok {
			s.Custom(*r).Add(u.GetNamespace(), u.GetName(), u)
		}
		return ok
	}
	for _, res := range resources {
		if res.add(s, obj) {
			return true
		}
	}
	return false
}

// Remove deletes an object stored by Put and records it as absent.
func (s *Snapshot) Remove(obj runtime.Object, r *CustomResource) bool {
	acc, err := meta.Accessor(obj)
	if err != nil {
		return false
	}
	if r != nil {
		st := s.Custom(*r)
		st.Delete(acc.GetNamespace(), acc.GetName())
		return true
	}
	for _, res := range resources {
		if res.owns(obj) {
			ns := acc.GetNamespace()
			if res.clusterScoped() {
				ns = ""
			}
			res.removeKey(s, ns, acc.GetName())
			return true
		}
	}
	return false
}

// Stored returns the object Put stored for resource (or custom resource r) under ns/name (ns ""
// for a cluster-scoped kind), nil when none.
func (s *Snapshot) Stored(resource string, r *CustomResource, ns, name string) runtime.Object {
	if st := s.storeOf(resource, r); st != nil {
		return st.object(ns, name)
	}
	return nil
}

// StoredIn returns the objects Put stored for resource (or custom resource r) in namespace ns (""
// for every namespace), by namespace and name.
func (s *Snapshot) StoredIn(resource string, r *CustomResource, ns string) []runtime.Object {
	if st := s.storeOf(resource, r); st != nil {
		return st.objects(ns)
	}
	return nil
}

func (s *Snapshot) storeOf(resource string, r *CustomResource) anyStore {
	if r != nil {
		return s.Custom(*r)
	}
	if res := resourceByName(resource); res != nil {
		return res.store(s)
	}
	return nil
}

func (s *Store[T]) object(ns, name string) runtime.Object {
	if obj, ok := s.items[key(ns, name)]; ok {
		if o, ok := any(obj).(runtime.Object); ok {
			return o
		}
	}
	return nil
}

func (s *Store[T]) objects(ns string) []runtime.Object {
	s.index()
	keys := s.all
	if ns != "" {
		keys = s.byNS[ns]
	}
	out := make([]runtime.Object, 0, len(keys))
	for _, k := range keys {
		if o, ok := any(s.items[k]).(runtime.Object); ok {
			out = append(out, o)
		}
	}
	return out
}

func (d *desc[T, L]) owns(obj runtime.Object) bool {
	if _, ok := obj.(T); ok {
		return true
	}
	return d.wire != nil && reflect.TypeOf(obj) == reflect.TypeOf(d.wire())
}

func (d *desc[T, L]) removeKey(s *Snapshot, ns, name string) { d.field(s).Delete(ns, name) }

// Delete drops ns/name and records that it is known not to exist.
func (s *Store[T]) Delete(ns, name string) {
	k := key(ns, name)
	if _, ok := s.items[k]; ok {
		delete(s.items, k)
		s.dirty = true
	}
	s.absent[k] = true
}

// ClearGap forgets that namespace ns ("" for all) could not be read.
func (s *Store[T]) ClearGap(ns string) { delete(s.gaps, ns) }

// Mark records, for the store of resource (or custom resource r), that namespace ns is completely
// held (listed), or, with a non-nil gap, that it could not be read; name, when set, limits it to one
// object (absent when not held). For Events it records whether the events could be read.
func (s *Snapshot) Mark(resource string, r *CustomResource, ns, name string, gap *Gap) {
	if resource == Events && r == nil {
		s.markEventsGap(ns, gap)
		return
	}
	var st markable
	if r != nil {
		st = s.Custom(*r)
	} else if res := resourceByName(resource); res != nil {
		st = res.store(s).(markable)
	} else {
		return
	}
	switch {
	case gap != nil:
		st.markGap(ns, gap)
	case name != "":
		st.markGap(ns, nil)
		st.markAbsent(ns, name)
	default:
		st.markGap(ns, nil)
		st.markListed(ns)
	}
}

// markable is what Mark needs of a Store whatever its type.
type markable interface {
	markListed(ns string)
	markAbsent(ns, name string)
	markGap(ns string, g *Gap)
}

func (s *Store[T]) markAbsent(ns, name string) {
	if _, ok := s.items[key(ns, name)]; !ok {
		s.MarkAbsent(ns, name)
	}
}

func (s *Store[T]) markGap(ns string, g *Gap) {
	if g == nil {
		s.ClearGap(ns)
		return
	}
	s.MarkGap(ns, *g)
}

// SetEventSource makes EventsFor answer from of: the records of the events about one object (its
// ref without UID), in the order a LIST returns them. serve's engine holds the records its
// sources pass and answers from them, so that the snapshot holds no copy.
func (s *Snapshot) SetEventSource(of func(ObjectRef) []*EventRecord) { s.eventsOf = of }

// ClusterScoped reports whether a built-in resource of the table is cluster-scoped.
func ClusterScoped(resource string) bool {
	r := resourceByName(resource)
	return r != nil && r.clusterScoped()
}

// TrimLive drops the managed fields of an object read live, as the fetcher does. It changes obj in
// place; see Reduce for a Secret, a Pod and an EndpointSlice.
func TrimLive(obj runtime.Object) {
	if acc, err := meta.Accessor(obj); err == nil {
		acc.SetManagedFields(nil)
	}
}

// Reduce returns what a snapshot keeps of an object read live, as an informer's transform: a
// *corev1.Secret becomes a *Secret (its facts, none of its key bytes), a *corev1.Pod a *Pod and a
// *discoveryv1.EndpointSlice an *EndpointSlice (the fields the checks read), an Event of either API
// an *EventRecord (the Event a snapshot holds); any other object loses its managed fields (TrimLive),
// has its namespace and the keys of its labels and annotations interned (thousands of objects
// repeat a few vendor annotation names), and is returned.
//
// A *corev1.Service or *networkingv1.Ingress (the targets) is changed further: its annotation map
// is replaced by a map shared with every other Service and Ingress of equal annotations (its keys
// and values interned), a Service's port list likewise by a list shared with the Services of equal
// ports, the strings an Ingress's class, its path types and a Service's address IP modes point to
// by shared ones, and a Service drops the spec fields no check reads (see reduceService). The
// object's own map and list are left as they were, but no longer used by the object. Whoever holds
// a reduced Service or Ingress must therefore never change these in place (assign to, or delete
// from, the map; assign to an element of the list or through the pointer): a change would show on
// all the objects that share them. To change them, replace the map, list or pointer (DeepCopy
// does). The checks, pkg/changes and serve only read them.
func Reduce(obj runtime.Object) runtime.Object {
	switch o := obj.(type) {
	case *corev1.Secret:
		return SecretOf(o)
	case *corev1.Pod:
		return PodOf(o)
	case *discoveryv1.EndpointSlice:
		return EndpointSliceOf(o)
	case *corev1.Event:
		return EventRecordOf(o)
	case *eventsv1.Event:
		return EventRecordOfV1(o)
	}
	TrimLive(obj)
	if _, ok := obj.(*unstructured.Unstructured); ok {
		return obj // its accessor hands out copies
	}
	if acc, err := meta.Accessor(obj); err == nil {
		acc.SetNamespace(intern(acc.GetNamespace()))
		internKeys(acc.GetLabels())
		switch o := obj.(type) {
		case *corev1.Service:
			reduceService(o)
		case *networkingv1.Ingress:
			reduceIngress(o)
		default:
			internKeys(acc.GetAnnotations())
		}
	}
	return obj
}

// internKeys makes m hold the interned copy of each of its keys, in place: assigning to a key
// already present stores the given key string in the map.
func internKeys(m map[string]string) {
	for k, v := range m {
		if c := intern(k); unsafe.StringData(c) != unsafe.StringData(k) {
			m[c] = v
		}
	}
}

// GapFor turns a read error that says the resource cannot be read at all (forbidden, unauthorized,
// not served) into the Gap the fetcher records for it; false for other errors (a timeout, a refused
// connection), which a retry may cure.
// The RBAC rule of a forbidden read is rendered from the registry's entry of group and resource.
func GapFor(err error, verb, resource, group, ns string) (Gap, bool) {
	return gapFor(err, Verb(verb), entryFor(group, resource), ns)
}

func gapFor(err error, verb Verb, e *Entry, ns string) (Gap, bool) {
	switch {
	case apierrors.IsForbidden(err):
		g := gapOf(reasonForbidden, ReasonForbidden)
		g.RBAC, g.Err = e.rbacRule(verb, ns), err
		return g, true
	case apierrors.IsUnauthorized(err):
		return gapOf(reasonUnauthorized, ReasonUnauthorized), true
	case apierrors.IsNotFound(err):
		// A LIST answering 404 means the resource itself is not served.
		return gapOf(reasonNotServed, ReasonNotServed), true
	}
	return Gap{}, false
}
