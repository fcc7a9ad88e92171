package checks_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/kubernetes/fake"
	k8stesting "k8s.io/client-go/testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/annotations"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestNewInputIsFetchedLive: a check that declares a new input (an object no other check reads) gets
// it from the cluster, with no edit to the fetcher.
func TestNewInputIsFetchedLive(t *testing.T) {
	var seen string
	probe := Check{Name: "probe", Kind: rules.Service, Provider: rules.Generic,
		Inputs: []Input{{Resource: snapshot.ConfigMaps, Scope: Fixed, Namespace: "ops", Name: "probe-settings", Required: true}},
		Run: func(c *Context) error {
			cm, err := c.Snap.ConfigMaps.Get("ops", "probe-settings")
			if err == nil {
				seen = cm.Data["mode"]
			}
			return nil
		}}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "ops", Name: "probe-settings"}, Data: map[string]string{"mode": "strict"}}
	tgt := svcTarget("default", "web")
	s, got := fetchLive(t, []Check{probe}, []snapshot.Target{tgt}, LBSvc(), cm)
	if !HasRead(got, "get configmaps ops probe-settings") {
		t.Fatalf("the new input was not read; reads: %v", got)
	}
	res, err := NewSuiteOf(DefaultSuite().Clouds(), []Check{probe}).Run(s, tgt, rules.Generic)
	if err != nil {
		t.Fatal(err)
	}
	if seen != "strict" || len(res.Skipped) > 0 {
		t.Errorf("check saw %q, skipped %+v", seen, res.Skipped)
	}
	// Without the object the required input is known absent, so the check still runs.
	seen = "unset"
	s, _ = fetchLive(t, []Check{probe}, []snapshot.Target{tgt}, LBSvc())
	if res, _ := NewSuiteOf(DefaultSuite().Clouds(), []Check{probe}).Run(s, tgt, rules.Generic); seen != "unset" || len(res.Skipped) > 0 {
		t.Errorf("absent input: seen %q, skipped %+v", seen, res.Skipped)
	}
}

// TestRequiredInputUnknownSkips: the runner skips a check whose required input is unknown, with the
// reason, and does not run it.
func TestRequiredInputUnknownSkips(t *testing.T) {
	ran := false
	probe := Check{Name: "probe", Kind: rules.Service, Provider: rules.Generic,
		Inputs: []Input{{Resource: snapshot.Secrets, Scope: Fixed, Namespace: "ops", Name: "token", Required: true}},
		Run:    func(*Context) error { ran = true; return nil }}
	cs := fake.NewSimpleClientset(LBSvc())
	cs.PrependReactor("get", "secrets", func(k8stesting.Action) (bool, runtime.Object, error) {
		return true, nil, errForbidden("secrets")
	})
	tgt := svcTarget("default", "web")
	s, err := snapshot.FromCluster(context.Background(), snapshot.Clients{Kube: cs}, []snapshot.Target{tgt}, NewSuiteOf(DefaultSuite().Clouds(), []Check{probe}).Plan(""))
	if err != nil {
		t.Fatal(err)
	}
	res, err := NewSuiteOf(DefaultSuite().Clouds(), []Check{probe}).Run(s, tgt, rules.Generic)
	if err != nil {
		t.Fatal(err)
	}
	if ran {
		t.Error("check ran without its required input")
	}
	if len(res.Skipped) != 1 || res.Skipped[0].Check != "probe" || !strings.Contains(res.Skipped[0].Reason, "get secrets") {
		t.Errorf("want probe skipped with the RBAC rule, got %+v", res.Skipped)
	}
}

// TestPlanReadsWhatApplies: the live fetcher reads what the checks that apply to the targets need,
// and nothing else.
func TestPlanReadsWhatApplies(t *testing.T) {
	noSel := func(s *corev1.Service) { s.Spec.Selector = nil }
	withSel := func(s *corev1.Service) { s.Spec.Selector = map[string]string{"app": "web"} }
	nginxClass := func(i *networkingv1.Ingress) {
		cls := "nginx"
		i.Spec.IngressClassName = &cls
		delete(i.Annotations, annotations.IngressClass)
	}
	ing := func(mods ...func(*networkingv1.Ingress)) runtime.Object {
		i := Ingress(mods...)
		i.Namespace = "default"
		return i
	}
	ingTarget := snapshot.Target{Kind: snapshot.KindIngress, Namespace: "default", Name: "bar"}
	tests := []struct {
		name    string
		target  snapshot.Target
		objs    []runtime.Object
		want    []string
		notWant []string
	}{
		{name: "Service without selector: no pods", target: svcTarget("default", "web"),
			objs: []runtime.Object{LBSvc(noSel, SvcAnn(tkeann.InternalSubnetID, "subnet-12345678"))},
			want: []string{"list events default", "list nodes", "get configmaps kube-system kube-proxy"}, notWant: []string{"list pods"}},
		{name: "Service with selector: its pods only", target: svcTarget("default", "web"),
			objs: []runtime.Object{LBSvc(withSel)}, want: []string{"list pods default app=web", "list endpointslices default kubernetes.io/service-name=web"}},
		{name: "ACK Service: no TKE kube-system objects", target: svcTarget("default", "web"),
			objs:    []runtime.Object{LBSvc(withSel, SvcAnn("service.beta.kubernetes.io/alibaba-cloud-loadbalancer-spec", "slb.s1.small"))},
			notWant: []string{"get configmaps kube-system kube-proxy", "get configmaps kube-system ip-masq-agent-config", "list endpointslices$"}},
		{name: "ACK Service reusing a CLB: every Service and EndpointSlice", target: svcTarget("default", "web"),
			objs: []runtime.Object{LBSvc(withSel, SvcAnn("service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id", "lb-abc"))},
			want: []string{"list services$", "list endpointslices$"}},
		{name: "TKE Service: ip-masq-agent config", target: svcTarget("default", "web"),
			objs: []runtime.Object{LBSvc(withSel, SvcAnn(tkeann.ExistedLBID, "lb-12345678"))},
			want: []string{"get configmaps kube-system ip-masq-agent-config", "list services$", "list ingresses$"}},
		{name: "Ingress of another controller: no CLB inputs", target: ingTarget,
			objs:    []runtime.Object{ing(nginxClass, IngTLS("cert"), IngBackend("web", 80))},
			want:    []string{"get ingressclasses nginx"},
			notWant: []string{"get secrets", "get services", "list validatingwebhookconfigurations", "get configmaps kube-system ip-masq-agent-config"}},
		{name: "TKE Ingress: TLS Secret, backends, webhooks", target: ingTarget,
			objs: []runtime.Object{ing(IngTLS("cert"), IngBackend("web", 80))},
			want: []string{"get secrets default cert", "get services default web", "list validatingwebhookconfigurations",
				"get deployments kube-system l7-lb-controller"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, got := fetchLive(t, DefaultSuite().Checks(), []snapshot.Target{tt.target}, tt.objs...)
			for _, w := range tt.want {
				if w == "get deployments kube-system l7-lb-controller" {
					w = "list deployments kube-system" // the detection's list covers it
				}
				if !HasRead(got, w) {
					t.Errorf("want read %q; reads: %v", w, got)
				}
			}
			for _, w := range tt.notWant {
				if HasRead(got, w) {
					t.Errorf("unwanted read %q; reads: %v", w, got)
				}
			}
		})
	}
}

// TestScopeEventsByKind: a cluster-wide run reads events with one LIST per involved kind, selected
// server-side, and no unselected LIST of every event.
func TestScopeEventsByKind(t *testing.T) {
	i := Ingress()
	i.Namespace = "default"
	cs := fake.NewSimpleClientset(LBSvc(), i)
	if _, err := snapshot.FromScope(context.Background(), snapshot.Clients{Kube: cs}, "", snapshot.Selector{}, NewSuiteOf(DefaultSuite().Clouds(), DefaultSuite().Checks()).Plan("")); err != nil {
		t.Fatal(err)
	}
	var events []string
	for _, r := range Reads(cs) {
		if strings.HasPrefix(r, "list events") {
			events = append(events, r)
		}
	}
	slices.Sort(events)
	want := []string{"list events involvedObject.kind=Ingress", "list events involvedObject.kind=Service"}
	if !slices.Equal(events, want) {
		t.Errorf("event reads %v, want %v", events, want)
	}
}

func errForbidden(resource string) error {
	return apierrors.NewForbidden(schema.GroupResource{Resource: resource}, "", errors.New("RBAC denies it"))
}

// TestScopeReadsSelectionsWithTargets: a scope run reads the namespace lists behind the generic
// Service checks' selections (Pods, EndpointSlices) with the target lists, before any planning
// round, once each; provider checks' selections wait for the rounds.
func TestScopeReadsSelectionsWithTargets(t *testing.T) {
	var generic, provider []Check
	for _, ch := range DefaultSuite().Checks() {
		if ch.Provider == rules.Generic {
			generic = append(generic, ch)
		} else {
			provider = append(provider, ch)
		}
	}
	tests := []struct {
		name    string
		list    []Check
		want    []string
		notWant []string
	}{
		{name: "generic checks", list: generic,
			want: []string{"list pods status.phase!=Succeeded$", "list endpointslices$"}},
		{name: "provider checks only", list: provider, notWant: []string{"list pods", "list endpointslices"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			other := LBSvc()
			other.Name = "api"
			cs := fake.NewSimpleClientset(LBSvc(), other)
			plan := NewSuiteOf(DefaultSuite().Clouds(), tt.list).Plan("")
			plan.Target = nil
			if _, err := snapshot.FromScope(context.Background(), snapshot.Clients{Kube: cs}, "", snapshot.Selector{}, plan); err != nil {
				t.Fatal(err)
			}
			got := Reads(cs)
			for _, w := range tt.want {
				n := 0
				for _, r := range got {
					if HasRead([]string{r}, w) {
						n++
					}
				}
				if n != 1 {
					t.Errorf("want read %q once, got %d; reads: %v", w, n, got)
				}
			}
			for _, w := range tt.notWant {
				if HasRead(got, w) {
					t.Errorf("unwanted read %q; reads: %v", w, got)
				}
			}
		})
	}
}
