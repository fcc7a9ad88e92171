package checks

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	"k8s.io/apimachinery/pkg/util/intstr"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// serviceChecks run on Service targets for every provider.
var serviceChecks = []Check{
	{Name: "service-endpoints", Kind: rules.Service, Provider: rules.Generic, Applies: hasEndpointsAtAll, Run: checkServiceEndpoints,
		Emits:  []rules.ID{rules.GenericServiceNoSelector, rules.GenericServiceNoEndpoints, rules.GenericServiceEndpointsNotReady},
		Inputs: []Input{Require(InSlices, selectorless), OnlyWhen(InSlices, func(c *Context) bool { return !selectorless(c) }), InBackendPods}},
	{Name: "external-traffic-local", Kind: rules.Service, Provider: rules.Generic, Applies: localLoadBalancer, Run: checkExternalTrafficLocal,
		Emits:  []rules.ID{rules.GenericServiceExternalTrafficLocal},
		Inputs: []Input{InSlices, InBackendPods, InNodes}},
	{Name: "service-ports", Kind: rules.Service, Provider: rules.Generic, Run: checkServicePorts,
		Emits: []rules.ID{rules.GenericServicePortInvalid}, Inputs: TargetOnly},
}

// checkServicePorts reports each port number of the Service outside 1–65535: port (which must be set),
// and a numeric targetPort or nodePort when set (0 leaves them to their defaults).
func checkServicePorts(c *Context) error {
	for i, p := range c.Service.Spec.Ports {
		at := "spec.ports[" + strconv.Itoa(i) + "]."
		if p.Port < 1 || p.Port > 65535 {
			c.Say(rules.GenericServicePortInvalid, at+"port", words.Say("port %d is not within 1–65535",
				"port %d 不在 1–65535 之内", p.Port))
		}
		if t := p.TargetPort; t.Type == intstr.Int && (t.IntVal < 0 || t.IntVal > 65535) {
			c.Say(rules.GenericServicePortInvalid, at+"targetPort", words.Say("targetPort %d is not within 1–65535",
				"targetPort %d 不在 1–65535 之内", t.IntVal))
		}
		if p.NodePort < 0 || p.NodePort > 65535 {
			c.Say(rules.GenericServicePortInvalid, at+"nodePort", words.Say("nodePort %d is not within 1–65535",
				"nodePort %d 不在 1–65535 之内", p.NodePort))
		}
	}
	return nil
}

// Node labels that keep a node out of cloud load balancers, and the labels of control-plane nodes.
const (
	labelExcludeLB       = "node.kubernetes.io/exclude-from-external-load-balancers"
	labelExcludeLBLegacy = "alpha.service-controller.kubernetes.io/exclude-balancer"
)

var controlPlaneLabels = []string{"node-role.kubernetes.io/master", "node-role.kubernetes.io/control-plane"}

// BackendEndpoint is one backend address of a Service.
type BackendEndpoint struct {
	// name is the pod name, or the address when the endpoint names no pod.
	Name string
	// node is the node name, "" when unknown.
	Node string
	// Addr is the endpoint's address as an EndpointSlice lists it; "" when read from pods.
	Addr  string
	Ready bool
	// why says why a not-ready endpoint is not ready.
	Why words.Words
}

// backendSet is what the snapshot says about a Service's backends.
type backendSet struct {
	Endpoints []BackendEndpoint
	// from names the source: "EndpointSlices" or "pods".
	From string
}

// Split returns the ready and the not-ready endpoints.
func (b backendSet) Split() (ready, notReady []BackendEndpoint) {
	n := 0
	for _, e := range b.Endpoints {
		if e.Ready {
			n++
		}
	}
	if n > 0 {
		ready = make([]BackendEndpoint, 0, n)
	}
	if n < len(b.Endpoints) {
		notReady = make([]BackendEndpoint, 0, len(b.Endpoints)-n)
	}
	for _, e := range b.Endpoints {
		if e.Ready {
			ready = append(ready, e)
		} else {
			notReady = append(notReady, e)
		}
	}
	return ready, notReady
}

// serviceBackends reads the target Service's endpoints from its EndpointSlices, or, when those are
// unknown or absent and the Service has a selector, from the pods it selects. The error is the
// reason neither could be read.
func serviceBackends(c *Context) (backendSet, error) {
	if !c.backendsDone {
		c.backends, c.backendsErr = BackendsOf(c.Snap, c.Service)
		c.backendsDone = true
	}
	return c.backends, c.backendsErr
}

// slicesIndex is a namespace's EndpointSlices by Service name.
type slicesIndex struct {
	by  map[string][]*snapshot.EndpointSlice
	err error
}

// serviceSlicesKey memoizes the EndpointSlice index of each namespace.
var serviceSlicesKey = snapshot.NewMemoKey[*lazyMap[string, *slicesIndex]]("checks.serviceSlices")

// ServiceSlices is snap.ServiceSlices, answered from an index of each namespace's EndpointSlices
// by Service name built once per snapshot. The slice it returns is shared: callers only read it.
func ServiceSlices(snap *snapshot.Snapshot, svc *corev1.Service) ([]*snapshot.EndpointSlice, error) {
	all := snapshot.Memo(snap, serviceSlicesKey, func() *lazyMap[string, *slicesIndex] { return newLazyMap[string, *slicesIndex](0) })
	idx := all.get(svc.Namespace, func() *slicesIndex {
		idx := &slicesIndex{}
		var list []*snapshot.EndpointSlice
		if list, idx.err = snap.EndpointSlices.List(svc.Namespace); idx.err == nil {
			idx.by = map[string][]*snapshot.EndpointSlice{}
			for _, es := range list {
				if es.Namespace == svc.Namespace {
					idx.by[es.ServiceName] = append(idx.by[es.ServiceName], es)
				}
			}
		}
		return idx
	})
	if out := idx.by[svc.Name]; idx.err == nil && len(out) > 0 {
		return out, nil
	}
	// None: offline, that may be unknown rather than empty. The namespace unlisted: a single-target
	// run holds only the selections it read.
	return snap.ServiceSlices(svc)
}

// BackendsOf is serviceBackends for any Service of the snapshot.
func BackendsOf(snap *snapshot.Snapshot, svc *corev1.Service) (backendSet, error) {
	slices, serr := ServiceSlices(snap, svc)
	if serr == nil && (len(slices) > 0 || len(svc.Spec.Selector) == 0) {
		return backendSet{Endpoints: sliceEndpoints(slices), From: "EndpointSlices"}, nil
	}
	if serr != nil && len(svc.Spec.Selector) == 0 {
		return backendSet{}, serr // without a selector only EndpointSlices name the backends
	}
	pods, perr := snap.BackendPods(svc)
	if perr != nil {
		if serr != nil {
			return backendSet{}, serr
		}
		return backendSet{}, perr
	}
	return backendSet{Endpoints: podEndpoints(pods), From: "pods"}, nil
}

func sliceEndpoints(list []*snapshot.EndpointSlice) []BackendEndpoint {
	n := 0
	for _, es := range list {
		n += len(es.Endpoints)
	}
	if n == 0 {
		return nil
	}
	out := make([]BackendEndpoint, 0, n)
	// seen indexes out once it is long enough for a linear search to cost more than a map.
	var seen map[string]bool
	for _, es := range list {
		for _, ep := range es.Endpoints {
			e := BackendEndpoint{Ready: ep.Conditions.Ready == nil || *ep.Conditions.Ready}
			switch {
			case ep.TargetRef != nil && ep.TargetRef.Name != "":
				e.Name = ep.TargetRef.Name
			case len(ep.Addresses) > 0:
				e.Name = ep.Addresses[0]
			default:
				continue
			}
			e.Node = ep.NodeName
			if len(ep.Addresses) > 0 {
				e.Addr = ep.Addresses[0]
			}
			if ep.Conditions.Terminating != nil && *ep.Conditions.Terminating {
				e.Why = whyTerminating
			} else if !e.Ready {
				e.Why = whyNotReady
			}
			// Dual-stack Services list each pod once per address family.
			if seen == nil && len(out) >= 16 {
				seen = make(map[string]bool, n)
				for _, o := range out {
					seen[o.Name] = true
				}
			}
			if seen != nil {
				if seen[e.Name] {
					continue
				}
				seen[e.Name] = true
			} else if slices.ContainsFunc(out, func(o BackendEndpoint) bool { return o.Name == e.Name }) {
				continue
			}
			out = append(out, e)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// Why an endpoint is not ready.
var (
	whyTerminating  = words.Say("terminating", "正在终止")
	whyNotReady     = words.Say("not ready", "未就绪")
	whyNotScheduled = words.Say("not scheduled", "未调度")
)

func podEndpoints(pods []*snapshot.Pod) []BackendEndpoint {
	var out []BackendEndpoint
	for _, p := range pods {
		if p.Status.Phase == corev1.PodSucceeded || p.Status.Phase == corev1.PodFailed {
			continue
		}
		e := BackendEndpoint{Name: p.Name, Node: p.Spec.NodeName, Ready: podReady(p) && p.DeletionTimestamp == nil}
		switch {
		case p.DeletionTimestamp != nil:
			e.Why = whyTerminating
		case p.Spec.NodeName == "":
			e.Why = whyNotScheduled
		case !e.Ready:
			e.Why = whyNotReady
		}
		out = append(out, e)
	}
	return out
}

func podReady(p *snapshot.Pod) bool {
	for _, c := range p.Status.Conditions {
		if c.Type == corev1.PodReady {
			return c.Status == corev1.ConditionTrue
		}
	}
	return false
}

func hasEndpointsAtAll(c *Context) bool { return c.Service.Spec.Type != corev1.ServiceTypeExternalName }

// SelectorString is labels.SelectorFromSet(svc.Spec.Selector).String(), "k1=v1,k2=v2" in key
// order, built without the selector.
func SelectorString(svc *corev1.Service) string {
	set := svc.Spec.Selector
	if len(set) == 0 {
		return ""
	}
	n := len(set) - 1
	var buf [8]string
	keys := buf[:0]
	for k, v := range set {
		keys = append(keys, k)
		n += len(k) + 1 + len(v)
	}
	slices.Sort(keys)
	var b strings.Builder
	b.Grow(n)
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(set[k])
	}
	return b.String()
}

// checkServiceEndpoints reports a Service without a ready backend (naming the backends that are not
// ready, if any), or else one with backends that are not ready: one finding either way.
func checkServiceEndpoints(c *Context) error {
	svc := c.Service
	if len(svc.Spec.Selector) == 0 {
		slices, err := ServiceSlices(c.Snap, svc)
		if err != nil {
			return err
		}
		if len(slices) == 0 {
			c.Say(rules.GenericServiceNoSelector, "spec.selector", words.Say(
				"the Service has no selector and no EndpointSlice labelled %s=%s",
				"该 Service 没有选择器（selector），也没有带 %s=%s 标签的 EndpointSlice", discoveryv1.LabelServiceName, Clip(svc.Name)))
			return nil
		}
	}
	b, err := serviceBackends(c)
	if err != nil {
		return err
	}
	ready, notReady := b.Split()
	var names []words.Words
	for _, e := range notReady {
		names = append(names, words.Say("%s (%s)", "%s（%s）", Clip(e.Name), e.Why))
	}
	switch {
	case len(b.Endpoints) == 0 && len(svc.Spec.Selector) > 0:
		c.Say(rules.GenericServiceNoEndpoints, "spec.selector", words.Say("no pod matches the selector %s (read from %s)",
			"没有 Pod 匹配选择器 %s（读自 %s）", Clip(SelectorString(svc)), b.From))
	case len(b.Endpoints) == 0:
		c.Say(rules.GenericServiceNoEndpoints, "spec.selector", words.Say("the Service's EndpointSlices list no endpoint",
			"该 Service 的 EndpointSlice 中没有任何 Endpoint"))
	case len(ready) == 0:
		c.Say(rules.GenericServiceNoEndpoints, "spec.selector", words.Say("none of the %d endpoints is ready (read from %s): %s",
			"%d 个 Endpoint 全都未就绪（读自 %s）：%s", len(b.Endpoints), b.From, ListWords(names, 8)))
	case len(notReady) > 0:
		c.Say(rules.GenericServiceEndpointsNotReady, "spec.selector", words.Say("%d of %d endpoints are not ready: %s",
			"%[2]d 个 Endpoint 中有 %[1]d 个未就绪：%[3]s", len(notReady), len(b.Endpoints), ListWords(names, 8)))
	}
	return nil
}

// labelServiceProxyName, on a Service, hands it to another proxy: kube-proxy does not program it
// (kube-proxy's LabelServiceProxyName), so its load balancer address is not intercepted on the nodes.
const labelServiceProxyName = "service.kubernetes.io/service-proxy-name"

// localLoadBalancer is a LoadBalancer Service with externalTrafficPolicy Local that kube-proxy programs.
func localLoadBalancer(c *Context) bool {
	s := c.Service.Spec
	_, otherProxy := c.Service.Labels[labelServiceProxyName]
	return s.Type == corev1.ServiceTypeLoadBalancer && s.ExternalTrafficPolicy == corev1.ServiceExternalTrafficPolicyLocal && !otherProxy
}

// checkExternalTrafficLocal names the nodes from which the load balancer address fails because they
// host no ready backend pod.
func checkExternalTrafficLocal(c *Context) error {
	const path = "spec.externalTrafficPolicy"
	b, err := serviceBackends(c)
	if err != nil {
		c.Say(rules.GenericServiceExternalTrafficLocal, path, words.Say(
			"the address works in-cluster only on nodes that host a ready backend pod (which ones could not be read)",
			"在集群内，该地址只在运行着就绪后端 Pod 的节点上可用（无法读取是哪些节点）"))
		return err
	}
	ready, _ := b.Split()
	withBackend := map[string]bool{}
	for _, e := range ready {
		if e.Node != "" {
			withBackend[e.Node] = true
		}
	}
	if len(withBackend) == 0 {
		c.SaySeverity(rules.GenericServiceExternalTrafficLocal, rules.Warning, path, words.Say(
			"no node hosts a ready backend pod, so the address answers on no node, from inside or outside the cluster",
			"没有节点运行着就绪的后端 Pod，因此无论从集群内还是集群外，该地址在任何节点上都不会响应"))
		return nil
	}
	hosts := ClipAll(slices.Sorted(maps.Keys(withBackend)))
	nodes, err := NodesOf(c.Snap)
	if err != nil {
		c.Say(rules.GenericServiceExternalTrafficLocal, path, words.Say(
			"the address works in-cluster only on the nodes hosting a ready backend pod (%s); the node list could not be read",
			"在集群内，该地址只在运行着就绪后端 Pod 的节点（%s）上可用；无法读取节点列表", ListWords(hosts, 8)))
		return err
	}
	const shown = 8
	var without [shown]string
	nWithout, servingLB := 0, false
	for _, n := range nodes.List {
		switch {
		case !withBackend[n.Name]:
			if nWithout < len(without) {
				without[nWithout] = Clip(n.Name)
			}
			nWithout++
		case !ExcludedFromLB(n):
			servingLB = true
		}
	}
	// A backend node the snapshot lacks may well serve the load balancer: only known nodes count as excluded.
	unseen := slices.ContainsFunc(hosts, func(h string) bool { return !nodes.clipped[h] })
	switch {
	case !servingLB && !unseen:
		c.SaySeverity(rules.GenericServiceExternalTrafficLocal, rules.Error, path, words.Say(
			"the ready backend pods run only on nodes labelled %s (%s), so no load balancer backend can answer",
			"就绪的后端 Pod 只运行在带有 %s 标签的节点（%s）上，因此负载均衡没有能响应的后端服务器", labelExcludeLB, ListWords(hosts, 8)))
	case nWithout > 0:
		list := ListWords(without[:min(nWithout, shown)], shown)
		if nWithout > shown {
			list = words.Say("%[1]s and %[2]d more", "%[1]s 等 %[3]d 个", list, nWithout-shown, nWithout)
		}
		c.Say(rules.GenericServiceExternalTrafficLocal, path, words.Say(
			"the address fails in-cluster from %d of %d nodes without a ready backend pod (%s); it works only on %s",
			"在集群内，从 %[2]d 个节点中 %[1]d 个没有就绪后端 Pod 的节点（%[3]s）访问该地址会失败；只在 %[4]s 上可用",
			nWithout, len(nodes.List), list, ListWords(hosts, 8)))
	}
	return nil
}

// snapNodes is the node list of a snapshot with the set of its clipped names.
type snapNodes struct {
	List    []*corev1.Node
	clipped map[string]bool
}

// NodesOf lists the snapshot's nodes, once per snapshot.
func NodesOf(snap *snapshot.Snapshot) (snapNodes, error) {
	r := snapshot.Memo(snap, nodesKey, func() ValErr[snapNodes] {
		list, err := snap.Nodes.List("")
		if err != nil {
			return ValErr[snapNodes]{Err: err}
		}
		n := snapNodes{List: list, clipped: make(map[string]bool, len(list))}
		for _, node := range list {
			n.clipped[Clip(node.Name)] = true
		}
		return ValErr[snapNodes]{V: n}
	})
	return r.V, r.Err
}

var nodesKey = snapshot.NewMemoKey[ValErr[snapNodes]]("checks.nodes")

// ExcludedFromLB reports whether a node carries a label that keeps it out of cloud load balancers.
func ExcludedFromLB(n *corev1.Node) bool {
	_, a := n.Labels[labelExcludeLB]
	_, b := n.Labels[labelExcludeLBLegacy]
	return a || b
}

func IsControlPlaneNode(n *corev1.Node) bool {
	for _, l := range controlPlaneLabels {
		if _, ok := n.Labels[l]; ok {
			return true
		}
	}
	return n.Labels["kubernetes.io/role"] == "master"
}

func NodeIsReady(n *corev1.Node) bool {
	for _, c := range n.Status.Conditions {
		if c.Type == corev1.NodeReady {
			return c.Status == corev1.ConditionTrue
		}
	}
	return false
}

// ClipAll clips every name of a list taken from the user's objects.
func ClipAll(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = Clip(n)
	}
	return out
}

// NameList joins names, showing at most max of them.
func NameList(names []string, max int) string { return ListWords(names, max).In(words.English) }

// ListWords joins items (names, or Words worded in the reader's language), showing at most max of
// them and how many more there are.
func ListWords[T any](items []T, max int) words.Words {
	n := min(len(items), max)
	args := make([]any, 0, n+1)
	for _, it := range items[:n] {
		args = append(args, it)
	}
	f := strings.TrimSuffix(strings.Repeat("%s, ", n), ", ")
	zh := strings.TrimSuffix(strings.Repeat("%s、", n), "、") // a Chinese list is joined with 、
	if len(items) <= max {
		return words.Say(f, zh, args...)
	}
	// Chinese counts the whole list (甲、乙等 9 个), English the rest (a, b and 7 more).
	return words.Say(f+" and %["+fmt.Sprint(n+1)+"]d more", zh+" 等 %["+fmt.Sprint(n+2)+"]d 个", append(args, len(items)-max, len(items))...)
}

// JoinWords joins phrases with a semicolon, in the reader's language.
func JoinWords(ws []words.Words) words.Words {
	args := make([]any, len(ws))
	for i, w := range ws {
		args[i] = w
	}
	return words.Say(strings.TrimSuffix(strings.Repeat("%s; ", len(ws)), "; "),
		strings.TrimSuffix(strings.Repeat("%s；", len(ws)), "；"), args...)
}
