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

// changeHistory is the decision every change rule shares: what the object was.
var changeHistory = []Decision{{By: ByHistory,
	What:      words.Phrase{En: "the object now (the live object, or --base files, in preflight; else its last-applied-configuration record) against the object as it will be", Zh: "对象现在的内容（preflight 时取集群中的对象或 --base 文件，否则取它的 last-applied-configuration 记录）与修改后的内容之间的差异"},
	IfUnknown: UnknownSkips}}

const (
	docTKELifecycle   = "Tencent TKE, announcement on the Service/Ingress component management mode upgrade (cloud.tencent.com/document/product/457/90598), Service lifecycle restrictions"
	docTKEExistingCLB = "Tencent TKE, Using Existing CLBs (intl.cloud.tencent.com/document/product/457/36835), synchronisation and tags"
	docTKEIngLife     = "Tencent TKE, Ingress overview (tencentcloud.com/document/product/457/37013), Ingress lifecycle management and kubernetes.io/ingress.class"
	docTKEIngGroup    = "Tencent TKE, several Ingresses sharing one CLB (cloud.tencent.com/document/product/457/127545), notes"
	docACKUpdate      = "Alibaba ACK, Considerations for configuring Service load balancers and CCM resource update policies"
)

// Change rules.
var (
	ACKServiceFixedAtCreation = uncoded(ACK, Service, "fixed-at-creation", Error, Details{
		Title: "CLB attribute fixed at creation changed",
		Cause: "The edit changes an attribute CCM sets only when it creates the CLB: the primary or backup zone " +
			"(master-zoneid, slave-zoneid), the IP version (ip-version), the network type (network-type) or the " +
			"fixed address (ip). CCM compares each with the existing CLB on every sync and fails the sync when " +
			"they differ; a changed vSwitch (vswitch-id) is not applied at all.",
		Fix: "Keep the value the CLB was created with. To get a CLB with the new value, create a new Service " +
			"(its address will differ) and move clients to it before deleting the old one.",
		Risk:    "Every later sync fails with a SyncLoadBalancerFailed event and the CLB keeps its old configuration: other edits of the Service are not applied either.",
		Doc:     ackCCMDoc + "pkg/controller/service/clbv1/loadbalancer.go (Update: \"can not change … once created\"); test/e2e/testcase/service/clbv1/loadbalancer.go (change master zone & slave zone, ipv4 -> ipv6, update vsw id)",
		Decides: changeHistory,
		Change:  ChangeRejected,
	})
	ACKServiceReuseRemoved = uncoded(ACK, Service, "reuse-removed", Error, Details{
		Title: "loadbalancer-id removed from a Service on a reused CLB",
		Cause: "The Service uses a CLB created by hand (loadbalancer-id) and the edit removes the annotation. " +
			"CCM then looks for a CLB of its own for the Service, finds none while the status still holds the " +
			"reused CLB's address, and refuses to sync (\"can not find loadbalancer, but it's defined in service\").",
		Fix: "Keep the loadbalancer-id annotation. To let CCM create a CLB of its own, create a new Service " +
			"without it (a new address), or clear status.loadBalancer as the FAQ describes for a lost CLB.",
		Risk:    "The Service stops syncing; its listeners and backends on the reused CLB are no longer updated.",
		Doc:     ackCCMDoc + "pkg/controller/service/clbv1/model_applier.go (applyLoadBalancer: no CLB found while the Service has an address); " + ackEventsDoc + ", \"can not find loadbalancer, but it's defined in service\"",
		Decides: changeHistory,
		Change:  ChangeRejected,
	})
	ACKServiceChangeDeletesLB = uncoded(ACK, Service, "change-deletes-lb", Error, Details{
		Title: "Change makes CCM delete the CLB it created",
		Cause: "The Service stops being of type LoadBalancer (or leaves CCM's CLB handling through " +
			"loadBalancerClass) while its CLB is one CCM created: CCM deletes that CLB and its address is released.",
		Fix: "If the address must survive, keep type LoadBalancer; or first move the workload to a CLB created by " +
			"hand and referenced with service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id, which CCM keeps. " +
			"Pass --allow-destructive when the deletion is intended.",
		Risk:    "The public or private address is released for good; clients and DNS records that point at it fail.",
		Doc:     ackFAQDoc + ", When are SLB instances automatically deleted?; " + ackCCMDoc + "pkg/controller/helper/service_utils.go (NeedDeleteLoadBalancer) and pkg/controller/service/clbv1/model_applier.go (deleteLoadBalancer)",
		Decides: changeHistory,
		Change:  ChangeDestructive,
	})
	ACKServiceReusedListenersRemoved = uncoded(ACK, Service, "reused-listeners-removed", Error, Details{
		Title: "Change removes listeners from a reused CLB",
		Cause: "The Service manages the listeners of a reused CLB (loadbalancer-id with force-override-listeners " +
			"\"true\") and the edit drops a port, or the type LoadBalancer: CCM deletes the listeners of the ports " +
			"that go. The CLB itself stays.",
		Fix: "Keep the port (or the type) while clients still use it, or move them to another port first. Pass " +
			"--allow-destructive when the removal is intended.",
		Risk:    "Clients of the removed port are refused at once; other users of the reused CLB lose nothing else.",
		Doc:     docACKUpdate + " (changing a Service from type LoadBalancer removes its SLB configuration; listeners follow the Service when force-override-listeners is true)",
		Decides: changeHistory,
		Change:  ChangeDestructive,
	})
	ACKServiceBackendChange = uncoded(ACK, Service, "backend-change", Warning, Details{
		Title: "Change replaces the CLB's backends or how it balances them",
		Cause: "The edit changes which backends CCM attaches (backend-label, backend-type eni or ecs, " +
			"remove-unscheduled-backend), their weights (weight) or the scheduler, or the health check: the CLB's " +
			"backend servers are rewritten on the next sync.",
		Fix: "Check that the new backends are ready before applying, and apply outside peak hours; with a changed " +
			"health check, make sure the pods answer it.",
		Risk:    "Connections to removed backends are cut and new ones may fail their health checks for a while.",
		Doc:     ackAnnoDoc + ", backend server group annotations; " + ackCCMDoc + "pkg/controller/service/clbv1/vgroups.go (backends rebuilt from the annotations on each sync)",
		Decides: changeHistory,
		Change:  ChangeDisruptive,
	})

	TKEServiceCLBSwitchRefused = uncoded(TKE, Service, "clb-switch-refused", Error, Details{
		Title: "TKE refuses to switch the Service to another CLB",
		Cause: "The edit switches the Service between a public and a private CLB (qcloud-loadbalancer-internal-subnetid " +
			"added or removed), moves a private CLB to another subnet, switches between a CLB TKE created and an existing " +
			"one (tke-existed-lbid added or removed), to another existing CLB, or to another VPC or region. Current TKE " +
			"controllers refuse these switches; older ones released the CLB they had created and built a new one.",
		Fix: "Keep the current CLB settings. To switch, first change the Service to ClusterIP or NodePort (its CLB is " +
			"released), then to LoadBalancer with the new settings; or create a second Service and move clients to it.",
		Risk:    "The change is not applied: the Service keeps its old CLB and an error event, and later edits may be blocked with it.",
		Doc:     docTKELifecycle + "; " + docTKEExistingCLB,
		Decides: changeHistory,
		Change:  ChangeRejected,
	})
	TKEServiceChangeDeletesLB = uncoded(TKE, Service, "change-deletes-lb", Error, Details{
		Title: "Change makes TKE delete the CLB it created",
		Cause: "The Service stops being of type LoadBalancer while its CLB is one TKE created (tagged " +
			"tke-createdBy-flag): TKE deletes the CLB and its address is released.",
		Fix: "If the address must survive, keep type LoadBalancer, or put the workload behind an existing CLB " +
			"(service.kubernetes.io/tke-existed-lbid), which TKE keeps. Pass --allow-destructive when the deletion " +
			"is intended.",
		Risk:    "The CLB address is released; clients and DNS records that point at it fail.",
		Doc:     docTKEExistingCLB + " (resources tagged tke-createdBy-flag are deleted with the Service); " + docTKELifecycle + " (the way round a refused switch goes through ClusterIP or NodePort)",
		Decides: changeHistory,
		Change:  ChangeDestructive,
	})
	TKEServiceReusedListenersRemoved = uncoded(TKE, Service, "reused-listeners-removed", Error, Details{
		Title: "Change removes listeners from an existing CLB",
		Cause: "The Service uses an existing CLB (tke-existed-lbid) and the edit drops a port or the type " +
			"LoadBalancer: TKE deletes the listeners it made for the ports that go (not ones renamed by hand); the CLB stays.",
		Fix:     "Keep the port (or the type) while clients still use it. Pass --allow-destructive when the removal is intended.",
		Risk:    "Clients of the removed port are refused at once.",
		Doc:     docTKEExistingCLB + " (a Service that stops using an existing CLB has its listeners deleted, the CLB is kept)",
		Decides: changeHistory,
		Change:  ChangeDestructive,
	})
	TKEServiceBackendChange = uncoded(TKE, Service, "backend-change", Warning, Details{
		Title: "Change replaces the CLB's backends or how it weights them",
		Cause: "The edit changes which backends TKE binds: the node label filter (qcloud-loadbalancer-backends-label), " +
			"direct access to pods (direct-access), binding only nodes with pods (local-svc-only-bind-node-with-pod) " +
			"or weighting them by pod count (local-svc-weighted-balance).",
		Fix:     "Check that the new backends exist and are ready before applying, and apply outside peak hours.",
		Risk:    "Connections to removed backends are cut; with direct access switched, every backend is replaced at once.",
		Doc:     "Tencent TKE, Service Annotation (tencentcloud.com/document/product/457/39142)",
		Decides: changeHistory,
		Change:  ChangeDisruptive,
	})

	TKEIngressChangeDeletesLB = uncoded(TKE, Ingress, "change-deletes-lb", Error, Details{
		Title: "Ingress class change takes the Ingress away from TKE",
		Cause: "kubernetes.io/ingress.class moves from qcloud (or unset) to another controller: the TKE Ingress " +
			"controller drops the Ingress from its management. A CLB it created for the Ingress (tke-createdBy-flag) " +
			"is deleted as on deletion of the Ingress; on an existing CLB (existLbId) its listeners are deleted.",
		Fix:     "Keep the class while clients use the CLB address, or create the new controller's Ingress beside it and move DNS first. Pass --allow-destructive when intended.",
		Risk:    "The CLB address stops serving; clients and DNS records that point at it fail.",
		Doc:     docTKEIngLife,
		Decides: changeHistory,
		Change:  ChangeDestructive,
	})
	TKEIngressGroupAfterCreation = uncoded(TKE, Ingress, "group-after-creation", Error, Details{
		Title: "CLB sharing (enable-group) added to an existing Ingress",
		Cause: "ingress.cloud.tencent.com/enable-group: \"true\" only takes effect when the Ingress is created " +
			"together with kubernetes.io/ingress.existLbId; added to an Ingress that exists, it is not enabled.",
		Fix:     "Create a new Ingress with both annotations and move the rules to it.",
		Risk:    "The Ingress does not join the shared CLB; its rules stay where they are.",
		Doc:     docTKEIngGroup,
		Decides: changeHistory,
		Change:  ChangeRejected,
	})
	TKEIngressHTTPSListenerRemoved = uncoded(TKE, Ingress, "https-listener-removed", Warning, Details{
		Title: "Removing spec.tls removes the CLB's HTTPS listener",
		Cause: "TKE makes the CLB's HTTPS listener (443) from the Ingress's TLS section; the edit removes every TLS " +
			"entry, so the listener and its certificates go.",
		Fix:     "Keep a TLS entry while clients use HTTPS, or redirect them to HTTP first.",
		Risk:    "HTTPS clients are refused on port 443.",
		Doc:     "Tencent TKE, fault handling handbook, CLB Loopback (an Ingress gets layer-7 listeners for ports 80 and 443)",
		Decides: changeHistory,
		Change:  ChangeDisruptive,
	})

	GenericServiceTrafficPolicyChange = uncoded(Generic, Service, "traffic-policy-change", Warning, Details{
		Title: "externalTrafficPolicy change moves backends and client source IPs",
		Cause: "With Local, the load balancer sends traffic only to nodes that run a backend pod and the pods see " +
			"the client's address; with Cluster, every node is a backend and the address is replaced. The edit " +
			"switches between them, so the cloud controller rebinds the backends.",
		Fix:     "Apply outside peak hours, and check that allow lists and logs do not depend on the client source address.",
		Risk:    "Connections on nodes that stop being backends are cut; source-address based rules start to match or stop matching.",
		Doc:     genericK8sDoc + " (externalTrafficPolicy); Tencent TKE, fault handling handbook, CLB Loopback (Local binds only nodes with a server pod); " + ackFAQDoc + ", How are node weights automatically set in Local mode?",
		Decides: changeHistory,
		Change:  ChangeDisruptive,
	})
	GenericServiceSelectorChange = uncoded(Generic, Service, "selector-change", Warning, Details{
		Title: "Selector change replaces the Service's backend pods",
		Cause: "spec.selector changes, so a different set of pods becomes the Service's endpoints and the load " +
			"balancer's backends follow.",
		Fix:     "Make sure the newly selected pods are running and ready, and serve the same ports, before applying.",
		Risk:    "If the new selector matches no ready pod, the load balancer has no backend and every request fails.",
		Doc:     genericK8sDoc + " (spec.selector decides the endpoints)",
		Decides: changeHistory,
		Change:  ChangeDisruptive,
	})
	GenericIngressBackendsChange = uncoded(Generic, Ingress, "backends-change", Warning, Details{
		Title: "Ingress rule now routes to another Service",
		Cause: "For a host and path that stay, the backend Service or its port changes, so requests go to other pods " +
			"as soon as the controller syncs.",
		Fix:     "Check that the new Service has ready endpoints on that port before applying.",
		Risk:    "Requests on that path fail if the new backend is not ready.",
		Doc:     "Kubernetes Ingress semantics (spec.rules[].http.paths[].backend)",
		Decides: changeHistory,
		Change:  ChangeDisruptive,
	})
)
