package snapshot

import (
	discoveryv1 "k8s.io/api/discovery/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// EndpointSlice is what a snapshot holds of an EndpointSlice: the fields the checks read, in the
// shape of discoveryv1.EndpointSlice (the same names and JSON), so that a store of 35,000 slices
// holds a fraction of their decoded size. An EndpointSlice is reduced to this as soon as it is
// decoded (live reads, serve's informers, input files).
type EndpointSlice struct {
	metav1.TypeMeta `json:",inline"`
	// NameMeta keeps the name, namespace and resource version; no labels (see ServiceName).
	NameMeta `json:"metadata,omitempty"`
	// ServiceName is the one label a slice keeps, kubernetes.io/service-name ("" when absent),
	// which the checks, the planned reads and serve's index of what each target read match on.
	// It is held as a string, not as a map of one entry: GetLabels builds that map when asked.
	ServiceName string     `json:"-"`
	Endpoints   []Endpoint `json:"endpoints"`
}

// GetLabels returns the labels a slice keeps: kubernetes.io/service-name, nil when it has none. The
// map is new on each call.
func (es *EndpointSlice) GetLabels() map[string]string {
	if es.ServiceName == "" {
		return nil
	}
	return map[string]string{discoveryv1.LabelServiceName: es.ServiceName}
}

// SetLabels keeps of l the label a slice keeps (ServiceName).
func (es *EndpointSlice) SetLabels(l map[string]string) {
	es.ServiceName = l[discoveryv1.LabelServiceName]
}

// Endpoint is what an EndpointSlice keeps of an endpoint: the first of its addresses, its node, the
// name of the object it stands for (a pod) and whether it is ready and terminating.
type Endpoint struct {
	// Addresses holds the first address only: the checks name an endpoint without a target by it.
	Addresses  []string           `json:"addresses"`
	Conditions EndpointConditions `json:"conditions,omitempty"`
	// NodeName is "" when the endpoint names no node (the API's nil).
	NodeName  string          `json:"nodeName,omitempty"`
	TargetRef *EndpointTarget `json:"targetRef,omitempty"`
}

// EndpointConditions are the conditions of an endpoint the checks read; nil is unknown, as in the
// API (an unknown Ready counts as ready). The pointers are shared between endpoints: never write
// through them.
type EndpointConditions struct {
	Ready       *bool `json:"ready,omitempty"`
	Terminating *bool `json:"terminating,omitempty"`
}

// EndpointTarget is what an endpoint keeps of its targetRef.
type EndpointTarget struct {
	Kind string `json:"kind,omitempty"`
	Name string `json:"name,omitempty"`
}

// The canonical condition values the reduced endpoints point to.
var (
	condTrue, condFalse = true, false
)

// sharedBool returns the canonical pointer of *b's value, nil for nil.
func sharedBool(b *bool) *bool {
	switch {
	case b == nil:
		return nil
	case *b:
		return &condTrue
	}
	return &condFalse
}

// EndpointSliceOf reduces an EndpointSlice to what a snapshot holds of it. The result shares nothing
// with es; the strings many slices repeat (namespace, node names, target kinds) are
// interned.
func EndpointSliceOf(es *discoveryv1.EndpointSlice) *EndpointSlice {
	out := &EndpointSlice{TypeMeta: es.TypeMeta}
	out.NameMeta = NameMeta{Name: es.Name, Namespace: intern(es.Namespace), ResourceVersion: es.ResourceVersion}
	out.ServiceName = es.Labels[discoveryv1.LabelServiceName]
	if es.Endpoints != nil {
		out.Endpoints = make([]Endpoint, len(es.Endpoints))
	}
	for i := range es.Endpoints {
		ep := &es.Endpoints[i]
		o := &out.Endpoints[i]
		if len(ep.Addresses) > 0 {
			o.Addresses = []string{ep.Addresses[0]}
		}
		o.Conditions = EndpointConditions{Ready: sharedBool(ep.Conditions.Ready), Terminating: sharedBool(ep.Conditions.Terminating)}
		if ep.NodeName != nil {
			o.NodeName = intern(*ep.NodeName)
		}
		if r := ep.TargetRef; r != nil {
			o.TargetRef = &EndpointTarget{Kind: intern(r.Kind), Name: r.Name}
		}
	}
	return out
}

// DeepCopyInto copies es into out (the shared condition pointers stay shared).
func (es *EndpointSlice) DeepCopyInto(out *EndpointSlice) {
	*out = *es
	if es.Endpoints != nil {
		out.Endpoints = make([]Endpoint, len(es.Endpoints))
		for i, ep := range es.Endpoints {
			if ep.Addresses != nil {
				ep.Addresses = append([]string(nil), ep.Addresses...)
			}
			if ep.TargetRef != nil {
				r := *ep.TargetRef
				ep.TargetRef = &r
			}
			out.Endpoints[i] = ep
		}
	}
}

// DeepCopy returns a copy of es.
func (es *EndpointSlice) DeepCopy() *EndpointSlice {
	if es == nil {
		return nil
	}
	out := new(EndpointSlice)
	es.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of es as a runtime.Object.
func (es *EndpointSlice) DeepCopyObject() runtime.Object { return es.DeepCopy() }

// Unmarshal decodes an EndpointSlice from its protobuf form and keeps what EndpointSliceOf keeps.
func (es *EndpointSlice) Unmarshal(b []byte) error { return unmarshalReduced(b, es, EndpointSliceOf) }

// fromWire sets es from an EndpointSlice as the API or a fake client returns it; false for another
// type.
func (es *EndpointSlice) fromWire(o runtime.Object) bool { return reducedFrom(o, es, EndpointSliceOf) }

func newEndpointSlice() *EndpointSlice { return &EndpointSlice{} }
