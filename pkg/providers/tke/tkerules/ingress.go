package tkerules

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// TKE Ingress rules: the error codes the TKE CLB Ingress controller (l7-lb-controller) writes into Ingress
// events, plus two documented Ingress problems that carry no code. Sources: "Ingress error codes" (English),
// the Ingress table of "Service/Ingress event errors" (Chinese) and the TKE fault handling handbook.
//
// The same number means different things for Services and Ingresses (E4009 is an empty TLS secret name here
// and an account in arrears for a Service), so these rules are only ever looked up with Kind Ingress.

// Document names and the recurring risk texts of the Ingress table (its "risk if not fixed" column).
const (
	tkeIngressRiskNoTraffic = "Nothing new gets wired up on the CLB: the load balancer, listener or rules this " +
		"Ingress asks for are missing, so the routes it adds carry no traffic."
	tkeIngressRiskSyncBlocked = "The Ingress stops syncing as a whole, so later changes, including Pods being " +
		"replaced behind its Services, may never reach the CLB's backends."
	tkeIngressRiskClusterWide = "Cluster-wide: the Ingress controller cannot do its job, so no CLB Ingress in the " +
		"cluster is reconciled."
	tkeIngressRiskBackends = "Binding or unbinding backends can fail; during a rolling update the CLB may be left " +
		"without live backends and traffic is interrupted."
)

func tkeIngressDocBoth(code string) string {
	return rules.DocTKEIngressCodes + code + "; " + rules.DocTKEIngressEvents + code
}

// tkeIngress declares a TKE Ingress rule with a documented code.
func tkeIngress(code string, sev rules.Severity, d rules.Details) rules.ID {
	return rules.Coded(Provider, rules.Ingress, code, sev, d)
}

// Rules of the TKE Ingress catalog.
var (
	IngressE4000 = tkeIngress("E4000", rules.Warning, rules.Details{
		Title: "CLB API throttled while creating the load balancer",
		Cause: "The controller sent too many CreateLoadBalancer calls in a short time and the CLB API answered " +
			"RequestLimitExceeded.",
		Fix: "Usually nothing: the controller retries the call on its own. If the event keeps repeating, find " +
			"what else is calling the CLB API heavily in the same account and region, or open a ticket.",
		Risk:    "A single occurrence only delays the sync; if it persists the Ingress is not reconciled.",
		Doc:     rules.DocTKEIngressCodes + "E4000",
		Retried: true,
		Zh: rules.Text{
			Title: "创建负载均衡时 CLB API 被限频",
			Cause: "控制器在短时间内调用 CreateLoadBalancer 的次数过多，CLB API 返回 RequestLimitExceeded。",
			Fix: "通常无需处理：控制器会自行重试该调用。若该事件反复出现，请排查同一账号、同一地域下还有哪些程序在大量" +
				"调用 CLB API，或提交工单。",
			Risk: "偶尔出现只会推迟同步；若持续出现，该 Ingress 将得不到同步。",
		},
	})
	IngressE4003 = tkeIngress("E4003", rules.Error, rules.Details{
		Title: "CLB instance quota reached",
		Cause: "The account already holds the maximum number of CLB instances it may create, so " +
			"CreateLoadBalancer fails with LimitExceeded.",
		Fix:  "Open a ticket to raise the CLB instance quota, or delete load balancers you no longer use.",
		Risk: tkeIngressRiskNoTraffic,
		Doc:  tkeIngressDocBoth("E4003"),
		Zh: rules.Text{
			Title: "CLB 实例数量已达配额上限",
			Cause: "账号可创建的 CLB 实例数量已经用满，CreateLoadBalancer 返回 LimitExceeded。",
			Fix:   "提交工单申请提高 CLB 实例配额，或删除不再使用的负载均衡。",
			Risk:  zhTKEIngressRiskNoTraffic,
		},
	})
	IngressE4004 = tkeIngress("E4004", rules.Error, rules.Details{
		Title: "Listener quota of the CLB reached",
		Cause: "The load balancer already has as many listeners as it is allowed, so CreateListener fails with " +
			"LimitExceeded.",
		Fix: "Open a ticket asking for a higher listener limit on that CLB, or remove listeners that are no " +
			"longer needed.",
		Risk: "The HTTP or HTTPS listener for this Ingress is not created, so that port does not accept traffic.",
		Doc:  rules.DocTKEIngressCodes + "E4004",
		Zh: rules.Text{
			Title: "CLB 的监听器数量已达上限",
			Cause: "该负载均衡上的监听器数量已达到允许的最大值，CreateListener 返回 LimitExceeded。",
			Fix:   "提交工单申请提高该 CLB 的监听器数量上限，或删除不再需要的监听器。",
			Risk:  "该 Ingress 所需的 HTTP 或 HTTPS 监听器未能创建，对应端口无法接收流量。",
		},
	})
	IngressE4005 = tkeIngress("E4005", rules.Error, rules.Details{
		Title: "Forwarding rule quota of the CLB reached",
		Cause: "The CLB holds the maximum number of layer-7 forwarding rules (host/path rules), so CreateRule " +
			"fails with LimitExceeded.",
		Fix: "Open a ticket to raise the rule quota, or split the hosts and paths across several Ingresses " +
			"so each gets its own CLB.",
		Risk: tkeIngressRiskNoTraffic,
		Doc:  tkeIngressDocBoth("E4005"),
		Zh: rules.Text{
			Title: "CLB 的转发规则数量已达配额上限",
			Cause: "该 CLB 上七层转发规则（域名/路径规则）的数量已达上限，CreateRule 返回 LimitExceeded。",
			Fix:   "提交工单申请提高转发规则配额，或将域名和路径拆分到多个 Ingress，使每个 Ingress 使用各自的 CLB。",
			Risk:  zhTKEIngressRiskNoTraffic,
		},
	})
	IngressE4006 = tkeIngress("E4006", rules.Warning, rules.Details{
		Title: "Listener cannot be deleted: it carries redirection config",
		Cause: "Someone added redirection rules to a listener that the Ingress owns; CLB will not delete a " +
			"listener while redirection is configured on it (DeleteListener fails).",
		Fix: "Remove the redirection rules from that listener yourself in the CLB console or API. The " +
			"controller keeps retrying the deletion and succeeds once they are gone.",
		Risk:    "The stale listener stays on the CLB and keeps forwarding with its old configuration.",
		Doc:     rules.DocTKEIngressCodes + "E4006",
		Retried: true,
		Zh: rules.Text{
			Title: "监听器上配置了重定向，无法删除",
			Cause: "有人在 Ingress 管理的监听器上添加了重定向规则；监听器上存在重定向配置时，CLB 不允许删除该监听器" +
				"（DeleteListener 失败）。",
			Fix: "请自行在负载均衡控制台或通过 API 删除该监听器上的重定向规则。控制器会持续重试删除，重定向规则移除后即可" +
				"删除成功。",
			Risk: "过时的监听器仍留在 CLB 上，并继续按旧配置转发流量。",
		},
	})
	IngressE4007 = tkeIngress("E4007", rules.Error, rules.Details{
		Title: "Norm rejects the controller's credentials (ip-masq-agent config)",
		Cause: "Norm AssumeTkeCredential returned -8017 or -8032 Record Not Exist. Norm authenticates by the " +
			"node's source IP; this typically happens after ip-masq-agent-config was edited (for example " +
			"nonMasqueradeCIDRs set to 0.0.0.0/0, or the pods' source ranges, the Ingress controller's own pod IP among them, listed under nonMasqueradeSrcCIDRs), so requests " +
			"to Norm leave with the Pod IP instead.",
		Fix: "Run kubectl get configmap -n kube-system ip-masq-agent-config and keep only the cluster and VPC " +
			"CIDRs under nonMasqueradeCIDRs (check the ip-masq-agent Pods' age to see whether it changed " +
			"recently), then restart the Ingress controller (l7-lb-controller in kube-system, or service-controller where the Ingress " +
			"controller runs merged into it).",
		Risk: "Without credentials the controller cannot call any cloud API, so no CLB Ingress in the cluster " +
			"syncs.",
		Doc:     rules.DocTKEIngressCodes + "E4007",
		Decides: []rules.Decision{{By: rules.ByClusterConfig, What: words.Phrase{En: "kube-system/ip-masq-agent-config: nonMasqueradeCIDRs and nonMasqueradeSrcCIDRs; the nodes' pod CIDRs; the pod IPs of the load-balancer controller's pods in kube-system", Zh: "kube-system/ip-masq-agent-config 中的 nonMasqueradeCIDRs 和 nonMasqueradeSrcCIDRs；各节点的 Pod CIDR；kube-system 中负载均衡控制器 Pod 的 IP"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "Norm 拒绝控制器的凭证（ip-masq-agent 配置）",
			Cause: "Norm AssumeTkeCredential 返回 -8017 或 -8032 Record Not Exist。Norm 依据节点的源 IP 鉴权；这通常发生在" +
				"修改 ip-masq-agent-config 之后（例如把 nonMasqueradeCIDRs 设为 0.0.0.0/0，或在 nonMasqueradeSrcCIDRs 中" +
				"列出了 Pod 的源地址段，其中包括 Ingress 控制器自身的 Pod IP），此时发往 Norm 的请求以 Pod IP 而不是节点 IP 发出。",
			Fix: "执行 kubectl get configmap -n kube-system ip-masq-agent-config，在 nonMasqueradeCIDRs 中只保留集群和 VPC " +
				"的网段（可查看 ip-masq-agent Pod 的运行时长，判断配置是否近期被改动过），然后重启 Ingress 控制器" +
				"（kube-system 中的 l7-lb-controller；Ingress 控制器以融合模式运行时为 service-controller）。",
			Risk: "没有凭证，控制器无法调用任何云 API，集群内所有 CLB 类型的 Ingress 都无法同步。",
		},
	})
	IngressE4008 = tkeIngress("E4008", rules.Error, rules.Details{
		Title: "TKE service authorization (TKE_QCSRole) was revoked",
		Cause: "Norm AssumeTkeCredential returned -8002 Data is nil: the authorization TKE needs to act on the " +
			"account was removed, for example the TKE_QCSRole role was deleted.",
		Fix: "In Cloud Access Management look up the role TKE_QCSRole, create it if it is missing, and grant " +
			"it the TKE service preset role permissions again.",
		Risk: tkeIngressRiskClusterWide,
		Doc:  tkeIngressDocBoth("E4008"),
		Zh: rules.Text{
			Title: "TKE 服务授权（TKE_QCSRole）已被撤销",
			Cause: "Norm AssumeTkeCredential 返回 -8002 Data is nil：TKE 代表账号操作云资源所需的授权已被移除，例如" +
				"角色 TKE_QCSRole 被删除。",
			Fix:  "在访问管理控制台中查找角色 TKE_QCSRole，若不存在则新建，并重新为其授予 TKE 服务预设角色的权限。",
			Risk: zhTKEIngressRiskClusterWide,
		},
	})
	IngressE4009 = tkeIngress("E4009", rules.Error, rules.Details{
		Title: "TLS entry has no Secret name",
		Cause: "An item of spec.tls leaves secretName empty or unset, so the controller has no certificate " +
			"to put on the HTTPS listener.",
		Fix: "For HTTPS, set spec.tls[].secretName to a Secret that carries qcloud_cert_id " +
			"(https://kubernetes.io/docs/concepts/services-networking/ingress/#tls); if you only serve HTTP, " +
			"delete spec.tls.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocBoth("E4009"),
		Zh: rules.Text{
			Title: "spec.tls 条目缺少 Secret 名称",
			Cause: "spec.tls 中某一项的 secretName 为空或未设置，控制器拿不到可用于 HTTPS 监听器的证书。",
			Fix: "如需 HTTPS，请把 spec.tls[].secretName 设为一个含有 qcloud_cert_id 的 Secret" +
				"（https://kubernetes.io/docs/concepts/services-networking/ingress/#tls）；如果只提供 HTTP 服务，" +
				"请删除 spec.tls。",
			Risk: zhTKEIngressRiskSyncBlocked,
		},
	})
	IngressE4010 = tkeIngress("E4010", rules.Error, rules.Details{
		Title: "TLS Secret does not exist",
		Cause: "The Secret named in spec.tls[].secretName is not present in the Ingress's namespace.",
		Fix: "Create it next to the Ingress with the certificate ID under qcloud_cert_id (kubectl create " +
			"secret generic <name> -n <namespace> --from-literal=qcloud_cert_id=<cert-id>), or correct " +
			"spec.tls[].secretName.",
		Risk:    tkeIngressRiskSyncBlocked,
		Doc:     tkeIngressDocBoth("E4010"),
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the TLS Secret", Zh: "所引用的 TLS Secret"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "TLS 引用的 Secret 不存在",
			Cause: "spec.tls[].secretName 指定的 Secret 不在该 Ingress 所在的命名空间中。",
			Fix: "在 Ingress 所在命名空间中创建该 Secret，并把证书 ID 写入 qcloud_cert_id（kubectl create secret generic " +
				"<name> -n <namespace> --from-literal=qcloud_cert_id=<cert-id>），或改正 spec.tls[].secretName。",
			Risk: zhTKEIngressRiskSyncBlocked,
		},
	})
	IngressE4011 = tkeIngress("E4011", rules.Error, rules.Details{
		Title: "TLS Secret has no qcloud_cert_id",
		Cause: "The Secret referenced from spec.tls exists but lacks the qcloud_cert_id key (or it is empty), " +
			"so there is no CLB certificate ID to use.",
		Fix: "Store the SSL certificate ID in the Secret as data.qcloud_cert_id (base64 of the ID, e.g. via " +
			"kubectl create secret generic <name> -n <namespace> --from-literal=qcloud_cert_id=<cert-id>) and " +
			"check that decoding it yields the ID shown in the certificate console. See " +
			"https://kubernetes.io/docs/concepts/configuration/secret/.",
		Risk:    tkeIngressRiskSyncBlocked,
		Doc:     tkeIngressDocBoth("E4011"),
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the TLS Secret", Zh: "所引用的 TLS Secret"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "TLS Secret 中缺少 qcloud_cert_id",
			Cause: "spec.tls 引用的 Secret 存在，但其中没有 qcloud_cert_id 键（或值为空），因此没有可用的 CLB 证书 ID。",
			Fix: "把 SSL 证书 ID 以 data.qcloud_cert_id 存入该 Secret（值为证书 ID 的 base64 编码，例如用 kubectl create " +
				"secret generic <name> -n <namespace> --from-literal=qcloud_cert_id=<cert-id> 创建），并确认解码后的值与" +
				"证书控制台中显示的 ID 一致。参见 https://kubernetes.io/docs/concepts/configuration/secret/。",
			Risk: zhTKEIngressRiskSyncBlocked,
		},
	})
	IngressE4012 = tkeIngress("E4012", rules.Error, rules.Details{
		Title: "Certificate unknown or unusable (CreateListener InvalidParameterValue)",
		Cause: "CLB rejected the HTTPS listener with InvalidParameterValue, most often because the " +
			"qcloud_cert_id in the TLS Secret names no existing certificate (detail: Query certificate '<id>' " +
			"failed.) or the certificate is in an abnormal state.",
		Fix: "Look the ID up in the SSL Certificate console; if it is wrong or the certificate is unusable, " +
			"upload or issue a valid certificate and write its ID into the Secret's qcloud_cert_id.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocBoth("E4012"),
		Zh: rules.Text{
			Title: "证书不存在或状态异常（CreateListener InvalidParameterValue）",
			Cause: "CLB 以 InvalidParameterValue 拒绝创建 HTTPS 监听器，最常见的原因是 TLS Secret 中的 qcloud_cert_id 不对应" +
				"任何已有证书（详情为 Query certificate '<id>' failed.），或该证书状态异常。",
			Fix: "在 SSL 证书控制台中查询该 ID；若 ID 有误或证书不可用，请上传或申请一张有效证书，并把它的 ID 写入 Secret 的 " +
				"qcloud_cert_id。",
			Risk: zhTKEIngressRiskSyncBlocked,
		},
	})
	IngressE4013 = tkeIngress("E4013", rules.Error, rules.Details{
		Title: "Ingress rule has an empty http section",
		Cause: "A rule in spec.rules has no http content (spec.rules.http is empty), so there are no paths to " +
			"turn into CLB forwarding rules.",
		Fix: "Give every entry of spec.rules an http.paths list with at least one path and backend, or " +
			"remove the empty rule.",
		Risk: "The controller cannot build the forwarding rules and the Ingress stays unsynced.",
		Doc:  rules.DocTKEIngressCodes + "E4013",
		Zh: rules.Text{
			Title: "Ingress 规则的 http 部分为空",
			Cause: "spec.rules 中有一条规则没有 http 内容（spec.rules.http 为空），因此没有可以转换为 CLB 转发规则的路径。",
			Fix:   "为 spec.rules 的每一项提供 http.paths 列表，且至少包含一个 path 及其 backend；或删除这条空规则。",
			Risk:  "控制器无法生成转发规则，该 Ingress 一直处于未同步状态。",
		},
	})
	IngressE4017 = tkeIngress("E4017", rules.Error, rules.Details{
		Title: "Labels on the CLB were altered; controller cannot find it",
		Cause: "The controller locates its load balancer by the labels (tags) it put on the CLB. These " +
			"labels, or the CLB itself, were changed or deleted, so the lookup fails.",
		Fix: "Since the recorded state may no longer match the cloud, delete that CLB (or remove all of its " +
			"labels) and recreate the Ingress so a fresh load balancer is built.",
		Risk: "The Ingress can no longer be reconciled; the old CLB may keep serving stale rules or be " +
			"orphaned.",
		Doc: rules.DocTKEIngressCodes + "E4017",
		Zh: rules.Text{
			Title: "CLB 上的标签被改动，控制器找不到该实例",
			Cause: "控制器依靠它在 CLB 上打的标签来定位自己的负载均衡。这些标签或 CLB 本身被修改或删除，导致查找失败。",
			Fix: "由于控制器记录的状态可能已与云上不一致，请删除该 CLB（或移除它的全部标签），然后重建 Ingress，让控制器" +
				"创建一个全新的负载均衡。",
			Risk: "该 Ingress 无法再被同步；旧的 CLB 可能继续按过时的规则提供服务，或成为无人管理的孤立资源。",
		},
	})
	IngressE4018 = tkeIngress("E4018", rules.Error, rules.Details{
		Title: "CLB in kubernetes.io/ingress.existLbId does not exist",
		Cause: "The load balancer ID given in the kubernetes.io/ingress.existLbId annotation is not found in " +
			"this account and region.",
		Fix: "In the CLB console pick an instance in the same VPC as the cluster and put its real ID in " +
			"kubernetes.io/ingress.existLbId. If the instance does exist, the lookup itself failed and CLB " +
			"support should look into it.",
		Risk: tkeIngressRiskNoTraffic,
		Doc:  tkeIngressDocBoth("E4018"),
		Zh: rules.Text{
			Title: "kubernetes.io/ingress.existLbId 指定的 CLB 不存在",
			Cause: "在当前账号和地域下找不到 kubernetes.io/ingress.existLbId 注解中给出的负载均衡 ID。",
			Fix: "在负载均衡控制台中选择一个与集群处于同一 VPC 的实例，把它的真实 ID 填入 kubernetes.io/ingress.existLbId。" +
				"如果该实例确实存在，说明是查询本身出错，需要 CLB 技术支持排查。",
			Risk: zhTKEIngressRiskNoTraffic,
		},
	})
	IngressE4019 = tkeIngress("E4019", rules.Error, rules.Details{
		Title: "Existing CLB was created by TKE and cannot be reused",
		Cause: "The CLB named in kubernetes.io/ingress.existLbId was created by TKE for an Ingress or Service " +
			"and its lifecycle belongs to the cluster, so another Ingress may not take it over.",
		Fix: "Point the annotation at a CLB you created yourself in the CLB console. To hand this one over: " +
			"remove its tke-createdBy-flag tag first (otherwise it is destroyed), delete the owning " +
			"Ingress/Service, reference the CLB from the new Ingress, and add tke-createdBy-flag=yes only if " +
			"the Ingress should manage and later delete it.",
		Risk:    tkeIngressRiskNoTraffic,
		Doc:     tkeIngressDocBoth("E4019"),
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the other Ingresses and Services that use the CLB", Zh: "使用同一 CLB 的其他 Ingress 和 Service"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "已有 CLB 由 TKE 创建，不能复用",
			Cause: "kubernetes.io/ingress.existLbId 指定的 CLB 是 TKE 为某个 Ingress 或 Service 创建的，其生命周期归集群管理，" +
				"其他 Ingress 不能接管。",
			Fix: "让该注解指向您在负载均衡控制台自行创建的 CLB。如要移交这个 CLB：先删除它的 tke-createdBy-flag 标签（否则它会被" +
				"销毁），再删除原先使用它的 Ingress/Service，然后在新的 Ingress 中引用它；只有希望由该 Ingress 管理并在日后" +
				"删除它时，才加上 tke-createdBy-flag=yes。",
			Risk: zhTKEIngressRiskNoTraffic,
		},
	})
	IngressE4020 = tkeIngress("E4020", rules.Error, rules.Details{
		Title: "Existing CLB is already used by another Ingress",
		Cause: "The CLB in kubernetes.io/ingress.existLbId already serves a different Ingress; one CLB backs two " +
			"Ingresses only when both were created sharing it (ingress.cloud.tencent.com/enable-group: \"true\").",
		Fix: "Use a separate, self-created CLB for this Ingress, or create both Ingresses anew with " +
			"ingress.cloud.tencent.com/enable-group: \"true\" next to existLbId (controller v2.10.0 or later, merged " +
			"mode; 457/127545). To move the CLB over, clear its " +
			"tke-createdBy-flag tag, delete the Ingress that uses it, reference it from the new Ingress, and " +
			"re-add tke-createdBy-flag=yes only if the Ingress should own its lifecycle.",
		Risk:    tkeIngressRiskNoTraffic,
		Doc:     tkeIngressDocBoth("E4020"),
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the other Ingresses that use the CLB", Zh: "使用同一 CLB 的其他 Ingress"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "已有 CLB 已被其他 Ingress 使用",
			Cause: "kubernetes.io/ingress.existLbId 中的 CLB 已经在为另一个 Ingress 服务；只有两个 Ingress 都在创建时声明共享" +
				"（ingress.cloud.tencent.com/enable-group: \"true\"），一个 CLB 才能同时承载它们。",
			Fix: "为该 Ingress 单独使用一个自行创建的 CLB，或者在 existLbId 旁加上 ingress.cloud.tencent.com/enable-group: \"true\" " +
				"重新创建这两个 Ingress（控制器 v2.10.0 或更高版本、融合模式；457/127545）。如要迁移这个 CLB：清除它的 tke-createdBy-flag 标签，删除正在使用它的 " +
				"Ingress，在新的 Ingress 中引用它；只有希望由该 Ingress 管理其生命周期时，才重新加上 tke-createdBy-flag=yes。",
			Risk: zhTKEIngressRiskNoTraffic,
		},
	})
	IngressE4021 = tkeIngress("E4021", rules.Error, rules.Details{
		Title: "Existing CLB still has listeners",
		Cause: "The CLB in kubernetes.io/ingress.existLbId has listeners left on it. The controller refuses " +
			"such a CLB so it cannot clobber configuration it does not own.",
		Fix:  "Delete every listener of that CLB in the CLB console, or reference a different, empty CLB.",
		Risk: tkeIngressRiskNoTraffic,
		Doc:  tkeIngressDocBoth("E4021"),
		Zh: rules.Text{
			Title: "已有 CLB 上仍有监听器",
			Cause: "kubernetes.io/ingress.existLbId 指定的 CLB 上还留有监听器。控制器拒绝使用这样的 CLB，以免覆盖不属于它的配置。",
			Fix:   "在负载均衡控制台删除该 CLB 的全部监听器，或改为引用另一个没有监听器的 CLB。",
			Risk:  zhTKEIngressRiskNoTraffic,
		},
	})
	IngressE4022 = tkeIngress("E4022", rules.Error, rules.Details{
		Title: "kubernetes.io/ingress.http-rules is not valid",
		Cause: "The kubernetes.io/ingress.http-rules annotation must be a JSON array of rules and the " +
			"controller could not parse it.",
		Fix: "Rewrite the annotation as a JSON array, e.g. " +
			`'[{"path":"/abc","backend":{"serviceName":"nginx-service-2","servicePort":"8080"}}]'` +
			", or edit the Ingress from the TKE console so the annotation is generated for you.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocBoth("E4022"),
		Zh: rules.Text{
			Title: "kubernetes.io/ingress.http-rules 取值无效",
			Cause: "kubernetes.io/ingress.http-rules 注解必须是由规则组成的 JSON 数组，控制器无法解析其内容。",
			Fix:   zhTKEIngressFixRulesJSON,
			Risk:  zhTKEIngressRiskSyncBlocked,
		},
	})
	IngressE4023 = tkeIngress("E4023", rules.Error, rules.Details{
		Title: "kubernetes.io/ingress.https-rules is not valid",
		Cause: "The kubernetes.io/ingress.https-rules annotation must be a JSON array of rules and the " +
			"controller could not parse it. (The English list heads this code \"create lb error: " +
			"ResourceInsufficient\", but its text and the event table both describe the https-rules parse " +
			"error.)",
		Fix: "Rewrite the annotation as a JSON array, e.g. " +
			`'[{"path":"/abc","backend":{"serviceName":"nginx-service-2","servicePort":"8080"}}]'` +
			", or edit the Ingress from the TKE console so the annotation is generated for you.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocBoth("E4023"),
		Zh: rules.Text{
			Title: "kubernetes.io/ingress.https-rules 取值无效",
			Cause: "kubernetes.io/ingress.https-rules 注解必须是由规则组成的 JSON 数组，控制器无法解析其内容。（英文错误码列表" +
				"给该错误码的标题是 \"create lb error: ResourceInsufficient\"，但其正文和事件表描述的都是 https-rules 的解析" +
				"错误。）",
			Fix:  zhTKEIngressFixRulesJSON,
			Risk: zhTKEIngressRiskSyncBlocked,
		},
	})
	IngressE4024 = tkeIngress("E4024", rules.Error, rules.Details{
		Title: "CLB creation rejected: invalid parameter from annotations",
		Cause: "CreateLoadBalancer failed with InvalidParameter or InvalidParameterValue because a value the " +
			"Ingress passes through its annotations is wrong or incomplete.",
		Fix: "Check the CLB-shaping annotations (kubernetes.io/ingress.extensiveParameters, " +
			"kubernetes.io/ingress.subnetId, kubernetes.io/ingress.internetChargeType, " +
			"kubernetes.io/ingress.internetMaxBandwidthOut) against the parameter named in the event.",
		Risk: "No CLB is created for the Ingress, so it receives no traffic.",
		Doc:  rules.DocTKEIngressCodes + "E4024",
		Zh: rules.Text{
			Title: "CLB 创建被拒：注解传入的参数无效",
			Cause: "CreateLoadBalancer 返回 InvalidParameter 或 InvalidParameterValue，原因是 Ingress 通过注解传入的某个值" +
				"有误或不完整。",
			Fix: "对照事件中指出的参数，检查决定 CLB 创建方式的注解（kubernetes.io/ingress.extensiveParameters、" +
				"kubernetes.io/ingress.subnetId、kubernetes.io/ingress.internetChargeType、" +
				"kubernetes.io/ingress.internetMaxBandwidthOut）。",
			Risk: "未能为该 Ingress 创建 CLB，它收不到任何流量。",
		},
	})
	IngressE4025 = tkeIngress("E4025", rules.Error, rules.Details{
		Title: "CLB creation failed: ResourceInsufficient (subnet IPs)",
		Cause: "Not enough resources to create the load balancer; for a private-network CLB this usually " +
			"means the subnet has no free IP address left.",
		Fix: "Check the free IPs of the subnet in kubernetes.io/ingress.subnetId; release addresses there or " +
			"switch the annotation to a subnet with room.",
		Risk: "No CLB is created for the Ingress, so it receives no traffic.",
		Doc:  rules.DocTKEIngressCodes + "E4025",
		Zh: rules.Text{
			Title: "CLB 创建失败：ResourceInsufficient（子网 IP 不足）",
			Cause: "资源不足，无法创建负载均衡；对内网 CLB 来说，这通常意味着子网中已经没有空闲的 IP 地址。",
			Fix:   "查看 kubernetes.io/ingress.subnetId 所指子网的剩余 IP；释放其中的地址，或把该注解改为一个仍有余量的子网。",
			Risk:  "未能为该 Ingress 创建 CLB，它收不到任何流量。",
		},
	})
	IngressE4026 = tkeIngress("E4026", rules.Error, rules.Details{
		Title: "kubernetes.io/ingress.extensiveParameters is not valid JSON",
		Cause: "The kubernetes.io/ingress.extensiveParameters annotation, used to pass extra CreateLoadBalancer " +
			"parameters, does not parse as a JSON object.",
		Fix: "Write it as a JSON object of CreateLoadBalancer parameters, e.g. " +
			`'{"AddressIPVersion":"IPv4","ZoneId":"ap-guangzhou-1"}'` +
			" (parameter list: CLB API CreateLoadBalancer, document 214/30692).",
		Risk: "The CLB for the Ingress is not created, so the Ingress receives no traffic.",
		Doc:  rules.DocTKEIngressCodes + "E4026",
		Zh: rules.Text{
			Title: "kubernetes.io/ingress.extensiveParameters 不是合法 JSON",
			Cause: "kubernetes.io/ingress.extensiveParameters 注解用于传递额外的 CreateLoadBalancer 参数，但其内容无法解析为" +
				" JSON 对象。",
			Fix: "把它写成由 CreateLoadBalancer 参数组成的 JSON 对象，例如 " +
				`'{"AddressIPVersion":"IPv4","ZoneId":"ap-guangzhou-1"}'` +
				"（参数列表见 CLB API 的 CreateLoadBalancer 接口，文档 214/30692）。",
			Risk: "该 Ingress 的 CLB 未能创建，Ingress 收不到任何流量。",
		},
	})
	IngressE4027 = tkeIngress("E4027", rules.Error, rules.Details{
		Title: "Account balance insufficient (arrears)",
		Cause: "The Tencent Cloud account is overdue, so EnsureCreateLoadBalancer cannot buy a CLB.",
		Fix:   "Top up the account; the next sync then creates the load balancer.",
		Risk:  tkeIngressRiskNoTraffic,
		Doc:   tkeIngressDocBoth("E4027"),
		Zh: rules.Text{
			Title: "账号余额不足（欠费）",
			Cause: "腾讯云账号已欠费，EnsureCreateLoadBalancer 无法购买 CLB。",
			Fix:   "为账号充值；下一次同步时控制器便会创建负载均衡。",
			Risk:  zhTKEIngressRiskNoTraffic,
		},
	})
	IngressE4030 = tkeIngress("E4030", rules.Error, rules.Details{
		Title: "Existing CLB is a classic CLB without layer-7 support",
		Cause: "The CLB referenced via kubernetes.io/ingress.existLbId is a classic (traditional) CLB, on which " +
			"the layer-7 rules of an Ingress cannot be created (This interface only support HTTP/HTTPS " +
			"listener).",
		Fix: "Reference a non-classic CLB instance in kubernetes.io/ingress.existLbId, or drop the annotation " +
			"and let the controller create a CLB.",
		Risk: "No layer-7 rules are set up, so the Ingress routes no traffic.",
		Doc:  rules.DocTKEIngressCodes + "E4030",
		Zh: rules.Text{
			Title: "已有 CLB 为传统型负载均衡，不支持七层",
			Cause: "通过 kubernetes.io/ingress.existLbId 引用的 CLB 是传统型负载均衡，无法在其上创建 Ingress 的七层规则" +
				"（This interface only support HTTP/HTTPS listener）。",
			Fix:  "在 kubernetes.io/ingress.existLbId 中改为引用非传统型的 CLB 实例，或删除该注解，由控制器自行创建 CLB。",
			Risk: "七层规则未能配置，该 Ingress 不转发任何流量。",
		},
	})
	IngressE4031 = tkeIngress("E4031", rules.Error, rules.Details{
		Title: "Ingress path is not a valid CLB forwarding path",
		Cause: "A path breaks CLB's rules for URL paths: it must begin with /, be 1-120 characters long and " +
			"use only a-z A-Z 0-9 . - / = ? — regular expressions are not supported in CLB forwarding paths.",
		Fix: "Change spec.rules[].http.paths[].path (or the path in the http-rules/https-rules annotations) " +
			"to a plain path within those limits; leaving it empty means /.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocBoth("E4031"),
		Zh: rules.Text{
			Title: "Ingress 路径不是合法的 CLB 转发路径",
			Cause: "某个路径不符合 CLB 对 URL 路径的要求：必须以 / 开头，长度为 1-120 个字符，且只能使用 a-z A-Z 0-9 . - / = ? " +
				"这些字符；CLB 的转发路径不支持正则表达式。",
			Fix: "把 spec.rules[].http.paths[].path（或 http-rules/https-rules 注解中的 path）改为满足上述限制的普通路径；" +
				"留空即表示 /。",
			Risk: zhTKEIngressRiskSyncBlocked,
		},
	})
	IngressE4032 = tkeIngress("E4032", rules.Error, rules.Details{
		Title: "AddressIPVersion not allowed for this cluster",
		Cause: "The load balancer's AddressIPVersion is unsupported: a cluster on an IPv4 network can use " +
			"IPv4 and NAT IPv6 CLBs, but not pure IPv6 ones.",
		Fix: "For a new CLB, set AddressIPVersion in kubernetes.io/ingress.extensiveParameters to IPv4 or " +
			"NAT IPv6; for kubernetes.io/ingress.existLbId, choose a CLB that is not pure IPv6.",
		Risk: "The load balancer cannot be created or used, so the Ingress receives no traffic.",
		Doc:  rules.DocTKEIngressCodes + "E4032",
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the nodes: an IPv6 address or pod CIDR on any of them shows a cluster with IPv6 networking, where the refusal does not apply", Zh: "集群的节点：只要有一个节点带 IPv6 地址或 IPv6 Pod CIDR，集群就启用了 IPv6 网络，这项拒绝便不适用"},
			IfUnknown: rules.UnknownWarns}},
		Zh: rules.Text{
			Title: "该集群不允许使用此 AddressIPVersion",
			Cause: "负载均衡的 AddressIPVersion 不受支持：IPv4 网络的集群可以使用 IPv4 和 NAT IPv6 类型的 CLB，但不能使用纯 " +
				"IPv6 的 CLB。",
			Fix: "新建 CLB 时，在 kubernetes.io/ingress.extensiveParameters 中把 AddressIPVersion 设为 IPv4 或 NAT IPv6；" +
				"使用 kubernetes.io/ingress.existLbId 时，请选择不是纯 IPv6 的 CLB。",
			Risk: "负载均衡无法创建或无法使用，该 Ingress 收不到任何流量。",
		},
	})
	IngressE4033 = tkeIngress("E4033", rules.Error, rules.Details{
		Title: "IPv6 CLB not available in this region",
		Cause: "IPv6 load balancers are offered only in some regions, and the cluster's region is not one of " +
			"them.",
		Fix: "Use an IPv4 CLB (AddressIPVersion IPv4 in kubernetes.io/ingress.extensiveParameters); if IPv6 " +
			"is essential, contact CLB support.",
		Risk: "The IPv6 load balancer is never created, so the Ingress receives no traffic.",
		Doc:  rules.DocTKEIngressCodes + "E4033",
		Zh: rules.Text{
			Title: "该地域不提供 IPv6 CLB",
			Cause: "IPv6 负载均衡只在部分地域提供，集群所在的地域不在其中。",
			Fix: "改用 IPv4 CLB（在 kubernetes.io/ingress.extensiveParameters 中把 AddressIPVersion 设为 IPv4）；如果必须使用 " +
				"IPv6，请联系 CLB 技术支持。",
			Risk: "IPv6 负载均衡始终不会被创建，该 Ingress 收不到任何流量。",
		},
	})
	IngressE4034 = tkeIngress("E4034", rules.Error, rules.Details{
		Title: "Rule without host on an IPv6 CLB",
		Cause: "A rule leaves host empty. On IPv4 CLBs the VIP stands in for a missing host, but IPv6 CLBs have " +
			"no such default, so every rule needs a domain.",
		Fix:  "Set spec.rules[].host on every rule of the Ingress; none may be left blank.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocBoth("E4034"),
		Zh: rules.Text{
			Title: "IPv6 CLB 上有规则未填写 host",
			Cause: "某条规则的 host 为空。IPv4 CLB 会用 VIP 代替缺失的 host，而 IPv6 CLB 没有这样的默认值，所以每条规则都必须" +
				"填写域名。",
			Fix:  "为该 Ingress 的每条规则设置 spec.rules[].host，任何一条都不能留空。",
			Risk: zhTKEIngressRiskSyncBlocked,
		},
	})
	IngressE4035 = tkeIngress("E4035", rules.Error, rules.Details{
		Title: "Certificate ID has an invalid format",
		Cause: "The qcloud_cert_id in the TLS Secret is malformed (its length is wrong), so CLB rejects it as " +
			"CertificateId Invalid.",
		Fix: "Copy the exact certificate ID from the CLB/SSL certificate console into the Secret's " +
			"qcloud_cert_id (see TKE doc 457/45738 on Ingress certificates).",
		Risk:    tkeIngressRiskSyncBlocked,
		Doc:     tkeIngressDocBoth("E4035"),
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the TLS Secret", Zh: "所引用的 TLS Secret"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "证书 ID 格式不正确",
			Cause: "TLS Secret 中的 qcloud_cert_id 格式不对（长度错误），CLB 以 CertificateId Invalid 拒绝该 ID。",
			Fix: "从 CLB/SSL 证书控制台复制准确的证书 ID，填入 Secret 的 qcloud_cert_id（参见 TKE 文档 457/45738 中关于 " +
				"Ingress 证书配置的说明）。",
			Risk: zhTKEIngressRiskSyncBlocked,
		},
	})
	IngressE4036 = tkeIngress("E4036", rules.Error, rules.Details{
		Title: "Certificate ID not found",
		Cause: "The qcloud_cert_id in the TLS Secret is well-formed but no certificate with that ID exists.",
		Fix: "Find the right certificate in the CLB/SSL certificate console and put its ID into the Secret's " +
			"qcloud_cert_id.",
		Risk: "The HTTPS listener cannot get a certificate and the Ingress stays unsynced.",
		Doc:  rules.DocTKEIngressCodes + "E4036",
		Zh: rules.Text{
			Title: "找不到该证书 ID",
			Cause: "TLS Secret 中的 qcloud_cert_id 格式正确，但不存在这个 ID 的证书。",
			Fix:   "在 CLB/SSL 证书控制台中找到正确的证书，把它的 ID 填入 Secret 的 qcloud_cert_id。",
			Risk:  "HTTPS 监听器拿不到证书，该 Ingress 一直处于未同步状态。",
		},
	})
	IngressE4037 = tkeIngress("E4037", rules.Error, rules.Details{
		Title: "ingress.cloud.tencent.com/direct-access is not a boolean",
		Cause: "The ingress.cloud.tencent.com/direct-access annotation accepts only true or false and holds " +
			"something else.",
		Fix:  "Set ingress.cloud.tencent.com/direct-access to \"true\" or \"false\".",
		Risk: "The controller cannot decide how to bind backends, so the Ingress is not synced.",
		Doc:  rules.DocTKEIngressCodes + "E4037",
		Zh: rules.Text{
			Title: "ingress.cloud.tencent.com/direct-access 不是布尔值",
			Cause: "ingress.cloud.tencent.com/direct-access 注解只接受 true 或 false，当前却是其他值。",
			Fix:   "将 ingress.cloud.tencent.com/direct-access 设为 \"true\" 或 \"false\"。",
			Risk:  "控制器无法确定以何种方式绑定后端，该 Ingress 不会被同步。",
		},
	})
	IngressE4038 = tkeIngress("E4038", rules.Error, rules.Details{
		Title: "Certificate is not a server certificate",
		Cause: "The certificate configured for one-way TLS is a client certificate; an HTTPS listener needs " +
			"a server certificate.",
		Fix: "Check the certificate type in the CLB console. If it is a client certificate, put a server " +
			"certificate's ID into the Secret's qcloud_cert_id; if it already is a server certificate, ask " +
			"CLB support to investigate.",
		Risk:  "HTTPS listeners cannot be configured and the Ingress stays unsynced.",
		Doc:   rules.DocTKEIngressCodes + "E4038 Certificate Type Error",
		Match: []string{"Certificate Type Error"},
		Zh: rules.Text{
			Title: "证书不是服务端证书",
			Cause: "为单向认证配置的证书是客户端证书；HTTPS 监听器需要的是服务端证书。",
			Fix: "在负载均衡控制台中查看证书类型。如果是客户端证书，请把一张服务端证书的 ID 填入 Secret 的 qcloud_cert_id；" +
				"如果它已经是服务端证书，请联系 CLB 技术支持排查。",
			Risk: "HTTPS 监听器无法配置，该 Ingress 一直处于未同步状态。",
		},
	})
	IngressE4038Expired = rules.Define(Provider, rules.Ingress, "E4038", "E4038-expired", rules.Error, rules.Details{
		Title: "Certificate has expired (reported as E4038)",
		Cause: "The certificate referenced through qcloud_cert_id is past its expiry date. The English list " +
			"files this under both E4038 and E4039.",
		Fix: "Check the expiry in the CLB console, obtain a new certificate and update the qcloud_cert_id in " +
			"the Secret used by the Ingress so it syncs the new one.",
		Risk:  tkeIngressRiskSyncBlocked,
		Doc:   rules.DocTKEIngressCodes + "E4038/E4039 Certificate Out of Date",
		Match: []string{"Certificate Out of Date"},
		Zh: rules.Text{
			Title: "证书已过期（以 E4038 上报）",
			Cause: "通过 qcloud_cert_id 引用的证书已超过有效期。英文错误码列表把这种情况同时列在 E4038 和 E4039 下。",
			Fix: "在负载均衡控制台中查看证书的到期时间，获取一张新证书，并更新该 Ingress 所用 Secret 中的 qcloud_cert_id，" +
				"使 Ingress 同步新证书。",
			Risk: zhTKEIngressRiskSyncBlocked,
		},
	})
	IngressE4039 = tkeIngress("E4039", rules.Error, rules.Details{
		Title: "Certificate has expired",
		Cause: "The certificate referenced through qcloud_cert_id in the TLS Secret is past its expiry date.",
		Fix: "Add a renewed certificate in the certificate service, then write its ID into qcloud_cert_id " +
			"of the Secret named in spec.tls (see TKE doc 457/49099 on renewing Ingress certificates).",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocBoth("E4039"),
		Zh: rules.Text{
			Title: "证书已过期",
			Cause: "TLS Secret 中 qcloud_cert_id 所引用的证书已超过有效期。",
			Fix: "先在证书服务中添加续期后的证书，再把它的 ID 写入 spec.tls 所指 Secret 的 qcloud_cert_id（参见 TKE 文档 " +
				"457/49099 中关于 Ingress 证书续期的说明）。",
			Risk: zhTKEIngressRiskSyncBlocked,
		},
	})
	IngressE4040 = tkeIngress("E4040", rules.Error, rules.Details{
		Title: "Host without a certificate (SNI)",
		Cause: "At least one host used in the Ingress rules is not listed in any spec.tls[].hosts, so no " +
			"certificate can be attached for it.",
		Fix: "Add each missing host to a spec.tls entry whose Secret holds a certificate valid for it, or add " +
			"a new tls entry for it.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocBoth("E4040"),
		Zh: rules.Text{
			Title: "有域名没有对应的证书（SNI）",
			Cause: "Ingress 规则中至少有一个 host 没有出现在任何 spec.tls[].hosts 中，因此无法为它配置证书。",
			Fix:   "把缺少的每个 host 加入某个 spec.tls 条目，且该条目的 Secret 所含证书对这个域名有效；或为它新增一个 tls 条目。",
			Risk:  zhTKEIngressRiskSyncBlocked,
		},
	})
	IngressE4041 = tkeIngress("E4041", rules.Error, rules.Details{
		Title: "Backend Service not found",
		Cause: "A rule's backend names a Service that does not exist in the Ingress's namespace.",
		Fix: "Create the Service under that name in the same namespace as the Ingress, or delete the rules " +
			"that point at it.",
		Risk:    tkeIngressRiskSyncBlocked,
		Doc:     tkeIngressDocBoth("E4041"),
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the backend Services", Zh: "后端 Service"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "后端 Service 不存在",
			Cause: "某条规则的 backend 指向的 Service 不在该 Ingress 所在的命名空间中。",
			Fix:   "在 Ingress 所在的命名空间中以该名称创建 Service，或删除指向它的规则。",
			Risk:  zhTKEIngressRiskSyncBlocked,
		},
	})
	IngressE4042 = tkeIngress("E4042", rules.Error, rules.Details{
		Title: "Backend Service port not found",
		Cause: "A rule's backend refers to a port that the named Service does not define.",
		Fix: "Correct the backend's service port to one listed in the Service's spec.ports, or remove the " +
			"rule if the Service really has no such port.",
		Risk:    tkeIngressRiskSyncBlocked,
		Doc:     tkeIngressDocBoth("E4042"),
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the backend Services", Zh: "后端 Service"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "后端 Service 的端口不存在",
			Cause: "某条规则的 backend 引用了所指 Service 并未定义的端口。",
			Fix: "把 backend 的 Service 端口改为该 Service 的 spec.ports 中列出的端口；如果该 Service 确实没有这个端口，" +
				"则删除这条规则。",
			Risk: zhTKEIngressRiskSyncBlocked,
		},
	})
	IngressE4043 = tkeIngress("E4043", rules.Warning, rules.Details{
		Title: "TkeServiceConfig referenced by the Ingress not found",
		Cause: "ingress.cloud.tencent.com/tke-service-config names a TkeServiceConfig that is not present in " +
			"the Ingress's namespace.",
		Fix: "Create the TkeServiceConfig under that name in the same namespace (check with kubectl get " +
			"tkeserviceconfigs.cloud.tencent.com -n <namespace> <name>), or remove the annotation.",
		Risk: "None documented; the rest of the Ingress still syncs, only the extra CLB settings from the " +
			"TkeServiceConfig are not applied.",
		Doc:     tkeIngressDocBoth("E4043"),
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the TkeServiceConfig", Zh: "所引用的 TkeServiceConfig"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "Ingress 引用的 TkeServiceConfig 不存在",
			Cause: "ingress.cloud.tencent.com/tke-service-config 指定的 TkeServiceConfig 不在该 Ingress 所在的命名空间中。",
			Fix: "在同一命名空间中以该名称创建 TkeServiceConfig（可用 kubectl get tkeserviceconfigs.cloud.tencent.com -n " +
				"<namespace> <name> 检查），或删除该注解。",
			Risk: "文档未列出风险；Ingress 的其余部分照常同步，只是 TkeServiceConfig 中额外的 CLB 配置不会生效。",
		},
	})
)
