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
		Fix: "请自行在 CLB 控制台或通过 API 删除该监听器上的重定向规则。控制器会持续重试删除，重定向规则移除后即可" +
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
		Fix: "在 CLB 控制台中选择一个与集群处于同一 VPC 的实例，把它的真实 ID 填入 kubernetes.io/ingress.existLbId。" +
			"如果该实例确实存在，说明是查询本身出错，需要 CLB 技术支持排查。",
		Risk: zhTKEIngressRiskNoTraffic,
	},
	TKEIngressE4019: {
		Title: "已有 CLB 由 TKE 创建，不能复用",
		Cause: "kubernetes.io/ingress.existLbId 指定的 CLB 是 TKE 为某个 Ingress 或 Service 创建的，其生命周期归集群管理，" +
			"其他 Ingress 不能接管。",
		Fix: "让该注解指向您在 CLB 控制台自行创建的 CLB。如要移交这个 CLB：先删除它的 tke-createdBy-flag 标签（否则它会被" +
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
		Fix:   "在 CLB 控制台删除该 CLB 的全部监听器，或改为引用另一个没有监听器的 CLB。",
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
}
