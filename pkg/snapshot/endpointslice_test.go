package snapshot_test

import (
	"reflect"
	"testing"

	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/testutil"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func ptrTo[T any](v T) *T { return &v }

// TestEndpointSliceOf: a reduced EndpointSlice keeps what the checks read of each endpoint (the
// first address, the node, the target's name, ready and terminating) and the Service-name label,
// and drops the rest; through every way a slice reaches a snapshot.
func TestEndpointSliceOf(t *testing.T) {
	meta := metav1.ObjectMeta{Namespace: "shop", Name: "web-x1", UID: "u1", ResourceVersion: "7", GenerateName: "web-",
		Labels: map[string]string{discoveryv1.LabelServiceName: "web", discoveryv1.LabelManagedBy: "endpointslice-controller.k8s.io",
			"app": "web"},
		Annotations:     map[string]string{"endpoints.kubernetes.io/last-change-trigger-time": "2026-01-01T00:00:00Z"},
		OwnerReferences: []metav1.OwnerReference{{APIVersion: "v1", Kind: "Service", Name: "web", UID: "s1"}},
		ManagedFields:   []metav1.ManagedFieldsEntry{{Manager: "kube-controller-manager"}}}
	wantMeta := snapshot.NameMeta{Namespace: "shop", Name: "web-x1", ResourceVersion: "7"}
	zone := "zone-a"
	for _, tc := range []struct {
		name string
		in   []discoveryv1.Endpoint
		want []snapshot.Endpoint
	}{
		{"no endpoint", nil, nil},
		{"a ready pod on a node",
			[]discoveryv1.Endpoint{{Addresses: []string{"10.0.0.1", "10.0.0.2"}, Hostname: ptrTo("web-0"), Zone: &zone,
				NodeName: ptrTo("n1"), TargetRef: &corev1.ObjectReference{Kind: "Pod", Namespace: "shop", Name: "web-0", UID: "p1", ResourceVersion: "3"},
				Conditions: discoveryv1.EndpointConditions{Ready: ptrTo(true), Serving: ptrTo(true), Terminating: ptrTo(false)},
				Hints:      &discoveryv1.EndpointHints{ForZones: []discoveryv1.ForZone{{Name: zone}}}}},
			[]snapshot.Endpoint{{Addresses: []string{"10.0.0.1"}, NodeName: "n1", TargetRef: &snapshot.EndpointTarget{Kind: "Pod", Name: "web-0"},
				Conditions: snapshot.EndpointConditions{Ready: ptrTo(true), Terminating: ptrTo(false)}}}},
		{"a terminating pod",
			[]discoveryv1.Endpoint{{Addresses: []string{"10.0.0.3"}, NodeName: ptrTo("n2"), TargetRef: &corev1.ObjectReference{Kind: "Pod", Name: "web-1"},
				Conditions: discoveryv1.EndpointConditions{Ready: ptrTo(false), Serving: ptrTo(true), Terminating: ptrTo(true)}}},
			[]snapshot.Endpoint{{Addresses: []string{"10.0.0.3"}, NodeName: "n2", TargetRef: &snapshot.EndpointTarget{Kind: "Pod", Name: "web-1"},
				Conditions: snapshot.EndpointConditions{Ready: ptrTo(false), Terminating: ptrTo(true)}}}},
		{"an address without target, node or conditions",
			[]discoveryv1.Endpoint{{Addresses: []string{"192.0.2.9"}}},
			[]snapshot.Endpoint{{Addresses: []string{"192.0.2.9"}}}},
		{"an endpoint without address", []discoveryv1.Endpoint{{}}, []snapshot.Endpoint{{}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			es := &discoveryv1.EndpointSlice{TypeMeta: metav1.TypeMeta{APIVersion: "discovery.k8s.io/v1", Kind: "EndpointSlice"},
				ObjectMeta: *meta.DeepCopy(), AddressType: discoveryv1.AddressTypeIPv4, Endpoints: tc.in,
				Ports: []discoveryv1.EndpointPort{{Name: ptrTo("http"), Protocol: ptrTo(corev1.ProtocolTCP), Port: ptrTo(int32(8080))}}}
			want := &snapshot.EndpointSlice{TypeMeta: es.TypeMeta, NameMeta: wantMeta, ServiceName: "web", Endpoints: tc.want}
			before := es.DeepCopy()
			got := map[string]*snapshot.EndpointSlice{"EndpointSliceOf": snapshot.EndpointSliceOf(es),
				"Reduce": snapshot.Reduce(es.DeepCopy()).(*snapshot.EndpointSlice)}
			if !reflect.DeepEqual(es, before) {
				t.Error("EndpointSliceOf changed its argument")
			}
			// Every way a slice reaches a snapshot stores it reduced.
			s := snapshot.New(snapshot.Live)
			if err := s.Add(es.DeepCopy()); err != nil {
				t.Fatal(err)
			}
			got["Add"] = held(t, s)
			s = snapshot.New(snapshot.Live)
			if !s.Put(snapshot.Reduce(es.DeepCopy()), nil) {
				t.Fatal("Put refused a reduced EndpointSlice")
			}
			got["Put(Reduce)"] = held(t, s)
			raw, err := runtime.DefaultUnstructuredConverter.ToUnstructured(es)
			if err != nil {
				t.Fatal(err)
			}
			y, err := yaml.Marshal(raw)
			if err != nil {
				t.Fatal(err)
			}
			if s, err = snapshot.FromFiles([]string{testutil.WriteFile(t, t.TempDir(), "slice.yaml", string(y))}, nil, "shop"); err != nil {
				t.Fatal(err)
			}
			got["input file"] = held(t, s)
			for how, g := range got {
				if !reflect.DeepEqual(g, want) {
					t.Errorf("%s:\n got %+v\nwant %+v", how, g, want)
				}
				if c := g.DeepCopy(); !reflect.DeepEqual(c, g) || len(c.Endpoints) > 0 && &c.Endpoints[0] == &g.Endpoints[0] {
					t.Errorf("%s: DeepCopy is not an equal, separate copy", how)
				}
			}
			// The kept label still finds the slice by its Service, and is the slice's only label.
			if sl, err := s.ServiceSlices(&corev1.Service{ObjectMeta: metav1.ObjectMeta{Namespace: "shop", Name: "web"}}); err != nil || len(sl) != 1 {
				t.Errorf("ServiceSlices: %d slices, %v", len(sl), err)
			}
			var acc metav1.Object = got["Reduce"]
			if l := acc.GetLabels(); !reflect.DeepEqual(l, map[string]string{discoveryv1.LabelServiceName: "web"}) {
				t.Errorf("GetLabels = %v", l)
			}
		})
	}
}

// held returns the one EndpointSlice s holds, shop/web-x1.
func held(t *testing.T, s *snapshot.Snapshot) *snapshot.EndpointSlice {
	t.Helper()
	es, err := s.EndpointSlices.Get("shop", "web-x1")
	if err != nil {
		t.Fatal(err)
	}
	return es
}
