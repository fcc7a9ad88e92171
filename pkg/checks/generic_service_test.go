package checks_test

import (
	"fmt"
	"testing"

	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/annotations"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func TestGenericServiceChecks(t *testing.T) {
	lb := corev1.ServiceTypeLoadBalancer
	nodes := Objs(FxNode("n1"), FxNode("n2"), FxNode("n3"))
	withNodes := func(o ...runtime.Object) []runtime.Object { return append(o, nodes...) }
	cases := []SvcCase{
		{Name: "no selector and no slices",
			Bad:   Objs(Service("web", lb, NoSelector)),
			Fixed: Objs(Service("web", lb, NoSelector), FxSlice("web", FxEP{Pod: "ext-1", Node: "n1", Ready: true})),
			Want:  rules.GenericServiceNoSelector, Path: "spec.selector"},
		{Name: "selector matches no pod",
			Bad:   Objs(Service("web", lb)),
			Fixed: Objs(Service("web", lb), FxPod("web-1", "n1", true)),
			Want:  rules.GenericServiceNoEndpoints, Path: "spec.selector"},
		{Name: "no ready endpoint in slices",
			Bad:   Objs(Service("web", lb), FxSlice("web", FxEP{Pod: "web-1", Node: "n1", Ready: false})),
			Fixed: Objs(Service("web", lb), FxSlice("web", FxEP{Pod: "web-1", Node: "n1", Ready: true})),
			Want:  rules.GenericServiceNoEndpoints, Path: "spec.selector"},
		{Name: "some endpoints not ready",
			Bad:   Objs(Service("web", lb), FxSlice("web", FxEP{Pod: "web-1", Node: "n1", Ready: true}, FxEP{Pod: "web-2", Node: "n2", Ready: false})),
			Fixed: Objs(Service("web", lb), FxSlice("web", FxEP{Pod: "web-1", Node: "n1", Ready: true}, FxEP{Pod: "web-2", Node: "n2", Ready: true})),
			Want:  rules.GenericServiceEndpointsNotReady, Path: "spec.selector"},
		{Name: "not-ready pods when slices are absent",
			Bad:   Objs(Service("web", lb), FxPod("web-1", "n1", true), FxPod("web-2", "n2", false)),
			Fixed: Objs(Service("web", lb), FxPod("web-1", "n1", true), FxPod("web-2", "n2", true)),
			Want:  rules.GenericServiceEndpointsNotReady, Path: "spec.selector"},
		{Name: "Local policy names nodes without backend",
			Bad:   withNodes(Service("web", lb, ETPLocal), FxSlice("web", FxEP{Pod: "web-1", Node: "n1", Ready: true})),
			Fixed: withNodes(Service("web", lb), FxSlice("web", FxEP{Pod: "web-1", Node: "n1", Ready: true})),
			Want:  rules.GenericServiceExternalTrafficLocal, Path: "spec.externalTrafficPolicy", Sev: SevOf(rules.Info)},
		{Name: "Local policy on a Service another proxy handles (service-proxy-name): kube-proxy does not intercept its address",
			Bad: withNodes(Service("web", lb, ETPLocal), FxSlice("web", FxEP{Pod: "web-1", Node: "n1", Ready: true})),
			Fixed: withNodes(Service("web", lb, ETPLocal, func(s *corev1.Service) {
				s.Labels = map[string]string{"service.kubernetes.io/service-proxy-name": "dummy"}
			}), FxSlice("web", FxEP{Pod: "web-1", Node: "n1", Ready: true})),
			Want: rules.GenericServiceExternalTrafficLocal, Path: "spec.externalTrafficPolicy", Sev: SevOf(rules.Info)},
		{Name: "Local policy with no ready backend: a consequence of no-endpoints",
			Bad:   withNodes(Service("web", lb, ETPLocal), FxSlice("web", FxEP{Pod: "web-1", Node: "n1", Ready: false})),
			Fixed: withNodes(Service("web", lb), FxSlice("web", FxEP{Pod: "web-1", Node: "n1", Ready: false})),
			Want:  rules.GenericServiceExternalTrafficLocal, Path: "spec.externalTrafficPolicy", Sev: SevOf(rules.Warning),
			Under: rules.GenericServiceNoEndpoints},
		{Name: "Local policy with backends only on excluded nodes",
			Bad: Objs(Service("web", lb, ETPLocal), FxSlice("web", FxEP{Pod: "web-1", Node: "n1", Ready: true}),
				FxNode("n1", NodeLabel(LabelExcludeLB, "true")), FxNode("n2")),
			Fixed: Objs(Service("web", lb, ETPLocal), FxSlice("web", FxEP{Pod: "web-1", Node: "n1", Ready: true}), FxNode("n1")),
			Want:  rules.GenericServiceExternalTrafficLocal, Path: "spec.externalTrafficPolicy", Sev: SevOf(rules.Error)},
	}
	runServiceCases(t, rules.Generic, cases)
}

func TestGenericServiceUnknownSkips(t *testing.T) {
	s := snapshot.New("test")
	if err := s.Add(Service("web", corev1.ServiceTypeLoadBalancer, ETPLocal)); err != nil {
		t.Fatal(err)
	}
	s.EndpointSlices.MarkGap(ns, snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden, RBAC: "list endpointslices"})
	s.Pods.MarkGap(ns, snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden, RBAC: "list pods"})
	res := diagnose(t, s, snapshot.KindService, "web", rules.Generic)
	got := Reported(res)
	for _, id := range []rules.ID{rules.GenericServiceNoEndpoints, rules.GenericServiceNoSelector, rules.GenericServiceEndpointsNotReady} {
		if len(got[id]) > 0 {
			t.Errorf("unreadable endpoints became finding %s", id)
		}
	}
	if skipped := SkippedChecks(res); !skipped["service-endpoints"] || !skipped["external-traffic-local"] {
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
	if best, d := Nearest("health-check-intreval", ackann.Suffixes()); best != "health-check-interval" || d != 2 {
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
			var eps []FxEP
			for i := range n {
				eps = append(eps, FxEP{Pod: fmt.Sprintf("web-%02d", i), Node: "n1", Ready: i%3 != 0})
			}
			v4, v6 := FxSlice("web", eps...), FxSlice("web", eps...)
			v6.Name, v6.AddressType = "web-v6", discoveryv1.AddressTypeIPv6
			got := SliceEndpoints([]*snapshot.EndpointSlice{snapshot.EndpointSliceOf(v4), snapshot.EndpointSliceOf(v6)})
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
