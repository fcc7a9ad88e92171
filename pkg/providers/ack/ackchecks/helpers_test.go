package ackchecks

import (
	"sync"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkechecks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// suite is the registry's clouds (TKE, ACK) with the framework's checks.
var suite = sync.OnceValue(func() *checks.Suite { return checks.NewSuite(tkechecks.Cloud(), Cloud()) })

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
