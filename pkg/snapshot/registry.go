package snapshot

import (
	"fmt"
	"slices"
	"sync"

	"k8s.io/apimachinery/pkg/runtime/schema"
)

// Verb is an API verb the tool issues; it only reads.
type Verb string

// The verbs the tool issues, in the order a ClusterRole lists them.
const (
	VerbGet   Verb = "get"
	VerbList  Verb = "list"
	VerbWatch Verb = "watch"
)

// verbOrder ranks verbs for rendering.
var verbOrder = []Verb{VerbGet, VerbList, VerbWatch}

// Entry is one kind the tool may read. The registry of entries is the single description the fetch
// plan looks kinds up in, that the RBAC rule of a forbidden read ("needs RBAC: …") is rendered from,
// and that deploy/rbac.yaml is generated from (make rbac; a test fails when the file differs).
type Entry struct {
	// GVR is the resource read, at the version read live.
	GVR schema.GroupVersionResource
	// Kind is the kind of its objects.
	Kind string
	// Namespaced is false for a cluster-scoped kind.
	Namespaced bool
	// Verbs are the verbs the tool issues on it: the one-shot fetcher (get, list) and serve's
	// informers (list, watch).
	Verbs []Verb
	// Granted are verbs the shipped ClusterRole grants beyond Verbs though nothing issues them; kept
	// so the generated role stays as released. Dropping them narrows the role.
	Granted []Verb
	// FieldSelector narrows a cluster-wide LIST of it (one-shot and serve): what the checks never read.
	FieldSelector string
	// Offline are the apiVersions input files may give it in; empty accepts any (a converter reads
	// each, or the kind is held unstructured).
	Offline []string
	// Provider names the provider whose checks need it; "" for a kind the generic checks, or several
	// providers' checks, read.
	Provider string
	// Why says what the tool reads it for, in deploy/rbac.yaml's comments.
	Why string
	// Notes say why a provider's checks read it, added by those checks (AddNote).
	Notes []Note
}

// Note is why one provider's checks read a kind.
type Note struct {
	Provider, Text string
}

// GroupResource returns the entry's group and resource.
func (e *Entry) GroupResource() schema.GroupResource { return e.GVR.GroupResource() }

// Grants returns the verbs the ClusterRole grants on the entry: Verbs and Granted, in rendering order.
func (e *Entry) Grants() []Verb {
	var out []Verb
	for _, v := range verbOrder {
		if slices.Contains(e.Verbs, v) || slices.Contains(e.Granted, v) {
			out = append(out, v)
		}
	}
	return out
}

// Issues reports whether the tool issues verb on the entry.
func (e *Entry) Issues(verb Verb) bool { return slices.Contains(e.Verbs, verb) }

// rbacRule renders the RBAC permission a read of the entry needs: verb on its resource and API group,
// in namespace ns ("" cluster-wide).
func (e *Entry) rbacRule(verb Verb, ns string) string {
	g := e.GVR.Group
	if g == "" {
		g = `""`
	}
	where := "cluster-wide"
	if ns != "" {
		where = "in namespace " + ns
	}
	return fmt.Sprintf("%s %s (apiGroups: [%s]) %s", verb, e.GVR.Resource, g, where)
}

// readVerbs are the verbs of every kind of the built-in table: the fetcher GETs an object by name
// and LISTs a scope, serve's informers LIST and WATCH.
var readVerbs = []Verb{VerbGet, VerbList, VerbWatch}

// Kinds the fetcher reads outside the built-in table: events (core/v1, and events.k8s.io/v1 which
// serves the same events), and namespace names.
var (
	eventsEntry = &Entry{GVR: schema.GroupVersionResource{Version: "v1", Resource: Events}, Kind: "Event", Namespaced: true,
		Verbs: []Verb{VerbList, VerbWatch}, Granted: []Verb{VerbGet}, Offline: []string{"v1"},
		Why: "the targets' events, selected by involved object (one LIST per involved kind in a scope run)"}
	eventsV1Entry = &Entry{GVR: schema.GroupVersionResource{Group: "events.k8s.io", Version: "v1", Resource: Events}, Kind: "Event",
		Namespaced: true, Verbs: []Verb{VerbList}, Granted: []Verb{VerbGet, VerbWatch}, Offline: []string{"events.k8s.io/v1"},
		Why: "a target's events as events.k8s.io serves them (core/v1 serves the same; a failure here loses nothing)"}
	namespacesEntry = &Entry{GVR: schema.GroupVersionResource{Version: "v1", Resource: "namespaces"}, Kind: "Namespace",
		Verbs: []Verb{VerbList}, Granted: []Verb{VerbGet, VerbWatch},
		Why: "names only: a cluster-wide run reads Pods as two LISTs of half the namespaces each (faster on a " +
			"large cluster; without it, one LIST), and falls back to the readable namespaces one by one when a " +
			"cluster-wide read is forbidden; and shell completion of namespace names"}
)

// registry holds the custom resources and notes the checks register, beside the built-in table.
var registry struct {
	mu     sync.Mutex
	custom []*Entry
}

// RegisterCustom adds a custom resource (a cloud's CRD, read through the dynamic client and held as
// unstructured objects) to the registry and returns the CustomResource the checks name it by. The
// fetcher reads one with LIST (even for one object: a GET's 404 cannot tell an absent object from an
// API the cluster does not serve) and serve WATCHes it; e.Verbs defaults to those. It panics when
// the resource is registered twice or names a built-in one, a programming error.
func RegisterCustom(e Entry) *CustomResource {
	if e.GVR.Group == "" || e.GVR.Version == "" || e.GVR.Resource == "" || e.Kind == "" {
		panic(fmt.Sprintf("snapshot.RegisterCustom: incomplete entry %+v", e))
	}
	if len(e.Verbs) == 0 {
		e.Verbs = []Verb{VerbList, VerbWatch}
	}
	if Lookup(e.GroupResource()) != nil {
		panic(fmt.Sprintf("snapshot.RegisterCustom: %s registered twice", e.GroupResource()))
	}
	registry.mu.Lock()
	defer registry.mu.Unlock()
	registry.custom = append(registry.custom, &e)
	return &CustomResource{GVR: e.GVR, Kind: e.Kind}
}

// AddNote records why a provider's checks read a registered kind (rendered in deploy/rbac.yaml). It
// panics when the kind is not registered.
func AddNote(gr schema.GroupResource, n Note) {
	e := Lookup(gr)
	if e == nil {
		panic(fmt.Sprintf("snapshot.AddNote: %s is not registered", gr))
	}
	registry.mu.Lock()
	defer registry.mu.Unlock()
	e.Notes = append(e.Notes, n)
}

// entries returns the registry: the built-in table, the kinds read outside it, the custom resources.
func entries() []*Entry {
	out := make([]*Entry, 0, len(resources)+3)
	for _, r := range resources {
		out = append(out, r.entry())
	}
	out = append(out, eventsEntry, eventsV1Entry, namespacesEntry)
	registry.mu.Lock()
	defer registry.mu.Unlock()
	return append(out, registry.custom...)
}

// Registry returns a copy of every entry of the registry, in its order: the built-in table, events
// and namespaces, then the custom resources in the order they were registered.
func Registry() []Entry {
	es := entries()
	out := make([]Entry, len(es))
	registry.mu.Lock()
	defer registry.mu.Unlock()
	for i, e := range es {
		out[i] = *e
		out[i].Verbs = slices.Clone(e.Verbs)
		out[i].Granted = slices.Clone(e.Granted)
		out[i].Offline = slices.Clone(e.Offline)
		out[i].Notes = slices.Clone(e.Notes)
	}
	return out
}

// Lookup returns the registry's entry of a resource, nil when it has none.
func Lookup(gr schema.GroupResource) *Entry {
	for _, e := range entries() {
		if e.GroupResource() == gr {
			return e
		}
	}
	return nil
}

// EntryOf returns the registry's entry of a request's resource (a built-in one, Events, or its
// custom resource), nil when it has none.
func EntryOf(r Request) *Entry {
	switch {
	case r.Custom != nil:
		return Lookup(r.Custom.GVR.GroupResource())
	case r.Resource == Events:
		return eventsEntry
	}
	if res := resourceByName(r.Resource); res != nil {
		return res.entry()
	}
	return nil
}

// entryFor returns the entry of group and resource, or, for a resource the registry does not hold,
// one that names it (the RBAC rule of its reads still renders).
func entryFor(group, resource string) *Entry {
	if e := Lookup(schema.GroupResource{Group: group, Resource: resource}); e != nil {
		return e
	}
	return &Entry{GVR: schema.GroupVersionResource{Group: group, Resource: resource}}
}

// customByKind returns the registered custom resource of gk, nil when none.
func customByKind(gk schema.GroupKind) *Entry {
	registry.mu.Lock()
	defer registry.mu.Unlock()
	for _, e := range registry.custom {
		if e.GVR.Group == gk.Group && e.Kind == gk.Kind {
			return e
		}
	}
	return nil
}
