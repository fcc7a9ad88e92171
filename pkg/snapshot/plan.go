package snapshot

import (
	"fmt"

	"k8s.io/apimachinery/pkg/labels"
)

// Request is one read the checks need: an object (Name set), the objects of a namespace matching an
// optional label selector, every object of a kind (Namespace and Name empty), or the events of a
// target (Resource Events, Kind and Name the target's).
type Request struct {
	// Resource names a built-in resource of the table (Services, Pods, …) or Events; Custom, when
	// set, names a custom resource instead.
	Resource string
	Custom   *CustomResource
	// Namespace is the object's or the list's namespace; "" for cluster-scoped kinds or all namespaces.
	Namespace, Name string
	// LabelSelector narrows a namespace list to the objects a check reads.
	LabelSelector string
	// Kind is the involved object's kind of an events request.
	Kind Kind
	// PerTarget says the read follows from one target (its namespace, what it references or
	// selects): a cluster-wide run reads it for every target with one list of the whole scope.
	PerTarget bool
	// Only, when set, narrows what the check reads of the list to the objects whose annotation (or
	// label) has a value. It is read, and known, as the whole list; an incremental diagnosis depends
	// only on the objects that match.
	Only Match
}

// Match names the objects whose annotation (label, when Label is set) Key has the value Value.
type Match struct {
	Label      bool
	Key, Value string
}

func (r Request) String() string {
	res := r.Resource
	if r.Custom != nil {
		res = r.Custom.GVR.Resource + "." + r.Custom.GVR.Group
	}
	s := res
	if r.Kind != "" {
		s += " of " + string(r.Kind)
	}
	switch {
	case r.Name != "" && r.Namespace != "":
		s += " " + r.Namespace + "/" + r.Name
	case r.Name != "":
		s += " " + r.Name
	case r.Namespace != "":
		s += " in namespace " + r.Namespace
	default:
		s += " (all)"
	}
	if r.LabelSelector != "" {
		s += " selected by " + r.LabelSelector
	}
	if r.Only != (Match{}) {
		what := "annotation"
		if r.Only.Label {
			what = "label"
		}
		s += " with " + what + " " + r.Only.Key + "=" + r.Only.Value
	}
	return s
}

// Plan says what to read for the targets. Cluster is read with the targets (the provider
// detection's evidence); Target is asked again after each round of reads, until it names nothing
// new, so an input can follow from what an earlier round read.
type Plan struct {
	Cluster func(s *Snapshot) []Request
	// Target names t's reads for which keep is true (every read when keep is nil).
	Target func(s *Snapshot, t Target, keep func(Request) bool) []Request
	// Scope, when set, names the per-target reads that every target of a kind needs whatever it
	// holds, or that most targets are likely to need (speculative): a scope run issues them
	// (Namespace set to each namespace of the scope) with the target lists instead of a round later.
	Scope func() []Request
}

// maxRounds bounds the rounds of reads that follow the targets.
const maxRounds = 4

// Known returns nil when the snapshot can answer r (the object, its absence, or the list), else the
// *UnknownError that says why not. Offline, a selection is partial: when the input files hold no
// object it selects, it is unknown rather than empty.
func (s *Snapshot) Known(r Request) error {
	if r.Resource == Events {
		if s.eventsGap != nil {
			return s.eventsGap
		}
		return nil
	}
	st, err := s.storeFor(r)
	if err != nil {
		return err
	}
	if r.LabelSelector != "" && r.Name == "" {
		return st.knownSelection(r.Namespace, r.LabelSelector)
	}
	return st.known(r.Namespace, r.Name)
}

func (s *Snapshot) storeFor(r Request) (anyStore, error) {
	if r.Custom != nil {
		return s.Custom(*r.Custom), nil
	}
	res := resourceByName(r.Resource)
	if res == nil {
		return nil, fmt.Errorf("unknown resource %q", r.Resource)
	}
	return res.store(s), nil
}

func (s *Store[T]) known(ns, name string) error {
	if name == "" {
		return s.listErr(ns)
	}
	if _, err := s.Get(ns, name); IsUnknown(err) {
		return err
	}
	return nil
}

func (s *Store[T]) knownSelection(ns, selector string) error {
	if err := s.selectionErr(ns, selector); err != nil || !s.partial {
		return err
	}
	objs := s.Held(ns)
	sel, err := labels.Parse(selector)
	if err != nil {
		return err
	}
	for _, o := range objs {
		if m, ok := any(o).(interface{ GetLabels() map[string]string }); ok && sel.Matches(labels.Set(m.GetLabels())) {
			return nil
		}
	}
	return gapOf(reasonNoneSelected(selector), ReasonMissingInput).unknown(s.resource, ns, "")
}
