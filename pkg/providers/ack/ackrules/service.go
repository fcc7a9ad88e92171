package ackrules

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Alibaba Cloud ACK LoadBalancer Service rules. The cloud-controller-manager (CCM) reports sync
// failures as SyncLoadBalancerFailed events whose message carries the CLB OpenAPI code (when there is
// one) or a fixed sentence; Match holds the distinctive part of each documented message.
//
// Sources: "Alibaba ACK, troubleshooting LoadBalancer Services" (error-event table and symptom guide)
// and "Alibaba ACK, Service FAQ".

// ackService declares an ACK Service rule with a documented API code.
func ackService(code string, sev rules.Severity, d rules.Details) rules.ID {
	return rules.Coded(Provider, rules.Service, code, sev, d)
}

// Rules of the ACK Service catalog.
var (
	// ---- Documented event messages ----
	ServiceBackendQuota = rules.Uncoded(Provider, rules.Service, "backend-quota", rules.Error, rules.Details{
		Title: "CLB backend server quota (200) exhausted",
		Cause: "The CLB instance already holds the maximum of 200 backend servers, so CCM cannot attach the " +
			"nodes or ENIs this Service needs. Sharing one CLB between many Services, or Cluster mode on a " +
			"large cluster (every node becomes a backend), uses the quota up quickly.",
		Fix: "Raise the backend-server quota on the SLB Quota Management page; or, in Cluster mode, set " +
			"spec.externalTrafficPolicy: Local so only nodes running backend pods are attached; or, staying in " +
			"Cluster mode, restrict the attached nodes with service.beta.kubernetes.io/alibaba-cloud-loadbalancer-backend-label " +
			"(e.g. \"k1=v1,k2=v2\"); or give this Service its own CLB instead of a shared one.",
		Risk: "New pods or nodes are never added to the CLB, so traffic concentrates on the old backends and " +
			"the Service loses capacity or goes dark as old backends disappear.",
		Doc:   rules.DocACKEvents + ", \"The backend server number has reached to the quota limit\"",
		Match: []string{"The backend server number has reached to the quota limit"},
		Decides: []rules.Decision{
			{By: rules.ByOtherObjects, What: words.Phrase{En: "nodes, pods, EndpointSlices and the other Services on the CLB", Zh: "节点、Pod、EndpointSlice，以及同一 CLB 上的其他 Service"}, IfUnknown: rules.UnknownSkips},
			{By: rules.ByClusterConfig, What: words.Phrase{En: "kube-system/cloud-config: serviceBackendType (pods or nodes are the backends)", Zh: "kube-system/cloud-config 中的 serviceBackendType（后端是 Pod 还是节点）"}, IfUnknown: rules.UnknownDefault},
		},
		Zh: rules.Text{
			Title: "CLB 后端服务器配额（200 个）已用尽",
			Cause: "该 CLB 实例上的后端服务器已达到 200 个的上限，CCM 无法再挂载这个 Service 需要的节点或 ENI。" +
				"多个 Service 共用一个 CLB，或在大集群中使用 Cluster 模式（每个节点都会成为后端），都会很快把配额用完。",
			Fix: "在 SLB 配额管理页面提高后端服务器配额；或者在 Cluster 模式下设置 spec.externalTrafficPolicy: Local，" +
				"只挂载运行着后端 Pod 的节点；或者保持 Cluster 模式，用 " +
				"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-backend-label（例如 \"k1=v1,k2=v2\"）限定挂载的节点；" +
				"或者不再共用 CLB，给这个 Service 单独配一个 CLB。",
			Risk: "新的 Pod 或节点始终加不进 CLB，流量集中在旧的后端上；随着旧后端陆续消失，该 Service 的容量下降，" +
				"甚至完全无法访问。",
		},
	})
	ServiceENISharedSpec = rules.Uncoded(Provider, rules.Service, "eni-shared-spec", rules.Error, rules.Details{
		Title: "Shared-performance CLB cannot take ENI backends",
		Cause: "The Service attaches pod ENIs directly (service.beta.kubernetes.io/backend-type: eni, Terway), " +
			"but the CLB is a shared-resource instance, which only accepts ECS backends.",
		Fix: "Request a performance-guaranteed instance with service.beta.kubernetes.io/alibaba-cloud-loadbalancer-spec: " +
			"\"slb.s1.small\" (or a larger slb.sX spec). Check first that the installed CCM version supports that annotation. " +
			"A pay-by-CLCU CLB (instance-charge-type PayByCLCU) takes no spec at all (see ack.service.clcu-spec): there, " +
			"delete the spec annotation instead of changing it.",
		Risk:    "No pod is ever registered on the CLB, so the load balancer address answers nothing.",
		Doc:     rules.DocACKEvents + ", \"The loadbalancer does not support backend servers of eni type\"",
		Match:   []string{"does not support backend servers of eni type"},
		Decides: []rules.Decision{{By: rules.ByClusterConfig, What: words.Phrase{En: "kube-system/cloud-config: serviceBackendType (the backend type of Services without the backend-type annotation)", Zh: "kube-system/cloud-config 中的 serviceBackendType（没有 backend-type 注解的 Service 所用的后端类型）"}, IfUnknown: rules.UnknownDefault}},
		Zh: rules.Text{
			Title: "性能共享型 CLB 不能挂载 ENI 后端",
			Cause: "该 Service 直接挂载 Pod 的弹性网卡 ENI（service.beta.kubernetes.io/backend-type: eni，Terway），" +
				"但这个 CLB 是性能共享型实例，只接受 ECS 作为后端。",
			Fix: "用 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-spec: \"slb.s1.small\"（或更大的 slb.sX 规格）" +
				"申请性能保障型实例，并先确认所装的 CCM 版本支持该注解。按使用量计费的 CLB（instance-charge-type " +
				"PayByCLCU）不接受任何规格（见 ack.service.clcu-spec）：这种情况下应删除规格注解，而不是修改它。",
			Risk: "没有任何 Pod 注册到 CLB 上，负载均衡地址对所有请求都没有响应。",
		},
	})
	ServiceNoAvailableNodes = rules.Uncoded(Provider, rules.Service, "no-available-nodes", rules.Error, rules.Details{
		Title: "No backend available for the CLB or NLB",
		Cause: "CCM found nothing to attach as a backend: no pod matches the Service selector, the matching " +
			"pods are not healthy/ready, or the only running pods sit on master nodes, which are never added.",
		Fix: "Check `kubectl get pods -l <selector>` and the Service endpoints. Deploy pods matching the selector, " +
			"repair failing pods, and move pods that landed on master nodes to worker nodes (evict them or fix " +
			"their nodeSelector/tolerations). If backends exist but outside clients still cannot connect, make the " +
			"health-check annotations (type, port, URI) match what the pods really answer, since a failing health " +
			"check leaves the CLB with no usable backend.",
		Risk: "The CLB has an empty backend group; every connection to it fails.",
		Doc:  rules.DocACKEvents + ", \"There are no available nodes for LoadBalancer\"",
		// CCM writes "for LoadBalancer" for a CLB and, since its NLB support (260c65575, 2022,
		// nlbv2/server_groups.go), "for NetworkLoadBalancer" for an NLB.
		Match: []string{"There are no available nodes for LoadBalancer", "There are no available nodes for NetworkLoadBalancer"},
		// The upstream service controller (k8s.io/cloud-provider) and k3s's service-lb-controller write
		// "There are no available nodes for LoadBalancer" (reason UnAvailableLoadBalancer) on every cloud.
		MatchShared: true,
		// A Service without a ready endpoint is why CCM finds nothing to attach.
		ConsequenceOf: []rules.ID{rules.GenericServiceNoEndpoints},
		Decides: []rules.Decision{
			{By: rules.ByOtherObjects, What: words.Phrase{En: "nodes, pods and EndpointSlices", Zh: "节点、Pod 和 EndpointSlice"}, IfUnknown: rules.UnknownSkips},
			{By: rules.ByClusterConfig, What: words.Phrase{En: "kube-system/cloud-config: serviceBackendType (pods or nodes are the backends)", Zh: "kube-system/cloud-config 中的 serviceBackendType（后端是 Pod 还是节点）"}, IfUnknown: rules.UnknownDefault},
		},
		Zh: rules.Text{
			Title: "CLB 或 NLB 没有可用的后端",
			Cause: "CCM 找不到可以挂载为后端的对象：没有 Pod 与该 Service 的 selector 匹配，匹配的 Pod 不健康或未就绪，" +
				"或者仅有的运行中 Pod 都在 master 节点上，而 master 节点从不会被加为后端。",
			Fix: "检查 `kubectl get pods -l <selector>` 的结果和该 Service 的 endpoints。部署与 selector 匹配的 Pod，" +
				"修复出错的 Pod，把落在 master 节点上的 Pod 迁到 worker 节点（驱逐它们，或修正它们的 " +
				"nodeSelector/tolerations）。如果后端已经存在而外部客户端仍然连不上，请让健康检查相关注解（类型、端口、" +
				"URI）与 Pod 实际的响应相符，因为健康检查失败同样会让 CLB 没有可用的后端。",
			Risk: "CLB 的后端服务器组是空的；到它的每个连接都会失败。",
		},
		// With no node the CLB may attach, the address answers on none, whatever the traffic policy.
		Explains: []rules.ID{rules.GenericServiceExternalTrafficLocal},
	})
	ServiceLBNotFound = rules.Uncoded(Provider, rules.Service, "lb-not-found", rules.Error, rules.Details{
		Title: "CLB recorded in the Service no longer exists",
		Cause: "The Service status (status.loadBalancer.ingress) points at a CLB that CCM cannot find through " +
			"the OpenAPI: it was deleted or renamed in the console, or was created by hand and never declared " +
			"with the loadbalancer-id annotation.",
		Fix: "Look the EXTERNAL-IP up in the SLB console. Gone and Service unneeded: delete the Service. Gone but " +
			"needed: remove status.loadBalancer from the Service so CCM builds a new CLB. Exists and was created by " +
			"hand: set service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id to its ID. Exists and was created by " +
			"an old CCM: add the kubernetes.do.not.delete tag described in the FAQ on renaming SLB instances.",
		Risk: "CCM stops reconciling the Service: listener, backend and annotation changes are no longer " +
			"applied, and the address may point at nothing.",
		Doc: rules.DocACKEvents + ", \"can not find loadbalancer, but it's defined in service\"; " + rules.DocACKFAQ +
			", What to do if I accidentally delete an SLB instance",
		// The CCM's wording over its history: before the 2021 rewrite "not able to find loadbalancer named
		// [...] in openapi, but it's defined in service.loaderbalancer.ingress"; from June 2021 (5d7c4abcf)
		// "not able to find loadbalancer, but it's defined in service.loaderbalancer.ingress [...]"; from
		// July 2021 (8dccbef99) on "can not find loadbalancer, but it's defined in service [...]". A sync
		// with the Service unchanged that finds no CLB by the tag CCM gave it says "can not find
		// loadbalancer by tag [...]" (clbv1/model_applier.go).
		Match: []string{
			"not able to find loadbalancer named",
			"not able to find loadbalancer, but it's defined in service",
			"can not find loadbalancer, but it's defined in service",
			"can not find loadbalancer by tag",
		},
		Zh: rules.Text{
			Title: "Service 中记录的 CLB 已不存在",
			Cause: "Service 的状态（status.loadBalancer.ingress）指向一个 CCM 通过 OpenAPI 查不到的 CLB：它已在控制台中被删除" +
				"或改名，或者是手动创建的、却从未用 loadbalancer-id 注解声明过。",
			Fix: "在 SLB 控制台中按 EXTERNAL-IP 查找该实例。已不存在且不再需要该 Service：删除 Service。已不存在但仍需要：" +
				"从 Service 中删除 status.loadBalancer，让 CCM 新建一个 CLB。仍然存在且是手动创建的：把它的 ID 填入 " +
				"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id。仍然存在且由旧版 CCM 创建：按 FAQ 中关于 SLB " +
				"实例改名的说明添加 kubernetes.do.not.delete 标签。",
			Risk: "CCM 不再调谐该 Service：监听、后端和注解的变更都不会再生效，该地址也可能什么都不指向。",
		},
	})
	ServiceOrderArrearage = ackService("ORDER.ARREARAGE", rules.Error, rules.Details{
		Title: "Alibaba Cloud account has an overdue payment",
		Cause: "The CLB OpenAPI refuses to create or change billable resources because the account owes money.",
		Fix:   "Pay the outstanding bill in the Alibaba Cloud billing console; CCM succeeds on its next sync.",
		Risk: "No CLB can be created or updated for any Service, and resources of an account left in arrears " +
			"may be suspended.",
		Doc:   rules.DocACKEvents + ", \"ORDER.ARREARAGE Message: The account is arrearage.\"",
		Match: []string{"ORDER.ARREARAGE", "The account is arrearage"},
		Zh: rules.Text{
			Title: "阿里云账号欠费",
			Cause: "账号有未结清的欠款，CLB OpenAPI 拒绝创建或变更需要计费的资源。",
			Fix:   "在阿里云费用中心结清欠款；CCM 在下一次同步时就会成功。",
			Risk:  "无法为任何 Service 创建或更新 CLB；账号长期欠费时，其下的资源还可能被停用。",
		},
	})
	ServicePayInsufficientBalance = ackService("PAY.INSUFFICIENT_BALANCE", rules.Error, rules.Details{
		Title: "Alibaba Cloud account balance too low",
		Cause: "The account does not hold enough credit for the CLB purchase or change CCM requested.",
		Fix:   "Add funds to the account; the next CCM sync then goes through.",
		Risk:  "The CLB stays unprovisioned or unchanged, leaving the Service Pending or stale.",
		Doc:   rules.DocACKEvents + ", \"PAY.INSUFFICIENT_BALANCE Message: Your account does not have enough balance.\"",
		Match: []string{"PAY.INSUFFICIENT_BALANCE", "Your account does not have enough balance"},
		Zh: rules.Text{
			Title: "阿里云账号余额不足",
			Cause: "账号余额不够支付 CCM 请求的 CLB 购买或变更。",
			Fix:   "为账号充值；CCM 的下一次同步即可完成。",
			Risk:  "CLB 一直没有创建或没有变更，Service 停留在 Pending 状态，或配置一直是旧的。",
		},
	})
	ServiceThrottling = ackService("Throttling", rules.Warning, rules.Details{
		Title: "CLB OpenAPI calls are being throttled",
		Cause: "CCM is issuing more CLB API requests than the account's rate limit allows. Services that fail " +
			"to sync and are retried in a loop are a common source of the extra calls.",
		Fix: "Look at the CLB quotas on the SLB Quota Management page, then run `kubectl describe svc` on the " +
			"LoadBalancer Services and clear their other sync errors so CCM stops retrying them.",
		Risk: "Syncs are delayed, so backend and listener changes reach the CLB late; if the call volume stays " +
			"high, every Service in the cluster is slowed down.",
		Doc:     rules.DocACKEvents + ", \"Status Code: 400 Code: Throttling\"",
		Retried: true,
		// Current CCM drops the code and keeps the API's message; older ones wrote "ErrorCode: Throttling…".
		Match: []string{"Code: Throttling", "Request was denied due to request throttling",
			"Request was denied due to user flow control", "Request was denied due to api flow control"},
		Zh: rules.Text{
			Title: "CLB OpenAPI 调用被限流",
			Cause: "CCM 发出的 CLB API 请求超过了账号允许的调用频率。同步失败后被反复重试的 Service 是多余调用的常见来源。",
			Fix: "在 SLB 配额管理页面查看 CLB 的配额，然后对 LoadBalancer 类型的 Service 执行 `kubectl describe svc`，" +
				"解决它们的其他同步错误，让 CCM 不再反复重试。",
			Risk: "同步被推迟，后端和监听的变更要过一段时间才到达 CLB；如果调用量一直居高不下，集群中所有 Service 的同步都会变慢。",
		},
	})
	ServiceRspoolVIPExist = ackService("RspoolVipExist", rules.Error, rules.Details{
		Title: "vServer group still bound to a listener",
		Cause: "CCM tried to delete a vServer group that a listener still uses. This usually happens on a reused " +
			"CLB (service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id is set) whose listener was made outside CCM.",
		Fix: "Confirm whether the Service sets service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id; if so, " +
			"delete in the CLB console the listener on the port the Service declares, then let CCM sync again.",
		Risk:  "Backend updates for that port stay blocked and the CLB keeps an outdated configuration.",
		Doc:   rules.DocACKEvents + ", \"Code: RspoolVipExist Message: there are vips associating with this vServer group.\"",
		Match: []string{"RspoolVipExist", "there are vips associating with this vServer group"},
		Zh: rules.Text{
			Title: "虚拟服务器组仍被监听使用",
			Cause: "CCM 试图删除一个仍有监听在使用的虚拟服务器组（vServer group）。这通常发生在复用的 CLB 上（设置了 " +
				"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id），且它的监听是在 CCM 之外创建的。",
			Fix: "确认该 Service 是否设置了 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id；如果设置了，在 CLB " +
				"控制台中删除该 Service 所声明端口上的监听，再让 CCM 重新同步。",
			Risk: "该端口的后端更新一直被阻塞，CLB 上保留着过时的配置。",
		},
	})
	ServiceNetworkConflict = ackService("NetworkConflict", rules.Error, rules.Details{
		Title: "Internal CLB sits in another VPC than the cluster",
		Cause: "The reused intranet CLB belongs to a different VPC from the cluster; CLB instances cannot be " +
			"reused across VPCs.",
		Fix: "Point service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id at an intranet CLB in the cluster's " +
			"VPC, or drop the annotation and let CCM create one there.",
		Risk: "The CLB can never reach the cluster's nodes or pods; the Service stays unusable.",
		Doc:  rules.DocACKEvents + ", \"Status Code: 400 Code: NetworkConflict\"; " + rules.DocACKFAQ + ", Why does reusing an existing SLB instance fail?",
		// Current CCM drops the code and keeps only the API's words; wording that puts the load
		// balancer and the cluster's network in different VPCs is this documented cause. "VPC" and
		// "conflict" apart are not: the CCM's messages name VPC ids beside unrelated conflicts.
		Match: []string{"NetworkConflict", "not in the same VPC", "in a different VPC", "network type … conflict"},
		Zh: rules.Text{
			Title: "私网 CLB 与集群不在同一个专有网络 VPC 中",
			Cause: "复用的私网 CLB 属于与集群不同的专有网络 VPC；CLB 实例不能跨 VPC 复用。",
			Fix: "让 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id 指向集群所在 VPC 中的私网 CLB，" +
				"或删除该注解，由 CCM 在该 VPC 中新建一个。",
			Risk: "CLB 永远访问不到集群的节点或 Pod；该 Service 一直无法使用。",
		},
	})
	ServiceVSwitchAvailableIPNotExist = ackService("VSwitchAvailableIpNotExist", rules.Error, rules.Details{
		Title: "vSwitch for the internal CLB has no free IP",
		Cause: "The vSwitch chosen for the intranet CLB has run out of addresses, so no CLB address can be allocated.",
		Fix: "Select another vSwitch of the same VPC that still has free addresses with " +
			"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-vswitch-id: \"vsw-...\" (together with " +
			"address-type \"intranet\"), or free addresses in the current one.",
		Risk:  "The Service remains Pending with no internal address.",
		Doc:   rules.DocACKEvents + ", \"Code: VSwitchAvailableIpNotExist Message: The specified VSwitch has no available ip.\"",
		Match: []string{"VSwitchAvailableIpNotExist", "The specified VSwitch has no available ip"},
		Zh: rules.Text{
			Title: "私网 CLB 所用交换机没有空闲 IP",
			Cause: "为私网 CLB 选定的交换机（vSwitch）中地址已经用完，无法为 CLB 分配地址。",
			Fix: "用 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-vswitch-id: \"vsw-...\"（同时把地址类型 " +
				"address-type 设为 \"intranet\"）改选同一 VPC 中仍有空闲地址的另一个交换机，或在当前交换机中释放一些地址。",
			Risk: "该 Service 一直处于 Pending 状态，没有私网地址。",
		},
	})
	ServiceVSwitchNotFound = rules.Uncoded(Provider, rules.Service, "vswitch-not-found", rules.Error, rules.Details{
		Title: "vSwitch for the internal CLB does not exist",
		Cause: "The vSwitch CCM asks the intranet CLB to use does not exist: the one named in " +
			"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-vswitch-id, or, without that annotation, the " +
			"cluster's default vSwitch (shown as the node vSwitch of the default node pool).",
		Fix: "Check that the vSwitch in the vswitch-id annotation exists in the cluster's VPC and region, or, without " +
			"the annotation, that the default node pool's vSwitch still exists; otherwise name an existing vSwitch " +
			"of the cluster's VPC with the annotation.",
		Risk: "The intranet CLB is never created; the Service stays Pending without an address.",
		Doc: rules.DocACKEvents + " (Chinese edition, help.aliyun.com/zh/ack/ack-managed-and-ack-dedicated/support/" +
			"service-troubleshooting), \"Message：The specified VSwitch does not exist.\"",
		Match: []string{"The specified VSwitch does not exist"},
		Zh: rules.Text{
			Title: "私网 CLB 所用的交换机不存在",
			Cause: "CCM 要求私网 CLB 使用的交换机（vSwitch）不存在：可能是 " +
				"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-vswitch-id 中指定的交换机，或者在没有该注解时，" +
				"集群的默认交换机（即默认节点池的节点虚拟交换机）。",
			Fix: "确认 vswitch-id 注解中的交换机存在于集群所在的 VPC 和地域；没有该注解时，确认默认节点池的交换机仍然存在。" +
				"否则用该注解指定集群 VPC 中一个存在的交换机。",
			Risk: "私网 CLB 始终无法创建，Service 一直处于 Pending 状态，没有地址。",
		},
	})
	ServiceENIStringTargetPort = rules.Uncoded(Provider, rules.Service, "eni-string-targetport", rules.Error, rules.Details{
		Title: "Named targetPort not supported with ENI backends",
		Cause: "With ENI backends the CLB registers the pod port directly, and this CCM version cannot resolve a " +
			"named (string) targetPort, so it sends an invalid port to the API.",
		Fix: "Write targetPort as a number (e.g. targetPort: 8080) in spec.ports, or upgrade the CCM component " +
			"to v2.1.0 or later, which looks the named port up in the Service's EndpointSlices.",
		Risk:  "Pods are never registered on the CLB for that port; requests to it fail.",
		Doc:   rules.DocACKEvents + ", \"The specified Port must be between 1 and 65535.\"",
		Match: []string{"The specified Port must be between 1 and 65535"},
		Decides: []rules.Decision{
			{By: rules.ByClusterConfig, What: words.Phrase{En: "kube-system/cloud-config: serviceBackendType (the backend type of Services without the backend-type annotation)", Zh: "kube-system/cloud-config 中的 serviceBackendType（没有 backend-type 注解的 Service 所用的后端类型）"}, IfUnknown: rules.UnknownDefault},
			{By: rules.ByVersion, What: words.Phrase{En: "cloud-controller-manager older than v2.1.0 (later releases resolve a named targetPort from the EndpointSlices)", Zh: "cloud-controller-manager 版本低于 v2.1.0（更新的版本会从 EndpointSlice 中解析命名的 targetPort）"}, IfUnknown: rules.UnknownWarns},
		},
		Zh: rules.Text{
			Title: "ENI 后端不支持命名的 targetPort",
			Cause: "使用 ENI 后端时，CLB 直接注册 Pod 的端口，而这个版本的 CCM 无法解析以名称（字符串）给出的 targetPort，" +
				"于是把一个无效的端口传给了 API。",
			Fix: "在 spec.ports 中把 targetPort 写成数字（例如 targetPort: 8080），或把 CCM 组件升级到 v2.1.0 或更高版本，" +
				"新版本会到该 Service 的 EndpointSlice 中查找命名端口对应的端口号。",
			Risk: "该端口上的 Pod 始终不会注册到 CLB；发往这个端口的请求都会失败。",
		},
	})
	ServicePublicSLBDisabled = rules.Uncoded(Provider, rules.Service, "public-slb-disabled", rules.Error, rules.Details{
		Title: "Cluster forbids internet-facing CLBs",
		Cause: "The CCM's cluster configuration (disablePublicSLB in kube-system/cloud-config) refuses to create a " +
			"public CLB, and this Service asks for one: its address-type is internet, or unset, which means internet.",
		Fix: "Set service.beta.kubernetes.io/alibaba-cloud-loadbalancer-address-type: \"intranet\" for a private CLB, " +
			"or ask the cluster's administrators whether public CLBs may be allowed again.",
		Risk: "CCM records a warning and gives up on the Service without retrying: no CLB, no address.",
		Doc: rules.DocACKCCM + "pkg/controller/service/clbv1/service_controller.go (disablePublicSLB) and " +
			"pkg/config/cloud_config.go (the cloud-config fields)",
		// Before the 2021 rewrite the CCM wrote "PublicAddress SLB is Not allowed" (v1.9.3 releases).
		Match:   []string{"create public address slb is not allowed", "PublicAddress SLB is Not allowed"},
		Decides: []rules.Decision{{By: rules.ByClusterConfig, What: words.Phrase{En: "kube-system/cloud-config: disablePublicSLB", Zh: "kube-system/cloud-config 中的 disablePublicSLB"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "集群禁止创建公网 CLB",
			Cause: "CCM 的集群配置（kube-system/cloud-config 中的 disablePublicSLB）不允许创建公网 CLB，而这个 Service " +
				"要的正是公网 CLB：它的 address-type 为 internet，或者没有设置（不设置即为 internet）。",
			Fix: "设置 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-address-type: \"intranet\" 改用私网 CLB，" +
				"或向集群管理员确认能否重新允许公网 CLB。",
			Risk: "CCM 记录一条警告后就放弃该 Service，且不会重试：没有 CLB，也没有地址。",
		},
	})
	ServiceZoneNotInRegion = rules.Uncoded(Provider, rules.Service, "zone-not-in-region", rules.Error, rules.Details{
		Title: "CLB or NLB zone annotation names a zone outside the cluster's region",
		Cause: "master-zoneid and slave-zoneid choose the primary and backup zone of the CLB CCM creates; each " +
			"zone:vSwitch item of zone-maps places an NLB in one zone. A zone belongs to one region, and the load " +
			"balancer lives in the cluster's region, so a zone of another region (or a made-up one) makes the call " +
			"that creates it, or that changes an NLB's zones, fail.",
		Fix: "Use a zone of the cluster's region (the nodes' topology.kubernetes.io/zone labels name some) with, for " +
			"an NLB, a vSwitch of that zone; or remove the CLB annotation and let the CLB service pick the zones.",
		Risk: "The load balancer is never created (an NLB's zones are never changed) and the Service gets no " +
			"address or keeps the old zones; CCM keeps retrying.",
		Doc: rules.DocACKCCM + "test/e2e/testcase/service/clbv1/loadbalancer.go (a Service with a master-zoneid that does not " +
			"exist fails to sync) and nlbv2/loadbalancer.go (zone-maps become the NLB's zone mappings); " + rules.DocACKCloudAPI +
			"NLB DescribeZones (the zones of the region an NLB is deployed in)",
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the nodes: their region (topology.kubernetes.io/region label or the region part of providerID)", Zh: "节点所在的地域（取自 topology.kubernetes.io/region 标签，或 providerID 中表示地域的部分）"},
			IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "CLB 或 NLB 的可用区注解指定了集群所在地域以外的可用区",
			Cause: "master-zoneid 和 slave-zoneid 决定 CCM 所建 CLB 的主可用区和备可用区；zone-maps 中每个“可用区:交换机”条目" +
				"把 NLB 放进一个可用区。每个可用区只属于一个地域，而负载均衡位于集群所在的地域，所以填写其他地域的可用区" +
				"（或根本不存在的可用区）会让创建它的调用、或修改 NLB 可用区的调用失败。",
			Fix: "使用集群所在地域的可用区（节点的 topology.kubernetes.io/zone 标签中就有），NLB 还需配上该可用区的交换机；" +
				"或删除 CLB 的该注解，由 CLB 服务自行选择可用区。",
			Risk: "负载均衡始终建不起来（NLB 的可用区始终改不了），Service 拿不到地址或停留在原来的可用区；CCM 会一直重试。",
		},
	})
	ServiceShareSLBHaltSales = ackService("ShareSlbHaltSales", rules.Error, rules.Details{
		Title: "Old CCM asks for a shared CLB, which is discontinued",
		Cause: "This CCM release still creates shared-resource CLB instances by default, and Alibaba Cloud no " +
			"longer sells that instance type.",
		Fix: "Upgrade the cloud-controller-manager add-on; current releases no longer request shared-resource " +
			"instances. Then let CCM sync the Service again.",
		Risk: "No new LoadBalancer Service can get a CLB; they all stay Pending.",
		Doc:  rules.DocACKEvents + ", \"Code: ShareSlbHaltSales Message: The share instance has been discontinued.\"",
		Match: []string{
			"ShareSlbHaltSales",
			"The share instance has been discontinued",
		},
		Zh: rules.Text{
			Title: "旧版 CCM 申请已停售的性能共享型 CLB",
			Cause: "这个版本的 CCM 默认仍会创建性能共享型 CLB 实例，而阿里云已不再售卖这种实例类型。",
			Fix:   "升级 cloud-controller-manager 组件，当前版本不再申请性能共享型实例；然后让 CCM 重新同步该 Service。",
			Risk:  "新的 LoadBalancer 类型 Service 都拿不到 CLB，全部停留在 Pending 状态。",
		},
	})
	ServiceResourceGroupImmutable = rules.Uncoded(Provider, rules.Service, "resource-group-immutable", rules.Error, rules.Details{
		Title: "CLB resource group changed after creation",
		Cause: "The value of service.beta.kubernetes.io/alibaba-cloud-loadbalancer-resource-group-id differs from " +
			"the group the CLB was created in; a CLB's resource group is fixed at creation.",
		Fix: "Remove the resource-group-id annotation (or restore its original value). To move the CLB to " +
			"another resource group, recreate the Service.",
		Risk: "Every later sync fails, so other changes to the Service never reach the CLB.",
		Doc:  rules.DocACKEvents + ", \"can not change ResourceGroupId once created\"",
		// The NLB controller's words for the same refusal (nlbv2/loadbalancer.go).
		Match:   []string{"can not change ResourceGroupId once created", "ResourceGroupId cannot be changed"},
		Decides: []rules.Decision{{By: rules.ByHistory, What: words.Phrase{En: "the last-applied-configuration record against the current annotation", Zh: "last-applied-configuration 记录与当前注解的对比"}, IfUnknown: rules.UnknownSkips}},
		Change:  rules.ChangeRejected,
		Zh: rules.Text{
			Title: "CLB 创建后资源组被修改",
			Cause: "service.beta.kubernetes.io/alibaba-cloud-loadbalancer-resource-group-id 的值与 CLB 创建时所在的资源组不同；" +
				"CLB 的资源组在创建时就已确定，之后不能更改。",
			Fix:  "删除 resource-group-id 注解（或恢复它原来的值）。如需把 CLB 移到另一个资源组，请重建该 Service。",
			Risk: "之后的每次同步都会失败，对该 Service 的其他变更永远到不了 CLB。",
		},
	})
	ServiceENIFlannel = rules.Uncoded(Provider, rules.Service, "eni-flannel", rules.Error, rules.Details{
		Title: "ENI backend type requested on a Flannel cluster",
		Cause: "service.beta.kubernetes.io/backend-type: eni tells CCM to attach pod IPs as ENIs, but the cluster " +
			"runs Flannel, whose pod IPs are not ENI addresses in the VPC, so no ENI can be found for them.",
		Fix: "Delete the service.beta.kubernetes.io/backend-type annotation (or set it to \"ecs\") so nodes are " +
			"attached instead; ENI mode needs the Terway network plugin.",
		Risk:  "No backend is registered; the CLB cannot forward any traffic.",
		Doc:   rules.DocACKEvents + ", \"can not find eniid for ip x.x.x.x in vpc vpc-xxxx\"",
		Match: []string{"can not find eniid"},
		Decides: []rules.Decision{
			{By: rules.ByOtherObjects, What: words.Phrase{En: "the network plugin's DaemonSets in kube-system", Zh: "kube-system 中网络插件的 DaemonSet"}, IfUnknown: rules.UnknownSkips},
			{By: rules.ByClusterConfig, What: words.Phrase{En: "kube-system/cloud-config: serviceBackendType (the backend type of Services without the backend-type annotation)", Zh: "kube-system/cloud-config 中的 serviceBackendType（没有 backend-type 注解的 Service 所用的后端类型）"}, IfUnknown: rules.UnknownDefault},
		},
		Zh: rules.Text{
			Title: "Flannel 集群中要求了 ENI 后端类型",
			Cause: "service.beta.kubernetes.io/backend-type: eni 让 CCM 以 ENI 方式挂载 Pod IP，但集群使用的是 Flannel，" +
				"它的 Pod IP 不是 VPC 中的 ENI 地址，所以找不到对应的 ENI。",
			Fix: "删除 service.beta.kubernetes.io/backend-type 注解（或设为 \"ecs\"），改为挂载节点；ENI 模式需要 Terway " +
				"网络插件。",
			Risk: "没有注册任何后端；CLB 无法转发任何流量。",
		},
	})
	ServiceCLCUSpec = rules.Uncoded(Provider, rules.Service, "clcu-spec", rules.Error, rules.Details{
		Title: "Pay-as-you-go (PayByCLCU) CLB given a specification",
		Cause: "The CLB is billed per capacity unit (PayByCLCU) and the Service also names a fixed " +
			"specification. A Service created that way gets a PayByCLCU CLB and the specification is " +
			"ignored (reported as info). Once the CLB exists, the controller refuses to set a specification " +
			"on it or to move it from PayByCLCU to pay-by-specification (an error, when the Service shows such a change).",
		Fix: "Remove service.beta.kubernetes.io/alibaba-cloud-loadbalancer-spec, and if " +
			"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-instance-charge-type is set, make it \"PayByCLCU\".",
		Risk:    "Each sync fails, so listener and backend changes are no longer applied to the CLB.",
		Doc:     rules.DocACKEvents + ", \"The operation is not allowed because the instanceChargeType of loadbalancer is PayByCLCU.\"",
		Match:   []string{"instanceChargeType of loadbalancer is PayByCLCU", "does not have permission modify InstanceChargeType to spec"},
		Decides: []rules.Decision{{By: rules.ByHistory, What: words.Phrase{En: "a spec annotation added to an existing PayByCLCU CLB (its address or CCM label, and the last-applied-configuration record)", Zh: "给已有的按使用量计费（PayByCLCU）CLB 新加的 spec 注解（依据它的地址或 CCM 标签，以及 last-applied-configuration 记录）"}, IfUnknown: rules.UnknownSkips}},
		Change:  rules.ChangeRejected,
		Zh: rules.Text{
			Title: "按使用量计费（PayByCLCU）的 CLB 被指定了规格",
			Cause: "该 CLB 按容量单位计费（PayByCLCU），而 Service 又指定了一个固定规格。以这种方式创建的 Service 会得到" +
				" PayByCLCU 的 CLB，规格被忽略（报告为 info）。CLB 建好以后，控制器会拒绝为它设置规格，也拒绝把它从 " +
				"PayByCLCU 改为按规格计费（当 Service 上能看出这样的变更时，报告为 error）。",
			Fix: "删除 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-spec；如果设置了 " +
				"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-instance-charge-type，把它设为 \"PayByCLCU\"。",
			Risk: "每次同步都会失败，监听和后端的变更不再同步到 CLB。",
		},
	})
	ServiceReuseCCMLB = rules.Uncoded(Provider, rules.Service, "reuse-ccm-lb", rules.Error, rules.Details{
		Title: "Reuse annotation points at a CCM-created CLB",
		Cause: "service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id names a CLB that CCM created for a " +
			"Service; only CLBs created by hand in the console may be reused.",
		Fix: "Read the ID from the loadbalancer-id annotation. Service Pending: replace it with a CLB you created " +
			"yourself. Not Pending and the CLB address equals EXTERNAL-IP: delete the annotation. Not Pending and " +
			"the addresses differ: put the ID of the CLB that owns EXTERNAL-IP in the annotation, or, if none " +
			"exists, a hand-made CLB's ID and recreate the Service. Never point the annotation at the CLB that fronts " +
			"the cluster's API server (the one listening on TCP 6443): it cannot be reused, and changing its listeners " +
			"can cut off access to the cluster.",
		Risk: "The Service never gets (or never updates) its load balancer, and two Services could end up " +
			"fighting over one CCM-managed CLB.",
		Doc:     rules.DocACKEvents + ", \"can not reuse loadbalancer created by kubernetes\"",
		Match:   []string{"can not reuse loadbalancer created by kubernetes"},
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the other Services", Zh: "集群中的其他 Service"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "复用注解指向了 CCM 创建的 CLB",
			Cause: "service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id 指定的 CLB 是 CCM 为某个 Service 创建的；" +
				"只有在控制台中手动创建的 CLB 才能复用。",
			Fix: "从 loadbalancer-id 注解中读出 ID。Service 处于 Pending：换成您自己创建的 CLB。不是 Pending，且该 CLB " +
				"的地址等于 EXTERNAL-IP：删除该注解。不是 Pending，且地址不同：在注解中填入 EXTERNAL-IP 所属 CLB 的 ID；" +
				"如果没有这样的 CLB，就填入一个手动创建的 CLB 的 ID，并重建该 Service。不要让该注解指向集群 API Server " +
				"所用的 CLB（监听 TCP 6443 的那个）：它不能复用，改动它的监听可能导致集群无法访问。",
			Risk: "该 Service 始终拿不到（或无法更新）负载均衡，还可能出现两个 Service 争用同一个由 CCM 管理的 CLB。",
		},
	})
)
