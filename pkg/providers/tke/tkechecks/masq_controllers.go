package tkechecks

import (
	"net/netip"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// tkeServiceController is the kube-system Deployment of TKE's Service (CLB) controller; the
// Ingress's is tkeL7Controller.
const tkeServiceController = "service-controller"

// masqControllers names the controllers whose calls to Norm the ip-masq-agent check follows for the
// target, in the order they are tried: for an Ingress l7-lb-controller, then service-controller
// (merged mode, 457/127545: the Ingress controller runs inside the Service controller, so
// l7-lb-controller has no pods); for a Service service-controller.
func masqControllers(c *checks.Context) []string {
	if c.Ingress != nil {
		return []string{tkeL7Controller, tkeServiceController}
	}
	return []string{tkeServiceController}
}

// masqControllerInputs are the controllers' Deployments and, derived from their selectors, their
// pods: the ip-masq-agent check compares their pod IPs with nonMasqueradeSrcCIDRs.
var masqControllerInputs = []checks.Input{
	{Scope: checks.Derived, Derive: masqControllerDeployments},
	{Scope: checks.Derived, Derive: masqControllerPods},
}

func masqControllerDeployments(c *checks.Context) []snapshot.Request {
	var out []snapshot.Request
	for _, name := range masqControllers(c) {
		out = append(out, snapshot.Request{Resource: snapshot.Deployments, Namespace: tkeSysNS, Name: name})
	}
	return out
}

func masqControllerPods(c *checks.Context) []snapshot.Request {
	var out []snapshot.Request
	for _, name := range masqControllers(c) {
		if sel, ok := masqControllerSelector(c, name); ok {
			out = append(out, snapshot.Request{Resource: snapshot.Pods, Namespace: tkeSysNS, LabelSelector: sel.String()})
		}
	}
	return out
}

// masqControllerSelector is the pod selector of controller Deployment name, when it is known.
func masqControllerSelector(c *checks.Context, name string) (labels.Selector, bool) {
	d, err := c.Snap.Deployments.Get(tkeSysNS, name)
	if err != nil || d.Spec.Selector == nil {
		return nil, false
	}
	sel, err := metav1.LabelSelectorAsSelector(d.Spec.Selector)
	if err != nil || sel.Empty() {
		return nil, false
	}
	return sel, true
}

// masqControllerPodIPs are the IPv4 pod IPs of the first of the target's controllers that has running
// pods, those of its pods that are not on the host network (a host-network pod sends from the node
// IP, which Norm accepts), with their names and the controller's name. Nothing when no controller's
// Deployment or pods can be read: the check then judges by the nodes alone.
func masqControllerPodIPs(c *checks.Context) (ips []netip.Prefix, names []string, ctl string) {
	for _, name := range masqControllers(c) {
		sel, ok := masqControllerSelector(c, name)
		if !ok {
			continue
		}
		pods, err := c.Snap.SelectedPods(tkeSysNS, sel)
		if err != nil {
			continue
		}
		running := false
		for _, p := range pods {
			if p.Status.Phase != corev1.PodRunning {
				continue
			}
			running = true
			if p.Spec.HostNetwork {
				continue
			}
			a, err := netip.ParseAddr(p.Status.PodIP)
			if err != nil || !a.Is4() {
				continue
			}
			ips = append(ips, netip.PrefixFrom(a, 32))
			names = append(names, p.Name)
		}
		if running {
			return ips, names, name
		}
	}
	return nil, nil, ""
}

// masqControllerReason says that nonMasqueradeSrcCIDRs cover the controller's own pod IPs, so its
// calls to Norm keep the pod IP as source; none when they do not, or when no such pod is known.
func masqControllerReason(c *checks.Context, cfg masqConfig) (words.Words, bool) {
	if len(cfg.src) == 0 {
		return words.Words{}, false
	}
	ips, names, ctl := masqControllerPodIPs(c)
	if len(ips) == 0 || !coveredEach(cfg.src, ips) {
		return words.Words{}, false
	}
	return words.Say("nonMasqueradeSrcCIDRs (%s) cover the pod IP of %s/%s (%s, not on the host network)",
		"nonMasqueradeSrcCIDRs（%s）覆盖了 %s/%s 的 Pod IP（%s，未使用主机网络）",
		checks.ListWords(checks.ClipAll(cfg.srcText), 4), tkeSysNS, ctl, checks.ListWords(checks.ClipAll(names), 3)), true
}
