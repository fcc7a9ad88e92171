package tkechecks

import (
	"net/netip"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// tkeServiceController is the kube-system Deployment of TKE's Service (CLB) controller; the
// Ingress's is tkeL7Controller.
const tkeServiceController = "service-controller"

// masqController names the controller whose calls to Norm the ip-masq-agent check follows for the
// target: l7-lb-controller for an Ingress, service-controller for a Service.
func masqController(c *checks.Context) string {
	if c.Ingress != nil {
		return tkeL7Controller
	}
	return tkeServiceController
}

// masqControllerInputs are the controller's Deployment and, derived from its selector, its pods:
// the ip-masq-agent check compares their pod IPs with nonMasqueradeSrcCIDRs.
var masqControllerInputs = []checks.Input{
	{Scope: checks.Derived, Derive: masqControllerDeployment},
	{Scope: checks.Derived, Derive: masqControllerPods},
}

func masqControllerDeployment(c *checks.Context) []snapshot.Request {
	return []snapshot.Request{{Resource: snapshot.Deployments, Namespace: tkeSysNS, Name: masqController(c)}}
}

func masqControllerPods(c *checks.Context) []snapshot.Request {
	d, err := c.Snap.Deployments.Get(tkeSysNS, masqController(c))
	if err != nil || d.Spec.Selector == nil {
		return nil
	}
	sel, err := metav1.LabelSelectorAsSelector(d.Spec.Selector)
	if err != nil || sel.Empty() {
		return nil
	}
	return []snapshot.Request{{Resource: snapshot.Pods, Namespace: tkeSysNS, LabelSelector: sel.String()}}
}

// masqControllerPodIPs are the IPv4 pod IPs of the controller's pods that are not on the host
// network (a host-network pod sends from the node IP, which Norm accepts), with their names. Nothing
// when the Deployment or its pods cannot be read: the check then judges by the nodes alone.
func masqControllerPodIPs(c *checks.Context) (ips []netip.Prefix, names []string) {
	d, err := c.Snap.Deployments.Get(tkeSysNS, masqController(c))
	if err != nil || d.Spec.Selector == nil {
		return nil, nil
	}
	sel, err := metav1.LabelSelectorAsSelector(d.Spec.Selector)
	if err != nil || sel.Empty() {
		return nil, nil
	}
	pods, err := c.Snap.SelectedPods(tkeSysNS, sel)
	if err != nil {
		return nil, nil
	}
	for _, p := range pods {
		if p.Spec.HostNetwork || p.Status.Phase != corev1.PodRunning {
			continue
		}
		a, err := netip.ParseAddr(p.Status.PodIP)
		if err != nil || !a.Is4() {
			continue
		}
		ips = append(ips, netip.PrefixFrom(a, 32))
		names = append(names, p.Name)
	}
	return ips, names
}

// masqControllerReason says that nonMasqueradeSrcCIDRs cover the controller's own pod IPs, so its
// calls to Norm keep the pod IP as source; none when they do not, or when no such pod is known.
func masqControllerReason(c *checks.Context, cfg masqConfig) (words.Words, bool) {
	if len(cfg.src) == 0 {
		return words.Words{}, false
	}
	ips, names := masqControllerPodIPs(c)
	if len(ips) == 0 || !coveredEach(cfg.src, ips) {
		return words.Words{}, false
	}
	return words.Say("nonMasqueradeSrcCIDRs (%s) cover the pod IP of %s/%s (%s, not on the host network)",
		"nonMasqueradeSrcCIDRs（%s）覆盖了 %s/%s 的 Pod IP（%s，未使用主机网络）",
		checks.ListWords(checks.ClipAll(cfg.srcText), 4), tkeSysNS, masqController(c), checks.ListWords(checks.ClipAll(names), 3)), true
}
