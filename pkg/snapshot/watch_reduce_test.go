package snapshot_test

import (
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unsafe"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestReduceInternsKeys: Reduce keeps a Service's labels and annotations as they were, with the
// namespace and the label and annotation keys two objects repeat held once, the label values as
// decoded, and the annotations (equal here) shared.
func TestReduceInternsKeys(t *testing.T) {
	const addrType = "service.beta.kubernetes.io/alibaba-cloud-loadbalancer-address-type"
	// fresh is a copy of its own, as a decoder makes each string.
	fresh := func(s string) string { return strings.Clone(s) }
	svc := func(name string) *corev1.Service {
		return &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: fresh("shop"),
			Labels:        map[string]string{fresh("app"): fresh("web")},
			Annotations:   map[string]string{fresh(addrType): fresh("intranet")},
			ManagedFields: []metav1.ManagedFieldsEntry{{Manager: "kubectl"}}}}
	}
	a := snapshot.Reduce(svc("a")).(*corev1.Service)
	b := snapshot.Reduce(svc("b")).(*corev1.Service)
	want := svc("a")
	if !maps.Equal(a.Labels, want.Labels) || !maps.Equal(a.Annotations, want.Annotations) || a.Namespace != "shop" {
		t.Fatalf("namespace %q, labels %v, annotations %v changed", a.Namespace, a.Labels, a.Annotations)
	}
	if a.ManagedFields != nil {
		t.Error("managed fields kept")
	}
	// keyOf is the key string m holds for key (the map's own copy, not the argument).
	keyOf := func(m map[string]string, key string) string {
		for k := range m {
			if k == key {
				return k
			}
		}
		return ""
	}
	once := func(x, y string) bool { return unsafe.StringData(x) == unsafe.StringData(y) }
	tests := []struct {
		name string
		x, y string
		once bool
	}{
		{"namespace", a.Namespace, b.Namespace, true},
		{"label key", keyOf(a.Labels, "app"), keyOf(b.Labels, "app"), true},
		{"annotation key", keyOf(a.Annotations, addrType), keyOf(b.Annotations, addrType), true},
		{"label value", a.Labels["app"], b.Labels["app"], false},
		{"annotation value", a.Annotations[addrType], b.Annotations[addrType], true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := once(tt.x, tt.y); got != tt.once {
				t.Errorf("held once: %v, want %v", got, tt.once)
			}
		})
	}
}

// TestReduceSharesAnnotations: Reduce gives Services and Ingresses of equal annotations one map
// between them, equal to what they were decoded with, and never the object's own map; objects of
// other annotations, and objects of other kinds, keep maps of their own.
func TestReduceSharesAnnotations(t *testing.T) {
	const lastApplied = corev1.LastAppliedConfigAnnotation
	vendor := map[string]string{
		"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-address-type": "intranet",
		"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-spec":         "slb.s1.small",
	}
	with := func(m map[string]string, k, v string) map[string]string {
		c := maps.Clone(m)
		c[k] = v
		return c
	}
	// fresh is a deep copy of m, as a decoder makes each map and string.
	fresh := func(m map[string]string) map[string]string {
		if m == nil {
			return nil
		}
		c := make(map[string]string, len(m))
		for k, v := range m {
			c[strings.Clone(k)] = strings.Clone(v)
		}
		return c
	}
	svc := func(name string, ann map[string]string) runtime.Object {
		return &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "shop", Annotations: fresh(ann)}}
	}
	ing := func(name string, ann map[string]string) runtime.Object {
		return &networkingv1.Ingress{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "shop", Annotations: fresh(ann)}}
	}
	cm := func(name string, ann map[string]string) runtime.Object {
		return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "shop", Annotations: fresh(ann)}}
	}
	u := func(name string, ann map[string]string) runtime.Object {
		o := &unstructured.Unstructured{}
		o.SetAPIVersion("example.com/v1")
		o.SetKind("Widget")
		o.SetName(name)
		o.SetAnnotations(fresh(ann))
		return o
	}
	annotations := func(o runtime.Object) map[string]string {
		if x, ok := o.(*unstructured.Unstructured); ok {
			return x.GetAnnotations() // a copy: never shared
		}
		acc, err := meta.Accessor(o)
		if err != nil {
			t.Fatal(err)
		}
		return acc.GetAnnotations()
	}
	ptr := func(m map[string]string) unsafe.Pointer { return reflect.ValueOf(m).UnsafePointer() }
	tests := []struct {
		name   string
		a, b   runtime.Object
		shared bool
	}{
		{"two Services of equal annotations", svc("a", vendor), svc("b", vendor), true},
		{"a Service and an Ingress of equal annotations", svc("a", vendor), ing("b", vendor), true},
		{"two Ingresses of equal annotations", ing("a", vendor), ing("b", vendor), true},
		{"equal last-applied records", svc("a", with(vendor, lastApplied, `{"kind":"Service"}`)), svc("b", with(vendor, lastApplied, `{"kind":"Service"}`)), true},
		{"one value differs", svc("a", vendor), svc("b", with(vendor, "service.beta.kubernetes.io/alibaba-cloud-loadbalancer-spec", "slb.s2.small")), false},
		{"one more key", svc("a", vendor), svc("b", with(vendor, "lbdoctor.io/ignore", "x")), false},
		{"values swapped between keys", svc("a", map[string]string{"k1": "x", "k2": "y"}), svc("b", map[string]string{"k1": "y", "k2": "x"}), false},
		{"ConfigMaps keep their own", cm("a", vendor), cm("b", vendor), false},
		{"Unstructured objects keep their own", u("a", vendor), u("b", vendor), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantA, wantB := maps.Clone(annotations(tt.a)), maps.Clone(annotations(tt.b))
			ownA := annotations(tt.a)
			a, b := snapshot.Reduce(tt.a), snapshot.Reduce(tt.b)
			gotA, gotB := annotations(a), annotations(b)
			if !maps.Equal(gotA, wantA) || !maps.Equal(gotB, wantB) {
				t.Fatalf("annotations %v and %v, want %v and %v", gotA, gotB, wantA, wantB)
			}
			if got := ptr(gotA) == ptr(gotB); got != tt.shared {
				t.Errorf("one map: %v, want %v", got, tt.shared)
			}
			if _, isU := tt.a.(*unstructured.Unstructured); tt.shared && !isU && ptr(gotA) == ptr(ownA) {
				t.Error("the shared map is the object's own")
			}
			if !maps.Equal(ownA, wantA) {
				t.Errorf("the object's own map changed: %v, want %v", ownA, wantA)
			}
		})
	}
	t.Run("empty and nil annotations kept", func(t *testing.T) {
		for _, ann := range []map[string]string{nil, {}} {
			s := snapshot.Reduce(svc("a", ann)).(*corev1.Service)
			if (s.Annotations == nil) != (ann == nil) || len(s.Annotations) != 0 {
				t.Errorf("annotations %#v, want %#v", s.Annotations, ann)
			}
		}
	})
}

// TestReduceServiceSpec: Reduce drops from a Service's spec only the fields no check reads, and
// keeps ClusterIPs when it says more than ClusterIP.
func TestReduceServiceSpec(t *testing.T) {
	local, single, dual := corev1.ServiceInternalTrafficPolicyLocal, corev1.IPFamilyPolicySingleStack, corev1.IPFamilyPolicyPreferDualStack
	no, class := false, "alibabacloud.com/nlb"
	spec := func(ips ...string) corev1.ServiceSpec {
		policy := &single
		if len(ips) > 1 {
			policy = &dual
		}
		return corev1.ServiceSpec{
			Type: corev1.ServiceTypeLoadBalancer, ExternalTrafficPolicy: corev1.ServiceExternalTrafficPolicyLocal,
			Selector: map[string]string{"app": "web"}, LoadBalancerClass: &class, LoadBalancerSourceRanges: []string{"10.0.0.0/8"},
			Ports:     []corev1.ServicePort{{Name: "http", Protocol: corev1.ProtocolTCP, Port: 80, TargetPort: intstr.FromString("web"), NodePort: 30080}},
			ClusterIP: ips[0], ClusterIPs: ips, IPFamilies: []corev1.IPFamily{corev1.IPv4Protocol}, IPFamilyPolicy: policy,
			InternalTrafficPolicy: &local, AllocateLoadBalancerNodePorts: &no, SessionAffinity: corev1.ServiceAffinityNone,
		}
	}
	// kept is what Reduce keeps of s.
	kept := func(s corev1.ServiceSpec) corev1.ServiceSpec {
		s.IPFamilies, s.IPFamilyPolicy, s.InternalTrafficPolicy, s.AllocateLoadBalancerNodePorts = nil, nil, nil, nil
		if len(s.ClusterIPs) == 1 {
			s.ClusterIPs = nil
		}
		return s
	}
	tests := []struct {
		name string
		spec corev1.ServiceSpec
	}{
		{"single stack", spec("10.96.0.10")},
		{"dual stack", spec("10.96.0.10", "fd00::10")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := snapshot.Reduce(&corev1.Service{Spec: *tt.spec.DeepCopy()}).(*corev1.Service)
			if want := kept(tt.spec); !equality.Semantic.DeepEqual(s.Spec, want) {
				t.Errorf("spec %+v, want %+v", s.Spec, want)
			}
		})
	}
}

// TestReduceSharesPorts: Reduce gives Services of equal ports one port list between them, equal to
// what they were decoded with, and never the object's own list; Services of other ports keep their own.
func TestReduceSharesPorts(t *testing.T) {
	http := func(nodePort int32) []corev1.ServicePort {
		return []corev1.ServicePort{
			{Name: strings.Clone("http"), Protocol: corev1.ProtocolTCP, Port: 80, TargetPort: intstr.FromInt32(8080), NodePort: nodePort},
			{Name: strings.Clone("https"), Protocol: corev1.ProtocolTCP, Port: 443, TargetPort: intstr.FromString(strings.Clone("https"))},
		}
	}
	with := func(ps []corev1.ServicePort, f func(*corev1.ServicePort)) []corev1.ServicePort {
		f(&ps[len(ps)-1])
		return ps
	}
	app := "kubernetes.io/h2c"
	tests := []struct {
		name   string
		a, b   []corev1.ServicePort
		shared bool
	}{
		{"equal ports", http(0), http(0), true},
		{"equal app protocols", with(http(0), func(p *corev1.ServicePort) { p.AppProtocol = &app }), with(http(0), func(p *corev1.ServicePort) { a := app; p.AppProtocol = &a }), true},
		{"node ports differ", http(30080), http(30081), false},
		{"target port number against name", with(http(0), func(p *corev1.ServicePort) { p.TargetPort = intstr.FromInt32(443) }), http(0), false},
		{"app protocol only on one", with(http(0), func(p *corev1.ServicePort) { p.AppProtocol = &app }), http(0), false},
		{"one port fewer", http(0)[:1], http(0), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantA, wantB := slices.Clone(tt.a), slices.Clone(tt.b)
			a := snapshot.Reduce(&corev1.Service{Spec: corev1.ServiceSpec{Ports: tt.a}}).(*corev1.Service)
			b := snapshot.Reduce(&corev1.Service{Spec: corev1.ServiceSpec{Ports: tt.b}}).(*corev1.Service)
			if !equality.Semantic.DeepEqual(a.Spec.Ports, wantA) || !equality.Semantic.DeepEqual(b.Spec.Ports, wantB) {
				t.Fatalf("ports %+v and %+v, want %+v and %+v", a.Spec.Ports, b.Spec.Ports, wantA, wantB)
			}
			if got := &a.Spec.Ports[0] == &b.Spec.Ports[0]; got != tt.shared {
				t.Errorf("one list: %v, want %v", got, tt.shared)
			}
			if &a.Spec.Ports[0] == &tt.a[0] || &b.Spec.Ports[0] == &tt.b[0] {
				t.Error("the shared list is the object's own")
			}
		})
	}
}

// TestReduceSharesPointedValues: Reduce points the Services and Ingresses of one class, path type
// or IP mode to one copy of it, equal to what they were decoded with.
func TestReduceSharesPointedValues(t *testing.T) {
	ing := func(class string, pt networkingv1.PathType) *networkingv1.Ingress {
		class, pt = strings.Clone(class), networkingv1.PathType(strings.Clone(string(pt)))
		return snapshot.Reduce(&networkingv1.Ingress{Spec: networkingv1.IngressSpec{IngressClassName: &class,
			Rules: []networkingv1.IngressRule{{IngressRuleValue: networkingv1.IngressRuleValue{HTTP: &networkingv1.HTTPIngressRuleValue{
				Paths: []networkingv1.HTTPIngressPath{{Path: "/", PathType: &pt}}}}}}}}).(*networkingv1.Ingress)
	}
	svc := func(mode corev1.LoadBalancerIPMode) *corev1.Service {
		mode = corev1.LoadBalancerIPMode(strings.Clone(string(mode)))
		return snapshot.Reduce(&corev1.Service{Status: corev1.ServiceStatus{LoadBalancer: corev1.LoadBalancerStatus{
			Ingress: []corev1.LoadBalancerIngress{{IP: "10.0.0.1", IPMode: &mode}}}}}).(*corev1.Service)
	}
	class := func(i *networkingv1.Ingress) *string { return i.Spec.IngressClassName }
	pathType := func(i *networkingv1.Ingress) *networkingv1.PathType { return i.Spec.Rules[0].HTTP.Paths[0].PathType }
	ipMode := func(s *corev1.Service) *corev1.LoadBalancerIPMode { return s.Status.LoadBalancer.Ingress[0].IPMode }
	a, b, c := ing("qcloud", networkingv1.PathTypePrefix), ing("qcloud", networkingv1.PathTypePrefix), ing("nginx", networkingv1.PathTypeExact)
	x, y, z := svc(corev1.LoadBalancerIPModeVIP), svc(corev1.LoadBalancerIPModeVIP), svc(corev1.LoadBalancerIPModeProxy)
	tests := []struct {
		name       string
		values     [2]string
		same, want bool
	}{
		{"equal classes", [2]string{*class(a), "qcloud"}, class(a) == class(b), true},
		{"other class", [2]string{*class(c), "nginx"}, class(a) == class(c), false},
		{"equal path types", [2]string{string(*pathType(b)), "Prefix"}, pathType(a) == pathType(b), true},
		{"other path type", [2]string{string(*pathType(c)), "Exact"}, pathType(a) == pathType(c), false},
		{"equal IP modes", [2]string{string(*ipMode(y)), "VIP"}, ipMode(x) == ipMode(y), true},
		{"other IP mode", [2]string{string(*ipMode(z)), "Proxy"}, ipMode(x) == ipMode(z), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.values[0] != tt.values[1] {
				t.Errorf("value %q, want %q", tt.values[0], tt.values[1])
			}
			if tt.same != tt.want {
				t.Errorf("one copy: %v, want %v", tt.same, tt.want)
			}
		})
	}
}
