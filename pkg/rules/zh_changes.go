package rules

// zhChanges is the Simplified Chinese text of each change rule in changes.go, in the same order.
var zhChanges = map[ID]Text{
	ACKServiceFixedAtCreation: {
		Title: "修改了只能在创建 CLB 时设定的属性",
		Cause: "此次修改涉及 CCM 仅在创建 CLB 时设置的属性：主备可用区（master-zoneid、slave-zoneid）、IP 版本（ip-version）、" +
			"网络类型（network-type）或固定地址（ip）。CCM 每次同步都会将这些值与现有 CLB 比较，不一致时同步失败；" +
			"修改交换机（vswitch-id）则完全不会生效。",
		Fix:  "保留 CLB 创建时的取值。如需新取值的 CLB，请新建一个 Service（地址会不同），把客户端迁移过去后再删除旧 Service。",
		Risk: "之后每次同步都以 SyncLoadBalancerFailed 事件失败，CLB 保持旧配置：该 Service 的其他修改也不会生效。",
	},
	ACKServiceReuseRemoved: {
		Title: "复用 CLB 的 Service 删除了 loadbalancer-id",
		Cause: "Service 使用手动创建的 CLB（loadbalancer-id），而此次修改删除了该注解。CCM 随后寻找属于该 Service 的自建 CLB，" +
			"找不到，而 status 中仍是复用 CLB 的地址，于是拒绝同步（\"can not find loadbalancer, but it's defined in service\"）。",
		Fix: "保留 loadbalancer-id 注解。若希望 CCM 自行创建 CLB，请新建不带该注解的 Service（地址会变化），" +
			"或按 FAQ 中 CLB 丢失时的做法清空 status.loadBalancer。",
		Risk: "Service 不再同步；复用 CLB 上它的监听和后端服务器不再更新。",
	},
	ACKServiceChangeDeletesLB: {
		Title: "此修改会让 CCM 删除它创建的 CLB",
		Cause: "Service 不再是 LoadBalancer 类型（或通过 loadBalancerClass 脱离 CCM 的 CLB 管理），而它的 CLB 由 CCM 创建：" +
			"CCM 会删除该 CLB，地址随之释放。",
		Fix: "如需保留地址，请保持 type LoadBalancer；或先把业务迁到手动创建、用 " +
			"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id 指定的 CLB 上，CCM 不会删除这类 CLB。" +
			"确实要删除时加 --allow-destructive。",
		Risk: "公网或私网地址被永久释放；指向它的客户端和 DNS 记录都会失效。",
	},
	ACKServiceReusedListenersRemoved: {
		Title: "此修改会删除复用 CLB 上的监听",
		Cause: "Service 管理着复用 CLB 的监听（loadbalancer-id 且 force-override-listeners 为 \"true\"），而此次修改去掉了某个端口，" +
			"或去掉了 type LoadBalancer：CCM 会删除被去掉端口的监听，CLB 本身保留。",
		Fix:  "客户端仍在使用时保留该端口（或类型），或先把客户端迁到其他端口。确实要删除时加 --allow-destructive。",
		Risk: "被删除端口的客户端立即被拒绝；复用 CLB 的其他使用者不受影响。",
	},
	ACKServiceBackendChange: {
		Title: "此修改会替换 CLB 的后端或其负载均衡方式",
		Cause: "此次修改改变了 CCM 挂载哪些后端（backend-label、backend-type eni 或 ecs、remove-unscheduled-backend）、" +
			"它们的权重（weight）或调度算法（scheduler），或健康检查：下次同步时 CLB 的后端服务器会被重写。",
		Fix:  "应用前确认新后端已就绪，并避开业务高峰；修改了健康检查时，确认 Pod 能通过它。",
		Risk: "到被移除后端的连接会被切断，新后端在一段时间内可能无法通过健康检查。",
	},
	TKEServiceCLBSwitchRefused: {
		Title: "TKE 拒绝把 Service 切换到另一个 CLB",
		Cause: "此次修改让 Service 在公网与内网 CLB 之间切换（添加或删除 qcloud-loadbalancer-internal-subnetid）、把内网 CLB " +
			"换到另一个子网、在 TKE 创建的 CLB 与已有 CLB 之间切换（添加或删除 tke-existed-lbid）、换到另一个已有 CLB，" +
			"或换到另一个 VPC 或地域。当前的 TKE 控制器拒绝这些切换；旧版控制器会释放自己创建的 CLB 再新建一个。",
		Fix: "保持当前的 CLB 设置。如需切换，先把 Service 改为 ClusterIP 或 NodePort（其 CLB 被释放），再以新设置改回 " +
			"LoadBalancer；或新建第二个 Service 并把客户端迁移过去。",
		Risk: "修改不会生效：Service 保留旧 CLB 并带着错误事件，之后的修改也可能因此受阻。",
	},
	TKEServiceChangeDeletesLB: {
		Title: "此修改会让 TKE 删除它创建的 CLB",
		Cause: "Service 不再是 LoadBalancer 类型，而它的 CLB 由 TKE 创建（带 tke-createdBy-flag 标签）：TKE 会删除该 CLB，地址随之释放。",
		Fix: "如需保留地址，请保持 type LoadBalancer，或让业务使用已有 CLB（service.kubernetes.io/tke-existed-lbid），" +
			"TKE 不会删除这类 CLB。确实要删除时加 --allow-destructive。",
		Risk: "CLB 地址被释放；指向它的客户端和 DNS 记录都会失效。",
	},
	TKEServiceReusedListenersRemoved: {
		Title: "此修改会删除已有 CLB 上的监听器",
		Cause: "Service 使用已有 CLB（tke-existed-lbid），而此次修改去掉了某个端口或 type LoadBalancer：TKE 会删除它为这些端口" +
			"创建的监听器（手动改过名的除外），CLB 本身保留。",
		Fix:  "客户端仍在使用时保留该端口（或类型）。确实要删除时加 --allow-destructive。",
		Risk: "被删除端口的客户端立即被拒绝。",
	},
	TKEServiceBackendChange: {
		Title: "此修改会替换 CLB 的后端或其权重方式",
		Cause: "此次修改改变了 TKE 绑定哪些后端：节点标签筛选（qcloud-loadbalancer-backends-label）、直连 Pod（direct-access）、" +
			"只绑定有 Pod 的节点（local-svc-only-bind-node-with-pod）或按 Pod 数量设置权重（local-svc-weighted-balance）。",
		Fix:  "应用前确认新后端存在且已就绪，并避开业务高峰。",
		Risk: "到被移除后端的连接会被切断；切换直连时，所有后端会一次性被替换。",
	},
	TKEIngressChangeDeletesLB: {
		Title: "修改 Ingress class 会让 Ingress 脱离 TKE 管理",
		Cause: "kubernetes.io/ingress.class 从 qcloud（或未设置）改为其他控制器：TKE Ingress 控制器不再管理该 Ingress。" +
			"它为该 Ingress 创建的 CLB（tke-createdBy-flag）会像删除 Ingress 时一样被删除；使用已有 CLB（existLbId）时，删除其监听器。",
		Fix:  "客户端仍在使用该 CLB 地址时保持 class 不变，或在旁边创建新控制器的 Ingress 并先迁移 DNS。确实要这样做时加 --allow-destructive。",
		Risk: "CLB 地址不再提供服务；指向它的客户端和 DNS 记录都会失效。",
	},
	TKEIngressGroupAfterCreation: {
		Title: "给已有 Ingress 添加了 CLB 共享（enable-group）",
		Cause: "ingress.cloud.tencent.com/enable-group: \"true\" 只有在创建 Ingress 时与 kubernetes.io/ingress.existLbId 一起设置才生效；" +
			"对已存在的 Ingress 添加，不会开启。",
		Fix:  "新建一个同时带这两个注解的 Ingress，并把转发规则迁移过去。",
		Risk: "该 Ingress 不会加入共享的 CLB；它的转发规则保持原样。",
	},
	TKEIngressHTTPSListenerRemoved: {
		Title: "删除 spec.tls 会删除 CLB 的 HTTPS 监听器",
		Cause: "TKE 根据 Ingress 的 TLS 配置创建 CLB 的 HTTPS 监听器（443）；此次修改删除了所有 TLS 条目，监听器及其证书随之删除。",
		Fix:   "客户端仍使用 HTTPS 时保留至少一个 TLS 条目，或先把客户端引导到 HTTP。",
		Risk:  "443 端口上的 HTTPS 客户端被拒绝。",
	},
	GenericServiceTrafficPolicyChange: {
		Title: "externalTrafficPolicy 的修改会改变后端与客户端源 IP",
		Cause: "Local 模式下负载均衡只把流量发往运行后端 Pod 的节点，Pod 能看到客户端地址；Cluster 模式下每个节点都是后端，" +
			"源地址会被替换。此次修改在两者之间切换，云控制器会重新绑定后端。",
		Fix:  "避开业务高峰应用，并确认访问控制名单和日志不依赖客户端源地址。",
		Risk: "不再作为后端的节点上的连接会被切断；基于源地址的规则会开始或停止匹配。",
	},
	GenericServiceSelectorChange: {
		Title: "selector 的修改会替换 Service 的后端 Pod",
		Cause: "spec.selector 发生变化，另一批 Pod 成为 Service 的 endpoints，负载均衡的后端随之改变。",
		Fix:   "应用前确认新选中的 Pod 已运行、已就绪，并提供相同的端口。",
		Risk:  "如果新的 selector 匹配不到就绪的 Pod，负载均衡没有后端，所有请求都会失败。",
	},
	GenericIngressBackendsChange: {
		Title: "Ingress 规则改为转发到另一个 Service",
		Cause: "对于保留的域名和路径，后端 Service 或其端口发生变化，控制器同步后请求就会转到其他 Pod。",
		Fix:   "应用前确认新 Service 在该端口上有就绪的 endpoints。",
		Risk:  "如果新后端未就绪，该路径上的请求会失败。",
	},
}
