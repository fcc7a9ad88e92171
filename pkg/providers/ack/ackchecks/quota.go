package ackchecks

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// ackBackends is what CCM attaches to the CLB for one Service: ECS nodes, or pods in ENI mode.
type ackBackends struct {
	eni, local bool
	// ids names each backend server: "node/<name>" or "pod/<namespace>/<name>".
	ids map[string]bool
	// ready are the ready endpoints; endpoints counts all of them, read from.
	ready     []checks.BackendEndpoint
	endpoints int
	from      string
	// nodes and eligible count the cluster's nodes and those CCM may attach (ECS mode only).
	nodes, eligible int
	// elsewhere lists, in Local mode, ready pods on nodes CCM does not attach; unseen names the
	// nodes of ready pods that the snapshot does not hold.
	elsewhere []words.Words
	unseen    []string
	// endpointsErr says why the endpoints are unknown, in Cluster mode, where the backends are known
	// without them.
	endpointsErr error
}

// ackBackendsOf estimates the backend servers CCM attaches for svc: its ready pods with ENI
// backends; otherwise every node the backend-label and node filters let through (Cluster mode), or
// only those of them running a ready pod (Local mode). The error says what could not be read.
func ackBackendsOf(snap *snapshot.Snapshot, svc *corev1.Service) (ackBackends, error) {
	a := ackAnns(svc.Annotations)
	eni, _ := ackBackendMode(snap, svc)
	b := ackBackends{eni: eni,
		local: svc.Spec.ExternalTrafficPolicy == corev1.ServiceExternalTrafficPolicyLocal, ids: map[string]bool{}}
	set, err := checks.BackendsOf(snap, svc)
	switch {
	case err != nil && (b.eni || b.local):
		return b, err
	case err != nil:
		// Cluster mode attaches every eligible node whatever the endpoints: the count stands.
		b.endpointsErr = err
	default:
		b.ready, _ = set.Split()
		b.endpoints, b.from = len(set.Endpoints), set.From
	}
	if b.eni {
		for _, e := range b.ready {
			b.ids["pod/"+svc.Namespace+"/"+e.Name] = true
		}
		return b, nil
	}
	el, err := ackEligibleMemo(snap, a)
	if err != nil {
		return b, err
	}
	b.nodes, b.eligible = el.nodes, len(el.names)
	if !b.local {
		b.ids = el.ids
		return b, nil
	}
	for _, e := range b.ready {
		switch {
		case el.names[e.Node]:
			b.ids["node/"+e.Node] = true
		case e.Node != "" && !el.known[e.Node]:
			b.unseen = append(b.unseen, e.Node)
		default:
			var node any = checks.Clip(e.Node)
			if e.Node == "" {
				node = words.Say("no node", "无节点")
			}
			b.elsewhere = append(b.elsewhere, words.Say("%s on %s", "%s（位于 %s）", checks.Clip(e.Name), node))
		}
	}
	return b, nil
}

// ackEligible is what ackEligibleNodes lets through for one set of node filters: nodes counts the
// cluster's nodes, names the eligible ones, ids the same as backend ids ("node/<name>"), known every
// node. Shared by the Services with the same filters: read-only.
type ackEligible struct {
	nodes        int
	names, known map[string]bool
	ids          map[string]bool
}

// ackEligibleMemo is ackEligibleNodes computed once per snapshot and distinct node filters (the
// backend-label and remove-unscheduled-backend values), not once per Service.
func ackEligibleMemo(snap *snapshot.Snapshot, a ackAnns) (ackEligible, error) {
	key := ackEligibleKey.With(a.value("backend-label") + "\x00" + a.value("remove-unscheduled-backend"))
	r := snapshot.Memo(snap, key, func() checks.ValErr[ackEligible] {
		nodes, err := snap.Nodes.List("")
		if err != nil {
			return checks.ValErr[ackEligible]{Err: err}
		}
		e := ackEligible{nodes: len(nodes), names: map[string]bool{}, known: map[string]bool{}, ids: map[string]bool{}}
		for _, n := range ackEligibleNodes(a, nodes) {
			e.names[n.Name] = true
			e.ids["node/"+n.Name] = true
		}
		for _, n := range nodes {
			e.known[n.Name] = true
		}
		return checks.ValErr[ackEligible]{V: e}
	})
	return r.V, r.Err
}

// Keys of the ACK backend computations: per node filter, per Service.
var (
	ackEligibleKey = snapshot.NewMemoKey[checks.ValErr[ackEligible]]("ack-eligible")
	ackBackendsKey = snapshot.NewMemoKey[checks.ValErr[ackBackends]]("ack-backends")
)

// ackBackendsMemo is ackBackendsOf computed once per Service and snapshot.
func ackBackendsMemo(c *checks.Context, svc *corev1.Service) (ackBackends, error) {
	r := checks.Memo(c, ackBackendsKey.With(svc.Namespace+"/"+svc.Name), func() checks.ValErr[ackBackends] {
		b, err := ackBackendsOf(c.Snap, svc)
		return checks.ValErr[ackBackends]{V: b, Err: err}
	})
	return r.V, r.Err
}

// checkACKQuota compares the backend servers of the CLB with the quota: the target's own, and, when
// it reuses a CLB (loadbalancer-id annotation), the union with every other LoadBalancer Service that
// names the same CLB, each with its own node set. A backend is counted once per CLB. Services whose
// backends cannot be read are left out, each with its reason in err; more Services can only add
// backends, so what is known is a lower bound and a finding from it stands. It reports whether it
// emitted a finding.
func checkACKQuota(c *checks.Context, own ackBackends) (found bool, err error) {
	if !ackCLB(c) {
		return false, nil // the 200-server quota is the CLB's
	}
	a := ackAnns(c.Service.Annotations)
	what := words.Say("eligible nodes (Cluster mode attaches every one)", "可挂载的节点（Cluster 模式会挂载全部节点）")
	path := "spec.externalTrafficPolicy"
	switch {
	case own.eni:
		what, path = words.Say("ready pods (ENI backends)", "就绪的 Pod（ENI 后端）"), checks.AnnPath(ackann.BackendType)
	case own.local:
		what = words.Say("nodes with a ready pod (Local mode)", "运行着就绪 Pod 的节点（Local 模式）")
	}
	if len(own.ids) > ackBackendQuota {
		c.Say(ackrules.ServiceBackendQuota, path, words.Say("about %d backend servers: %s, above the default quota of %d per CLB",
			"约 %d 台后端服务器：%s，超过了每个 CLB 默认 %d 台的配额", len(own.ids), what, ackBackendQuota))
		return true, nil
	}
	id, _, reused := a.get("id")
	if !reused || id == "" {
		return false, nil
	}
	svcs, err := c.Snap.Services.List("")
	if err != nil {
		return false, words.Errorf("cannot count the other Services on CLB %s: %w", "无法统计共用 CLB %s 的其他 Service：%w", checks.Clip(id), err)
	}
	union := maps.Clone(own.ids)
	var parts []string
	var unread []error
	for _, s := range svcs {
		if c.IsTarget(snapshot.KindService, s.Namespace, s.Name) || !ackCLBService(s) || ackAnns(s.Annotations).value("id") != id {
			continue
		}
		b, err := ackBackendsMemo(c, s)
		if err != nil {
			unread = append(unread, words.Errorf("backends of Service %s/%s on the same CLB %s: %w",
				"同一 CLB %[3]s 上的 Service %[1]s/%[2]s 的后端服务器：%[4]w", s.Namespace, s.Name, checks.Clip(id), err))
			continue
		}
		for k := range b.ids {
			union[k] = true
		}
		parts = append(parts, fmt.Sprintf("%s/%s: %d", s.Namespace, s.Name, len(b.ids)))
	}
	if len(parts) == 0 || len(union) <= ackBackendQuota {
		return false, errors.Join(unread...)
	}
	slices.Sort(parts)
	more := words.Words{}
	if len(unread) > 0 {
		more = words.Say("; %d more Service(s) on it could not be read, so the real count may be higher",
			"；另有 %d 个使用它的 Service 无法读取，实际数量可能更多", len(unread))
	}
	c.Say(ackrules.ServiceBackendQuota, a.path("id"), words.Say(
		"CLB %s is shared by %d Services whose backends add up to about %d distinct servers (this Service: %d %s; %s), above the default quota of %d per CLB%s",
		"CLB %s 由 %d 个 Service 共用，它们的后端合计约 %d 台不同的服务器（本 Service：%d 台%s；%s），超过了每个 CLB 默认 %d 台的配额%s",
		checks.Clip(id), len(parts)+1, len(union), len(own.ids), what, checks.ListWords(parts, 5), ackBackendQuota, more))
	return true, errors.Join(unread...)
}

// ackCLBService is true for a Service CCM backs with a CLB: type LoadBalancer without a
// loadBalancerClass (an NLB Service has one), a tunnel-type annotation or a class annotation, with
// which CCM leaves the Service alone (helper.NeedCLB).
func ackCLBService(s *corev1.Service) bool {
	if s.Spec.Type != corev1.ServiceTypeLoadBalancer || s.Spec.LoadBalancerClass != nil {
		return false
	}
	if _, tunnel := s.Annotations[ackann.TunnelType]; tunnel {
		return false
	}
	return s.Annotations[ackann.Class] == ""
}

// ackNLBClass is the loadBalancerClass for which ACK's cloud-controller-manager provisions a Network
// Load Balancer (helper.NLBClass in kubernetes/cloud-provider-alibaba-cloud).
const ackNLBClass = "alibabacloud.com/nlb"

// ackNLBService is true for a Service CCM backs with an NLB: type LoadBalancer with loadBalancerClass
// alibabacloud.com/nlb (helper.NeedNLB; the type-annotation route is behind an alpha feature gate,
// off by default).
func ackNLBService(s *corev1.Service) bool {
	return s.Spec.Type == corev1.ServiceTypeLoadBalancer && s.Spec.LoadBalancerClass != nil && *s.Spec.LoadBalancerClass == ackNLBClass
}
