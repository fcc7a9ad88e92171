package checks_test

import (
	"sync"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/runtime"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackchecks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkechecks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// DefaultSuite is TKE and ACK with the framework's checks: the registry's clouds (pkg/providers
// cannot be imported from here; TestRegistry holds its Suite to the same clouds).
var DefaultSuite = sync.OnceValue(func() *Suite { return NewSuite(tkechecks.Cloud(), ackchecks.Cloud()) })

const ns = checkstest.NS

// diagnose runs every check on target; Run itself fails when a check emits a rule it does not declare,
// the test when a skip has no valid class or when the checks reported one problem twice.
func diagnose(t *testing.T, s *snapshot.Snapshot, kind snapshot.Kind, name string, p rules.Provider) Result {
	t.Helper()
	return checkstest.Diagnose(t, DefaultSuite(), s, kind, name, p)
}

func runServiceCases(t *testing.T, p rules.Provider, cases []checkstest.SvcCase) {
	t.Helper()
	checkstest.RunServiceCases(t, DefaultSuite(), p, cases)
}

func fetchLive(t *testing.T, list []Check, targets []snapshot.Target, objs ...runtime.Object) (*snapshot.Snapshot, []string) {
	t.Helper()
	return checkstest.FetchLive(t, DefaultSuite(), list, targets, objs...)
}

func l7Controller(mods ...func(*appsv1.Deployment)) *appsv1.Deployment {
	return checkstest.L7Controller(tkechecks.CloudAPIAliases, mods...)
}

func groupCrowdObjects() []runtime.Object { return checkstest.GroupCrowdObjects(tkechecks.GroupCrowd) }

// The shared objects under their short names.
var (
	fixture          = checkstest.Fixture
	byRule           = checkstest.ByRule
	reported         = checkstest.Reported
	consequencesOf   = checkstest.ConsequencesOf
	assertOnce       = checkstest.AssertOnce
	assertClasses    = checkstest.AssertClasses
	assertWorded     = checkstest.AssertWorded
	assertVerdict    = checkstest.AssertVerdict
	allFindings      = checkstest.AllFindings
	decodeObjects    = checkstest.DecodeObjects
	hasRead          = checkstest.HasRead
	reads            = checkstest.Reads
	meta             = checkstest.Meta
	ingress          = checkstest.Ingress
	ingAnn           = checkstest.IngAnn
	ingTLS           = checkstest.IngTLS
	ingHost          = checkstest.IngHost
	ingPath          = checkstest.IngPath
	ingBackend       = checkstest.IngBackend
	service          = checkstest.Service
	svcAnn           = checkstest.SvcAnn
	certSecret       = checkstest.CertSecret
	tkeServiceConfig = checkstest.TKEServiceConfig
	fxNode           = checkstest.FxNode
	nodeLabel        = checkstest.NodeLabel
	fxPod            = checkstest.FxPod
	fxSlice          = checkstest.FxSlice
	fxDeployment     = checkstest.FxDeployment
	fxDaemonSet      = checkstest.FxDaemonSet
	kubeSystemMeta   = checkstest.KubeSystemMeta
	etpLocal         = checkstest.ETPLocal
	noSelector       = checkstest.NoSelector
	sevOf            = checkstest.SevOf
	skippedChecks    = checkstest.SkippedChecks
	objs             = checkstest.Objs
	ackSvc           = checkstest.ACKSvc
	ackHealthy       = checkstest.ACKHealthy
	ackCase          = checkstest.ACKCase
	m                = checkstest.Anns
	a                = checkstest.ACKPath
	lastApplied      = checkstest.LastApplied
	ccmLabel         = checkstest.CCMLabel
	addPort          = checkstest.AddPort
	targetPort       = checkstest.TargetPort
	sibling          = checkstest.Sibling
	poolNodes        = checkstest.PoolNodes
	withObjs         = checkstest.WithObjs
	healthy          = checkstest.TKEHealthy
	lbSvc            = checkstest.LBSvc
	grouped          = checkstest.Grouped
	mergedController = checkstest.MergedController
	sysConfigMap     = checkstest.SysConfigMap
	nginxWebhook     = checkstest.NginxWebhook
	nginxDeployment  = checkstest.NginxDeployment
	internalIngress  = checkstest.InternalIngress
	l7Config         = checkstest.L7Config
	kubeProxyDS      = checkstest.KubeProxyDS
	ipMasq           = checkstest.IPMasq
	cmEnv            = checkstest.CMEnv
	nginxPod         = checkstest.NginxPod
	containsPath     = checkstest.ContainsPath
)

const (
	newCCM          = checkstest.NewCCM
	oldNamedPortCCM = checkstest.OldNamedPortCCM
)

type (
	svcCase = checkstest.SvcCase
	fxEP    = checkstest.FxEP
)
