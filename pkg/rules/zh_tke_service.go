package rules

// Chinese risk texts shared by TKE Service rules; riskTKE* in tke_service.go say the same in English (the "不修改可能存在的风险"
// column of the Service table).
const (
	zhRiskTKEClusterWide   = "影响整个集群：问题修复之前，负载均衡控制器无法为任何 Service 完成工作。"
	zhRiskTKENoTraffic     = "新的负载均衡或监听器一直建立不起来，该 Service 没有流量接入。"
	zhRiskTKESyncBlocked   = "整个 Service 的同步一直被阻塞；之后的变更（包括 CLB 上的后端更新）可能永远不会生效。"
	zhRiskTKEBackendUpdate = "后端注册可能失败，工作负载滚动更新时可能断流。"
)

// zhTKEService is the Simplified Chinese text of each rule in tke_service.go, written from the seeds' facts and the
// vendors' own Chinese terms (docs/glossary.md).
var zhTKEService = map[ID]Text{
	TKEServiceE4001: {
		Title: "TKE 服务角色（TKE_QCSRole）缺少授权",
		Cause: "TKE 服务账号失去了 TKE_QCSRole 授权，控制器无法调用管理负载均衡所需的云 API。",
		Fix:   "登录访问管理（CAM）控制台，检查 TKE 服务角色 TKE_QCSRole 的授权，并重新授予。",
		Risk:  zhRiskTKEClusterWide,
	},
	TKEServiceE4004: {
		Title: "CLB 实例数量超出配额",
		Cause: "该账号拥有的负载均衡实例数量已达到配额上限，无法再为这个 Service 创建新的 CLB。",
		Fix:   "提交工单申请提高 CLB 实例配额，或释放不再需要的负载均衡。",
		Risk:  zhRiskTKENoTraffic,
	},
	TKEServiceE4005: {
		Title: "CLB 创建参数无效",
		Cause: "创建 CLB 时传入的参数被拒绝；这些参数来自注解 service.kubernetes.io/service.extensiveParameters。",
		Fix: "修正 service.kubernetes.io/service.extensiveParameters：它的值必须是由合法的 CreateLoadBalancer 参数组成的 " +
			"JSON 对象，例如 '{\"ZoneId\":\"ap-guangzhou-1\"}'。",
		Risk: zhRiskTKENoTraffic,
	},
	TKEServiceE4008: {
		Title: "内网 CLB 所用子网没有空闲 IP",
		Cause: "为内网 CLB 选定的子网中，IP 地址已经分配完了。",
		Fix: "把 service.kubernetes.io/qcloud-loadbalancer-internal-subnetid 改为另一个还有空闲地址的子网（subnet- 后跟 " +
			"8 个字符），或新建这样一个子网；也可以删除该注解，让 Service 改用公网 CLB。",
		Risk: zhRiskTKENoTraffic,
	},
	TKEServiceE4009: {
		Title: "账号欠费",
		Cause: "腾讯云账号处于欠费状态，无法创建需要计费的 CLB 资源。",
		Fix:   "为账号充值；余额恢复为正数后，控制器就能创建负载均衡。",
		Risk:  zhRiskTKENoTraffic,
	},
	TKEServiceE4011: {
		Title: "tke-existed-lbid 指定的已有 CLB 不存在",
		Cause: "该 Service 通过 service.kubernetes.io/tke-existed-lbid 要求使用已有负载均衡，但不存在这个 ID 的 CLB。",
		Fix: "在负载均衡控制台中找一个与集群处于同一 VPC 的真实 CLB，把它的 ID（lb- 后跟 8 位小写字母或数字）填入 " +
			"service.kubernetes.io/tke-existed-lbid。",
		Risk: zhRiskTKENoTraffic,
	},
	TKEServiceE4012: {
		Title: "复用的 CLB 是 TKE 创建并管理的实例",
		Cause: "service.kubernetes.io/tke-existed-lbid 中的 CLB 是 TKE 为其他 Service 或 Ingress 创建的，而 TKE 管理的负载均衡不能复用。",
		Fix: "只复用您自己在负载均衡控制台中创建的 CLB：把 service.kubernetes.io/tke-existed-lbid 设为这样的实例，" +
			"或删除该注解，由 TKE 新建一个。",
		Risk: zhRiskTKENoTraffic,
	},
	TKEServiceE4013: {
		Title: "复用的 CLB 已被其他集群占用",
		Cause: "service.kubernetes.io/tke-existed-lbid 中的 CLB 已经由另一个集群使用；一个 CLB 不能在多个集群之间共用。",
		Fix:   "为 service.kubernetes.io/tke-existed-lbid 另选一个 CLB，或在另一个集群中删除占用它的资源。",
		Risk:  zhRiskTKENoTraffic,
	},
	TKEServiceE4014: {
		Title: "复用的 CLB 上存在端口冲突",
		Cause: "通过 service.kubernetes.io/tke-existed-lbid 共用同一个 CLB 的几个 Service 声明了相同的监听端口。",
		Fix:   "把报错 Service 的端口改成该 CLB 的其他使用者都没有监听的端口；共用的 CLB 上，每个端口只能归一个 Service 使用。",
		Risk:  zhRiskTKESyncBlocked,
	},
	TKEServiceE4016: {
		Title: "账号未开通多个 Service 复用 CLB 的功能",
		Cause: "有多个 Service 指向同一个 CLB，但多个 Service 共用 CLB 是需要开白的功能，该账号尚未开通。",
		Fix:   "提交工单申请开通多 Service 复用 CLB，或让每个 Service 使用各自的 CLB。",
		Risk:  zhRiskTKESyncBlocked,
	},
	TKEServiceE4026: {
		Title: "引用的 TkeServiceConfig 不存在",
		Cause: "该 Service 通过 service.cloud.tencent.com/tke-service-config 引用了一份外挂的 CLB 配置（TkeServiceConfig），" +
			"但它所在的命名空间中没有这份配置；同步的其余部分照常进行。",
		Fix: "删除 service.cloud.tencent.com/tke-service-config 注解，或在该 Service 的命名空间中创建名称完全相同的 " +
			"TkeServiceConfig。",
		Risk: "文档未列出风险：同步不会被阻塞，但外挂配置中的 CLB 设置不会生效。",
	},
	TKEServiceE4033: {
		Title: "已开启直连，但没有后端支持直连",
		Cause: "service.cloud.tencent.com/direct-access 为 \"true\"，但该 Service 背后的 Pod 没有一个能直接绑定到 CLB" +
			"（这要求 Pod 使用 VPC-CNI 弹性网卡网络模式，且不使用 hostNetwork）。",
		Fix: "让工作负载使用 VPC-CNI（ENI）网络模式并关闭 hostNetwork；或删除 service.cloud.tencent.com/direct-access，" +
			"让流量经由 NodePort 进入。",
		Risk: zhRiskTKEBackendUpdate,
	},
	TKEServiceE4036: {
		Title: "CLB 后端四元组重复",
		Cause: "有两个绑定会用到相同的 CLB VIP、监听端口、后端 IP 和后端端口；CLB 要求这四者的组合唯一。",
		Fix: "让 Pod 在不同的端口上监听，每个监听器绑定各自的目标端口，使该 VIP 下任意两个监听器都不会对应到同一个" +
			"后端 IP 和端口。",
		Risk: zhRiskTKESyncBlocked,
	},
	TKEServiceE4037: {
		Title: "内网 CLB 的子网不存在",
		Cause: "找不到 service.kubernetes.io/qcloud-loadbalancer-internal-subnetid 所指定的子网。",
		Fix: "把 service.kubernetes.io/qcloud-loadbalancer-internal-subnetid 设为集群所在 VPC 中一个确实存在、且有空闲 IP " +
			"的子网（subnet- 后跟 8 个字符），或新建一个；也可以改用公网 CLB。",
		Risk: zhRiskTKENoTraffic,
	},
	TKEServiceE4062: {
		Title: "扩展协议监听器的证书已过期",
		Cause: "通过扩展协议注解（service.cloud.tencent.com/specify-protocol）声明的 TCP_SSL 或 HTTPS 监听器，" +
			"所用证书已经超过有效期。",
		Fix:  "在 SSL 证书服务中上传新证书，并把新证书的 ID 写入该注解所引用的 Secret（键为 qcloud_cert_id）。",
		Risk: zhRiskTKESyncBlocked,
	},
	TKEServiceE4075: {
		Title: "跨地域注解中的地域 ID 无效",
		Cause: "该 Service 使用跨地域绑定 CLB，但给出的地域 ID（service.cloud.tencent.com/cross-region-id）不是有效的腾讯云地域。",
		Fix: "把 service.cloud.tencent.com/cross-region-id 设为腾讯云地域列表中的地域 ID，例如 ap-guangzhou 或 " +
			"ap-chongqing；ap-guangzhou-1 这样的是可用区 ID，不是地域 ID。",
		Risk: zhRiskTKENoTraffic,
	},
	TKEServiceCLBLoopback: {
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
	TKEServiceIPMasqAgent: {
		Title: "ip-masq-agent 配置让所有流量都不做 SNAT",
		Cause: "kube-system/ip-masq-agent-config 让所有 Pod 报文都免于 SNAT：它的 nonMasqueradeCIDRs（目的地址）合起来" +
			"覆盖了全部 IPv4 地址（0.0.0.0/0，或几个网段加起来覆盖全部地址），或者它的 nonMasqueradeSrcCIDRs（源地址）" +
			"覆盖了全部地址或所有节点的 Pod CIDR。这样 Pod 的流量以 Pod IP 而不是节点 IP 发出；Norm 凭证服务按节点源 IP " +
			"认证调用方，于是拒绝控制器的 AssumeTkeCredential 调用（-8017 / -8032 Record Not Exist）。",
		Fix: "编辑 kube-system/ip-masq-agent-config，使 nonMasqueradeCIDRs 只包含集群（容器）网段和 VPC 网段，" +
			"且 nonMasqueradeSrcCIDRs 不涵盖 Pod；然后重启负载均衡控制器，让它重新获取凭证。",
		Risk: zhRiskTKEClusterWide,
	},
	TKEServiceBackendsLabelInvalid: {
		Title: "后端节点选择注解不是合法的标签选择器",
		Cause: "service.kubernetes.io/qcloud-loadbalancer-backends-label 用 Kubernetes 标签选择器（例如 group=access-layer）" +
			"挑选 CLB 转发到的节点。它的值无法解析为标签选择器，所以选不出它想指定的节点。",
		Fix: "按 kubectl -l 接受的写法填写标签选择器（key=value、key!=value、key in (a,b)，多个条件用逗号分隔），" +
			"并给应当接收流量的节点打上对应标签。",
		Risk: "CLB 的后端并不是清单想要的那些节点；流量可能到不了任何节点。",
	},
	TKEServiceBackendsLabelNoNodes: {
		Title: "后端节点选择器没有匹配到任何节点",
		Cause: "service.kubernetes.io/qcloud-loadbalancer-backends-label 把 CLB 的后端限定为它选中的节点，Service 控制器" +
			"会让 CLB 与之保持一致。集群中没有任何节点带有所选的标签，于是控制器把 CLB 上的后端全部移除。",
		Fix: "给应当承载流量的节点打标签（kubectl label node NAME key=value），或修正选择器；删除该注解即可重新使用" +
			"所有符合条件的节点。",
		Risk: "CLB 上没有任何后端：在重新有节点匹配之前，到该 Service 的每个连接都会失败。",
	},
	TKEServiceInvalidBool: {
		Title: "TKE Service 注解的值不是布尔值",
		Cause: "某个 TKE 开关注解（service.cloud.tencent.com/direct-access、prevent-loopback 或 tke-service-config-auto）" +
			"的值既不是 true 也不是 false。Service 报错表没有给这种错误分配错误码，控制器会如何处理也没有文档说明：" +
			"该开关可能被当作关闭，也可能导致同步失败。",
		Fix:  "写成 \"true\" 或 \"false\"（要加引号，因为注解的值都是字符串）。",
		Risk: "该注解所控制的功能（直连 Pod、防止回环、自动生成 TkeServiceConfig）与清单看上去要求的不一样。",
	},
	TKEServiceInvalidAnnotationValue: {
		Title: "TKE Service 注解的值不在文档列出的取值范围内",
		Cause: "某个 TKE Service 注解在文档中只有一组固定取值（例如 service.kubernetes.io/qcloud-loadbalancer-internet-charge-type " +
			"只能是 BANDWIDTH_POSTPAID_BY_HOUR 或 TRAFFIC_POSTPAID_BY_HOUR），却填了别的值。Service 报错表没有给这种错误" +
			"分配错误码，控制器会如何反应也没有文档说明：这个值可能被忽略，也可能导致 CLB 创建失败。",
		Fix:  "使用检查结果列出的某个取值，拼写必须完全一致（取值都是大写）。",
		Risk: "CLB 以非预期的计费方式创建，或者根本没有创建。",
	},
	TKEServiceInvalidVPCID: {
		Title: "跨 VPC 注解中的 VPC ID 格式错误",
		Cause: "与跨地域绑定配合使用的 service.cloud.tencent.com/cross-vpc-id 不符合“vpc- 后跟 8 位小写字母或数字”的格式，" +
			"因此不可能指向任何私有网络（VPC）。Service 报错表中没有对应的错误码（E4075 针对的是地域 ID）。",
		Fix: "把 service.cloud.tencent.com/cross-vpc-id 设为 CLB 所在私有网络的 ID，写法与私有网络控制台中显示的一致" +
			"（例如 vpc-646vhcjj）。",
		Risk: zhRiskTKENoTraffic,
	},
	TKEServiceConfigConflict: {
		Title: "同时要求了指定的和自动生成的 TkeServiceConfig",
		Cause: "该 Service 既设置了 service.cloud.tencent.com/tke-service-config（由您自己管理的 TkeServiceConfig），" +
			"又设置了 service.cloud.tencent.com/tke-service-config-auto: \"true\"（由 TKE 创建、名为 " +
			"<service>-auto-service-config 的配置）。TKE 的 TkeServiceConfig 文档说明二者不能同时使用；报错表中没有为这种冲突" +
			"分配错误码。",
		Fix: "只保留其中一个：删除 tke-service-config-auto，使用您自己的 TkeServiceConfig；或删除 tke-service-config，" +
			"让 TKE 管理 <service>-auto-service-config。",
		Risk: "实际生效的 CLB 设置与清单表面上的不一致；两份配置之一中的设置会被忽略。",
	},
	TKEServiceNginxGracefulShutdown: {
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
}
