package snapshot

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"

	corev1 "k8s.io/api/core/v1"
	eventsv1 "k8s.io/api/events/v1"
	networkingv1 "k8s.io/api/networking/v1"
	networkingv1beta1 "k8s.io/api/networking/v1beta1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
)

// decoded is an object of the input as a snapshot stores it: a built-in kind of the table (res) as
// its typed object, an Event, or a custom resource as read (obj, an *unstructured.Unstructured).
type decoded struct {
	res   resource
	obj   runtime.Object
	event *Event
	// ns is the namespace it was read in.
	ns string
}

// decodeUnstructured decodes an object the reader has checked (kind, apiVersion, name) and given
// its namespace into what a snapshot stores of it; the zero decoded for an object of a kind no
// snapshot holds.
func decodeUnstructured(u *unstructured.Unstructured) (decoded, error) {
	gvk := u.GroupVersionKind()
	ns, name := u.GetNamespace(), u.GetName()
	gv := gvk.GroupVersion().String()
	switch {
	case gv == "v1" && gvk.Kind == "Event":
		var e corev1.Event
		if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u.Object, &e); err != nil {
			return decoded{}, words.Errorf("Event %s: %w", "Event %s：%w", name, err)
		}
		ev := FromCoreEvent(&e)
		ev.Origin = originKey(gvk.Kind, ns, name)
		return decoded{event: &ev}, nil
	case gv == "events.k8s.io/v1" && gvk.Kind == "Event":
		var e eventsv1.Event
		if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u.Object, &e); err != nil {
			return decoded{}, words.Errorf("Event %s: %w", "Event %s：%w", name, err)
		}
		ev := FromEventsV1(&e)
		ev.Origin = originKey(gvk.Kind, ns, name)
		return decoded{event: &ev}, nil
	}
	for _, r := range resources {
		obj, ok, err := r.decode(u)
		if err != nil {
			return decoded{}, err
		}
		if ok {
			return decoded{res: r, obj: obj, ns: ns}, nil
		}
	}
	if gvk.Group != "" {
		// A custom resource (a cloud's CRD): held for the checks that name it.
		return decoded{obj: u, ns: ns}, nil
	}
	return decoded{}, nil
}

// addTo stores d in s; a copy of it when shared (other snapshots store it too).
func (d decoded) addTo(s *Snapshot, shared bool) {
	switch {
	case d.event != nil:
		s.AddEvent(*d.event)
	case d.obj == nil:
	case d.res != nil:
		obj := d.obj
		if shared {
			obj = obj.DeepCopyObject()
		}
		d.res.add(s, obj)
		d.res.store(s).markListed(d.ns)
	default:
		u := d.obj.(*unstructured.Unstructured)
		if shared {
			u = u.DeepCopy()
		}
		st := s.customStore(u.GroupVersionKind().GroupKind(), "")
		st.Add(d.ns, u.GetName(), u)
		st.MarkListed(d.ns)
	}
}

// ingressFromUnstructured reads an Ingress of networking.k8s.io/v1, networking.k8s.io/v1beta1 or
// extensions/v1beta1 (still shown in some vendors' docs) as networking.k8s.io/v1.
func ingressFromUnstructured(u *unstructured.Unstructured) (*networkingv1.Ingress, error) {
	switch u.GetAPIVersion() {
	case "networking.k8s.io/v1":
		var ing networkingv1.Ingress
		if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u.Object, &ing); err != nil {
			return nil, words.Errorf("Ingress %s: %w", "Ingress %s：%w", u.GetName(), err)
		}
		return &ing, nil
	case "networking.k8s.io/v1beta1", "extensions/v1beta1":
		// Both beta versions share one JSON shape.
		var old networkingv1beta1.Ingress
		if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u.Object, &old); err != nil {
			return nil, words.Errorf("Ingress %s: %w", "Ingress %s：%w", u.GetName(), err)
		}
		return convertBeta(&old), nil
	}
	return nil, words.Errorf("Ingress %s: unsupported apiVersion %s", "Ingress %s：不支持 apiVersion %s", u.GetName(), u.GetAPIVersion())
}
