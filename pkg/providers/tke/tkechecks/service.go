package tkechecks

import (
	"fmt"
	"regexp"
	"strings"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/labels"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// tkeServiceChecks run on LoadBalancer Services the TKE service controller handles.
var tkeServiceChecks = []checks.Check{
	{Name: "tke-service-annotations", Kind: rules.Service, Provider: tkerules.Provider, Applies: tkeLBService, Run: checkServiceAnnotations,
		Emits: []rules.ID{tkerules.ServiceE4005, tkerules.ServiceE4011, tkerules.ServiceE4037, tkerules.ServiceE4075,
			tkerules.ServiceInvalidVPCID, tkerules.ServiceInvalidBool, tkerules.ServiceInvalidAnnotationValue},
		Inputs: checks.TargetOnly},
	{Name: "tke-service-existing-lb", Kind: rules.Service, Provider: tkerules.Provider, Applies: tkeLBService, Run: checkServiceExistingLB, Offline: checks.AddOnly,
		Emits:  []rules.ID{tkerules.ServiceE4012, tkerules.ServiceE4014, tkerules.ServicePortTakenByIngress, tkerules.ServiceOnGroupedCLB},
		Inputs: inTKELBUsers(tkeann.ExistedLBID)},
	{Name: "tke-service-config", Kind: rules.Service, Provider: tkerules.Provider, Applies: tkeLBService, Run: checkServiceConfig,
		Emits:  []rules.ID{tkerules.ServiceE4026, tkerules.ServiceConfigConflict},
		Inputs: []checks.Input{{Custom: ServiceConfigs, Scope: checks.InNamespace, When: checks.Annotated(tkeann.SvcServiceConfig)}}},
	protocolSecretCheck,
	{Name: "tke-service-direct-access", Kind: rules.Service, Provider: tkerules.Provider, Applies: tkeLBService, Run: checkServiceDirectAccess,
		Emits: []rules.ID{tkerules.ServiceE4033},
		Inputs: []checks.Input{checks.Require(checks.InBackendPods, directAccessOn), checks.OnlyWhen(checks.InNodes, directAccessOn),
			checks.OnlyWhen(checks.Input{Resource: snapshot.ConfigMaps, Scope: checks.Fixed, Namespace: checks.KubeSystem, Name: tkeServiceCtrlCM}, directAccessOn)}},
	{Name: "tke-service-backends-label", Kind: rules.Service, Provider: tkerules.Provider, Applies: tkeLBService, Run: checkServiceBackendsLabel,
		Emits:  []rules.ID{tkerules.ServiceBackendsLabelInvalid, tkerules.ServiceBackendsLabelNoNodes},
		Inputs: []checks.Input{checks.Require(checks.InNodes, checks.Annotated(tkeann.BackendsLabel))}},
	{Name: "tke-nginx-graceful-shutdown", Kind: rules.Service, Provider: tkerules.Provider, Applies: tkeLBService, Run: checkNginxGracefulShutdown,
		Emits:  []rules.ID{tkerules.ServiceNginxGracefulShutdown},
		Inputs: []checks.Input{checks.Require(checks.InBackendPods, directAccessOn)}},
}

// tkeLBService is true when the target is a LoadBalancer Service.
func tkeLBService(c *checks.Context) bool {
	return c.Service.Spec.Type == corev1.ServiceTypeLoadBalancer
}

// svcIDFormats are the Service annotations holding a cloud id, with the rule a malformed one meets:
// E4011 (the named CLB cannot exist), E4037 (the subnet cannot exist), E4075 (the region id of
// cross-region binding is wrong); a malformed VPC id has no code of its own.
var svcIDFormats = []struct {
	key  string
	form checks.IDFormat
	rule rules.ID
}{
	{tkeann.ExistedLBID, clbID, tkerules.ServiceE4011},
	{tkeann.InternalSubnetID, subnetID, tkerules.ServiceE4037},
	{tkeann.SvcCrossRegion, regionID, tkerules.ServiceE4075},
	{tkeann.SvcCrossVPC, vpcID, tkerules.ServiceInvalidVPCID},
}

// svcEnumAnnotations are the TKE Service annotations the Service annotation page documents with a
// closed set of values; the Service table has no code for another value.
var svcEnumAnnotations = []struct {
	key   string
	check func(string) error
}{
	{tkeann.SvcChargeType, checks.OneOf("BANDWIDTH_POSTPAID_BY_HOUR", "TRAFFIC_POSTPAID_BY_HOUR")},
}

// svcBoolAnnotations are the TKE Service switches; the Service table has no code for a malformed one.
var svcBoolAnnotations = []string{tkeann.SvcDirectAccess, tkeann.PreventLoopback, tkeann.SvcServiceConfigAuto}

func checkServiceAnnotations(c *checks.Context) error {
	a := c.Service.Annotations
	if v, ok := a[tkeann.SvcExtensive]; ok {
		if !checks.IsJSONObject(v) {
			if _, err := checks.JSONObject(v); err != nil {
				c.Say(tkerules.ServiceE4005, checks.AnnPath(tkeann.SvcExtensive), tkeErrWords(err))
			}
		}
	}
	for _, f := range svcIDFormats {
		v, ok := a[f.key]
		if !ok {
			continue
		}
		if err := f.form.Validate(v); err != nil {
			var hint words.Words
			if f.key == tkeann.SvcCrossRegion && zoneRE.MatchString(v) {
				hint = words.Say("; it looks like an availability zone, drop the trailing -N", "；它看起来是可用区 ID，请去掉末尾的 -N")
			}
			c.Say(f.rule, checks.AnnPath(f.key), words.Say("%v%s", "%v%s", err, hint))
		}
	}
	for _, e := range svcEnumAnnotations {
		if v, ok := a[e.key]; ok {
			if err := e.check(v); err != nil {
				c.Say(tkerules.ServiceInvalidAnnotationValue, checks.AnnPath(e.key), tkeErrWords(err))
			}
		}
	}
	for _, key := range svcBoolAnnotations {
		if v, ok := a[key]; ok {
			if _, err := checks.ParseBool(v); err != nil {
				c.Say(tkerules.ServiceInvalidBool, checks.AnnPath(key), tkeErrWords(err))
			}
		}
	}
	return nil
}

// zoneRE is an availability zone id such as ap-guangzhou-3, a common mistake for a region id.
var zoneRE = regexp.MustCompile(`^[a-z]+-[a-z]+(-[a-z]+)?-[0-9]+$`)

// checkServiceExistingLB finds a reused CLB that TKE created for another object (E4012) and
// listener ports that another Service reusing the same CLB already declares (E4014). It reads the
// users of the CLB from the index by id and port, so that n Services sharing one CLB cost n, not n².
func checkServiceExistingLB(c *checks.Context) error {
	id := c.Service.Annotations[tkeann.ExistedLBID]
	if id == "" {
		return nil
	}
	idx := checks.Memo(c, lbUsersKey, func() lbIndex { return indexLBUsers(c) })
	if idx.err != nil {
		return nil
	}
	c.NotePartial()
	var creators []string
	for _, u := range idx.byID[id] {
		if !u.reuses {
			creators = append(creators, u.String())
		}
	}
	if len(creators) > 0 {
		c.Say(tkerules.ServiceE4012, checks.AnnPath(tkeann.ExistedLBID), words.Say(
			"load balancer %s was created by TKE for %s; only a CLB created by hand can be reused",
			"负载均衡 %s 是 TKE 为 %s 自动创建的；只有手动创建的 CLB 才能复用", checks.Clip(id), checks.ListWords(creators, 5)))
	}
	self := idx.reused[c.Service.Namespace+"/"+c.Service.Name] == id
	for i, p := range c.Service.Spec.Ports {
		if us := othersWords(idx.declaring[id][checks.LBPort{Port: p.Port, Proto: checks.ProtocolOf(p)}], c.Service, self, 5); us != nil {
			c.Say(tkerules.ServiceE4014, fmt.Sprintf("spec.ports[%d]", i), words.Say(
				"port %d/%s is also declared on reused load balancer %s by %s",
				"复用的负载均衡 %[3]s 上，%[4]s 也声明了端口 %[1]d/%[2]s",
				p.Port, checks.Clip(string(checks.ProtocolOf(p))), checks.Clip(id), *us))
		}
	}
	if !sayOnGroupedCLB(c, id, idx.byID[id]) {
		sayPortsTakenByIngress(c, id, idx.byID[id])
	}
	return nil
}

// othersWords lists, as ListWords does, the users other than Service svc (which is among them when
// self is set), reading no more than max+1 of them; nil when there are none.
func othersWords(users []lbUser, svc *corev1.Service, self bool, max int) *words.Words {
	n := len(users)
	if self {
		n--
	}
	if n <= 0 {
		return nil
	}
	var first []string
	for _, u := range users {
		if len(first) == max {
			break
		}
		if !(u.ns == svc.Namespace && u.name == svc.Name) {
			first = append(first, u.String())
		}
	}
	w := checks.ListWords(first, max)
	if n > len(first) {
		w = words.Say("%[1]s and %[2]d more", "%[1]s 等 %[3]d 个", checks.ListWords(first, max), n-len(first), n)
	}
	return &w
}

// lookupServiceConfig returns the TkeServiceConfig ns/name; found is false when it is known to be
// absent, and err says why it is unknown.
func lookupServiceConfig(c *checks.Context, ns, name string) (cfg *unstructured.Unstructured, found bool, err error) {
	cfg, err = c.Snap.Custom(*ServiceConfigs).Get(ns, name)
	switch {
	case err == nil:
		return cfg, true, nil
	case checks.IsNotFound(err):
		return nil, false, nil
	}
	return nil, false, err
}

// checkServiceConfig reports a TkeServiceConfig that is named but absent (E4026), or named while the
// automatic config is on too (no code).
func checkServiceConfig(c *checks.Context) error {
	svc := c.Service
	name := svc.Annotations[tkeann.SvcServiceConfig]
	if name == "" {
		return nil
	}
	if auto, err := checks.ParseBool(svc.Annotations[tkeann.SvcServiceConfigAuto]); err == nil && auto {
		c.Say(tkerules.ServiceConfigConflict, checks.AnnPath(tkeann.SvcServiceConfig), configConflictWords(tkeann.SvcServiceConfigAuto))
	}
	found, absent, err := serviceConfigRef(c, svc.Namespace, name)
	if err == nil && !found {
		c.Say(tkerules.ServiceE4026, checks.AnnPath(tkeann.SvcServiceConfig), absent)
	}
	return err
}

// checkServiceDirectAccess reports direct access (CLB to pod) that no backend pod can take (E4033).
// The cluster switch GlobalRouteDirectAccess (kube-system/tke-service-controller-config) lets the
// CLB bind GlobalRouter pods as well; while it cannot be read, pods ruled out only for lack of a
// VPC-CNI sign give a warning, not an error.
func checkServiceDirectAccess(c *checks.Context) error {
	v, ok := c.Service.Annotations[tkeann.SvcDirectAccess]
	if !ok {
		return nil
	}
	where := checks.AnnPath(tkeann.SvcDirectAccess)
	if on, err := checks.ParseBool(v); err != nil || !on {
		return nil // a malformed value is reported by the annotation check
	}
	pods, err := c.Snap.BackendPods(c.Service)
	if err != nil {
		return err
	}
	global, switchPath, switchErr := tkeGlobalRouteDirect(c.Snap)
	var why []words.Words
	onlyENI := true // every pod is ruled out only for lack of a VPC-CNI sign
	anyENI := false // some pod is: the cluster switch would let the CLB bind it
	for _, p := range pods {
		reason, eniOnly, err := directReachable(c, p)
		switch {
		case err != nil:
			return err
		case reason.IsZero():
			return nil // one pod can be bound directly; the controller binds those
		case eniOnly && switchErr == nil && global:
			return nil // GlobalRouter direct access is on for the cluster: the pod's own address is bindable
		}
		onlyENI, anyENI = onlyENI && eniOnly, anyENI || eniOnly
		why = append(why, words.Say("%s: %s", "%s：%s", checks.Clip(p.Name), reason))
	}
	if len(why) == 0 {
		return nil // no backend pod to judge
	}
	if len(why) > 3 {
		why = append(why[:3], words.Say("and %d more", "另有 %d 个", len(why)-3))
	}
	if onlyENI && switchErr != nil {
		c.SaySeverity(tkerules.ServiceE4033, rules.Warning, where, words.Say(
			"direct access is on, no backend pod shows VPC-CNI (ENI) networking (%s), and whether the cluster allows direct access to GlobalRouter pods (%s) is unknown: %v",
			"已开启直连，但没有后端 Pod 显示使用 VPC-CNI（弹性网卡）网络（%s），且无法确定集群是否允许直连 GlobalRouter 模式的 Pod（%s）：%v",
			checks.JoinWords(why), switchPath, switchErr))
		return nil
	}
	msg := words.Say("direct access is on but no backend pod can be bound to the CLB (%s)",
		"已开启直连，但没有后端 Pod 能绑定到 CLB（%s）", checks.JoinWords(why))
	switch {
	case anyENI && switchErr == nil:
		msg = words.Say("%s; %s is not \"true\"", "%s；%s 不是 \"true\"", msg, switchPath)
	case anyENI:
		msg = words.Say("%s; whether %s is \"true\" is unknown: %v", "%s；无法确定 %s 是否为 \"true\"：%v", msg, switchPath, switchErr)
	}
	c.Say(tkerules.ServiceE4033, where, msg)
	return nil
}

// directReachable says why a pod cannot be a direct CLB backend (zero Words when it can). A CLB reaches a pod
// directly only when the pod has its own VPC address from an elastic network interface (VPC-CNI) and
// does not use the node's network. The heuristic counts as ENI networking any of:
//   - a pod annotation key tke.cloud.tencent.com/networks whose value names an ENI mode (tke-route-eni,
//     tke-direct-eni), or tke.cloud.tencent.com/vpc-ip-claim-delete-policy (static pod IPs, VPC-CNI only);
//   - a container request or limit of tke.cloud.tencent.com/eni-ip or tke.cloud.tencent.com/direct-eni;
//   - on the pod's node, a label key of the form tke.cloud.tencent.com/…eni…, allocatable
//     tke.cloud.tencent.com/eni-ip or direct-eni, or a super node (label node.kubernetes.io/instance-type=eklet),
//     whose pods always have their own ENI.
//
// eniOnly is set when the lack of such a sign is the only reason. An unreadable node, needed only
// when the pod itself shows no sign, is returned as err.
func directReachable(c *checks.Context, p *snapshot.Pod) (reason words.Words, eniOnly bool, err error) {
	if p.Spec.HostNetwork {
		return words.Say("uses hostNetwork", "使用 hostNetwork"), false, nil
	}
	if podHasENI(p) {
		return words.Words{}, false, nil
	}
	if p.Spec.NodeName == "" {
		return words.Say("not scheduled and no sign of VPC-CNI (ENI) networking", "尚未调度，且看不出使用 VPC-CNI（弹性网卡）网络"), false, nil
	}
	n, err := c.Snap.Nodes.Get("", p.Spec.NodeName)
	if err != nil {
		if checks.IsNotFound(err) {
			return words.Say("its node %s does not exist", "所在节点 %s 不存在", checks.Clip(p.Spec.NodeName)), false, nil
		}
		return words.Words{}, false, err
	}
	if nodeHasENI(n) {
		return words.Words{}, false, nil
	}
	return words.Say("no sign of VPC-CNI (ENI) networking on the pod or node %s", "Pod 和节点 %s 上都看不出使用 VPC-CNI（弹性网卡）网络", checks.Clip(n.Name)), true, nil
}

const (
	tkeNetworksAnn  = "tke.cloud.tencent.com/networks"
	tkeIPClaimAnn   = "tke.cloud.tencent.com/vpc-ip-claim-delete-policy"
	tkeENIIP        = corev1.ResourceName("tke.cloud.tencent.com/eni-ip")
	tkeDirectENI    = corev1.ResourceName("tke.cloud.tencent.com/direct-eni")
	tkePrefix       = "tke.cloud.tencent.com/"
	superNodeType   = "eklet"
	instanceTypeKey = "node.kubernetes.io/instance-type"
)

func podHasENI(p *snapshot.Pod) bool {
	if strings.Contains(p.Annotations[tkeNetworksAnn], "eni") {
		return true
	}
	if _, ok := p.Annotations[tkeIPClaimAnn]; ok {
		return true
	}
	for _, ct := range p.Spec.Containers {
		for _, rl := range []corev1.ResourceList{ct.Resources.Requests, ct.Resources.Limits} {
			if hasResource(rl, tkeENIIP, tkeDirectENI) {
				return true
			}
		}
	}
	return false
}

func nodeHasENI(n *corev1.Node) bool {
	if n.Labels[instanceTypeKey] == superNodeType || hasResource(n.Status.Allocatable, tkeENIIP, tkeDirectENI) {
		return true
	}
	for k := range n.Labels {
		if strings.HasPrefix(k, tkePrefix) && strings.Contains(k[len(tkePrefix):], "eni") {
			return true
		}
	}
	return false
}

func hasResource(rl corev1.ResourceList, names ...corev1.ResourceName) bool {
	for _, n := range names {
		if q, ok := rl[n]; ok && !q.IsZero() {
			return true
		}
	}
	return false
}

// checkServiceBackendsLabel checks the node selector of service.kubernetes.io/qcloud-loadbalancer-
// backends-label: it must parse, and select at least one node, or the controller drains the CLB.
// With direct access the CLB forwards to pods, so the selector is not judged.
func checkServiceBackendsLabel(c *checks.Context) error {
	v, ok := c.Service.Annotations[tkeann.BackendsLabel]
	if !ok || directAccessOn(c) {
		return nil
	}
	where := checks.AnnPath(tkeann.BackendsLabel)
	sel, err := labels.Parse(v)
	if err != nil || strings.TrimSpace(v) == "" {
		c.Say(tkerules.ServiceBackendsLabelInvalid, where, words.Say("%q is not a label selector", "%q 不是合法的标签选择器", checks.Clip(v)))
		return nil
	}
	nodes, err := c.Snap.Nodes.List("")
	if err != nil {
		return err
	}
	for _, n := range nodes {
		if sel.Matches(labels.Set(n.Labels)) {
			return nil
		}
	}
	if err := c.Snap.Nodes.Whole(""); err != nil {
		return &checks.WrappedWords{Err: err, W: words.Say("no node of the input matches %q, but %v", "输入中没有节点匹配 %q，但 %v", checks.Clip(v), err)}
	}
	c.Say(tkerules.ServiceBackendsLabelNoNodes, where, words.Say("none of the %d nodes has the labels %q selects",
		"%d 个节点中没有一个带有 %q 所选择的标签", len(nodes), checks.Clip(v)))
	return nil
}
