package checks

import (
	"fmt"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/annotations"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// fxNode is a Ready worker node on Alibaba Cloud.
func fxNode(name string, mods ...func(*corev1.Node)) *corev1.Node {
	n := &corev1.Node{
		TypeMeta:   metav1.TypeMeta{APIVersion: "v1", Kind: "Node"},
		ObjectMeta: metav1.ObjectMeta{Name: name, Labels: map[string]string{"kubernetes.io/hostname": name}},
		Spec:       corev1.NodeSpec{ProviderID: "alicloud://cn-hangzhou.i-" + name},
		Status:     corev1.NodeStatus{Conditions: []corev1.NodeCondition{{Type: corev1.NodeReady, Status: corev1.ConditionTrue}}},
	}
	for _, m := range mods {
		m(n)
	}
	return n
}

func nodeLabel(k, v string) func(*corev1.Node) {
	return func(n *corev1.Node) { n.Labels[k] = v }
}

// fxPod is a pod of app=web on node, ready or not, with a readinessProbe and a graceful stop.
func fxPod(name, node string, ready bool, mods ...func(*corev1.Pod)) *corev1.Pod {
	status := corev1.ConditionFalse
	if ready {
		status = corev1.ConditionTrue
	}
	grace := int64(60)
	p := &corev1.Pod{
		TypeMeta:   metav1.TypeMeta{APIVersion: "v1", Kind: "Pod"},
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns, Labels: map[string]string{"app": "web"}, UID: types.UID("uid-" + name)},
		Spec: corev1.PodSpec{NodeName: node, TerminationGracePeriodSeconds: &grace, Containers: []corev1.Container{{
			Name: "web", Image: "nginx:1.27",
			Ports:          []corev1.ContainerPort{{Name: "http", ContainerPort: 8080}},
			ReadinessProbe: &corev1.Probe{ProbeHandler: corev1.ProbeHandler{TCPSocket: &corev1.TCPSocketAction{}}},
			Lifecycle:      &corev1.Lifecycle{PreStop: &corev1.LifecycleHandler{Exec: &corev1.ExecAction{Command: []string{"sleep", "20"}}}},
		}}},
		Status: corev1.PodStatus{Phase: corev1.PodRunning, Conditions: []corev1.PodCondition{{Type: corev1.PodReady, Status: status}}},
	}
	for _, m := range mods {
		m(p)
	}
	return p
}

// fxEP is one endpoint of fxSlice.
type fxEP struct {
	pod, node string
	ready     bool
}

// fxSlice is the EndpointSlice of Service svc.
func fxSlice(svc string, eps ...fxEP) *discoveryv1.EndpointSlice {
	es := &discoveryv1.EndpointSlice{
		TypeMeta:    metav1.TypeMeta{APIVersion: "discovery.k8s.io/v1", Kind: "EndpointSlice"},
		ObjectMeta:  metav1.ObjectMeta{Name: svc + "-abcde", Namespace: ns, Labels: map[string]string{discoveryv1.LabelServiceName: svc}},
		AddressType: discoveryv1.AddressTypeIPv4,
	}
	for i, e := range eps {
		ready, node := e.ready, e.node
		es.Endpoints = append(es.Endpoints, discoveryv1.Endpoint{
			Addresses:  []string{"10.0.0." + string(rune('1'+i))},
			Conditions: discoveryv1.EndpointConditions{Ready: &ready},
			NodeName:   &node,
			TargetRef:  &corev1.ObjectReference{Kind: "Pod", Namespace: ns, Name: e.pod},
		})
	}
	return es
}

func fxDeployment(name, image string) *appsv1.Deployment {
	return &appsv1.Deployment{TypeMeta: metav1.TypeMeta{APIVersion: "apps/v1", Kind: "Deployment"},
		ObjectMeta: kubeSystemMeta(name), Spec: appsv1.DeploymentSpec{Template: oneContainer(name, image)}}
}

func fxDaemonSet(name, image string) *appsv1.DaemonSet {
	return &appsv1.DaemonSet{TypeMeta: metav1.TypeMeta{APIVersion: "apps/v1", Kind: "DaemonSet"},
		ObjectMeta: kubeSystemMeta(name), Spec: appsv1.DaemonSetSpec{Template: oneContainer(name, image)}}
}

func kubeSystemMeta(name string) metav1.ObjectMeta {
	return metav1.ObjectMeta{Name: name, Namespace: "kube-system"}
}

func oneContainer(name, image string) corev1.PodTemplateSpec {
	return corev1.PodTemplateSpec{Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: name, Image: image}}}}
}

func etpLocal(s *corev1.Service) {
	s.Spec.ExternalTrafficPolicy = corev1.ServiceExternalTrafficPolicyLocal
}

func noSelector(s *corev1.Service) { s.Spec.Selector = nil }

// svcCase is one bad/fixed pair for a Service check: bad must report want at path, fixed must not
// report want at all.
type svcCase struct {
	name       string
	bad, fixed []runtime.Object
	want       rules.ID
	path       string
	// sev, when set, is the severity the bad finding must have.
	sev *rules.Severity
	// under, when set, is the rule whose finding on bad must hold want as a consequence.
	under rules.ID
}

func sevOf(s rules.Severity) *rules.Severity { return &s }

// consequenceOf returns the case with the rule whose finding must hold want as a consequence.
func (c svcCase) consequenceOf(id rules.ID) svcCase { c.under = id; return c }

// severity returns the case with the severity its bad finding must have.
func (c svcCase) severity(s rules.Severity) svcCase { c.sev = &s; return c }

func runServiceCases(t *testing.T, p rules.Provider, cases []svcCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			bad := diagnose(t, fixture(t, tt.bad...), snapshot.KindService, "web", p)
			found := false
			candidates := bad.Findings
			if tt.under.Known() {
				candidates = nil
				for _, f := range bad.Findings {
					if f.Rule == tt.under {
						candidates = append(candidates, f.Consequences...)
					}
				}
			}
			for _, f := range candidates {
				if f.Rule == tt.want && f.Path == tt.path {
					found = true
					if tt.sev != nil && f.EffectiveSeverity() != *tt.sev {
						t.Errorf("bad: %s at %s has severity %v, want %v", tt.want, tt.path, f.EffectiveSeverity(), *tt.sev)
					}
				}
			}
			if !found {
				t.Errorf("bad: want %s at %s (under %v), got %v, consequences of %v: %v (skipped %v)", tt.want, tt.path, tt.under,
					byRule(bad), tt.under, consequencesOf(bad, tt.under), bad.Skipped)
			}
			fixedRes := diagnose(t, fixture(t, tt.fixed...), snapshot.KindService, "web", p)
			if fixed := reported(fixedRes); len(fixed[tt.want]) > 0 {
				t.Errorf("fixed: %s still reported at %v", tt.want, fixed[tt.want])
			}
			// Silence must come from the check running, not from it being skipped.
			for _, sk := range fixedRes.Skipped {
				if emits(sk.Check, tt.want) {
					t.Errorf("fixed: %s skipped (%s)", sk.Check, sk.Reason)
				}
			}
		})
	}
}

// emits reports whether the check named name declares rule id.
func emits(name string, id rules.ID) bool {
	for _, c := range DefaultSuite().Checks() {
		for _, e := range c.Emits {
			if c.Name == name && e == id {
				return true
			}
		}
	}
	return false
}

// skippedChecks is the set of checks that recorded a skip.
func skippedChecks(res Result) map[string]bool {
	out := map[string]bool{}
	for _, sk := range res.Skipped {
		out[sk.Check] = true
	}
	return out
}

func objs(o ...runtime.Object) []runtime.Object { return o }

func TestGenericServiceChecks(t *testing.T) {
	lb := corev1.ServiceTypeLoadBalancer
	nodes := objs(fxNode("n1"), fxNode("n2"), fxNode("n3"))
	withNodes := func(o ...runtime.Object) []runtime.Object { return append(o, nodes...) }
	cases := []svcCase{
		{name: "no selector and no slices",
			bad:   objs(service("web", lb, noSelector)),
			fixed: objs(service("web", lb, noSelector), fxSlice("web", fxEP{"ext-1", "n1", true})),
			want:  rules.GenericServiceNoSelector, path: "spec.selector"},
		{name: "selector matches no pod",
			bad:   objs(service("web", lb)),
			fixed: objs(service("web", lb), fxPod("web-1", "n1", true)),
			want:  rules.GenericServiceNoEndpoints, path: "spec.selector"},
		{name: "no ready endpoint in slices",
			bad:   objs(service("web", lb), fxSlice("web", fxEP{"web-1", "n1", false})),
			fixed: objs(service("web", lb), fxSlice("web", fxEP{"web-1", "n1", true})),
			want:  rules.GenericServiceNoEndpoints, path: "spec.selector"},
		{name: "some endpoints not ready",
			bad:   objs(service("web", lb), fxSlice("web", fxEP{"web-1", "n1", true}, fxEP{"web-2", "n2", false})),
			fixed: objs(service("web", lb), fxSlice("web", fxEP{"web-1", "n1", true}, fxEP{"web-2", "n2", true})),
			want:  rules.GenericServiceEndpointsNotReady, path: "spec.selector"},
		{name: "not-ready pods when slices are absent",
			bad:   objs(service("web", lb), fxPod("web-1", "n1", true), fxPod("web-2", "n2", false)),
			fixed: objs(service("web", lb), fxPod("web-1", "n1", true), fxPod("web-2", "n2", true)),
			want:  rules.GenericServiceEndpointsNotReady, path: "spec.selector"},
		{name: "Local policy names nodes without backend",
			bad:   withNodes(service("web", lb, etpLocal), fxSlice("web", fxEP{"web-1", "n1", true})),
			fixed: withNodes(service("web", lb), fxSlice("web", fxEP{"web-1", "n1", true})),
			want:  rules.GenericServiceExternalTrafficLocal, path: "spec.externalTrafficPolicy", sev: sevOf(rules.Info)},
		{name: "Local policy with no ready backend: a consequence of no-endpoints",
			bad:   withNodes(service("web", lb, etpLocal), fxSlice("web", fxEP{"web-1", "n1", false})),
			fixed: withNodes(service("web", lb), fxSlice("web", fxEP{"web-1", "n1", false})),
			want:  rules.GenericServiceExternalTrafficLocal, path: "spec.externalTrafficPolicy", sev: sevOf(rules.Warning),
			under: rules.GenericServiceNoEndpoints},
		{name: "Local policy with backends only on excluded nodes",
			bad: objs(service("web", lb, etpLocal), fxSlice("web", fxEP{"web-1", "n1", true}),
				fxNode("n1", nodeLabel(labelExcludeLB, "true")), fxNode("n2")),
			fixed: objs(service("web", lb, etpLocal), fxSlice("web", fxEP{"web-1", "n1", true}), fxNode("n1")),
			want:  rules.GenericServiceExternalTrafficLocal, path: "spec.externalTrafficPolicy", sev: sevOf(rules.Error)},
	}
	runServiceCases(t, rules.Generic, cases)
}

func TestGenericServiceUnknownSkips(t *testing.T) {
	s := snapshot.New("test")
	if err := s.Add(service("web", corev1.ServiceTypeLoadBalancer, etpLocal)); err != nil {
		t.Fatal(err)
	}
	s.EndpointSlices.MarkGap(ns, snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden, RBAC: "list endpointslices"})
	s.Pods.MarkGap(ns, snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden, RBAC: "list pods"})
	res := diagnose(t, s, snapshot.KindService, "web", rules.Generic)
	got := reported(res)
	for _, id := range []rules.ID{rules.GenericServiceNoEndpoints, rules.GenericServiceNoSelector, rules.GenericServiceEndpointsNotReady} {
		if len(got[id]) > 0 {
			t.Errorf("unreadable endpoints became finding %s", id)
		}
	}
	if skipped := skippedChecks(res); !skipped["service-endpoints"] || !skipped["external-traffic-local"] {
		t.Errorf("want service-endpoints and external-traffic-local skipped, got %+v", res.Skipped)
	}
}

func TestNearestAndEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{{"", "abc", 3}, {"kitten", "sitting", 3}, {"scheduler", "scheduler", 0}, {"shceduler", "scheduler", 2}}
	for _, tt := range tests {
		t.Run(tt.a+"~"+tt.b, func(t *testing.T) {
			if got := annotations.EditDistance(tt.a, tt.b); got != tt.want {
				t.Errorf("editDistance = %d, want %d", got, tt.want)
			}
		})
	}
	if best, d := Nearest("health-check-intreval", ackSuffixes); best != "health-check-interval" || d != 2 {
		t.Errorf("nearest = %s %d", best, d)
	}
}

// TestSelectorString holds selectorString to what the selector it replaces prints.
func TestSelectorString(t *testing.T) {
	for _, tc := range []struct {
		name string
		set  map[string]string
	}{
		{"none", nil},
		{"empty", map[string]string{}},
		{"one", map[string]string{"app": "web"}},
		{"several", map[string]string{"tier": "front", "app": "web", "app.kubernetes.io/name": "shop", "a": ""}},
		{"many", map[string]string{"k9": "9", "k1": "1", "k5": "5", "k3": "3", "k7": "7", "k2": "2", "k8": "8", "k4": "4", "k6": "6", "k10": "10"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			svc := &corev1.Service{Spec: corev1.ServiceSpec{Selector: tc.set}}
			if got, want := SelectorString(svc), labels.SelectorFromSet(tc.set).String(); got != want {
				t.Errorf("selectorString = %q, want %q", got, want)
			}
		})
	}
}

// TestSliceEndpointsDualStack: a pod listed by both address families' slices counts once, in first
// seen order, for small Services and for ones large enough to index the names.
func TestSliceEndpointsDualStack(t *testing.T) {
	for _, n := range []int{1, 5, 16, 17, 40} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			var eps []fxEP
			for i := range n {
				eps = append(eps, fxEP{pod: fmt.Sprintf("web-%02d", i), node: "n1", ready: i%3 != 0})
			}
			v4, v6 := fxSlice("web", eps...), fxSlice("web", eps...)
			v6.Name, v6.AddressType = "web-v6", discoveryv1.AddressTypeIPv6
			got := sliceEndpoints([]*snapshot.EndpointSlice{snapshot.EndpointSliceOf(v4), snapshot.EndpointSliceOf(v6)})
			if len(got) != n {
				t.Fatalf("%d endpoints, want %d", len(got), n)
			}
			for i, e := range got {
				if want := fmt.Sprintf("web-%02d", i); e.Name != want || e.Ready != (i%3 != 0) {
					t.Errorf("endpoint %d = %s ready=%v, want %s ready=%v", i, e.Name, e.Ready, want, i%3 != 0)
				}
			}
		})
	}
}
