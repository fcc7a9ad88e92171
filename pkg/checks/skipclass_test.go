package checks_test

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/intstr"
	dynamicfake "k8s.io/client-go/dynamic/fake"
	"k8s.io/client-go/kubernetes/fake"
	k8stesting "k8s.io/client-go/testing"
	"sigs.k8s.io/yaml"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// skipCase is a target whose checks read many inputs besides the target itself.
type skipCase struct {
	name   string
	target runtime.Object
	kind   snapshot.Kind
	p      rules.Provider
}

func skipCases() []skipCase {
	return []skipCase{
		{"tke service", LBSvc(SvcAnn(tkeann.ExistedLBID, "lb-4ymlu8dc"), SvcAnn(tkeann.SvcDirectAccess, "true"), SvcAnn(tkeann.SvcServiceConfig, "web-config"),
			SvcAnn(tkeann.InternalSubnetID, "subnet-ewhltulw"), func(s *corev1.Service) { s.Spec.ExternalTrafficPolicy = corev1.ServiceExternalTrafficPolicyLocal }),
			snapshot.KindService, tkerules.Provider},
		{"tke ingress", InternalIngress(IngTLS("tls"), IngAnn(tkeann.IngServiceConfig, "bar-config"), IngAnn(tkeann.IngExistLB, "lb-4ymlu8dc")), snapshot.KindIngress, tkerules.Provider},
		{"ack service", ACKSvc(Anns(ackann.BackendType, "eni", "id", "lb-bp1o94dp5i6earr9g6d1l", "protocol-port", "https:443", "cert-id", "123_abc"),
			AddPort("https", 443, intstr.FromInt32(8443))), snapshot.KindService, ackrules.Provider},
		{"generic service", LBSvc(), snapshot.KindService, rules.Generic},
	}
}

// skipError is an answer of the API server to a read, with the class of the skips it causes.
type skipError struct {
	name string
	err  error
	want snapshot.ReasonClass
}

func skipErrors() []skipError {
	return []skipError{
		{"403", errForbidden("any"), snapshot.ReasonForbidden},
		{"401", apierrors.NewUnauthorized("token expired"), snapshot.ReasonUnauthorized},
		{"404", apierrors.NewNotFound(schema.GroupResource{Resource: "any"}, ""), snapshot.ReasonNotServed},
		{"timeout", apierrors.NewTimeoutError("slow", 1), snapshot.ReasonReadFailed},
		{"refused connection", errors.New("dial tcp 10.0.0.1:443: connection refused"), snapshot.ReasonReadFailed},
	}
}

// fetchFailing reads target from a fake cluster where every other read fails with fail.
func fetchFailing(t *testing.T, target runtime.Object, tgt snapshot.Target, fail error) *snapshot.Snapshot {
	t.Helper()
	cs := fake.NewSimpleClientset(target)
	cs.PrependReactor("*", "*", func(a k8stesting.Action) (bool, runtime.Object, error) {
		if g, ok := a.(k8stesting.GetAction); ok && g.GetNamespace() == tgt.Namespace && g.GetName() == tgt.Name &&
			g.GetResource().Resource == map[snapshot.Kind]string{snapshot.KindService: "services", snapshot.KindIngress: "ingresses"}[tgt.Kind] {
			return false, nil, nil
		}
		return true, nil, fail
	})
	kinds := map[schema.GroupVersionResource]string{}
	for _, c := range DefaultSuite().Checks() {
		for _, in := range c.Inputs {
			if in.Custom != nil {
				kinds[in.Custom.GVR] = in.Custom.Kind + "List"
			}
		}
	}
	dyn := dynamicfake.NewSimpleDynamicClientWithCustomListKinds(runtime.NewScheme(), kinds)
	dyn.PrependReactor("*", "*", func(k8stesting.Action) (bool, runtime.Object, error) { return true, nil, fail })
	s, err := snapshot.FromCluster(context.Background(), snapshot.Clients{Kube: cs, Dynamic: dyn}, []snapshot.Target{tgt}, NewSuiteOf(DefaultSuite().Clouds(), DefaultSuite().Checks()).Plan(""))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSkipClassComesFromTheReadError: whatever the API server answers the reads besides the target
// with, every skip it causes, in every check, carries the class of that answer's status.
func TestSkipClassComesFromTheReadError(t *testing.T) {
	for _, tc := range skipCases() {
		for _, e := range skipErrors() {
			t.Run(tc.name+"/"+e.name, func(t *testing.T) {
				tgt := snapshot.Target{Kind: tc.kind, Namespace: ns, Name: tc.target.(interface{ GetName() string }).GetName()}
				res, err := DefaultSuite().Run(fetchFailing(t, tc.target, tgt, e.err), tgt, tc.p)
				if err != nil {
					t.Fatal(err)
				}
				if len(res.Skipped) == 0 {
					t.Fatal("no check skipped")
				}
				for _, s := range res.Skipped {
					if s.Class != e.want {
						t.Errorf("skip of %s has class %q, want %q: %s", s.Check, s.Class, e.want, s.Reason)
					}
				}
			})
		}
	}
}

// fromManifests is the offline snapshot of files that hold objs.
func fromManifests(t *testing.T, objs ...runtime.Object) *snapshot.Snapshot {
	t.Helper()
	var docs []string
	for _, o := range objs {
		b, err := yaml.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, string(b))
	}
	s, err := snapshot.FromFiles([]string{"-"}, strings.NewReader(strings.Join(docs, "---\n")), ns)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSkipClassOfTheCheck: a check that skips for a reason of its own (an object known absent, a
// value it cannot interpret, input files that may lack objects) gives that reason's class.
func TestSkipClassOfTheCheck(t *testing.T) {
	offline := func(file string, target snapshot.Target) func(*testing.T) Result {
		return func(t *testing.T) Result { return offlineRun(t, file, target, ackrules.Provider) }
	}
	live := func(o ...runtime.Object) func(*testing.T) Result {
		return func(t *testing.T) Result {
			return diagnose(t, Fixture(t, o...), snapshot.KindService, "web", ackrules.Provider)
		}
	}
	ackSvcENI := ACKSvc(Anns(ackann.BackendType, "eni", "spec", "slb.s1.small"))
	noCCMContainer := FxDeployment("cloud-controller-manager", NewCCM)
	noCCMContainer.Spec.Template.Spec.Containers = []corev1.Container{{Name: "proxy", Image: "envoy:v1"}, {Name: "agent", Image: "agent:v1"}}
	tests := []struct {
		name string
		run  func(*testing.T) Result
		want map[string]snapshot.ReasonClass
	}{
		{"no CCM and no CNI workload", live(ackSvcENI, FxNode("n1"), FxPod("web-1", "n1", true)),
			map[string]snapshot.ReasonClass{"ack-ccm-version": snapshot.ReasonNotFound, "ack-eni": snapshot.ReasonOther}},
		{"CCM image without a version", live(ackSvcENI, FxNode("n1"), FxPod("web-1", "n1", true),
			FxDeployment("cloud-controller-manager", "registry-cn-hangzhou.ack.aliyuncs.com/acs/cloud-controller-manager-amd64:latest"),
			FxDaemonSet("terway-eniip", "terway:v1.9")),
			map[string]snapshot.ReasonClass{"ack-ccm-version": snapshot.ReasonOther}},
		{"CCM workload without its container", live(ackSvcENI, FxNode("n1"), FxPod("web-1", "n1", true), noCCMContainer,
			FxDaemonSet("terway-eniip", "terway:v1.9")),
			map[string]snapshot.ReasonClass{"ack-ccm-version": snapshot.ReasonOther}},
		{"offline: nodes the files may lack", offline("ack-backends.yaml", svcTarget("shop", "web")),
			map[string]snapshot.ReasonClass{"ack-backends": snapshot.ReasonMissingInput}},
		{"offline: ready pods on a node the files lack", func(t *testing.T) Result {
			local := ACKSvc(Anns(), func(s *corev1.Service) { s.Spec.ExternalTrafficPolicy = corev1.ServiceExternalTrafficPolicyLocal })
			s := fromManifests(t, local, FxNode("n1"), FxSlice("web", FxEP{Pod: "web-1", Node: "n2", Ready: true}))
			return diagnose(t, s, snapshot.KindService, "web", ackrules.Provider)
		}, map[string]snapshot.ReasonClass{"ack-backends": snapshot.ReasonMissingInput}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := tt.run(t)
			got := map[string]snapshot.ReasonClass{}
			for _, s := range res.Skipped {
				got[s.Check] = s.Class
			}
			for check, want := range tt.want {
				if got[check] != want {
					t.Errorf("%s: class %q, want %q (skipped %+v)", check, got[check], want, res.Skipped)
				}
			}
		})
	}
}

// TestOfflineSkipsAreMissingInput: with only the target in the input files, every skip and every
// partial note is of missing input.
func TestOfflineSkipsAreMissingInput(t *testing.T) {
	for _, tc := range skipCases() {
		t.Run(tc.name, func(t *testing.T) {
			s, err := snapshot.FromFiles(nil, nil, ns)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Add(tc.target); err != nil {
				t.Fatal(err)
			}
			res := diagnose(t, s, tc.kind, tc.target.(interface{ GetName() string }).GetName(), tc.p)
			if len(res.Skipped) == 0 {
				t.Fatal("no check skipped")
			}
			for _, sk := range append(res.Skipped, res.Partial...) {
				if sk.Class != snapshot.ReasonMissingInput {
					t.Errorf("skip of %s has class %q, want %q: %s", sk.Check, sk.Class, snapshot.ReasonMissingInput, sk.Reason)
				}
			}
		})
	}
}

// TestRunSkipsFromTheReturnedError: the runner, not the check, makes the skips: one per error the
// check returns (each of an errors.Join, once per reason), classed by the error's type and keeping
// the RBAC rule a forbidden read names; what the check emitted before stays reported.
func TestRunSkipsFromTheReturnedError(t *testing.T) {
	const rbac = `get secrets (apiGroups: [""]) in namespace default`
	forbidden := &snapshot.UnknownError{Resource: "secrets", Namespace: ns, Name: "tls", Reason: "forbidden",
		Class: snapshot.ReasonForbidden, RBAC: rbac}
	absent := &snapshot.NotFoundError{Resource: "configmaps", Namespace: "kube-system", Name: "cfg"}
	own := errors.New("the value cannot be interpreted")
	tests := []struct {
		name string
		err  error
		want []snapshot.ReasonClass
	}{
		{"nothing unknown", nil, nil},
		{"forbidden read", forbidden, []snapshot.ReasonClass{snapshot.ReasonForbidden}},
		{"wrapped", fmt.Errorf("backends of Service default/b: %w", forbidden), []snapshot.ReasonClass{snapshot.ReasonForbidden}},
		{"wrapped in words", words.Errorf("backends of Service default/b: %w", "Service default/b 的后端：%w", forbidden),
			[]snapshot.ReasonClass{snapshot.ReasonForbidden}},
		{"joined, once per reason", errors.Join(forbidden, absent, nil, own, forbidden),
			[]snapshot.ReasonClass{snapshot.ReasonForbidden, snapshot.ReasonNotFound, snapshot.ReasonOther}},
		{"classed", Classed(snapshot.ReasonMissingInput, own), []snapshot.ReasonClass{snapshot.ReasonMissingInput}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			probe := Check{Name: "probe", Kind: rules.Service, Provider: rules.Generic, Inputs: TargetOnly,
				Emits: []rules.ID{rules.GenericServiceNoSelector},
				Run: func(c *Context) error {
					c.Say(rules.GenericServiceNoSelector, "spec.selector", words.Say("x", "x"))
					return tt.err
				}}
			res, err := NewSuiteOf(nil, []Check{probe}).Run(Fixture(t, LBSvc()), svcTarget(ns, "web"), rules.Generic)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Findings) != 1 {
				t.Errorf("findings %+v, want the one emitted", res.Findings)
			}
			var got []snapshot.ReasonClass
			for _, s := range res.Skipped {
				got = append(got, s.Class)
				if s.Check != "probe" {
					t.Errorf("skip of %q, want probe", s.Check)
				}
				if s.Class == snapshot.ReasonForbidden && !strings.Contains(s.Reason, rbac) {
					t.Errorf("forbidden skip %q does not name the RBAC rule", s.Reason)
				}
				// The snapshot's errors, and the checks' worded ones, keep their words for the report.
				var we *words.WordsError
				if worded := errors.As(tt.err, &we) || s.Reason == forbidden.Error(); worded {
					if s.Worded == nil || s.Worded.In(words.English) != s.Reason || !words.HasHan(s.Worded.In(words.Chinese)) {
						t.Errorf("skip %q: words %v, want its reason in every language", s.Reason, s.Worded)
					}
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("skip classes %v, want %v (skipped %+v)", got, tt.want, res.Skipped)
			}
		})
	}
}

// TestOnlyTheRunnerSkips: no check makes a skip by hand; the runner makes every one from a missing
// required input or the error a check returns (and skip recurses into joined errors).
func TestOnlyTheRunnerSkips(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var callers []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "skip" {
						callers = append(callers, fd.Name.Name)
					}
				}
				return true
			})
		}
	}
	slices.Sort(callers)
	if want := []string{"Run", "skip"}; !slices.Equal(callers, want) {
		t.Errorf("skip is called from %v, want only from %v", callers, want)
	}
}
