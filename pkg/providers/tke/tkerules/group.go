package tkerules

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// groupUsers is what the sharing rules read: the other Services and Ingresses on the same CLB.
var groupUsers = []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the other Services and Ingresses that use the CLB", Zh: "使用同一 CLB 的其他 Service 和 Ingress"}, IfUnknown: rules.UnknownSkips}}

// Rules of several Ingresses sharing one existing CLB (ingress.cloud.tencent.com/enable-group); TKE
// documents the feature, its limits and its conflicts without error codes.
var (
	IngressGroupWithService = rules.Uncoded(Provider, rules.Ingress, "group-with-service", rules.Error, rules.Details{
		Title: "A CLB shared by Ingresses (enable-group) is also used by a Service",
		Cause: "Ingresses that share one CLB through ingress.cloud.tencent.com/enable-group cannot share it with a " +
			"Service as well; TKE does not support that combination.",
		Fix:     "Give the Service (service.kubernetes.io/tke-existed-lbid) a CLB of its own, or stop sharing this CLB between Ingresses.",
		Risk:    "The sync of the Ingresses or of the Service fails, and their listeners stay as they were.",
		Doc:     rules.DocTKEIngressGroup,
		Decides: groupUsers,
		Zh: rules.Text{
			Title: "多个 Ingress 共享（enable-group）的 CLB 同时被 Service 使用",
			Cause: "通过 ingress.cloud.tencent.com/enable-group 共享同一 CLB 的 Ingress，不能再与 Service 共用该 CLB；TKE 不支持这种组合。",
			Fix:   "为该 Service（service.kubernetes.io/tke-existed-lbid）单独使用一个 CLB，或者不再让多个 Ingress 共享这个 CLB。",
			Risk:  "Ingress 或 Service 的同步失败，它们的监听器保持原样。",
		},
	})
	ServiceOnGroupedCLB = rules.Uncoded(Provider, rules.Service, "on-grouped-clb", rules.Error, rules.Details{
		Title: "A Service reuses a CLB that several Ingresses share (enable-group)",
		Cause: "TKE lets several Ingresses share one existing CLB (ingress.cloud.tencent.com/enable-group), but such a " +
			"CLB cannot also be used by a Service: the Service's service.kubernetes.io/tke-existed-lbid names a CLB " +
			"that grouped Ingresses use.",
		Fix:     "Give the Service a CLB of its own (another tke-existed-lbid, or none to have one created).",
		Risk:    "The sync of the Service or of the Ingresses fails, and their listeners stay as they were.",
		Doc:     rules.DocTKEIngressGroup,
		Decides: groupUsers,
		Zh: rules.Text{
			Title: "Service 复用了由多个 Ingress 共享（enable-group）的 CLB",
			Cause: "TKE 允许多个 Ingress 通过 ingress.cloud.tencent.com/enable-group 共享同一个已有 CLB，但这样的 CLB 不能再被 Service 使用；" +
				"该 Service 的 service.kubernetes.io/tke-existed-lbid 指向的正是被这些 Ingress 共享的 CLB。",
			Fix:  "为该 Service 单独使用一个 CLB（换一个 tke-existed-lbid，或去掉该注解让控制器新建）。",
			Risk: "Service 或 Ingress 的同步失败，它们的监听器保持原样。",
		},
	})
	IngressGroupRuleConflict = rules.Uncoded(Provider, rules.Ingress, "group-rule-conflict", rules.Error, rules.Details{
		Title: "Two Ingresses sharing a CLB declare the same host and path",
		Cause: "Ingresses that share one CLB (enable-group) may share listeners and domains, but each host + path " +
			"pair must belong to one Ingress only. On a conflict the controller stops reconciling and reports an error.",
		Fix:     "Keep each host + path in one Ingress: remove or rename the duplicate rule in one of them.",
		Risk:    "The controller stops syncing the Ingresses of that CLB: later edits to any of them are not applied.",
		Doc:     rules.DocTKEIngressGroup,
		Decides: groupUsers,
		Zh: rules.Text{
			Title: "共享 CLB 的两个 Ingress 声明了相同的域名和路径",
			Cause: "共享同一 CLB（enable-group）的 Ingress 可以共用监听器和域名，但每个“域名 + 路径”组合只能属于一个 Ingress。" +
				"发生冲突时，控制器会中断调谐并报错。",
			Fix:  "让每个“域名 + 路径”只出现在一个 Ingress 中：在其中一个 Ingress 里删除或改写重复的规则。",
			Risk: "控制器停止同步该 CLB 上的 Ingress：之后对其中任何一个的修改都不会生效。",
		},
	})
	IngressGroupCrowded = rules.Uncoded(Provider, rules.Ingress, "group-crowded", rules.Warning, rules.Details{
		Title: "More than 100 Ingresses share one CLB",
		Cause: "TKE recommends at most 100 Ingresses on one shared CLB (enable-group); each adds listeners or " +
			"forwarding rules, which count against the quotas of the CLB instance and of the account.",
		Fix:     "Spread the Ingresses over several CLBs, or plan the CLB quotas with Tencent Cloud by ticket.",
		Risk:    "Once a quota is reached, the sync of further Ingresses fails.",
		Doc:     rules.DocTKEIngressGroup,
		Decides: groupUsers,
		Zh: rules.Text{
			Title: "超过 100 个 Ingress 共享同一个 CLB",
			Cause: "TKE 建议共享（enable-group）同一个 CLB 的 Ingress 不超过 100 个；每个 Ingress 都会增加监听器或转发规则，" +
				"占用 CLB 实例维度和账号维度的配额。",
			Fix:  "把这些 Ingress 分散到多个 CLB 上，或通过工单与腾讯云规划 CLB 配额。",
			Risk: "达到配额后，后续 Ingress 的同步会失败。",
		},
	})
	IngressGroupUnsupported = rules.Uncoded(Provider, rules.Ingress, "group-unsupported", rules.Error, rules.Details{
		Title: "The cluster's controller cannot share a CLB between Ingresses",
		Cause: "Sharing one CLB between Ingresses (enable-group) needs the Service/Ingress controller at v2.10.0 or " +
			"later, running merged (EnableIngressController: \"true\" in kube-system/tke-service-controller-config). " +
			"Without it the Ingresses are treated as two users of one CLB.",
		Fix:  "Ask TKE by ticket to upgrade the controller and run it merged, or give each Ingress its own CLB.",
		Risk: "The second Ingress on the CLB fails to sync (E4020) and gets no traffic.",
		Doc:  rules.DocTKEIngressGroup,
		Decides: []rules.Decision{{By: rules.ByClusterConfig, What: words.Phrase{
			En: "kube-system/tke-service-controller-config: VERSION and EnableIngressController",
			Zh: "kube-system/tke-service-controller-config 中的 VERSION 和 EnableIngressController"}, IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "集群的控制器不支持多个 Ingress 共享一个 CLB",
			Cause: "多个 Ingress 共享一个 CLB（enable-group）要求 Service/Ingress 控制器版本不低于 v2.10.0，且以融合模式运行" +
				"（kube-system/tke-service-controller-config 中 EnableIngressController: \"true\"）。不满足时，这些 Ingress 会被当作同一 CLB 的两个使用者。",
			Fix:  "通过工单请 TKE 升级控制器并启用融合模式，或为每个 Ingress 单独使用一个 CLB。",
			Risk: "CLB 上的第二个 Ingress 同步失败（E4020），收不到流量。",
		},
	})
)
