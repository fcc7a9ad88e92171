package ackchecks

import (
	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// ackWantBackends are the backends CCM attaches for a Service: in ENI mode the pods; otherwise the
// nodes ackEligibleNodes lets through (with externalTrafficPolicy Local, those running a ready
// endpoint). Nodes CCM would attach but for their state (NotReady, unschedulable, being deleted)
// may still be there; masters, nodes labelled for exclusion and nodes outside backend-label may not.
func ackWantBackends(c *checks.Context) (checks.WantBackends, error) {
	svc := c.Service
	if eni, _ := ackBackendMode(c.Snap, svc); eni {
		return checks.PodBackends(c.Snap, svc, words.Say("ENI mode: the pod IPs of the ready endpoints", "ENI 模式：就绪 Endpoint 的 Pod IP"))
	}
	nodes, err := checks.NodesOf(c.Snap)
	if err != nil {
		return checks.WantBackends{}, err
	}
	a := ackAnns(svc.Annotations)
	eligible := map[string]bool{}
	for _, n := range ackEligibleNodes(a, nodes.List) {
		eligible[n.Name] = true
	}
	want, _ := checks.ParseKeyValues(a.value("backend-label"))
	filter := func(n *corev1.Node) (bool, bool) {
		if checks.IsControlPlaneNode(n) || checks.ExcludedFromLB(n) {
			return false, false
		}
		for k, v := range want {
			if n.Labels[k] != v {
				return false, false
			}
		}
		return eligible[n.Name], true
	}
	return checks.NodeBackends(c.Snap, svc, filter, ackInstanceID, checks.NodeMode(svc, len(want) > 0))
}

// ackInstanceID is the ECS instance id of an ACK node's providerID (<region>.i-…), "" when it is
// none of ACK's.
func ackInstanceID(providerID string) string {
	_, id, _ := ackann.ParseProviderID(providerID)
	return id
}
