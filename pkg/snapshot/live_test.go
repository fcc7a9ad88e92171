package snapshot

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	networkingv1 "k8s.io/api/networking/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/kubernetes/fake"
	k8stesting "k8s.io/client-go/testing"
)

// liveObjects is a small cluster: two LoadBalancer Services (one per namespace), a ClusterIP Service,
// an Ingress, a Pod and an EndpointSlice of web.
func liveObjects() []runtime.Object {
	lb := func(ns, name string) *corev1.Service {
		return &corev1.Service{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name},
			Spec: corev1.ServiceSpec{Type: corev1.ServiceTypeLoadBalancer, Selector: map[string]string{"app": name}}}
	}
	return []runtime.Object{
		lb("a", "web"), lb("b", "api"),
		&corev1.Service{ObjectMeta: metav1.ObjectMeta{Namespace: "a", Name: "internal"}},
		&networkingv1.Ingress{ObjectMeta: metav1.ObjectMeta{Namespace: "a", Name: "front"}},
		&corev1.Pod{ObjectMeta: metav1.ObjectMeta{Namespace: "a", Name: "web-1", Labels: map[string]string{"app": "web"}}},
		&discoveryv1.EndpointSlice{ObjectMeta: metav1.ObjectMeta{Namespace: "a", Name: "web-x",
			Labels: map[string]string{discoveryv1.LabelServiceName: "web"}}},
	}
}

// podsPlan reads, for each Service target, its EndpointSlices and the Pods of its namespace.
var podsPlan = Plan{Target: func(s *Snapshot, t Target, keep func(Request) bool) []Request {
	if t.Kind != KindService {
		return nil
	}
	var out []Request
	for _, r := range []Request{
		{Resource: Pods, Namespace: t.Namespace, PerTarget: true},
		{Resource: EndpointSlices, Namespace: t.Namespace, LabelSelector: discoveryv1.LabelServiceName + "=" + t.Name, PerTarget: true},
	} {
		if keep == nil || keep(r) {
			out = append(out, r)
		}
	}
	return out
}}

func TestFromClusterReadsPlannedInputs(t *testing.T) {
	tests := []struct {
		name      string
		targets   []Target
		forbid    string // resource whose reads are forbidden
		wantErr   bool
		wantPods  int
		wantGap   string // resource expected unknown in namespace a
		wantClass ReasonClass
	}{
		{name: "service target reads pods and slices", targets: []Target{{Kind: KindService, Namespace: "a", Name: "web"}}, wantPods: 1},
		{name: "ingress target reads nothing more", targets: []Target{{Kind: KindIngress, Namespace: "a", Name: "front"}}},
		{name: "missing target is an error", targets: []Target{{Kind: KindService, Namespace: "a", Name: "nope"}}, wantErr: true},
		{name: "forbidden pods become a gap", targets: []Target{{Kind: KindService, Namespace: "a", Name: "web"}},
			forbid: "pods", wantGap: Pods, wantClass: ReasonForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs := fake.NewClientset(liveObjects()...)
			if tt.forbid != "" {
				cs.PrependReactor("list", tt.forbid, func(a k8stesting.Action) (bool, runtime.Object, error) {
					return true, nil, apierrors.NewForbidden(schema.GroupResource{Resource: tt.forbid}, "", errors.New("no"))
				})
			}
			s, err := FromCluster(context.Background(), Clients{Kube: cs}, tt.targets, podsPlan)
			if tt.wantErr {
				var te *TargetError
				if !errors.As(err, &te) || te.Target != tt.targets[0] {
					t.Fatalf("err = %v, want a *TargetError for %v", err, tt.targets[0])
				}
				var nf *NotFoundError
				if !errors.As(err, &nf) || nf.Name != "nope" {
					t.Errorf("TargetError wraps %v, want a *NotFoundError of nope", errors.Unwrap(err))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := len(s.Pods.Held("a")); got != tt.wantPods {
				t.Errorf("%d pods held, want %d", got, tt.wantPods)
			}
			if tt.wantGap != "" {
				_, err := s.Pods.Get("a", "web-1")
				var ue *UnknownError
				if !errors.As(err, &ue) || ue.Class != tt.wantClass {
					t.Fatalf("pod read = %v, want an UnknownError of class %v", err, tt.wantClass)
				}
				if ue.RBAC == "" {
					t.Errorf("forbidden gap names no RBAC rule")
				}
			}
			for _, tg := range tt.targets {
				if err := s.Known(Request{Resource: map[Kind]string{KindService: Services, KindIngress: Ingresses}[tg.Kind], Namespace: tg.Namespace, Name: tg.Name}); err != nil {
					t.Errorf("target %v not known: %v", tg, err)
				}
			}
		})
	}
}

func TestFromScopeListsTargets(t *testing.T) {
	tests := []struct {
		name string
		ns   string
		sel  Selector
		want []Target
	}{
		{name: "all namespaces", want: []Target{
			{Kind: KindService, Namespace: "a", Name: "web"},
			{Kind: KindService, Namespace: "b", Name: "api"},
			{Kind: KindIngress, Namespace: "a", Name: "front"}}},
		{name: "one namespace", ns: "b", want: []Target{{Kind: KindService, Namespace: "b", Name: "api"}}},
		{name: "field selector narrows", sel: Selector{Field: "metadata.name=web"}, want: []Target{
			{Kind: KindService, Namespace: "a", Name: "web"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs := fake.NewClientset(liveObjects()...)
			var fieldSels []string
			cs.PrependReactor("list", "*", func(a k8stesting.Action) (bool, runtime.Object, error) {
				if l, ok := a.(k8stesting.ListActionImpl); ok {
					fieldSels = append(fieldSels, l.ListRestrictions.Fields.String())
				}
				return false, nil, nil
			})
			s, err := FromScope(context.Background(), Clients{Kube: cs}, tt.ns, tt.sel, podsPlan)
			if err != nil {
				t.Fatal(err)
			}
			got := s.Targets
			if !tt.sel.IsZero() {
				// The fake clientset ignores field selectors: keep what the selector names, and
				// check that the selector reached the server.
				var kept []Target
				for _, tg := range got {
					if tg.Name == "web" {
						kept = append(kept, tg)
					}
				}
				got = kept
				found := false
				for _, f := range fieldSels {
					found = found || f == tt.sel.Field
				}
				if !found {
					t.Errorf("field selector %q not sent; LISTs sent %q", tt.sel.Field, fieldSels)
				}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("targets %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("target %d = %v, want %v", i, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestFromScopeForbiddenFallsBackToNamespaces(t *testing.T) {
	cs := fake.NewClientset(append(liveObjects(),
		&corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "a"}},
		&corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "b"}})...)
	cs.PrependReactor("list", "*", func(a k8stesting.Action) (bool, runtime.Object, error) {
		if a.GetNamespace() == "" && a.GetResource().Resource != "namespaces" || a.GetNamespace() == "b" {
			return true, nil, apierrors.NewForbidden(a.GetResource().GroupResource(), "", errors.New("no"))
		}
		return false, nil, nil
	})
	plan := podsPlan
	plan.Scope = func() []Request { return []Request{{Resource: Pods}} }
	s, err := FromScope(context.Background(), Clients{Kube: cs}, "", Selector{}, plan)
	if err != nil {
		t.Fatal(err)
	}
	for _, tg := range s.Targets {
		if tg.Namespace != "a" {
			t.Errorf("target %v from a forbidden namespace", tg)
		}
	}
	if len(s.Targets) != 2 {
		t.Errorf("targets %v, want namespace a's two", s.Targets)
	}
	perm := false
	for _, r := range s.Incomplete {
		perm = perm || r.Permission()
	}
	if !perm {
		t.Errorf("Incomplete %v names no forbidden read", Notes(s.Incomplete))
	}
	// A namespace the user may not read costs its two target LISTs, not the scope's other reads.
	var inB []string
	for _, a := range cs.Actions() {
		if a.GetNamespace() == "b" {
			inB = append(inB, a.GetVerb()+" "+a.GetResource().Resource)
		}
	}
	slices.Sort(inB)
	if want := []string{"list ingresses", "list services"}; !slices.Equal(inB, want) {
		t.Errorf("requests in forbidden namespace b: %v, want %v", inB, want)
	}
}

func TestParseTargets(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		want    []Target
		wantErr bool
	}{
		{name: "none", args: nil},
		{name: "type slash name", args: []string{"svc/a", "ingresses.networking.k8s.io/b"},
			want: []Target{{Kind: KindService, Namespace: "ns", Name: "a"}, {Kind: KindIngress, Namespace: "ns", Name: "b"}}},
		{name: "type then names, duplicates once", args: []string{"service", "a", "a", "b"},
			want: []Target{{Kind: KindService, Namespace: "ns", Name: "a"}, {Kind: KindService, Namespace: "ns", Name: "b"}}},
		{name: "versioned group", args: []string{"ing.v1.networking.k8s.io/x"}, want: []Target{{Kind: KindIngress, Namespace: "ns", Name: "x"}}},
		{name: "type without name", args: []string{"svc"}, wantErr: true},
		{name: "slash name after type", args: []string{"svc", "a/b"}, wantErr: true},
		{name: "empty name", args: []string{"svc/"}, wantErr: true},
		{name: "unsupported kind", args: []string{"pods/x"}, wantErr: true},
		{name: "service with a group", args: []string{"services.apps/x"}, wantErr: true},
		{name: "ingress of a wrong group", args: []string{"ingress.apps/x"}, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseTargets(tt.args, "ns", ResolveResource)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tt.wantErr)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("[%d] = %v, want %v", i, got[i], tt.want[i])
				}
			}
		})
	}
	var ue UnsupportedError
	if _, err := ResolveResource("deployments"); !errors.As(err, &ue) || ue.Resource != "deployments" {
		t.Errorf("ResolveResource(deployments) = %v, want UnsupportedError", err)
	}
}

func TestFromClusterOverlay(t *testing.T) {
	created := Target{Kind: KindService, Namespace: "a", Name: "new"}
	existing := Target{Kind: KindService, Namespace: "a", Name: "web"}
	cs := fake.NewClientset(liveObjects()...)
	laid := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Namespace: "a", Name: "new"},
		Spec: corev1.ServiceSpec{Type: corev1.ServiceTypeLoadBalancer}}
	s, err := FromClusterOverlay(context.Background(), Clients{Kube: cs}, []Target{created, existing}, podsPlan,
		func(s *Snapshot) error {
			if _, err := s.Services.Get("a", "new"); !IsNotFound(err) {
				t.Errorf("before the overlay, the created target reads %v, want not found", err)
			}
			s.SetPrior(created, nil)
			s.Services.Put("a", "new", laid)
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := s.Services.Get("a", "new"); err != nil || got != laid {
		t.Errorf("laid Service = %v, %v", got, err)
	}
	if prior, ok := s.Prior(created); !ok || prior != nil {
		t.Errorf("Prior(created) = %v, %v; want nil, true", prior, ok)
	}
	if len(s.Pods.Held("a")) != 1 {
		t.Errorf("the planned Pods read did not follow the overlay")
	}
	_, err = FromClusterOverlay(context.Background(), Clients{Kube: cs}, []Target{existing}, podsPlan,
		func(*Snapshot) error { return errors.New("bad manifest") })
	if err == nil {
		t.Errorf("an overlay error is not returned")
	}
}

func TestRequestString(t *testing.T) {
	tests := []struct {
		name string
		r    Request
		want string
	}{
		{name: "object", r: Request{Resource: Services, Namespace: "a", Name: "x"}, want: "services a/x"},
		{name: "cluster object", r: Request{Resource: "nodes", Name: "n1"}, want: "nodes n1"},
		{name: "namespace list selected", r: Request{Resource: Pods, Namespace: "a", LabelSelector: "app=x"}, want: "pods in namespace a selected by app=x"},
		{name: "all", r: Request{Resource: Pods}, want: "pods (all)"},
		{name: "events", r: Request{Resource: Events, Kind: KindService, Namespace: "a", Name: "x"}, want: "events of Service a/x"},
		{name: "only label", r: Request{Resource: Pods, Only: Match{Label: true, Key: "k", Value: "v"}}, want: "pods (all) with label k=v"},
		{name: "custom", r: Request{Custom: &CustomResource{GVR: schema.GroupVersionResource{Group: "g.io", Resource: "things"}}}, want: "things.g.io (all)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.r.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestClusterRoleYAMLIsReadOnly(t *testing.T) {
	y := string(ClusterRoleYAML())
	for _, want := range []string{"kind: ClusterRole", "name: " + ClusterRoleName, "resources: [services", "resources: [ingresses"} {
		if !strings.Contains(y, want) {
			t.Errorf("ClusterRole lacks %q", want)
		}
	}
	for _, line := range strings.Split(y, "\n") {
		v, ok := strings.CutPrefix(strings.TrimSpace(line), "verbs: [")
		if !ok {
			continue
		}
		for _, verb := range strings.Split(strings.TrimSuffix(v, "]"), ", ") {
			if verb != "get" && verb != "list" && verb != "watch" {
				t.Errorf("verb %q granted; the plugin is read-only", verb)
			}
		}
	}
}

func TestLocationString(t *testing.T) {
	for _, tt := range []struct {
		l    Location
		want string
	}{{Location{File: Stdin, Line: 3}, "stdin:3"}, {Location{File: "a.yaml", Line: 7}, "a.yaml:7"}} {
		t.Run(tt.want, func(t *testing.T) {
			if got := tt.l.String(); got != tt.want {
				t.Errorf("got %q", got)
			}
		})
	}
}
