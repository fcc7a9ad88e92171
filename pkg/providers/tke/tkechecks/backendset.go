package tkechecks

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"strings"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// tkeBackends are the backends TKE's service controller registers for a Service: with direct
// access the pods; otherwise the NodePorts of the nodes that are not masters, not NotReady, and
// match the backends-label selector (TKE's page on backend selection; Unschedulable nodes are
// registered). Local mode may bind only the nodes with a ready endpoint, or every node.
func tkeBackends(c *checks.Context) (checks.WantBackends, error) {
	return tkeServiceBackends(c.Snap, c.Service, directAccessOn(c), true)
}

// tkeServiceBackends are the backends TKE registers for svc: its pods when direct, else its nodes,
// narrowed by the Service's backends-label when labelled (a Service's own CLB; an Ingress's rules
// take every worker node).
func tkeServiceBackends(snap *snapshot.Snapshot, svc *corev1.Service, direct, labelled bool) (checks.WantBackends, error) {
	if direct {
		return checks.PodBackends(snap, svc, words.Say("direct access: the pod IPs of the ready endpoints", "直连：就绪 Endpoint 的 Pod IP"))
	}
	var sel labels.Selector
	if v, ok := svc.Annotations[tkeann.BackendsLabel]; ok && labelled {
		var err error
		if sel, err = labels.Parse(v); err != nil || strings.TrimSpace(v) == "" {
			return checks.WantBackends{}, words.Errorf("%s is not a label selector, so the nodes the controller registers are unknown",
				"%s 不是合法的标签选择器，无法知道控制器会注册哪些节点", checks.AnnPath(tkeann.BackendsLabel))
		}
	}
	filter := func(n *corev1.Node) (bool, bool) {
		if checks.IsControlPlaneNode(n) || (sel != nil && !sel.Matches(labels.Set(n.Labels))) {
			return false, false
		}
		return checks.NodeIsReady(n) && !checks.ExcludedFromLB(n), true
	}
	return checks.NodeBackends(snap, svc, filter, tkeInstanceID, checks.NodeMode(svc, sel != nil))
}

// tkeInstanceID is the CVM instance id of a TKE node's providerID (qcloud:///<zone>/ins-…).
func tkeInstanceID(providerID string) string {
	_, id, _ := tkeann.ParseProviderID(providerID)
	return id
}
