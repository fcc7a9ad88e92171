package engine

import (
	"iter"
	"slices"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// objKey names an object a diagnosis reads, or, with Name empty, every object of a namespace
// ("" for every namespace).
type objKey struct {
	resource, ns, name string
}

// index maps each object the engine holds to the targets whose diagnosis reads it, from the reads
// the fetch plan names for each target.
type index struct {
	byTarget map[snapshot.Target][]dep
	exact    map[objKey]*targetSet[bool]
	// selected holds the label selections of a namespace (key without name).
	selected map[objKey]*targetSet[labels.Selector]
	events   map[snapshot.ObjectRef]*targetSet[bool]
	// matched holds the reads narrowed to the objects with an annotation or label value (Request.Only).
	matched map[matchKey]*targetSet[bool]
}

// matchKey names the objects of a resource, in every namespace, with an annotation or label value.
type matchKey struct {
	resource string
	only     snapshot.Match
}

func newIndex() *index {
	return &index{byTarget: map[snapshot.Target][]dep{}, exact: map[objKey]*targetSet[bool]{},
		selected: map[objKey]*targetSet[labels.Selector]{}, events: map[snapshot.ObjectRef]*targetSet[bool]{},
		matched: map[matchKey]*targetSet[bool]{}}
}

// resourceOf is the index's name of a request's resource.
func resourceOf(r snapshot.Request) string {
	if r.Custom != nil {
		return customName(r.Custom)
	}
	return r.Resource
}

// dep is one entry of the index for a target, as byTarget holds it: which map (depKind) and the
// key there, in three strings (a fraction of the Request it comes from).
type dep struct {
	kind    depKind
	label   bool   // matched: a label, not an annotation
	a, b, c string // exact, selected: resource, namespace, name; events: kind, namespace, name; matched: resource, key, value
}

type depKind uint8

const (
	depExact depKind = iota
	depSelected
	depEvents
	depMatched
)

// set replaces what t reads.
func (x *index) set(t snapshot.Target, reqs []snapshot.Request) {
	x.drop(t)
	deps := make([]dep, 0, len(reqs))
	for _, r := range reqs {
		d := depOf(r)
		switch d.kind {
		case depEvents:
			addTo(x.events, snapshot.ObjectRef{Kind: d.a, Namespace: d.b, Name: d.c}, t, true)
		case depMatched:
			addTo(x.matched, matchKey{d.a, snapshot.Match{Label: d.label, Key: d.b, Value: d.c}}, t, true)
		case depSelected:
			sel, err := labels.Parse(r.LabelSelector)
			if err != nil {
				d.kind = depExact
				addTo(x.exact, objKey{d.a, d.b, d.c}, t, true)
				break
			}
			addTo(x.selected, objKey{d.a, d.b, d.c}, t, sel)
		default:
			addTo(x.exact, objKey{d.a, d.b, d.c}, t, true)
		}
		deps = append(deps, d)
	}
	if len(deps) > 0 {
		x.byTarget[t] = deps
	}
}

// depOf is the index entry of a read (a selection whose selector does not parse is set exact).
func depOf(r snapshot.Request) dep {
	switch {
	case r.Resource == snapshot.Events:
		return dep{kind: depEvents, a: string(r.Kind), b: r.Namespace, c: r.Name}
	case r.Only != (snapshot.Match{}):
		return dep{kind: depMatched, label: r.Only.Label, a: resourceOf(r), b: r.Only.Key, c: r.Only.Value}
	}
	d := dep{kind: depExact, a: resourceOf(r), b: r.Namespace, c: r.Name}
	if snapshot.ClusterScoped(r.Resource) {
		d.b = ""
	}
	if r.LabelSelector != "" && r.Name == "" {
		d.kind = depSelected
	}
	return d
}

// drop forgets what t reads.
func (x *index) drop(t snapshot.Target) {
	for _, d := range x.byTarget[t] {
		switch d.kind {
		case depEvents:
			removeFrom(x.events, snapshot.ObjectRef{Kind: d.a, Namespace: d.b, Name: d.c}, t)
		case depMatched:
			removeFrom(x.matched, matchKey{d.a, snapshot.Match{Label: d.label, Key: d.b, Value: d.c}}, t)
		case depSelected:
			removeFrom(x.selected, objKey{d.a, d.b, d.c}, t)
		default:
			removeFrom(x.exact, objKey{d.a, d.b, d.c}, t)
		}
	}
	delete(x.byTarget, t)
}

// affected adds to out the targets that read object ns/name of resource, given its states before and
// after the change (either may be nil).
func (x *index) affected(resource, ns, name string, states []metav1.Object, out map[snapshot.Target]bool) {
	var lbls []labels.Set
	for _, o := range states {
		if o == nil {
			continue
		}
		lbls = append(lbls, o.GetLabels())
		if len(x.matched) == 0 {
			continue
		}
		for _, only := range []struct {
			label bool
			kv    map[string]string
		}{{false, o.GetAnnotations()}, {true, o.GetLabels()}} {
			for k, v := range only.kv {
				for t := range x.matched[matchKey{resource, snapshot.Match{Label: only.label, Key: k, Value: v}}].all() {
					out[t] = true
				}
			}
		}
	}
	for _, k := range []objKey{{resource, ns, name}, {resource, ns, ""}, {resource, "", ""}} {
		for t := range x.exact[k].all() {
			out[t] = true
		}
	}
	for t, sel := range x.selected[objKey{resource, ns, ""}].all() {
		for _, l := range lbls {
			if sel.Matches(l) {
				out[t] = true
				break
			}
		}
	}
}

// eventsOf adds to out the targets that read the events about ref.
func (x *index) eventsOf(ref snapshot.ObjectRef, out map[snapshot.Target]bool) {
	ref.UID = ""
	for t := range x.events[ref].all() {
		out[t] = true
	}
}

func addTo[K comparable, V any](m map[K]*targetSet[V], k K, t snapshot.Target, v V) {
	s := m[k]
	if s == nil {
		s = &targetSet[V]{}
		m[k] = s
	}
	s.add(t, v)
}

func removeFrom[K comparable, V any](m map[K]*targetSet[V], k K, t snapshot.Target) {
	if s := m[k]; s != nil && s.remove(t) {
		delete(m, k)
	}
}

// targetSet maps targets to a value. Most objects are read by one target or a few (its events, its
// Secret), some by every target (the nodes): a few are held in a slice, a small fraction of a
// map's size, and more in a map.
type targetSet[V any] struct {
	few  []targetValue[V]
	many map[snapshot.Target]V
}

type targetValue[V any] struct {
	t snapshot.Target
	v V
}

// maxFew is the most targets a targetSet holds in its slice.
const maxFew = 8

func (s *targetSet[V]) add(t snapshot.Target, v V) {
	if s.many != nil {
		s.many[t] = v
		return
	}
	for i := range s.few {
		if s.few[i].t == t {
			s.few[i].v = v
			return
		}
	}
	if len(s.few) < maxFew {
		s.few = append(s.few, targetValue[V]{t, v})
		return
	}
	s.many = make(map[snapshot.Target]V, 2*maxFew)
	for _, e := range s.few {
		s.many[e.t] = e.v
	}
	s.many[t], s.few = v, nil
}

// remove forgets t and reports whether the set is now empty.
func (s *targetSet[V]) remove(t snapshot.Target) bool {
	if s.many != nil {
		delete(s.many, t)
		return len(s.many) == 0
	}
	if i := slices.IndexFunc(s.few, func(e targetValue[V]) bool { return e.t == t }); i >= 0 {
		s.few = slices.Delete(s.few, i, i+1)
	}
	return len(s.few) == 0
}

// all yields each target and its value; a nil set yields nothing.
func (s *targetSet[V]) all() iter.Seq2[snapshot.Target, V] {
	return func(yield func(snapshot.Target, V) bool) {
		if s == nil {
			return
		}
		for _, e := range s.few {
			if !yield(e.t, e.v) {
				return
			}
		}
		for t, v := range s.many {
			if !yield(t, v) {
				return
			}
		}
	}
}
