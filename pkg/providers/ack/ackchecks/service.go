package ackchecks

import (
	"errors"
	"fmt"
	"net"
	"regexp"
	"slices"
	"strconv"
	"strings"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/intstr"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// ackServiceChecks run on Services of ACK clusters.
var ackServiceChecks = []checks.Check{
	{Name: "ack-annotations", Kind: rules.Service, Provider: ackrules.Provider, Applies: ackCLBOrNLB, Run: checkACKAnnotations,
		Emits: []rules.ID{ackrules.ServiceInvalidAnnotation, ackrules.ServiceIgnoredAnnotationValue, ackrules.ServiceUnknownAnnotation, ackrules.ServiceLegacyAnnotationConflict,
			ackrules.ServiceAnnotationDependency, ackrules.ServiceReuseWithoutOverride},
		Inputs: checks.TargetOnly},
	{Name: "ack-eni", Kind: rules.Service, Provider: ackrules.Provider, Applies: ackCLB, Run: checkACKENI,
		Emits:  []rules.ID{ackrules.ServiceENIStringTargetPort, ackrules.ServiceENISharedSpec, ackrules.ServiceENIFlannel},
		Inputs: []checks.Input{{Resource: snapshot.DaemonSets, Scope: checks.Fixed, Namespace: checks.KubeSystem}, inACKCloudConfig, ccmInput}},
	{Name: "ack-backends", Kind: rules.Service, Provider: ackrules.Provider, Applies: ackCLBOrNLB, Run: checkACKBackends,
		Emits: []rules.ID{ackrules.ServiceNoAvailableNodes, ackrules.ServiceBackendQuota},
		Inputs: append([]checks.Input{checks.InSlices, checks.InBackendPods, checks.InNodes, inACKCloudConfig,
			{Scope: checks.Derived, Derive: ackIDUserSlices, When: ackReuses}}, inACKIDUsers...)},
	{Name: "ack-https-backend", Kind: rules.Service, Provider: ackrules.Provider, Applies: ackCLB, Run: checkACKHTTPSBackend,
		Emits:  []rules.ID{ackrules.ServiceHTTPSToHTTPSBackend},
		Inputs: []checks.Input{checks.InBackendPods}},
	{Name: "ack-lb-reuse", Kind: rules.Service, Provider: ackrules.Provider, Applies: ackReuses, Run: checkACKReuse, Offline: checks.AddOnly,
		Emits: []rules.ID{ackrules.ServiceReuseCCMLB},
		// The Services CCM bound to the target's CLB id carry it in a label.
		Inputs: []checks.Input{checks.Require(checks.MatchingInput(snapshot.Services, ackann.LabelLBID, true, ackID), nil)}},
	{Name: "ack-reused-ports", Kind: rules.Service, Provider: ackrules.Provider, Applies: ackReuses, Run: checkACKReusedPorts, Offline: checks.AddOnly,
		Emits: []rules.ID{ackrules.ServiceReusedPortTaken}, Inputs: inACKIDUsers},
	{Name: "ack-immutable", Kind: rules.Service, Provider: ackrules.Provider, Applies: ackCLB, Run: checkACKImmutable,
		Emits:  []rules.ID{ackrules.ServiceResourceGroupFixed},
		Inputs: checks.TargetOnly},
	{Name: "ack-rolling-update", Kind: rules.Service, Provider: ackrules.Provider, Applies: ackCLB, Run: checkACKRollingUpdate,
		Emits: []rules.ID{ackrules.ServiceRollingUpdate503},
		Inputs: []checks.Input{checks.Require(checks.InBackendPods, func(c *checks.Context) bool {
			return ackAnns(c.Service.Annotations).value("connection-drain") != "on"
		})}},
	{Name: "ack-traffic", Kind: rules.Service, Provider: ackrules.Provider, Applies: ackCLB, Run: checkACKTraffic,
		Emits:  []rules.ID{ackrules.ServiceUnevenLoad, ackrules.ServiceNodePortLocalPortRange},
		Inputs: []checks.Input{inACKCloudConfig}},
	{Name: "ack-ccm-version", Kind: rules.Service, Provider: ackrules.Provider, Applies: ackCLB, Run: checkACKCCMVersion,
		Emits:  []rules.ID{ackrules.ServiceOldCCMNoEvents},
		Inputs: []checks.Input{ccmInput}},
	{Name: "ack-reuse-ccm-version", Kind: rules.Service, Provider: ackrules.Provider, Applies: ackReuses, Run: checkACKReuseCCMVersion,
		Emits:  []rules.ID{ackrules.ServiceReuseOldCCM},
		Inputs: []checks.Input{ccmInput}},
	{Name: "ack-intranet-loopback", Kind: rules.Service, Provider: ackrules.Provider, Applies: ackReuses, Run: checkACKIntranetLoopback,
		Emits:  []rules.ID{ackrules.ServiceIntranetLBLoopback},
		Inputs: checks.TargetOnly},
	{Name: "ack-annotations-not-lb", Kind: rules.Service, Provider: ackrules.Provider, Applies: ackNotLBWithAnnotations, Run: checkACKAnnotationsNotLB,
		Emits:  []rules.ID{ackrules.ServiceListenerOnNodePort},
		Inputs: checks.TargetOnly},
	{Name: "ack-type-change", Kind: rules.Service, Provider: ackrules.Provider, Applies: ackNotLBWithLabel, Run: checkACKTypeChange,
		Emits:  []rules.ID{ackrules.ServiceTypeChangeDeletesLB},
		Inputs: []checks.Input{ccmInput}},
	{Name: "ack-public-slb", Kind: rules.Service, Provider: ackrules.Provider, Applies: ackCLB, Run: checkACKPublicSLB,
		Emits:  []rules.ID{ackrules.ServicePublicSLBDisabled},
		Inputs: []checks.Input{checks.Require(inACKCloudConfig, nil)}},
	{Name: "ack-zone-region", Kind: rules.Service, Provider: ackrules.Provider, Applies: ackZoned, Run: checkACKZoneRegion,
		Emits:  []rules.ID{ackrules.ServiceZoneNotInRegion},
		Inputs: []checks.Input{checks.InNodes}},
}

// aliRegion is an Alibaba Cloud region id such as cn-hangzhou or ap-southeast-1.
var aliRegion = regexp.MustCompile(`^[a-z]{2}(-[a-z0-9]+)+$`)

// checkACKPublicSLB flags a Service that asks for an internet-facing CLB (address-type internet, or
// unset) on a cluster whose CCM configuration forbids them (disablePublicSLB): CCM records a warning
// and drops the Service. A reused CLB keeps its own type and is not judged.
func checkACKPublicSLB(c *checks.Context) error {
	cfg := ackCloudConfig(c.Snap)
	if !cfg.known {
		return cfg.err
	}
	a := ackAnns(c.Service.Annotations)
	if !cfg.disablePublicSLB || ackReuses(c) {
		return nil
	}
	if t := a.value("address-type"); t == "" || t == "internet" {
		path := a.path("address-type")
		if _, _, set := a.get("address-type"); !set {
			path = "metadata.annotations"
		}
		var shown any = quotedOr(t, "")
		if t == "" {
			shown = words.Say("unset", "空值（未设置）")
		}
		c.Say(ackrules.ServicePublicSLBDisabled, path, words.Say(
			"the Service asks for an internet-facing CLB (address-type %s), but %s sets disablePublicSLB: true",
			"该 Service 要求公网 CLB（address-type 为 %s），但 %s 设置了 disablePublicSLB: true", shown, ackCloudConfigPath))
	}
	return nil
}

// checkACKENI checks a Service whose pods CCM attaches directly as ENI backends, by its annotation or
// by the cluster's default backend type.
func checkACKENI(c *checks.Context) error {
	svc := c.Service
	eni, byConfig := ackBackendMode(c.Snap, svc)
	if !eni {
		return nil
	}
	if !byConfig.IsZero() {
		byConfig = words.Say(" (%s)", "（%s）", byConfig)
	}
	a := ackAnns(svc.Annotations)
	portsErr := checkACKNamedTargetPorts(c, byConfig)
	// Without a spec annotation CCM applies its default specification, which takes ENI backends.
	if a.value("spec") == "slb.s0.share" {
		c.Say(ackrules.ServiceENISharedSpec, a.path("spec"), words.Say("spec slb.s0.share is a shared-resource CLB, which takes no ENI backends%s",
			"规格 slb.s0.share 是共享型 CLB，不支持 ENI 后端%s", byConfig))
	}
	plugin, err := ackNetworkPlugin(c)
	if err != nil {
		return errors.Join(portsErr, err)
	}
	if plugin == "flannel" {
		c.Say(ackrules.ServiceENIFlannel, checks.AnnPath(ackann.BackendType), words.Say(
			"the cluster runs Flannel (kube-system/kube-flannel-ds), whose pod IPs are not ENI addresses%s",
			"集群使用 Flannel 网络插件（kube-system/kube-flannel-ds），其 Pod IP 不是弹性网卡（ENI）地址%s", byConfig))
	}
	return portsErr
}

// checkACKNamedTargetPorts flags named targetPorts of an ENI Service on a CCM older than
// ackNamedPortCCM, which sends the name's zero value to the CLB API. A newer CCM resolves the name;
// when the version cannot be told, the finding is a warning that names the release that fixes it,
// and when the CCM was not read, the error says why.
func checkACKNamedTargetPorts(c *checks.Context, byConfig words.Words) error {
	var named []int
	for i, p := range c.Service.Spec.Ports {
		if p.TargetPort.Type == intstr.String {
			named = append(named, i)
		}
	}
	if len(named) == 0 {
		return nil
	}
	tag, _, old, err := ccmOlder(c, ackNamedPortCCM)
	if snapshot.IsUnknown(err) {
		return err // not read (RBAC, offline input): no verdict
	}
	for _, i := range named {
		path, name := fmt.Sprintf("spec.ports[%d].targetPort", i), checks.Clip(c.Service.Spec.Ports[i].TargetPort.StrVal)
		switch {
		case err != nil:
			c.SaySeverity(ackrules.ServiceENIStringTargetPort, rules.Warning, path, words.Say(
				"targetPort %q is a port name, which cloud-controller-manager releases before %s cannot resolve with ENI backends; "+
					"its version is unknown (%v)%s",
				"targetPort %q 是端口名称，%s 之前的 cloud-controller-manager 版本在 ENI 后端模式下无法解析它；当前版本未知（%v）%s",
				name, ackNamedPortCCM, err, byConfig))
		case old:
			c.Say(ackrules.ServiceENIStringTargetPort, path, words.Say(
				"targetPort %q is a port name, which cloud-controller-manager %s (before %s) cannot resolve with ENI backends%s",
				"targetPort %q 是端口名称，cloud-controller-manager %s（早于 %s）在 ENI 后端模式下无法解析它%s",
				name, checks.Clip(tag), ackNamedPortCCM, byConfig))
		}
	}
	return nil
}

// ackNetworkPlugin tells "flannel" or "terway" from kube-system DaemonSets and flannel pods.
func ackNetworkPlugin(c *checks.Context) (string, error) {
	flannel, terway := false, false
	dss, err := c.Snap.DaemonSets.List(checks.KubeSystem)
	for _, ds := range dss {
		flannel = flannel || strings.HasPrefix(ds.Name, "kube-flannel-ds")
		terway = terway || ds.Name == "terway" || strings.HasPrefix(ds.Name, "terway-eni")
	}
	// Pods only add evidence: in live mode kube-system pods are not fetched.
	if pods, perr := c.Snap.Pods.List(checks.KubeSystem); perr == nil {
		for _, p := range pods {
			flannel = flannel || p.Labels["app"] == "flannel"
		}
	}
	switch {
	case terway:
		return "terway", nil
	case flannel:
		return "flannel", nil
	case err != nil:
		return "", err
	}
	return "", words.Errorf("network plugin unknown: no kube-flannel-ds or terway DaemonSet in kube-system",
		"网络插件未知：kube-system 中没有 kube-flannel-ds 或 terway DaemonSet")
}

// ackEligibleNodes filters nodes the way CCM picks CLB backends: the backend-label selector, no
// master nodes, no nodes labelled for exclusion or marked for deletion by the autoscaler, no
// unschedulable nodes when remove-unscheduled-backend is on, and only Ready nodes (virtual-kubelet
// nodes always pass).
func ackEligibleNodes(a ackAnns, nodes []*corev1.Node) []*corev1.Node {
	want, _ := checks.ParseKeyValues(a.value("backend-label"))
	removeUnsched := a.value("remove-unscheduled-backend") == "on"
	var out []*corev1.Node
	for _, n := range nodes {
		ok := !checks.IsControlPlaneNode(n) && !checks.ExcludedFromLB(n) && !(removeUnsched && n.Spec.Unschedulable) &&
			(n.Labels["type"] == "virtual-kubelet" || checks.NodeIsReady(n))
		for k, v := range want {
			ok = ok && n.Labels[k] == v
		}
		for _, t := range n.Spec.Taints {
			ok = ok && t.Key != "ToBeDeletedByClusterAutoscaler"
		}
		if ok {
			out = append(out, n)
		}
	}
	return out
}

// checkACKBackends estimates what CCM attaches to the CLB: nothing at all ("There are no available
// nodes"), or more than the backend-server quota.
func checkACKBackends(c *checks.Context) error {
	a := ackAnns(c.Service.Annotations)
	b, err := ackBackendsMemo(c, c.Service)
	if err != nil {
		return err
	}
	switch {
	case b.endpointsErr != nil:
		// Whether any endpoint is ready is unknown; the node count of Cluster mode is not.
		found, err := checkACKQuota(c, b)
		if found {
			return err
		}
		return errors.Join(err, b.endpointsErr)
	case len(b.ready) == 0:
		// CCM attaches what the EndpointSlices list: without them "no endpoint" is not proven.
		if _, err := checks.ServiceSlices(c.Snap, c.Service); err != nil {
			return err
		}
		c.Say(ackrules.ServiceNoAvailableNodes, "spec.selector", words.Say("the Service has no ready endpoint (%d endpoints in %s)",
			"该 Service 没有就绪的 Endpoint（%[2]s 中共 %[1]d 个）", b.endpoints, b.from))
		return nil
	case b.eni:
	case !b.local && b.eligible == 0:
		// Offline, the input files may lack the nodes that would be eligible.
		if err = c.Snap.Nodes.Whole(""); err != nil {
			err = words.Errorf("cannot tell whether any node can be a CLB backend: %w", "无法判断是否有节点可以作为 CLB 的后端服务器：%w", err)
			break
		}
		path := "spec.externalTrafficPolicy"
		if _, _, set := a.get("backend-label"); set {
			path = a.path("backend-label")
		}
		c.Say(ackrules.ServiceNoAvailableNodes, path, words.Say(
			"none of the %d nodes can be a CLB backend (master, excluded, not Ready or filtered out)",
			"%d 个节点都不能作为 CLB 的后端服务器（master 节点、被排除、未就绪或被筛除）", b.nodes))
	case b.local && len(b.ids) == 0 && len(b.unseen) > 0:
		// A node the node list lacks is not in the input files, or known absent: never nil.
		_, err = c.Snap.Nodes.Get("", b.unseen[0])
		err = words.Errorf("ready pods run on nodes the node list lacks (%s), so whether CCM attaches them is unknown: %w",
			"就绪的 Pod 运行在节点列表中没有的节点上（%s），因此无法确定 CCM 是否会挂载它们：%w", checks.NameList(checks.ClipAll(b.unseen), 3), err)
	case b.local && len(b.ids) == 0:
		c.Say(ackrules.ServiceNoAvailableNodes, "spec.selector", words.Say(
			"every ready pod runs on a node CCM does not attach (master, excluded or not Ready): %s",
			"所有就绪的 Pod 都运行在 CCM 不会挂载的节点上（master 节点、被排除或未就绪）：%s", checks.ListWords(b.elsewhere, 8)))
	}
	_, qerr := checkACKQuota(c, b)
	return errors.Join(err, qerr)
}

// checkACKHTTPSBackend finds HTTPS listeners (TLS ends on the CLB) forwarding to a TLS port of the pods.
func checkACKHTTPSBackend(c *checks.Context) error {
	a := ackAnns(c.Service.Annotations)
	ports, err := parseProtocolPort(a.value("protocol-port"))
	if _, _, cert := a.get("cert-id"); err != nil || !cert {
		return nil
	}
	seen := map[int32]bool{}
	var unknown []error
	for _, pp := range ports {
		if pp.proto != "https" || seen[pp.port] {
			continue // a listener given twice is one listener
		}
		seen[pp.port] = true
		for i, sp := range c.Service.Spec.Ports {
			if sp.Port != pp.port {
				continue
			}
			tls, why, err := tlsTargetPort(c, sp.TargetPort)
			if err != nil {
				unknown = append(unknown, err)
			} else if tls {
				c.Say(ackrules.ServiceHTTPSToHTTPSBackend, fmt.Sprintf("spec.ports[%d].targetPort", i), words.Say(
					"the https:%d listener sends decrypted HTTP to targetPort %s, %s",
					"https:%d 监听把解密后的 HTTP 发往 targetPort %s，%s", pp.port, checks.Clip(sp.TargetPort.String()), why))
			}
		}
	}
	return errors.Join(unknown...)
}

// tlsTargetPort reports whether a targetPort is a TLS port of the backend pods: 443, a port named
// https, or a container port named https. Pods are read only when the port itself does not tell.
func tlsTargetPort(c *checks.Context, tp intstr.IntOrString) (bool, words.Words, error) {
	if tp.Type == intstr.Int && tp.IntVal == 443 {
		return true, words.Say("the standard HTTPS port", "即标准的 HTTPS 端口"), nil
	}
	if tp.Type == intstr.String && strings.Contains(strings.ToLower(tp.StrVal), "https") {
		return true, words.Say("a port named for HTTPS", "其名称表明它是 HTTPS 端口"), nil
	}
	pods, err := c.Snap.BackendPods(c.Service)
	if err != nil {
		return false, words.Words{}, err
	}
	for _, p := range pods {
		for _, ctr := range p.Spec.Containers {
			for _, cp := range ctr.Ports {
				named := strings.Contains(strings.ToLower(cp.Name), "https")
				if named && ((tp.Type == intstr.Int && cp.ContainerPort == tp.IntVal) || (tp.Type == intstr.String && cp.Name == tp.StrVal)) {
					return true, words.Say("which pod %s serves as container port %q", "Pod %s 以容器端口 %q 提供该端口", checks.Clip(p.Name), checks.Clip(cp.Name)), nil
				}
				if tp.Type == intstr.String && cp.Name == tp.StrVal && cp.ContainerPort == 443 {
					return true, words.Say("which resolves to port 443 in pod %s", "它在 Pod %s 中解析为 443 端口", checks.Clip(p.Name)), nil
				}
			}
		}
	}
	return false, words.Words{}, nil
}

// checkACKReuse flags a reused CLB id that CCM created for another Service.
func checkACKReuse(c *checks.Context) error {
	a := ackAnns(c.Service.Annotations)
	id := a.value("id")
	svcs, err := checks.OtherServices(c)
	if err != nil {
		return err
	}
	var owners []string
	for _, s := range svcs {
		if _, _, own := ackAnns(s.Annotations).get("id"); s.Labels[ackann.LabelLBID] == id && !own {
			owners = append(owners, checks.Clip(s.Namespace)+"/"+checks.Clip(s.Name))
		}
	}
	if len(owners) > 0 {
		slices.Sort(owners)
		c.Say(ackrules.ServiceReuseCCMLB, a.path("id"), words.Say("CLB %s was created by CCM for Service %s (label %s)",
			"CLB %s 是 CCM 为 Service %s 创建的（标签 %s）", checks.Clip(id), checks.ListWords(owners, 5), ackann.LabelLBID))
	}
	return nil
}

// checkACKCLCUSpec notes a specification next to PayByCLCU billing. A Service created with both
// gets a PayByCLCU CLB and the specification is ignored (info). The controller refuses only a change
// on an existing CLB, which the change model reports (ackStanding runs this only without one).
func checkACKCLCUSpec(c *checks.Context) {
	a := ackAnns(c.Service.Annotations)
	spec, _, hasSpec := a.get("spec")
	if !hasSpec || a.value("instance-charge-type") != "PayByCLCU" {
		return
	}
	c.SaySeverity(ackrules.ServiceCLCUSpec, rules.Info, a.path("spec"), words.Say(
		"spec %q is set with instance-charge-type PayByCLCU; no change of it shows, so CCM keeps the PayByCLCU CLB and ignores the specification",
		"规格 %q 与 instance-charge-type PayByCLCU 同时设置；未见其变更，因此 CCM 保留按 CLCU 计费的 CLB，并忽略该规格", checks.Clip(spec)))
}

// quotedOr is s quoted, or none when s is empty.
func quotedOr(s, none string) string {
	if s == "" {
		return none
	}
	return strconv.Quote(checks.Clip(s))
}

// checkACKImmutable reminds that the resource group of an existing CLB is fixed: it cannot change
// after creation. An edit of it is the change model's (ack.service.resource-group-immutable), which
// supersedes the reminder.
func checkACKImmutable(c *checks.Context) error {
	svc := c.Service
	a := ackAnns(svc.Annotations)
	if len(svc.Status.LoadBalancer.Ingress) == 0 {
		return nil
	}
	if rg, _, set := a.get("resource-group-id"); set {
		c.Say(ackrules.ServiceResourceGroupFixed, a.path("resource-group-id"), words.Say(
			"the CLB already exists in resource group %s, which cannot change any more; an edit of this value would fail every sync",
			"CLB 已创建在资源组 %s 中，之后不能再更改；修改该值会让每一次同步都失败", checks.Clip(rg)))
	}
	return nil
}

// checkACKAddressType flags a CLB address of the other kind than address-type, on a Service whose
// CLB CCM made: the type is fixed when the CLB is created. An edit of address-type since the last
// apply is the change model's (ackStanding runs this only without one).
func checkACKAddressType(c *checks.Context) {
	svc := c.Service
	a := ackAnns(svc.Annotations)
	if _, _, reused := a.get("id"); reused {
		return
	}
	// CCM compares the address type only when the annotation is set (clbv1/loadbalancer.go, Update;
	// pkg/changes.ACKCLBUpdate): without it a CLB of either type is left as it is.
	typ := a.value("address-type")
	if typ == "" {
		return
	}
	var facts []words.Words
	for _, ing := range svc.Status.LoadBalancer.Ingress {
		if private, ok := isPrivateIP(ing.IP); ok && private != (typ == "intranet") {
			kind := words.Say("public", "公网")
			if private {
				kind = words.Say("private", "私网")
			}
			facts = append(facts, words.Say("address-type is %s but the CLB address %s is %s",
				"address-type 为 %s，但 CLB 的地址 %s 是%s地址", checks.Clip(typ), checks.Clip(ing.IP), kind))
		}
	}
	if len(facts) > 0 {
		c.SaySeverity(ackrules.ServiceAddressTypeImmutable, rules.Warning, a.path("address-type"), words.Say(
			"%s; the type cannot be changed after creation", "%s；该类型在创建后不能更改", checks.JoinWords(facts)))
	}
}

// isPrivateIP reports whether s is an RFC 1918 / RFC 4193 address or in 100.64.0.0/10: addresses a
// CLB only gets on a VPC. ok is false when s is not an IP.
func isPrivateIP(s string) (private, ok bool) {
	ip := net.ParseIP(strings.TrimSpace(s))
	if ip == nil {
		return false, false
	}
	_, shared, _ := net.ParseCIDR("100.64.0.0/10")
	return ip.IsPrivate() || shared.Contains(ip), true
}

// checkACKRollingUpdate flags a listener without connection draining in front of pods that do not
// hand over gracefully: no readinessProbe, no preStop, or a grace period under preStop + 30 s.
func checkACKRollingUpdate(c *checks.Context) error {
	a := ackAnns(c.Service.Annotations)
	if a.value("connection-drain") == "on" {
		return nil
	}
	pods, err := c.Snap.BackendPods(c.Service)
	if err != nil {
		return err
	}
	var bad []words.Words
	for _, p := range pods {
		if probs := gracefulProblems(p); len(probs) > 0 {
			bad = append(bad, words.Say("%s (%s)", "%s（%s）", checks.Clip(p.Name), checks.JoinWords(probs)))
		}
	}
	if len(bad) > 0 {
		c.Say(ackrules.ServiceRollingUpdate503, a.path("connection-drain"), words.Say(
			"connection draining is off and %d of %d backend pods stop abruptly: %s",
			"连接优雅中断（connection drain）未开启，%[2]d 个后端 Pod 中有 %[1]d 个会被直接终止：%[3]s", len(bad), len(pods), checks.ListWords(bad, 3)))
	}
	return nil
}

// gracefulProblems lists what keeps a pod from leaving the CLB gracefully.
func gracefulProblems(p *snapshot.Pod) []words.Words {
	readiness, preStop, stopSecs := false, false, 0
	for _, ctr := range p.Spec.Containers {
		readiness = readiness || ctr.HasReadinessProbe
		if ctr.Lifecycle == nil || ctr.Lifecycle.PreStop == nil {
			continue
		}
		preStop = true
		h := ctr.Lifecycle.PreStop
		secs := 0
		switch {
		case h.Sleep != nil:
			secs = int(h.Sleep.Seconds)
		case h.Exec != nil:
			if m := checks.SleepRE.FindStringSubmatch(strings.Join(h.Exec.Command, " ")); m != nil {
				secs, _ = strconv.Atoi(m[1])
			}
		}
		stopSecs = max(stopSecs, secs)
	}
	grace := 30
	if p.Spec.TerminationGracePeriodSeconds != nil {
		grace = int(*p.Spec.TerminationGracePeriodSeconds)
	}
	var out []words.Words
	if !readiness {
		out = append(out, words.Say("no readinessProbe", "没有 readinessProbe"))
	}
	if !preStop {
		out = append(out, words.Say("no preStop", "没有 preStop"))
	} else if grace < stopSecs+30 {
		out = append(out, words.Say("terminationGracePeriodSeconds %d < preStop %ds + 30s", "terminationGracePeriodSeconds %d < preStop %d 秒 + 30 秒", grace, stopSecs))
	}
	return out
}

// checkACKTraffic flags Local mode with an unweighted scheduler, and nodePorts in the nodes'
// ephemeral port range. The scheduler is not judged where the listeners are the user's (a reused CLB
// without force-override-listeners): CCM does not apply the annotation there.
func checkACKTraffic(c *checks.Context) error {
	svc := c.Service
	a := ackAnns(svc.Annotations)
	if sch := a.value("scheduler"); svc.Spec.ExternalTrafficPolicy == corev1.ServiceExternalTrafficPolicyLocal &&
		sch != "wrr" && sch != "wlc" && !ackENIMode(c) && !listenersLeftAlone(a) {
		var shown any = checks.Clip(sch)
		if sch == "" {
			shown = words.Say("unset", "空值（未设置）")
		}
		c.Say(ackrules.ServiceUnevenLoad, a.path("scheduler"), words.Say(
			"externalTrafficPolicy is Local and the scheduler is %s, which ignores the per-node pod-count weights",
			"externalTrafficPolicy 为 Local，而调度算法为 %s，它不考虑按各节点 Pod 数设置的权重", shown))
	}
	for i, p := range svc.Spec.Ports {
		if p.NodePort >= 32768 {
			c.Say(ackrules.ServiceNodePortLocalPortRange, fmt.Sprintf("spec.ports[%d].nodePort", i), words.Say(
				"nodePort %d lies in the default ip_local_port_range 32768-60999",
				"nodePort %d 落在默认的 ip_local_port_range 32768-60999 范围内", p.NodePort))
		}
	}
	return nil
}

// checkACKCCMVersion flags a cloud-controller-manager too old to record Service sync events.
func checkACKCCMVersion(c *checks.Context) error {
	tag, where, old, err := ccmOlder(c, ackEventsCCM)
	if old {
		c.Say(ackrules.ServiceOldCCMNoEvents, where, words.Say("cloud-controller-manager %s predates %s, the first release that records sync events",
			"cloud-controller-manager %s 早于 %s（首个会记录同步事件的版本）", checks.Clip(tag), ackEventsCCM))
	}
	return err
}

// checkACKReuseCCMVersion flags a reused CLB on a cloud-controller-manager that cannot reuse one; when
// the version cannot be read (a managed control plane hides it), a warning names the release needed.
func checkACKReuseCCMVersion(c *checks.Context) error {
	id := checks.Clip(ackAnns(c.Service.Annotations).value("id"))
	tag, where, old, err := ccmOlder(c, ackReuseCCM)
	switch {
	case snapshot.IsUnknown(err):
		return err // not read (RBAC, offline input): no verdict
	case err != nil:
		c.SaySeverity(ackrules.ServiceReuseOldCCM, rules.Warning, ackAnns(c.Service.Annotations).path("id"), words.Say(
			"the Service reuses CLB %s, which needs cloud-controller-manager %s or later; its version is unknown (%v)",
			"该 Service 复用了 CLB %s，这需要 cloud-controller-manager %s 或更高版本；当前版本未知（%v）", id, ackReuseCCM, err))
	case old:
		c.Say(ackrules.ServiceReuseOldCCM, where, words.Say(
			"the Service reuses CLB %s, but cloud-controller-manager %s predates %s, the first release that can reuse one",
			"该 Service 复用了 CLB %s，但 cloud-controller-manager %s 早于 %s（首个支持复用 CLB 的版本）", id, checks.Clip(tag), ackReuseCCM))
	}
	return nil
}

// ccmFloors are the CCM releases ccmOlder compares with, parsed once.
var ccmFloors = func() map[string]checks.Version {
	m := map[string]checks.Version{}
	for _, s := range []string{ackEventsCCM, ackReuseCCM, ackNamedPortCCM} {
		m[s], _ = checks.ParseVersion(s)
	}
	return m
}()

// ccmImageResult is the CCM's image and where it was read, or why it is unknown.
type ccmImageResult struct {
	image, path string
	err         error
}

var ccmImageKey = snapshot.NewMemoKey[ccmImageResult]("ccm-image")

// ccmOlder reports whether the installed cloud-controller-manager predates release minimum, with its
// image tag and report path, or why its version is unknown: an unknown object (snapshot.IsUnknown:
// not read) or a CCM that the cluster does not show (a managed control plane) or whose tag is no
// version.
func ccmOlder(c *checks.Context, minimum string) (tag, path string, older bool, err error) {
	r := checks.Memo(c, ccmImageKey, func() ccmImageResult {
		image, path, err := ccmImage(c)
		return ccmImageResult{image, path, err}
	})
	if r.err != nil {
		return "", "", false, r.err
	}
	tag = checks.ImageTag(r.image)
	v, err := checks.ParseVersion(tag)
	if err != nil {
		return "", "", false, words.Errorf("cannot tell the CCM version from image %s: %v", "无法从镜像 %s 判断 CCM 的版本：%v", checks.Clip(r.image), err)
	}
	floor, ok := ccmFloors[minimum]
	if !ok {
		floor, _ = checks.ParseVersion(minimum)
	}
	return tag, r.path, v.Compare(floor) < 0, nil
}

// checkACKIntranetLoopback flags a reused private CLB with layer-4 listeners: a node that is a
// backend of such a listener cannot also be its client, so pods on backend nodes cannot reach the
// address. The address decides whether the CLB is private (a reused CLB keeps its own type); the
// address-type annotation only when no address is known yet. http/https listeners (protocol-port)
// are layer 7 and unaffected.
func checkACKIntranetLoopback(c *checks.Context) error {
	svc := c.Service
	a := ackAnns(svc.Annotations)
	private, why, known := false, words.Words{}, false
	for _, ing := range svc.Status.LoadBalancer.Ingress {
		if p, ok := isPrivateIP(ing.IP); ok {
			private, known = p, true
			why = words.Say("its address %s is private", "其地址 %s 是私网地址", checks.Clip(ing.IP))
			break
		}
	}
	if !known && a.value("address-type") == "intranet" {
		private, why = true, words.Say("address-type is intranet", "address-type 为 intranet")
	}
	if !private {
		return nil
	}
	layer7 := map[int32]bool{}
	if pps, err := parseProtocolPort(a.value("protocol-port")); err == nil {
		for _, pp := range pps {
			layer7[pp.port] = pp.proto == "http" || pp.proto == "https"
		}
	}
	var l4 []string
	for _, p := range svc.Spec.Ports {
		if !layer7[p.Port] {
			l4 = append(l4, fmt.Sprintf("%s/%d", strings.ToLower(orDefault(string(p.Protocol), "TCP")), p.Port))
		}
	}
	if len(l4) > 0 {
		c.Say(ackrules.ServiceIntranetLBLoopback, a.path("id"), words.Say(
			"reused CLB %s is internal (%s) and listens at layer 4 on %s: pods on a node that is one of its backends cannot reach it",
			"复用的 CLB %s 是内网 CLB（%s），并在 %s 上提供四层监听：运行在其后端节点上的 Pod 无法访问它",
			checks.Clip(a.value("id")), why, words.List(l4)))
	}
	return nil
}

// checkACKAnnotationsNotLB flags CLB annotations on a Service that is not of type LoadBalancer.
func checkACKAnnotationsNotLB(c *checks.Context) error {
	keys := ackCLBKeys(c.Service.Annotations)
	c.Say(ackrules.ServiceListenerOnNodePort, "spec.type", words.Say("type is %s, so CCM ignores its %d CLB annotation(s): %s",
		"类型为 %s，因此 CCM 会忽略它的 %d 个 CLB 注解：%s",
		checks.Clip(orDefault(string(c.Service.Spec.Type), "ClusterIP")), len(keys), checks.ListWords(checks.ClipAll(keys), 3)))
	return nil
}

// checkACKTypeChange flags a Service that is no longer of type LoadBalancer but still carries the
// CLB id label CCM sets: CCM deletes a CLB it created when the type changes and removes the label
// once done, so the label means the deletion is under way or failing. A reused CLB (the
// loadbalancer-id annotation names it) is kept and not reported.
func checkACKTypeChange(c *checks.Context) error {
	svc := c.Service
	id := svc.Labels[ackann.LabelLBID]
	if ackAnns(svc.Annotations).value("id") == id {
		return nil
	}
	c.Say(ackrules.ServiceTypeChangeDeletesLB, "metadata.labels["+ackann.LabelLBID+"]", words.Say(
		"type is %s but the Service is still labelled with CLB %s: CCM deletes a CLB it created when the Service stops being LoadBalancer, and its address is released",
		"类型为 %s，但该 Service 仍带有 CLB %s 的标签：Service 不再是 LoadBalancer 类型时，CCM 会删除它创建的 CLB，其地址随之释放",
		checks.Clip(orDefault(string(svc.Spec.Type), "ClusterIP")), checks.Clip(id)))
	return nil
}

// ccmImage returns the image of kube-system's cloud-controller-manager Deployment or DaemonSet and
// its report path.
func ccmImage(c *checks.Context) (image, path string, err error) {
	var spec *corev1.PodSpec
	kind := "Deployment"
	dep, derr := c.Snap.Deployments.Get(checks.KubeSystem, ackCCMName)
	if derr == nil {
		spec = &dep.Spec.Template.Spec
	} else if ds, serr := c.Snap.DaemonSets.Get(checks.KubeSystem, ackCCMName); serr == nil {
		spec, kind = &ds.Spec.Template.Spec, "DaemonSet"
	} else {
		switch {
		case !checks.IsNotFound(derr):
			return "", "", derr
		case !checks.IsNotFound(serr):
			return "", "", serr
		}
		return "", "", &checks.WrappedWords{Err: derr, W: words.Say("%[1]v, nor a DaemonSet of that name: a managed control plane runs it out of sight",
			"kube-system 中既没有名为 %[2]s 的 Deployment，也没有同名的 DaemonSet：托管的控制面在集群之外运行它", derr, ackCCMName)}
	}
	i := checks.FindContainer(spec.Containers, ackCCMName)
	if i < 0 {
		return "", "", words.Errorf("%s kube-system/%s has no %s container", "%s kube-system/%s 中没有 %s 容器", kind, ackCCMName, ackCCMName)
	}
	return spec.Containers[i].Image, checks.ObjPath(checks.KubeSystem, kind, ackCCMName, fmt.Sprintf("spec.template.spec.containers[%d].image", i)), nil
}
