package rules

import "github.com/lbdoctor/kubectl-lbdoctor/pkg/words"

// Change rules: what a cloud controller does with an edit of an existing Service or Ingress. The
// change model (pkg/changes) compares the object now with the object as it will be and emits these
// for the fields that differ; `kubectl lbdoctor preflight` reports them before an apply, and the
// plain diagnosis reports them for an edit made after the last `kubectl apply` (the object against
// its last-applied-configuration record).
//
// Each rule's Doc names where its class comes from: a seed document, a vendor page, or the code path
// of the open-source Alibaba Cloud CCM (kubernetes/cloud-provider-alibaba-cloud) that decides it.

// ChangeClass is what a cloud controller does with a change of a field.
type ChangeClass string

// Change classes, worst first. A change of no class (benign) gives no finding.
const (
	// ChangeRejected: the controller refuses the change after the apply; the object shows an error
	// event and the load balancer keeps serving the old configuration.
	ChangeRejected ChangeClass = "rejected"
	// ChangeDestructive: the controller deletes or recreates the load balancer (its address changes)
	// or removes listeners from a reused one.
	ChangeDestructive ChangeClass = "destructive"
	// ChangeDisruptive: the load balancer stays, but its backends or the client source address
	// behaviour change.
	ChangeDisruptive ChangeClass = "disruptive"
)

// ChangeClasses lists the classes, worst first.
func ChangeClasses() []ChangeClass {
	return []ChangeClass{ChangeRejected, ChangeDestructive, ChangeDisruptive}
}

// ParseChangeClass reads a class name.
func ParseChangeClass(s string) (ChangeClass, error) {
	for _, c := range ChangeClasses() {
		if string(c) == s {
			return c, nil
		}
	}
	return "", words.Errorf("unknown change class %q (want rejected, destructive or disruptive)", "未知的变更类别 %q（应为 rejected、destructive 或 disruptive）", s)
}

// Severity is the class's severity in a report: rejected and destructive changes are errors,
// disruptive ones warnings.
func (c ChangeClass) Severity() Severity {
	if c == ChangeDisruptive {
		return Warning
	}
	return Error
}

// ChangeHistory is the decision every change rule shares: what the object was.
var ChangeHistory = []Decision{{By: ByHistory,
	What:      words.Phrase{En: "the object now (the live object, or --base files, in preflight; else its last-applied-configuration record) against the object as it will be", Zh: "对象现在的内容（preflight 时取集群中的对象或 --base 文件，否则取它的 last-applied-configuration 记录）与修改后的内容之间的差异"},
	IfUnknown: UnknownSkips}}

// Change rules.
var (
	GenericServiceTrafficPolicyChange = Uncoded(Generic, Service, "traffic-policy-change", Warning, Details{
		Title: "externalTrafficPolicy change moves backends and client source IPs",
		Cause: "With Local, the load balancer sends traffic only to nodes that run a backend pod and the pods see " +
			"the client's address; with Cluster, every node is a backend and the address is replaced. The edit " +
			"switches between them, so the cloud controller rebinds the backends.",
		Fix:     "Apply outside peak hours, and check that allow lists and logs do not depend on the client source address.",
		Risk:    "Connections on nodes that stop being backends are cut; source-address based rules start to match or stop matching.",
		Doc:     genericK8sDoc + " (externalTrafficPolicy); Tencent TKE, fault handling handbook, CLB Loopback (Local binds only nodes with a server pod); " + DocACKFAQ + ", How are node weights automatically set in Local mode?",
		Decides: ChangeHistory,
		Change:  ChangeDisruptive,
		Zh: Text{
			Title: "externalTrafficPolicy 的修改会改变后端与客户端源 IP",
			Cause: "Local 模式下负载均衡只把流量发往运行后端 Pod 的节点，Pod 能看到客户端地址；Cluster 模式下每个节点都是后端，" +
				"源地址会被替换。此次修改在两者之间切换，云控制器会重新绑定后端。",
			Fix:  "避开业务高峰应用，并确认访问控制名单和日志不依赖客户端源地址。",
			Risk: "不再作为后端的节点上的连接会被切断；基于源地址的规则会开始或停止匹配。",
		},
	})
	GenericServiceTypeChangeDeletesLB = Uncoded(Generic, Service, "type-change-deletes-lb", Error, Details{
		Title: "Leaving type LoadBalancer deletes the cloud load balancer",
		Cause: "The Service changes from type LoadBalancer to another type. On every cloud the service controller " +
			"then cleans up: it deletes the load balancer it made for the Service (or, for one it reuses, the " +
			"listeners it added) and the address goes.",
		Fix: "Keep type LoadBalancer while clients use the address. Pass --allow-destructive when the deletion is " +
			"intended; run with --provider to see what the cloud's own controller does.",
		Risk:    "The load balancer's address is released; clients and DNS records that point at it fail.",
		Doc:     genericK8sDoc + " (the cloud-provider service controller deletes the load balancer of a Service that no longer wants one)",
		Decides: ChangeHistory,
		Change:  ChangeDestructive,
		Zh: Text{
			Title: "不再是 LoadBalancer 类型会删除云上的负载均衡",
			Cause: "Service 从 LoadBalancer 类型改为其他类型。在任何云上，服务控制器都会随之清理：删除它为该 Service " +
				"创建的负载均衡（复用已有实例时，删除它添加的监听器），地址随之失去。",
			Fix: "客户端仍在使用该地址时，请保持 type LoadBalancer。确实要删除时加 --allow-destructive；" +
				"用 --provider 运行可以看到该云自身控制器的具体行为。",
			Risk: "负载均衡的地址被释放；指向它的客户端和 DNS 记录都会失效。",
		},
	})
	GenericServiceLBClassImmutable = Uncoded(Generic, Service, "lb-class-immutable", Error, Details{
		Title: "loadBalancerClass of a LoadBalancer Service changed",
		Cause: "The edit sets, changes or removes spec.loadBalancerClass while the Service stays of type LoadBalancer. " +
			"The Kubernetes API server refuses that on every cluster (\"may not change once set\"): the apply fails, " +
			"and the Service keeps its class and its load balancer.",
		Fix: "Keep the class. To move the Service to another load balancer controller, change its type to ClusterIP " +
			"or NodePort first (which deletes its current load balancer), then apply it as type LoadBalancer with the new " +
			"class; or create a new Service with the new class and move clients to it.",
		Risk:    "The apply is refused as a whole: none of the manifest's other edits of this Service are made.",
		Doc:     genericK8sDoc + " (spec.loadBalancerClass: immutable while the type stays LoadBalancer; API validation \"may not change once set\")",
		Decides: ChangeHistory,
		Change:  ChangeRejected,
		Zh: Text{
			Title: "LoadBalancer Service 的 loadBalancerClass 被修改",
			Cause: "此次修改在 Service 仍为 LoadBalancer 类型时设置、更改或删除了 spec.loadBalancerClass。任何集群的 Kubernetes " +
				"API Server 都会拒绝这样的修改（\"may not change once set\"）：apply 失败，Service 保留原来的 class 和负载均衡。",
			Fix: "保留原来的 class。如需把 Service 交给另一个负载均衡控制器，先把它的类型改为 ClusterIP 或 NodePort（这会删除当前的负载均衡），" +
				"再以新的 class 和 type LoadBalancer 应用；或者新建一个使用新 class 的 Service，把客户端迁移过去。",
			Risk: "整个 apply 被拒绝：清单中对该 Service 的其他修改也都不会生效。",
		},
	})
	GenericServicePortRemovedInUse = Uncoded(Generic, Service, "port-removed-in-use", Warning, Details{
		Title: "Service port removed while an Ingress routes to it",
		Cause: "The edit removes a port of the Service that an Ingress of the same namespace names as a backend " +
			"(by number or by name). On every cluster the Ingress controller then finds no such port: the requests of " +
			"those rules fail, whatever the cloud.",
		Fix:     "Keep the port until the Ingress points at another one, or change the Ingress in the same apply.",
		Risk:    "Requests for the Ingress's hosts and paths that use the port get errors from the load balancer.",
		Doc:     genericK8sDoc + " (an Ingress backend names a Service port by number or name)",
		Decides: ChangeHistory,
		Change:  ChangeDisruptive,
		Zh: Text{
			Title: "删除了 Ingress 正在转发的 Service 端口",
			Cause: "此次修改删除了 Service 的一个端口，而同一命名空间中的某个 Ingress 正把它（按端口号或端口名）作为后端。" +
				"在任何集群上，Ingress 控制器都会找不到该端口：这些规则的请求都会失败，与所在的云无关。",
			Fix:  "在 Ingress 改为指向其他端口之前保留该端口，或在同一次 apply 中一并修改 Ingress。",
			Risk: "使用该端口的 Ingress 域名和路径的请求会从负载均衡收到错误。",
		},
	})
	GenericServiceSelectorChange = Uncoded(Generic, Service, "selector-change", Warning, Details{
		Title: "Selector change replaces the Service's backend pods",
		Cause: "spec.selector changes, so a different set of pods becomes the Service's endpoints and the load " +
			"balancer's backends follow.",
		Fix:     "Make sure the newly selected pods are running and ready, and serve the same ports, before applying.",
		Risk:    "If the new selector matches no ready pod, the load balancer has no backend and every request fails.",
		Doc:     genericK8sDoc + " (spec.selector decides the endpoints)",
		Decides: ChangeHistory,
		Change:  ChangeDisruptive,
		Zh: Text{
			Title: "selector 的修改会替换 Service 的后端 Pod",
			Cause: "spec.selector 发生变化，另一批 Pod 成为 Service 的 endpoints，负载均衡的后端随之改变。",
			Fix:   "应用前确认新选中的 Pod 已运行、已就绪，并提供相同的端口。",
			Risk:  "如果新的 selector 匹配不到就绪的 Pod，负载均衡没有后端，所有请求都会失败。",
		},
	})
	GenericIngressBackendsChange = Uncoded(Generic, Ingress, "backends-change", Warning, Details{
		Title: "Ingress rule now routes to another Service",
		Cause: "For a host and path that stay, the backend Service or its port changes, so requests go to other pods " +
			"as soon as the controller syncs.",
		Fix:     "Check that the new Service has ready endpoints on that port before applying.",
		Risk:    "Requests on that path fail if the new backend is not ready.",
		Doc:     "Kubernetes Ingress semantics (spec.rules[].http.paths[].backend)",
		Decides: ChangeHistory,
		Change:  ChangeDisruptive,
		Zh: Text{
			Title: "Ingress 规则改为转发到另一个 Service",
			Cause: "对于保留的域名和路径，后端 Service 或其端口发生变化，控制器同步后请求就会转到其他 Pod。",
			Fix:   "应用前确认新 Service 在该端口上有就绪的 endpoints。",
			Risk:  "如果新后端未就绪，该路径上的请求会失败。",
		},
	})
)
