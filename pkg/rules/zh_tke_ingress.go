package rules

// Recurring Chinese texts of the TKE Ingress catalog: the risk texts of the Ingress table (its "不修改可能存在的风险"
// column, tkeIngressRisk* in tke_ingress.go) and fixes the English repeats word for word in several rules.
const (
	zhTKEIngressRiskNoTraffic = "CLB 上不会新增任何配置：该 Ingress 所需的负载均衡实例、监听器或转发规则缺失，" +
		"因此它新增的路由没有流量接入。"
	zhTKEIngressRiskSyncBlocked = "该 Ingress 整体停止同步，之后的任何变更（包括其 Service 背后的 Pod 被替换）" +
		"都可能无法更新到 CLB 的后端。"
	zhTKEIngressRiskClusterWide = "影响整个集群：Ingress 控制器无法正常工作，集群内所有 CLB 类型的 Ingress 都得不到同步。"
	zhTKEIngressRiskBackends    = "后端绑定或解绑可能失败；滚动更新期间 CLB 可能没有可用的后端，导致断流。"

	// zhTKEIngressRiskTransient is the risk of an internal error the controller retries (E5003, E5008).
	zhTKEIngressRiskTransient = "错误持续期间同步会推迟；若错误一直存在，CLB 上的配置会始终落后于该 Ingress。"
	// zhTKEIngressFixRulesJSON is the fix of E4022 and E4023.
	zhTKEIngressFixRulesJSON = "将该注解改写为 JSON 数组，例如 " +
		`'[{"path":"/abc","backend":{"serviceName":"nginx-service-2","servicePort":"8080"}}]'` +
		"；也可以在 TKE 控制台中编辑该 Ingress，由控制台自动生成该注解。"
	// zhTKEIngressFixTKEConfig is the fix of E6001 and E6002.
	zhTKEIngressFixTKEConfig = "先用 kubectl get configmap -n kube-system tke-config 检查；按集群的实际值重建它" +
		"（kubectl create configmap tke-config -n kube-system --from-literal=TKE_REGION=<region> " +
		"--from-literal=TKE_VPC_ID=<vpc-id>），并确认 l7-lb-controller Deployment 通过 configMapKeyRef 从中读取 " +
		"TKE_REGION 和 TKE_VPC_ID。"
)

// zhTKEIngress is the Simplified Chinese text of each rule in tke_ingress.go, written from the seeds' facts and the
// vendors' own Chinese terms (docs/glossary.md).
var zhTKEIngress = map[ID]Text{
	TKEIngressE4000: {
		Title: "创建负载均衡时 CLB API 被限频",
		Cause: "控制器在短时间内调用 CreateLoadBalancer 的次数过多，CLB API 返回 RequestLimitExceeded。",
		Fix: "通常无需处理：控制器会自行重试该调用。若该事件反复出现，请排查同一账号、同一地域下还有哪些程序在大量" +
			"调用 CLB API，或提交工单。",
		Risk: "偶尔出现只会推迟同步；若持续出现，该 Ingress 将得不到同步。",
	},
	TKEIngressE4003: {
		Title: "CLB 实例数量已达配额上限",
		Cause: "账号可创建的 CLB 实例数量已经用满，CreateLoadBalancer 返回 LimitExceeded。",
		Fix:   "提交工单申请提高 CLB 实例配额，或删除不再使用的负载均衡。",
		Risk:  zhTKEIngressRiskNoTraffic,
	},
	TKEIngressE4004: {
		Title: "CLB 的监听器数量已达上限",
		Cause: "该负载均衡上的监听器数量已达到允许的最大值，CreateListener 返回 LimitExceeded。",
		Fix:   "提交工单申请提高该 CLB 的监听器数量上限，或删除不再需要的监听器。",
		Risk:  "该 Ingress 所需的 HTTP 或 HTTPS 监听器未能创建，对应端口无法接收流量。",
	},
	TKEIngressE4005: {
		Title: "CLB 的转发规则数量已达配额上限",
		Cause: "该 CLB 上七层转发规则（域名/路径规则）的数量已达上限，CreateRule 返回 LimitExceeded。",
		Fix:   "提交工单申请提高转发规则配额，或将域名和路径拆分到多个 Ingress，使每个 Ingress 使用各自的 CLB。",
		Risk:  zhTKEIngressRiskNoTraffic,
	},
	TKEIngressE4006: {
		Title: "监听器上配置了重定向，无法删除",
		Cause: "有人在 Ingress 管理的监听器上添加了重定向规则；监听器上存在重定向配置时，CLB 不允许删除该监听器" +
			"（DeleteListener 失败）。",
		Fix: "请自行在 负载均衡控制台或通过 API 删除该监听器上的重定向规则。控制器会持续重试删除，重定向规则移除后即可" +
			"删除成功。",
		Risk: "过时的监听器仍留在 CLB 上，并继续按旧配置转发流量。",
	},
	TKEIngressE4007: {
		Title: "Norm 拒绝控制器的凭证（ip-masq-agent 配置）",
		Cause: "Norm AssumeTkeCredential 返回 -8017 或 -8032 Record Not Exist。Norm 依据节点的源 IP 鉴权；这通常发生在" +
			"修改 ip-masq-agent-config 之后（例如把 nonMasqueradeCIDRs 设为 0.0.0.0/0，或在 nonMasqueradeSrcCIDRs 中" +
			"列出了 Pod 的源地址段），此时发往 Norm 的请求以 Pod IP 而不是节点 IP 发出。",
		Fix: "执行 kubectl get configmap -n kube-system ip-masq-agent-config，在 nonMasqueradeCIDRs 中只保留集群和 VPC " +
			"的网段（可查看 ip-masq-agent Pod 的运行时长，判断配置是否近期被改动过），然后重启 Ingress 控制器" +
			"（kube-system 中的 l7-lb-controller）。",
		Risk: "没有凭证，控制器无法调用任何云 API，集群内所有 CLB 类型的 Ingress 都无法同步。",
	},
	TKEIngressE4008: {
		Title: "TKE 服务授权（TKE_QCSRole）已被撤销",
		Cause: "Norm AssumeTkeCredential 返回 -8002 Data is nil：TKE 代表账号操作云资源所需的授权已被移除，例如" +
			"角色 TKE_QCSRole 被删除。",
		Fix:  "在访问管理控制台中查找角色 TKE_QCSRole，若不存在则新建，并重新为其授予 TKE 服务预设角色的权限。",
		Risk: zhTKEIngressRiskClusterWide,
	},
	TKEIngressE4009: {
		Title: "spec.tls 条目缺少 Secret 名称",
		Cause: "spec.tls 中某一项的 secretName 为空或未设置，控制器拿不到可用于 HTTPS 监听器的证书。",
		Fix: "如需 HTTPS，请把 spec.tls[].secretName 设为一个含有 qcloud_cert_id 的 Secret" +
			"（https://kubernetes.io/docs/concepts/services-networking/ingress/#tls）；如果只提供 HTTP 服务，" +
			"请删除 spec.tls。",
		Risk: zhTKEIngressRiskSyncBlocked,
	},
	TKEIngressE4010: {
		Title: "TLS 引用的 Secret 不存在",
		Cause: "spec.tls[].secretName 指定的 Secret 不在该 Ingress 所在的命名空间中。",
		Fix: "在 Ingress 所在命名空间中创建该 Secret，并把证书 ID 写入 qcloud_cert_id（kubectl create secret generic " +
			"<name> -n <namespace> --from-literal=qcloud_cert_id=<cert-id>），或改正 spec.tls[].secretName。",
		Risk: zhTKEIngressRiskSyncBlocked,
	},
	TKEIngressE4011: {
		Title: "TLS Secret 中缺少 qcloud_cert_id",
		Cause: "spec.tls 引用的 Secret 存在，但其中没有 qcloud_cert_id 键（或值为空），因此没有可用的 CLB 证书 ID。",
		Fix: "把 SSL 证书 ID 以 data.qcloud_cert_id 存入该 Secret（值为证书 ID 的 base64 编码，例如用 kubectl create " +
			"secret generic <name> -n <namespace> --from-literal=qcloud_cert_id=<cert-id> 创建），并确认解码后的值与" +
			"证书控制台中显示的 ID 一致。参见 https://kubernetes.io/docs/concepts/configuration/secret/。",
		Risk: zhTKEIngressRiskSyncBlocked,
	},
	TKEIngressE4012: {
		Title: "证书不存在或状态异常（CreateListener InvalidParameterValue）",
		Cause: "CLB 以 InvalidParameterValue 拒绝创建 HTTPS 监听器，最常见的原因是 TLS Secret 中的 qcloud_cert_id 不对应" +
			"任何已有证书（详情为 Query certificate '<id>' failed.），或该证书状态异常。",
		Fix: "在 SSL 证书控制台中查询该 ID；若 ID 有误或证书不可用，请上传或申请一张有效证书，并把它的 ID 写入 Secret 的 " +
			"qcloud_cert_id。",
		Risk: zhTKEIngressRiskSyncBlocked,
	},
	TKEIngressE4013: {
		Title: "Ingress 规则的 http 部分为空",
		Cause: "spec.rules 中有一条规则没有 http 内容（spec.rules.http 为空），因此没有可以转换为 CLB 转发规则的路径。",
		Fix:   "为 spec.rules 的每一项提供 http.paths 列表，且至少包含一个 path 及其 backend；或删除这条空规则。",
		Risk:  "控制器无法生成转发规则，该 Ingress 一直处于未同步状态。",
	},
	TKEIngressE4017: {
		Title: "CLB 上的标签被改动，控制器找不到该实例",
		Cause: "控制器依靠它在 CLB 上打的标签来定位自己的负载均衡。这些标签或 CLB 本身被修改或删除，导致查找失败。",
		Fix: "由于控制器记录的状态可能已与云上不一致，请删除该 CLB（或移除它的全部标签），然后重建 Ingress，让控制器" +
			"创建一个全新的负载均衡。",
		Risk: "该 Ingress 无法再被同步；旧的 CLB 可能继续按过时的规则提供服务，或成为无人管理的孤立资源。",
	},
	TKEIngressE4018: {
		Title: "kubernetes.io/ingress.existLbId 指定的 CLB 不存在",
		Cause: "在当前账号和地域下找不到 kubernetes.io/ingress.existLbId 注解中给出的负载均衡 ID。",
		Fix: "在 负载均衡控制台中选择一个与集群处于同一 VPC 的实例，把它的真实 ID 填入 kubernetes.io/ingress.existLbId。" +
			"如果该实例确实存在，说明是查询本身出错，需要 CLB 技术支持排查。",
		Risk: zhTKEIngressRiskNoTraffic,
	},
	TKEIngressE4019: {
		Title: "已有 CLB 由 TKE 创建，不能复用",
		Cause: "kubernetes.io/ingress.existLbId 指定的 CLB 是 TKE 为某个 Ingress 或 Service 创建的，其生命周期归集群管理，" +
			"其他 Ingress 不能接管。",
		Fix: "让该注解指向您在 负载均衡控制台自行创建的 CLB。如要移交这个 CLB：先删除它的 tke-createdBy-flag 标签（否则它会被" +
			"销毁），再删除原先使用它的 Ingress/Service，然后在新的 Ingress 中引用它；只有希望由该 Ingress 管理并在日后" +
			"删除它时，才加上 tke-createdBy-flag=yes。",
		Risk: zhTKEIngressRiskNoTraffic,
	},
	TKEIngressE4020: {
		Title: "已有 CLB 已被其他 Ingress 使用",
		Cause: "kubernetes.io/ingress.existLbId 中的 CLB 已经在为另一个 Ingress 服务；一个 CLB 不能同时承载两个 Ingress。",
		Fix: "为该 Ingress 单独使用一个自行创建的 CLB。如要迁移这个 CLB：清除它的 tke-createdBy-flag 标签，删除正在使用它的 " +
			"Ingress，在新的 Ingress 中引用它；只有希望由该 Ingress 管理其生命周期时，才重新加上 tke-createdBy-flag=yes。",
		Risk: zhTKEIngressRiskNoTraffic,
	},
	TKEIngressE4021: {
		Title: "已有 CLB 上仍有监听器",
		Cause: "kubernetes.io/ingress.existLbId 指定的 CLB 上还留有监听器。控制器拒绝使用这样的 CLB，以免覆盖不属于它的配置。",
		Fix:   "在 负载均衡控制台删除该 CLB 的全部监听器，或改为引用另一个没有监听器的 CLB。",
		Risk:  zhTKEIngressRiskNoTraffic,
	},
	TKEIngressE4022: {
		Title: "kubernetes.io/ingress.http-rules 取值无效",
		Cause: "kubernetes.io/ingress.http-rules 注解必须是由规则组成的 JSON 数组，控制器无法解析其内容。",
		Fix:   zhTKEIngressFixRulesJSON,
		Risk:  zhTKEIngressRiskSyncBlocked,
	},
	TKEIngressE4023: {
		Title: "kubernetes.io/ingress.https-rules 取值无效",
		Cause: "kubernetes.io/ingress.https-rules 注解必须是由规则组成的 JSON 数组，控制器无法解析其内容。（英文错误码列表" +
			"给该错误码的标题是 \"create lb error: ResourceInsufficient\"，但其正文和事件表描述的都是 https-rules 的解析" +
			"错误。）",
		Fix:  zhTKEIngressFixRulesJSON,
		Risk: zhTKEIngressRiskSyncBlocked,
	},
	TKEIngressE4024: {
		Title: "CLB 创建被拒：注解传入的参数无效",
		Cause: "CreateLoadBalancer 返回 InvalidParameter 或 InvalidParameterValue，原因是 Ingress 通过注解传入的某个值" +
			"有误或不完整。",
		Fix: "对照事件中指出的参数，检查决定 CLB 创建方式的注解（kubernetes.io/ingress.extensiveParameters、" +
			"kubernetes.io/ingress.subnetId、kubernetes.io/ingress.internetChargeType、" +
			"kubernetes.io/ingress.internetMaxBandwidthOut）。",
		Risk: "未能为该 Ingress 创建 CLB，它收不到任何流量。",
	},
	TKEIngressE4025: {
		Title: "CLB 创建失败：ResourceInsufficient（子网 IP 不足）",
		Cause: "资源不足，无法创建负载均衡；对内网 CLB 来说，这通常意味着子网中已经没有空闲的 IP 地址。",
		Fix:   "查看 kubernetes.io/ingress.subnetId 所指子网的剩余 IP；释放其中的地址，或把该注解改为一个仍有余量的子网。",
		Risk:  "未能为该 Ingress 创建 CLB，它收不到任何流量。",
	},
	TKEIngressE4026: {
		Title: "kubernetes.io/ingress.extensiveParameters 不是合法 JSON",
		Cause: "kubernetes.io/ingress.extensiveParameters 注解用于传递额外的 CreateLoadBalancer 参数，但其内容无法解析为" +
			" JSON 对象。",
		Fix: "把它写成由 CreateLoadBalancer 参数组成的 JSON 对象，例如 " +
			`'{"AddressIPVersion":"IPv4","ZoneId":"ap-guangzhou-1"}'` +
			"（参数列表见 CLB API 的 CreateLoadBalancer 接口，文档 214/30692）。",
		Risk: "该 Ingress 的 CLB 未能创建，Ingress 收不到任何流量。",
	},
	TKEIngressE4027: {
		Title: "账号余额不足（欠费）",
		Cause: "腾讯云账号已欠费，EnsureCreateLoadBalancer 无法购买 CLB。",
		Fix:   "为账号充值；下一次同步时控制器便会创建负载均衡。",
		Risk:  zhTKEIngressRiskNoTraffic,
	},
	TKEIngressE4030: {
		Title: "已有 CLB 为传统型负载均衡，不支持七层",
		Cause: "通过 kubernetes.io/ingress.existLbId 引用的 CLB 是传统型负载均衡，无法在其上创建 Ingress 的七层规则" +
			"（This interface only support HTTP/HTTPS listener）。",
		Fix:  "在 kubernetes.io/ingress.existLbId 中改为引用非传统型的 CLB 实例，或删除该注解，由控制器自行创建 CLB。",
		Risk: "七层规则未能配置，该 Ingress 不转发任何流量。",
	},
	TKEIngressE4031: {
		Title: "Ingress 路径不是合法的 CLB 转发路径",
		Cause: "某个路径不符合 CLB 对 URL 路径的要求：必须以 / 开头，长度为 1-120 个字符，且只能使用 a-z A-Z 0-9 . - / = ? " +
			"这些字符；CLB 的转发路径不支持正则表达式。",
		Fix: "把 spec.rules[].http.paths[].path（或 http-rules/https-rules 注解中的 path）改为满足上述限制的普通路径；" +
			"留空即表示 /。",
		Risk: zhTKEIngressRiskSyncBlocked,
	},
	TKEIngressE4032: {
		Title: "该集群不允许使用此 AddressIPVersion",
		Cause: "负载均衡的 AddressIPVersion 不受支持：IPv4 网络的集群可以使用 IPv4 和 NAT IPv6 类型的 CLB，但不能使用纯 " +
			"IPv6 的 CLB。",
		Fix: "新建 CLB 时，在 kubernetes.io/ingress.extensiveParameters 中把 AddressIPVersion 设为 IPv4 或 NAT IPv6；" +
			"使用 kubernetes.io/ingress.existLbId 时，请选择不是纯 IPv6 的 CLB。",
		Risk: "负载均衡无法创建或无法使用，该 Ingress 收不到任何流量。",
	},
	TKEIngressE4033: {
		Title: "该地域不提供 IPv6 CLB",
		Cause: "IPv6 负载均衡只在部分地域提供，集群所在的地域不在其中。",
		Fix: "改用 IPv4 CLB（在 kubernetes.io/ingress.extensiveParameters 中把 AddressIPVersion 设为 IPv4）；如果必须使用 " +
			"IPv6，请联系 CLB 技术支持。",
		Risk: "IPv6 负载均衡始终不会被创建，该 Ingress 收不到任何流量。",
	},
	TKEIngressE4034: {
		Title: "IPv6 CLB 上有规则未填写 host",
		Cause: "某条规则的 host 为空。IPv4 CLB 会用 VIP 代替缺失的 host，而 IPv6 CLB 没有这样的默认值，所以每条规则都必须" +
			"填写域名。",
		Fix:  "为该 Ingress 的每条规则设置 spec.rules[].host，任何一条都不能留空。",
		Risk: zhTKEIngressRiskSyncBlocked,
	},
	TKEIngressE4035: {
		Title: "证书 ID 格式不正确",
		Cause: "TLS Secret 中的 qcloud_cert_id 格式不对（长度错误），CLB 以 CertificateId Invalid 拒绝该 ID。",
		Fix: "从 CLB/SSL 证书控制台复制准确的证书 ID，填入 Secret 的 qcloud_cert_id（参见 TKE 文档 457/45738 中关于 " +
			"Ingress 证书配置的说明）。",
		Risk: zhTKEIngressRiskSyncBlocked,
	},
	TKEIngressE4036: {
		Title: "找不到该证书 ID",
		Cause: "TLS Secret 中的 qcloud_cert_id 格式正确，但不存在这个 ID 的证书。",
		Fix:   "在 CLB/SSL 证书控制台中找到正确的证书，把它的 ID 填入 Secret 的 qcloud_cert_id。",
		Risk:  "HTTPS 监听器拿不到证书，该 Ingress 一直处于未同步状态。",
	},
	TKEIngressE4037: {
		Title: "ingress.cloud.tencent.com/direct-access 不是布尔值",
		Cause: "ingress.cloud.tencent.com/direct-access 注解只接受 true 或 false，当前却是其他值。",
		Fix:   "将 ingress.cloud.tencent.com/direct-access 设为 \"true\" 或 \"false\"。",
		Risk:  "控制器无法确定以何种方式绑定后端，该 Ingress 不会被同步。",
	},
	TKEIngressE4038: {
		Title: "证书不是服务端证书",
		Cause: "为单向认证配置的证书是客户端证书；HTTPS 监听器需要的是服务端证书。",
		Fix: "在 负载均衡控制台中查看证书类型。如果是客户端证书，请把一张服务端证书的 ID 填入 Secret 的 qcloud_cert_id；" +
			"如果它已经是服务端证书，请联系 CLB 技术支持排查。",
		Risk: "HTTPS 监听器无法配置，该 Ingress 一直处于未同步状态。",
	},
	TKEIngressE4038Expired: {
		Title: "证书已过期（以 E4038 上报）",
		Cause: "通过 qcloud_cert_id 引用的证书已超过有效期。英文错误码列表把这种情况同时列在 E4038 和 E4039 下。",
		Fix: "在 负载均衡控制台中查看证书的到期时间，获取一张新证书，并更新该 Ingress 所用 Secret 中的 qcloud_cert_id，" +
			"使 Ingress 同步新证书。",
		Risk: zhTKEIngressRiskSyncBlocked,
	},
	TKEIngressE4039: {
		Title: "证书已过期",
		Cause: "TLS Secret 中 qcloud_cert_id 所引用的证书已超过有效期。",
		Fix: "先在证书服务中添加续期后的证书，再把它的 ID 写入 spec.tls 所指 Secret 的 qcloud_cert_id（参见 TKE 文档 " +
			"457/49099 中关于 Ingress 证书续期的说明）。",
		Risk: zhTKEIngressRiskSyncBlocked,
	},
	TKEIngressE4040: {
		Title: "有域名没有对应的证书（SNI）",
		Cause: "Ingress 规则中至少有一个 host 没有出现在任何 spec.tls[].hosts 中，因此无法为它配置证书。",
		Fix:   "把缺少的每个 host 加入某个 spec.tls 条目，且该条目的 Secret 所含证书对这个域名有效；或为它新增一个 tls 条目。",
		Risk:  zhTKEIngressRiskSyncBlocked,
	},
	TKEIngressE4041: {
		Title: "后端 Service 不存在",
		Cause: "某条规则的 backend 指向的 Service 不在该 Ingress 所在的命名空间中。",
		Fix:   "在 Ingress 所在的命名空间中以该名称创建 Service，或删除指向它的规则。",
		Risk:  zhTKEIngressRiskSyncBlocked,
	},
	TKEIngressE4042: {
		Title: "后端 Service 的端口不存在",
		Cause: "某条规则的 backend 引用了所指 Service 并未定义的端口。",
		Fix: "把 backend 的 Service 端口改为该 Service 的 spec.ports 中列出的端口；如果该 Service 确实没有这个端口，" +
			"则删除这条规则。",
		Risk: zhTKEIngressRiskSyncBlocked,
	},
	TKEIngressE4043: {
		Title: "Ingress 引用的 TkeServiceConfig 不存在",
		Cause: "ingress.cloud.tencent.com/tke-service-config 指定的 TkeServiceConfig 不在该 Ingress 所在的命名空间中。",
		Fix: "在同一命名空间中以该名称创建 TkeServiceConfig（可用 kubectl get tkeserviceconfigs.cloud.tencent.com -n " +
			"<namespace> <name> 检查），或删除该注解。",
		Risk: "文档未列出风险；Ingress 的其余部分照常同步，只是 TkeServiceConfig 中额外的 CLB 配置不会生效。",
	},
	TKEIngressE4044: {
		Title: "kubernetes.io/ingress.rule-mix 取值无效",
		Cause: "控制器无法读取 kubernetes.io/ingress.rule-mix。英文错误码列表说它是无效的 JSON 字符串；事件表则说它填了 " +
			"true 或 false 以外的值。",
		Fix: "将 kubernetes.io/ingress.rule-mix 设为 \"true\" 或 \"false\"（参见 TKE 文档 457/45693 中关于 HTTP 与 HTTPS " +
			"混合使用的说明），或在 TKE 控制台中开启混合协议。",
		Risk: zhTKEIngressRiskSyncBlocked,
	},
	TKEIngressE4045: {
		Title: "kubernetes.io/ingress.internetChargeType 无效",
		Cause: "kubernetes.io/ingress.internetChargeType 中的网络计费方式不是 CLB API 接受的取值。",
		Fix: "使用 CLB API 的 InternetAccessible 类型（文档 214/30694）中 InternetChargeType 的取值，例如 " +
			"TRAFFIC_POSTPAID_BY_HOUR、BANDWIDTH_POSTPAID_BY_HOUR 或 BANDWIDTH_PACKAGE。",
		Risk: "公网 CLB 无法按所要求的计费方式创建，该 Ingress 收不到任何流量。",
	},
	TKEIngressE4046: {
		Title: "kubernetes.io/ingress.internetMaxBandwidthOut 无效",
		Cause: "kubernetes.io/ingress.internetMaxBandwidthOut 中的带宽上限格式错误或超出范围。",
		Fix: "将其设为 1 到 2048 之间的整数，单位为 Mbps（即 CLB API 的 InternetAccessible 类型中的 " +
			"InternetMaxBandwidthOut）。",
		Risk: zhTKEIngressRiskNoTraffic,
	},
	TKEIngressE4047: {
		Title: "后端 Service 不是 NodePort 或 LoadBalancer 类型",
		Cause: "某条规则指向 ClusterIP 类型的 Service，它没有可供 CLB 转发的节点端口；只有 NodePort 和 LoadBalancer " +
			"类型的 Service 才能作为 CLB Ingress 的后端。",
		Fix:  "将该 Service 的 spec.type 改为 NodePort（或 LoadBalancer）。",
		Risk: zhTKEIngressRiskSyncBlocked,
	},
	TKEIngressE4048: {
		Title: "spec.tls 中有多个默认证书",
		Cause: "有多个 spec.tls 条目没有填写 hosts，它们都会成为默认证书，彼此冲突。",
		Fix:   "最多保留一个不带 hosts 的 tls 条目；修改后 Ingress 会自动重新同步。",
		Risk:  zhTKEIngressRiskSyncBlocked,
	},
	TKEIngressE4049: {
		Title: "同一域名声明了多个证书",
		Cause: "同一个 host 出现在多个 spec.tls 条目中，且对应不同的 Secret，无法确定它的 SNI 证书。",
		Fix:   "让每个 host 只出现在一个 tls 条目中；修改后 Ingress 会自动重新同步。",
		Risk:  zhTKEIngressRiskSyncBlocked,
	},
	TKEIngressE4050: {
		Title: "ingress.cloud.tencent.com/tke-service-config-auto 不是布尔值",
		Cause: "ingress.cloud.tencent.com/tke-service-config-auto 注解只接受 true 或 false，当前却是其他值。",
		Fix:   "将 ingress.cloud.tencent.com/tke-service-config-auto 设为 \"true\" 或 \"false\"。",
		Risk:  "自动生成的 TkeServiceConfig 无法处理，该 Ingress 不会被同步。",
	},
	TKEIngressE4051: {
		Title: "tke-service-config 指向了自动生成的配置名称",
		Cause: "ingress.cloud.tencent.com/tke-service-config 指定的 TkeServiceConfig 名称以 -auto-ingress-config 或 " +
			"-auto-service-config 结尾；这类名称专门留给系统自动生成的配置。",
		Fix: "在 ingress.cloud.tencent.com/tke-service-config 中改为引用其他名称的 TkeServiceConfig（参见 TKE 文档 " +
			"457/45700）。",
		Risk: "文档未列出风险；在改名之前，您想作为外挂配置的 TkeServiceConfig 预计会被忽略。",
	},
	TKEIngressE4052: {
		Title: "Ingress 的 host 不是合法域名",
		Cause: "规则中的某个 host 不符合 Kubernetes 的域名正则 " +
			`(\*|[a-z0-9]([-a-z0-9]*[a-z0-9])?)(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)+` +
			"；常见的错误是域名不含点（test）或含有大写字母（Test.com）。",
		Fix: "修正 spec.rules[].host（以及 spec.tls[].hosts）：以点分隔的各段只能由小写字母、数字和连字符组成，至少包含" +
			"一个点，开头可以是 *。",
		Risk: zhTKEIngressRiskSyncBlocked,
	},
	TKEIngressE4053: {
		Title: "内网 CLB 所用子网没有空闲 IP",
		Cause: "kubernetes.io/ingress.subnetId 所选子网中的地址已全部被占用，无法在该子网中创建负载均衡。",
		Fix: "可以释放该子网中的 IP；也可以新建或选择一个有空闲地址的子网，并更新 kubernetes.io/ingress.subnetId；" +
			"或者改用公网 CLB。",
		Risk: zhTKEIngressRiskNoTraffic,
	},
	TKEIngressE4054: {
		Title: "CLB 的后端数量已达上限",
		Cause: "该 CLB 已绑定的后端数量达到了配额允许的最大值。",
		Fix:   "提交工单申请提高 CLB 的后端数量配额。",
		Risk:  zhTKEIngressRiskBackends,
	},
	TKEIngressE4055: {
		Title: "子网缺失或 ID 格式错误，CLB 无法创建",
		Cause: "kubernetes.io/ingress.subnetId 中的子网不存在，或其 ID 格式不正确（ID 形如 subnet-ewhltulw）。",
		Fix: "在 kubernetes.io/ingress.subnetId 中填入集群所在 VPC 内一个有效的子网 ID（必要时新建一个 IP 充足的子网），" +
			"或改用公网 CLB。",
		Risk: zhTKEIngressRiskNoTraffic,
	},
	TKEIngressE4060: {
		Title: "请求了 SNAT Pro，但账号未开通",
		Cause: "该 Ingress 请求使用 CLB 的 SNAT Pro 功能，但账号尚未被加入该功能的白名单（未开白）。",
		Fix:   "提交工单，请 CLB 为账号开通 SNAT Pro；或不再请求 SNAT Pro。",
		Risk:  zhTKEIngressRiskSyncBlocked,
	},
	TKEIngressE4066: {
		Title: "控制器初始化失败：无法创建 CRD",
		Cause: "Ingress 控制器启动时无法创建它所需的 CRD，这说明集群本身存在问题。",
		Fix:   "向 TKE 提交工单，需要对集群进行排查。",
		Risk:  zhTKEIngressRiskClusterWide,
	},
	TKEIngressE4068: {
		Title: "自动重定向与其他声明的规则冲突",
		Cause: "该 Ingress 开启了自动重定向，而您声明的规则与它自动生成的重定向规则相冲突。",
		Fix: "使用自动重定向时，不要再为被重定向的流量声明其他转发规则（参见 TKE 文档 457/59096 中关于 Ingress 重定向的" +
			"说明）。",
		Risk: zhTKEIngressRiskSyncBlocked,
	},
	TKEIngressE4071: {
		Title: "跨地域绑定：CLB 与集群的 VPC 不在同一云联网中",
		Cause: "配置了跨地域绑定，但 CLB 所在的 VPC 与集群所在的 VPC 没有关联到同一个云联网（CCN）。",
		Fix: "把这两个 VPC 关联到同一个云联网实例，或改用所在 VPC 已经关联到该云联网的 CLB（参见 TKE 文档 457/59095 中" +
			"关于跨地域绑定的说明）。",
		Risk: zhTKEIngressRiskNoTraffic,
	},
	TKEIngressE4074: {
		Title: "后端绑定失败，节点可能欠费或被封锁",
		Cause: "CLB 无法把某个节点绑定为后端，可能的原因是该节点已欠费或已被封锁。",
		Fix:   "检查该 Ingress 背后各节点（CVM 实例）的计费情况和状态，为欠费的节点续费，替换被封锁的节点。",
		Risk:  zhTKEIngressRiskBackends,
	},
	TKEIngressE4081: {
		Title: "kubernetes.io/ingress.https-rules 存在配置冲突",
		Cause: "kubernetes.io/ingress.https-rules 注解的格式有误，导致其中的规则相互冲突，或与 Ingress 的其余配置冲突。",
		Fix: "对照 TKE 的 Ingress Annotation 说明（文档 457/56112）修正该注解；通过控制台编辑 Ingress 可以避免手写" +
			"造成的冲突。",
		Risk: zhTKEIngressRiskSyncBlocked,
	},
	TKEIngressE4082: {
		Title: "直连模式下使用了没有 selector 的 Service",
		Cause: "该 Ingress 以直连方式绑定 Pod，但某个后端是没有 selector 的 Service，其 endpoints 无法以这种方式绑定。",
		Fix: "改为通过 NodePort 接入该 Service：将 ingress.cloud.tencent.com/direct-access 设为 \"false\"，或为该 " +
			"Service 配置 selector。",
		Risk: zhTKEIngressRiskSyncBlocked,
	},
	TKEIngressE4084: {
		Title: "SNAT Pro 不能与跨地域绑定 1.0 同时使用",
		Cause: "该 Ingress 同时使用了跨地域绑定 1.0 方案和 SNAT Pro，系统不支持这种组合。",
		Fix:   "这是平台限制，只能调整方案：要么放弃 SNAT Pro，要么不使用跨地域绑定 1.0。",
		Risk:  zhTKEIngressRiskSyncBlocked,
	},
	TKEIngressE4091: {
		Title: "内网 CLB 的子网不存在",
		Cause: "创建内网 CLB 失败，因为 VPC 服务中查不到该子网（Invoke vpc failed: subnet not exists）。",
		Fix:   "改正 kubernetes.io/ingress.subnetId 注解中的子网 ID。",
		Risk:  "内网 CLB 未能创建，该 Ingress 收不到任何流量。",
	},
	TKEIngressE4098: {
		Title: "kubernetes.io/ingress.existLbId 中的 CLB ID 格式错误",
		Cause: "为已有负载均衡填写的 ID 不是格式正确的 CLB ID（ID 形如 lb-4ymlu8dc）。",
		Fix:   "从 负载均衡控制台复制集群所在 VPC 中某个 CLB 的 ID，填入 kubernetes.io/ingress.existLbId。",
		Risk:  zhTKEIngressRiskNoTraffic,
	},
	TKEIngressE4101: {
		Title: "已有 CLB 上存在监听器冲突",
		Cause: "在 kubernetes.io/ingress.existLbId 指定的 CLB 上，该 Ingress 需要的监听器与已有的监听器发生冲突。",
		Fix:   "检查该 CLB 的 80 和 443 端口是否已被其他资源占用，并将其释放；或改用其他 CLB。",
		Risk:  zhTKEIngressRiskSyncBlocked,
	},
	TKEIngressE5003: {
		Title: "CLB 内部错误",
		Cause: "CLB 服务返回了内部错误。",
		Fix:   "等待下一次同步；如果错误反复出现，请向 CLB 提交工单。",
		Risk:  zhTKEIngressRiskTransient,
	},
	TKEIngressE5004: {
		Title: "CVM 内部错误",
		Cause: "控制器处理后端时，CVM 服务返回了内部错误。",
		Fix:   "如果下一次同步后错误仍未消除，请立即向 CVM 提交工单。",
		Risk:  "错误持续期间，后端可能得不到更新。",
	},
	TKEIngressE5005: {
		Title: "标签服务内部错误",
		Cause: "控制器用来标记和查找其 CLB 的标签服务返回了内部错误。",
		Fix:   "如果下一次同步后错误仍未消除，请立即向标签服务提交工单。",
		Risk:  "控制器可能无法找到自己的 CLB 或无法为其打标签，错误持续期间同步会停滞。",
	},
	TKEIngressE5007: {
		Title: "Norm 内部错误",
		Cause: "为控制器提供凭证的 Norm 服务返回了内部错误。",
		Fix:   "如果错误持续，请向 TKE 提交工单，并附上事件中控制器给出的错误信息。",
		Risk:  "没有凭证，任何云 API 调用都无法成功，错误持续期间同步停止。",
	},
	TKEIngressE5008: {
		Title: "TKE 内部错误",
		Cause: "TKE 的某个后台服务返回了内部错误。",
		Fix:   "如果错误持续，请向 TKE 提交工单，并附上事件中控制器给出的错误信息。",
		Risk:  zhTKEIngressRiskTransient,
	},
	TKEIngressE5009: {
		Title: "CLB 批量绑定/解绑后端部分失败",
		Cause: "CLB 内部错误导致批量注册或注销后端（BatchTarget）时有一部分操作失败。",
		Fix:   "如果下一次同步没有修复，请立即向 CLB 提交工单。",
		Risk:  zhTKEIngressRiskBackends,
	},
	TKEIngressE6001: {
		Title: "控制器缺少 TKE_REGION（tke-config ConfigMap 缺失）",
		Cause: "ConfigMap kube-system/tke-config 不存在或内容不全，l7-lb-controller 无法从环境变量中读取 TKE_REGION，" +
			"容器启动失败。",
		Fix:  zhTKEIngressFixTKEConfig,
		Risk: zhTKEIngressRiskClusterWide,
	},
	TKEIngressE6002: {
		Title: "控制器缺少 TKE_VPC_ID（tke-config ConfigMap 缺失）",
		Cause: "ConfigMap kube-system/tke-config 不存在或内容不全，l7-lb-controller 无法从环境变量中读取 TKE_VPC_ID，" +
			"容器启动失败。",
		Fix:  zhTKEIngressFixTKEConfig,
		Risk: zhTKEIngressRiskClusterWide,
	},
	TKEIngressE6006: {
		Title: "控制器无法访问云 API（i/o timeout）",
		Cause: "调用 clb.internal.tencentcloudapi.com 等接入域名时超时：要么 CoreDNS 对云 API 域名的解析有误，要么集群" +
			"网络存在问题。",
		Fix: "为 l7-lb-controller Deployment 添加 hostAliases：把 lb、tag、cbs、cvm、snapshot、monitor、scaling 和 ccs 的 " +
			".api.qcloud.com 域名指向 169.254.0.28，把 tke、clb 和 cvm 的 .internal.tencentcloudapi.com 域名指向 " +
			"169.254.0.95。如果问题不在 DNS，请提交工单并附上控制器日志中的堆栈信息。",
		Risk: "控制器无法与 CLB 通信，集群内所有 Ingress 都得不到同步。",
	},
	TKEIngressE6007: {
		Title: "Ingress 控制器内部错误",
		Cause: "Ingress 控制器遇到了意外的内部错误。",
		Fix:   "如果反复出现，请向 TKE 提交工单，并附上控制器日志中的异常堆栈。",
		Risk:  "该 Ingress 的同步会推迟；若错误持续存在，CLB 上的配置会与 Ingress 逐渐不一致。",
	},
	TKEIngressE6009: {
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
	TKEIngressW1000: {
		Title: "控制器缓存中找不到后端 Service",
		Cause: "某条规则的 backend.serviceName 指向一个控制器找不到的 Service，这条规则没有可绑定的后端。",
		Fix: "确认 backend.serviceName（在 networking.k8s.io/v1 中为 service.name）所指的 Service 存在于该 Ingress 的" +
			"命名空间中。",
		Risk: "匹配这条规则的请求没有后端可以转发。",
	},
	TKEIngressW1001: {
		Title: "删除 Ingress 后 CLB 被保留（非 TKE 创建）",
		Cause: "Ingress 已删除，但其 CLB 被保留了下来：该 CLB 没有 tke-createdBy-flag=yes 标签，其生命周期不归该 Ingress " +
			"管理。",
		Fix:  "如果不再需要该负载均衡，请手动删除。",
		Risk: "该 CLB 会一直存在并持续产生费用，直到被删除。",
	},
	TKEIngressW1002: {
		Title: "删除 Ingress 后监听器被保留（不归 Ingress 管理）",
		Cause: "Ingress 已删除，但其 CLB 上有一个监听器被保留了下来：该监听器的名称不是 TKE-DEDICATED-LISTENER，说明它是" +
			"在 Ingress 之外创建的，或被改过名。",
		Fix:  "如果不再需要该监听器，请手动删除。",
		Risk: "该监听器会继续按旧配置转发流量，直到有人将其删除。",
	},
	TKEIngressCLBLoopback: {
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
	TKEIngressConfigConflict: {
		Title: "同时要求了具名和自动生成的 TkeServiceConfig",
		Cause: "该 Ingress 同时设置了 ingress.cloud.tencent.com/tke-service-config（由您自己管理的 TkeServiceConfig）和 " +
			"ingress.cloud.tencent.com/tke-service-config-auto: \"true\"（由 TKE 以 <ingress>-auto-ingress-config 为名" +
			"创建）。TKE 的 TkeServiceConfig 指南不允许两者同时使用；错误码表没有为这种冲突分配错误码（E4051 针对的是" +
			"保留名称）。",
		Fix: "二者只保留其一：删除 tke-service-config-auto 以使用自己的 TkeServiceConfig，或删除 tke-service-config，" +
			"由 TKE 管理 <ingress>-auto-ingress-config。",
		Risk: "实际生效的 CLB 配置与清单所呈现的不同；两份配置之一中的设置会被忽略。",
	},
	TKEIngressAPIHostAliases: {
		Title: "l7-lb-controller 未配置云 API 域名的 hostAliases",
		Cause: "kube-system/l7-lb-controller Deployment 缺少 E6006 处理方法中添加的部分 hostAliases（把云 API 域名固定" +
			"解析到 169.254.0.28 和 169.254.0.95）。这本身不是故障：只有当 CoreDNS 对这些域名解析出错时控制器才需要它们，" +
			"那时会表现为 E6006 的 i/o timeout。",
		Fix:  "控制器同步正常时无需处理；如果 Ingress 事件报告 E6006，请添加 tke.ingress.E6006 中列出的 hostAliases。",
		Risk: "DNS 正常时没有风险；一旦 DNS 出错，集群内所有 Ingress 都得不到同步。",
	},
	TKEIngressInvalidAnnotationValue: {
		Title: "TKE Ingress 注解的取值不符合文档规定的格式",
		Cause: "某个文档规定了固定格式的 TKE Ingress 注解填了其他值：ingress.cloud.tencent.com/cross-region-id 应填地域 " +
			"ID（ap-guangzhou，而不是可用区 ap-guangzhou-3），ingress.cloud.tencent.com/cross-vpc-id 应填 VPC ID（vpc- 加 " +
			"8 位小写字母或数字）。Ingress 错误码表没有为这种错误分配错误码，因此控制器会如何反应并无文档说明：绑定可能" +
			"失败，也可能该注解被忽略。",
		Fix:  "按检查结果中给出的格式填写取值；可用区 ID 去掉末尾的 -N 即为地域 ID。",
		Risk: "CLB 没有按预期进行跨地域绑定，或者根本没有被创建。",
	},
}
