package snapshot

import (
	corev1 "k8s.io/api/core/v1"
	eventsv1 "k8s.io/api/events/v1"
	networkingv1 "k8s.io/api/networking/v1"
	networkingv1beta1 "k8s.io/api/networking/v1beta1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

func (s *Store[T]) setPartial() { s.partial = true }

// stores returns every store: the table's, then the custom ones.
func (s *Snapshot) stores() []anyStore {
	var out []anyStore
	for _, r := range resources {
		out = append(out, r.store(s))
	}
	s.customMu.Lock()
	defer s.customMu.Unlock()
	for _, st := range s.custom {
		out = append(out, st)
	}
	return out
}

// eventsGapIfNone marks events unknown when the input held none.
func (s *Snapshot) eventsGapIfNone() {
	if len(s.events) == 0 {
		s.eventsGap = gapOf(reasonNotInFiles, ReasonMissingInput).unknown("events", "", "")
	}
}

// FromCoreEvent converts a core/v1 Event.
func FromCoreEvent(e *corev1.Event) Event {
	last := e.LastTimestamp.Time
	if last.IsZero() {
		last = e.EventTime.Time
	}
	if last.IsZero() && e.Series != nil {
		last = e.Series.LastObservedTime.Time
	}
	if last.IsZero() {
		last = e.FirstTimestamp.Time
	}
	count := e.Count
	if e.Series != nil && e.Series.Count > count {
		count = e.Series.Count
	}
	if count == 0 {
		count = 1
	}
	return Event{UID: string(e.UID), Type: e.Type, Reason: e.Reason, Message: e.Message, Count: count, LastSeen: last,
		Object: ObjectRef{Kind: e.InvolvedObject.Kind, Namespace: e.InvolvedObject.Namespace,
			Name: e.InvolvedObject.Name, UID: string(e.InvolvedObject.UID)}}
}

// FromEventsV1 converts an events.k8s.io/v1 Event.
func FromEventsV1(e *eventsv1.Event) Event {
	last := e.EventTime.Time
	count := int32(1)
	if e.Series != nil {
		count = e.Series.Count
		last = e.Series.LastObservedTime.Time
	}
	if e.DeprecatedCount > count {
		count = e.DeprecatedCount
	}
	if last.IsZero() {
		last = e.DeprecatedLastTimestamp.Time
	}
	if last.IsZero() {
		last = e.DeprecatedFirstTimestamp.Time
	}
	return Event{UID: string(e.UID), Type: e.Type, Reason: e.Reason, Message: e.Note, Count: count, LastSeen: last,
		Object: ObjectRef{Kind: e.Regarding.Kind, Namespace: e.Regarding.Namespace,
			Name: e.Regarding.Name, UID: string(e.Regarding.UID)}}
}

// convertBeta turns a v1beta1 Ingress into networking.k8s.io/v1.
func convertBeta(old *networkingv1beta1.Ingress) *networkingv1.Ingress {
	ing := &networkingv1.Ingress{ObjectMeta: old.ObjectMeta}
	ing.APIVersion, ing.Kind = "networking.k8s.io/v1", "Ingress"
	ing.Spec.IngressClassName = old.Spec.IngressClassName
	if old.Spec.Backend != nil {
		ing.Spec.DefaultBackend = convertBackend(*old.Spec.Backend)
	}
	for _, t := range old.Spec.TLS {
		ing.Spec.TLS = append(ing.Spec.TLS, networkingv1.IngressTLS{Hosts: t.Hosts, SecretName: t.SecretName})
	}
	for _, r := range old.Spec.Rules {
		nr := networkingv1.IngressRule{Host: r.Host}
		if r.HTTP != nil {
			nr.HTTP = &networkingv1.HTTPIngressRuleValue{}
			for _, p := range r.HTTP.Paths {
				np := networkingv1.HTTPIngressPath{Path: p.Path, Backend: *convertBackend(p.Backend)}
				if p.PathType != nil {
					pt := networkingv1.PathType(*p.PathType)
					np.PathType = &pt
				}
				nr.HTTP.Paths = append(nr.HTTP.Paths, np)
			}
		}
		ing.Spec.Rules = append(ing.Spec.Rules, nr)
	}
	return ing
}

func convertBackend(b networkingv1beta1.IngressBackend) *networkingv1.IngressBackend {
	if b.Resource != nil {
		return &networkingv1.IngressBackend{Resource: b.Resource}
	}
	svc := &networkingv1.IngressServiceBackend{Name: b.ServiceName}
	if b.ServicePort.Type == intstr.String {
		svc.Port.Name = b.ServicePort.StrVal
	} else {
		svc.Port.Number = b.ServicePort.IntVal
	}
	return &networkingv1.IngressBackend{Service: svc}
}
