package checkstest

import (
	"context"
	"slices"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/kubernetes/fake"
	k8stesting "k8s.io/client-go/testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func FetchLive(t *testing.T, su *checks.Suite, list []checks.Check, targets []snapshot.Target, objs ...runtime.Object) (*snapshot.Snapshot, []string) {
	t.Helper()
	cs := fake.NewSimpleClientset(objs...)
	s, err := snapshot.FromCluster(context.Background(), snapshot.Clients{Kube: cs}, targets, checks.NewSuiteOf(su.Clouds(), list).Plan(""))
	if err != nil {
		t.Fatal(err)
	}
	return s, Reads(cs)
}

// HasRead reports whether a read starts with prefix; a prefix ending in "$" must match whole.
func HasRead(l []string, prefix string) bool {
	if whole, ok := strings.CutSuffix(prefix, "$"); ok {
		return slices.Contains(l, whole)
	}
	return slices.ContainsFunc(l, func(s string) bool { return strings.HasPrefix(s, prefix) })
}

// AssertVerdict checks that rule want fired once with severity sev, or (none) not at all.
func AssertVerdict(t *testing.T, res checks.Result, want rules.ID, sev rules.Severity, none bool) {
	t.Helper()
	var got []checks.Finding
	for _, f := range AllFindings(res.Findings) {
		if f.Rule == want {
			got = append(got, f)
		}
	}
	switch {
	case none && len(got) > 0:
		t.Errorf("want no %s, got %+v", want, got)
	case !none && len(got) != 1:
		t.Errorf("want one %s, got %+v (all: %+v, skipped %+v)", want, got, res.Findings, res.Skipped)
	case !none && got[0].EffectiveSeverity() != sev:
		t.Errorf("want %s at %s, got %s: %s", want, sev, got[0].EffectiveSeverity(), got[0].Message)
	}
}

const OldNamedPortCCM = "registry-cn-hangzhou.ack.aliyuncs.com/acs/cloud-controller-manager-amd64:v1.9.3.376-g5c84e19-aliyun"

// AllFindings flattens findings and their consequences.
func AllFindings(fs []checks.Finding) []checks.Finding {
	var out []checks.Finding
	for _, f := range fs {
		out = append(out, f)
		out = append(out, AllFindings(f.Consequences)...)
	}
	return out
}

// Reads are the requests the fake API server saw, e.g. "list pods shop app=web".
func Reads(cs *fake.Clientset) []string {
	var out []string
	for _, a := range cs.Actions() {
		s := a.GetVerb() + " " + a.GetResource().Resource
		if a.GetNamespace() != "" {
			s += " " + a.GetNamespace()
		}
		switch x := a.(type) {
		case k8stesting.GetAction:
			s += " " + x.GetName()
		case k8stesting.ListAction:
			r := x.GetListRestrictions()
			if !r.Labels.Empty() {
				s += " " + r.Labels.String()
			}
			if !r.Fields.Empty() {
				s += " " + r.Fields.String()
			}
		}
		out = append(out, s)
	}
	return out
}
