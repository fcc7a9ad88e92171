package checks_test

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// Verdicts that cluster configuration, the controller's version or its absence decide (issue: a
// verdict follows what the controller does in this cluster).

func ackCloudConfigMap(body string) *corev1.ConfigMap {
	return SysConfigMap("cloud-config", map[string]string{"cloud-config.conf": body})
}

// withoutCCM is ackHealthy with no cloud-controller-manager Deployment: a managed control plane.
func withoutCCM() []runtime.Object {
	return Objs(FxNode("n1"), FxNode("n2"), FxPod("web-1", "n1", true), FxPod("web-2", "n2", true),
		FxDaemonSet("terway-eniip", "terway:v1.9"))
}

func TestVerdictContext(t *testing.T) {
	named := TargetPort(0, intstr.FromString("http"))
	eniAnn := Anns(ackann.BackendType, "eni")
	local := func(s *corev1.Service) { s.Spec.ExternalTrafficPolicy = corev1.ServiceExternalTrafficPolicyLocal }
	tests := []struct {
		name string
		objs []runtime.Object
		want rules.ID
		// sev is the finding's effective severity; none: the rule must not fire.
		sev  rules.Severity
		none bool
	}{
		{name: "named targetPort, ENI, CCM before v2.1.0: error",
			objs: WithObjs(ACKHealthy(), Objs(ACKSvc(eniAnn, named), FxDeployment("cloud-controller-manager", OldNamedPortCCM))),
			want: ackrules.ServiceENIStringTargetPort, sev: rules.Error},
		{name: "named targetPort, ENI, CCM v2.10.0 resolves it",
			objs: WithObjs(ACKHealthy(), Objs(ACKSvc(eniAnn, named))),
			want: ackrules.ServiceENIStringTargetPort, none: true},
		{name: "named targetPort, ENI, CCM hidden: warning",
			objs: WithObjs(withoutCCM(), Objs(ACKSvc(eniAnn, named))),
			want: ackrules.ServiceENIStringTargetPort, sev: rules.Warning},
		{name: "named targetPort, ENI by the cluster's serviceBackendType",
			objs: WithObjs(ACKHealthy(), Objs(ACKSvc(nil, named), FxDeployment("cloud-controller-manager", OldNamedPortCCM),
				ackCloudConfigMap(`{"Global":{"region":"cn-hangzhou","serviceBackendType":"eni"}}`))),
			want: ackrules.ServiceENIStringTargetPort, sev: rules.Error},
		{name: "named targetPort, cluster default ecs",
			objs: WithObjs(ACKHealthy(), Objs(ACKSvc(nil, named), FxDeployment("cloud-controller-manager", OldNamedPortCCM),
				ackCloudConfigMap("Global:\n  serviceBackendType: ecs\n"))),
			want: ackrules.ServiceENIStringTargetPort, none: true},
		{name: "the annotation overrides the cluster default",
			objs: WithObjs(ACKHealthy(), Objs(ACKSvc(Anns(ackann.BackendType, "ecs"), named), FxDeployment("cloud-controller-manager", OldNamedPortCCM),
				ackCloudConfigMap(`{"Global":{"serviceBackendType":"eni"}}`))),
			want: ackrules.ServiceENIStringTargetPort, none: true},
		{name: "reuse on a hidden CCM: warning naming the release",
			objs: WithObjs(withoutCCM(), Objs(ACKSvc(Anns("id", "lb-bp1o94dp5i6earr9g6d1l", "force-override-listeners", "true")))),
			want: ackrules.ServiceReuseOldCCM, sev: rules.Warning},
		{name: "public CLB on a cluster that disables them",
			objs: WithObjs(ACKHealthy(), Objs(ACKSvc(nil), ackCloudConfigMap(`{"Global":{"disablePublicSLB":true}}`))),
			want: ackrules.ServicePublicSLBDisabled, sev: rules.Error},
		{name: "address-type internet on a cluster that disables them",
			objs: WithObjs(ACKHealthy(), Objs(ACKSvc(Anns("address-type", "internet")), ackCloudConfigMap(`{"global":{"DisablePublicSLB":true}}`))),
			want: ackrules.ServicePublicSLBDisabled, sev: rules.Error},
		{name: "intranet CLB on a cluster that disables public ones",
			objs: WithObjs(ACKHealthy(), Objs(ACKSvc(Anns("address-type", "intranet")), ackCloudConfigMap(`{"Global":{"disablePublicSLB":true}}`))),
			want: ackrules.ServicePublicSLBDisabled, none: true},
		{name: "public CLB, no cloud-config",
			objs: WithObjs(ACKHealthy(), Objs(ACKSvc(nil))),
			want: ackrules.ServicePublicSLBDisabled, none: true},
		{name: "disablePublicSLB as a string is not the flag",
			objs: WithObjs(ACKHealthy(), Objs(ACKSvc(nil), ackCloudConfigMap(`{"Global":{"disablePublicSLB":"true"}}`))),
			want: ackrules.ServicePublicSLBDisabled, none: true},
		{name: "Local traffic, rr scheduler, ECS backends: uneven",
			objs: WithObjs(ACKHealthy(), Objs(ACKSvc(Anns("scheduler", "rr"), local))),
			want: ackrules.ServiceUnevenLoad, sev: rules.Warning},
		{name: "Local traffic, rr scheduler, ENI by cluster default: even",
			objs: WithObjs(ACKHealthy(), Objs(ACKSvc(Anns("scheduler", "rr"), local), ackCloudConfigMap(`{"Global":{"serviceBackendType":"eni"}}`))),
			want: ackrules.ServiceUnevenLoad, none: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := diagnose(t, Fixture(t, tt.objs...), snapshot.KindService, "web", ackrules.Provider)
			AssertVerdict(t, res, tt.want, tt.sev, tt.none)
		})
	}
}

func TestDirectAccessClusterSwitch(t *testing.T) {
	direct := LBSvc(SvcAnn(tkeann.SvcDirectAccess, "true"))
	plain := Objs(direct, FxNode("n1"), FxPod("web-1", "n1", true))
	tests := []struct {
		name string
		objs []runtime.Object
		sev  rules.Severity
		none bool
	}{
		{name: "GlobalRouter pod, switch absent: error", objs: plain, sev: rules.Error},
		{name: "GlobalRouter pod, switch off: error",
			objs: append(Objs(SysConfigMap("tke-service-controller-config", map[string]string{"GlobalRouteDirectAccess": "false"})), plain...), sev: rules.Error},
		{name: "GlobalRouter pod, switch on: bindable",
			objs: append(Objs(SysConfigMap("tke-service-controller-config", map[string]string{"GlobalRouteDirectAccess": "true"})), plain...), none: true},
		{name: "hostNetwork pod, switch on: still not bindable",
			objs: Objs(direct, FxNode("n1"), FxPod("web-1", "n1", true, func(p *corev1.Pod) { p.Spec.HostNetwork = true }),
				SysConfigMap("tke-service-controller-config", map[string]string{"GlobalRouteDirectAccess": "true"})), sev: rules.Error},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := diagnose(t, Fixture(t, tt.objs...), snapshot.KindService, "web", tkerules.Provider)
			AssertVerdict(t, res, tkerules.ServiceE4033, tt.sev, tt.none)
		})
	}
	t.Run("switch unreadable: warning", func(t *testing.T) {
		s := snapshot.New("test")
		for _, o := range plain {
			if err := s.Add(o); err != nil {
				t.Fatal(err)
			}
		}
		s.MarkComplete()
		s.ConfigMaps.MarkGap(KubeSystem, snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden})
		res := diagnose(t, s, snapshot.KindService, "web", tkerules.Provider)
		AssertVerdict(t, res, tkerules.ServiceE4033, rules.Warning, false)
	})
}

func TestPureIPv6NeedsIPv6Cluster(t *testing.T) {
	ing := func() *networkingv1.Ingress {
		return Ingress(IngAnn(tkeann.IngExtensive, `{"AddressIPVersion":"IPv6FullChain"}`))
	}
	v6 := func(n *corev1.Node) {
		n.Status.Addresses = append(n.Status.Addresses, corev1.NodeAddress{Type: corev1.NodeInternalIP, Address: "2402:4e00:1013:e500::1"})
	}
	tests := []struct {
		name string
		objs []runtime.Object
		none bool
	}{
		{name: "IPv4-only nodes: refused", objs: Objs(ing(), FxNode("n1"))},
		{name: "a node with an IPv6 address: dual-stack, accepted", objs: Objs(ing(), FxNode("n1"), FxNode("n2", v6)), none: true},
		{name: "a node with an IPv6 pod CIDR: accepted", objs: Objs(ing(), FxNode("n1", func(n *corev1.Node) { n.Spec.PodCIDRs = []string{"10.0.0.0/24", "fd00::/64"} })), none: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := diagnose(t, Fixture(t, tt.objs...), snapshot.KindIngress, "bar", tkerules.Provider)
			AssertVerdict(t, res, tkerules.IngressE4032, rules.Error, tt.none)
		})
	}
}

func TestZoneInClusterRegion(t *testing.T) {
	hangzhou := func(n *corev1.Node) { n.Labels[corev1.LabelTopologyRegion] = "cn-hangzhou" }
	byProviderID := func(n *corev1.Node) { n.Spec.ProviderID = "cn-beijing.i-2zeabc" }
	tests := []struct {
		name string
		objs []runtime.Object
		none bool
	}{
		{name: "zone of another region", objs: Objs(ACKSvc(Anns("master-zoneid", "cn-beijing-a")), FxNode("n1", hangzhou))},
		{name: "zone of the region", objs: Objs(ACKSvc(Anns("master-zoneid", "cn-hangzhou-k", "slave-zoneid", "cn-hangzhou-j")), FxNode("n1", hangzhou)), none: true},
		{name: "region from providerID", objs: Objs(ACKSvc(Anns("slave-zoneid", "cn-hangzhou-k")), FxNode("n1", byProviderID))},
		{name: "no node shows a region", objs: Objs(ACKSvc(Anns("master-zoneid", "cn-beijing-a")), FxNode("n1")), none: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := diagnose(t, Fixture(t, tt.objs...), snapshot.KindService, "web", ackrules.Provider)
			AssertVerdict(t, res, ackrules.ServiceZoneNotInRegion, rules.Error, tt.none)
		})
	}
}
