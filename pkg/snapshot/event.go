package snapshot

import (
	"time"

	corev1 "k8s.io/api/core/v1"
	eventsv1 "k8s.io/api/events/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// EventRecord is what serve's engine holds of an Event object (core/v1 or events.k8s.io/v1): the
// Event it becomes in a snapshot, and of its metadata only what the engine's sources need (name,
// namespace, resource version; its uid is the Event's). Reduce makes one from either kind.
type EventRecord struct {
	metav1.TypeMeta `json:",inline"`
	NameMeta        `json:"metadata,omitempty"`
	// Event is the object as a snapshot holds it (FromCoreEvent, FromEventsV1); the strings many
	// events repeat (kinds, namespaces, types, reasons, messages) are interned.
	Event Event `json:"event"`
}

// EventRecordOf reduces a core/v1 Event to an EventRecord.
func EventRecordOf(e *corev1.Event) *EventRecord {
	return eventRecord(e.TypeMeta, &e.ObjectMeta, FromCoreEvent(e))
}

// EventRecordOfV1 reduces an events.k8s.io/v1 Event to an EventRecord.
func EventRecordOfV1(e *eventsv1.Event) *EventRecord {
	return eventRecord(e.TypeMeta, &e.ObjectMeta, FromEventsV1(e))
}

func eventRecord(tm metav1.TypeMeta, m *metav1.ObjectMeta, ev Event) *EventRecord {
	r := &EventRecord{TypeMeta: tm}
	r.NameMeta = NameMeta{Name: m.Name, Namespace: intern(m.Namespace), ResourceVersion: m.ResourceVersion}
	ev.Type, ev.Reason, ev.Message = intern(ev.Type), intern(ev.Reason), intern(ev.Message)
	ev.Object.Kind, ev.Object.Namespace = intern(ev.Object.Kind), intern(ev.Object.Namespace)
	r.Event = ev
	return r
}

// Same reports whether r and o hold the same Event under the same name, times compared as instants
// (equality.Semantic.DeepEqual panics on the unexported fields of a time.Time).
func (r *EventRecord) Same(o *EventRecord) bool {
	a, b := r.Event, o.Event
	a.LastSeen, b.LastSeen = time.Time{}, time.Time{}
	return r.Name == o.Name && r.Namespace == o.Namespace && a == b && r.Event.LastSeen.Equal(o.Event.LastSeen)
}

// DeepCopyInto copies r into out.
func (r *EventRecord) DeepCopyInto(out *EventRecord) {
	*out = *r
}

// DeepCopy returns a copy of r.
func (r *EventRecord) DeepCopy() *EventRecord {
	if r == nil {
		return nil
	}
	out := new(EventRecord)
	r.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of r as a runtime.Object.
func (r *EventRecord) DeepCopyObject() runtime.Object { return r.DeepCopy() }
