package tkerules

import "github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"

// TKE change rules: what the TKE controllers do with an edit of an existing Service or Ingress.
var (
	ServiceCLBSwitchRefused = rules.Uncoded(Provider, rules.Service, "clb-switch-refused", rules.Error, rules.Details{
		Title: "TKE refuses to switch the Service to another CLB",
		Cause: "The edit switches the Service between a public and a private CLB (qcloud-loadbalancer-internal-subnetid " +
			"added or removed), moves a private CLB to another subnet, switches between a CLB TKE created and an existing " +
			"one (tke-existed-lbid added or removed), to another existing CLB, or to another VPC or region. Current TKE " +
			"controllers refuse these switches; older ones released the CLB they had created and built a new one.",
		Fix: "Keep the current CLB settings. To switch, first change the Service to ClusterIP or NodePort (its CLB is " +
			"released), then to LoadBalancer with the new settings; or create a second Service and move clients to it.",
		Risk:    "The change is not applied: the Service keeps its old CLB and an error event, and later edits may be blocked with it.",
		Doc:     rules.DocTKELifecycle + "; " + rules.DocTKEExistingCLB,
		Decides: rules.ChangeHistory,
		Change:  rules.ChangeRejected,
		Zh: rules.Text{
			Title: "TKE 拒绝把 Service 切换到另一个 CLB",
			Cause: "此次修改让 Service 在公网与内网 CLB 之间切换（添加或删除 qcloud-loadbalancer-internal-subnetid）、把内网 CLB " +
				"换到另一个子网、在 TKE 创建的 CLB 与已有 CLB 之间切换（添加或删除 tke-existed-lbid）、换到另一个已有 CLB，" +
				"或换到另一个 VPC 或地域。当前的 TKE 控制器拒绝这些切换；旧版控制器会释放自己创建的 CLB 再新建一个。",
			Fix: "保持当前的 CLB 设置。如需切换，先把 Service 改为 ClusterIP 或 NodePort（其 CLB 被释放），再以新设置改回 " +
				"LoadBalancer；或新建第二个 Service 并把客户端迁移过去。",
			Risk: "修改不会生效：Service 保留旧 CLB 并带着错误事件，之后的修改也可能因此受阻。",
		},
	})
	ServiceChangeDeletesLB = rules.Uncoded(Provider, rules.Service, "change-deletes-lb", rules.Error, rules.Details{
		Title: "Change makes TKE delete the CLB it created",
		Cause: "The Service stops being of type LoadBalancer while its CLB is one TKE created (tagged " +
			"tke-createdBy-flag): TKE deletes the CLB and its address is released.",
		Fix: "If the address must survive, keep type LoadBalancer, or put the workload behind an existing CLB " +
			"(service.kubernetes.io/tke-existed-lbid), which TKE keeps. Pass --allow-destructive when the deletion " +
			"is intended.",
		Risk:    "The CLB address is released; clients and DNS records that point at it fail.",
		Doc:     rules.DocTKEExistingCLB + " (resources tagged tke-createdBy-flag are deleted with the Service); " + rules.DocTKELifecycle + " (the way round a refused switch goes through ClusterIP or NodePort)",
		Decides: rules.ChangeHistory,
		Change:  rules.ChangeDestructive,
		Zh: rules.Text{
			Title: "此修改会让 TKE 删除它创建的 CLB",
			Cause: "Service 不再是 LoadBalancer 类型，而它的 CLB 由 TKE 创建（带 tke-createdBy-flag 标签）：TKE 会删除该 CLB，地址随之释放。",
			Fix: "如需保留地址，请保持 type LoadBalancer，或让业务使用已有 CLB（service.kubernetes.io/tke-existed-lbid），" +
				"TKE 不会删除这类 CLB。确实要删除时加 --allow-destructive。",
			Risk: "CLB 地址被释放；指向它的客户端和 DNS 记录都会失效。",
		},
	})
	ServiceReusedListenersRemoved = rules.Uncoded(Provider, rules.Service, "reused-listeners-removed", rules.Error, rules.Details{
		Title: "Change removes listeners from an existing CLB",
		Cause: "The Service uses an existing CLB (tke-existed-lbid) and the edit drops a port or the type " +
			"LoadBalancer: TKE deletes the listeners it made for the ports that go (not ones renamed by hand); the CLB stays.",
		Fix:     "Keep the port (or the type) while clients still use it. Pass --allow-destructive when the removal is intended.",
		Risk:    "Clients of the removed port are refused at once.",
		Doc:     rules.DocTKEExistingCLB + " (a Service that stops using an existing CLB has its listeners deleted, the CLB is kept)",
		Decides: rules.ChangeHistory,
		Change:  rules.ChangeDestructive,
		Zh: rules.Text{
			Title: "此修改会删除已有 CLB 上的监听器",
			Cause: "Service 使用已有 CLB（tke-existed-lbid），而此次修改去掉了某个端口或 type LoadBalancer：TKE 会删除它为这些端口" +
				"创建的监听器（手动改过名的除外），CLB 本身保留。",
			Fix:  "客户端仍在使用时保留该端口（或类型）。确实要删除时加 --allow-destructive。",
			Risk: "被删除端口的客户端立即被拒绝。",
		},
	})
	ServiceBackendChange = rules.Uncoded(Provider, rules.Service, "backend-change", rules.Warning, rules.Details{
		Title: "Change replaces the CLB's backends or how it weights them",
		Cause: "The edit changes which backends TKE binds: the node label filter (qcloud-loadbalancer-backends-label), " +
			"direct access to pods (direct-access), binding only nodes with pods (local-svc-only-bind-node-with-pod) " +
			"or weighting them by pod count (local-svc-weighted-balance).",
		Fix:     "Check that the new backends exist and are ready before applying, and apply outside peak hours.",
		Risk:    "Connections to removed backends are cut; with direct access switched, every backend is replaced at once.",
		Doc:     "Tencent TKE, Service Annotation (tencentcloud.com/document/product/457/39142)",
		Decides: rules.ChangeHistory,
		Change:  rules.ChangeDisruptive,
		Zh: rules.Text{
			Title: "此修改会替换 CLB 的后端或其权重方式",
			Cause: "此次修改改变了 TKE 绑定哪些后端：节点标签筛选（qcloud-loadbalancer-backends-label）、直连 Pod（direct-access）、" +
				"只绑定有 Pod 的节点（local-svc-only-bind-node-with-pod）或按 Pod 数量设置权重（local-svc-weighted-balance）。",
			Fix:  "应用前确认新后端存在且已就绪，并避开业务高峰。",
			Risk: "到被移除后端的连接会被切断；切换直连时，所有后端会一次性被替换。",
		},
	})

	IngressChangeDeletesLB = rules.Uncoded(Provider, rules.Ingress, "change-deletes-lb", rules.Error, rules.Details{
		Title: "Ingress class change takes the Ingress away from TKE",
		Cause: "kubernetes.io/ingress.class moves from qcloud (or unset) to another controller: the TKE Ingress " +
			"controller drops the Ingress from its management. A CLB it created for the Ingress (tke-createdBy-flag) " +
			"is deleted as on deletion of the Ingress; on an existing CLB (existLbId) its listeners are deleted.",
		Fix:     "Keep the class while clients use the CLB address, or create the new controller's Ingress beside it and move DNS first. Pass --allow-destructive when intended.",
		Risk:    "The CLB address stops serving; clients and DNS records that point at it fail.",
		Doc:     rules.DocTKEIngressLifecycle,
		Decides: rules.ChangeHistory,
		Change:  rules.ChangeDestructive,
		Zh: rules.Text{
			Title: "修改 Ingress class 会让 Ingress 脱离 TKE 管理",
			Cause: "kubernetes.io/ingress.class 从 qcloud（或未设置）改为其他控制器：TKE Ingress 控制器不再管理该 Ingress。" +
				"它为该 Ingress 创建的 CLB（tke-createdBy-flag）会像删除 Ingress 时一样被删除；使用已有 CLB（existLbId）时，删除其监听器。",
			Fix:  "客户端仍在使用该 CLB 地址时保持 class 不变，或在旁边创建新控制器的 Ingress 并先迁移 DNS。确实要这样做时加 --allow-destructive。",
			Risk: "CLB 地址不再提供服务；指向它的客户端和 DNS 记录都会失效。",
		},
	})
	IngressGroupAfterCreation = rules.Uncoded(Provider, rules.Ingress, "group-after-creation", rules.Error, rules.Details{
		Title: "CLB sharing (enable-group) added to an existing Ingress",
		Cause: "ingress.cloud.tencent.com/enable-group: \"true\" only takes effect when the Ingress is created " +
			"together with kubernetes.io/ingress.existLbId; added to an Ingress that exists, it is not enabled.",
		Fix:     "Create a new Ingress with both annotations and move the rules to it.",
		Risk:    "The Ingress does not join the shared CLB; its rules stay where they are.",
		Doc:     rules.DocTKEIngressGroup,
		Decides: rules.ChangeHistory,
		Change:  rules.ChangeRejected,
		Zh: rules.Text{
			Title: "给已有 Ingress 添加了 CLB 共享（enable-group）",
			Cause: "ingress.cloud.tencent.com/enable-group: \"true\" 只有在创建 Ingress 时与 kubernetes.io/ingress.existLbId 一起设置才生效；" +
				"对已存在的 Ingress 添加，不会开启。",
			Fix:  "新建一个同时带这两个注解的 Ingress，并把转发规则迁移过去。",
			Risk: "该 Ingress 不会加入共享的 CLB；它的转发规则保持原样。",
		},
	})
	IngressHTTPSListenerRemoved = rules.Uncoded(Provider, rules.Ingress, "https-listener-removed", rules.Warning, rules.Details{
		Title: "Removing spec.tls removes the CLB's HTTPS listener",
		Cause: "TKE makes the CLB's HTTPS listener (443) from the Ingress's TLS section; the edit removes every TLS " +
			"entry, so the listener and its certificates go.",
		Fix:     "Keep a TLS entry while clients use HTTPS, or redirect them to HTTP first.",
		Risk:    "HTTPS clients are refused on port 443.",
		Doc:     "Tencent TKE, fault handling handbook, CLB Loopback (an Ingress gets layer-7 listeners for ports 80 and 443)",
		Decides: rules.ChangeHistory,
		Change:  rules.ChangeDisruptive,
		Zh: rules.Text{
			Title: "删除 spec.tls 会删除 CLB 的 HTTPS 监听器",
			Cause: "TKE 根据 Ingress 的 TLS 配置创建 CLB 的 HTTPS 监听器（443）；此次修改删除了所有 TLS 条目，监听器及其证书随之删除。",
			Fix:   "客户端仍使用 HTTPS 时保留至少一个 TLS 条目，或先把客户端引导到 HTTP。",
			Risk:  "443 端口上的 HTTPS 客户端被拒绝。",
		},
	})
	IngressTLSMovesHTTPRules = rules.Uncoded(Provider, rules.Ingress, "tls-moves-http-rules", rules.Warning, rules.Details{
		Title: "Adding TLS moves the Ingress's HTTP rules to HTTPS",
		Cause: "Without kubernetes.io/ingress.rule-mix: \"true\", TKE exposes an Ingress either by HTTP (no TLS section) " +
			"or by HTTPS (a TLS section), never both. The edit adds spec.tls, or removes rule-mix while spec.tls stays, " +
			"so every rule moves from the HTTP listener (80) to the HTTPS one (443).",
		Fix: "If clients still use HTTP, set kubernetes.io/ingress.rule-mix: \"true\" and list the rules to keep on HTTP " +
			"in kubernetes.io/ingress.http-rules (and the HTTPS ones in kubernetes.io/ingress.https-rules).",
		Risk:    "Plain-HTTP clients of the Ingress's hosts and paths stop being routed.",
		Doc:     rules.DocTKEIngressRuleMix,
		Decides: rules.ChangeHistory,
		Change:  rules.ChangeDisruptive,
		Zh: rules.Text{
			Title: "添加 TLS 会把 Ingress 的 HTTP 规则迁移到 HTTPS",
			Cause: "未设置 kubernetes.io/ingress.rule-mix: \"true\" 时，TKE 只以一种协议暴露 Ingress：没有 TLS 配置时用 HTTP，" +
				"有 TLS 配置时用 HTTPS。此次修改添加了 spec.tls，或在保留 spec.tls 的同时删除了 rule-mix，所有转发规则都会从 HTTP 监听器（80）移到 HTTPS 监听器（443）。",
			Fix: "如果客户端仍在使用 HTTP，请设置 kubernetes.io/ingress.rule-mix: \"true\"，并把需要保留在 HTTP 上的规则写进 " +
				"kubernetes.io/ingress.http-rules（HTTPS 规则写进 kubernetes.io/ingress.https-rules）。",
			Risk: "通过 HTTP 访问这些域名和路径的客户端将不再被转发。",
		},
	})
)
