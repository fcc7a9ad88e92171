package checks_test

import (
	"sync"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/runtime"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackchecks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkechecks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// DefaultSuite is TKE and ACK with the framework's checks: the registry's clouds (pkg/providers
// cannot be imported from here; TestRegistry holds its Suite to the same clouds).
var DefaultSuite = sync.OnceValue(func() *Suite { return NewSuite(tkechecks.Cloud(), ackchecks.Cloud()) })

const ns = NS

// diagnose runs every check on target; Run itself fails when a check emits a rule it does not declare,
// the test when a skip has no valid class or when the checks reported one problem twice.
func diagnose(t *testing.T, s *snapshot.Snapshot, kind snapshot.Kind, name string, p rules.Provider) Result {
	t.Helper()
	return Diagnose(t, DefaultSuite(), s, kind, name, p)
}

func runServiceCases(t *testing.T, p rules.Provider, cases []SvcCase) {
	t.Helper()
	RunServiceCases(t, DefaultSuite(), p, cases)
}

func fetchLive(t *testing.T, list []Check, targets []snapshot.Target, objs ...runtime.Object) (*snapshot.Snapshot, []string) {
	t.Helper()
	return FetchLive(t, DefaultSuite(), list, targets, objs...)
}

func l7Controller(mods ...func(*appsv1.Deployment)) *appsv1.Deployment {
	return L7Controller(tkechecks.CloudAPIAliases, mods...)
}

func groupCrowdObjects() []runtime.Object { return GroupCrowdObjects(tkechecks.GroupCrowd) }
