package rules

import "github.com/lbdoctor/kubectl-lbdoctor/pkg/words"

// Provider-neutral rules: Kubernetes Service and Ingress behaviour that affects a cloud load balancer
// the same way on TKE and ACK. None of them is proved by an event message; checks emit them.

const (
	genericK8sDoc = "Kubernetes Service semantics"
	// DocK8sServicePorts is the Kubernetes documentation of a Service's ports.
	DocK8sServicePorts = "Kubernetes documentation, Service (ports: port, targetPort, nodePort)"
)

// Provider-neutral rules.
var (
	GenericServiceExternalTrafficLocal = Uncoded(Generic, Service, "external-traffic-local", Info, Details{
		Title: "externalTrafficPolicy Local: LB address fails from inside the cluster",
		Cause: "kube-proxy programs the load balancer's address on every node, so traffic from a node or pod to " +
			"that address never leaves the node. With externalTrafficPolicy: Local it is only delivered to backend " +
			"pods on that same node; from a node without one the connection fails, even though outside clients " +
			"work.",
		Fix: "Inside the cluster, call the Service by ClusterIP or DNS name (<svc>.<namespace>.svc) rather than " +
			"the LB address. If the LB address must work everywhere, switch to externalTrafficPolicy: Cluster " +
			"(client source IPs are then SNATed away, and on ACK every node then counts against the CLB's " +
			"backend quota); on ACK with Terway, Cluster plus " +
			"service.beta.kubernetes.io/backend-type: \"eni\" keeps source IPs and in-cluster access.",
		Risk: "In-cluster callers that use the external address fail or succeed depending on which node they " +
			"run on; for an ingress controller Service this hits every Ingress behind it.",
		Doc: "Alibaba ACK, Service FAQ, How do I resolve the issue where the SLB address exposed by a " +
			"LoadBalancer service is inaccessible from within a Kubernetes cluster?; Alibaba ACK, " +
			"troubleshooting LoadBalancer Services, CLB inaccessible from within the cluster",
		// With no ready endpoint, or none the CLB may attach, the address answers on no node at all.
		ConsequenceOf: []ID{GenericServiceNoEndpoints},
		Decides:       []Decision{{By: ByOtherObjects, What: words.Phrase{En: "EndpointSlices, pods and nodes", Zh: "EndpointSlice、Pod 和节点"}, IfUnknown: UnknownSkips}},
		Zh: Text{
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
	})
	GenericServiceNoEndpoints = Uncoded(Generic, Service, "no-endpoints", Error, Details{
		Title: "Service has no ready endpoint",
		Cause: "No pod carries all the labels in spec.selector (or the matching pods are in another namespace), " +
			"or every matching pod is not ready, so the Service has no ready EndpointSlice address and the load " +
			"balancer has nothing to send traffic to.",
		Fix: "Compare `kubectl get pods --show-labels -n <ns>` with spec.selector and fix the labels on either " +
			"side, or deploy the workload the Service is meant to front; if pods match but are not ready, repair " +
			"them (the finding names them and why they are not ready).",
		Risk: "Every request to the load balancer fails; on ACK the CCM reports \"There are no available nodes " +
			"for LoadBalancer\" and on TKE the backend group stays empty.",
		Doc: genericK8sDoc + "; Alibaba ACK, troubleshooting LoadBalancer Services, \"There are no available " +
			"nodes for LoadBalancer\"",
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "EndpointSlices and pods", Zh: "EndpointSlice 与 Pod"}, IfUnknown: UnknownSkips}},
		Zh: Text{
			Title: "Service 没有就绪的 endpoint",
			Cause: "没有 Pod 带齐 spec.selector 中的全部标签（或者匹配的 Pod 在另一个命名空间中），或者匹配的 Pod 全部未就绪，" +
				"因此该 Service 没有就绪的 EndpointSlice 地址，负载均衡没有可以转发流量的目标。",
			Fix: "对比 `kubectl get pods --show-labels -n <ns>` 与 spec.selector，修正其中一方的标签，或部署该 Service " +
				"要承载的工作负载；如果 Pod 匹配但未就绪，就修复它们（检查结果会列出这些 Pod 以及它们未就绪的原因）。",
			Risk: "发往负载均衡的每个请求都会失败；在 ACK 上 CCM 会报告 \"There are no available nodes for LoadBalancer\"，" +
				"在 TKE 上 CLB 的后端一直为空。",
		},
	})
	GenericServiceNoSelector = Uncoded(Generic, Service, "no-selector", Warning, Details{
		Title: "Service has no selector and no EndpointSlices",
		Cause: "Without spec.selector Kubernetes creates no endpoints automatically; they must be written by hand " +
			"or by another controller, and none exist for this Service.",
		Fix: "Add a spec.selector matching the backend pods, or create the EndpointSlice (label " +
			"kubernetes.io/service-name=<svc>) listing the backend addresses.",
		Risk:    "The load balancer has no backends and drops every connection.",
		Doc:     genericK8sDoc,
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "EndpointSlices", Zh: "该 Service 的 EndpointSlice"}, IfUnknown: UnknownSkips}},
		Zh: Text{
			Title: "Service 既没有 selector，也没有 EndpointSlice",
			Cause: "没有 spec.selector 时，Kubernetes 不会自动创建 endpoint；它们只能手动写入或由其他控制器写入，" +
				"而这个 Service 一个都没有。",
			Fix: "添加与后端 Pod 匹配的 spec.selector，或创建列出后端地址的 EndpointSlice（带标签 " +
				"kubernetes.io/service-name=<svc>）。",
			Risk: "负载均衡没有后端，会丢弃所有连接。",
		},
	})
	GenericServiceEndpointsNotReady = Uncoded(Generic, Service, "endpoints-not-ready", Warning, Details{
		Title: "Some or all backend pods are not ready",
		Cause: "Pods selected by the Service fail their readiness probe, are starting, or are terminating, so " +
			"their endpoints are marked not ready and are not (or no longer) registered with the load balancer.",
		Fix: "Inspect the unready pods (`kubectl describe pod`, container logs, probe settings) and fix the " +
			"application or the readinessProbe so the pods become Ready.",
		Risk: "Capacity is reduced; when no endpoint is ready the load balancer health checks fail and clients " +
			"get errors.",
		Doc: genericK8sDoc + "; Alibaba ACK, troubleshooting LoadBalancer Services, CLB inaccessible from " +
			"outside the cluster",
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "EndpointSlices and pods", Zh: "EndpointSlice 与 Pod"}, IfUnknown: UnknownSkips}},
		Zh: Text{
			Title: "部分或全部后端 Pod 未就绪",
			Cause: "该 Service 选中的 Pod 没有通过就绪探针，或者正在启动、正在终止，所以它们的 endpoint 被标记为未就绪，" +
				"不会（或不再）注册到负载均衡。",
			Fix: "检查未就绪的 Pod（`kubectl describe pod`、容器日志、探针设置），修复应用或 readinessProbe，" +
				"让这些 Pod 变为 Ready。",
			Risk: "可用容量减少；当没有任何 endpoint 就绪时，负载均衡的健康检查会失败，客户端会收到错误。",
		},
	})
	GenericIngressOtherController = Uncoded(Generic, Ingress, "other-controller", Info, Details{
		Title: "Ingress handled by another ingress controller",
		Cause: "The Ingress's ingressClassName (or kubernetes.io/ingress.class annotation) selects a controller " +
			"this catalog has no checks for yet, such as ACK's ALB or MSE Ingress controller or ingress-nginx, rather " +
			"than TKE's CLB ingress controller, so only the provider-independent checks apply to it.",
		Fix: "Nothing to fix if that is intended; diagnose it with that controller's own tools. On TKE, to have it " +
			"served by a CLB instead, set the class TKE's CLB ingress controller watches (qcloud).",
		Risk:    "None from the CLB side; problems in the other controller are outside what this tool checked.",
		Doc:     genericK8sDoc + " (IngressClass)",
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the IngressClass", Zh: "所选的 IngressClass"}, IfUnknown: UnknownSkips}},
		Zh: Text{
			Title: "Ingress 由其他 Ingress 控制器处理",
			Cause: "该 Ingress 的 ingressClassName（或 kubernetes.io/ingress.class 注解）选择的控制器，本工具的检查目录中" +
				"还没有对应的检查，例如 ACK 的 ALB 或 MSE Ingress 控制器、ingress-nginx，而不是 TKE 的 CLB Ingress 控制器，" +
				"因此只有与云厂商无关的检查适用于它。",
			Fix: "如果这是有意为之，则无需修复；请用该控制器自己的工具诊断。在 TKE 上如果希望改由 CLB 承载，请设置 TKE 的 " +
				"CLB Ingress 控制器所监听的 class（qcloud）。",
			Risk: "从 CLB 这一侧看没有风险；另一个控制器中的问题不在本工具的检查范围之内。",
		},
	})
	GenericServiceNoEvents = Uncoded(Generic, Service, "no-events", Info, Details{
		Title: "Service looks unhealthy but has no events",
		Cause: "Events are short-lived and not always produced: TKE keeps them for about one hour, and ACK's " +
			"cloud-controller-manager emits LoadBalancer sync events only from v1.9.3.276-g372aa98-aliyun on. The " +
			"cause of the problem therefore cannot be read from events.",
		Fix: "Reproduce the failure (e.g. touch an annotation to force a sync) and run the diagnosis again within " +
			"the hour; on ACK check the cloud-controller-manager version and upgrade it if it predates " +
			"v1.9.3.276-g372aa98-aliyun; otherwise inspect the load balancer in the cloud console.",
		Risk: "The real error remains unknown, so it may keep recurring.",
		Doc: "Alibaba ACK, Service FAQ, Why are events for the service and LoadBalancer synchronization " +
			"process not visible?; " + DocTKEEventRetention,
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "Events", Zh: "该对象的事件（Event）"}, IfUnknown: UnknownSkips}},
		Zh: Text{
			Title: "Service 看起来不正常，却没有任何事件",
			Cause: "事件保存的时间很短，而且不一定会产生：TKE 只保留大约一小时，ACK 的 cloud-controller-manager 从 " +
				"v1.9.3.276-g372aa98-aliyun 起才产生 LoadBalancer 同步事件。因此无法从事件中看出问题的原因。",
			Fix: "重现故障（例如改动某个注解，强制触发一次同步），并在一小时内重新运行诊断；在 ACK 上检查 " +
				"cloud-controller-manager 的版本，早于 v1.9.3.276-g372aa98-aliyun 的就升级；否则请到云控制台中检查负载均衡。",
			Risk: "真正的错误仍然不明，可能会一再出现。",
		},
	})
	GenericIngressNoEvents = Uncoded(Generic, Ingress, "no-events", Info, Details{
		Title: "Ingress looks unhealthy but has no events",
		Cause: "No event explains the Ingress's state: events expire (about one hour on TKE) or the controller " +
			"did not emit any, so the failure cannot be read from them.",
		Fix: "Make a harmless change to the Ingress to trigger a new sync and diagnose again promptly, or read " +
			"the ingress controller's logs and the load balancer in the cloud console.",
		Risk:    "The underlying error goes undiagnosed and may keep recurring.",
		Doc:     DocTKEEventRetention + "; " + genericK8sDoc,
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "Events", Zh: "该对象的事件（Event）"}, IfUnknown: UnknownSkips}},
		Zh: Text{
			Title: "Ingress 看起来不正常，却没有任何事件",
			Cause: "没有任何事件能说明该 Ingress 的状态：事件已经过期（TKE 上约一小时），或者控制器根本没有产生事件，" +
				"因此无法从事件中看出故障原因。",
			Fix: "对该 Ingress 做一处无害的改动以触发新的同步，并尽快再次诊断；或者查看 Ingress 控制器的日志，以及云控制台中" +
				"的负载均衡。",
			Risk: "根本错误得不到诊断，可能会一再出现。",
		},
	})
	GenericServiceUnmatchedWarning = Uncoded(Generic, Service, "unmatched-warning", Warning, Details{
		Title: "Warning event with no documented code",
		Cause: "A controller reported a Warning about the Service whose text matches no code or message of the " +
			"vendor documents lbdoctor knows; the message is shown as reported, credentials removed.",
		Fix: "Read the message: it usually names the failing cloud API call and its error. If it carries a cloud " +
			"error code, look it up in the provider's API error reference.",
		Risk:    "Whatever the controller complains about keeps failing until someone reads it.",
		Doc:     "Kubernetes events (kubectl get events --field-selector involvedObject.name=NAME)",
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "Events", Zh: "该对象的事件（Event）"}, IfUnknown: UnknownSkips}},
		Zh: Text{
			Title: "没有已知错误码的 Warning 事件",
			Cause: "某个控制器就该 Service 报告了一条 Warning，其内容与 lbdoctor 所掌握的云厂商文档中的任何错误码或消息都不匹配；" +
				"消息按原样显示，其中的凭证已被去除。",
			Fix:  zhGenericUnmatchedFix,
			Risk: zhGenericUnmatchedRisk,
		},
	})
	GenericIngressUnmatchedWarning = Uncoded(Generic, Ingress, "unmatched-warning", Warning, Details{
		Title: "Warning event with no documented code",
		Cause: "A controller reported a Warning about the Ingress whose text matches no code or message of the " +
			"vendor documents lbdoctor knows; the message is shown as reported, credentials removed.",
		Fix: "Read the message: it usually names the failing cloud API call and its error. If it carries a cloud " +
			"error code, look it up in the provider's API error reference.",
		Risk:    "Whatever the controller complains about keeps failing until someone reads it.",
		Doc:     "Kubernetes events (kubectl get events --field-selector involvedObject.name=NAME)",
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "Events", Zh: "该对象的事件（Event）"}, IfUnknown: UnknownSkips}},
		Zh: Text{
			Title: "没有已知错误码的 Warning 事件",
			Cause: "某个控制器就该 Ingress 报告了一条 Warning，其内容与 lbdoctor 所掌握的云厂商文档中的任何错误码或消息都不匹配；" +
				"消息按原样显示，其中的凭证已被去除。",
			Fix:  zhGenericUnmatchedFix,
			Risk: zhGenericUnmatchedRisk,
		},
	})
	GenericServiceProviderConflict = Uncoded(Generic, Service, "provider-conflict", Warning, Details{
		Title: "Evidence of both TKE and ACK for one Service",
		Cause: "The signals that tell the cloud disagree: among the Service's annotations, the nodes' " +
			"spec.providerID values and the kube-system controllers, some belong to Tencent TKE and some to " +
			"Alibaba ACK. Only the controller of the cloud the cluster runs on acts on the Service and it " +
			"ignores the other cloud's annotations. lbdoctor diagnoses for the cloud with the stronger evidence " +
			"(the report's provider field says which and why) and skips the other cloud's checks.",
		Fix: "Delete the annotations of the cloud the cluster does not run on (they are often left over from a " +
			"manifest written for another cluster) and set the equivalent ones of the right cloud. If the " +
			"diagnosis picked the wrong cloud, run it again with --provider tke or --provider ack.",
		Risk: "Settings written in the other cloud's annotations have no effect, so the load balancer is not " +
			"configured as the manifest suggests, and the checks of the other cloud do not run.",
		Doc:     providerIDDoc,
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the cluster's nodes and kube-system", Zh: "集群的节点以及 kube-system 命名空间"}, IfUnknown: UnknownSkips}},
		Zh: Text{
			Title: "同一个 Service 上同时有 TKE 和 ACK 的迹象",
			Cause: "用来判断所在云的各项信号互相矛盾：在该 Service 的注解、节点的 spec.providerID 值以及 kube-system 中的" +
				"控制器里，有的属于腾讯云 TKE，有的属于阿里云 ACK。只有集群所在那家云的控制器会处理该 Service，" +
				"并且它会忽略另一家云的注解。" + zhGenericProviderCounted,
			Fix: "删除集群所在云之外那家云的注解（它们往往是为别的集群写的清单遗留下来的），并设置正确那家云的对应注解。" +
				zhGenericProviderRerun,
			Risk: "写在另一家云注解中的设置不会生效，负载均衡的配置与清单所示不同，另一家云的检查也不会运行。",
		},
	})
	GenericIngressProviderConflict = Uncoded(Generic, Ingress, "provider-conflict", Warning, Details{
		Title: "Evidence of both TKE and ACK for one Ingress",
		Cause: "The signals that tell the cloud disagree: among the Ingress's class, its annotations, the " +
			"nodes' spec.providerID values and the kube-system controllers, some belong to Tencent TKE and some " +
			"to Alibaba ACK. An Ingress of class qcloud is served only by TKE's CLB ingress controller, which " +
			"exists only on TKE. lbdoctor diagnoses for the cloud with the stronger evidence (the report's " +
			"provider field says which and why) and skips the other cloud's checks.",
		Fix: "Keep the class and annotations of the cloud the cluster runs on and delete the others; on ACK use " +
			"an ingress class served there instead of qcloud. If the diagnosis picked the wrong cloud, run it " +
			"again with --provider tke or --provider ack.",
		Risk: "No controller, or the wrong one, picks the Ingress up, so it gets no address or ignores the " +
			"settings written for the other cloud; the checks of the other cloud do not run.",
		Doc:     providerIDDoc,
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the cluster's nodes and kube-system", Zh: "集群的节点以及 kube-system 命名空间"}, IfUnknown: UnknownSkips}},
		Zh: Text{
			Title: "同一个 Ingress 上同时有 TKE 和 ACK 的迹象",
			Cause: "用来判断所在云的各项信号互相矛盾：在该 Ingress 的 class、注解、节点的 spec.providerID 值以及 kube-system " +
				"中的控制器里，有的属于腾讯云 TKE，有的属于阿里云 ACK。class 为 qcloud 的 Ingress 只由 TKE 的 CLB Ingress " +
				"控制器处理，而这个控制器只存在于 TKE 上。" + zhGenericProviderCounted,
			Fix: "保留集群所在那家云的 class 和注解，删除其余的；在 ACK 上改用那里有控制器处理的 Ingress class，而不是 qcloud。" +
				zhGenericProviderRerun,
			Risk: "没有控制器接手该 Ingress，或者接手的是错误的控制器，因此它拿不到地址，或者忽略了为另一家云写的设置；" +
				"另一家云的检查也不会运行。",
		},
	})
)

const providerIDDoc = "kubernetes/cloud-provider-alibaba-cloud, docs/getting-started.md (ACK node providerID " +
	"<REGION_ID>.<ECS_ID>, optionally alicloud://); Kubernetes, Cloud Providers, Alibaba Cloud (kubelet " +
	"--provider-id=${REGION_ID}.${INSTANCE_ID}); kubernetes/autoscaler, cloudprovider/tencentcloud (TKE node " +
	"providerID qcloud:///<zone>/<instance-id>)"

// GenericServicePortInvalid is a Service port number outside 1–65535 (port, a numeric targetPort or
// nodePort; 0 only for port, since 0 leaves the other two unset).
var GenericServicePortInvalid = Uncoded(Generic, Service, "port-invalid", Error, Details{
	Title: "Service port number out of range",
	Cause: "A port number of the Service is outside 1–65535: spec.ports[].port must be set to one, and a " +
		"numeric targetPort or nodePort, when set, must be one too. The API server refuses the Service as " +
		"written, so it is never created or updated and no load balancer listener follows from it.",
	Fix: "Set the port to the number clients connect to (1–65535), the targetPort to the container's port " +
		"number or name, and leave nodePort out unless a fixed one (within the cluster's node port range, " +
		"30000–32767 by default) is needed.",
	Risk: "kubectl apply fails for the whole manifest; a pipeline that ignores the error leaves the previous " +
		"Service, or none, in place.",
	Doc: DocK8sServicePorts,
	Zh: Text{
		Title: "Service 端口号超出范围",
		Cause: "该 Service 有端口号不在 1–65535 之内：spec.ports[].port 必须设置为该范围内的值，数字形式的 targetPort " +
			"或 nodePort 一旦设置也必须在该范围内。API Server 会拒绝这样写的 Service，因此它不会被创建或更新，" +
			"负载均衡也不会因此有对应的监听器。",
		Fix: "把 port 设为客户端连接的端口号（1–65535），targetPort 设为容器的端口号或端口名称；除非需要固定的 nodePort" +
			"（须在集群的 NodePort 范围内，默认 30000–32767），否则不要设置 nodePort。",
		Risk: "kubectl apply 对整个清单都会失败；忽略该错误的流水线会保留之前的 Service，或者根本没有 Service。",
	},
})
