package tkechecks

import (
	"sync"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackchecks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// suite is the registry's clouds (TKE, ACK) with the framework's checks.
var suite = sync.OnceValue(func() *checks.Suite { return checks.NewSuite(Cloud(), ackchecks.Cloud()) })

func diagnose(t *testing.T, s *snapshot.Snapshot, kind snapshot.Kind, name string, p rules.Provider) checks.Result {
	t.Helper()
	return checkstest.Diagnose(t, suite(), s, kind, name, p)
}

func runServiceCases(t *testing.T, p rules.Provider, cases []checkstest.SvcCase) {
	t.Helper()
	checkstest.RunServiceCases(t, suite(), p, cases)
}

func runRuleCases(t *testing.T, p rules.Provider, cases []checkstest.RuleCase) {
	t.Helper()
	checkstest.RunRuleCases(t, suite(), p, cases)
}

// The shared objects under their short names.
var (
	fixture          = checkstest.Fixture
	byRule           = checkstest.ByRule
	reported         = checkstest.Reported
	assertVerdict    = checkstest.AssertVerdict
	ingress          = checkstest.Ingress
	ingAnn           = checkstest.IngAnn
	ingTLS           = checkstest.IngTLS
	ingHost          = checkstest.IngHost
	ingPath          = checkstest.IngPath
	service          = checkstest.Service
	svcAnn           = checkstest.SvcAnn
	certSecret       = checkstest.CertSecret
	fxNode           = checkstest.FxNode
	fxPod            = checkstest.FxPod
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

const newCCM = checkstest.NewCCM

func l7Controller(mods ...func(*appsv1.Deployment)) *appsv1.Deployment {
	return checkstest.L7Controller(CloudAPIAliases, mods...)
}

func groupCrowdObjects() []runtime.Object { return checkstest.GroupCrowdObjects(GroupCrowd) }
