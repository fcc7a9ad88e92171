package tkerules

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// tkeCloud declares a TKE cloud rule (--cloud) decided by the answer of a Tencent Cloud API action.
func tkeCloud(k rules.Kind, slug string, sev rules.Severity, action string, d rules.Details) rules.ID {
	d.Doc = rules.DocTKECloudAPI + action
	d.Decides = rules.CloudDecides("the CLB as the Tencent Cloud API action "+action+" describes it",
		"腾讯云 API "+action+" 所返回的 CLB 信息")
	return rules.Cloud(Provider, k, slug, sev, d)
}

// tkeBackendSet declares a TKE cloud rule that compares the backends DescribeTargets lists with the
// Service's endpoints and the cluster's nodes; the TKE page on the Service's backend selection says
// which nodes the controller registers.
func tkeBackendSet(slug string, sev rules.Severity, d rules.Details) rules.ID {
	d.Doc = rules.DocTKEBackends
	d.Decides = rules.CloudBackendDecides("the CLB's backends as the Tencent Cloud API action DescribeTargets describes them",
		"腾讯云 API DescribeTargets 所返回的 CLB 后端")
	return rules.Cloud(Provider, rules.Service, slug, sev, d)
}

// TKE cloud rules: what a read of Tencent Cloud (CLB, VPC, SSL) finds about the CLB of a Service or
// an Ingress.
var (
	CloudLBMissing = tkeCloud(rules.Service, "lb-missing", rules.Error, "DescribeLoadBalancers", rules.Details{
		Title: "The CLB the object names does not exist",
		Cause: "The CLB id the controller wrote on the object, or the one it is told to reuse, is not an instance of the account in this region.",
		Fix:   "Check the id in the CLB console of the cluster's region; remove or correct the annotation so that the controller creates or binds a CLB that exists.",
		Risk:  rules.RiskCloudNoTraffic,
		Zh: rules.Text{Title: "对象指向的 CLB 不存在",
			Cause: "控制器写在对象上的 CLB ID（或要求复用的 CLB ID）不是该账号在此地域下的实例。",
			Fix:   "在集群所在地域的负载均衡控制台核对该 ID；删除或修正注解，使控制器创建或绑定一个存在的 CLB。",
			Risk:  rules.ZhRiskCloudNoTraffic},
	})
	CloudLBIsolated = tkeCloud(rules.Service, "lb-isolated", rules.Error, "DescribeLoadBalancers", rules.Details{
		Title: "The CLB is isolated (arrears or expiry)",
		Cause: "Tencent Cloud isolated the CLB because the account is in arrears or the instance expired; an isolated CLB forwards no traffic.",
		Fix:   "Top up the account or renew the instance in the billing console; the CLB serves again once it leaves isolation.",
		Risk:  rules.RiskCloudNoTraffic,
		Zh: rules.Text{Title: "CLB 已被隔离（欠费或到期）",
			Cause: "账号欠费或实例到期，腾讯云隔离了该 CLB；被隔离的 CLB 不转发任何流量。",
			Fix:   "在费用中心为账号充值或续费该实例；CLB 解除隔离后即恢复服务。",
			Risk:  rules.ZhRiskCloudNoTraffic},
	})
	CloudLBInactive = tkeCloud(rules.Service, "lb-inactive", rules.Error, "DescribeLoadBalancers", rules.Details{
		Title: "The CLB is being created or deleted",
		Cause: "The CLB is not in the normal state: it is still being created, or it is being deleted.",
		Fix:   "Wait for the creation to finish; if it is being deleted, find who deleted it (the CLB console's operation log) and let the controller create a new one.",
		Risk:  rules.RiskCloudNoTraffic,
		Zh: rules.Text{Title: "CLB 正在创建或删除中",
			Cause: "CLB 不处于正常状态：仍在创建中，或正在被删除。",
			Fix:   "等待创建完成；若正在被删除，请在负载均衡控制台的操作日志中查明删除者，并让控制器重新创建。",
			Risk:  rules.ZhRiskCloudNoTraffic},
	})
	CloudLBAddress = tkeCloud(rules.Service, "lb-address", rules.Warning, "DescribeLoadBalancers", rules.Details{
		Title: "The object's status names an address the CLB does not have",
		Cause: "The address in status.loadBalancer is none of the CLB's addresses: the object points clients at another load balancer than the one it is bound to.",
		Fix:   "Check which CLB the id annotation names; if the binding changed, wait for the controller's next sync or correct the annotation.",
		Risk:  "Clients that use the status address reach another load balancer.",
		Zh: rules.Text{Title: "对象状态中的地址不属于该 CLB",
			Cause: "status.loadBalancer 中的地址不是该 CLB 的任何地址：对象把客户端指向了另一个负载均衡。",
			Fix:   "核对 ID 注解指向的 CLB；若绑定已变更，等待控制器下一次同步或修正注解。",
			Risk:  "使用状态中地址的客户端会访问到另一个负载均衡。"},
	})
	CloudListenerMissing = tkeCloud(rules.Service, "listener-missing", rules.Error, "DescribeListeners", rules.Details{
		Title: "A port the object asks for has no listener on the CLB",
		Cause: "The CLB has no listener on a port the Service or Ingress asks for: it was deleted in the console, or the controller could not create it.",
		Fix:   "Look at the object's events for the controller's error; a listener deleted by hand comes back at the controller's next sync (edit the object to trigger one).",
		Risk:  rules.RiskCloudNoTraffic,
		Zh: rules.Text{Title: "对象要求的端口在 CLB 上没有监听器",
			Cause: "CLB 在 Service 或 Ingress 要求的端口上没有监听器：它在控制台被删除了，或控制器未能创建。",
			Fix:   "查看对象的事件中控制器的报错；手工删除的监听器会在控制器下一次同步时重建（修改对象即可触发同步）。",
			Risk:  rules.ZhRiskCloudNoTraffic},
	})
	CloudListenerProtocol = tkeCloud(rules.Service, "listener-protocol", rules.Error, "DescribeListeners", rules.Details{
		Title: "A listener speaks another protocol than the object asks for",
		Cause: "The listener on the port speaks another protocol than the Service port or Ingress asks for, usually after an edit in the console.",
		Fix:   "Do not edit the listeners the controller manages in the console; delete the drifted listener or edit the object so the controller recreates it.",
		Risk:  rules.RiskCloudNoTraffic,
		Zh: rules.Text{Title: "监听器的协议与对象要求的不同",
			Cause: "该端口上的监听器协议与 Service 端口或 Ingress 要求的不同，通常是在控制台修改过。",
			Fix:   "不要在控制台修改控制器管理的监听器；删除漂移的监听器，或修改对象让控制器重建。",
			Risk:  rules.ZhRiskCloudNoTraffic},
	})
	CloudListenerExtra = tkeCloud(rules.Service, "listener-extra", rules.Warning, "DescribeListeners", rules.Details{
		Title: "The CLB has a listener no port of the object asks for",
		Cause: "A CLB the controller created for this object alone has a listener on a port the object does not ask for, added by hand in the console.",
		Fix:   "Declare the port on the Service (or the Ingress) or delete the listener; the controller removes or fights hand-made listeners on the CLBs it manages.",
		Risk:  "The controller may delete the listener at its next sync, cutting whatever uses it.",
		Zh: rules.Text{Title: "CLB 上有对象未要求的监听器",
			Cause: "控制器为该对象单独创建的 CLB 上，有一个对象未要求的端口的监听器，是在控制台手工添加的。",
			Fix:   "在 Service（或 Ingress）上声明该端口，或删除该监听器；控制器会删除或覆盖其所管理 CLB 上的手工监听器。",
			Risk:  "控制器可能在下一次同步时删除该监听器，使用它的流量随之中断。"},
	})
	CloudListenerTaken = tkeCloud(rules.Service, "listener-taken", rules.Error, "DescribeListeners", rules.Details{
		Title: "A port is already a listener of another owner on the reused CLB",
		Cause: "The object reuses a CLB (tke-existed-lbid) that already has a listener on a port the object asks for, and that listener is not the object's.",
		Fix:   "Choose another port, or another CLB to reuse; one port of a CLB serves one listener.",
		Risk:  "The controller cannot create the listener, so the port receives no traffic for this object.",
		Zh: rules.Text{Title: "复用的 CLB 上该端口已被其他监听器占用",
			Cause: "对象复用的 CLB（tke-existed-lbid）在对象要求的端口上已经有一个监听器，且它不属于该对象。",
			Fix:   "换一个端口，或复用另一个 CLB；CLB 的一个端口只能有一个监听器。",
			Risk:  "控制器无法创建该监听器，该端口不会为此对象接入流量。"},
	})
	CloudBackendNone = tkeCloud(rules.Service, "backend-none", rules.Error, "DescribeTargets", rules.Details{
		Title: "A listener of the object has no backend",
		Cause: "The listener (or forwarding rule) has no backend bound: no node or pod is registered on the CLB.",
		Fix:   "Check that the Service has ready endpoints and that the controller's events show no backend error; nodes excluded by labels are not registered.",
		Risk:  rules.RiskCloudNoTraffic,
		Zh: rules.Text{Title: "对象的监听器没有后端",
			Cause: "该监听器（或转发规则）没有绑定任何后端：CLB 上没有注册节点或 Pod。",
			Fix:   "确认 Service 有就绪的 Endpoint，且控制器事件中没有后端相关的报错；被标签排除的节点不会注册。",
			Risk:  rules.ZhRiskCloudNoTraffic},
	})
	CloudBackendWeightZero = tkeCloud(rules.Service, "backend-weight-zero", rules.Warning, "DescribeTargets", rules.Details{
		Title: "A backend has weight 0",
		Cause: "A backend is bound with weight 0, so the CLB sends it no new connections: set by hand, or by a graceful shutdown that did not end.",
		Fix:   "Restore the weight (the controller sets it at its next sync); check any weight annotation or TkeServiceConfig that sets 0.",
		Risk:  "Capacity drops; with every backend at 0 the listener serves no one.",
		Zh: rules.Text{Title: "后端权重为 0",
			Cause: "某个后端的权重为 0，CLB 不再向它分发新连接：手工设置的，或优雅下线没有结束。",
			Fix:   "恢复权重（控制器下一次同步时会重设）；检查把权重设为 0 的注解或 TkeServiceConfig。",
			Risk:  "容量下降；所有后端都为 0 时，该监听器不再服务任何客户端。"},
	})
	CloudBackendUnhealthy = tkeCloud(rules.Service, "backend-unhealthy", rules.Error, "DescribeTargetHealth", rules.Details{
		Title: "Backends fail the CLB health check",
		Cause: "The CLB health check marks backends unhealthy, so it sends them no traffic; no Kubernetes event says so.",
		Fix:   "Compare the health-check settings (protocol, port, path, codes) with what the pods serve; allow the probes of the CLB through security groups and NetworkPolicy objects.",
		Risk:  rules.RiskCloudNoTraffic,
		Zh: rules.Text{Title: "后端未通过 CLB 健康检查",
			Cause: "CLB 健康检查把后端判为异常，不再向其转发流量；Kubernetes 中没有任何事件提示这一点。",
			Fix:   "对照 Pod 实际提供的服务核对健康检查配置（协议、端口、路径、状态码）；放通安全组和 NetworkPolicy 中 CLB 的探测流量。",
			Risk:  rules.ZhRiskCloudNoTraffic},
	})
	CloudBackendMissing = tkeBackendSet("backend-missing", rules.Warning, rules.Details{
		Title: "A node or pod that should be a backend is not registered",
		Cause: "The listener lacks a backend the controller registers: with direct access (direct-access annotation) each ready endpoint's pod IP; otherwise each Ready node that is not a master and matches the backends-label selector, with externalTrafficPolicy Local at least the nodes running a ready endpoint. For an Ingress, each forwarding rule is held to the Service its path names (with the Ingress's direct-access annotation, that Service's ready pods; otherwise every Ready worker node). The controller has not caught up, or failed and said so in an event.",
		Fix:   "Look at the Service's events for a backend error; check the node labels and the backends-label annotation; a backend removed by hand in the console comes back at the controller's next sync.",
		Risk:  "Fewer backends carry the traffic than the cluster offers; the ones left may be overloaded.",
		Zh: rules.Text{Title: "应作为后端的节点或 Pod 未注册",
			Cause: "监听器缺少控制器会注册的后端：开启直连（direct-access 注解）时为每个就绪 Endpoint 的 Pod IP；否则为每个非 master、处于 Ready 且匹配 backends-label 选择器的节点，externalTrafficPolicy 为 Local 时至少为运行着就绪 Endpoint 的节点。对于 Ingress，每条转发规则都按其路径指向的 Service 判断（Ingress 开启 direct-access 注解时为该 Service 的就绪 Pod；否则为每个 Ready 的 worker 节点）。控制器尚未同步，或同步失败并在事件中报错。",
			Fix:   "查看 Service 事件中的后端报错；核对节点标签和 backends-label 注解；在控制台手工删除的后端会在控制器下一次同步时恢复。",
			Risk:  "承载流量的后端少于集群所能提供的；剩下的后端可能过载。"},
	})
	CloudBackendStale = tkeBackendSet("backend-stale", rules.Warning, rules.Details{
		Title: "A backend is no node or pod the Service has",
		Cause: "A listener of the object forwards to an address that is none of the Service's endpoints (direct access) or none of the cluster's nodes the controller may register (master nodes and nodes outside the backends-label selector are not): added by hand in the console, or left behind by a node or pod that is gone.",
		Fix:   "Remove the backend in the CLB console, or let the controller's next sync remove it; find why the controller did not (its events).",
		Risk:  "Connections sent to that backend fail or reach something else.",
		Zh: rules.Text{Title: "后端不是该 Service 的节点或 Pod",
			Cause: "对象的监听器转发到的地址既不是 Service 的任何 Endpoint（直连时），也不是控制器可能注册的任何集群节点（master 节点和不匹配 backends-label 选择器的节点不会注册）：在控制台手工添加的，或是已消失的节点或 Pod 遗留下来的。",
			Fix:   "在 CLB 控制台移除该后端，或等待控制器下一次同步将其移除；查看控制器的事件，找出它没有移除的原因。",
			Risk:  "发往该后端的连接会失败，或到达别的服务。"},
	})
	CloudBackendKind = rules.Cloud(Provider, rules.Service, "backend-kind", rules.Warning, rules.Details{
		Title: "Backends are nodes where direct access wants pods, or the reverse",
		Cause: "With direct access (direct-access annotation) the controller binds the pods' own IPs (ENI backends) to the CLB; without it, the nodes (CVM instances) on the NodePort. A listener holds backends of the other kind: the annotation was switched and the controller has not rebound, the cluster's network cannot do direct access (it needs VPC-CNI), or someone bound them by hand in the console.",
		Fix:   "Decide which mode the Service should use and make the annotation say so (direct access only on a VPC-CNI network); read the Service's events for the controller's error; unbind backends added by hand.",
		Risk:  "The CLB sends traffic around the Service's chosen path: pod IPs bound in node mode go dead when the pods move, and nodes bound in direct mode bypass the health checks and graceful shutdown of the pods.",
		Doc:   rules.DocTKEDirectAccess,
		Decides: rules.CloudBackendDecides("the type of the CLB's backends (CVM or ENI) as the Tencent Cloud API action DescribeTargets describes them",
			"腾讯云 API DescribeTargets 所返回的 CLB 后端类型（CVM 或 ENI）"),
		Zh: rules.Text{Title: "直连模式需要 Pod 却绑定了节点，或相反",
			Cause: "开启直连（direct-access 注解）时，控制器把 Pod 自身的 IP（ENI 后端）绑定到 CLB；未开启时绑定的是节点（CVM 实例）的 NodePort。监听器上的后端却是另一种：注解被切换后控制器尚未重新绑定，集群网络不支持直连（需要 VPC-CNI），或有人在控制台手工绑定了它们。",
			Fix:   "确定 Service 应使用哪种模式并据此设置注解（仅在 VPC-CNI 网络下使用直连）；查看 Service 事件中控制器的报错；解绑手工添加的后端。",
			Risk:  "CLB 绕开了 Service 所选的转发路径：节点模式下绑定的 Pod IP 会在 Pod 迁移后失效，直连模式下绑定的节点则绕过了针对 Pod 的健康检查和优雅停机。"},
	})
	CloudCertMissing = tkeCloud(rules.Ingress, "cert-missing", rules.Error, "DescribeCertificate", rules.Details{
		Title:    "The certificate an HTTPS listener serves does not exist",
		Cause:    "The SSL certificate id the listener (from qcloud_cert_id) serves is not a certificate of the account.",
		Fix:      "Upload the certificate to SSL Certificates and put its id into qcloud_cert_id of the TLS Secret.",
		Risk:     "Clients cannot complete the TLS handshake; the controller fails the listener with E4012.",
		Explains: []rules.ID{IngressE4012},
		Zh: rules.Text{Title: "HTTPS 监听器使用的证书不存在",
			Cause: "监听器（来自 qcloud_cert_id）所用的 SSL 证书 ID 不是该账号的证书。",
			Fix:   "把证书上传到 SSL 证书服务，并把其 ID 填入 TLS Secret 的 qcloud_cert_id。",
			Risk:  "客户端无法完成 TLS 握手；控制器创建监听器时报 E4012。"},
	})
	CloudCertExpired = tkeCloud(rules.Ingress, "cert-expired", rules.Error, "DescribeCertificate", rules.Details{
		Title:    "The certificate an HTTPS listener serves has expired",
		Cause:    "The SSL certificate (qcloud_cert_id) is past its end date: clients refuse it, and CLB refuses it for a new listener (E4012).",
		Fix:      "Renew or replace the certificate in SSL Certificates and put the new id into qcloud_cert_id of the TLS Secret.",
		Risk:     "Every HTTPS client fails the handshake.",
		Explains: []rules.ID{IngressE4012},
		Zh: rules.Text{Title: "HTTPS 监听器使用的证书已过期",
			Cause: "SSL 证书（qcloud_cert_id）已过有效期：客户端拒绝它，CLB 创建新监听器时也会拒绝（E4012）。",
			Fix:   "在 SSL 证书服务中续期或更换证书，并把新 ID 填入 TLS Secret 的 qcloud_cert_id。",
			Risk:  "所有 HTTPS 客户端握手失败。"},
	})
	CloudCertExpiring = tkeCloud(rules.Ingress, "cert-expiring", rules.Warning, "DescribeCertificate", rules.Details{
		Title: "The certificate an HTTPS listener serves expires within 30 days",
		Cause: "The SSL certificate (qcloud_cert_id) ends within 30 days.",
		Fix:   "Renew it now and put the new id into qcloud_cert_id of the TLS Secret.",
		Risk:  rules.RiskCloudSoon,
		Zh: rules.Text{Title: "HTTPS 监听器使用的证书将在 30 天内过期",
			Cause: "SSL 证书（qcloud_cert_id）将在 30 天内到期。",
			Fix:   "现在就续期，并把新 ID 填入 TLS Secret 的 qcloud_cert_id。",
			Risk:  rules.ZhRiskCloudSoon},
	})
	CloudCertHosts = tkeCloud(rules.Ingress, "cert-hosts", rules.Error, "DescribeCertificate", rules.Details{
		Title: "The certificate does not cover a TLS host of the Ingress",
		Cause: "A host of the Ingress's spec.tls is neither the certificate's common name nor one of its subject alternative names.",
		Fix:   "Use a certificate whose names cover every TLS host, or move the host to a TLS entry with such a certificate.",
		Risk:  "Clients of that host see a name mismatch and refuse the connection.",
		Zh: rules.Text{Title: "证书未覆盖 Ingress 的某个 TLS 域名",
			Cause: "Ingress 的 spec.tls 中某个域名既不是证书的通用名称，也不在其备用名称中。",
			Fix:   "换用能覆盖所有 TLS 域名的证书，或把该域名移到使用这种证书的 TLS 项中。",
			Risk:  "访问该域名的客户端会看到名称不匹配并拒绝连接。"},
	})
	CloudQuota = tkeCloud(rules.Service, "quota-headroom", rules.Warning, "DescribeQuota", rules.Details{
		Title: "A CLB quota the object draws on is 90% used or more",
		Cause: "Usage of a CLB quota (CLBs per region, listeners per CLB, rules per listener, backends per rule) is at or above 90% of its limit; at the limit the controller fails with E4003, E4004 or E4005.",
		Fix:   "Release what is no longer used, or ask for a higher quota in a support ticket before the limit is reached.",
		Risk:  rules.RiskCloudSoon,
		Zh: rules.Text{Title: "对象所用的 CLB 配额已用到 90% 以上",
			Cause: "某项 CLB 配额（地域内 CLB 数、单 CLB 监听器数、单监听器规则数、单规则后端数）已用到上限的 90% 以上；达到上限时控制器会报 E4003、E4004 或 E4005。",
			Fix:   "在达到上限前释放不再使用的资源，或提交工单申请提高配额。",
			Risk:  rules.ZhRiskCloudSoon},
	})
	CloudSubnetIPs = tkeCloud(rules.Service, "subnet-ips", rules.Error, "DescribeSubnets", rules.Details{
		Title:    "The subnet of the internal CLB has no free IP",
		Cause:    "The subnet named for the internal CLB has no free address, so creating the CLB fails with E4008 (Service) or E4053 (Ingress).",
		Fix:      "Point the subnet annotation at a subnet of the cluster's VPC with free addresses, or free addresses in this one.",
		Risk:     "The internal CLB cannot be created.",
		Explains: []rules.ID{ServiceE4008},
		Zh: rules.Text{Title: "内网 CLB 所用子网没有空闲 IP",
			Cause: "为内网 CLB 指定的子网没有空闲地址，创建 CLB 会失败，报 E4008（Service）或 E4053（Ingress）。",
			Fix:   "把子网注解改为集群 VPC 中还有空闲地址的子网，或释放该子网中的地址。",
			Risk:  "无法创建内网 CLB。"},
	})
	// CloudRules are the TKE cloud rules by check.
	CloudRules = rules.CloudRules{
		LBMissing: CloudLBMissing, LBIsolated: CloudLBIsolated, LBInactive: CloudLBInactive, LBAddress: CloudLBAddress,
		ListenerMissing: CloudListenerMissing, ListenerProtocol: CloudListenerProtocol, ListenerExtra: CloudListenerExtra,
		ListenerTaken: CloudListenerTaken, BackendNone: CloudBackendNone, BackendWeightZero: CloudBackendWeightZero,
		BackendUnhealthy: CloudBackendUnhealthy, BackendMissing: CloudBackendMissing, BackendStale: CloudBackendStale, BackendKind: CloudBackendKind, CertMissing: CloudCertMissing, CertExpired: CloudCertExpired,
		CertExpiring: CloudCertExpiring, CertHosts: CloudCertHosts, Quota: CloudQuota, SubnetIPs: CloudSubnetIPs,
	}
)
