package ackrules

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// ackCloud declares an ACK cloud rule (--cloud) decided by the answer of an Alibaba Cloud API action.
func ackCloud(k rules.Kind, slug string, sev rules.Severity, action string, d rules.Details) rules.ID {
	d.Doc = rules.DocACKCloudAPI + action
	d.Decides = rules.CloudDecides("the load balancer as the Alibaba Cloud API action "+action+" describes it",
		"阿里云 API "+action+" 所返回的负载均衡信息")
	return rules.Cloud(Provider, k, slug, sev, d)
}

// ackBackendSet declares an ACK cloud rule that compares the backends DescribeVServerGroupAttribute
// lists with the Service's endpoints and the cluster's nodes, as CCM picks them.
func ackBackendSet(slug string, sev rules.Severity, d rules.Details) rules.ID {
	d.Doc = rules.DocACKCloudAPI + "DescribeVServerGroupAttribute"
	d.Decides = rules.CloudBackendDecides("the load balancer's backends as the Alibaba Cloud API action DescribeVServerGroupAttribute describes them",
		"阿里云 API DescribeVServerGroupAttribute 所返回的负载均衡后端")
	return rules.Cloud(Provider, rules.Service, slug, sev, d)
}

// ACK cloud rules: what a read of Alibaba Cloud (CLB, NLB, VPC, Quota Center) finds about the load
// balancer of a Service.
var (
	CloudLBMissing = ackCloud(rules.Service, "lb-missing", rules.Error, "DescribeLoadBalancers", rules.Details{
		Title: "The load balancer the Service names does not exist",
		Cause: "The load balancer id CCM wrote on the Service (label service.k8s.alibaba/loadbalancer-id), or the one its loadbalancer-id annotation names, is not an instance of the account in this region.",
		Fix:   "Check the id in the SLB console of the cluster's region; correct or remove the loadbalancer-id annotation so that CCM binds or creates one that exists (a deleted instance CCM created is recreated after the label is removed).",
		Risk:  rules.RiskCloudNoTraffic,
		Zh: rules.Text{Title: "Service 指向的负载均衡不存在",
			Cause: "CCM 写在 Service 上的负载均衡 ID（标签 service.k8s.alibaba/loadbalancer-id），或 loadbalancer-id 注解指定的 ID，不是该账号在此地域下的实例。",
			Fix:   "在集群所在地域的负载均衡控制台核对该 ID；修正或删除 loadbalancer-id 注解，使 CCM 绑定或创建一个存在的实例（CCM 创建的实例被删后，删除该标签即可重建）。",
			Risk:  rules.ZhRiskCloudNoTraffic},
	})
	CloudLBIsolated = ackCloud(rules.Service, "lb-isolated", rules.Error, "DescribeLoadBalancers", rules.Details{
		Title: "The load balancer is locked (arrears or a security lock)",
		Cause: "Alibaba Cloud locked the instance (a financial lock for an overdue payment, or a security lock); a locked instance forwards no traffic.",
		Fix:   "Settle the overdue payment in the billing console, or resolve the security lock with Alibaba Cloud support; the instance serves again once unlocked.",
		Risk:  rules.RiskCloudNoTraffic,
		Zh: rules.Text{Title: "负载均衡已被锁定（欠费或安全锁定）",
			Cause: "阿里云锁定了该实例（欠费导致的财务锁定，或安全锁定）；被锁定的实例不转发任何流量。",
			Fix:   "在费用中心结清欠费，或联系阿里云处理安全锁定；实例解锁后即恢复服务。",
			Risk:  rules.ZhRiskCloudNoTraffic},
	})
	CloudLBInactive = ackCloud(rules.Service, "lb-inactive", rules.Error, "DescribeLoadBalancers", rules.Details{
		Title: "The load balancer is stopped, being created or deleted",
		Cause: "The instance is not active: it was stopped by its owner, is still being created, or is being deleted.",
		Fix:   "Start a stopped instance in the SLB console; wait for a creation to finish; if it is being deleted, find who deleted it in the operation audit and let CCM create a new one.",
		Risk:  rules.RiskCloudNoTraffic,
		Zh: rules.Text{Title: "负载均衡已停止、正在创建或删除中",
			Cause: "实例不处于运行状态：被所有者停止、仍在创建中，或正在被删除。",
			Fix:   "在负载均衡控制台启动已停止的实例；等待创建完成；若正在被删除，请通过操作审计查明删除者，并让 CCM 重新创建。",
			Risk:  rules.ZhRiskCloudNoTraffic},
	})
	CloudLBAddress = ackCloud(rules.Service, "lb-address", rules.Warning, "DescribeLoadBalancers", rules.Details{
		Title: "The Service's status names an address the load balancer does not have",
		Cause: "The address in status.loadBalancer is none of the instance's addresses: the Service points clients at another load balancer than the one it is bound to.",
		Fix:   "Check which instance the loadbalancer-id annotation and label name; if the binding changed, wait for CCM's next sync or correct the annotation.",
		Risk:  "Clients that use the status address reach another load balancer.",
		Zh: rules.Text{Title: "Service 状态中的地址不属于该负载均衡",
			Cause: "status.loadBalancer 中的地址不是该实例的任何地址：Service 把客户端指向了另一个负载均衡。",
			Fix:   "核对 loadbalancer-id 注解和标签指向的实例；若绑定已变更，等待 CCM 下一次同步或修正注解。",
			Risk:  "使用状态中地址的客户端会访问到另一个负载均衡。"},
	})
	CloudListenerMissing = ackCloud(rules.Service, "listener-missing", rules.Error, "DescribeLoadBalancerListeners", rules.Details{
		Title: "A port the Service asks for has no listener",
		Cause: "The load balancer has no listener on a port the Service asks for: it was deleted in the console, CCM could not create it, or a reused instance does not let CCM manage listeners (force-override-listeners).",
		Fix:   "Look at the Service's events for CCM's error; on a reused instance set force-override-listeners to true or create the listener yourself.",
		Risk:  rules.RiskCloudNoTraffic,
		Zh: rules.Text{Title: "Service 要求的端口没有监听",
			Cause: "负载均衡在 Service 要求的端口上没有监听：它在控制台被删除了，CCM 未能创建，或复用的实例不允许 CCM 管理监听（force-override-listeners）。",
			Fix:   "查看 Service 事件中 CCM 的报错；复用实例时把 force-override-listeners 设为 true，或自行创建该监听。",
			Risk:  rules.ZhRiskCloudNoTraffic},
	})
	CloudListenerProtocol = ackCloud(rules.Service, "listener-protocol", rules.Error, "DescribeLoadBalancerListeners", rules.Details{
		Title: "A listener speaks another protocol than the Service asks for",
		Cause: "The listener on the port speaks another protocol than the Service port or its protocol-port annotation asks for, usually after an edit in the console.",
		Fix:   "Do not edit CCM-managed listeners in the console; change them through the Service's annotations, which CCM applies at its next sync.",
		Risk:  rules.RiskCloudNoTraffic,
		Zh: rules.Text{Title: "监听的协议与 Service 要求的不同",
			Cause: "该端口上的监听协议与 Service 端口或其 protocol-port 注解要求的不同，通常是在控制台修改过。",
			Fix:   "不要在控制台修改 CCM 管理的监听；通过 Service 的注解修改，CCM 会在下一次同步时生效。",
			Risk:  rules.ZhRiskCloudNoTraffic},
	})
	CloudListenerExtra = ackCloud(rules.Service, "listener-extra", rules.Warning, "DescribeLoadBalancerListeners", rules.Details{
		Title: "The load balancer has a listener no port of the Service asks for",
		Cause: "An instance CCM created for this Service alone has a listener on a port the Service does not ask for, added by hand in the console.",
		Fix:   "Declare the port on the Service or delete the listener; CCM removes listeners it does not know on instances it manages.",
		Risk:  "The controller may delete the listener at its next sync, cutting whatever uses it.",
		Zh: rules.Text{Title: "负载均衡上有 Service 未要求的监听",
			Cause: "CCM 为该 Service 单独创建的实例上，有一个 Service 未要求的端口的监听，是在控制台手工添加的。",
			Fix:   "在 Service 上声明该端口，或删除该监听；CCM 会删除其所管理实例上它不认识的监听。",
			Risk:  "控制器可能在下一次同步时删除该监听，使用它的流量随之中断。"},
	})
	CloudListenerTaken = ackCloud(rules.Service, "listener-taken", rules.Error, "DescribeLoadBalancerListeners", rules.Details{
		Title: "A port is already a listener of another owner on the reused instance",
		Cause: "The Service reuses an instance (loadbalancer-id) that already has a listener on a port the Service asks for, and the listener's description names another owner.",
		Fix:   "Choose another port, or another instance to reuse; one port of a load balancer serves one listener.",
		Risk:  "CCM cannot create the listener, so the port receives no traffic for this Service.",
		Zh: rules.Text{Title: "复用的实例上该端口已被其他监听占用",
			Cause: "Service 复用的实例（loadbalancer-id）在其要求的端口上已经有一个监听，且监听描述指向另一个所有者。",
			Fix:   "换一个端口，或复用另一个实例；负载均衡的一个端口只能有一个监听。",
			Risk:  "CCM 无法创建该监听，该端口不会为此 Service 接入流量。"},
	})
	CloudBackendNone = ackCloud(rules.Service, "backend-none", rules.Error, "DescribeVServerGroupAttribute", rules.Details{
		Title: "A listener of the Service has no backend",
		Cause: "The listener's server group has no backend: no node or pod is registered on the load balancer.",
		Fix:   "Check that the Service has ready endpoints and that the controller's events show no backend error; nodes excluded by labels are not registered.",
		Risk:  rules.RiskCloudNoTraffic,
		Zh: rules.Text{Title: "Service 的监听没有后端",
			Cause: "该监听的服务器组没有任何后端：负载均衡上没有注册节点或 Pod。",
			Fix:   "确认 Service 有就绪的 Endpoint，且控制器事件中没有后端相关的报错；被标签排除的节点不会注册。",
			Risk:  rules.ZhRiskCloudNoTraffic},
	})
	CloudBackendWeightZero = ackCloud(rules.Service, "backend-weight-zero", rules.Warning, "DescribeVServerGroupAttribute", rules.Details{
		Title: "A backend has weight 0",
		Cause: "A backend is bound with weight 0, so the load balancer sends it no new connections: set by hand, or by a graceful shutdown that did not end.",
		Fix:   "Check the weight annotation and the Local-mode weights CCM sets by pod count; CCM restores its own weights at its next sync.",
		Risk:  "Capacity drops; with every backend at 0 the listener serves no one.",
		Zh: rules.Text{Title: "后端权重为 0",
			Cause: "某个后端的权重为 0，负载均衡不再向它分发新连接：手工设置的，或优雅下线没有结束。",
			Fix:   "检查 weight 注解，以及 Local 模式下 CCM 按 Pod 数设置的权重；CCM 会在下一次同步时恢复它设置的权重。",
			Risk:  "容量下降；所有后端都为 0 时，该监听不再服务任何客户端。"},
	})
	CloudBackendUnhealthy = ackCloud(rules.Service, "backend-unhealthy", rules.Error, "DescribeHealthStatus", rules.Details{
		Title: "Backends fail the load balancer's health check",
		Cause: "The load balancer's health check marks backends abnormal, so it sends them no traffic; no Kubernetes event says so.",
		Fix:   "Compare the health-check settings (type, port, URI, codes), set with the health-check annotations, with what the pods serve; allow the probes through security groups and NetworkPolicy objects.",
		Risk:  rules.RiskCloudNoTraffic,
		Zh: rules.Text{Title: "后端未通过负载均衡健康检查",
			Cause: "负载均衡的健康检查把后端判为异常，不再向其转发流量；Kubernetes 中没有任何事件提示这一点。",
			Fix:   "对照 Pod 实际提供的服务核对健康检查配置（类型、端口、URI、状态码，由健康检查注解设置）；放通安全组和 NetworkPolicy 中的探测流量。",
			Risk:  rules.ZhRiskCloudNoTraffic},
	})
	CloudBackendMissing = ackBackendSet("backend-missing", rules.Warning, rules.Details{
		Title: "A node or pod that should be a backend is not registered",
		Cause: "The listener's server group lacks a backend CCM attaches: in ENI mode (backend-type eni) each ready endpoint's pod IP; otherwise each Ready worker node not labelled for exclusion and matching the backend-label annotation, with externalTrafficPolicy Local only those running a ready endpoint. CCM has not caught up, or failed and said so in an event.",
		Fix:   "Look at the Service's events for a backend error; check the node labels and the backend-label annotation; a backend removed by hand comes back at CCM's next sync.",
		Risk:  "Fewer backends carry the traffic than the cluster offers; the ones left may be overloaded.",
		Zh: rules.Text{Title: "应作为后端的节点或 Pod 未注册",
			Cause: "监听的服务器组缺少 CCM 会挂载的后端：ENI 模式（backend-type eni）下为每个就绪 Endpoint 的 Pod IP；否则为每个处于 Ready、未被标签排除且匹配 backend-label 注解的 worker 节点，externalTrafficPolicy 为 Local 时只包括运行着就绪 Endpoint 的节点。CCM 尚未同步，或同步失败并在事件中报错。",
			Fix:   "查看 Service 事件中的后端报错；核对节点标签和 backend-label 注解；手工删除的后端会在 CCM 下一次同步时恢复。",
			Risk:  "承载流量的后端少于集群所能提供的；剩下的后端可能过载。"},
	})
	CloudBackendStale = ackBackendSet("backend-stale", rules.Warning, rules.Details{
		Title: "A backend is no node or pod the Service has",
		Cause: "The listener's server group holds an address that is none of the Service's endpoints (ENI mode) or none of the nodes CCM may attach (master nodes, nodes labelled for exclusion and nodes outside backend-label are not): added by hand, or left behind by a node or pod that is gone.",
		Fix:   "Remove the backend from the server group in the console, or let CCM's next sync remove it; find why CCM did not (its events).",
		Risk:  "Connections sent to that backend fail or reach something else.",
		Zh: rules.Text{Title: "后端不是该 Service 的节点或 Pod",
			Cause: "监听的服务器组中有一个地址，既不是 Service 的任何 Endpoint（ENI 模式），也不是 CCM 可能挂载的任何节点（master 节点、被标签排除的节点和不匹配 backend-label 的节点不会挂载）：手工添加的，或是已消失的节点或 Pod 遗留下来的。",
			Fix:   "在控制台从服务器组中移除该后端，或等待 CCM 下一次同步将其移除；查看 CCM 的事件，找出它没有移除的原因。",
			Risk:  "发往该后端的连接会失败，或到达别的服务。"},
	})
	CloudBackendKind = rules.Cloud(Provider, rules.Service, "backend-kind", rules.Warning, rules.Details{
		Title: "Backends are nodes where ENI mode wants pods, or the reverse",
		Cause: "In ENI mode (backend-type eni, or the cluster default in the CCM configuration) CCM attaches the pods' ENI addresses to the server group; in ECS mode, the nodes. The server group holds backends of the other kind: the backend type was changed and CCM has not rebuilt the group, the cluster's network cannot give pods ENI addresses (ENI mode needs Terway), or someone added them by hand.",
		Fix:   "Set backend-type to the mode the cluster's network supports (eni only with Terway); read the Service's events for CCM's error; remove backends added by hand from the server group.",
		Risk:  "The load balancer sends traffic around the Service's chosen path: pod addresses kept in ECS mode go dead when the pods move, and nodes kept in ENI mode add a NodePort hop the Service did not ask for.",
		Doc:   rules.DocACKAnnotations + ", backend-type (ENI mode)",
		Decides: rules.CloudBackendDecides("the type of the server group's backends (ecs or eni) as the Alibaba Cloud API action DescribeVServerGroupAttribute describes them",
			"阿里云 API DescribeVServerGroupAttribute 所返回的服务器组后端类型（ecs 或 eni）"),
		Zh: rules.Text{Title: "ENI 模式需要 Pod 却挂载了节点，或相反",
			Cause: "ENI 模式（backend-type 为 eni，或 CCM 配置中的集群默认值）下，CCM 把 Pod 的 ENI 地址挂载到服务器组；ECS 模式下挂载的是节点。服务器组中的后端却是另一种：后端类型被修改后 CCM 尚未重建服务器组，集群网络无法为 Pod 分配 ENI 地址（ENI 模式需要 Terway），或有人手工添加了它们。",
			Fix:   "把 backend-type 设为集群网络支持的模式（仅 Terway 下使用 eni）；查看 Service 事件中 CCM 的报错；从服务器组中移除手工添加的后端。",
			Risk:  "负载均衡绕开了 Service 所选的转发路径：ECS 模式下保留的 Pod 地址会在 Pod 迁移后失效，ENI 模式下保留的节点则多出一跳 Service 并未要求的 NodePort 转发。"},
	})
	CloudCertMissing = ackCloud(rules.Service, "cert-missing", rules.Error, "DescribeServerCertificates", rules.Details{
		Title: "The certificate an HTTPS listener serves does not exist",
		Cause: "The server certificate id the listener serves (the cert-id annotation) is not a certificate of the account in this region.",
		Fix:   "Upload the certificate to the SLB certificate list of this region and put its id into the cert-id annotation.",
		Risk:  "Clients cannot complete the TLS handshake; CCM cannot create the listener.",
		Zh: rules.Text{Title: "HTTPS 监听使用的证书不存在",
			Cause: "监听所用的服务器证书 ID（cert-id 注解）不是该账号在此地域的证书。",
			Fix:   "把证书上传到此地域的负载均衡证书列表，并把其 ID 填入 cert-id 注解。",
			Risk:  "客户端无法完成 TLS 握手；CCM 无法创建该监听。"},
	})
	CloudCertExpired = ackCloud(rules.Service, "cert-expired", rules.Error, "DescribeServerCertificates", rules.Details{
		Title: "The certificate an HTTPS listener serves has expired",
		Cause: "The server certificate (cert-id annotation) is past its end date: clients refuse it.",
		Fix:   "Upload a renewed certificate and put its id into the cert-id annotation.",
		Risk:  "Every HTTPS client fails the handshake.",
		Zh: rules.Text{Title: "HTTPS 监听使用的证书已过期",
			Cause: "服务器证书（cert-id 注解）已过有效期：客户端会拒绝它。",
			Fix:   "上传续期后的证书，并把其 ID 填入 cert-id 注解。",
			Risk:  "所有 HTTPS 客户端握手失败。"},
	})
	CloudCertExpiring = ackCloud(rules.Service, "cert-expiring", rules.Warning, "DescribeServerCertificates", rules.Details{
		Title: "The certificate an HTTPS listener serves expires within 30 days",
		Cause: "The server certificate (cert-id annotation) ends within 30 days.",
		Fix:   "Renew it now and put the new id into the cert-id annotation.",
		Risk:  rules.RiskCloudSoon,
		Zh: rules.Text{Title: "HTTPS 监听使用的证书将在 30 天内过期",
			Cause: "服务器证书（cert-id 注解）将在 30 天内到期。",
			Fix:   "现在就续期，并把新 ID 填入 cert-id 注解。",
			Risk:  rules.ZhRiskCloudSoon},
	})
	CloudQuota = ackCloud(rules.Service, "quota-headroom", rules.Warning, "ListProductQuotas", rules.Details{
		Title: "An SLB quota the Service draws on is 90% used or more",
		Cause: "Usage of an SLB quota in Quota Center (instances, certificates, listeners per instance, backends per instance) is at or above 90% of its limit; at the limit the calls of CCM fail (quota limit events).",
		Fix:   "Release what is no longer used, or ask for a higher quota in Quota Center before the limit is reached.",
		Risk:  rules.RiskCloudSoon,
		Zh: rules.Text{Title: "Service 所用的 SLB 配额已用到 90% 以上",
			Cause: "配额中心的某项 SLB 配额（实例数、证书数、单实例监听数、单实例后端数）已用到上限的 90% 以上；达到上限时 CCM 的调用会失败（事件中出现 quota limit）。",
			Fix:   "在达到上限前释放不再使用的资源，或在配额中心申请提高配额。",
			Risk:  rules.ZhRiskCloudSoon},
	})
	CloudSubnetIPs = ackCloud(rules.Service, "subnet-ips", rules.Error, "DescribeVSwitches", rules.Details{
		Title:    "The vSwitch of the internal load balancer has no free IP",
		Cause:    "The vSwitch named for the internal load balancer (vswitch-id annotation) has no free address, so creating it fails with VSwitchAvailableIpNotExist.",
		Fix:      "Point the vswitch-id annotation at a vSwitch of the cluster's VPC with free addresses, or free addresses in this one.",
		Risk:     "The internal load balancer cannot be created.",
		Explains: []rules.ID{ServiceVSwitchAvailableIPNotExist},
		Zh: rules.Text{Title: "私网负载均衡所用交换机没有空闲 IP",
			Cause: "为私网负载均衡指定的交换机（vswitch-id 注解）没有空闲地址，创建会失败，报 VSwitchAvailableIpNotExist。",
			Fix:   "把 vswitch-id 注解改为集群 VPC 中还有空闲地址的交换机，或释放该交换机中的地址。",
			Risk:  "无法创建私网负载均衡。"},
	})
	// CloudRules are the ACK cloud rules by check.
	CloudRules = rules.CloudRules{
		LBMissing: CloudLBMissing, LBIsolated: CloudLBIsolated, LBInactive: CloudLBInactive, LBAddress: CloudLBAddress,
		ListenerMissing: CloudListenerMissing, ListenerProtocol: CloudListenerProtocol, ListenerExtra: CloudListenerExtra,
		ListenerTaken: CloudListenerTaken, BackendNone: CloudBackendNone, BackendWeightZero: CloudBackendWeightZero,
		BackendUnhealthy: CloudBackendUnhealthy, BackendMissing: CloudBackendMissing, BackendStale: CloudBackendStale, BackendKind: CloudBackendKind, CertMissing: CloudCertMissing, CertExpired: CloudCertExpired,
		CertExpiring: CloudCertExpiring, Quota: CloudQuota, SubnetIPs: CloudSubnetIPs,
	}
)
