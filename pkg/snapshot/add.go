package snapshot

import (
	"fmt"

	admissionv1 "k8s.io/api/admissionregistration/v1"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	eventsv1 "k8s.io/api/events/v1"
	networkingv1 "k8s.io/api/networking/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
)

// Add stores a typed object (or an unstructured TkeServiceConfig) in its store.
func (s *Snapshot) Add(obj runtime.Object) error {
	switch o := obj.(type) {
	case *corev1.Service:
		s.Services.Add(o.Namespace, o.Name, o)
	case *networkingv1.Ingress:
		s.Ingresses.Add(o.Namespace, o.Name, o)
	case *networkingv1.IngressClass:
		s.IngressClasses.Add("", o.Name, o)
	case *corev1.Secret:
		s.Secrets.Add(o.Namespace, o.Name, o)
	case *corev1.Pod:
		s.Pods.Add(o.Namespace, o.Name, o)
	case *corev1.Node:
		s.Nodes.Add("", o.Name, o)
	case *discoveryv1.EndpointSlice:
		s.EndpointSlices.Add(o.Namespace, o.Name, o)
	case *corev1.ConfigMap:
		s.ConfigMaps.Add(o.Namespace, o.Name, o)
	case *appsv1.Deployment:
		s.Deployments.Add(o.Namespace, o.Name, o)
	case *appsv1.DaemonSet:
		s.DaemonSets.Add(o.Namespace, o.Name, o)
	case *admissionv1.ValidatingWebhookConfiguration:
		s.Webhooks.Add("", o.Name, o)
	case *unstructured.Unstructured:
		if o.GetKind() != "TkeServiceConfig" {
			return fmt.Errorf("unsupported unstructured kind %q", o.GetKind())
		}
		s.TkeServiceConfigs.Add(o.GetNamespace(), o.GetName(), o)
	case *corev1.Event:
		s.AddEvent(FromCoreEvent(o))
	case *eventsv1.Event:
		s.AddEvent(FromEventsV1(o))
	default:
		return fmt.Errorf("unsupported object type %T", obj)
	}
	return nil
}

// MarkComplete declares every store and the events fully known, as after cluster-wide lists.
func (s *Snapshot) MarkComplete() {
	for _, st := range s.stores() {
		st.markListedAll()
	}
}

func (s *Store[T]) markListedAll() { s.listed[""] = true }
