package tkerules

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// TKE Service rules. Codes come from the Service table of Tencent's "Service/Ingress event errors" page;
// the same number means something else in the Ingress table, so these IDs carry the kind.

const (
	// Shared risk texts from the "risk if left unfixed" column.
	riskTKEClusterWide   = "The problem is cluster-wide: the load-balancer controller cannot do its work for any Service until it is fixed."
	riskTKENoTraffic     = "The new load balancer or listener is never set up, so the Service receives no traffic."
	riskTKESyncBlocked   = "Synchronisation of the whole Service stays blocked; later changes, including backend updates on the CLB, may never be applied."
	riskTKEBackendUpdate = "Backend registration can fail, so a rolling update of the workload may cut traffic."
)

// tkeService declares a TKE Service rule with a documented code.
func tkeService(code string, sev rules.Severity, d rules.Details) rules.ID {
	return rules.Coded(Provider, rules.Service, code, sev, d)
}

// Rules of the TKE Service catalog.
var (
	ServiceE4001 = tkeService("E4001", rules.Error, rules.Details{
		Title: "TKE service role (TKE_QCSRole) authorization missing",
		Cause: "The TKE service account lost the TKE_QCSRole authorization, so the controller cannot call the cloud APIs it needs to manage load balancers.",
		Fix:   "In the CAM (Access Management) console, check the authorization of the TKE service role TKE_QCSRole and grant it again.",
		Risk:  riskTKEClusterWide,
		Doc:   rules.DocTKEServiceEvents + "E4001",
		Zh: rules.Text{
			Title: "TKE 服务角色（TKE_QCSRole）缺少授权",
			Cause: "TKE 服务账号失去了 TKE_QCSRole 授权，控制器无法调用管理负载均衡所需的云 API。",
			Fix:   "登录访问管理（CAM）控制台，检查 TKE 服务角色 TKE_QCSRole 的授权，并重新授予。",
			Risk:  zhRiskTKEClusterWide,
		},
	})
	ServiceE4004 = tkeService("E4004", rules.Error, rules.Details{
		Title: "CLB instance quota exceeded",
		Cause: "The account already holds as many load balancer instances as its quota allows, so no new CLB can be created for this Service.",
		Fix:   "Open a support ticket to raise the CLB instance quota, or release load balancers that are no longer needed.",
		Risk:  riskTKENoTraffic,
		Doc:   rules.DocTKEServiceEvents + "E4004",
		Zh: rules.Text{
			Title: "CLB 实例数量超出配额",
			Cause: "该账号拥有的负载均衡实例数量已达到配额上限，无法再为这个 Service 创建新的 CLB。",
			Fix:   "提交工单申请提高 CLB 实例配额，或释放不再需要的负载均衡。",
			Risk:  zhRiskTKENoTraffic,
		},
	})
	ServiceE4005 = tkeService("E4005", rules.Error, rules.Details{
		Title: "Invalid CLB creation parameters",
		Cause: "The parameters passed to CLB creation are rejected; they come from the annotation service.kubernetes.io/service.extensiveParameters.",
		Fix:   "Correct service.kubernetes.io/service.extensiveParameters: it must be a JSON object of valid CreateLoadBalancer parameters, e.g. '{\"ZoneId\":\"ap-guangzhou-1\"}'.",
		Risk:  riskTKENoTraffic,
		Doc:   rules.DocTKEServiceEvents + "E4005",
		Zh: rules.Text{
			Title: "CLB 创建参数无效",
			Cause: "创建 CLB 时传入的参数被拒绝；这些参数来自注解 service.kubernetes.io/service.extensiveParameters。",
			Fix: "修正 service.kubernetes.io/service.extensiveParameters：它的值必须是由合法的 CreateLoadBalancer 参数组成的 " +
				"JSON 对象，例如 '{\"ZoneId\":\"ap-guangzhou-1\"}'。",
			Risk: zhRiskTKENoTraffic,
		},
	})
	ServiceE4008 = tkeService("E4008", rules.Error, rules.Details{
		Title: "Subnet has no free IP for the internal CLB",
		Cause: "The subnet chosen for the internal (private network) CLB has run out of IP addresses.",
		Fix:   "Point service.kubernetes.io/qcloud-loadbalancer-internal-subnetid at another subnet (subnet- followed by 8 characters) that has free addresses, create such a subnet, or switch the Service to a public CLB by removing the annotation.",
		Risk:  riskTKENoTraffic,
		Doc:   rules.DocTKEServiceEvents + "E4008",
		Zh: rules.Text{
			Title: "内网 CLB 所用子网没有空闲 IP",
			Cause: "为内网 CLB 选定的子网中，IP 地址已经分配完了。",
			Fix: "把 service.kubernetes.io/qcloud-loadbalancer-internal-subnetid 改为另一个还有空闲地址的子网（subnet- 后跟 " +
				"8 个字符），或新建这样一个子网；也可以删除该注解，让 Service 改用公网 CLB。",
			Risk: zhRiskTKENoTraffic,
		},
	})
	ServiceE4009 = tkeService("E4009", rules.Error, rules.Details{
		Title: "Account in arrears",
		Cause: "The Tencent Cloud account has an overdue balance, so billable CLB resources cannot be created.",
		Fix:   "Top up the account; the controller can create the load balancer once the balance is positive again.",
		Risk:  riskTKENoTraffic,
		Doc:   rules.DocTKEServiceEvents + "E4009",
		Zh: rules.Text{
			Title: "账号欠费",
			Cause: "腾讯云账号处于欠费状态，无法创建需要计费的 CLB 资源。",
			Fix:   "为账号充值；余额恢复为正数后，控制器就能创建负载均衡。",
			Risk:  zhRiskTKENoTraffic,
		},
	})
	ServiceE4011 = tkeService("E4011", rules.Error, rules.Details{
		Title: "Existing CLB named by tke-existed-lbid does not exist",
		Cause: "The Service asks to reuse a load balancer through service.kubernetes.io/tke-existed-lbid, but no CLB with that ID exists.",
		Fix:   "Look up a real CLB in the same VPC as the cluster in the CLB console and put its ID (lb- followed by 8 lowercase letters or digits) into service.kubernetes.io/tke-existed-lbid.",
		Risk:  riskTKENoTraffic,
		Doc:   rules.DocTKEServiceEvents + "E4011",
		Zh: rules.Text{
			Title: "tke-existed-lbid 指定的已有 CLB 不存在",
			Cause: "该 Service 通过 service.kubernetes.io/tke-existed-lbid 要求使用已有负载均衡，但不存在这个 ID 的 CLB。",
			Fix: "在负载均衡控制台中找一个与集群处于同一 VPC 的真实 CLB，把它的 ID（lb- 后跟 8 位小写字母或数字）填入 " +
				"service.kubernetes.io/tke-existed-lbid。",
			Risk: zhRiskTKENoTraffic,
		},
	})
	ServiceE4012 = tkeService("E4012", rules.Error, rules.Details{
		Title:   "Reused CLB is one that TKE created and manages",
		Cause:   "The CLB in service.kubernetes.io/tke-existed-lbid was created by TKE for another Service or Ingress, and TKE-managed load balancers cannot be reused.",
		Fix:     "Only reuse a CLB that you created yourself in the CLB console; set service.kubernetes.io/tke-existed-lbid to such an instance or remove the annotation to let TKE create one.",
		Risk:    riskTKENoTraffic,
		Doc:     rules.DocTKEServiceEvents + "E4012",
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the other Services and Ingresses that use the CLB", Zh: "使用同一 CLB 的其他 Service 和 Ingress"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "复用的 CLB 是 TKE 创建并管理的实例",
			Cause: "service.kubernetes.io/tke-existed-lbid 中的 CLB 是 TKE 为其他 Service 或 Ingress 创建的，而 TKE 管理的负载均衡不能复用。",
			Fix: "只复用您自己在负载均衡控制台中创建的 CLB：把 service.kubernetes.io/tke-existed-lbid 设为这样的实例，" +
				"或删除该注解，由 TKE 新建一个。",
			Risk: zhRiskTKENoTraffic,
		},
	})
	ServiceE4013 = tkeService("E4013", rules.Error, rules.Details{
		Title: "Reused CLB already belongs to another cluster",
		Cause: "The CLB in service.kubernetes.io/tke-existed-lbid is already used by a different cluster; a CLB cannot be shared across clusters.",
		Fix:   "Choose another CLB for service.kubernetes.io/tke-existed-lbid, or delete the resource in the other cluster that holds it.",
		Risk:  riskTKENoTraffic,
		Doc:   rules.DocTKEServiceEvents + "E4013",
		Zh: rules.Text{
			Title: "复用的 CLB 已被其他集群占用",
			Cause: "service.kubernetes.io/tke-existed-lbid 中的 CLB 已经由另一个集群使用；一个 CLB 不能在多个集群之间共用。",
			Fix:   "为 service.kubernetes.io/tke-existed-lbid 另选一个 CLB，或在另一个集群中删除占用它的资源。",
			Risk:  zhRiskTKENoTraffic,
		},
	})
	ServiceE4014 = tkeService("E4014", rules.Error, rules.Details{
		Title:   "Port conflict on the reused CLB",
		Cause:   "Several Services that share one CLB through service.kubernetes.io/tke-existed-lbid declare the same listener port.",
		Fix:     "Change the port of the failing Service to one no other user of that CLB listens on; each port of a shared CLB may be claimed by a single Service.",
		Risk:    riskTKESyncBlocked,
		Doc:     rules.DocTKEServiceEvents + "E4014",
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the other Services that reuse the CLB", Zh: "复用同一 CLB 的其他 Service"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "复用的 CLB 上存在端口冲突",
			Cause: "通过 service.kubernetes.io/tke-existed-lbid 共用同一个 CLB 的几个 Service 声明了相同的监听端口。",
			Fix:   "把报错 Service 的端口改成该 CLB 的其他使用者都没有监听的端口；共用的 CLB 上，每个端口只能归一个 Service 使用。",
			Risk:  zhRiskTKESyncBlocked,
		},
	})
	ServiceE4016 = tkeService("E4016", rules.Error, rules.Details{
		Title: "CLB reuse by several Services not enabled for the account",
		Cause: "More than one Service points at the same CLB, but sharing a CLB between Services is an allowlisted feature that this account has not been granted.",
		Fix:   "Apply (by ticket) to have multi-Service CLB reuse enabled, or give each Service its own CLB.",
		Risk:  riskTKESyncBlocked,
		Doc:   rules.DocTKEServiceEvents + "E4016",
		Zh: rules.Text{
			Title: "账号未开通多个 Service 复用 CLB 的功能",
			Cause: "有多个 Service 指向同一个 CLB，但多个 Service 共用 CLB 是需要开白的功能，该账号尚未开通。",
			Fix:   "提交工单申请开通多 Service 复用 CLB，或让每个 Service 使用各自的 CLB。",
			Risk:  zhRiskTKESyncBlocked,
		},
	})
	ServiceE4026 = tkeService("E4026", rules.Warning, rules.Details{
		Title:   "Referenced TkeServiceConfig not found",
		Cause:   "The Service names an external CLB configuration (TkeServiceConfig, via service.cloud.tencent.com/tke-service-config) that does not exist in its namespace; the rest of the sync still proceeds.",
		Fix:     "Either drop the service.cloud.tencent.com/tke-service-config annotation, or create a TkeServiceConfig with exactly that name in the Service's namespace.",
		Risk:    "None documented: synchronisation is not blocked, but the extra CLB settings are not applied.",
		Doc:     rules.DocTKEServiceEvents + "E4026",
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the TkeServiceConfig", Zh: "所引用的 TkeServiceConfig"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "引用的 TkeServiceConfig 不存在",
			Cause: "该 Service 通过 service.cloud.tencent.com/tke-service-config 引用了一份外挂的 CLB 配置（TkeServiceConfig），" +
				"但它所在的命名空间中没有这份配置；同步的其余部分照常进行。",
			Fix: "删除 service.cloud.tencent.com/tke-service-config 注解，或在该 Service 的命名空间中创建名称完全相同的 " +
				"TkeServiceConfig。",
			Risk: "文档未列出风险：同步不会被阻塞，但外挂配置中的 CLB 设置不会生效。",
		},
	})
	ServiceE4033 = tkeService("E4033", rules.Error, rules.Details{
		Title: "Direct access enabled but no backend supports it",
		Cause: "service.cloud.tencent.com/direct-access is \"true\", yet none of the backing pods can be bound straight to the CLB (they need VPC-CNI elastic network interface networking and must not use hostNetwork).",
		Fix:   "Run the workload with the VPC-CNI (ENI) network mode and hostNetwork off, or remove service.cloud.tencent.com/direct-access so traffic goes through the NodePort.",
		Risk:  riskTKEBackendUpdate,
		Doc:   rules.DocTKEServiceEvents + "E4033",
		Decides: []rules.Decision{
			{By: rules.ByOtherObjects, What: words.Phrase{En: "the backend pods and their nodes (VPC-CNI signs, hostNetwork)", Zh: "后端 Pod 及其所在节点（VPC-CNI 网络模式的迹象、hostNetwork）"}, IfUnknown: rules.UnknownSkips},
			{By: rules.ByClusterConfig, What: words.Phrase{En: "kube-system/tke-service-controller-config: GlobalRouteDirectAccess (direct access for GlobalRouter pods)", Zh: "kube-system/tke-service-controller-config 中的 GlobalRouteDirectAccess（GlobalRouter 网络模式下 Pod 的直连）"}, IfUnknown: rules.UnknownWarns},
		},
		Zh: rules.Text{
			Title: "已开启直连，但没有后端支持直连",
			Cause: "service.cloud.tencent.com/direct-access 为 \"true\"，但该 Service 背后的 Pod 没有一个能直接绑定到 CLB" +
				"（这要求 Pod 使用 VPC-CNI 弹性网卡网络模式，且不使用 hostNetwork）。",
			Fix: "让工作负载使用 VPC-CNI（ENI）网络模式并关闭 hostNetwork；或删除 service.cloud.tencent.com/direct-access，" +
				"让流量经由 NodePort 进入。",
			Risk: zhRiskTKEBackendUpdate,
		},
	})
	ServiceE4036 = tkeService("E4036", rules.Error, rules.Details{
		Title: "Duplicate CLB backend four-tuple",
		Cause: "Two bindings would share the same CLB VIP, listener port, backend IP and backend port; CLB requires that combination to be unique.",
		Fix:   "Have the pods listen on separate ports and bind each listener to its own target port, so no two listeners of the VIP map to the same backend IP and port.",
		Risk:  riskTKESyncBlocked,
		Doc:   rules.DocTKEServiceEvents + "E4036",
		Zh: rules.Text{
			Title: "CLB 后端四元组重复",
			Cause: "有两个绑定会用到相同的 CLB VIP、监听端口、后端 IP 和后端端口；CLB 要求这四者的组合唯一。",
			Fix: "让 Pod 在不同的端口上监听，每个监听器绑定各自的目标端口，使该 VIP 下任意两个监听器都不会对应到同一个" +
				"后端 IP 和端口。",
			Risk: zhRiskTKESyncBlocked,
		},
	})
	ServiceE4037 = tkeService("E4037", rules.Error, rules.Details{
		Title: "Subnet for the internal CLB does not exist",
		Cause: "The subnet named in service.kubernetes.io/qcloud-loadbalancer-internal-subnetid cannot be found.",
		Fix:   "Set service.kubernetes.io/qcloud-loadbalancer-internal-subnetid to an existing subnet of the cluster's VPC (subnet- followed by 8 characters) with free IPs, create one, or use a public CLB instead.",
		Risk:  riskTKENoTraffic,
		Doc:   rules.DocTKEServiceEvents + "E4037",
		Zh: rules.Text{
			Title: "内网 CLB 的子网不存在",
			Cause: "找不到 service.kubernetes.io/qcloud-loadbalancer-internal-subnetid 所指定的子网。",
			Fix: "把 service.kubernetes.io/qcloud-loadbalancer-internal-subnetid 设为集群所在 VPC 中一个确实存在、且有空闲 IP " +
				"的子网（subnet- 后跟 8 个字符），或新建一个；也可以改用公网 CLB。",
			Risk: zhRiskTKENoTraffic,
		},
	})
	ServiceE4062 = tkeService("E4062", rules.Error, rules.Details{
		Title: "Certificate of an extended-protocol listener has expired",
		Cause: "A TCP_SSL or HTTPS listener declared through the extended-protocol annotation (service.cloud.tencent.com/specify-protocol) uses a certificate that is past its expiry date.",
		Fix:   "Upload a new certificate to the SSL certificate service and write its ID into the Secret the annotation refers to (key qcloud_cert_id).",
		Risk:  riskTKESyncBlocked,
		Doc:   rules.DocTKEServiceEvents + "E4062",
		Zh: rules.Text{
			Title: "扩展协议监听器的证书已过期",
			Cause: "通过扩展协议注解（service.cloud.tencent.com/specify-protocol）声明的 TCP_SSL 或 HTTPS 监听器，" +
				"所用证书已经超过有效期。",
			Fix:  "在 SSL 证书服务中上传新证书，并把新证书的 ID 写入该注解所引用的 Secret（键为 qcloud_cert_id）。",
			Risk: zhRiskTKESyncBlocked,
		},
	})
	ServiceE4075 = tkeService("E4075", rules.Error, rules.Details{
		Title: "Invalid region ID in a cross-region annotation",
		Cause: "The Service uses cross-region CLB binding, but the region ID it gives (service.cloud.tencent.com/cross-region-id) is not a valid Tencent Cloud region.",
		Fix:   "Set service.cloud.tencent.com/cross-region-id to a region ID from Tencent Cloud's regions list, such as ap-guangzhou or ap-chongqing; a zone ID such as ap-guangzhou-1 is not a region ID.",
		Risk:  riskTKENoTraffic,
		Doc:   rules.DocTKEServiceEvents + "E4075",
		Zh: rules.Text{
			Title: "跨地域注解中的地域 ID 无效",
			Cause: "该 Service 使用跨地域绑定 CLB，但给出的地域 ID（service.cloud.tencent.com/cross-region-id）不是有效的腾讯云地域。",
			Fix: "把 service.cloud.tencent.com/cross-region-id 设为腾讯云地域列表中的地域 ID，例如 ap-guangzhou 或 " +
				"ap-chongqing；ap-guangzhou-1 这样的是可用区 ID，不是地域 ID。",
			Risk: zhRiskTKENoTraffic,
		},
	})
	// ServiceCLBLoopback has no documented event code: it is a data-path symptom, found by checks.
	ServiceCLBLoopback = rules.Uncoded(Provider, rules.Service, "clb-loopback", rules.Warning, rules.Details{
		Title:   "Layer-4 CLB loopback for in-cluster access to an internal CLB",
		Cause:   "In IPVS mode TKE's kube-proxy does not bind a LoadBalancer Service's EXTERNAL-IP to kube-ipvs0, so a pod or node that calls an internal CLB address really goes through the CLB, which may hand the packet to its own node, where Linux drops it as coming from a local address. The result is flaky connections, or no connection at all in a one-node cluster; public CLBs are not affected.",
		Fix:     "Upgrade the kube-system/kube-proxy DaemonSet image to a build that binds LB addresses to the IPVS interface (v1.20.6-tke.12, v1.18.4-tke.20, v1.16.3-tke.25, v1.14.3-tke.24, v1.12.4-tke.30 or later for the same minor), then set service.cloud.tencent.com/prevent-loopback: \"true\" on the Services; this needs the CLB non-VIP health-check source IP feature (beta, by ticket). Otherwise call the Service by its cluster DNS name, or combine externalTrafficPolicy: Local with client/server anti-affinity.",
		Risk:    "Clients inside the cluster see intermittent connection failures to the Service, and total failure when the cluster has a single node.",
		Doc:     "Tencent TKE, fault handling handbook, CLB Loopback (Avoiding layer-4 loopback; Analysis of layer-4 loopback problem)",
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "kube-proxy's DaemonSet and ConfigMap, the cluster's nodes", Zh: "kube-proxy 的 DaemonSet 和 ConfigMap，以及集群的节点"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "集群内访问内网 CLB 时发生四层 CLB 回环",
			Cause: "在 IPVS 模式下，TKE 的 kube-proxy 不会把 LoadBalancer 类型 Service 的 EXTERNAL-IP 绑定到 kube-ipvs0 上，" +
				"所以 Pod 或节点访问内网 CLB 地址时，报文真的会经过 CLB；CLB 可能把报文转回发起请求的那个节点，" +
				"而 Linux 会因为源地址是本机地址把它丢弃。结果是连接时通时断，单节点集群中则完全连不上；公网 CLB 不受影响。",
			Fix: "把 kube-system/kube-proxy DaemonSet 的镜像升级到会把 LB 地址绑定到 IPVS 网卡的版本（v1.20.6-tke.12、" +
				"v1.18.4-tke.20、v1.16.3-tke.25、v1.14.3-tke.24、v1.12.4-tke.30，或同一 minor 版本中更新的版本），" +
				"再在这些 Service 上设置 service.cloud.tencent.com/prevent-loopback: \"true\"；这需要 CLB 的非 VIP " +
				"健康检查源 IP 功能（beta，需提交工单开通）。否则，请通过集群内的 DNS 名称访问该 Service，" +
				"或把 externalTrafficPolicy: Local 与客户端/服务端之间的反亲和性配合使用。",
			Risk: "集群内的客户端访问该 Service 时会间歇性地连接失败；集群只有一个节点时则完全无法访问。",
		},
	})
	// ServiceIPMasqAgent has no code in the Service table (the Ingress controller reports it as E4007).
	ServiceIPMasqAgent = rules.Uncoded(Provider, rules.Service, "ip-masq-agent", rules.Error, rules.Details{
		Title: "ip-masq-agent config skips SNAT for all traffic",
		Cause: "kube-system/ip-masq-agent-config exempts every pod packet from SNAT: its nonMasqueradeCIDRs (destinations) add up to " +
			"every IPv4 address (0.0.0.0/0, or ranges that together cover it), or its nonMasqueradeSrcCIDRs (sources) cover every " +
			"address, every node's pod CIDR or the pod IPs of the service-controller itself (when it is not on the host network, as on " +
			"VPC-CNI clusters, whose nodes have no pod CIDR). Pod traffic then leaves with the pod IP instead of the node IP; the Norm credential " +
			"service authenticates callers by node source IP and rejects the controller's AssumeTkeCredential calls (-8017 / -8032 Record Not Exist).",
		Fix: "Edit kube-system/ip-masq-agent-config so nonMasqueradeCIDRs holds only the cluster (container) and VPC CIDRs and " +
			"nonMasqueradeSrcCIDRs does not take in the pods, then restart the load-balancer controller so it fetches credentials again.",
		Risk:    riskTKEClusterWide,
		Doc:     "Tencent TKE, Ingress error codes, E4007 (Norm AssumeTkeCredential); fault handling handbook, Pod Network Inaccessibility (ip-masq-agent-config)",
		Decides: []rules.Decision{{By: rules.ByClusterConfig, What: words.Phrase{En: "kube-system/ip-masq-agent-config: nonMasqueradeCIDRs and nonMasqueradeSrcCIDRs; the nodes' pod CIDRs; the pod IPs of the load-balancer controller's pods in kube-system", Zh: "kube-system/ip-masq-agent-config 中的 nonMasqueradeCIDRs 和 nonMasqueradeSrcCIDRs；各节点的 Pod CIDR；kube-system 中负载均衡控制器 Pod 的 IP"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "ip-masq-agent 配置让所有流量都不做 SNAT",
			Cause: "kube-system/ip-masq-agent-config 让所有 Pod 报文都免于 SNAT：它的 nonMasqueradeCIDRs（目的地址）合起来" +
				"覆盖了全部 IPv4 地址（0.0.0.0/0，或几个网段加起来覆盖全部地址），或者它的 nonMasqueradeSrcCIDRs（源地址）" +
				"覆盖了全部地址、所有节点的 Pod CIDR，或 service-controller 自身的 Pod IP（它不使用主机网络时，例如在节点没有 Pod CIDR 的 " +
				"VPC-CNI 集群中）。这样 Pod 的流量以 Pod IP 而不是节点 IP 发出；Norm 凭证服务按节点源 IP " +
				"认证调用方，于是拒绝控制器的 AssumeTkeCredential 调用（-8017 / -8032 Record Not Exist）。",
			Fix: "编辑 kube-system/ip-masq-agent-config，使 nonMasqueradeCIDRs 只包含集群（容器）网段和 VPC 网段，" +
				"且 nonMasqueradeSrcCIDRs 不涵盖 Pod；然后重启负载均衡控制器，让它重新获取凭证。",
			Risk: zhRiskTKEClusterWide,
		},
	})
	// ServiceBackendsLabelInvalid and ServiceBackendsLabelNoNodes are node-selection mistakes the
	// Service table files under no code.
	ServiceBackendsLabelInvalid = rules.Uncoded(Provider, rules.Service, "backends-label-invalid", rules.Error, rules.Details{
		Title: "Backend node selector annotation is not a label selector",
		Cause: "service.kubernetes.io/qcloud-loadbalancer-backends-label picks the nodes the CLB forwards to with a Kubernetes label selector (e.g. group=access-layer). Its value does not parse as one, so the nodes it means cannot be chosen.",
		Fix:   "Write a label selector as kubectl -l takes it (key=value, key!=value, key in (a,b), comma-separated), and label the nodes that should receive the traffic.",
		Risk:  "The CLB's backends are not the nodes the manifest means; traffic may reach none.",
		Doc:   "Tencent TKE, Service backend selection (service.kubernetes.io/qcloud-loadbalancer-backends-label); no event code",
		Zh: rules.Text{
			Title: "后端节点选择注解不是合法的标签选择器",
			Cause: "service.kubernetes.io/qcloud-loadbalancer-backends-label 用 Kubernetes 标签选择器（例如 group=access-layer）" +
				"挑选 CLB 转发到的节点。它的值无法解析为标签选择器，所以选不出它想指定的节点。",
			Fix: "按 kubectl -l 接受的写法填写标签选择器（key=value、key!=value、key in (a,b)，多个条件用逗号分隔），" +
				"并给应当接收流量的节点打上对应标签。",
			Risk: "CLB 的后端并不是清单想要的那些节点；流量可能到不了任何节点。",
		},
	})
	ServiceBackendsLabelNoNodes = rules.Uncoded(Provider, rules.Service, "backends-label-no-nodes", rules.Error, rules.Details{
		Title:   "Backend node selector matches no node",
		Cause:   "service.kubernetes.io/qcloud-loadbalancer-backends-label restricts the CLB's backends to the nodes it selects, and the service controller keeps the CLB in step with it. No node of the cluster carries the selected labels, so the controller removes every backend from the CLB.",
		Fix:     "Label the nodes that should carry the traffic (kubectl label node NAME key=value) or correct the selector; remove the annotation to use every eligible node again.",
		Risk:    "The CLB has no backend: every connection to the Service fails until a node matches again.",
		Doc:     "Tencent TKE, Service backend selection (service.kubernetes.io/qcloud-loadbalancer-backends-label: a selector that picks no node drains the backends); no event code",
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the cluster's nodes", Zh: "集群的节点"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "后端节点选择器没有匹配到任何节点",
			Cause: "service.kubernetes.io/qcloud-loadbalancer-backends-label 把 CLB 的后端限定为它选中的节点，Service 控制器" +
				"会让 CLB 与之保持一致。集群中没有任何节点带有所选的标签，于是控制器把 CLB 上的后端全部移除。",
			Fix: "给应当承载流量的节点打标签（kubectl label node NAME key=value），或修正选择器；删除该注解即可重新使用" +
				"所有符合条件的节点。",
			Risk: "CLB 上没有任何后端：在重新有节点匹配之前，到该 Service 的每个连接都会失败。",
		},
	})
	// ServiceInvalidBool, ServiceInvalidVPCID and ServiceConfigConflict are annotation mistakes
	// the Service table files under no code.
	ServiceInvalidBool = rules.Uncoded(Provider, rules.Service, "invalid-bool", rules.Warning, rules.Details{
		Title: "TKE Service annotation is not a boolean",
		Cause: "A TKE switch annotation (service.cloud.tencent.com/direct-access, prevent-loopback or tke-service-config-auto) holds something other than true or false. The Service error table gives this mistake no code, so the controller's reaction is not documented: the switch may be read as off or the sync may fail.",
		Fix:   "Write \"true\" or \"false\" (quoted, as every annotation value is a string).",
		Risk:  "The feature the annotation switches (direct access to pods, loopback prevention, an automatic TkeServiceConfig) is not what the manifest seems to ask for.",
		Doc:   "Tencent TKE, Service annotations (service.cloud.tencent.com/direct-access, prevent-loopback, tke-service-config-auto); no event code",
		Zh: rules.Text{
			Title: "TKE Service 注解的值不是布尔值",
			Cause: "某个 TKE 开关注解（service.cloud.tencent.com/direct-access、prevent-loopback 或 tke-service-config-auto）" +
				"的值既不是 true 也不是 false。Service 报错表没有给这种错误分配错误码，控制器会如何处理也没有文档说明：" +
				"该开关可能被当作关闭，也可能导致同步失败。",
			Fix:  "写成 \"true\" 或 \"false\"（要加引号，因为注解的值都是字符串）。",
			Risk: "该注解所控制的功能（直连 Pod、防止回环、自动生成 TkeServiceConfig）与清单看上去要求的不一样。",
		},
	})
	ServiceInvalidAnnotationValue = rules.Uncoded(Provider, rules.Service, "invalid-annotation-value", rules.Warning, rules.Details{
		Title: "TKE Service annotation value is outside its documented set",
		Cause: "A TKE Service annotation documented with a closed set of values (for example " +
			"service.kubernetes.io/qcloud-loadbalancer-internet-charge-type: BANDWIDTH_POSTPAID_BY_HOUR or " +
			"TRAFFIC_POSTPAID_BY_HOUR) holds another value. The Service error table gives this mistake no code, " +
			"so the controller's reaction is not documented: the value may be ignored or the CLB creation may fail.",
		Fix:  "Use one of the values the finding lists, spelt exactly (values are upper case).",
		Risk: "The CLB is created with another billing mode than intended, or not created.",
		Doc:  "Tencent TKE, Service Annotation 说明 (https://cloud.tencent.com/document/product/457/51258); no event code",
		Zh: rules.Text{
			Title: "TKE Service 注解的值不在文档列出的取值范围内",
			Cause: "某个 TKE Service 注解在文档中只有一组固定取值（例如 service.kubernetes.io/qcloud-loadbalancer-internet-charge-type " +
				"只能是 BANDWIDTH_POSTPAID_BY_HOUR 或 TRAFFIC_POSTPAID_BY_HOUR），却填了别的值。Service 报错表没有给这种错误" +
				"分配错误码，控制器会如何反应也没有文档说明：这个值可能被忽略，也可能导致 CLB 创建失败。",
			Fix:  "使用检查结果列出的某个取值，拼写必须完全一致（取值都是大写）。",
			Risk: "CLB 以非预期的计费方式创建，或者根本没有创建。",
		},
	})
	ServiceInvalidVPCID = rules.Uncoded(Provider, rules.Service, "invalid-vpc-id", rules.Error, rules.Details{
		Title: "Cross-VPC annotation holds a malformed VPC id",
		Cause: "service.cloud.tencent.com/cross-vpc-id, used with cross-region binding, is not of the form vpc- followed by 8 lowercase letters or digits, so it cannot name a VPC. The Service error table has no code for this (E4075 is about the region id).",
		Fix:   "Set service.cloud.tencent.com/cross-vpc-id to the id of the VPC that holds the CLB, as the VPC console shows it (e.g. vpc-646vhcjj).",
		Risk:  riskTKENoTraffic,
		Doc:   "Tencent TKE, Service annotations (service.cloud.tencent.com/cross-vpc-id); no event code",
		Zh: rules.Text{
			Title: "跨 VPC 注解中的 VPC ID 格式错误",
			Cause: "与跨地域绑定配合使用的 service.cloud.tencent.com/cross-vpc-id 不符合“vpc- 后跟 8 位小写字母或数字”的格式，" +
				"因此不可能指向任何私有网络（VPC）。Service 报错表中没有对应的错误码（E4075 针对的是地域 ID）。",
			Fix: "把 service.cloud.tencent.com/cross-vpc-id 设为 CLB 所在私有网络的 ID，写法与私有网络控制台中显示的一致" +
				"（例如 vpc-646vhcjj）。",
			Risk: zhRiskTKENoTraffic,
		},
	})
	ServiceConfigConflict = rules.Uncoded(Provider, rules.Service, "service-config-conflict", rules.Warning, rules.Details{
		Title: "Named and automatic TkeServiceConfig both requested",
		Cause: "The Service sets service.cloud.tencent.com/tke-service-config (a TkeServiceConfig you manage) and service.cloud.tencent.com/tke-service-config-auto: \"true\" (one TKE creates as <service>-auto-service-config). TKE's TkeServiceConfig guide says the two cannot be used together; the event tables give the conflict no code.",
		Fix:   "Keep one: remove tke-service-config-auto to use your own TkeServiceConfig, or remove tke-service-config to let TKE manage <service>-auto-service-config.",
		Risk:  "Which CLB settings apply is not what the manifest suggests; settings from one of the two configs are ignored.",
		Doc:   "Tencent TKE, TkeServiceConfig (associated actions between Service and TkeServiceConfig); no event code",
		Zh: rules.Text{
			Title: "同时要求了指定的和自动生成的 TkeServiceConfig",
			Cause: "该 Service 既设置了 service.cloud.tencent.com/tke-service-config（由您自己管理的 TkeServiceConfig），" +
				"又设置了 service.cloud.tencent.com/tke-service-config-auto: \"true\"（由 TKE 创建、名为 " +
				"<service>-auto-service-config 的配置）。TKE 的 TkeServiceConfig 文档说明二者不能同时使用；报错表中没有为这种冲突" +
				"分配错误码。",
			Fix: "只保留其中一个：删除 tke-service-config-auto，使用您自己的 TkeServiceConfig；或删除 tke-service-config，" +
				"让 TKE 管理 <service>-auto-service-config。",
			Risk: "实际生效的 CLB 设置与清单表面上的不一致；两份配置之一中的设置会被忽略。",
		},
	})
	// ServiceNginxGracefulShutdown has no code: the handbook describes it as a symptom.
	ServiceNginxGracefulShutdown = rules.Uncoded(Provider, rules.Service, "nginx-graceful-shutdown", rules.Warning, rules.Details{
		Title: "NGINX Ingress pods drop connections when they leave the CLB",
		Cause: "With direct access the CLB's real servers are the NGINX Ingress controller pods themselves. When the controller is scaled down or updated, its pods are unbound from the CLB in batches and exit as soon as they are told to stop (the controller does not shut down gracefully by itself), so the TCP/UDP listeners stop forwarding the connections those pods held and clients get \"connection refused\".",
		Fix:   "On the controller's LoadBalancer Service (kube-system/<name>-ingress-nginx-controller for the TKE add-on), which uses direct access, add service.cloud.tencent.com/enable-grace-shutdown: \"true\", so a terminating pod gets no new requests but finishes the ones it has. In the controller Deployment, make the preStop hook sleep (for example 30s) before /wait-shutdown, and keep terminationGracePeriodSeconds longer than that sleep.",
		Risk:  "Every scale-down or rolling update of the controller refuses or cuts client connections.",
		Doc:   "Tencent TKE, fault handling handbook, NGINX Ingress appears in Connection Refused",
		// When no controller pod can be bound directly (E4033), none is ever a real server to leave.
		ConsequenceOf: []rules.ID{ServiceE4033},
		Decides:       []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the NGINX ingress controller Deployment", Zh: "NGINX Ingress 控制器的 Deployment"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "NGINX Ingress Pod 从 CLB 解绑时连接被断开",
			Cause: "直连模式下，CLB 的后端（real server）就是 NGINX Ingress 控制器的 Pod 本身。控制器缩容或更新时，" +
				"它的 Pod 被分批从 CLB 上解绑，而且一收到停止信号就立即退出（控制器自身不会优雅退出），所以 TCP/UDP 监听器" +
				"不再转发这些 Pod 上原有的连接，客户端收到 \"connection refused\"。",
			Fix: "控制器的 LoadBalancer Service（TKE 扩展组件中为 kube-system/<name>-ingress-nginx-controller）使用直连，" +
				"请在它上面添加 service.cloud.tencent.com/enable-grace-shutdown: \"true\"，让正在终止的 Pod " +
				"不再接收新请求、但能处理完手上的请求。在控制器的 Deployment 中，让 preStop 钩子在调用 /wait-shutdown 之前先 " +
				"sleep 一段时间（例如 30s），并使 terminationGracePeriodSeconds 长于这段 sleep。",
			Risk: "控制器每次缩容或滚动更新，都会拒绝或切断客户端连接。",
		},
		Opposes: []rules.ID{ServiceE4033},
	})
)
