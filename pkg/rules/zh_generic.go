package rules

// Chinese texts the two halves (Service, Ingress) of a generic rule share word for word in English.
const (
	zhGenericUnmatchedFix = "阅读这条消息：它通常会指出失败的云 API 调用及其错误。如果其中带有云服务的错误码，" +
		"请到该云厂商的 API 错误码参考中查找。"
	zhGenericUnmatchedRisk   = "控制器所报告的那件事会一直失败，直到有人去读这条消息。"
	zhGenericProviderCounted = "lbdoctor 按证据更充分的那家云进行诊断（报告中的 provider 字段说明选了哪家以及原因），" +
		"并跳过另一家云的检查。"
	zhGenericProviderRerun = "如果诊断选错了云，请用 --provider tke 或 --provider ack 重新运行。"
)

// zhGeneric is the Simplified Chinese text of each rule in generic.go, written from the seeds' facts and the
// vendors' own Chinese terms (docs/glossary.md).
var zhGeneric = map[ID]Text{
	GenericServiceExternalTrafficLocal: {
		Title: "externalTrafficPolicy 为 Local：从集群内部访问 LB 地址会失败",
		Cause: "kube-proxy 在每个节点上都配置了负载均衡的地址，所以从节点或 Pod 发往这个地址的流量根本不会离开本节点。" +
			"在 externalTrafficPolicy: Local 下，这些流量只会交给同一节点上的后端 Pod；所在节点上没有后端 Pod 时，" +
			"连接就会失败，尽管集群外的客户端访问正常。",
		Fix: "在集群内部通过 ClusterIP 或 DNS 名称（<svc>.<namespace>.svc）访问该 Service，而不要用 LB 地址。" +
			"如果 LB 地址必须在任何地方都能访问，就改用 externalTrafficPolicy: Cluster（这时客户端源 IP 会因 SNAT 而丢失，" +
			"并且在 ACK 上每个节点都会占用 CLB 的后端服务器配额）；在使用 Terway 的 ACK 集群上，Cluster 加上 " +
			"service.beta.kubernetes.io/backend-type: \"eni\" 既能保留源 IP，也能从集群内访问。",
		Risk: "在集群内使用外部地址的调用方，成功与否取决于它运行在哪个节点上；如果这是 Ingress 控制器的 Service，" +
			"它后面的每个 Ingress 都会受影响。",
	},
	GenericServiceNoEndpoints: {
		Title: "Service 没有就绪的 endpoint",
		Cause: "没有 Pod 带齐 spec.selector 中的全部标签（或者匹配的 Pod 在另一个命名空间中），或者匹配的 Pod 全部未就绪，" +
			"因此该 Service 没有就绪的 EndpointSlice 地址，负载均衡没有可以转发流量的目标。",
		Fix: "对比 `kubectl get pods --show-labels -n <ns>` 与 spec.selector，修正其中一方的标签，或部署该 Service " +
			"要承载的工作负载；如果 Pod 匹配但未就绪，就修复它们（检查结果会列出这些 Pod 以及它们未就绪的原因）。",
		Risk: "发往负载均衡的每个请求都会失败；在 ACK 上 CCM 会报告 \"There are no available nodes for LoadBalancer\"，" +
			"在 TKE 上 CLB 的后端一直为空。",
	},
	GenericServiceNoSelector: {
		Title: "Service 既没有 selector，也没有 EndpointSlice",
		Cause: "没有 spec.selector 时，Kubernetes 不会自动创建 endpoint；它们只能手动写入或由其他控制器写入，" +
			"而这个 Service 一个都没有。",
		Fix: "添加与后端 Pod 匹配的 spec.selector，或创建列出后端地址的 EndpointSlice（带标签 " +
			"kubernetes.io/service-name=<svc>）。",
		Risk: "负载均衡没有后端，会丢弃所有连接。",
	},
	GenericServiceEndpointsNotReady: {
		Title: "部分或全部后端 Pod 未就绪",
		Cause: "该 Service 选中的 Pod 没有通过就绪探针，或者正在启动、正在终止，所以它们的 endpoint 被标记为未就绪，" +
			"不会（或不再）注册到负载均衡。",
		Fix: "检查未就绪的 Pod（`kubectl describe pod`、容器日志、探针设置），修复应用或 readinessProbe，" +
			"让这些 Pod 变为 Ready。",
		Risk: "可用容量减少；当没有任何 endpoint 就绪时，负载均衡的健康检查会失败，客户端会收到错误。",
	},
	GenericIngressOtherController: {
		Title: "Ingress 由其他 Ingress 控制器处理",
		Cause: "该 Ingress 的 ingressClassName（或 kubernetes.io/ingress.class 注解）选择的控制器，本工具的检查目录中" +
			"还没有对应的检查，例如 ACK 的 ALB 或 MSE Ingress 控制器、ingress-nginx，而不是 TKE 的 CLB Ingress 控制器，" +
			"因此只有与云厂商无关的检查适用于它。",
		Fix: "如果这是有意为之，则无需修复；请用该控制器自己的工具诊断。如果希望由 CLB 承载，请设置云厂商的 CLB Ingress " +
			"控制器所监听的 class。",
		Risk: "从 CLB 这一侧看没有风险；另一个控制器中的问题不在本工具的检查范围之内。",
	},
	GenericServiceNoEvents: {
		Title: "Service 看起来不正常，却没有任何事件",
		Cause: "事件保存的时间很短，而且不一定会产生：TKE 只保留大约一小时，ACK 的 cloud-controller-manager 从 " +
			"v1.9.3.276-g372aa98-aliyun 起才产生 LoadBalancer 同步事件。因此无法从事件中看出问题的原因。",
		Fix: "重现故障（例如改动某个注解，强制触发一次同步），并在一小时内重新运行诊断；在 ACK 上检查 " +
			"cloud-controller-manager 的版本，早于 v1.9.3.276-g372aa98-aliyun 的就升级；否则请到云控制台中检查负载均衡。",
		Risk: "真正的错误仍然不明，可能会一再出现。",
	},
	GenericIngressNoEvents: {
		Title: "Ingress 看起来不正常，却没有任何事件",
		Cause: "没有任何事件能说明该 Ingress 的状态：事件已经过期（TKE 上约一小时），或者控制器根本没有产生事件，" +
			"因此无法从事件中看出故障原因。",
		Fix: "对该 Ingress 做一处无害的改动以触发新的同步，并尽快再次诊断；或者查看 Ingress 控制器的日志，以及云控制台中" +
			"的负载均衡。",
		Risk: "根本错误得不到诊断，可能会一再出现。",
	},
	GenericServiceUnmatchedWarning: {
		Title: "没有已知错误码的 Warning 事件",
		Cause: "某个控制器就该 Service 报告了一条 Warning，其内容与 lbdoctor 所掌握的云厂商文档中的任何错误码或消息都不匹配；" +
			"消息按原样显示，其中的凭证已被去除。",
		Fix:  zhGenericUnmatchedFix,
		Risk: zhGenericUnmatchedRisk,
	},
	GenericIngressUnmatchedWarning: {
		Title: "没有已知错误码的 Warning 事件",
		Cause: "某个控制器就该 Ingress 报告了一条 Warning，其内容与 lbdoctor 所掌握的云厂商文档中的任何错误码或消息都不匹配；" +
			"消息按原样显示，其中的凭证已被去除。",
		Fix:  zhGenericUnmatchedFix,
		Risk: zhGenericUnmatchedRisk,
	},
	GenericServiceProviderConflict: {
		Title: "同一个 Service 上同时有 TKE 和 ACK 的迹象",
		Cause: "用来判断所在云的各项信号互相矛盾：在该 Service 的注解、节点的 spec.providerID 值以及 kube-system 中的" +
			"控制器里，有的属于腾讯云 TKE，有的属于阿里云 ACK。只有集群所在那家云的控制器会处理该 Service，" +
			"并且它会忽略另一家云的注解。" + zhGenericProviderCounted,
		Fix: "删除集群所在云之外那家云的注解（它们往往是为别的集群写的清单遗留下来的），并设置正确那家云的对应注解。" +
			zhGenericProviderRerun,
		Risk: "写在另一家云注解中的设置不会生效，负载均衡的配置与清单所示不同，另一家云的检查也不会运行。",
	},
	GenericIngressProviderConflict: {
		Title: "同一个 Ingress 上同时有 TKE 和 ACK 的迹象",
		Cause: "用来判断所在云的各项信号互相矛盾：在该 Ingress 的 class、注解、节点的 spec.providerID 值以及 kube-system " +
			"中的控制器里，有的属于腾讯云 TKE，有的属于阿里云 ACK。class 为 qcloud 的 Ingress 只由 TKE 的 CLB Ingress " +
			"控制器处理，而这个控制器只存在于 TKE 上。" + zhGenericProviderCounted,
		Fix: "保留集群所在那家云的 class 和注解，删除其余的；在 ACK 上改用那里有控制器处理的 Ingress class，而不是 qcloud。" +
			zhGenericProviderRerun,
		Risk: "没有控制器接手该 Ingress，或者接手的是错误的控制器，因此它拿不到地址，或者忽略了为另一家云写的设置；" +
			"另一家云的检查也不会运行。",
	},
}
