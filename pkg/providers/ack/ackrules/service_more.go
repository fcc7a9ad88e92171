package ackrules

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// More rules of the ACK Service catalog, from address-type-immutable on; the first part is in service.go.
var (
	ServiceAddressTypeImmutable = rules.Uncoded(Provider, rules.Service, "address-type-immutable", rules.Error, rules.Details{
		Title: "CLB address type changed after creation",
		Cause: "service.beta.kubernetes.io/alibaba-cloud-loadbalancer-address-type was switched between " +
			"\"internet\" and \"intranet\" on an existing Service; a CLB keeps the type it was created with.",
		Fix: "Restore the original address-type value, or delete and recreate the Service (a new address is " +
			"allocated) to get the other type.",
		Risk:    "CCM stops applying any change to this Service's CLB.",
		Doc:     rules.DocACKEvents + ", \"alicloud: can not change LoadBalancer AddressType once created. delete and retry\"",
		Match:   []string{"can not change LoadBalancer AddressType once created"},
		Decides: []rules.Decision{{By: rules.ByHistory, What: words.Phrase{En: "the CLB's address in status against the address type, or the last-applied-configuration record", Zh: "status 中的 CLB 地址与所要求的地址类型的对比，或 last-applied-configuration 记录"}, IfUnknown: rules.UnknownSkips}},
		Change:  rules.ChangeRejected,
		Zh: rules.Text{
			Title: "CLB 创建后地址类型被修改",
			Cause: "已有 Service 的 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-address-type 在 \"internet\" 与 " +
				"\"intranet\" 之间来回切换；CLB 会一直保持创建时的地址类型。",
			Fix:  "恢复 address-type 原来的值；如需另一种类型，删除并重建该 Service（会分配新的地址）。",
			Risk: "CCM 不再把任何变更应用到该 Service 的 CLB 上。",
		},
	})
	ServiceLBRebind = rules.Uncoded(Provider, rules.Service, "lb-rebind", rules.Error, rules.Details{
		Title: "Service already bound to another CLB",
		Cause: "The loadbalancer-id annotation was edited to a different CLB after the Service had received an " +
			"address; a Service cannot be moved to another CLB by changing the annotation.",
		Fix: "Put the original CLB ID back in service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id, or " +
			"delete the Service and create it again with the intended CLB ID.",
		Risk: "Syncing is stuck; the Service keeps its old address and ignores further changes.",
		Doc:  rules.DocACKEvents + ", \"the loadbalancer lb-xxxxx can not be reused, service has been associated with ip\"",
		// An NLB is bound by its DNS name (nlbv2/model_applier.go, isNLBReusable).
		Match: []string{"service has been associated with ip", "cannot be bound to ip",
			"service has been associated with dnsname", "cannot be bound to dnsname"},
		Decides: []rules.Decision{{By: rules.ByHistory, What: words.Phrase{En: "CCM's CLB label (or the address in status) against the loadbalancer-id annotation", Zh: "CCM 的 CLB 标签（或 status 中的地址）与 loadbalancer-id 注解的对比"}, IfUnknown: rules.UnknownSkips}},
		Change:  rules.ChangeRejected,
		Zh: rules.Text{
			Title: "Service 已经绑定到另一个 CLB",
			Cause: "Service 拿到地址之后，loadbalancer-id 注解被改成了另一个 CLB；不能靠修改该注解把 Service 迁到另一个 CLB。",
			Fix: "把原来的 CLB ID 写回 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id，或删除该 Service，" +
				"再用目标 CLB 的 ID 重新创建。",
			Risk: "同步卡住；Service 保留旧地址，并忽略之后的所有变更。",
		},
	})
	// ---- Documented symptoms without an event ----

	ServiceHTTPSToHTTPSBackend = rules.Uncoded(Provider, rules.Service, "https-to-https-backend", rules.Warning, rules.Details{
		Title: "HTTPS listener forwards to a TLS port on the pod",
		Cause: "A port listed as \"https:<port>\" in service.beta.kubernetes.io/alibaba-cloud-loadbalancer-protocol-port " +
			"is decrypted on the CLB (certificate from ...-cert-id) and sent on as plain HTTP, but its targetPort is " +
			"the pod's TLS port (e.g. 443). The pod answers \"The plain HTTP request was sent to HTTPS port\".",
		Fix: "Point targetPort of that Service port at the pod's plain-HTTP port (e.g. port 443, targetPort 80), " +
			"or use a \"tcp:443\" listener if the pod must terminate TLS itself.",
		Risk:    "Every HTTPS request through the CLB fails with a 400 error.",
		Doc:     rules.DocACKSymptoms + ", Cannot connect to the backend HTTPS service",
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the backend pods' container ports", Zh: "后端 Pod 的容器端口"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "HTTPS 监听转发到 Pod 的 TLS 端口",
			Cause: "在 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-protocol-port 中写成 \"https:<port>\" 的端口，" +
				"在 CLB 上完成解密（证书来自 ...-cert-id）后以明文 HTTP 转发，但它的 targetPort 却是 Pod 的 TLS 端口" +
				"（例如 443）。Pod 会回复 \"The plain HTTP request was sent to HTTPS port\"。",
			Fix: "把该 Service 端口的 targetPort 指向 Pod 的明文 HTTP 端口（例如 port 443、targetPort 80）；" +
				"如果必须由 Pod 自己终结 TLS，就改用 \"tcp:443\" 监听。",
			Risk: "经过 CLB 的每个 HTTPS 请求都以 400 错误失败。",
		},
	})
	ServiceRollingUpdate503 = rules.Uncoded(Provider, rules.Service, "rolling-update-503", rules.Warning, rules.Details{
		Title: "Rolling updates can return 503 or reset connections",
		Cause: "Nothing makes the CLB and pods hand over gracefully: the listener has no connection draining and/or " +
			"the pods lack a readinessProbe, preStop hook or a long enough terminationGracePeriodSeconds, so the CLB " +
			"still sends requests to pods that are starting or stopping.",
		Fix: "Set service.beta.kubernetes.io/alibaba-cloud-loadbalancer-connection-drain: \"on\" with " +
			"...-connection-drain-timeout (seconds). Give the pods a readinessProbe matching their start-up time, a " +
			"preStop (e.g. sleep) covering in-flight requests, and terminationGracePeriodSeconds at least 30 s above " +
			"the preStop duration.",
		Risk:    "Each deployment causes a burst of failed requests for clients.",
		Doc:     rules.DocACKSymptoms + ", 503 error during application updates; " + rules.DocACKFAQ + ", graceful closing of connections when backends are replaced",
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the backend pods", Zh: "后端 Pod"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "滚动更新时可能返回 503 或重置连接",
			Cause: "CLB 与 Pod 之间没有任何平滑交接的机制：监听没有开启连接优雅中断，和/或 Pod 缺少 readinessProbe、" +
				"preStop 钩子或足够长的 terminationGracePeriodSeconds，因此 CLB 仍会把请求发给正在启动或正在停止的 Pod。",
			Fix: "设置 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-connection-drain: \"on\"，并用 " +
				"...-connection-drain-timeout 指定超时时间（秒）。为 Pod 配置与其启动耗时相符的 readinessProbe、" +
				"足以处理完在途请求的 preStop（例如 sleep），以及比 preStop 时长至少多 30 秒的 terminationGracePeriodSeconds。",
			Risk: "每次发布都会让客户端遇到一阵请求失败。",
		},
	})
	ServiceUnevenLoad = rules.Uncoded(Provider, rules.Service, "uneven-load", rules.Warning, rules.Details{
		Title: "Local traffic policy with a non-weighted CLB scheduler",
		Cause: "With externalTrafficPolicy: Local, CCM attaches only nodes with backend pods and (from " +
			"v1.9.3.276-g372aa98-aliyun on) weights each node by its pod count. A non-weighted scheduler such as " +
			"\"rr\" ignores those weights, so a node with one pod gets as much traffic as a node with many. " +
			"Long-lived connections skew load further. A reused CLB without force-override-listeners \"true\" is " +
			"not judged: CCM leaves its listeners, and so their scheduler, to you.",
		Fix: "Set service.beta.kubernetes.io/alibaba-cloud-loadbalancer-scheduler: \"wrr\"; for persistent " +
			"connections use \"wlc\". Upgrade CCM to v1.9.3.276-g372aa98-aliyun or later for pod-count weights.",
		Risk:    "Some pods are overloaded while others sit idle, causing latency spikes and avoidable scaling.",
		Doc:     rules.DocACKSymptoms + ", Uneven load distribution across CLB backends; " + rules.DocACKFAQ + ", How are node weights automatically set in Local mode?",
		Decides: []rules.Decision{{By: rules.ByClusterConfig, What: words.Phrase{En: "kube-system/cloud-config: serviceBackendType (ENI backends are weighted per pod)", Zh: "kube-system/cloud-config 中的 serviceBackendType（ENI 后端按 Pod 分配权重）"}, IfUnknown: rules.UnknownDefault}},
		Zh: rules.Text{
			Title: "Local 流量策略搭配了不加权的 CLB 调度算法",
			Cause: "在 externalTrafficPolicy: Local 下，CCM 只挂载有后端 Pod 的节点，并且（自 v1.9.3.276-g372aa98-aliyun 起）" +
				"按每个节点上的 Pod 数设置权重。\"rr\" 这类不加权的调度算法会忽略这些权重，于是只有一个 Pod 的节点与有许多 " +
				"Pod 的节点分到同样多的流量。长连接会让负载更加不均。复用的 CLB 若未把 force-override-listeners 设为 \"true\"，" +
				"则不作判定：CCM 不管理它的监听，调度算法由你自己设置。",
			Fix: "设置 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-scheduler: \"wrr\"；长连接场景使用 \"wlc\"。" +
				"把 CCM 升级到 v1.9.3.276-g372aa98-aliyun 或更高版本，才能按 Pod 数设置权重。",
			Risk: "一部分 Pod 过载，另一部分闲置，造成延迟尖刺和本可避免的扩容。",
		},
	})
	ServiceOldCCMNoEvents = rules.Uncoded(Provider, rules.Service, "old-ccm-no-events", rules.Warning, rules.Details{
		Title: "CCM older than v1.9.3.276-g372aa98-aliyun emits no sync events",
		Cause: "cloud-controller-manager releases before v1.9.3.276-g372aa98-aliyun do not record events for " +
			"Service/CLB synchronization, so failures are invisible in `kubectl describe svc`.",
		Fix: "Upgrade the cloud-controller-manager add-on to v1.9.3.276-g372aa98-aliyun or newer; with a newer " +
			"CCM and still no events, open a ticket with Alibaba Cloud.",
		Risk: "CLB sync errors (Pending Services, stale backends, ignored annotations) go undiagnosed.",
		Doc:  rules.DocACKFAQ + ", Why are events for the service and LoadBalancer synchronization process not visible?",
		// A CCM too old to reuse a CLB is older than the first release with events too; that finding's
		// fix (upgrade) covers both.
		ConsequenceOf: []rules.ID{ServiceReuseOldCCM},
		Decides:       []rules.Decision{{By: rules.ByVersion, What: words.Phrase{En: "cloud-controller-manager older than v1.9.3.276-g372aa98-aliyun", Zh: "cloud-controller-manager 版本低于 v1.9.3.276-g372aa98-aliyun"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "低于 v1.9.3.276-g372aa98-aliyun 的 CCM 不产生同步事件",
			Cause: "v1.9.3.276-g372aa98-aliyun 之前的 cloud-controller-manager 版本不会为 Service/CLB 同步记录事件，" +
				"因此在 `kubectl describe svc` 中看不到失败。",
			Fix: "把 cloud-controller-manager 组件升级到 v1.9.3.276-g372aa98-aliyun 或更新的版本；如果 CCM 已是新版本" +
				"却仍然没有事件，请向阿里云提交工单。",
			Risk: "CLB 同步错误（Service 停在 Pending、后端过时、注解被忽略）无从诊断。",
		},
		// A CCM known to emit no events explains their absence.
		Explains: []rules.ID{rules.GenericServiceNoEvents},
	})
	ServiceNodePortLocalPortRange = rules.Uncoded(Provider, rules.Service, "nodeport-local-port-range", rules.Warning, rules.Details{
		Title: "nodePort inside the nodes' ephemeral port range",
		Cause: "The Service's nodePort lies inside net.ipv4.ip_local_port_range (default 32768-60999), the range " +
			"Linux hands out as source ports for outgoing connections. This happens when --service-node-port-range " +
			"(default 30000-32767) was widened to overlap it.",
		Fix: "Change spec.ports[].nodePort to a free port outside ip_local_port_range, and make the API server's " +
			"service-node-port-range and the nodes' ip_local_port_range disjoint again (restore the defaults).",
		Risk: "Intermittent connection failures on nodes; at worst health checks fail and nodes go NotReady.",
		Doc:  rules.DocACKFAQ + ", How to correctly configure the NodePort range",
		Zh: rules.Text{
			Title: "nodePort 落在节点的临时端口范围内",
			Cause: "该 Service 的 nodePort 位于 net.ipv4.ip_local_port_range（默认 32768-60999）之内，而这个范围是 Linux " +
				"为出站连接分配源端口用的。当 --service-node-port-range（默认 30000-32767）被扩大到与之重叠时，就会出现这种情况。",
			Fix: "把 spec.ports[].nodePort 改为 ip_local_port_range 之外的空闲端口，并让 API Server 的 " +
				"service-node-port-range 与节点的 ip_local_port_range 重新互不重叠（恢复默认值）。",
			Risk: "节点上出现间歇性的连接失败；最坏情况下健康检查失败，节点变为 NotReady。",
		},
	})
	ServiceIntranetLBLoopback = rules.Uncoded(Provider, rules.Service, "intranet-lb-loopback", rules.Warning, rules.Details{
		Title: "Reused internal CLB unreachable from pods on backend nodes",
		Cause: "For a private CLB that was not created by this Service, a layer-4 listener cannot serve a client " +
			"that is also one of its backends: a pod on a node that hosts a backend fails to reach the CLB address.",
		Fix: "Reach the workload through its ClusterIP or DNS name from inside the cluster; or use a public " +
			"address; or let the Service create the CLB itself with externalTrafficPolicy: Cluster so kube-proxy " +
			"short-circuits in-cluster traffic to the address.",
		Risk:    "In-cluster callers fail depending on which node they are scheduled on, which is hard to reproduce.",
		Doc:     rules.DocACKFAQ + ", Why is an SLB IP address inaccessible from within a cluster? (scenario 1)",
		Decides: []rules.Decision{{By: rules.ByHistory, What: words.Phrase{En: "the CLB's address in status, written by CCM after creation", Zh: "CCM 在创建 CLB 之后写入 status 的 CLB 地址"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "复用的私网 CLB 无法从后端节点上的 Pod 访问",
			Cause: "对于不是由该 Service 创建的私网 CLB，四层监听无法服务同时也是其后端的客户端：位于某个后端节点上的 Pod " +
				"访问不了该 CLB 地址。",
			Fix: "在集群内通过 ClusterIP 或 DNS 名称访问该工作负载；或者使用公网地址；或者让该 Service 自己创建 CLB，" +
				"并使用 externalTrafficPolicy: Cluster，这样 kube-proxy 会在集群内部直接处理发往该地址的流量。",
			Risk: "集群内的调用方能否访问，取决于它被调度到哪个节点，问题很难复现。",
		},
	})
	ServiceReuseOldCCM = rules.Uncoded(Provider, rules.Service, "reuse-old-ccm", rules.Error, rules.Details{
		Title: "CCM too old to reuse an existing CLB",
		Cause: "The Service sets service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id, but CCM releases " +
			"before v1.9.3.105-gfd4e547-aliyun cannot reuse an existing CLB.",
		Fix: "Upgrade the cloud-controller-manager add-on to v1.9.3.105-gfd4e547-aliyun or later (preferably " +
			"v1.9.3.276-g372aa98-aliyun or later so sync events are visible).",
		Risk:    "The annotation is ignored or fails; the Service does not use the intended CLB.",
		Doc:     rules.DocACKFAQ + ", Why does reusing an existing SLB instance fail?",
		Decides: []rules.Decision{{By: rules.ByVersion, What: words.Phrase{En: "cloud-controller-manager older than v1.9.3.105-gfd4e547-aliyun", Zh: "cloud-controller-manager 版本低于 v1.9.3.105-gfd4e547-aliyun"}, IfUnknown: rules.UnknownWarns}},
		Zh: rules.Text{
			Title: "CCM 版本过旧，无法复用已有 CLB",
			Cause: "该 Service 设置了 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id，但 " +
				"v1.9.3.105-gfd4e547-aliyun 之前的 CCM 版本不能复用已有 CLB。",
			Fix: "把 cloud-controller-manager 组件升级到 v1.9.3.105-gfd4e547-aliyun 或更高版本（最好升级到 " +
				"v1.9.3.276-g372aa98-aliyun 或更高版本，这样还能看到同步事件）。",
			Risk: "该注解被忽略或导致失败；Service 用的不是预期的 CLB。",
		},
	})
	ServiceReusedPortTaken = rules.Uncoded(Provider, rules.Service, "reused-port-taken", rules.Error, rules.Details{
		Title: "Another Service on the reused CLB declares the same port",
		Cause: "The Service reuses a CLB (loadbalancer-id) that another LoadBalancer Service of the cluster names too, " +
			"and both declare the same port and protocol. Each listener port of a CLB can serve only one Service: " +
			"with force-override-listeners the two overwrite each other's listener, without it CCM leaves the port to the first.",
		Fix:     "Give one of the Services another port, or put it on another CLB.",
		Risk:    "Traffic on that port reaches only one of the Services, which one changing with each sync.",
		Doc:     rules.DocACKUpdate + " (SLB instance reuse: each listening port can be used by only one Service)",
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the other Services that name the same CLB", Zh: "指定同一个 CLB 的其他 Service"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "复用的 CLB 上另一个 Service 声明了相同的端口",
			Cause: "该 Service 复用的 CLB（loadbalancer-id）也被集群中另一个 LoadBalancer Service 指定，而两者声明了相同的端口和协议。" +
				"CLB 的每个监听端口只能供一个 Service 使用：设置了 force-override-listeners 时两者会互相覆盖监听，未设置时 CCM 把该端口留给先占用者。",
			Fix:  "为其中一个 Service 换一个端口，或让它使用另一个 CLB。",
			Risk: "该端口上的流量只会到达其中一个 Service，而且每次同步后可能换成另一个。",
		},
	})
	ServiceOrphanOnDelete = rules.Uncoded(Provider, rules.Service, "orphan-on-delete", rules.Warning, rules.Details{
		Title: "CCM-created CLB turned into a reused one by hand",
		Cause: "The loadbalancer-id annotation was added to a Service whose CLB CCM had created. CCM now treats " +
			"it as a reused instance, and reused instances are kept when the Service is deleted.",
		Fix: "Remove service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id from the Service; if it must stay, " +
			"plan to delete the CLB in the console after the Service is gone.",
		Risk:    "The CLB outlives the Service and keeps incurring charges.",
		Doc:     rules.DocACKFAQ + ", When are SLB instances automatically deleted?",
		Decides: []rules.Decision{{By: rules.ByHistory, What: words.Phrase{En: "CCM's CLB label and the last-applied-configuration record", Zh: "CCM 的 CLB 标签和 last-applied-configuration 记录"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "CCM 创建的 CLB 被手动改成了复用实例",
			Cause: "CCM 为某个 Service 创建了 CLB 之后，有人给这个 Service 加上了 loadbalancer-id 注解。CCM 现在把它" +
				"当作复用的实例，而复用的实例在 Service 删除时会被保留下来。",
			Fix: "从 Service 中删除 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id；如果必须保留它，" +
				"请安排在 Service 删除之后到控制台手动删除该 CLB。",
			Risk: "Service 删除后 CLB 依然存在，并持续产生费用。",
		},
	})
	ServiceTypeChangeDeletesLB = rules.Uncoded(Provider, rules.Service, "type-change-deletes-lb", rules.Info, rules.Details{
		Title: "Deleting or retyping the Service removes its CLB",
		Cause: "A CLB created by CCM is deleted together with the Service, and also when the Service type is " +
			"changed from LoadBalancer to another type (e.g. NodePort). Only CLBs reused via the loadbalancer-id " +
			"annotation survive.",
		Fix: "Before deleting or retyping, decide whether the address must be kept; if so, use a hand-made CLB " +
			"referenced by service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id.",
		Risk: "The public or private address is released and cannot be recovered; clients and DNS records " +
			"pointing at it break.",
		Doc:     rules.DocACKFAQ + ", When are SLB instances automatically deleted?",
		Decides: []rules.Decision{{By: rules.ByHistory, What: words.Phrase{En: "CCM's CLB label on a Service that is no longer of type LoadBalancer", Zh: "已不是 LoadBalancer 类型的 Service 上仍留着的 CCM 的 CLB 标签"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "删除 Service 或修改其类型会删除它的 CLB",
			Cause: "CCM 创建的 CLB 会随 Service 一起删除；把 Service 的类型从 LoadBalancer 改成其他类型（例如 NodePort）时，" +
				"它同样会被删除。只有通过 loadbalancer-id 注解复用的 CLB 会保留下来。",
			Fix: "删除 Service 或修改类型之前，先想清楚这个地址是否必须保留；如果需要保留，请使用手动创建、并通过 " +
				"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id 引用的 CLB。",
			Risk: "公网或私网地址被释放且无法找回；指向它的客户端和 DNS 记录随之失效。",
		},
	})
	ServiceListenerOnNodePort = rules.Uncoded(Provider, rules.Service, "listener-on-nodeport", rules.Warning, rules.Details{
		Title: "CLB annotations on a non-LoadBalancer Service",
		Cause: "The Service carries service.beta.kubernetes.io/alibaba-cloud-loadbalancer-* annotations but is " +
			"not of type LoadBalancer; CCM only configures CLBs and listeners for LoadBalancer Services.",
		Fix:  "Change spec.type to LoadBalancer if a CLB is wanted, otherwise remove the annotations.",
		Risk: "The annotations silently do nothing and no listener exists for the expected port.",
		Doc:  rules.DocACKFAQ + ", How to configure a listener for a NodePort service",
		Zh: rules.Text{
			Title: "非 LoadBalancer 类型的 Service 上带有 CLB 注解",
			Cause: "该 Service 带有 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-* 注解，但类型不是 LoadBalancer；" +
				"CCM 只为 LoadBalancer 类型的 Service 配置 CLB 和监听。",
			Fix:  "如果需要 CLB，把 spec.type 改为 LoadBalancer；否则删除这些注解。",
			Risk: "这些注解不起任何作用，也没有任何提示，预期的端口上没有监听。",
		},
	})
	// ---- Annotation validation (static checks) ----

	ServiceInvalidAnnotation = rules.Uncoded(Provider, rules.Service, "invalid-annotation", rules.Error, rules.Details{
		Title: "CLB or NLB annotation has an invalid value",
		Cause: "A service.beta.kubernetes.io/alibaba-cloud-loadbalancer-* annotation holds a value outside its " +
			"allowed set (values are case-sensitive), a non-integer where a number is required, a number out " +
			"of range (integers are read without surrounding spaces), a malformed id, or a malformed " +
			"protocol-port/forward-port/vgroup-port entry that CCM reaches while matching the Service ports.",
		Fix: "Use a documented value, e.g. address-type \"internet\"|\"intranet\", scheduler \"wrr\"|\"wlc\"|\"rr\", " +
			"sticky-session/acl-status/health-check-flag/connection-drain \"on\"|\"off\", sticky-session-type " +
			"\"insert\"|\"server\", acl-type \"white\"|\"black\", health-check-type \"tcp\"|\"http\", " +
			"instance-charge-type \"PayBySpec\"|\"PayByCLCU\", backend-type \"eni\"|\"ecs\", " +
			"healthy/unhealthy-threshold 2-10, health-check-interval 1-50, persistence-timeout 0-3600. Make every " +
			"setting through these annotations: CCM rewrites a CLB it manages from the Service on each sync, so " +
			"changes made by hand in the SLB console are reverted.",
		Risk: "CCM rejects or ignores the setting, so the CLB is configured differently from what was asked.",
		Doc:  rules.DocACKAnnotations,
		// The CCM's own errors for a value it cannot parse, as its sync-failure events carry them
		// (clbv1/listeners.go, clbv1/vgroups.go, nlbv2/listeners.go, nlbv2/loadbalancer.go, nlbv2/server_groups.go).
		Match: []string{
			"must be integer, but got",
			"must be integer in range",
			"listener port range must be like",
			"cross zone enabled flag error",
		},
		Zh: rules.Text{
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
	})
	ServiceIgnoredAnnotationValue = rules.Uncoded(Provider, rules.Service, "ignored-annotation-value", rules.Warning, rules.Details{
		Title: "CLB or NLB annotation value is ignored by CCM",
		Cause: "CCM does not reject this value but does not apply it as written either: it compares the value " +
			"with one exact spelling and treats anything else as the default (proxy-protocol, " +
			"remove-unscheduled-backend and force-override-listeners other than their exact on/true; backend-type " +
			"other than \"eni\"; external-ip-type other than \"eip\"; backend-ip-version other than ipv6 or " +
			"dualstack), keeps the feature on for any non-empty value (preserve-lb-on-delete, even \"false\"), " +
			"skips list entries that name a port the Service does not have (protocol-port, forward-port, " +
			"vgroup-port), or does not read the key at all on a CLB Service (NLB-only annotations).",
		Fix: "Write the exact value the finding lists, remove list entries for ports the Service lacks, and set " +
			"NLB annotations only on a Service with spec.loadBalancerClass alibabacloud.com/nlb. Remove " +
			"preserve-lb-on-delete entirely when the CLB should be deleted with the Service.",
		Risk: "The CLB runs with a setting other than the one the manifest appears to ask for, without any event.",
		Doc:  rules.DocACKAnnotations + "; kubernetes/cloud-provider-alibaba-cloud, service controller annotation parsing",
		Zh: rules.Text{
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
	})
	ServiceUnknownAnnotation = rules.Uncoded(Provider, rules.Service, "unknown-annotation", rules.Warning, rules.Details{
		Title: "Unrecognised CLB annotation (likely a typo)",
		Cause: "An annotation under service.beta.kubernetes.io/alibaba-cloud-loadbalancer- has a suffix CCM does " +
			"not know, usually a misspelling of a real one.",
		Fix: "Rename it to the nearest valid annotation named in the finding. A correctly spelt annotation is " +
			"ignored just as silently by a CCM older than the release that introduced it: compare the installed " +
			"cloud-controller-manager version with the annotation's minimum version in the annotation reference " +
			"and upgrade the add-on if needed.",
		Risk: "CCM ignores the key without an error; the intended CLB setting never applies.",
		Doc:  rules.DocACKAnnotations + "; " + rules.DocACKFAQ + ", What to do if a service annotation does not take effect",
		Zh: rules.Text{
			Title: "无法识别的 CLB 注解（可能拼写有误）",
			Cause: "某个以 service.beta.kubernetes.io/alibaba-cloud-loadbalancer- 开头的注解带有 CCM 不认识的后缀，" +
				"通常是某个真实注解拼错了。",
			Fix: "把它改成检查结果中给出的最接近的有效注解。拼写正确的注解，如果 CCM 版本早于引入它的版本，也同样会被" +
				"悄无声息地忽略：请把已安装的 cloud-controller-manager 版本与注解说明文档中该注解要求的最低版本对比，" +
				"必要时升级该组件。",
			Risk: "CCM 忽略该键且不报错；预期的 CLB 设置始终不会生效。",
		},
	})
	ServiceLegacyAnnotationConflict = rules.Uncoded(Provider, rules.Service, "legacy-annotation-conflict", rules.Warning, rules.Details{
		Title: "Legacy alicloud- and alibaba-cloud- annotations disagree",
		Cause: "The same setting is given twice with different values: under the old prefix " +
			"service.beta.kubernetes.io/alicloud-loadbalancer-* (still accepted) and under " +
			"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-*. Which one wins is not obvious from the manifest.",
		Fix: "Keep only the alibaba-cloud-loadbalancer-* key with the intended value and delete the " +
			"alicloud-loadbalancer-* key.",
		Risk: "The CLB may be configured with the value the reader did not expect, and edits to the other key " +
			"appear to have no effect.",
		Doc: rules.DocACKAnnotations + ", usage notes (alicloud renamed to alibaba-cloud)",
		Zh: rules.Text{
			Title: "旧的 alicloud- 注解与 alibaba-cloud- 注解取值不一致",
			Cause: "同一项设置写了两次，值却不同：一次用旧前缀 service.beta.kubernetes.io/alicloud-loadbalancer-*（仍然兼容），" +
				"一次用 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-*。仅看清单无法判断哪一个生效。",
			Fix:  "只保留取值正确的 alibaba-cloud-loadbalancer-* 键，删除 alicloud-loadbalancer-* 键。",
			Risk: "CLB 可能使用了读者没有想到的那个值，修改另一个键看上去也毫无效果。",
		},
	})
	ServiceAnnotationDependency = rules.Uncoded(Provider, rules.Service, "annotation-dependency", rules.Error, rules.Details{
		Title: "CLB or NLB annotation is missing a required companion",
		Cause: "Some annotations only work together: sticky-session \"on\" needs sticky-session-type; type " +
			"\"insert\" needs cookie-timeout; type \"server\" needs cookie; acl-status \"on\" needs acl-id (and " +
			"acl-type), and an acl-id or acl-type is enforced only once acl-status is set (CCM never switches the ACL " +
			"on by itself); connection-drain-timeout needs connection-drain; an https entry in protocol-port needs cert-id; vswitch-id is valid only with address-type " +
			"\"intranet\".",
		Fix: "Add the missing companion (e.g. service.beta.kubernetes.io/alibaba-cloud-loadbalancer-cookie-timeout: " +
			"\"1800\" for insert, ...-cookie for server, ...-acl-id for acl-status on, ...-cert-id for an https " +
			"listener, address-type \"intranet\" for vswitch-id) or remove the dependent annotation. With an ACL on, " +
			"a \"white\" list must contain the client addresses and a \"black\" list must not, or those clients are refused.",
		Risk: "CCM fails to build the listener or silently drops the feature (no session stickiness, no ACL, " +
			"CLB in the wrong network).",
		Doc: rules.DocACKAnnotations + ", listener and CLB annotations",
		// The NLB API's answer when CCM creates an NLB without zone-maps (ParameterMissing).
		Match: []string{"zone mappings are required"},
		Zh: rules.Text{
			Title: "CLB 或 NLB 注解缺少必需的配套注解",
			Cause: "有些注解必须搭配使用：sticky-session 为 \"on\" 时需要 sticky-session-type；类型为 \"insert\" 时需要 " +
				"cookie-timeout；类型为 \"server\" 时需要 cookie；acl-status 为 \"on\" 时需要 acl-id（以及 acl-type），" +
				"而只写了 acl-id 或 acl-type 时，必须同时设置 acl-status 才会生效（CCM 不会自行开启 ACL）；" +
				"connection-drain-timeout 需要 connection-drain；protocol-port 中的 https 条目需要 cert-id；vswitch-id 只有在 address-type 为 \"intranet\" 时才有效。",
			Fix: "补上缺少的配套注解（例如 insert 需要 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-cookie-timeout: " +
				"\"1800\"，server 需要 ...-cookie，acl-status 为 on 时需要 ...-acl-id，https 监听需要 ...-cert-id，" +
				"vswitch-id 需要 address-type \"intranet\"），或删除依赖它的那个注解。开启访问控制（ACL）时，\"white\" " +
				"白名单必须包含客户端地址，\"black\" 黑名单则不能包含，否则这些客户端会被拒绝。",
			Risk: "CCM 无法创建监听，或悄悄丢掉该功能（没有会话保持、没有访问控制，或 CLB 处在错误的网络中）。",
		},
	})
	ServiceReuseWithoutOverride = rules.Uncoded(Provider, rules.Service, "reuse-without-override", rules.Warning, rules.Details{
		Title: "Reused CLB or NLB without force-override-listeners: no listeners made",
		Cause: "With service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id set and " +
			"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-force-override-listeners not \"true\", CCM " +
			"creates no listeners on the existing CLB; it deliberately leaves them alone because overwriting could " +
			"interrupt other users of the CLB and CCM supports only simple backend setups. A port that " +
			"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-vgroup-port ties to a vServer group of yours is " +
			"not reported: CCM only fills that group, and the listener forwarding to it is yours.",
		Fix: "Create listeners for the Service ports in the CLB console, or, only when those ports are not used " +
			"by anything else on the CLB, set force-override-listeners: \"true\".",
		Risk: "The Service shows an address but nothing listens on its ports, so clients cannot connect.",
		Doc:  rules.DocACKFAQ + ", Why is a listener not configured when I reuse an existing SLB instance?",
		Zh: rules.Text{
			Title: "复用 CLB 或 NLB 时未设置 force-override-listeners：不会创建监听",
			Cause: "设置了 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id，而 " +
				"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-force-override-listeners 不是 \"true\" 时，" +
				"CCM 不会在已有的 CLB 上创建监听；它有意不碰这些监听，因为覆盖它们可能中断该 CLB 的其他使用者，" +
				"而且 CCM 只支持简单的后端配置。若某个端口已通过 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-vgroup-port " +
				"关联到你自己的虚拟服务器组，则不会报告该端口：CCM 只向该组挂载后端，转发到该组的监听由你自己维护。",
			Fix: "在 CLB 控制台中为 Service 的端口创建监听；或者，仅当这些端口在该 CLB 上没有任何其他用途时，" +
				"设置 force-override-listeners: \"true\"。",
			Risk: "Service 显示有地址，但它的端口上没有监听，客户端无法连接。",
		},
	})
	ServiceResourceGroupFixed = rules.Uncoded(Provider, rules.Service, "resource-group-fixed", rules.Info, rules.Details{
		Title: "Resource group of an existing CLB is fixed",
		Cause: "The Service sets service.beta.kubernetes.io/alibaba-cloud-loadbalancer-resource-group-id and its " +
			"CLB already exists. Nothing is wrong yet: this is a reminder that the group was fixed when the CLB " +
			"was created, so a later edit of the value fails (see ack.service.resource-group-immutable).",
		Fix: "Nothing to do now; do not edit the value later. If the annotation must go, remove it rather than " +
			"changing it (removal is the documented way out once a sync fails on it); to move the CLB to another " +
			"resource group, recreate the Service.",
		Risk: "None while the value stays unchanged.",
		Doc:  rules.DocACKEvents + ", \"can not change ResourceGroupId once created\" (a reminder, not the error)",
		// The error supersedes the reminder: the two would advise keeping and removing the value.
		ConsequenceOf: []rules.ID{ServiceResourceGroupImmutable},
		Decides:       []rules.Decision{{By: rules.ByHistory, What: words.Phrase{En: "CCM's CLB label and address: the CLB exists", Zh: "CCM 的 CLB 标签和地址：它们表明 CLB 已经存在"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "已有 CLB 的资源组已经固定",
			Cause: "该 Service 设置了 service.beta.kubernetes.io/alibaba-cloud-loadbalancer-resource-group-id，且它的 CLB " +
				"已经存在。目前并没有问题：这只是提醒，资源组在 CLB 创建时就已固定，之后修改这个值会失败" +
				"（见 ack.service.resource-group-immutable）。",
			Fix: "现在无需处理；以后不要修改这个值。如果必须去掉该注解，请删除它而不是修改它（同步一旦因此失败，删除注解" +
				"是文档给出的解决办法）；如需把 CLB 移到另一个资源组，请重建该 Service。",
			Risk: "只要这个值保持不变，就没有风险。",
		},
		Opposes: []rules.ID{ServiceResourceGroupImmutable},
	})
)
