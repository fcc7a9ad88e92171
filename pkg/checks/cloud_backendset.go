package checks

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
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
	Mode words.Words
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

// PodBackends are the wanted backends of pod Mode: every ready endpoint must be registered, any
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
	w := WantBackends{pods: true, Mode: mode}
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

// NodeBackends are the wanted backends of node Mode: the nodes filter lets through, and with
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
	w := WantBackends{Mode: mode, partial: snap.Nodes.Whole("")}
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

// backendList names backends in a finding: at most five, then how many more.
type backendList []string

func (l backendList) String() string { return l.In(words.English) }

// In words the list in lang.
func (l backendList) In(lang words.Lang) string { return listed(l).In(lang) }

// compare sorts the registered backends of one listener or rule against w: the must backends
// none of them is (missing), those of w's kind that are none of the may backends (stale, unless
// the node list is partial), and those of the other kind (a node where pods are wanted, or a pod
// where nodes are), which are neither compared nor stale.
func (w WantBackends) compare(registered []*cloud.Backend) (missing, stale, other backendList) {
	for _, m := range w.must {
		if !slices.ContainsFunc(registered, m.matches) {
			missing = append(missing, m.String())
		}
	}
	for _, b := range registered {
		switch {
		case podLikeBackend(b) != w.pods:
			other = append(other, backendName(b))
		case w.partial == nil && !slices.ContainsFunc(w.may, func(m wantBackend) bool { return m.matches(b) }):
			stale = append(stale, backendName(b))
		}
	}
	return missing, stale, other
}

// kind words what w's backends are: pods or nodes.
func (w WantBackends) kind() words.Words {
	if w.pods {
		return words.Say("pods", "Pod")
	}
	return words.Say("nodes", "节点")
}

// backendGroup is one set of registered backends: a listener's, or one of its rules' (rule set).
type backendGroup struct {
	where    string
	rule     *cloud.Rule
	backends []*cloud.Backend
}

func listenerGroups(l *cloud.Listener) []backendGroup {
	if len(l.Rules) == 0 {
		return []backendGroup{{where: fmt.Sprintf("listener %s (%s:%d)", l.ID, l.Protocol, l.Port), backends: l.Backends}}
	}
	var out []backendGroup
	for _, ru := range l.Rules {
		out = append(out, backendGroup{where: fmt.Sprintf("listener %s (%s:%d) rule %s%s", l.ID, l.Protocol, l.Port, Clip(ru.Domain), Clip(ru.URL)),
			rule: ru, backends: ru.Backends})
	}
	return out
}

// checkCloudBackendSet compares the backends of each listener of a Service, or of each forwarding
// rule of an Ingress, with the nodes or pods the controller registers for the Service (for an
// Ingress, the Service the rule's path names): one it should have and lacks is missing, one it
// would not register is stale, a node where the mode wants pods (or a pod where it wants nodes) is
// of the wrong kind. A listener or rule without any backend is backend-none's, not judged here.
func checkCloudBackendSet(c *Context, s *CloudSide, f *cloud.Facts) error {
	if (c.Service != nil && s.Backends == nil) || (c.Ingress != nil && s.RuleBackends == nil) {
		return nil
	}
	lb, reused, err := cloudListeners(c, s, f)
	if err != nil || lb == nil {
		return err
	}
	if err := lb.PartErr(cloud.PartBackends); err != nil {
		return cloudErr(err)
	}
	var svcWant *WantBackends
	var v backendVerdicts
	var errs []error
	var partial error
	for _, l := range targetListeners(c, s, lb, reused) {
		for _, g := range listenerGroups(l) {
			if len(g.backends) == 0 {
				continue
			}
			var want WantBackends
			path := "spec"
			switch {
			case c.Service != nil && svcWant == nil:
				w, err := s.Backends(c)
				if err != nil {
					return err
				}
				svcWant = &w
				want = w
			case c.Service != nil:
				want = *svcWant
			case g.rule != nil:
				w, p, ok, err := s.RuleBackends(c, lb, g.rule)
				if err != nil {
					errs = appendNewErr(errs, err)
				}
				if !ok || err != nil {
					continue
				}
				want, path = w, p
			default:
				continue
			}
			v.judge(s.Rules, g, want, path)
			if partial == nil {
				partial = want.partial
			}
		}
	}
	v.say(c, s.Rules, lb, f)
	if partial != nil {
		errs = append(errs, words.Errorf("whether a backend is stale is unknown: %w", "无法判断是否有过期的后端：%w", partial))
	}
	return errors.Join(errs...)
}

// appendNewErr appends err to errs unless an error of the same text is there already (several
// rules naming one Service fail the same way).
func appendNewErr(errs []error, err error) []error {
	if slices.ContainsFunc(errs, func(e error) bool { return e.Error() == err.Error() }) {
		return errs
	}
	return append(errs, err)
}

// backendVerdicts gathers what the listeners and rules of one target lack or hold in excess, per
// rule and path, so that listeners on several ports (or an Ingress path served on 80 and 443) that
// lack the same backends are one finding.
type backendVerdicts struct {
	order []verdictKey
	by    map[verdictKey]*verdict
}

type verdictKey struct {
	rule rules.ID
	path string
}

type verdict struct {
	wheres []string
	names  backendList
	want   WantBackends
}

func (v *backendVerdicts) add(id rules.ID, path, where string, names backendList, want WantBackends) {
	if len(names) == 0 {
		return
	}
	k := verdictKey{id, path}
	if v.by == nil {
		v.by = map[verdictKey]*verdict{}
	}
	vd := v.by[k]
	if vd == nil {
		vd = &verdict{want: want}
		v.by[k] = vd
		v.order = append(v.order, k)
	}
	vd.wheres = append(vd.wheres, where)
	for _, n := range names {
		if !slices.Contains(vd.names, n) {
			vd.names = append(vd.names, n)
		}
	}
}

// judge sorts one listener's or rule's registered backends against want: a backend of the wrong
// kind, a missing one, a stale one.
func (v *backendVerdicts) judge(r rules.CloudRules, g backendGroup, want WantBackends, path string) {
	missing, stale, other := want.compare(g.backends)
	v.add(r.BackendKind, path, g.where, other, want)
	if len(other) == len(g.backends) {
		// Every backend is of the other kind: what is missing follows from the mode.
		return
	}
	v.add(r.BackendMissing, path, g.where, missing, want)
	v.add(r.BackendStale, path, g.where, stale, want)
}

// say reports the verdicts, one finding per rule and path.
func (v *backendVerdicts) say(c *Context, r rules.CloudRules, lb *cloud.LoadBalancer, f *cloud.Facts) {
	for _, k := range v.order {
		vd := v.by[k]
		where := listed(vd.wheres)
		switch k.rule {
		case r.BackendKind:
			c.Say(k.rule, k.path, words.Say("%s of load balancer %s holds backends that are not the %[4]v the Service asks for (%[5]v), %[3]d in all: %[6]s%[7]s",
				"负载均衡 %[2]s 的 %[1]s：有 %[3]d 个后端不是 Service 所要求的%[4]v（%[5]v）：%[6]s%[7]s",
				where, lb.ID, len(vd.names), vd.want.kind(), vd.want.Mode, vd.names, from(f)))
		case r.BackendMissing:
			c.Say(k.rule, k.path, words.Say("%s of load balancer %s lacks %d of %d backends the controller registers (%v): %s%s",
				"负载均衡 %[2]s 的 %[1]s 缺少控制器会注册的 %[4]d 个后端中的 %[3]d 个（%[5]v）：%[6]s%[7]s",
				where, lb.ID, len(vd.names), len(vd.want.must), vd.want.Mode, vd.names, from(f)))
		case r.BackendStale:
			c.Say(k.rule, k.path, words.Say("%s of load balancer %s holds backends that are none of the Service's (%[4]v), %[3]d in all: %[5]s%[6]s",
				"负载均衡 %[2]s 的 %[1]s：有 %[3]d 个后端不属于该 Service（%[4]v）：%[5]s%[6]s",
				where, lb.ID, len(vd.names), vd.want.Mode, vd.names, from(f)))
		}
	}
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
