package ackrules

import "github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"

// ACK change rules: what CCM does with an edit of an existing Service.
var (
	ServiceFixedAtCreation = rules.Uncoded(Provider, rules.Service, "fixed-at-creation", rules.Error, rules.Details{
		Title: "CLB attribute fixed at creation changed",
		Cause: "The edit changes an attribute CCM sets only when it creates the CLB: the primary or backup zone " +
			"(master-zoneid, slave-zoneid), the IP version (ip-version), the network type (network-type) or the " +
			"fixed address (ip); on an NLB (loadBalancerClass alibabacloud.com/nlb) the IP version, and the zone mappings " +
			"(zone-maps) removed from an NLB that CCM made. CCM compares each " +
			"with the existing load balancer on every sync and fails the sync when they differ. Only the IP version is " +
			"compared when the annotation is absent (as ipv4); the others are compared only when set, so removing them changes nothing.",
		Fix: "Keep the value the CLB was created with. To get a CLB with the new value, create a new Service " +
			"(its address will differ) and move clients to it before deleting the old one.",
		Risk: "Every later sync fails with a SyncLoadBalancerFailed event and the CLB keeps its old configuration: other edits of the Service are not applied either.",
		Doc:  rules.DocACKCCM + "pkg/controller/service/clbv1/loadbalancer.go (Update: \"can not change … once created\"); test/e2e/testcase/service/clbv1/loadbalancer.go (change master zone & slave zone, ipv4 -> ipv6); " + rules.DocACKCCM + "pkg/controller/service/nlbv2/loadbalancer.go (Update: \"AddressIpVersion cannot be changed\")",
		// The CCM's refusals, as its sync-failure events carry them (clbv1 and nlbv2 Update).
		Match: []string{
			"can not change LoadBalancer master zone id once created",
			"can not change LoadBalancer slave zone id once created",
			"can not change LoadBalancer AddressIPVersion once created",
			"can not change LoadBalancer network type once created",
			"can not change LoadBalancer address once created",
			"AddressIpVersion cannot be changed",
		},
		Decides: rules.ChangeHistory,
		Change:  rules.ChangeRejected,
		Zh: rules.Text{
			Title: "修改了只能在创建 CLB 时设定的属性",
			Cause: "此次修改涉及 CCM 仅在创建 CLB 时设置的属性：主备可用区（master-zoneid、slave-zoneid）、IP 版本（ip-version）、" +
				"网络类型（network-type）或固定地址（ip）；NLB（loadBalancerClass alibabacloud.com/nlb）的 IP 版本，以及从 CCM 创建的 NLB 上删除可用区映射（zone-maps）。CCM 每次同步都会将这些值与现有负载均衡比较，不一致时同步失败。" +
				"只有 IP 版本在注解缺失时也会比较（按 ipv4）；其他属性仅在设置时比较，删除注解不会带来任何变化。",
			Fix:  "保留 CLB 创建时的取值。如需新取值的 CLB，请新建一个 Service（地址会不同），把客户端迁移过去后再删除旧 Service。",
			Risk: "之后每次同步都以 SyncLoadBalancerFailed 事件失败，CLB 保持旧配置：该 Service 的其他修改也不会生效。",
		},
	})
	ServiceReuseRemoved = rules.Uncoded(Provider, rules.Service, "reuse-removed", rules.Error, rules.Details{
		Title: "loadbalancer-id removed from a Service on a reused CLB",
		Cause: "The Service uses a CLB created by hand (loadbalancer-id) and the edit removes the annotation. " +
			"CCM then looks for a CLB of its own for the Service, finds none while the status still holds the " +
			"reused CLB's address, and refuses to sync (\"can not find loadbalancer, but it's defined in service\").",
		Fix: "Keep the loadbalancer-id annotation. To let CCM create a CLB of its own, create a new Service " +
			"without it (a new address), or clear status.loadBalancer as the FAQ describes for a lost CLB.",
		Risk:    "The Service stops syncing; its listeners and backends on the reused CLB are no longer updated.",
		Doc:     rules.DocACKCCM + "pkg/controller/service/clbv1/model_applier.go (applyLoadBalancer: no CLB found while the Service has an address); " + rules.DocACKEvents + ", \"can not find loadbalancer, but it's defined in service\"",
		Decides: rules.ChangeHistory,
		Change:  rules.ChangeRejected,
		Zh: rules.Text{
			Title: "复用 CLB 的 Service 删除了 loadbalancer-id",
			Cause: "Service 使用手动创建的 CLB（loadbalancer-id），而此次修改删除了该注解。CCM 随后寻找属于该 Service 的自建 CLB，" +
				"找不到，而 status 中仍是复用 CLB 的地址，于是拒绝同步（\"can not find loadbalancer, but it's defined in service\"）。",
			Fix: "保留 loadbalancer-id 注解。若希望 CCM 自行创建 CLB，请新建不带该注解的 Service（地址会变化），" +
				"或按 FAQ 中 CLB 丢失时的做法清空 status.loadBalancer。",
			Risk: "Service 不再同步；复用 CLB 上它的监听和后端服务器不再更新。",
		},
	})
	ServiceChangeDeletesLB = rules.Uncoded(Provider, rules.Service, "change-deletes-lb", rules.Error, rules.Details{
		Title: "Change makes CCM delete the CLB it created",
		Cause: "The Service stops being of type LoadBalancer (or leaves CCM's CLB handling through " +
			"loadBalancerClass) while its CLB is one CCM created: CCM deletes that CLB and its address is released.",
		Fix: "If the address must survive, keep type LoadBalancer; or first move the workload to a CLB created by " +
			"hand and referenced with service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id, which CCM keeps. " +
			"Pass --allow-destructive when the deletion is intended.",
		Risk:    "The public or private address is released for good; clients and DNS records that point at it fail.",
		Doc:     rules.DocACKFAQ + ", When are SLB instances automatically deleted?; " + rules.DocACKCCM + "pkg/controller/helper/service_utils.go (NeedDeleteLoadBalancer) and pkg/controller/service/clbv1/model_applier.go (deleteLoadBalancer)",
		Decides: rules.ChangeHistory,
		Change:  rules.ChangeDestructive,
		Zh: rules.Text{
			Title: "此修改会让 CCM 删除它创建的 CLB",
			Cause: "Service 不再是 LoadBalancer 类型（或通过 loadBalancerClass 脱离 CCM 的 CLB 管理），而它的 CLB 由 CCM 创建：" +
				"CCM 会删除该 CLB，地址随之释放。",
			Fix: "如需保留地址，请保持 type LoadBalancer；或先把业务迁到手动创建、用 " +
				"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id 指定的 CLB 上，CCM 不会删除这类 CLB。" +
				"确实要删除时加 --allow-destructive。",
			Risk: "公网或私网地址被永久释放；指向它的客户端和 DNS 记录都会失效。",
		},
	})
	ServiceReusedListenersRemoved = rules.Uncoded(Provider, rules.Service, "reused-listeners-removed", rules.Error, rules.Details{
		Title: "Change removes listeners from a reused CLB",
		Cause: "The Service manages the listeners of a reused CLB (loadbalancer-id with force-override-listeners " +
			"\"true\") and the edit drops a port, or the type LoadBalancer: CCM deletes the listeners of the ports " +
			"that go. The CLB itself stays.",
		Fix: "Keep the port (or the type) while clients still use it, or move them to another port first. Pass " +
			"--allow-destructive when the removal is intended.",
		Risk:    "Clients of the removed port are refused at once; other users of the reused CLB lose nothing else.",
		Doc:     rules.DocACKUpdate + " (changing a Service from type LoadBalancer removes its SLB configuration; listeners follow the Service when force-override-listeners is true)",
		Decides: rules.ChangeHistory,
		Change:  rules.ChangeDestructive,
		Zh: rules.Text{
			Title: "此修改会删除复用 CLB 上的监听",
			Cause: "Service 管理着复用 CLB 的监听（loadbalancer-id 且 force-override-listeners 为 \"true\"），而此次修改去掉了某个端口，" +
				"或去掉了 type LoadBalancer：CCM 会删除被去掉端口的监听，CLB 本身保留。",
			Fix:  "客户端仍在使用时保留该端口（或类型），或先把客户端迁到其他端口。确实要删除时加 --allow-destructive。",
			Risk: "被删除端口的客户端立即被拒绝；复用 CLB 的其他使用者不受影响。",
		},
	})
	ServiceBackendChange = rules.Uncoded(Provider, rules.Service, "backend-change", rules.Warning, rules.Details{
		Title: "Change replaces the CLB's backends or how it balances them",
		Cause: "The edit changes which backends CCM attaches (backend-label, backend-type eni or ecs, " +
			"remove-unscheduled-backend), their weights (weight) or the scheduler, or the health check: the CLB's " +
			"backend servers are rewritten on the next sync.",
		Fix: "Check that the new backends are ready before applying, and apply outside peak hours; with a changed " +
			"health check, make sure the pods answer it.",
		Risk:    "Connections to removed backends are cut and new ones may fail their health checks for a while.",
		Doc:     rules.DocACKAnnotations + ", backend server group annotations; " + rules.DocACKCCM + "pkg/controller/service/clbv1/vgroups.go (backends rebuilt from the annotations on each sync)",
		Decides: rules.ChangeHistory,
		Change:  rules.ChangeDisruptive,
		Zh: rules.Text{
			Title: "此修改会替换 CLB 的后端或其负载均衡方式",
			Cause: "此次修改改变了 CCM 挂载哪些后端（backend-label、backend-type eni 或 ecs、remove-unscheduled-backend）、" +
				"它们的权重（weight）或调度算法（scheduler），或健康检查：下次同步时 CLB 的后端服务器会被重写。",
			Fix:  "应用前确认新后端已就绪，并避开业务高峰；修改了健康检查时，确认 Pod 能通过它。",
			Risk: "到被移除后端的连接会被切断，新后端在一段时间内可能无法通过健康检查。",
		},
	})
	ServiceChangeIgnored = rules.Uncoded(Provider, rules.Service, "change-ignored", rules.Warning, rules.Details{
		Title: "CCM does not apply this change to the existing load balancer",
		Cause: "The edit changes a setting CCM reads only when it creates the load balancer, or applies only under a " +
			"condition the load balancer does not meet: the vSwitch (vswitch-id) is used at creation only; the " +
			"Internet billing method (charge-type) and bandwidth are changed only on an Internet-facing CLB, and " +
			"the bandwidth only with pay-by-bandwidth billing; a move from pay-by-bandwidth to pay-by-traffic takes " +
			"effect only the next day. CCM records no error: the annotation and the load " +
			"balancer simply disagree from now on.",
		Fix: "Restore the value the load balancer has, or change the load balancer in the console if the new value " +
			"is wanted; to get a load balancer created with the new value, create a new Service and move clients to it.",
		Risk: "The change never takes effect, silently; whoever reads the manifest is misled about the load balancer.",
		Doc: rules.DocACKCCM + "pkg/controller/service/clbv1/loadbalancer.go (Update compares no vSwitch; \"only internet loadbalancer is allowed to modify bandwidth and pay type\"; bandwidth only with paybybandwidth); " +
			"test/e2e/testcase/service/clbv1/loadbalancer.go (update vsw id: the CLB keeps its vSwitch; charge-type: paybybandwidth -> paybytraffic: effective the next day)",
		Decides: rules.ChangeHistory,
		Zh: rules.Text{
			Title: "CCM 不会把此修改应用到已有的负载均衡",
			Cause: "此次修改的设置要么只在 CCM 创建负载均衡时读取，要么只在负载均衡满足某个条件时才会应用：交换机（vswitch-id）" +
				"只在创建时使用；公网计费方式（charge-type）和带宽只对公网 CLB 修改，带宽还要求按带宽计费（pay-by-bandwidth）；从按带宽计费改为按流量计费（pay-by-traffic）要到次日才生效。CCM 不会记录任何错误：" +
				"从此注解与负载均衡的实际配置不一致。",
			Fix:  "恢复负载均衡现有的取值；如确需新取值，请在控制台修改负载均衡；或新建一个 Service 以新取值创建负载均衡，再把客户端迁移过去。",
			Risk: "修改永远不会生效，而且没有任何提示；阅读清单的人会误解负载均衡的实际配置。",
		},
	})
)
