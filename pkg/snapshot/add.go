package snapshot

import (
	"fmt"

	corev1 "k8s.io/api/core/v1"
	eventsv1 "k8s.io/api/events/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
)

// Add stores a typed object of a kind in the resources table, an unstructured custom resource, or
// an event.
func (s *Snapshot) Add(obj runtime.Object) error {
	switch o := obj.(type) {
	case *unstructured.Unstructured:
		s.customStore(o.GroupVersionKind().GroupKind(), "").Add(o.GetNamespace(), o.GetName(), o)
		return nil
	case *corev1.Event:
		s.AddEvent(FromCoreEvent(o))
		return nil
	case *eventsv1.Event:
		s.AddEvent(FromEventsV1(o))
		return nil
	}
	for _, r := range resources {
		if r.add(s, obj) {
			return nil
		}
	}
	return fmt.Errorf("unsupported object type %T", obj)
}

// MarkComplete declares every store and the events fully known, as after cluster-wide lists.
func (s *Snapshot) MarkComplete() {
	s.complete = true
	for _, st := range s.stores() {
		st.markListedAll()
	}
}

func (s *Store[T]) markListedAll() { s.listed[""] = true }
