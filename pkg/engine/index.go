package engine

import (
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
	byTarget map[snapshot.Target][]snapshot.Request
	exact    map[objKey]map[snapshot.Target]bool
	// selected holds the label selections of a namespace (key without name).
	selected map[objKey]map[snapshot.Target]labels.Selector
	events   map[snapshot.ObjectRef]map[snapshot.Target]bool
	// matched holds the reads narrowed to the objects with an annotation or label value (Request.Only).
	matched map[matchKey]map[snapshot.Target]bool
}

// matchKey names the objects of a resource, in every namespace, with an annotation or label value.
type matchKey struct {
	resource string
	only     snapshot.Match
}

func newIndex() *index {
	return &index{byTarget: map[snapshot.Target][]snapshot.Request{}, exact: map[objKey]map[snapshot.Target]bool{},
		selected: map[objKey]map[snapshot.Target]labels.Selector{}, events: map[snapshot.ObjectRef]map[snapshot.Target]bool{},
		matched: map[matchKey]map[snapshot.Target]bool{}}
}

// resourceOf is the index's name of a request's resource.
func resourceOf(r snapshot.Request) string {
	if r.Custom != nil {
		return customName(r.Custom)
	}
	return r.Resource
}

// set replaces what t reads.
func (x *index) set(t snapshot.Target, reqs []snapshot.Request) {
	x.drop(t)
	x.byTarget[t] = reqs
	for _, r := range reqs {
		if r.Resource == snapshot.Events {
			ref := snapshot.ObjectRef{Kind: string(r.Kind), Namespace: r.Namespace, Name: r.Name}
			addTo(x.events, ref, t, true)
			continue
		}
		if r.Only != (snapshot.Match{}) {
			addTo(x.matched, matchKey{resourceOf(r), r.Only}, t, true)
			continue
		}
		k := objKey{resourceOf(r), r.Namespace, r.Name}
		if snapshot.ClusterScoped(r.Resource) {
			k.ns = ""
		}
		if r.LabelSelector != "" && r.Name == "" {
			sel, err := labels.Parse(r.LabelSelector)
			if err == nil {
				addTo(x.selected, k, t, sel)
				continue
			}
		}
		addTo(x.exact, k, t, true)
	}
}

// drop forgets what t reads.
func (x *index) drop(t snapshot.Target) {
	for _, r := range x.byTarget[t] {
		if r.Resource == snapshot.Events {
			removeFrom(x.events, snapshot.ObjectRef{Kind: string(r.Kind), Namespace: r.Namespace, Name: r.Name}, t)
			continue
		}
		if r.Only != (snapshot.Match{}) {
			removeFrom(x.matched, matchKey{resourceOf(r), r.Only}, t)
			continue
		}
		k := objKey{resourceOf(r), r.Namespace, r.Name}
		if snapshot.ClusterScoped(r.Resource) {
			k.ns = ""
		}
		removeFrom(x.exact, k, t)
		removeFrom(x.selected, k, t)
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
				for t := range x.matched[matchKey{resource, snapshot.Match{Label: only.label, Key: k, Value: v}}] {
					out[t] = true
				}
			}
		}
	}
	for _, k := range []objKey{{resource, ns, name}, {resource, ns, ""}, {resource, "", ""}} {
		for t := range x.exact[k] {
			out[t] = true
		}
	}
	for t, sel := range x.selected[objKey{resource, ns, ""}] {
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
	for t := range x.events[ref] {
		out[t] = true
	}
}

func addTo[K comparable, V any](m map[K]map[snapshot.Target]V, k K, t snapshot.Target, v V) {
	s := m[k]
	if s == nil {
		s = map[snapshot.Target]V{}
		m[k] = s
	}
	s[t] = v
}

func removeFrom[K comparable, V any](m map[K]map[snapshot.Target]V, k K, t snapshot.Target) {
	if s := m[k]; s != nil {
		delete(s, t)
		if len(s) == 0 {
			delete(m, k)
		}
	}
}
