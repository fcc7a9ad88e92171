package snapshot

import (
	"context"
	"errors"
	"slices"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
)

// A preflight (what applying manifests will do) diagnoses the targets as they will be: it lays the
// manifests' objects over a snapshot of what is there now (the cluster, or --base files), and keeps
// each target's object as it is now (its prior) for the change model.

// Put stores obj under ns/name and pins it: later reads that find the same key (a LIST of the live
// namespace) keep obj.
func (s *Store[T]) Put(ns, name string, obj T) {
	k := key(ns, name)
	if _, ok := s.items[k]; !ok {
		s.dirty = true
	}
	s.items[k] = obj
	if s.pinned == nil {
		s.pinned = map[string]bool{}
	}
	s.pinned[k] = true
}

func (d *desc[T, L]) lay(dst, src *Snapshot, skip func(kind, ns, name string) bool) {
	from, to := d.field(src), d.field(dst)
	for _, k := range sortedKeys(from.items) {
		o := from.items[k]
		if skip != nil && skip(d.Kind, o.GetNamespace(), o.GetName()) {
			continue
		}
		ns := o.GetNamespace()
		if !d.Namespaced {
			ns = ""
		}
		to.Put(ns, o.GetName(), o)
	}
}

// Lay puts every object from holds into s, pinned over what s reads later, except those skip names
// (kind as in the manifests: "Service", "Ingress"); custom resources too. It also takes from's
// record of where each object is written, so that s locates the fields of laid objects (and of the
// targets a caller merges and lays itself) in from's files.
func (s *Snapshot) Lay(from *Snapshot, skip func(kind, ns, name string) bool) {
	for _, r := range resources {
		r.lay(s, from, skip)
	}
	from.customMu.Lock()
	custom := make(map[string]*Store[*unstructured.Unstructured], len(from.custom))
	kinds := map[string]string{}
	for gk, st := range from.custom {
		custom[gk.String()] = st
		kinds[gk.String()] = gk.Kind
	}
	from.customMu.Unlock()
	for _, name := range sortedKeys(custom) {
		st := custom[name]
		for _, k := range sortedKeys(st.items) {
			u := st.items[k]
			if skip != nil && skip(kinds[name], u.GetNamespace(), u.GetName()) {
				continue
			}
			s.customStore(u.GroupVersionKind().GroupKind(), "").Put(u.GetNamespace(), u.GetName(), u)
		}
	}
	if s.origins == nil {
		s.origins = map[string]origin{}
	}
	for k, o := range from.origins {
		s.origins[k] = o
	}
}

// SetPrior records obj as target t's object before the change a preflight predicts; a nil obj says
// the change creates t.
func (s *Snapshot) SetPrior(t Target, obj runtime.Object) {
	if s.priors == nil {
		s.priors = map[Target]runtime.Object{}
	}
	s.priors[t] = obj
}

// Prior returns target t's object before the change (nil for a creation), and whether the snapshot
// is a preflight's for t.
func (s *Snapshot) Prior(t Target) (runtime.Object, bool) {
	o, ok := s.priors[t]
	return o, ok
}

// Manifest returns the object of kind ns/name as written in the input files (its fields as the
// file gives them, without defaults), and whether the input holds it.
func (s *Snapshot) Manifest(kind, ns, name string) (map[string]any, bool) {
	o, ok := s.origins[originKey(kind, ns, name)]
	if !ok || o.value == nil {
		return nil, false
	}
	m := runtime.DeepCopyJSON(o.value)
	if m["metadata"] == nil {
		return nil, false
	}
	md, _ := m["metadata"].(map[string]any)
	if md != nil && md["namespace"] == nil && ns != "" {
		md["namespace"] = ns
	}
	return m, true
}

// FromClusterOverlay is FromCluster for a preflight: a target the cluster lacks is no error (the
// apply creates it), and overlay runs once the targets are read, before the reads that follow from
// them, so those reads are planned for the objects as overlay leaves them.
func FromClusterOverlay(ctx context.Context, c Clients, targets []Target, plan Plan, overlay func(*Snapshot) error) (*Snapshot, error) {
	return fromCluster(ctx, c, targets, plan, overlay)
}

// markAbsentTargets turns a target the cluster does not hold from a target error into an absent
// object: the apply creates it.
func (f *fetcher) markAbsentTargets() {
	var kept []error
	for _, err := range f.targetErrs {
		var te *TargetError
		if !errors.As(err, &te) || !IsNotFound(te.Err) {
			kept = append(kept, err)
			continue
		}
		switch te.Target.Kind {
		case KindService:
			f.snap.Services.MarkAbsent(te.Target.Namespace, te.Target.Name)
		case KindIngress:
			f.snap.Ingresses.MarkAbsent(te.Target.Namespace, te.Target.Name)
		}
	}
	f.targetErrs = kept
}

// sortedKeys are m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
