package tkerules

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// More rules of the TKE Ingress catalog, from E4044 on; the first part is in ingress.go.
var (
	IngressE4044 = tkeIngress("E4044", rules.Error, rules.Details{
		Title: "kubernetes.io/ingress.rule-mix has an invalid value",
		Cause: "The controller cannot read kubernetes.io/ingress.rule-mix. The English list calls it an " +
			"invalid JSON string; the event table says it holds something other than true or false.",
		Fix: "Set kubernetes.io/ingress.rule-mix to \"true\" or \"false\" (see TKE doc 457/45693 on mixing " +
			"HTTP and HTTPS), or turn on mixed protocols from the TKE console.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocBoth("E4044"),
		Zh: rules.Text{
			Title: "kubernetes.io/ingress.rule-mix 取值无效",
			Cause: "控制器无法读取 kubernetes.io/ingress.rule-mix。英文错误码列表说它是无效的 JSON 字符串；事件表则说它填了 " +
				"true 或 false 以外的值。",
			Fix: "将 kubernetes.io/ingress.rule-mix 设为 \"true\" 或 \"false\"（参见 TKE 文档 457/45693 中关于 HTTP 与 HTTPS " +
				"混合使用的说明），或在 TKE 控制台中开启混合协议。",
			Risk: zhTKEIngressRiskSyncBlocked,
		},
	})
	IngressE4045 = tkeIngress("E4045", rules.Error, rules.Details{
		Title: "kubernetes.io/ingress.internetChargeType is invalid",
		Cause: "The network billing mode in kubernetes.io/ingress.internetChargeType is not one the CLB API " +
			"accepts.",
		Fix: "Use an InternetChargeType value from the CLB API's InternetAccessible type (document 214/30694), " +
			"such as TRAFFIC_POSTPAID_BY_HOUR, BANDWIDTH_POSTPAID_BY_HOUR or BANDWIDTH_PACKAGE.",
		Risk: "The public CLB is not created with the requested billing, so the Ingress receives no traffic.",
		Doc:  rules.DocTKEIngressCodes + "E4045",
		Zh: rules.Text{
			Title: "kubernetes.io/ingress.internetChargeType 无效",
			Cause: "kubernetes.io/ingress.internetChargeType 中的网络计费方式不是 CLB API 接受的取值。",
			Fix: "使用 CLB API 的 InternetAccessible 类型（文档 214/30694）中 InternetChargeType 的取值，例如 " +
				"TRAFFIC_POSTPAID_BY_HOUR、BANDWIDTH_POSTPAID_BY_HOUR 或 BANDWIDTH_PACKAGE。",
			Risk: "公网 CLB 无法按所要求的计费方式创建，该 Ingress 收不到任何流量。",
		},
	})
	IngressE4046 = tkeIngress("E4046", rules.Error, rules.Details{
		Title: "kubernetes.io/ingress.internetMaxBandwidthOut is invalid",
		Cause: "The bandwidth cap in kubernetes.io/ingress.internetMaxBandwidthOut is malformed or out of " +
			"range.",
		Fix: "Set it to a whole number of Mbps from 1 to 2048 (InternetMaxBandwidthOut of the CLB API's " +
			"InternetAccessible type).",
		Risk: tkeIngressRiskNoTraffic,
		Doc:  tkeIngressDocBoth("E4046"),
		Zh: rules.Text{
			Title: "kubernetes.io/ingress.internetMaxBandwidthOut 无效",
			Cause: "kubernetes.io/ingress.internetMaxBandwidthOut 中的带宽上限格式错误或超出范围。",
			Fix: "将其设为 1 到 2048 之间的整数，单位为 Mbps（即 CLB API 的 InternetAccessible 类型中的 " +
				"InternetMaxBandwidthOut）。",
			Risk: zhTKEIngressRiskNoTraffic,
		},
	})
	IngressE4047 = tkeIngress("E4047", rules.Error, rules.Details{
		Title: "Backend Service is not NodePort or LoadBalancer",
		Cause: "A rule points at a Service of type ClusterIP, which exposes no node port for the CLB to " +
			"forward to; only NodePort and LoadBalancer Services can back a CLB Ingress.",
		Fix:     "Change the Service's spec.type to NodePort (or LoadBalancer).",
		Risk:    tkeIngressRiskSyncBlocked,
		Doc:     tkeIngressDocBoth("E4047"),
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the backend Services", Zh: "后端 Service"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "后端 Service 不是 NodePort 或 LoadBalancer 类型",
			Cause: "某条规则指向 ClusterIP 类型的 Service，它没有可供 CLB 转发的节点端口；只有 NodePort 和 LoadBalancer " +
				"类型的 Service 才能作为 CLB Ingress 的后端。",
			Fix:  "将该 Service 的 spec.type 改为 NodePort（或 LoadBalancer）。",
			Risk: zhTKEIngressRiskSyncBlocked,
		},
	})
	IngressE4048 = tkeIngress("E4048", rules.Error, rules.Details{
		Title: "More than one default certificate in spec.tls",
		Cause: "Several spec.tls entries have no hosts, so each would be the default certificate and they " +
			"conflict.",
		Fix:  "Keep at most one tls entry without hosts; the Ingress resyncs by itself after the edit.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocBoth("E4048"),
		Zh: rules.Text{
			Title: "spec.tls 中有多个默认证书",
			Cause: "有多个 spec.tls 条目没有填写 hosts，它们都会成为默认证书，彼此冲突。",
			Fix:   "最多保留一个不带 hosts 的 tls 条目；修改后 Ingress 会自动重新同步。",
			Risk:  zhTKEIngressRiskSyncBlocked,
		},
	})
	IngressE4049 = tkeIngress("E4049", rules.Error, rules.Details{
		Title: "Several certificates declared for the same host",
		Cause: "One host appears in more than one spec.tls entry with different Secrets, so its SNI " +
			"certificate is ambiguous.",
		Fix:  "Leave each host in exactly one tls entry; the Ingress resyncs by itself after the edit.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocBoth("E4049"),
		Zh: rules.Text{
			Title: "同一域名声明了多个证书",
			Cause: "同一个 host 出现在多个 spec.tls 条目中，且对应不同的 Secret，无法确定它的 SNI 证书。",
			Fix:   "让每个 host 只出现在一个 tls 条目中；修改后 Ingress 会自动重新同步。",
			Risk:  zhTKEIngressRiskSyncBlocked,
		},
	})
	IngressE4050 = tkeIngress("E4050", rules.Error, rules.Details{
		Title: "ingress.cloud.tencent.com/tke-service-config-auto is not a boolean",
		Cause: "The ingress.cloud.tencent.com/tke-service-config-auto annotation accepts only true or false and " +
			"holds something else.",
		Fix:  "Set ingress.cloud.tencent.com/tke-service-config-auto to \"true\" or \"false\".",
		Risk: "The automatic TkeServiceConfig cannot be handled and the Ingress is not synced.",
		Doc:  rules.DocTKEIngressCodes + "E4050",
		Zh: rules.Text{
			Title: "ingress.cloud.tencent.com/tke-service-config-auto 不是布尔值",
			Cause: "ingress.cloud.tencent.com/tke-service-config-auto 注解只接受 true 或 false，当前却是其他值。",
			Fix:   "将 ingress.cloud.tencent.com/tke-service-config-auto 设为 \"true\" 或 \"false\"。",
			Risk:  "自动生成的 TkeServiceConfig 无法处理，该 Ingress 不会被同步。",
		},
	})
	IngressE4051 = tkeIngress("E4051", rules.Warning, rules.Details{
		Title: "tke-service-config points at an auto-generated config name",
		Cause: "ingress.cloud.tencent.com/tke-service-config names a TkeServiceConfig ending in " +
			"-auto-ingress-config or -auto-service-config; those names are reserved for the configs the " +
			"system generates itself.",
		Fix: "Reference a TkeServiceConfig with a different name in ingress.cloud.tencent.com/tke-service-config " +
			"(see TKE doc 457/45700).",
		Risk: "None documented; expect the TkeServiceConfig you meant to attach to be ignored until it is " +
			"renamed.",
		Doc: tkeIngressDocBoth("E4051"),
		Zh: rules.Text{
			Title: "tke-service-config 指向了自动生成的配置名称",
			Cause: "ingress.cloud.tencent.com/tke-service-config 指定的 TkeServiceConfig 名称以 -auto-ingress-config 或 " +
				"-auto-service-config 结尾；这类名称专门留给系统自动生成的配置。",
			Fix: "在 ingress.cloud.tencent.com/tke-service-config 中改为引用其他名称的 TkeServiceConfig（参见 TKE 文档 " +
				"457/45700）。",
			Risk: "文档未列出风险；在改名之前，您想作为外挂配置的 TkeServiceConfig 预计会被忽略。",
		},
	})
	IngressE4052 = tkeIngress("E4052", rules.Error, rules.Details{
		Title: "Ingress host is not a valid domain name",
		Cause: "A host in the rules fails the Kubernetes domain pattern " +
			`(\*|[a-z0-9]([-a-z0-9]*[a-z0-9])?)(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)+` +
			"; typical offenders are names without a dot (test) or with capitals (Test.com).",
		Fix: "Fix spec.rules[].host (and spec.tls[].hosts): lowercase letters, digits and hyphens in " +
			"dot-separated labels, at least one dot, optionally a leading *.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocBoth("E4052"),
		Zh: rules.Text{
			Title: "Ingress 的 host 不是合法域名",
			Cause: "规则中的某个 host 不符合 Kubernetes 的域名正则 " +
				`(\*|[a-z0-9]([-a-z0-9]*[a-z0-9])?)(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)+` +
				"；常见的错误是域名不含点（test）或含有大写字母（Test.com）。",
			Fix: "修正 spec.rules[].host（以及 spec.tls[].hosts）：以点分隔的各段只能由小写字母、数字和连字符组成，至少包含" +
				"一个点，开头可以是 *。",
			Risk: zhTKEIngressRiskSyncBlocked,
		},
	})
	IngressE4053 = tkeIngress("E4053", rules.Error, rules.Details{
		Title: "Subnet for the private CLB has no free IP",
		Cause: "Every address in the subnet chosen with kubernetes.io/ingress.subnetId is in use, so the " +
			"load balancer cannot be created there.",
		Fix: "Either free IPs in that subnet, create or pick a subnet with spare addresses and update " +
			"kubernetes.io/ingress.subnetId, or switch to a public-network CLB.",
		Risk: tkeIngressRiskNoTraffic,
		Doc:  tkeIngressDocBoth("E4053"),
		Zh: rules.Text{
			Title: "内网 CLB 所用子网没有空闲 IP",
			Cause: "kubernetes.io/ingress.subnetId 所选子网中的地址已全部被占用，无法在该子网中创建负载均衡。",
			Fix: "可以释放该子网中的 IP；也可以新建或选择一个有空闲地址的子网，并更新 kubernetes.io/ingress.subnetId；" +
				"或者改用公网 CLB。",
			Risk: zhTKEIngressRiskNoTraffic,
		},
	})
	IngressE4054 = tkeIngress("E4054", rules.Error, rules.Details{
		Title: "Backend count limit of the CLB reached",
		Cause: "The CLB already has as many backends bound as its quota allows.",
		Fix:   "Open a ticket to raise the CLB backend quota.",
		Risk:  tkeIngressRiskBackends,
		Doc:   rules.DocTKEIngressEvents + "E4054",
		Zh: rules.Text{
			Title: "CLB 的后端数量已达上限",
			Cause: "该 CLB 已绑定的后端数量达到了配额允许的最大值。",
			Fix:   "提交工单申请提高 CLB 的后端数量配额。",
			Risk:  zhTKEIngressRiskBackends,
		},
	})
	IngressE4055 = tkeIngress("E4055", rules.Error, rules.Details{
		Title: "Subnet missing or malformed; CLB cannot be created",
		Cause: "The subnet in kubernetes.io/ingress.subnetId does not exist or its ID is not well-formed " +
			"(IDs look like subnet-ewhltulw).",
		Fix: "Put a valid subnet ID from the cluster's VPC into kubernetes.io/ingress.subnetId (create a " +
			"subnet with enough IPs if needed), or use a public-network CLB instead.",
		Risk: tkeIngressRiskNoTraffic,
		Doc:  rules.DocTKEIngressEvents + "E4055",
		Zh: rules.Text{
			Title: "子网缺失或 ID 格式错误，CLB 无法创建",
			Cause: "kubernetes.io/ingress.subnetId 中的子网不存在，或其 ID 格式不正确（ID 形如 subnet-ewhltulw）。",
			Fix: "在 kubernetes.io/ingress.subnetId 中填入集群所在 VPC 内一个有效的子网 ID（必要时新建一个 IP 充足的子网），" +
				"或改用公网 CLB。",
			Risk: zhTKEIngressRiskNoTraffic,
		},
	})
	IngressE4060 = tkeIngress("E4060", rules.Error, rules.Details{
		Title: "SNAT Pro requested but not enabled for the account",
		Cause: "The Ingress asks for the CLB SNAT Pro feature, which the account has not been allowlisted for.",
		Fix:   "Open a ticket asking CLB to enable SNAT Pro for the account, or stop requesting SNAT Pro.",
		Risk:  tkeIngressRiskSyncBlocked,
		Doc:   rules.DocTKEIngressEvents + "E4060",
		Zh: rules.Text{
			Title: "请求了 SNAT Pro，但账号未开通",
			Cause: "该 Ingress 请求使用 CLB 的 SNAT Pro 功能，但账号尚未被加入该功能的白名单（未开白）。",
			Fix:   "提交工单，请 CLB 为账号开通 SNAT Pro；或不再请求 SNAT Pro。",
			Risk:  zhTKEIngressRiskSyncBlocked,
		},
	})
	IngressE4066 = tkeIngress("E4066", rules.Error, rules.Details{
		Title: "Controller initialization failed: CRD could not be created",
		Cause: "The Ingress controller could not create the CRDs it needs at start-up, which points to a " +
			"problem in the cluster itself.",
		Fix:  "Open a ticket with TKE; the cluster needs to be looked at.",
		Risk: tkeIngressRiskClusterWide,
		Doc:  rules.DocTKEIngressEvents + "E4066",
		Zh: rules.Text{
			Title: "控制器初始化失败：无法创建 CRD",
			Cause: "Ingress 控制器启动时无法创建它所需的 CRD，这说明集群本身存在问题。",
			Fix:   "向 TKE 提交工单，需要对集群进行排查。",
			Risk:  zhTKEIngressRiskClusterWide,
		},
	})
	IngressE4068 = tkeIngress("E4068", rules.Error, rules.Details{
		Title: "Automatic redirect conflicts with other declared rules",
		Cause: "Automatic redirection is enabled on the Ingress, and rules you declared collide with the " +
			"redirect rules it generates.",
		Fix: "When using automatic redirection, do not declare further forwarding rules for the redirected " +
			"traffic (see TKE doc 457/59096 on Ingress redirection).",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  rules.DocTKEIngressEvents + "E4068",
		Zh: rules.Text{
			Title: "自动重定向与其他声明的规则冲突",
			Cause: "该 Ingress 开启了自动重定向，而您声明的规则与它自动生成的重定向规则相冲突。",
			Fix: "使用自动重定向时，不要再为被重定向的流量声明其他转发规则（参见 TKE 文档 457/59096 中关于 Ingress 重定向的" +
				"说明）。",
			Risk: zhTKEIngressRiskSyncBlocked,
		},
	})
	IngressE4071 = tkeIngress("E4071", rules.Error, rules.Details{
		Title: "Cross-region binding: CLB VPC and cluster VPC not in one CCN",
		Cause: "Cross-region binding is configured, but the VPC of the CLB and the VPC of the cluster are not " +
			"attached to the same Cloud Connect Network.",
		Fix: "Attach both VPCs to one CCN instance, or use a CLB in a VPC that already is (see TKE doc " +
			"457/59095 on cross-region binding).",
		Risk: tkeIngressRiskNoTraffic,
		Doc:  rules.DocTKEIngressEvents + "E4071",
		Zh: rules.Text{
			Title: "跨地域绑定：CLB 与集群的 VPC 不在同一云联网中",
			Cause: "配置了跨地域绑定，但 CLB 所在的 VPC 与集群所在的 VPC 没有关联到同一个云联网（CCN）。",
			Fix: "把这两个 VPC 关联到同一个云联网实例，或改用所在 VPC 已经关联到该云联网的 CLB（参见 TKE 文档 457/59095 中" +
				"关于跨地域绑定的说明）。",
			Risk: zhTKEIngressRiskNoTraffic,
		},
	})
	IngressE4074 = tkeIngress("E4074", rules.Error, rules.Details{
		Title: "Backend binding failed; node possibly in arrears or blocked",
		Cause: "CLB could not bind a node as a backend; the likely reason is that the node is overdue or has " +
			"been blocked.",
		Fix: "Check the billing and state of the nodes (CVM instances) behind the Ingress and renew or " +
			"replace blocked ones.",
		Risk: tkeIngressRiskBackends,
		Doc:  rules.DocTKEIngressEvents + "E4074",
		Zh: rules.Text{
			Title: "后端绑定失败，节点可能欠费或被封锁",
			Cause: "CLB 无法把某个节点绑定为后端，可能的原因是该节点已欠费或已被封锁。",
			Fix:   "检查该 Ingress 背后各节点（CVM 实例）的计费情况和状态，为欠费的节点续费，替换被封锁的节点。",
			Risk:  zhTKEIngressRiskBackends,
		},
	})
	IngressE4081 = tkeIngress("E4081", rules.Error, rules.Details{
		Title: "kubernetes.io/ingress.https-rules has conflicting configuration",
		Cause: "The kubernetes.io/ingress.https-rules annotation is malformed in a way that makes its rules " +
			"conflict with each other or with the rest of the Ingress.",
		Fix: "Fix the annotation against the TKE Ingress annotation reference (doc 457/56112); editing the " +
			"Ingress from the console avoids hand-written conflicts.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  rules.DocTKEIngressEvents + "E4081",
		Zh: rules.Text{
			Title: "kubernetes.io/ingress.https-rules 存在配置冲突",
			Cause: "kubernetes.io/ingress.https-rules 注解的格式有误，导致其中的规则相互冲突，或与 Ingress 的其余配置冲突。",
			Fix: "对照 TKE 的 Ingress Annotation 说明（文档 457/56112）修正该注解；通过控制台编辑 Ingress 可以避免手写" +
				"造成的冲突。",
			Risk: zhTKEIngressRiskSyncBlocked,
		},
	})
	IngressE4082 = tkeIngress("E4082", rules.Error, rules.Details{
		Title: "Direct access to a Service without a selector",
		Cause: "The Ingress binds Pods directly (direct access) but a backend is a Service without a selector, " +
			"whose endpoints cannot be bound that way.",
		Fix: "Reach that Service through its NodePort instead: set ingress.cloud.tencent.com/direct-access to " +
			"\"false\", or give the Service a selector.",
		Risk:    tkeIngressRiskSyncBlocked,
		Doc:     rules.DocTKEIngressEvents + "E4082",
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the backend Services", Zh: "后端 Service"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "直连模式下使用了没有 selector 的 Service",
			Cause: "该 Ingress 以直连方式绑定 Pod，但某个后端是没有 selector 的 Service，其 endpoints 无法以这种方式绑定。",
			Fix: "改为通过 NodePort 接入该 Service：将 ingress.cloud.tencent.com/direct-access 设为 \"false\"，或为该 " +
				"Service 配置 selector。",
			Risk: zhTKEIngressRiskSyncBlocked,
		},
	})
	IngressE4084 = tkeIngress("E4084", rules.Error, rules.Details{
		Title: "SNAT Pro cannot be combined with cross-region binding 1.0",
		Cause: "The Ingress uses the cross-region binding 1.0 scheme together with SNAT Pro, which the system " +
			"does not support.",
		Fix: "This is a platform limit: change the design, either dropping SNAT Pro or not using cross-region " +
			"binding 1.0.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  rules.DocTKEIngressEvents + "E4084",
		Zh: rules.Text{
			Title: "SNAT Pro 不能与跨地域绑定 1.0 同时使用",
			Cause: "该 Ingress 同时使用了跨地域绑定 1.0 方案和 SNAT Pro，系统不支持这种组合。",
			Fix:   "这是平台限制，只能调整方案：要么放弃 SNAT Pro，要么不使用跨地域绑定 1.0。",
			Risk:  zhTKEIngressRiskSyncBlocked,
		},
	})
	IngressE4091 = tkeIngress("E4091", rules.Error, rules.Details{
		Title: "Subnet for the private CLB does not exist",
		Cause: "Creating the private-network CLB failed because the VPC service does not know the subnet " +
			"(Invoke vpc failed: subnet not exists).",
		Fix:  "Correct the subnet ID in the kubernetes.io/ingress.subnetId annotation.",
		Risk: "No private CLB is created, so the Ingress receives no traffic.",
		Doc:  rules.DocTKEIngressCodes + "E4091",
		Zh: rules.Text{
			Title: "内网 CLB 的子网不存在",
			Cause: "创建内网 CLB 失败，因为 VPC 服务中查不到该子网（Invoke vpc failed: subnet not exists）。",
			Fix:   "改正 kubernetes.io/ingress.subnetId 注解中的子网 ID。",
			Risk:  "内网 CLB 未能创建，该 Ingress 收不到任何流量。",
		},
	})
	IngressE4098 = tkeIngress("E4098", rules.Error, rules.Details{
		Title: "kubernetes.io/ingress.existLbId has a malformed CLB ID",
		Cause: "The ID given for the existing load balancer is not a well-formed CLB ID (IDs look like " +
			"lb-4ymlu8dc).",
		Fix: "Copy the ID of a CLB in the cluster's VPC from the CLB console into " +
			"kubernetes.io/ingress.existLbId.",
		Risk: tkeIngressRiskNoTraffic,
		Doc:  rules.DocTKEIngressEvents + "E4098",
		Zh: rules.Text{
			Title: "kubernetes.io/ingress.existLbId 中的 CLB ID 格式错误",
			Cause: "为已有负载均衡填写的 ID 不是格式正确的 CLB ID（ID 形如 lb-4ymlu8dc）。",
			Fix:   "从负载均衡控制台复制集群所在 VPC 中某个 CLB 的 ID，填入 kubernetes.io/ingress.existLbId。",
			Risk:  zhTKEIngressRiskNoTraffic,
		},
	})
	IngressE4101 = tkeIngress("E4101", rules.Error, rules.Details{
		Title: "Listener conflict on the existing CLB",
		Cause: "On the CLB named by kubernetes.io/ingress.existLbId, a listener the Ingress needs collides " +
			"with one already there.",
		Fix: "Check whether ports 80 and 443 of that CLB are already taken by other resources and free them, " +
			"or use another CLB.",
		Risk:    tkeIngressRiskSyncBlocked,
		Doc:     rules.DocTKEIngressEvents + "E4101",
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the other Ingresses that use the CLB", Zh: "使用同一 CLB 的其他 Ingress"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "已有 CLB 上存在监听器冲突",
			Cause: "在 kubernetes.io/ingress.existLbId 指定的 CLB 上，该 Ingress 需要的监听器与已有的监听器发生冲突。",
			Fix:   "检查该 CLB 的 80 和 443 端口是否已被其他资源占用，并将其释放；或改用其他 CLB。",
			Risk:  zhTKEIngressRiskSyncBlocked,
		},
	})
	IngressE5003 = tkeIngress("E5003", rules.Warning, rules.Details{
		Title:   "CLB internal error",
		Cause:   "The CLB service returned an internal error.",
		Fix:     "Wait for the next sync; if the error keeps coming back, open a ticket with CLB.",
		Risk:    "Sync is delayed while it lasts; a persistent error keeps the Ingress out of date.",
		Doc:     rules.DocTKEIngressCodes + "E5003",
		Retried: true,
		Zh: rules.Text{
			Title: "CLB 内部错误",
			Cause: "CLB 服务返回了内部错误。",
			Fix:   "等待下一次同步；如果错误反复出现，请向 CLB 提交工单。",
			Risk:  zhTKEIngressRiskTransient,
		},
	})
	IngressE5004 = tkeIngress("E5004", rules.Warning, rules.Details{
		Title:   "CVM internal error",
		Cause:   "The CVM service returned an internal error while the controller was working on backends.",
		Fix:     "If it does not clear on the next sync, open a ticket with CVM right away.",
		Risk:    "Backends may not be updated while it lasts.",
		Doc:     rules.DocTKEIngressCodes + "E5004",
		Retried: true,
		Zh: rules.Text{
			Title: "CVM 内部错误",
			Cause: "控制器处理后端时，CVM 服务返回了内部错误。",
			Fix:   "如果下一次同步后错误仍未消除，请立即向 CVM 提交工单。",
			Risk:  "错误持续期间，后端可能得不到更新。",
		},
	})
	IngressE5005 = tkeIngress("E5005", rules.Warning, rules.Details{
		Title: "Tag service internal error",
		Cause: "The Tag service, which the controller uses to mark and find its CLBs, returned an internal " +
			"error.",
		Fix:     "If it does not clear on the next sync, open a ticket with the Tag service right away.",
		Risk:    "The controller may fail to find or label its CLB, stalling the sync while it lasts.",
		Doc:     rules.DocTKEIngressCodes + "E5005",
		Retried: true,
		Zh: rules.Text{
			Title: "标签服务内部错误",
			Cause: "控制器用来标记和查找其 CLB 的标签服务返回了内部错误。",
			Fix:   "如果下一次同步后错误仍未消除，请立即向标签服务提交工单。",
			Risk:  "控制器可能无法找到自己的 CLB 或无法为其打标签，错误持续期间同步会停滞。",
		},
	})
	IngressE5007 = tkeIngress("E5007", rules.Warning, rules.Details{
		Title:   "Norm internal error",
		Cause:   "Norm, the service that hands the controller its credentials, returned an internal error.",
		Fix:     "If it persists, open a ticket with TKE and attach the controller's error from the event.",
		Risk:    "Without credentials no cloud call succeeds, so syncing stops while it lasts.",
		Doc:     rules.DocTKEIngressCodes + "E5007",
		Retried: true,
		Zh: rules.Text{
			Title: "Norm 内部错误",
			Cause: "为控制器提供凭证的 Norm 服务返回了内部错误。",
			Fix:   "如果错误持续，请向 TKE 提交工单，并附上事件中控制器给出的错误信息。",
			Risk:  "没有凭证，任何云 API 调用都无法成功，错误持续期间同步停止。",
		},
	})
	IngressE5008 = tkeIngress("E5008", rules.Warning, rules.Details{
		Title:   "TKE internal error",
		Cause:   "A TKE backend service returned an internal error.",
		Fix:     "If it persists, open a ticket with TKE and attach the controller's error from the event.",
		Risk:    "Sync is delayed while it lasts; a persistent error keeps the Ingress out of date.",
		Doc:     rules.DocTKEIngressCodes + "E5008",
		Retried: true,
		Zh: rules.Text{
			Title: "TKE 内部错误",
			Cause: "TKE 的某个后台服务返回了内部错误。",
			Fix:   "如果错误持续，请向 TKE 提交工单，并附上事件中控制器给出的错误信息。",
			Risk:  zhTKEIngressRiskTransient,
		},
	})
	IngressE5009 = tkeIngress("E5009", rules.Warning, rules.Details{
		Title: "CLB batch backend bind/unbind partly failed",
		Cause: "An internal CLB error made part of a batch register or deregister of backends (BatchTarget) " +
			"fail.",
		Fix:     "If the next sync does not fix it, open a ticket with CLB right away.",
		Risk:    tkeIngressRiskBackends,
		Doc:     rules.DocTKEIngressCodes + "E5009",
		Retried: true,
		Zh: rules.Text{
			Title: "CLB 批量绑定/解绑后端部分失败",
			Cause: "CLB 内部错误导致批量注册或注销后端（BatchTarget）时有一部分操作失败。",
			Fix:   "如果下一次同步没有修复，请立即向 CLB 提交工单。",
			Risk:  zhTKEIngressRiskBackends,
		},
	})
	IngressE6001 = tkeIngress("E6001", rules.Error, rules.Details{
		Title: "Controller lacks TKE_REGION (tke-config ConfigMap missing)",
		Cause: "The ConfigMap kube-system/tke-config is missing or incomplete, so l7-lb-controller cannot read " +
			"TKE_REGION from its environment and the container fails to start.",
		Fix: "Check with kubectl get configmap -n kube-system tke-config; recreate it with the cluster's " +
			"values (kubectl create configmap tke-config -n kube-system --from-literal=TKE_REGION=<region> " +
			"--from-literal=TKE_VPC_ID=<vpc-id>) and make sure the l7-lb-controller Deployment maps TKE_REGION " +
			"and TKE_VPC_ID from it via configMapKeyRef.",
		Risk:    tkeIngressRiskClusterWide,
		Doc:     rules.DocTKEIngressCodes + "E6001/E6002",
		Decides: []rules.Decision{{By: rules.ByClusterConfig, What: words.Phrase{En: "kube-system/tke-config: TKE_REGION, as the l7-lb-controller Deployment reads it", Zh: "kube-system/tke-config 中的 TKE_REGION（l7-lb-controller Deployment 所读取的值）"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "控制器缺少 TKE_REGION（tke-config ConfigMap 缺失）",
			Cause: "ConfigMap kube-system/tke-config 不存在或内容不全，l7-lb-controller 无法从环境变量中读取 TKE_REGION，" +
				"容器启动失败。",
			Fix:  zhTKEIngressFixTKEConfig,
			Risk: zhTKEIngressRiskClusterWide,
		},
	})
	IngressE6002 = tkeIngress("E6002", rules.Error, rules.Details{
		Title: "Controller lacks TKE_VPC_ID (tke-config ConfigMap missing)",
		Cause: "The ConfigMap kube-system/tke-config is missing or incomplete, so l7-lb-controller cannot read " +
			"TKE_VPC_ID from its environment and the container fails to start.",
		Fix: "Check with kubectl get configmap -n kube-system tke-config; recreate it with the cluster's " +
			"values (kubectl create configmap tke-config -n kube-system --from-literal=TKE_REGION=<region> " +
			"--from-literal=TKE_VPC_ID=<vpc-id>) and make sure the l7-lb-controller Deployment maps TKE_REGION " +
			"and TKE_VPC_ID from it via configMapKeyRef.",
		Risk:    tkeIngressRiskClusterWide,
		Doc:     rules.DocTKEIngressCodes + "E6001/E6002",
		Decides: []rules.Decision{{By: rules.ByClusterConfig, What: words.Phrase{En: "kube-system/tke-config: TKE_VPC_ID, as the l7-lb-controller Deployment reads it", Zh: "kube-system/tke-config 中的 TKE_VPC_ID（l7-lb-controller Deployment 所读取的值）"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "控制器缺少 TKE_VPC_ID（tke-config ConfigMap 缺失）",
			Cause: "ConfigMap kube-system/tke-config 不存在或内容不全，l7-lb-controller 无法从环境变量中读取 TKE_VPC_ID，" +
				"容器启动失败。",
			Fix:  zhTKEIngressFixTKEConfig,
			Risk: zhTKEIngressRiskClusterWide,
		},
	})
	IngressE6006 = tkeIngress("E6006", rules.Error, rules.Details{
		Title: "Controller cannot reach the cloud API (i/o timeout)",
		Cause: "Calls to endpoints such as clb.internal.tencentcloudapi.com time out: either CoreDNS resolves " +
			"the cloud API domains wrongly, or the cluster network has a problem.",
		Fix: "Add hostAliases to the l7-lb-controller Deployment: 169.254.0.28 for lb, tag, cbs, cvm, snapshot, " +
			"monitor, scaling and ccs .api.qcloud.com, and 169.254.0.95 for tke, clb and " +
			"cvm .internal.tencentcloudapi.com. If DNS is not the cause, open a ticket with the stack trace " +
			"from the controller log.",
		Risk: "The controller cannot talk to CLB, so no Ingress in the cluster is reconciled.",
		Doc:  rules.DocTKEIngressCodes + "E6006",
		Zh: rules.Text{
			Title: "控制器无法访问云 API（i/o timeout）",
			Cause: "调用 clb.internal.tencentcloudapi.com 等接入域名时超时：要么 CoreDNS 对云 API 域名的解析有误，要么集群" +
				"网络存在问题。",
			Fix: "为 l7-lb-controller Deployment 添加 hostAliases：把 lb、tag、cbs、cvm、snapshot、monitor、scaling 和 ccs 的 " +
				".api.qcloud.com 域名指向 169.254.0.28，把 tke、clb 和 cvm 的 .internal.tencentcloudapi.com 域名指向 " +
				"169.254.0.95。如果问题不在 DNS，请提交工单并附上控制器日志中的堆栈信息。",
			Risk: "控制器无法与 CLB 通信，集群内所有 Ingress 都得不到同步。",
		},
	})
	IngressE6007 = tkeIngress("E6007", rules.Warning, rules.Details{
		Title: "Ingress controller internal error",
		Cause: "The Ingress controller hit an unexpected internal error.",
		Fix: "If it repeats, open a ticket with TKE and include the exception stack from the controller's " +
			"log.",
		Risk:    "Sync of the Ingress is delayed; if the error persists the CLB drifts from the Ingress.",
		Doc:     rules.DocTKEIngressCodes + "E6007 | E6009",
		Retried: true,
		Zh: rules.Text{
			Title: "Ingress 控制器内部错误",
			Cause: "Ingress 控制器遇到了意外的内部错误。",
			Fix:   "如果反复出现，请向 TKE 提交工单，并附上控制器日志中的异常堆栈。",
			Risk:  "该 Ingress 的同步会推迟；若错误持续存在，CLB 上的配置会与 Ingress 逐渐不一致。",
		},
	})
	IngressE6009 = tkeIngress("E6009", rules.Error, rules.Details{
		Title: "Ingress controller unexpected error (e.g. a failing nginx webhook)",
		Cause: "The Ingress controller hit an unexpected error (UnexpectedError) and the sync fails. The " +
			"fault handbook traces the documented case to ingress-nginx: a release older than v1.0.0 " +
			"registers the admission webhook validate.nginx.ingress.kubernetes.io for networking.k8s.io/v1 " +
			"Ingresses, which it cannot validate, so every Ingress write the CLB controller makes is refused.",
		Fix: "Read the OriginError of the event. If it names validate.nginx.ingress.kubernetes.io, edit that " +
			"ValidatingWebhookConfiguration so webhooks[].rules[].apiVersions lists only v1beta1 (or delete it), " +
			"then upgrade the Nginx Ingress add-on (v1.1.0) so new instances do not bring it back. Otherwise " +
			"open a ticket with TKE and include the exception stack from the controller's log.",
		Risk: "The Ingress cannot be created or updated on the CLB while the error lasts; the controller keeps " +
			"retrying.",
		Doc: rules.DocTKEIngressCodes + "E6007 | E6009; " + rules.DocTKEHandbook +
			"CLB Ingress Creation Error",
		Retried: true,
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the NGINX ingress admission webhook configuration and its Service", Zh: "NGINX Ingress 准入 webhook 的配置及其 Service"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "Ingress 控制器意外错误（如 nginx webhook 拦截）",
			Cause: "Ingress 控制器遇到意外错误（UnexpectedError），同步失败。故障处理手册把文档记录的案例归因于 ingress-nginx：" +
				"v1.0.0 之前的版本会为 networking.k8s.io/v1 的 Ingress 注册准入 webhook validate.nginx.ingress.kubernetes.io，" +
				"但它无法校验这类 Ingress，于是 CLB 控制器对 Ingress 的每一次写入都会被拒绝。",
			Fix: "查看事件中的 OriginError。如果其中提到 validate.nginx.ingress.kubernetes.io，请编辑对应的 " +
				"ValidatingWebhookConfiguration，使 webhooks[].rules[].apiVersions 只包含 v1beta1（或直接删除它），然后把 " +
				"Nginx Ingress 组件升级到 v1.1.0，避免新实例再次带回该配置。其他情况请向 TKE 提交工单，并附上控制器日志中的" +
				"异常堆栈。",
			Risk: "错误持续期间，该 Ingress 无法在 CLB 上创建或更新；控制器会不断重试。",
		},
	})
	IngressW1000 = tkeIngress("W1000", rules.Warning, rules.Details{
		Title: "Backend Service not found in the controller's cache",
		Cause: "A rule's backend.serviceName names a Service the controller cannot find, so that rule has no " +
			"backend to bind.",
		Fix: "Make sure the Service named in backend.serviceName (service.name in networking.k8s.io/v1) " +
			"exists in the Ingress's namespace.",
		Risk:    "Requests matching that rule have no backend to go to.",
		Doc:     rules.DocTKEIngressCodes + "W1000",
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the backend Services", Zh: "后端 Service"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "控制器缓存中找不到后端 Service",
			Cause: "某条规则的 backend.serviceName 指向一个控制器找不到的 Service，这条规则没有可绑定的后端。",
			Fix: "确认 backend.serviceName（在 networking.k8s.io/v1 中为 service.name）所指的 Service 存在于该 Ingress 的" +
				"命名空间中。",
			Risk: "匹配这条规则的请求没有后端可以转发。",
		},
	})
	IngressW1001 = tkeIngress("W1001", rules.Warning, rules.Details{
		Title: "CLB kept after Ingress deletion (not created by TKE)",
		Cause: "The Ingress was deleted but its CLB was left in place, because the CLB has no " +
			"tke-createdBy-flag=yes tag and so its lifecycle is not owned by the Ingress.",
		Fix:  "Delete the load balancer by hand if you no longer need it.",
		Risk: "The CLB lingers and keeps costing money until removed.",
		Doc:  rules.DocTKEIngressCodes + "W1001",
		Zh: rules.Text{
			Title: "删除 Ingress 后 CLB 被保留（非 TKE 创建）",
			Cause: "Ingress 已删除，但其 CLB 被保留了下来：该 CLB 没有 tke-createdBy-flag=yes 标签，其生命周期不归该 Ingress " +
				"管理。",
			Fix:  "如果不再需要该负载均衡，请手动删除。",
			Risk: "该 CLB 会一直存在并持续产生费用，直到被删除。",
		},
	})
	IngressW1002 = tkeIngress("W1002", rules.Warning, rules.Details{
		Title: "Listener kept after Ingress deletion (not owned by Ingress)",
		Cause: "The Ingress was deleted but a listener on its CLB was left, because the listener is not named " +
			"TKE-DEDICATED-LISTENER: it was created or renamed outside the Ingress.",
		Fix:  "Delete that listener by hand if you no longer need it.",
		Risk: "The listener keeps forwarding with its old configuration until someone removes it.",
		Doc:  rules.DocTKEIngressCodes + "W1002",
		Zh: rules.Text{
			Title: "删除 Ingress 后监听器被保留（不归 Ingress 管理）",
			Cause: "Ingress 已删除，但其 CLB 上有一个监听器被保留了下来：该监听器的名称不是 TKE-DEDICATED-LISTENER，说明它是" +
				"在 Ingress 之外创建的，或被改过名。",
			Fix:  "如果不再需要该监听器，请手动删除。",
			Risk: "该监听器会继续按旧配置转发流量，直到有人将其删除。",
		},
	})
	IngressCLBLoopback = rules.Uncoded(Provider, rules.Ingress, "clb-loopback", rules.Warning, rules.Details{
		Title: "In-cluster access to a private-network Ingress may loop back",
		Cause: "A private CLB Ingress forwards to node ports without SNAT. When a Pod calls the Ingress " +
			"address and CLB picks the Pod's own node, source and destination sit on one host, Linux drops " +
			"the reply and the CLB waits about 4 s before trying another backend (a single-node cluster " +
			"cannot be reached at all). Public-network CLBs are not affected.",
		Fix: "Inside the cluster call the Service name (e.g. server.prod.svc.cluster.local), rewriting the " +
			"domain in CoreDNS if needed. Or ask CLB by ticket for layer-7 SNAT and keepalive, annotate " +
			"ingress.cloud.tencent.com/tke-service-config-auto: \"true\", and set keepaliveEnable: 1 on every " +
			"spec.loadBalancer.l7Listeners[] entry of <ingress>-auto-ingress-config, allowing 100.127.0.0/16 " +
			"in the CVM security group.",
		Risk: "Clients inside the cluster see several-second delays or failures intermittently, depending " +
			"on which node the CLB picks.",
		Doc:     rules.DocTKEHandbook + "CLB Loopback (avoiding layer-7 loopback)",
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "kube-proxy's DaemonSet and ConfigMap, the cluster's nodes", Zh: "kube-proxy 的 DaemonSet 和 ConfigMap，以及集群的节点"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "集群内访问内网 Ingress 可能发生回环",
			Cause: "内网 CLB Ingress 把流量转发到节点端口，且不做 SNAT。当 Pod 访问该 Ingress 的地址、而 CLB 恰好选中该 Pod " +
				"所在的节点时，源地址和目的地址位于同一台主机，Linux 会丢弃回包，CLB 要等待约 4 秒才改试其他后端" +
				"（单节点集群则完全无法访问）。公网 CLB 不受影响。",
			Fix: "在集群内改用 Service 名称访问（例如 server.prod.svc.cluster.local），必要时在 CoreDNS 中改写域名。或者通过" +
				"工单向 CLB 申请七层 SNAT 和长连接（keepalive）能力，添加注解 ingress.cloud.tencent.com/tke-service-config-auto: " +
				"\"true\"，在 <ingress>-auto-ingress-config 的每个 spec.loadBalancer.l7Listeners[] 条目上设置 keepaliveEnable: 1，" +
				"并在 CVM 安全组中放通 100.127.0.0/16。",
			Risk: "集群内的客户端会间歇性地遇到数秒的延迟或访问失败，取决于 CLB 选中了哪个节点。",
		},
	})
	// IngressConfigConflict and IngressAPIHostAliases have no documented code.
	IngressConfigConflict = rules.Uncoded(Provider, rules.Ingress, "service-config-conflict", rules.Warning, rules.Details{
		Title: "Named and automatic TkeServiceConfig both requested",
		Cause: "The Ingress sets ingress.cloud.tencent.com/tke-service-config (a TkeServiceConfig you manage) " +
			"and ingress.cloud.tencent.com/tke-service-config-auto: \"true\" (one TKE creates as " +
			"<ingress>-auto-ingress-config). TKE's TkeServiceConfig guide does not allow both at once; the " +
			"error tables give the conflict no code (E4051 is about reserved names).",
		Fix: "Keep one: remove tke-service-config-auto to use your own TkeServiceConfig, or remove " +
			"tke-service-config to let TKE manage <ingress>-auto-ingress-config.",
		Risk: "Which CLB settings apply is not what the manifest suggests; settings from one of the two " +
			"configs are ignored.",
		Doc: "Tencent TKE, TkeServiceConfig (Ingress); no event code",
		Zh: rules.Text{
			Title: "同时要求了具名和自动生成的 TkeServiceConfig",
			Cause: "该 Ingress 同时设置了 ingress.cloud.tencent.com/tke-service-config（由您自己管理的 TkeServiceConfig）和 " +
				"ingress.cloud.tencent.com/tke-service-config-auto: \"true\"（由 TKE 以 <ingress>-auto-ingress-config 为名" +
				"创建）。TKE 的 TkeServiceConfig 指南不允许两者同时使用；错误码表没有为这种冲突分配错误码（E4051 针对的是" +
				"保留名称）。",
			Fix: "二者只保留其一：删除 tke-service-config-auto 以使用自己的 TkeServiceConfig，或删除 tke-service-config，" +
				"由 TKE 管理 <ingress>-auto-ingress-config。",
			Risk: "实际生效的 CLB 配置与清单所呈现的不同；两份配置之一中的设置会被忽略。",
		},
	})
	IngressAPIHostAliases = rules.Uncoded(Provider, rules.Ingress, "api-host-aliases", rules.Info, rules.Details{
		Title: "l7-lb-controller has no host aliases for the cloud API domains",
		Cause: "The kube-system/l7-lb-controller Deployment lacks some of the hostAliases that the E6006 " +
			"handling adds (cloud API domains pinned to 169.254.0.28 and 169.254.0.95). This is no fault by " +
			"itself: the controller only needs them when CoreDNS resolves those domains wrongly, which then " +
			"shows as E6006 i/o timeouts.",
		Fix: "Nothing while the controller syncs; if Ingress events report E6006, add the hostAliases listed " +
			"under tke.ingress.E6006.",
		Risk:    "None while DNS works; if it breaks, no Ingress in the cluster is reconciled.",
		Doc:     rules.DocTKEIngressCodes + "E6006 (handling method); a hint, not an error code",
		Decides: []rules.Decision{{By: rules.ByClusterConfig, What: words.Phrase{En: "the l7-lb-controller Deployment in kube-system: its hostAliases", Zh: "kube-system 中 l7-lb-controller Deployment 的 hostAliases"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "l7-lb-controller 未配置云 API 域名的 hostAliases",
			Cause: "kube-system/l7-lb-controller Deployment 缺少 E6006 处理方法中添加的部分 hostAliases（把云 API 域名固定" +
				"解析到 169.254.0.28 和 169.254.0.95）。这本身不是故障：只有当 CoreDNS 对这些域名解析出错时控制器才需要它们，" +
				"那时会表现为 E6006 的 i/o timeout。",
			Fix:  "控制器同步正常时无需处理；如果 Ingress 事件报告 E6006，请添加 tke.ingress.E6006 中列出的 hostAliases。",
			Risk: "DNS 正常时没有风险；一旦 DNS 出错，集群内所有 Ingress 都得不到同步。",
		},
	})
	IngressInvalidAnnotationValue = rules.Uncoded(Provider, rules.Ingress, "invalid-annotation-value", rules.Warning, rules.Details{
		Title: "TKE Ingress annotation value is not of its documented form",
		Cause: "A TKE Ingress annotation documented with a fixed form holds another value: " +
			"ingress.cloud.tencent.com/cross-region-id takes a region id (ap-guangzhou, not the zone ap-guangzhou-3), " +
			"ingress.cloud.tencent.com/cross-vpc-id a VPC id (vpc- and 8 lowercase letters or digits). The Ingress error " +
			"table gives this mistake no code, so the controller's reaction is not documented: the binding may fail or " +
			"the annotation be ignored.",
		Fix:  "Write the value in the form the finding names; a zone id loses its trailing -N to become the region id.",
		Risk: "The CLB is not bound across regions as intended, or not created.",
		Doc: "Tencent TKE, Ingress cross-VPC/cross-region binding (https://cloud.tencent.com/document/product/457/59095); " +
			"no event code",
		Zh: rules.Text{
			Title: "TKE Ingress 注解的取值不符合文档规定的格式",
			Cause: "某个文档规定了固定格式的 TKE Ingress 注解填了其他值：ingress.cloud.tencent.com/cross-region-id 应填地域 " +
				"ID（ap-guangzhou，而不是可用区 ap-guangzhou-3），ingress.cloud.tencent.com/cross-vpc-id 应填 VPC ID（vpc- 加 " +
				"8 位小写字母或数字）。Ingress 错误码表没有为这种错误分配错误码，因此控制器会如何反应并无文档说明：绑定可能" +
				"失败，也可能该注解被忽略。",
			Fix:  "按检查结果中给出的格式填写取值；可用区 ID 去掉末尾的 -N 即为地域 ID。",
			Risk: "CLB 没有按预期进行跨地域绑定，或者根本没有被创建。",
		},
	})
)
