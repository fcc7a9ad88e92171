package rules

// zhACKService is the Simplified Chinese text of each rule in ack_service.go, written from the seeds' facts and the
// vendors' own Chinese terms (docs/glossary.md).
var zhACKService = map[ID]Text{
	// ---- Documented event messages ----
	ACKServiceBackendQuota: {
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
	ACKServiceENISharedSpec: {
		Title: "性能共享型 CLB 不能挂载 ENI 后端",
		Cause: "该 Service 直接挂载 Pod 的弹性网卡 ENI（service.beta.kubernetes.io/backend-type: eni，Terway），" +
			"但这个 CLB 是性能共享型实例，只接受 ECS 作为后端。",
		Fix: "用 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-spec: \"slb.s1.small\"（或更大的 slb.sX 规格）" +
			"申请性能保障型实例，并先确认所装的 CCM 版本支持该注解。按使用量计费的 CLB（instance-charge-type " +
			"PayByCLCU）不接受任何规格（见 ack.service.clcu-spec）：这种情况下应删除规格注解，而不是修改它。",
		Risk: "没有任何 Pod 注册到 CLB 上，负载均衡地址对所有请求都没有响应。",
	},
	ACKServiceNoAvailableNodes: {
		Title: "CLB 或 NLB 没有可用的后端",
		Cause: "CCM 找不到可以挂载为后端的对象：没有 Pod 与该 Service 的 selector 匹配，匹配的 Pod 不健康或未就绪，" +
			"或者仅有的运行中 Pod 都在 master 节点上，而 master 节点从不会被加为后端。",
		Fix: "检查 `kubectl get pods -l <selector>` 的结果和该 Service 的 endpoints。部署与 selector 匹配的 Pod，" +
			"修复出错的 Pod，把落在 master 节点上的 Pod 迁到 worker 节点（驱逐它们，或修正它们的 " +
			"nodeSelector/tolerations）。如果后端已经存在而外部客户端仍然连不上，请让健康检查相关注解（类型、端口、" +
			"URI）与 Pod 实际的响应相符，因为健康检查失败同样会让 CLB 没有可用的后端。",
		Risk: "CLB 的后端服务器组是空的；到它的每个连接都会失败。",
	},
	ACKServiceLBNotFound: {
		Title: "Service 中记录的 CLB 已不存在",
		Cause: "Service 的状态（status.loadBalancer.ingress）指向一个 CCM 通过 OpenAPI 查不到的 CLB：它已在控制台中被删除" +
			"或改名，或者是手动创建的、却从未用 loadbalancer-id 注解声明过。",
		Fix: "在 SLB 控制台中按 EXTERNAL-IP 查找该实例。已不存在且不再需要该 Service：删除 Service。已不存在但仍需要：" +
			"从 Service 中删除 status.loadBalancer，让 CCM 新建一个 CLB。仍然存在且是手动创建的：把它的 ID 填入 " +
			"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id。仍然存在且由旧版 CCM 创建：按 FAQ 中关于 SLB " +
			"实例改名的说明添加 kubernetes.do.not.delete 标签。",
		Risk: "CCM 不再调谐该 Service：监听、后端和注解的变更都不会再生效，该地址也可能什么都不指向。",
	},
	ACKServiceOrderArrearage: {
		Title: "阿里云账号欠费",
		Cause: "账号有未结清的欠款，CLB OpenAPI 拒绝创建或变更需要计费的资源。",
		Fix:   "在阿里云费用中心结清欠款；CCM 在下一次同步时就会成功。",
		Risk:  "无法为任何 Service 创建或更新 CLB；账号长期欠费时，其下的资源还可能被停用。",
	},
	ACKServicePayInsufficientBalance: {
		Title: "阿里云账号余额不足",
		Cause: "账号余额不够支付 CCM 请求的 CLB 购买或变更。",
		Fix:   "为账号充值；CCM 的下一次同步即可完成。",
		Risk:  "CLB 一直没有创建或没有变更，Service 停留在 Pending 状态，或配置一直是旧的。",
	},
	ACKServiceThrottling: {
		Title: "CLB OpenAPI 调用被限流",
		Cause: "CCM 发出的 CLB API 请求超过了账号允许的调用频率。同步失败后被反复重试的 Service 是多余调用的常见来源。",
		Fix: "在 SLB 配额管理页面查看 CLB 的配额，然后对 LoadBalancer 类型的 Service 执行 `kubectl describe svc`，" +
			"解决它们的其他同步错误，让 CCM 不再反复重试。",
		Risk: "同步被推迟，后端和监听的变更要过一段时间才到达 CLB；如果调用量一直居高不下，集群中所有 Service 的同步都会变慢。",
	},
	ACKServiceRspoolVIPExist: {
		Title: "虚拟服务器组仍被监听使用",
		Cause: "CCM 试图删除一个仍有监听在使用的虚拟服务器组（vServer group）。这通常发生在复用的 CLB 上（设置了 " +
			"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id），且它的监听是在 CCM 之外创建的。",
		Fix: "确认该 Service 是否设置了 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id；如果设置了，在 CLB " +
			"控制台中删除该 Service 所声明端口上的监听，再让 CCM 重新同步。",
		Risk: "该端口的后端更新一直被阻塞，CLB 上保留着过时的配置。",
	},
	ACKServiceNetworkConflict: {
		Title: "私网 CLB 与集群不在同一个专有网络 VPC 中",
		Cause: "复用的私网 CLB 属于与集群不同的专有网络 VPC；CLB 实例不能跨 VPC 复用。",
		Fix: "让 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id 指向集群所在 VPC 中的私网 CLB，" +
			"或删除该注解，由 CCM 在该 VPC 中新建一个。",
		Risk: "CLB 永远访问不到集群的节点或 Pod；该 Service 一直无法使用。",
	},
	ACKServiceVSwitchAvailableIPNotExist: {
		Title: "私网 CLB 所用交换机没有空闲 IP",
		Cause: "为私网 CLB 选定的交换机（vSwitch）中地址已经用完，无法为 CLB 分配地址。",
		Fix: "用 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-vswitch-id: \"vsw-...\"（同时把地址类型 " +
			"address-type 设为 \"intranet\"）改选同一 VPC 中仍有空闲地址的另一个交换机，或在当前交换机中释放一些地址。",
		Risk: "该 Service 一直处于 Pending 状态，没有私网地址。",
	},
	ACKServiceENIStringTargetPort: {
		Title: "ENI 后端不支持命名的 targetPort",
		Cause: "使用 ENI 后端时，CLB 直接注册 Pod 的端口，而这个版本的 CCM 无法解析以名称（字符串）给出的 targetPort，" +
			"于是把一个无效的端口传给了 API。",
		Fix: "在 spec.ports 中把 targetPort 写成数字（例如 targetPort: 8080），或把 CCM 组件升级到 v2.1.0 或更高版本，" +
			"新版本会到该 Service 的 EndpointSlice 中查找命名端口对应的端口号。",
		Risk: "该端口上的 Pod 始终不会注册到 CLB；发往这个端口的请求都会失败。",
	},
	ACKServicePublicSLBDisabled: {
		Title: "集群禁止创建公网 CLB",
		Cause: "CCM 的集群配置（kube-system/cloud-config 中的 disablePublicSLB）不允许创建公网 CLB，而这个 Service " +
			"要的正是公网 CLB：它的 address-type 为 internet，或者没有设置（不设置即为 internet）。",
		Fix: "设置 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-address-type: \"intranet\" 改用私网 CLB，" +
			"或向集群管理员确认能否重新允许公网 CLB。",
		Risk: "CCM 记录一条警告后就放弃该 Service，且不会重试：没有 CLB，也没有地址。",
	},
	ACKServiceZoneNotInRegion: {
		Title: "CLB 可用区注解指定了集群所在地域以外的可用区",
		Cause: "master-zoneid 和 slave-zoneid 决定 CCM 所建 CLB 的主可用区和备可用区。每个可用区只属于一个地域，" +
			"而 CLB 建在集群所在的地域，所以填写其他地域的可用区（或根本不存在的可用区）会让创建调用失败。",
		Fix: "使用集群所在地域的可用区（节点的 topology.kubernetes.io/zone 标签中就有），或删除该注解，" +
			"由 CLB 服务自行选择可用区。",
		Risk: "CLB 始终建不起来，Service 拿不到地址；CCM 会一直重试。",
	},
	ACKServiceShareSLBHaltSales: {
		Title: "旧版 CCM 申请已停售的性能共享型 CLB",
		Cause: "这个版本的 CCM 默认仍会创建性能共享型 CLB 实例，而阿里云已不再售卖这种实例类型。",
		Fix:   "升级 cloud-controller-manager 组件，当前版本不再申请性能共享型实例；然后让 CCM 重新同步该 Service。",
		Risk:  "新的 LoadBalancer 类型 Service 都拿不到 CLB，全部停留在 Pending 状态。",
	},
	ACKServiceResourceGroupImmutable: {
		Title: "CLB 创建后资源组被修改",
		Cause: "service.beta.kubernetes.io/alibaba-cloud-loadbalancer-resource-group-id 的值与 CLB 创建时所在的资源组不同；" +
			"CLB 的资源组在创建时就已确定，之后不能更改。",
		Fix:  "删除 resource-group-id 注解（或恢复它原来的值）。如需把 CLB 移到另一个资源组，请重建该 Service。",
		Risk: "之后的每次同步都会失败，对该 Service 的其他变更永远到不了 CLB。",
	},
	ACKServiceENIFlannel: {
		Title: "Flannel 集群中要求了 ENI 后端类型",
		Cause: "service.beta.kubernetes.io/backend-type: eni 让 CCM 以 ENI 方式挂载 Pod IP，但集群使用的是 Flannel，" +
			"它的 Pod IP 不是 VPC 中的 ENI 地址，所以找不到对应的 ENI。",
		Fix: "删除 service.beta.kubernetes.io/backend-type 注解（或设为 \"ecs\"），改为挂载节点；ENI 模式需要 Terway " +
			"网络插件。",
		Risk: "没有注册任何后端；CLB 无法转发任何流量。",
	},
	ACKServiceCLCUSpec: {
		Title: "按使用量计费（PayByCLCU）的 CLB 被指定了规格",
		Cause: "该 CLB 按容量单位计费（PayByCLCU），而 Service 又指定了一个固定规格。以这种方式创建的 Service 会得到" +
			" PayByCLCU 的 CLB，规格被忽略（报告为 info）。CLB 建好以后，控制器会拒绝为它设置规格，也拒绝把它从 " +
			"PayByCLCU 改为按规格计费（当 Service 上能看出这样的变更时，报告为 error）。",
		Fix: "删除 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-spec；如果设置了 " +
			"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-instance-charge-type，把它设为 \"PayByCLCU\"。",
		Risk: "每次同步都会失败，监听和后端的变更不再同步到 CLB。",
	},
	ACKServiceReuseCCMLB: {
		Title: "复用注解指向了 CCM 创建的 CLB",
		Cause: "service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id 指定的 CLB 是 CCM 为某个 Service 创建的；" +
			"只有在控制台中手动创建的 CLB 才能复用。",
		Fix: "从 loadbalancer-id 注解中读出 ID。Service 处于 Pending：换成您自己创建的 CLB。不是 Pending，且该 CLB " +
			"的地址等于 EXTERNAL-IP：删除该注解。不是 Pending，且地址不同：在注解中填入 EXTERNAL-IP 所属 CLB 的 ID；" +
			"如果没有这样的 CLB，就填入一个手动创建的 CLB 的 ID，并重建该 Service。不要让该注解指向集群 API Server " +
			"所用的 CLB（监听 TCP 6443 的那个）：它不能复用，改动它的监听可能导致集群无法访问。",
		Risk: "该 Service 始终拿不到（或无法更新）负载均衡，还可能出现两个 Service 争用同一个由 CCM 管理的 CLB。",
	},
	ACKServiceAddressTypeImmutable: {
		Title: "CLB 创建后地址类型被修改",
		Cause: "已有 Service 的 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-address-type 在 \"internet\" 与 " +
			"\"intranet\" 之间来回切换；CLB 会一直保持创建时的地址类型。",
		Fix:  "恢复 address-type 原来的值；如需另一种类型，删除并重建该 Service（会分配新的地址）。",
		Risk: "CCM 不再把任何变更应用到该 Service 的 CLB 上。",
	},
	ACKServiceLBRebind: {
		Title: "Service 已经绑定到另一个 CLB",
		Cause: "Service 拿到地址之后，loadbalancer-id 注解被改成了另一个 CLB；不能靠修改该注解把 Service 迁到另一个 CLB。",
		Fix: "把原来的 CLB ID 写回 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id，或删除该 Service，" +
			"再用目标 CLB 的 ID 重新创建。",
		Risk: "同步卡住；Service 保留旧地址，并忽略之后的所有变更。",
	},

	// ---- Documented symptoms without an event ----

	ACKServiceHTTPSToHTTPSBackend: {
		Title: "HTTPS 监听转发到 Pod 的 TLS 端口",
		Cause: "在 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-protocol-port 中写成 \"https:<port>\" 的端口，" +
			"在 CLB 上完成解密（证书来自 ...-cert-id）后以明文 HTTP 转发，但它的 targetPort 却是 Pod 的 TLS 端口" +
			"（例如 443）。Pod 会回复 \"The plain HTTP request was sent to HTTPS port\"。",
		Fix: "把该 Service 端口的 targetPort 指向 Pod 的明文 HTTP 端口（例如 port 443、targetPort 80）；" +
			"如果必须由 Pod 自己终结 TLS，就改用 \"tcp:443\" 监听。",
		Risk: "经过 CLB 的每个 HTTPS 请求都以 400 错误失败。",
	},
	ACKServiceRollingUpdate503: {
		Title: "滚动更新时可能返回 503 或重置连接",
		Cause: "CLB 与 Pod 之间没有任何平滑交接的机制：监听没有开启连接优雅中断，和/或 Pod 缺少 readinessProbe、" +
			"preStop 钩子或足够长的 terminationGracePeriodSeconds，因此 CLB 仍会把请求发给正在启动或正在停止的 Pod。",
		Fix: "设置 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-connection-drain: \"on\"，并用 " +
			"...-connection-drain-timeout 指定超时时间（秒）。为 Pod 配置与其启动耗时相符的 readinessProbe、" +
			"足以处理完在途请求的 preStop（例如 sleep），以及比 preStop 时长至少多 30 秒的 terminationGracePeriodSeconds。",
		Risk: "每次发布都会让客户端遇到一阵请求失败。",
	},
	ACKServiceUnevenLoad: {
		Title: "Local 流量策略搭配了不加权的 CLB 调度算法",
		Cause: "在 externalTrafficPolicy: Local 下，CCM 只挂载有后端 Pod 的节点，并且（自 v1.9.3.276-g372aa98-aliyun 起）" +
			"按每个节点上的 Pod 数设置权重。\"rr\" 这类不加权的调度算法会忽略这些权重，于是只有一个 Pod 的节点与有许多 " +
			"Pod 的节点分到同样多的流量。长连接会让负载更加不均。",
		Fix: "设置 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-scheduler: \"wrr\"；长连接场景使用 \"wlc\"。" +
			"把 CCM 升级到 v1.9.3.276-g372aa98-aliyun 或更高版本，才能按 Pod 数设置权重。",
		Risk: "一部分 Pod 过载，另一部分闲置，造成延迟尖刺和本可避免的扩容。",
	},
	ACKServiceOldCCMNoEvents: {
		Title: "低于 v1.9.3.276-g372aa98-aliyun 的 CCM 不产生同步事件",
		Cause: "v1.9.3.276-g372aa98-aliyun 之前的 cloud-controller-manager 版本不会为 Service/CLB 同步记录事件，" +
			"因此在 `kubectl describe svc` 中看不到失败。",
		Fix: "把 cloud-controller-manager 组件升级到 v1.9.3.276-g372aa98-aliyun 或更新的版本；如果 CCM 已是新版本" +
			"却仍然没有事件，请向阿里云提交工单。",
		Risk: "CLB 同步错误（Service 停在 Pending、后端过时、注解被忽略）无从诊断。",
	},
	ACKServiceNodePortLocalPortRange: {
		Title: "nodePort 落在节点的临时端口范围内",
		Cause: "该 Service 的 nodePort 位于 net.ipv4.ip_local_port_range（默认 32768-60999）之内，而这个范围是 Linux " +
			"为出站连接分配源端口用的。当 --service-node-port-range（默认 30000-32767）被扩大到与之重叠时，就会出现这种情况。",
		Fix: "把 spec.ports[].nodePort 改为 ip_local_port_range 之外的空闲端口，并让 API Server 的 " +
			"service-node-port-range 与节点的 ip_local_port_range 重新互不重叠（恢复默认值）。",
		Risk: "节点上出现间歇性的连接失败；最坏情况下健康检查失败，节点变为 NotReady。",
	},
	ACKServiceIntranetLBLoopback: {
		Title: "复用的私网 CLB 无法从后端节点上的 Pod 访问",
		Cause: "对于不是由该 Service 创建的私网 CLB，四层监听无法服务同时也是其后端的客户端：位于某个后端节点上的 Pod " +
			"访问不了该 CLB 地址。",
		Fix: "在集群内通过 ClusterIP 或 DNS 名称访问该工作负载；或者使用公网地址；或者让该 Service 自己创建 CLB，" +
			"并使用 externalTrafficPolicy: Cluster，这样 kube-proxy 会在集群内部直接处理发往该地址的流量。",
		Risk: "集群内的调用方能否访问，取决于它被调度到哪个节点，问题很难复现。",
	},
	ACKServiceReuseOldCCM: {
		Title: "CCM 版本过旧，无法复用已有 CLB",
		Cause: "该 Service 设置了 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id，但 " +
			"v1.9.3.105-gfd4e547-aliyun 之前的 CCM 版本不能复用已有 CLB。",
		Fix: "把 cloud-controller-manager 组件升级到 v1.9.3.105-gfd4e547-aliyun 或更高版本（最好升级到 " +
			"v1.9.3.276-g372aa98-aliyun 或更高版本，这样还能看到同步事件）。",
		Risk: "该注解被忽略或导致失败；Service 用的不是预期的 CLB。",
	},
	ACKServiceOrphanOnDelete: {
		Title: "CCM 创建的 CLB 被手动改成了复用实例",
		Cause: "CCM 为某个 Service 创建了 CLB 之后，有人给这个 Service 加上了 loadbalancer-id 注解。CCM 现在把它" +
			"当作复用的实例，而复用的实例在 Service 删除时会被保留下来。",
		Fix: "从 Service 中删除 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id；如果必须保留它，" +
			"请安排在 Service 删除之后到控制台手动删除该 CLB。",
		Risk: "Service 删除后 CLB 依然存在，并持续产生费用。",
	},
	ACKServiceTypeChangeDeletesLB: {
		Title: "删除 Service 或修改其类型会删除它的 CLB",
		Cause: "CCM 创建的 CLB 会随 Service 一起删除；把 Service 的类型从 LoadBalancer 改成其他类型（例如 NodePort）时，" +
			"它同样会被删除。只有通过 loadbalancer-id 注解复用的 CLB 会保留下来。",
		Fix: "删除 Service 或修改类型之前，先想清楚这个地址是否必须保留；如果需要保留，请使用手动创建、并通过 " +
			"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id 引用的 CLB。",
		Risk: "公网或私网地址被释放且无法找回；指向它的客户端和 DNS 记录随之失效。",
	},
	ACKServiceListenerOnNodePort: {
		Title: "非 LoadBalancer 类型的 Service 上带有 CLB 注解",
		Cause: "该 Service 带有 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-* 注解，但类型不是 LoadBalancer；" +
			"CCM 只为 LoadBalancer 类型的 Service 配置 CLB 和监听。",
		Fix:  "如果需要 CLB，把 spec.type 改为 LoadBalancer；否则删除这些注解。",
		Risk: "这些注解不起任何作用，也没有任何提示，预期的端口上没有监听。",
	},

	// ---- Annotation validation (static checks) ----

	ACKServiceInvalidAnnotation: {
		Title: "CLB 或 NLB 注解的取值无效",
		Cause: "某个 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-* 注解的值不在允许的取值之内（取值区分大小写）、" +
			"在要求数字的地方填了非整数、数字超出范围（整数按不带前后空格的形式读取）、ID 格式错误，或者是 CCM 在匹配 " +
			"Service 端口时遇到的格式错误的 protocol-port/forward-port/vgroup-port 条目。",
		Fix: "使用文档中的取值，例如 address-type \"internet\"|\"intranet\"，scheduler \"wrr\"|\"wlc\"|\"rr\"，" +
			"sticky-session/acl-status/health-check-flag/connection-drain \"on\"|\"off\"，sticky-session-type " +
			"\"insert\"|\"server\"，acl-type \"white\"|\"black\"，health-check-type \"tcp\"|\"http\"，" +
			"instance-charge-type \"PayBySpec\"|\"PayByCLCU\"，backend-type \"eni\"|\"ecs\"，" +
			"healthy/unhealthy-threshold 2-10，health-check-interval 1-50，persistence-timeout 0-3600。所有设置都应通过" +
			"这些注解完成：CCM 每次同步都会按 Service 重写它管理的 CLB，因此在 SLB 控制台中手动做的修改会被改回去。",
		Risk: "CCM 拒绝或忽略该设置，CLB 的实际配置与要求的不同。",
	},
	ACKServiceIgnoredAnnotationValue: {
		Title: "CLB 或 NLB 注解的取值被 CCM 忽略",
		Cause: "CCM 不会拒绝这个值，但也不会照写的那样生效：它只把值与某一种确切写法比较，其余写法一律按默认值处理" +
			"（proxy-protocol、remove-unscheduled-backend 和 force-override-listeners 不是确切的 on/true 时；" +
			"backend-type 不是 \"eni\" 时；external-ip-type 不是 \"eip\" 时；backend-ip-version 不是 ipv6 或 dualstack 时）；" +
			"或者只要值非空就开启该功能（preserve-lb-on-delete，即使写的是 \"false\"）；或者跳过列表中指向 Service " +
			"并不存在的端口的条目（protocol-port、forward-port、vgroup-port）；或者在 CLB 类型的 Service 上根本不读取该键" +
			"（仅适用于 NLB 的注解）。",
		Fix: "写成检查结果中列出的确切取值，删除列表中指向 Service 没有的端口的条目，并且只在 spec.loadBalancerClass 为 " +
			"alibabacloud.com/nlb 的 Service 上设置 NLB 注解。如果希望 CLB 随 Service 一起删除，请把 " +
			"preserve-lb-on-delete 整个删掉。",
		Risk: "CLB 实际使用的设置与清单看上去要求的不同，而且不会产生任何事件。",
	},
	ACKServiceUnknownAnnotation: {
		Title: "无法识别的 CLB 注解（可能拼写有误）",
		Cause: "某个以 service.beta.kubernetes.io/alibaba-cloud-loadbalancer- 开头的注解带有 CCM 不认识的后缀，" +
			"通常是某个真实注解拼错了。",
		Fix: "把它改成检查结果中给出的最接近的有效注解。拼写正确的注解，如果 CCM 版本早于引入它的版本，也同样会被" +
			"悄无声息地忽略：请把已安装的 cloud-controller-manager 版本与注解说明文档中该注解要求的最低版本对比，" +
			"必要时升级该组件。",
		Risk: "CCM 忽略该键且不报错；预期的 CLB 设置始终不会生效。",
	},
	ACKServiceLegacyAnnotationConflict: {
		Title: "旧的 alicloud- 注解与 alibaba-cloud- 注解取值不一致",
		Cause: "同一项设置写了两次，值却不同：一次用旧前缀 service.beta.kubernetes.io/alicloud-loadbalancer-*（仍然兼容），" +
			"一次用 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-*。仅看清单无法判断哪一个生效。",
		Fix:  "只保留取值正确的 alibaba-cloud-loadbalancer-* 键，删除 alicloud-loadbalancer-* 键。",
		Risk: "CLB 可能使用了读者没有想到的那个值，修改另一个键看上去也毫无效果。",
	},
	ACKServiceAnnotationDependency: {
		Title: "CLB 或 NLB 注解缺少必需的配套注解",
		Cause: "有些注解必须搭配使用：sticky-session 为 \"on\" 时需要 sticky-session-type；类型为 \"insert\" 时需要 " +
			"cookie-timeout；类型为 \"server\" 时需要 cookie；acl-status 为 \"on\" 时需要 acl-id（以及 acl-type）；" +
			"protocol-port 中的 https 条目需要 cert-id；vswitch-id 只有在 address-type 为 \"intranet\" 时才有效。",
		Fix: "补上缺少的配套注解（例如 insert 需要 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-cookie-timeout: " +
			"\"1800\"，server 需要 ...-cookie，acl-status 为 on 时需要 ...-acl-id，https 监听需要 ...-cert-id，" +
			"vswitch-id 需要 address-type \"intranet\"），或删除依赖它的那个注解。开启访问控制（ACL）时，\"white\" " +
			"白名单必须包含客户端地址，\"black\" 黑名单则不能包含，否则这些客户端会被拒绝。",
		Risk: "CCM 无法创建监听，或悄悄丢掉该功能（没有会话保持、没有访问控制，或 CLB 处在错误的网络中）。",
	},
	ACKServiceReuseWithoutOverride: {
		Title: "复用 CLB 或 NLB 时未设置 force-override-listeners：不会创建监听",
		Cause: "设置了 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id，而 " +
			"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-force-override-listeners 不是 \"true\" 时，" +
			"CCM 不会在已有的 CLB 上创建监听；它有意不碰这些监听，因为覆盖它们可能中断该 CLB 的其他使用者，" +
			"而且 CCM 只支持简单的后端配置。",
		Fix: "在 CLB 控制台中为 Service 的端口创建监听；或者，仅当这些端口在该 CLB 上没有任何其他用途时，" +
			"设置 force-override-listeners: \"true\"。",
		Risk: "Service 显示有地址，但它的端口上没有监听，客户端无法连接。",
	},
	ACKServiceResourceGroupFixed: {
		Title: "已有 CLB 的资源组已经固定",
		Cause: "该 Service 设置了 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-resource-group-id，且它的 CLB " +
			"已经存在。目前并没有问题：这只是提醒，资源组在 CLB 创建时就已固定，之后修改这个值会失败" +
			"（见 ack.service.resource-group-immutable）。",
		Fix: "现在无需处理；以后不要修改这个值。如果必须去掉该注解，请删除它而不是修改它（同步一旦因此失败，删除注解" +
			"是文档给出的解决办法）；如需把 CLB 移到另一个资源组，请重建该 Service。",
		Risk: "只要这个值保持不变，就没有风险。",
	},
}
