package engine

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"testing"

	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes/fake"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

const (
	tkeExisted   = "service.kubernetes.io/tke-existed-lbid"
	tkeCreated   = "service.kubernetes.io/loadbalance-id"
	ingExisted   = "kubernetes.io/ingress.existLbId"
	ackID        = "service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id"
	ackBoundID   = "service.k8s.alibaba/loadbalancer-id"
	ackOverride  = "service.beta.kubernetes.io/alibaba-cloud-loadbalancer-force-override-listeners"
	ingressClass = "kubernetes.io/ingress.class"
)

// lbService is a LoadBalancer Service with port 80/TCP and the given annotations.
func lbService(name string, ann map[string]string) *corev1.Service {
	return &corev1.Service{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns, UID: types.UID("uid-svc-" + name), ResourceVersion: "1", Annotations: ann},
		Spec: corev1.ServiceSpec{Type: corev1.ServiceTypeLoadBalancer,
			Ports: []corev1.ServicePort{{Name: "http", Port: 80, Protocol: corev1.ProtocolTCP}}},
	}
}

func clbIngress(name, id string) *networkingv1.Ingress {
	return &networkingv1.Ingress{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns, UID: types.UID("uid-ing-" + name), ResourceVersion: "1",
		Annotations: map[string]string{ingressClass: "qcloud", ingExisted: id}}}
}

// fullDiagnosis diagnoses every target of the cluster from scratch, as a one-shot -A run does.
func fullDiagnosis(t *testing.T, c *fake.Clientset) map[snapshot.Target]string {
	t.Helper()
	s, err := snapshot.FromScope(context.Background(), snapshot.Clients{Kube: c}, "", snapshot.Selector{}, providers.Suite().Plan(""))
	if err != nil {
		t.Fatal(err)
	}
	out := map[snapshot.Target]string{}
	for _, tg := range s.Targets {
		r, err := diagnose(s, tg)
		if err != nil {
			t.Fatal(err)
		}
		out[tg] = reportJSON(t, r)
	}
	return out
}

func reportJSON(t *testing.T, r report.Report) string {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestEngineSharedLBUpdates: an update of a Service or Ingress that names a CLB id re-diagnoses the
// targets that share the id before or after the update, not every target that reads CLB users; after
// every step the engine's reports equal a fresh diagnosis of the same state.
func TestEngineSharedLBUpdates(t *testing.T) {
	c, e, ups := run(t,
		lbService("a", map[string]string{tkeExisted: "lb-1"}),
		lbService("b", map[string]string{tkeExisted: "lb-1"}),
		lbService("c", map[string]string{tkeCreated: "lb-1"}),
		lbService("z", map[string]string{tkeExisted: "lb-9"}),
		lbService("d", map[string]string{tkeExisted: "lb-2"}),
		clbIngress("i", "lb-2"),
		lbService("p", map[string]string{ackID: "lb-a", ackOverride: "true"}),
		func() *corev1.Service {
			s := lbService("q", nil)
			s.Labels = map[string]string{ackBoundID: "lb-a"}
			return s
		}(),
	)
	first := next(t, ups)
	if len(first.Reports) != 8 {
		t.Fatalf("first pass diagnosed %v", names(first))
	}
	ctx := context.Background()
	svcs := c.CoreV1().Services(ns)
	rv := 1
	// The fake clientset keeps the resource version it is given; the engine ignores an update that
	// keeps it (a re-list).
	bump := func(o metav1.Object) {
		rv++
		o.SetResourceVersion(strconv.Itoa(rv))
	}
	update := func(s *corev1.Service) error {
		bump(s)
		_, err := svcs.Update(ctx, s, metav1.UpdateOptions{})
		return err
	}
	current := func(name string) *corev1.Service {
		s, err := svcs.Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return s.DeepCopy()
	}
	createSlice := func(svc string) error {
		ready := true
		es := &discoveryv1.EndpointSlice{ObjectMeta: metav1.ObjectMeta{Name: svc + "-1", Namespace: ns, ResourceVersion: "1",
			Labels: map[string]string{discoveryv1.LabelServiceName: svc}}, AddressType: discoveryv1.AddressTypeIPv4,
			Endpoints: []discoveryv1.Endpoint{{Addresses: []string{"10.0.0.1"}, Conditions: discoveryv1.EndpointConditions{Ready: &ready}}}}
		_, err := c.DiscoveryV1().EndpointSlices(ns).Create(ctx, es, metav1.CreateOptions{})
		return err
	}
	has := func(name, code string) bool {
		for _, r := range e.Reports() {
			if r.Target.Name == name && slices.Contains(codes(r), code) {
				return true
			}
		}
		return false
	}
	if !has("a", "E4012") || !has("a", "E4014") || !has("i", "E4101") {
		t.Fatalf("initial findings: %v", e.Reports())
	}

	steps := []struct {
		name   string
		change func() error
		want   []string
	}{
		{"a Service joins CLB lb-1", func() error {
			_, err := svcs.Create(ctx, lbService("e", map[string]string{tkeExisted: "lb-1"}), metav1.CreateOptions{})
			return err
		}, []string{"a", "b", "e"}},
		{"a Service moves from lb-1 to lb-3", func() error {
			s := current("b")
			s.Annotations[tkeExisted] = "lb-3"
			return update(s)
		}, []string{"a", "b", "e"}},
		{"a Service drops its CLB id", func() error {
			s := current("e")
			delete(s.Annotations, tkeExisted)
			return update(s)
		}, []string{"a", "e"}},
		{"the Service TKE created the CLB for is deleted", func() error {
			return svcs.Delete(ctx, "c", metav1.DeleteOptions{})
		}, []string{"a"}},
		{"an Ingress moves to another CLB", func() error {
			i, err := c.NetworkingV1().Ingresses(ns).Get(ctx, "i", metav1.GetOptions{})
			if err != nil {
				return err
			}
			i = i.DeepCopy()
			i.Annotations[ingExisted] = "lb-4"
			bump(i)
			_, err = c.NetworkingV1().Ingresses(ns).Update(ctx, i, metav1.UpdateOptions{})
			return err
		}, []string{"d", "i"}},
		{"an ACK Service names the same CLB id", func() error {
			_, err := svcs.Create(ctx, lbService("r", map[string]string{ackID: "lb-a"}), metav1.CreateOptions{})
			return err
		}, []string{"p", "r"}},
		{"CCM's label leaves the CLB", func() error {
			s := current("q")
			s.Labels = nil
			return update(s)
		}, []string{"p", "q", "r"}},
		{"an EndpointSlice of a co-user of the ACK CLB appears", func() error {
			return createSlice("r")
		}, []string{"p", "r"}},
		{"an EndpointSlice of a Service on another CLB appears", func() error {
			return createSlice("z")
		}, []string{"z"}},
		{"a co-user of the ACK CLB is deleted", func() error {
			return svcs.Delete(ctx, "r", metav1.DeleteOptions{})
		}, []string{"p"}},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			if err := st.change(); err != nil {
				t.Fatal(err)
			}
			u := next(t, ups)
			got := names(u)
			if !slices.Equal(got, st.want) {
				t.Errorf("re-diagnosed %v, want %v", got, st.want)
			}
			want := fullDiagnosis(t, c)
			reps := e.Reports()
			if len(reps) != len(want) {
				t.Fatalf("engine holds %d reports, a full diagnosis %d", len(reps), len(want))
			}
			for _, r := range reps {
				if got := reportJSON(t, r); got != want[r.Target] {
					t.Errorf("%s: engine\n%s\nfull diagnosis\n%s", r.Target, got, want[r.Target])
				}
			}
		})
	}
	if has("a", "E4012") || has("a", "E4014") || has("i", "E4101") {
		t.Errorf("findings of former co-users remain: %v", e.Reports())
	}
}
