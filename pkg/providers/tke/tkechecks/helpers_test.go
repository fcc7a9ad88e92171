package tkechecks

import (
	"sync"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackchecks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// suite is the registry's clouds (TKE, ACK) with the framework's checks.
var suite = sync.OnceValue(func() *checks.Suite { return checks.NewSuite(Cloud(), ackchecks.Cloud()) })

func diagnose(t *testing.T, s *snapshot.Snapshot, kind snapshot.Kind, name string, p rules.Provider) checks.Result {
	t.Helper()
	return Diagnose(t, suite(), s, kind, name, p)
}

func runServiceCases(t *testing.T, p rules.Provider, cases []SvcCase) {
	t.Helper()
	RunServiceCases(t, suite(), p, cases)
}

func runRuleCases(t *testing.T, p rules.Provider, cases []RuleCase) {
	t.Helper()
	RunRuleCases(t, suite(), p, cases)
}

func l7Controller(mods ...func(*appsv1.Deployment)) *appsv1.Deployment {
	return L7Controller(CloudAPIAliases, mods...)
}

func groupCrowdObjects() []runtime.Object { return GroupCrowdObjects(GroupCrowd) }
