package checks

import (
	"fmt"
	"slices"
	"strings"

	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// WantBackends is what a controller registers on the load balancer of a Service: pods (direct
// access, ENI mode) or nodes. must are the backends every listener of the Service should have;
// may are those the controller may have registered as well (a not-ready endpoint, a node Local mode
// may or may not bind, a NotReady node not yet removed). A registered backend that is none of may
// is stale.
type WantBackends struct {
	pods bool
	must []wantBackend
	may  []wantBackend
	// mode words how the set was decided, for the findings.
	mode words.Words
	// partial says why may may lack backends the controller registers (the input files hold part
	// of the nodes): then no backend is called stale.
	partial error
}

// wantBackend is one node or pod, by what the cloud may name it: its instance id (a node's, from
// its providerID) and its address.
type wantBackend struct {
	name     string
	instance string
	ip       string
}

// matches reports whether a registered backend is this node or pod.
func (w wantBackend) matches(b *cloud.Backend) bool {
	return (w.instance != "" && b.InstanceID == w.instance) || (w.ip != "" && b.IP == w.ip)
}

func (w wantBackend) String() string {
	id := w.instance
	if id == "" || w.ip != "" && id != w.ip {
		id = strings.TrimPrefix(id+"/"+w.ip, "/")
	}
	return fmt.Sprintf("%s (%s)", Clip(w.name), id)
}

// PodBackends are the wanted backends of pod mode: every ready endpoint must be registered, any
// endpoint may be. Pods read without EndpointSlices carry no address, so they cannot be compared.
func PodBackends(snap *snapshot.Snapshot, svc *corev1.Service, mode words.Words) (WantBackends, error) {
	set, err := BackendsOf(snap, svc)
	if err != nil {
		return WantBackends{}, err
	}
	if set.From != "EndpointSlices" {
		return WantBackends{}, Classed(snapshot.ReasonMissingInput, words.Errorf(
			"the Service's EndpointSlices are not in the input, and its pods give no address to compare with the backends",
			"输入中没有该 Service 的 EndpointSlice，其 Pod 也没有可与后端比对的地址"))
	}
	w := WantBackends{pods: true, mode: mode}
	for _, e := range set.Endpoints {
		if e.Addr == "" {
			continue
		}
		b := wantBackend{name: e.Name, ip: e.Addr}
		w.may = append(w.may, b)
		if e.Ready {
			w.must = append(w.must, b)
		}
	}
	return w, nil
}

// nodeFilter says of a node whether the controller registers it (must) and whether it may have.
type nodeFilter func(n *corev1.Node) (must, may bool)

// NodeBackends are the wanted backends of node mode: the nodes filter lets through, and with
// externalTrafficPolicy Local, among the must, only those running a ready endpoint (the others may
// be bound all the same). instance names a node's instance id from its providerID.
func NodeBackends(snap *snapshot.Snapshot, svc *corev1.Service, filter nodeFilter, instance func(string) string, mode words.Words) (WantBackends, error) {
	nodes, err := NodesOf(snap)
	if err != nil {
		return WantBackends{}, err
	}
	if len(nodes.List) == 0 {
		return WantBackends{}, Classed(snapshot.ReasonMissingInput, words.Errorf(
			"no node is in the input, so the nodes the controller registers are unknown", "输入中没有任何节点，无法知道控制器会注册哪些节点"))
	}
	local := svc.Spec.ExternalTrafficPolicy == corev1.ServiceExternalTrafficPolicyLocal
	var hosts map[string]bool
	if local {
		set, err := BackendsOf(snap, svc)
		if err != nil {
			return WantBackends{}, err
		}
		hosts = map[string]bool{}
		ready, _ := set.Split()
		for _, e := range ready {
			hosts[e.Node] = true
		}
	}
	w := WantBackends{mode: mode, partial: snap.Nodes.Whole("")}
	for _, n := range nodes.List {
		must, may := filter(n)
		if !may {
			continue
		}
		b := wantBackend{name: n.Name, instance: instance(n.Spec.ProviderID), ip: nodeInternalIP(n)}
		if b.instance == "" && b.ip == "" {
			return WantBackends{}, Classed(snapshot.ReasonMissingInput, words.Errorf(
				"node %s has neither a providerID nor an InternalIP, so it cannot be matched with the backends",
				"节点 %s 既没有 providerID 也没有 InternalIP，无法与后端对应", Clip(n.Name)))
		}
		w.may = append(w.may, b)
		if must && (!local || hosts[n.Name]) {
			w.must = append(w.must, b)
		}
	}
	return w, nil
}

func nodeInternalIP(n *corev1.Node) string {
	for _, a := range n.Status.Addresses {
		if a.Type == corev1.NodeInternalIP {
			return a.Address
		}
	}
	return ""
}

// podLikeBackend reports whether a registered backend is a pod address (an ENI or IP backend)
// rather than a node (an instance).
func podLikeBackend(b *cloud.Backend) bool {
	switch strings.ToLower(b.Type) {
	case "eni", "ip":
		return true
	}
	return false
}

// backendGroup is one set of registered backends: a listener's, or one of its rules'.
type backendGroup struct {
	where    string
	backends []*cloud.Backend
}

func listenerGroups(l *cloud.Listener) []backendGroup {
	if len(l.Rules) == 0 {
		return []backendGroup{{fmt.Sprintf("listener %s (%s:%d)", l.ID, l.Protocol, l.Port), l.Backends}}
	}
	var out []backendGroup
	for _, ru := range l.Rules {
		out = append(out, backendGroup{fmt.Sprintf("listener %s (%s:%d) rule %s%s", l.ID, l.Protocol, l.Port, Clip(ru.Domain), Clip(ru.URL)), ru.Backends})
	}
	return out
}

// checkCloudBackendSet compares the backends of each listener of a Service with the nodes or pods
// its controller registers: one it should have and lacks is missing, one it would not register is
// stale. A listener without any backend is backend-none's, not judged here.
func checkCloudBackendSet(c *Context, s *CloudSide, f *cloud.Facts) error {
	r := s.Rules
	if c.Service == nil || s.Backends == nil {
		return nil
	}
	lb, reused, err := cloudListeners(c, s, f)
	if err != nil || lb == nil {
		return err
	}
	if err := lb.PartErr(cloud.PartBackends); err != nil {
		return cloudErr(err)
	}
	var groups []backendGroup
	for _, l := range targetListeners(c, s, lb, reused) {
		for _, g := range listenerGroups(l) {
			if len(g.backends) > 0 {
				groups = append(groups, g)
			}
		}
	}
	if len(groups) == 0 {
		return nil
	}
	want, err := s.Backends(c)
	if err != nil {
		return err
	}
	// The registered backends are of the other kind (nodes for pods, or pods for nodes): the
	// controller has not switched modes, or the mode is not what the snapshot says; nothing to
	// compare one by one.
	for _, g := range groups {
		if slices.ContainsFunc(g.backends, func(b *cloud.Backend) bool { return podLikeBackend(b) != want.pods }) &&
			!slices.ContainsFunc(g.backends, func(b *cloud.Backend) bool { return podLikeBackend(b) == want.pods }) {
			kind := words.Say("nodes", "节点")
			if want.pods {
				kind = words.Say("pods", "Pod")
			}
			return Classed(snapshot.ReasonOther, words.Errorf("%s of load balancer %s has backends of another kind than the %s the Service asks for (%v)",
				"负载均衡 %[2]s 的 %[1]s 上的后端类型与 Service 要求的%[3]v不同（%[4]v）", g.where, lb.ID, kind, want.mode))
		}
	}
	for _, g := range groups {
		var missing, stale []string
		for _, w := range want.must {
			if !slices.ContainsFunc(g.backends, w.matches) {
				missing = append(missing, w.String())
			}
		}
		for _, b := range g.backends {
			if want.partial == nil && !slices.ContainsFunc(want.may, func(w wantBackend) bool { return w.matches(b) }) {
				stale = append(stale, backendName(b))
			}
		}
		if len(missing) > 0 {
			c.Say(r.BackendMissing, "spec", words.Say("%s of load balancer %s lacks %d of %d backends the controller registers (%v): %s%s",
				"负载均衡 %[2]s 的 %[1]s 缺少控制器会注册的 %[4]d 个后端中的 %[3]d 个（%[5]v）：%[6]s%[7]s",
				g.where, lb.ID, len(missing), len(want.must), want.mode, listed(missing), from(f)))
		}
		if len(stale) > 0 {
			c.Say(r.BackendStale, "spec", words.Say("%s of load balancer %s has %d of %d backends that are none of the Service's (%v): %s%s",
				"负载均衡 %[2]s 的 %[1]s 的 %[4]d 个后端中有 %[3]d 个不属于该 Service（%[5]v）：%[6]s%[7]s",
				g.where, lb.ID, len(stale), len(g.backends), want.mode, listed(stale), from(f)))
		}
	}
	if want.partial != nil {
		return words.Errorf("whether a backend is stale is unknown: %w", "无法判断是否有过期的后端：%w", want.partial)
	}
	return nil
}

// NodeMode words how the nodes of node mode were chosen.
func NodeMode(svc *corev1.Service, labelled bool) words.Words {
	local := svc.Spec.ExternalTrafficPolicy == corev1.ServiceExternalTrafficPolicyLocal
	switch {
	case local && labelled:
		return words.Say("nodes: the Ready labelled ones running a ready endpoint (externalTrafficPolicy Local)", "节点：运行着就绪 Endpoint 且匹配标签的 Ready 节点（externalTrafficPolicy 为 Local）")
	case local:
		return words.Say("nodes: the Ready ones running a ready endpoint (externalTrafficPolicy Local)", "节点：运行着就绪 Endpoint 的 Ready 节点（externalTrafficPolicy 为 Local）")
	case labelled:
		return words.Say("nodes: the Ready ones the backend label selects", "节点：后端标签选中的 Ready 节点")
	}
	return words.Say("nodes: every Ready worker node", "节点：所有 Ready 的 worker 节点")
}
