package rules

import "github.com/lbdoctor/kubectl-lbdoctor/pkg/words"

// Alibaba Cloud ACK LoadBalancer Service rules. The cloud-controller-manager (CCM) reports sync
// failures as SyncLoadBalancerFailed events whose message carries the CLB OpenAPI code (when there is
// one) or a fixed sentence; Match holds the distinctive part of each documented message.
//
// Sources: "Alibaba ACK, troubleshooting LoadBalancer Services" (error-event table and symptom guide)
// and "Alibaba ACK, Service FAQ".

const (
	ackEventsDoc  = "Alibaba ACK, troubleshooting LoadBalancer Services, Service error events and solutions"
	ackSymptomDoc = "Alibaba ACK, troubleshooting LoadBalancer Services, Troubleshooting methods"
	ackFAQDoc     = "Alibaba ACK, Service FAQ"
	ackCCMDoc     = "Alibaba Cloud CCM source (github.com/kubernetes/cloud-provider-alibaba-cloud), "
	ackAnnoDoc    = "Alibaba ACK, Use annotations to configure a Classic Load Balancer (CLB) instance"
)

// ackService declares an ACK Service rule with a documented API code.
func ackService(code string, sev Severity, d Details) ID { return coded(ACK, Service, code, sev, d) }

// Rules of the ACK Service catalog.
var (
	// ---- Documented event messages ----
	ACKServiceBackendQuota = uncoded(ACK, Service, "backend-quota", Error, Details{
		Title: "CLB backend server quota (200) exhausted",
		Cause: "The CLB instance already holds the maximum of 200 backend servers, so CCM cannot attach the " +
			"nodes or ENIs this Service needs. Sharing one CLB between many Services, or Cluster mode on a " +
			"large cluster (every node becomes a backend), uses the quota up quickly.",
		Fix: "Raise the backend-server quota on the SLB Quota Management page; or, in Cluster mode, set " +
			"spec.externalTrafficPolicy: Local so only nodes running backend pods are attached; or, staying in " +
			"Cluster mode, restrict the attached nodes with service.beta.kubernetes.io/alibaba-cloud-loadbalancer-backend-label " +
			"(e.g. \"k1=v1,k2=v2\"); or give this Service its own CLB instead of a shared one.",
		Risk: "New pods or nodes are never added to the CLB, so traffic concentrates on the old backends and " +
			"the Service loses capacity or goes dark as old backends disappear.",
		Doc:   ackEventsDoc + ", \"The backend server number has reached to the quota limit\"",
		Match: []string{"The backend server number has reached to the quota limit"},
		Decides: []Decision{
			{By: ByOtherObjects, What: words.Phrase{En: "nodes, pods, EndpointSlices and the other Services on the CLB", Zh: "节点、Pod、EndpointSlice，以及同一 CLB 上的其他 Service"}, IfUnknown: UnknownSkips},
			{By: ByClusterConfig, What: words.Phrase{En: "kube-system/cloud-config: serviceBackendType (pods or nodes are the backends)", Zh: "kube-system/cloud-config 中的 serviceBackendType（后端是 Pod 还是节点）"}, IfUnknown: UnknownDefault},
		},
	})
	ACKServiceENISharedSpec = uncoded(ACK, Service, "eni-shared-spec", Error, Details{
		Title: "Shared-performance CLB cannot take ENI backends",
		Cause: "The Service attaches pod ENIs directly (service.beta.kubernetes.io/backend-type: eni, Terway), " +
			"but the CLB is a shared-resource instance, which only accepts ECS backends.",
		Fix: "Request a performance-guaranteed instance with service.beta.kubernetes.io/alibaba-cloud-loadbalancer-spec: " +
			"\"slb.s1.small\" (or a larger slb.sX spec). Check first that the installed CCM version supports that annotation. " +
			"A pay-by-CLCU CLB (instance-charge-type PayByCLCU) takes no spec at all (see ack.service.clcu-spec): there, " +
			"delete the spec annotation instead of changing it.",
		Risk:    "No pod is ever registered on the CLB, so the load balancer address answers nothing.",
		Doc:     ackEventsDoc + ", \"The loadbalancer does not support backend servers of eni type\"",
		Match:   []string{"does not support backend servers of eni type"},
		Decides: []Decision{{By: ByClusterConfig, What: words.Phrase{En: "kube-system/cloud-config: serviceBackendType (the backend type of Services without the backend-type annotation)", Zh: "kube-system/cloud-config 中的 serviceBackendType（没有 backend-type 注解的 Service 所用的后端类型）"}, IfUnknown: UnknownDefault}},
	})
	ACKServiceNoAvailableNodes = uncoded(ACK, Service, "no-available-nodes", Error, Details{
		Title: "No backend available for the CLB or NLB",
		Cause: "CCM found nothing to attach as a backend: no pod matches the Service selector, the matching " +
			"pods are not healthy/ready, or the only running pods sit on master nodes, which are never added.",
		Fix: "Check `kubectl get pods -l <selector>` and the Service endpoints. Deploy pods matching the selector, " +
			"repair failing pods, and move pods that landed on master nodes to worker nodes (evict them or fix " +
			"their nodeSelector/tolerations). If backends exist but outside clients still cannot connect, make the " +
			"health-check annotations (type, port, URI) match what the pods really answer, since a failing health " +
			"check leaves the CLB with no usable backend.",
		Risk:  "The CLB has an empty backend group; every connection to it fails.",
		Doc:   ackEventsDoc + ", \"There are no available nodes for LoadBalancer\"",
		Match: []string{"There are no available nodes for LoadBalancer"},
		// A Service without a ready endpoint is why CCM finds nothing to attach.
		ConsequenceOf: []ID{GenericServiceNoEndpoints},
		Decides: []Decision{
			{By: ByOtherObjects, What: words.Phrase{En: "nodes, pods and EndpointSlices", Zh: "节点、Pod 和 EndpointSlice"}, IfUnknown: UnknownSkips},
			{By: ByClusterConfig, What: words.Phrase{En: "kube-system/cloud-config: serviceBackendType (pods or nodes are the backends)", Zh: "kube-system/cloud-config 中的 serviceBackendType（后端是 Pod 还是节点）"}, IfUnknown: UnknownDefault},
		},
	})
	ACKServiceLBNotFound = uncoded(ACK, Service, "lb-not-found", Error, Details{
		Title: "CLB recorded in the Service no longer exists",
		Cause: "The Service status (status.loadBalancer.ingress) points at a CLB that CCM cannot find through " +
			"the OpenAPI: it was deleted or renamed in the console, or was created by hand and never declared " +
			"with the loadbalancer-id annotation.",
		Fix: "Look the EXTERNAL-IP up in the SLB console. Gone and Service unneeded: delete the Service. Gone but " +
			"needed: remove status.loadBalancer from the Service so CCM builds a new CLB. Exists and was created by " +
			"hand: set service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id to its ID. Exists and was created by " +
			"an old CCM: add the kubernetes.do.not.delete tag described in the FAQ on renaming SLB instances.",
		Risk: "CCM stops reconciling the Service: listener, backend and annotation changes are no longer " +
			"applied, and the address may point at nothing.",
		Doc: ackEventsDoc + ", \"can not find loadbalancer, but it's defined in service\"; " + ackFAQDoc +
			", What to do if I accidentally delete an SLB instance",
		Match: []string{
			"not able to find loadbalancer named",
			"can not find loadbalancer, but it's defined in service",
		},
	})
	ACKServiceOrderArrearage = ackService("ORDER.ARREARAGE", Error, Details{
		Title: "Alibaba Cloud account has an overdue payment",
		Cause: "The CLB OpenAPI refuses to create or change billable resources because the account owes money.",
		Fix:   "Pay the outstanding bill in the Alibaba Cloud billing console; CCM succeeds on its next sync.",
		Risk: "No CLB can be created or updated for any Service, and resources of an account left in arrears " +
			"may be suspended.",
		Doc:   ackEventsDoc + ", \"ORDER.ARREARAGE Message: The account is arrearage.\"",
		Match: []string{"ORDER.ARREARAGE", "The account is arrearage"},
	})
	ACKServicePayInsufficientBalance = ackService("PAY.INSUFFICIENT_BALANCE", Error, Details{
		Title: "Alibaba Cloud account balance too low",
		Cause: "The account does not hold enough credit for the CLB purchase or change CCM requested.",
		Fix:   "Add funds to the account; the next CCM sync then goes through.",
		Risk:  "The CLB stays unprovisioned or unchanged, leaving the Service Pending or stale.",
		Doc:   ackEventsDoc + ", \"PAY.INSUFFICIENT_BALANCE Message: Your account does not have enough balance.\"",
		Match: []string{"PAY.INSUFFICIENT_BALANCE", "Your account does not have enough balance"},
	})
	ACKServiceThrottling = ackService("Throttling", Warning, Details{
		Title: "CLB OpenAPI calls are being throttled",
		Cause: "CCM is issuing more CLB API requests than the account's rate limit allows. Services that fail " +
			"to sync and are retried in a loop are a common source of the extra calls.",
		Fix: "Look at the CLB quotas on the SLB Quota Management page, then run `kubectl describe svc` on the " +
			"LoadBalancer Services and clear their other sync errors so CCM stops retrying them.",
		Risk: "Syncs are delayed, so backend and listener changes reach the CLB late; if the call volume stays " +
			"high, every Service in the cluster is slowed down.",
		Doc:     ackEventsDoc + ", \"Status Code: 400 Code: Throttling\"",
		Retried: true,
		Match:   []string{"Code: Throttling"},
	})
	ACKServiceRspoolVIPExist = ackService("RspoolVipExist", Error, Details{
		Title: "vServer group still bound to a listener",
		Cause: "CCM tried to delete a vServer group that a listener still uses. This usually happens on a reused " +
			"CLB (service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id is set) whose listener was made outside CCM.",
		Fix: "Confirm whether the Service sets service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id; if so, " +
			"delete in the CLB console the listener on the port the Service declares, then let CCM sync again.",
		Risk:  "Backend updates for that port stay blocked and the CLB keeps an outdated configuration.",
		Doc:   ackEventsDoc + ", \"Code: RspoolVipExist Message: there are vips associating with this vServer group.\"",
		Match: []string{"RspoolVipExist", "there are vips associating with this vServer group"},
	})
	ACKServiceNetworkConflict = ackService("NetworkConflict", Error, Details{
		Title: "Internal CLB sits in another VPC than the cluster",
		Cause: "The reused intranet CLB belongs to a different VPC from the cluster; CLB instances cannot be " +
			"reused across VPCs.",
		Fix: "Point service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id at an intranet CLB in the cluster's " +
			"VPC, or drop the annotation and let CCM create one there.",
		Risk:  "The CLB can never reach the cluster's nodes or pods; the Service stays unusable.",
		Doc:   ackEventsDoc + ", \"Status Code: 400 Code: NetworkConflict\"; " + ackFAQDoc + ", Why does reusing an existing SLB instance fail?",
		Match: []string{"NetworkConflict"},
	})
	ACKServiceVSwitchAvailableIPNotExist = ackService("VSwitchAvailableIpNotExist", Error, Details{
		Title: "vSwitch for the internal CLB has no free IP",
		Cause: "The vSwitch chosen for the intranet CLB has run out of addresses, so no CLB address can be allocated.",
		Fix: "Select another vSwitch of the same VPC that still has free addresses with " +
			"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-vswitch-id: \"vsw-...\" (together with " +
			"address-type \"intranet\"), or free addresses in the current one.",
		Risk:  "The Service remains Pending with no internal address.",
		Doc:   ackEventsDoc + ", \"Code: VSwitchAvailableIpNotExist Message: The specified VSwitch has no available ip.\"",
		Match: []string{"VSwitchAvailableIpNotExist", "The specified VSwitch has no available ip"},
	})
	ACKServiceENIStringTargetPort = uncoded(ACK, Service, "eni-string-targetport", Error, Details{
		Title: "Named targetPort not supported with ENI backends",
		Cause: "With ENI backends the CLB registers the pod port directly, and this CCM version cannot resolve a " +
			"named (string) targetPort, so it sends an invalid port to the API.",
		Fix: "Write targetPort as a number (e.g. targetPort: 8080) in spec.ports, or upgrade the CCM component " +
			"to v2.1.0 or later, which looks the named port up in the Service's EndpointSlices.",
		Risk:  "Pods are never registered on the CLB for that port; requests to it fail.",
		Doc:   ackEventsDoc + ", \"The specified Port must be between 1 and 65535.\"",
		Match: []string{"The specified Port must be between 1 and 65535"},
		Decides: []Decision{
			{By: ByClusterConfig, What: words.Phrase{En: "kube-system/cloud-config: serviceBackendType (the backend type of Services without the backend-type annotation)", Zh: "kube-system/cloud-config 中的 serviceBackendType（没有 backend-type 注解的 Service 所用的后端类型）"}, IfUnknown: UnknownDefault},
			{By: ByVersion, What: words.Phrase{En: "cloud-controller-manager older than v2.1.0 (later releases resolve a named targetPort from the EndpointSlices)", Zh: "cloud-controller-manager 版本低于 v2.1.0（更新的版本会从 EndpointSlice 中解析命名的 targetPort）"}, IfUnknown: UnknownWarns},
		},
	})
	ACKServicePublicSLBDisabled = uncoded(ACK, Service, "public-slb-disabled", Error, Details{
		Title: "Cluster forbids internet-facing CLBs",
		Cause: "The CCM's cluster configuration (disablePublicSLB in kube-system/cloud-config) refuses to create a " +
			"public CLB, and this Service asks for one: its address-type is internet, or unset, which means internet.",
		Fix: "Set service.beta.kubernetes.io/alibaba-cloud-loadbalancer-address-type: \"intranet\" for a private CLB, " +
			"or ask the cluster's administrators whether public CLBs may be allowed again.",
		Risk: "CCM records a warning and gives up on the Service without retrying: no CLB, no address.",
		Doc: ackCCMDoc + "pkg/controller/service/clbv1/service_controller.go (disablePublicSLB) and " +
			"pkg/config/cloud_config.go (the cloud-config fields)",
		Match:   []string{"create public address slb is not allowed"},
		Decides: []Decision{{By: ByClusterConfig, What: words.Phrase{En: "kube-system/cloud-config: disablePublicSLB", Zh: "kube-system/cloud-config 中的 disablePublicSLB"}, IfUnknown: UnknownSkips}},
	})
	ACKServiceZoneNotInRegion = uncoded(ACK, Service, "zone-not-in-region", Error, Details{
		Title: "CLB zone annotation names a zone outside the cluster's region",
		Cause: "master-zoneid and slave-zoneid choose the primary and backup zone of the CLB CCM creates. A zone " +
			"belongs to one region, and the CLB is created in the cluster's region, so a zone of another region (or a " +
			"made-up one) makes the create call fail.",
		Fix: "Use a zone of the cluster's region (the nodes' topology.kubernetes.io/zone labels name some), or remove " +
			"the annotation and let the CLB service pick the zones.",
		Risk: "The CLB is never created and the Service gets no address; CCM keeps retrying.",
		Doc: ackCCMDoc + "test/e2e/testcase/service/clbv1/loadbalancer.go (a Service with a master-zoneid that does not " +
			"exist fails to sync)",
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the nodes: their region (topology.kubernetes.io/region label or the region part of providerID)", Zh: "节点所在的地域（取自 topology.kubernetes.io/region 标签，或 providerID 中表示地域的部分）"},
			IfUnknown: UnknownSkips}},
	})
	ACKServiceShareSLBHaltSales = ackService("ShareSlbHaltSales", Error, Details{
		Title: "Old CCM asks for a shared CLB, which is discontinued",
		Cause: "This CCM release still creates shared-resource CLB instances by default, and Alibaba Cloud no " +
			"longer sells that instance type.",
		Fix: "Upgrade the cloud-controller-manager add-on; current releases no longer request shared-resource " +
			"instances. Then let CCM sync the Service again.",
		Risk: "No new LoadBalancer Service can get a CLB; they all stay Pending.",
		Doc:  ackEventsDoc + ", \"Code: ShareSlbHaltSales Message: The share instance has been discontinued.\"",
		Match: []string{
			"ShareSlbHaltSales",
			"The share instance has been discontinued",
		},
	})
	ACKServiceResourceGroupImmutable = uncoded(ACK, Service, "resource-group-immutable", Error, Details{
		Title: "CLB resource group changed after creation",
		Cause: "The value of service.beta.kubernetes.io/alibaba-cloud-loadbalancer-resource-group-id differs from " +
			"the group the CLB was created in; a CLB's resource group is fixed at creation.",
		Fix: "Remove the resource-group-id annotation (or restore its original value). To move the CLB to " +
			"another resource group, recreate the Service.",
		Risk:    "Every later sync fails, so other changes to the Service never reach the CLB.",
		Doc:     ackEventsDoc + ", \"can not change ResourceGroupId once created\"",
		Match:   []string{"can not change ResourceGroupId once created"},
		Decides: []Decision{{By: ByHistory, What: words.Phrase{En: "the last-applied-configuration record against the current annotation", Zh: "last-applied-configuration 记录与当前注解的对比"}, IfUnknown: UnknownSkips}},
		Change:  ChangeRejected,
	})
	ACKServiceENIFlannel = uncoded(ACK, Service, "eni-flannel", Error, Details{
		Title: "ENI backend type requested on a Flannel cluster",
		Cause: "service.beta.kubernetes.io/backend-type: eni tells CCM to attach pod IPs as ENIs, but the cluster " +
			"runs Flannel, whose pod IPs are not ENI addresses in the VPC, so no ENI can be found for them.",
		Fix: "Delete the service.beta.kubernetes.io/backend-type annotation (or set it to \"ecs\") so nodes are " +
			"attached instead; ENI mode needs the Terway network plugin.",
		Risk:  "No backend is registered; the CLB cannot forward any traffic.",
		Doc:   ackEventsDoc + ", \"can not find eniid for ip x.x.x.x in vpc vpc-xxxx\"",
		Match: []string{"can not find eniid"},
		Decides: []Decision{
			{By: ByOtherObjects, What: words.Phrase{En: "the network plugin's DaemonSets in kube-system", Zh: "kube-system 中网络插件的 DaemonSet"}, IfUnknown: UnknownSkips},
			{By: ByClusterConfig, What: words.Phrase{En: "kube-system/cloud-config: serviceBackendType (the backend type of Services without the backend-type annotation)", Zh: "kube-system/cloud-config 中的 serviceBackendType（没有 backend-type 注解的 Service 所用的后端类型）"}, IfUnknown: UnknownDefault},
		},
	})
	ACKServiceCLCUSpec = uncoded(ACK, Service, "clcu-spec", Error, Details{
		Title: "Pay-as-you-go (PayByCLCU) CLB given a specification",
		Cause: "The CLB is billed per capacity unit (PayByCLCU) and the Service also names a fixed " +
			"specification. A Service created that way gets a PayByCLCU CLB and the specification is " +
			"ignored (reported as info). Once the CLB exists, the controller refuses to set a specification " +
			"on it or to move it from PayByCLCU to pay-by-specification (an error, when the Service shows such a change).",
		Fix: "Remove service.beta.kubernetes.io/alibaba-cloud-loadbalancer-spec, and if " +
			"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-instance-charge-type is set, make it \"PayByCLCU\".",
		Risk:    "Each sync fails, so listener and backend changes are no longer applied to the CLB.",
		Doc:     ackEventsDoc + ", \"The operation is not allowed because the instanceChargeType of loadbalancer is PayByCLCU.\"",
		Match:   []string{"instanceChargeType of loadbalancer is PayByCLCU", "does not have permission modify InstanceChargeType to spec"},
		Decides: []Decision{{By: ByHistory, What: words.Phrase{En: "a spec annotation added to an existing PayByCLCU CLB (its address or CCM label, and the last-applied-configuration record)", Zh: "给已有的按使用量计费（PayByCLCU）CLB 新加的 spec 注解（依据它的地址或 CCM 标签，以及 last-applied-configuration 记录）"}, IfUnknown: UnknownSkips}},
		Change:  ChangeRejected,
	})
	ACKServiceReuseCCMLB = uncoded(ACK, Service, "reuse-ccm-lb", Error, Details{
		Title: "Reuse annotation points at a CCM-created CLB",
		Cause: "service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id names a CLB that CCM created for a " +
			"Service; only CLBs created by hand in the console may be reused.",
		Fix: "Read the ID from the loadbalancer-id annotation. Service Pending: replace it with a CLB you created " +
			"yourself. Not Pending and the CLB address equals EXTERNAL-IP: delete the annotation. Not Pending and " +
			"the addresses differ: put the ID of the CLB that owns EXTERNAL-IP in the annotation, or, if none " +
			"exists, a hand-made CLB's ID and recreate the Service. Never point the annotation at the CLB that fronts " +
			"the cluster's API server (the one listening on TCP 6443): it cannot be reused, and changing its listeners " +
			"can cut off access to the cluster.",
		Risk: "The Service never gets (or never updates) its load balancer, and two Services could end up " +
			"fighting over one CCM-managed CLB.",
		Doc:     ackEventsDoc + ", \"can not reuse loadbalancer created by kubernetes\"",
		Match:   []string{"can not reuse loadbalancer created by kubernetes"},
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the other Services", Zh: "集群中的其他 Service"}, IfUnknown: UnknownSkips}},
	})
	ACKServiceAddressTypeImmutable = uncoded(ACK, Service, "address-type-immutable", Error, Details{
		Title: "CLB address type changed after creation",
		Cause: "service.beta.kubernetes.io/alibaba-cloud-loadbalancer-address-type was switched between " +
			"\"internet\" and \"intranet\" on an existing Service; a CLB keeps the type it was created with.",
		Fix: "Restore the original address-type value, or delete and recreate the Service (a new address is " +
			"allocated) to get the other type.",
		Risk:    "CCM stops applying any change to this Service's CLB.",
		Doc:     ackEventsDoc + ", \"alicloud: can not change LoadBalancer AddressType once created. delete and retry\"",
		Match:   []string{"can not change LoadBalancer AddressType once created"},
		Decides: []Decision{{By: ByHistory, What: words.Phrase{En: "the CLB's address in status against the address type, or the last-applied-configuration record", Zh: "status 中的 CLB 地址与所要求的地址类型的对比，或 last-applied-configuration 记录"}, IfUnknown: UnknownSkips}},
		Change:  ChangeRejected,
	})
	ACKServiceLBRebind = uncoded(ACK, Service, "lb-rebind", Error, Details{
		Title: "Service already bound to another CLB",
		Cause: "The loadbalancer-id annotation was edited to a different CLB after the Service had received an " +
			"address; a Service cannot be moved to another CLB by changing the annotation.",
		Fix: "Put the original CLB ID back in service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id, or " +
			"delete the Service and create it again with the intended CLB ID.",
		Risk:    "Syncing is stuck; the Service keeps its old address and ignores further changes.",
		Doc:     ackEventsDoc + ", \"the loadbalancer lb-xxxxx can not be reused, service has been associated with ip\"",
		Match:   []string{"service has been associated with ip", "cannot be bound to ip"},
		Decides: []Decision{{By: ByHistory, What: words.Phrase{En: "CCM's CLB label (or the address in status) against the loadbalancer-id annotation", Zh: "CCM 的 CLB 标签（或 status 中的地址）与 loadbalancer-id 注解的对比"}, IfUnknown: UnknownSkips}},
		Change:  ChangeRejected,
	})
	// ---- Documented symptoms without an event ----

	ACKServiceHTTPSToHTTPSBackend = uncoded(ACK, Service, "https-to-https-backend", Warning, Details{
		Title: "HTTPS listener forwards to a TLS port on the pod",
		Cause: "A port listed as \"https:<port>\" in service.beta.kubernetes.io/alibaba-cloud-loadbalancer-protocol-port " +
			"is decrypted on the CLB (certificate from ...-cert-id) and sent on as plain HTTP, but its targetPort is " +
			"the pod's TLS port (e.g. 443). The pod answers \"The plain HTTP request was sent to HTTPS port\".",
		Fix: "Point targetPort of that Service port at the pod's plain-HTTP port (e.g. port 443, targetPort 80), " +
			"or use a \"tcp:443\" listener if the pod must terminate TLS itself.",
		Risk:    "Every HTTPS request through the CLB fails with a 400 error.",
		Doc:     ackSymptomDoc + ", Cannot connect to the backend HTTPS service",
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the backend pods' container ports", Zh: "后端 Pod 的容器端口"}, IfUnknown: UnknownSkips}},
	})
	ACKServiceRollingUpdate503 = uncoded(ACK, Service, "rolling-update-503", Warning, Details{
		Title: "Rolling updates can return 503 or reset connections",
		Cause: "Nothing makes the CLB and pods hand over gracefully: the listener has no connection draining and/or " +
			"the pods lack a readinessProbe, preStop hook or a long enough terminationGracePeriodSeconds, so the CLB " +
			"still sends requests to pods that are starting or stopping.",
		Fix: "Set service.beta.kubernetes.io/alibaba-cloud-loadbalancer-connection-drain: \"on\" with " +
			"...-connection-drain-timeout (seconds). Give the pods a readinessProbe matching their start-up time, a " +
			"preStop (e.g. sleep) covering in-flight requests, and terminationGracePeriodSeconds at least 30 s above " +
			"the preStop duration.",
		Risk:    "Each deployment causes a burst of failed requests for clients.",
		Doc:     ackSymptomDoc + ", 503 error during application updates; " + ackFAQDoc + ", graceful closing of connections when backends are replaced",
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the backend pods", Zh: "后端 Pod"}, IfUnknown: UnknownSkips}},
	})
	ACKServiceUnevenLoad = uncoded(ACK, Service, "uneven-load", Warning, Details{
		Title: "Local traffic policy with a non-weighted CLB scheduler",
		Cause: "With externalTrafficPolicy: Local, CCM attaches only nodes with backend pods and (from " +
			"v1.9.3.276-g372aa98-aliyun on) weights each node by its pod count. A non-weighted scheduler such as " +
			"\"rr\" ignores those weights, so a node with one pod gets as much traffic as a node with many. " +
			"Long-lived connections skew load further.",
		Fix: "Set service.beta.kubernetes.io/alibaba-cloud-loadbalancer-scheduler: \"wrr\"; for persistent " +
			"connections use \"wlc\". Upgrade CCM to v1.9.3.276-g372aa98-aliyun or later for pod-count weights.",
		Risk:    "Some pods are overloaded while others sit idle, causing latency spikes and avoidable scaling.",
		Doc:     ackSymptomDoc + ", Uneven load distribution across CLB backends; " + ackFAQDoc + ", How are node weights automatically set in Local mode?",
		Decides: []Decision{{By: ByClusterConfig, What: words.Phrase{En: "kube-system/cloud-config: serviceBackendType (ENI backends are weighted per pod)", Zh: "kube-system/cloud-config 中的 serviceBackendType（ENI 后端按 Pod 分配权重）"}, IfUnknown: UnknownDefault}},
	})
	ACKServiceOldCCMNoEvents = uncoded(ACK, Service, "old-ccm-no-events", Warning, Details{
		Title: "CCM older than v1.9.3.276-g372aa98-aliyun emits no sync events",
		Cause: "cloud-controller-manager releases before v1.9.3.276-g372aa98-aliyun do not record events for " +
			"Service/CLB synchronization, so failures are invisible in `kubectl describe svc`.",
		Fix: "Upgrade the cloud-controller-manager add-on to v1.9.3.276-g372aa98-aliyun or newer; with a newer " +
			"CCM and still no events, open a ticket with Alibaba Cloud.",
		Risk: "CLB sync errors (Pending Services, stale backends, ignored annotations) go undiagnosed.",
		Doc:  ackFAQDoc + ", Why are events for the service and LoadBalancer synchronization process not visible?",
		// A CCM too old to reuse a CLB is older than the first release with events too; that finding's
		// fix (upgrade) covers both.
		ConsequenceOf: []ID{ACKServiceReuseOldCCM},
		Decides:       []Decision{{By: ByVersion, What: words.Phrase{En: "cloud-controller-manager older than v1.9.3.276-g372aa98-aliyun", Zh: "cloud-controller-manager 版本低于 v1.9.3.276-g372aa98-aliyun"}, IfUnknown: UnknownSkips}},
	})
	ACKServiceNodePortLocalPortRange = uncoded(ACK, Service, "nodeport-local-port-range", Warning, Details{
		Title: "nodePort inside the nodes' ephemeral port range",
		Cause: "The Service's nodePort lies inside net.ipv4.ip_local_port_range (default 32768-60999), the range " +
			"Linux hands out as source ports for outgoing connections. This happens when --service-node-port-range " +
			"(default 30000-32767) was widened to overlap it.",
		Fix: "Change spec.ports[].nodePort to a free port outside ip_local_port_range, and make the API server's " +
			"service-node-port-range and the nodes' ip_local_port_range disjoint again (restore the defaults).",
		Risk: "Intermittent connection failures on nodes; at worst health checks fail and nodes go NotReady.",
		Doc:  ackFAQDoc + ", How to correctly configure the NodePort range",
	})
	ACKServiceIntranetLBLoopback = uncoded(ACK, Service, "intranet-lb-loopback", Warning, Details{
		Title: "Reused internal CLB unreachable from pods on backend nodes",
		Cause: "For a private CLB that was not created by this Service, a layer-4 listener cannot serve a client " +
			"that is also one of its backends: a pod on a node that hosts a backend fails to reach the CLB address.",
		Fix: "Reach the workload through its ClusterIP or DNS name from inside the cluster; or use a public " +
			"address; or let the Service create the CLB itself with externalTrafficPolicy: Cluster so kube-proxy " +
			"short-circuits in-cluster traffic to the address.",
		Risk:    "In-cluster callers fail depending on which node they are scheduled on, which is hard to reproduce.",
		Doc:     ackFAQDoc + ", Why is an SLB IP address inaccessible from within a cluster? (scenario 1)",
		Decides: []Decision{{By: ByHistory, What: words.Phrase{En: "the CLB's address in status, written by CCM after creation", Zh: "CCM 在创建 CLB 之后写入 status 的 CLB 地址"}, IfUnknown: UnknownSkips}},
	})
	ACKServiceReuseOldCCM = uncoded(ACK, Service, "reuse-old-ccm", Error, Details{
		Title: "CCM too old to reuse an existing CLB",
		Cause: "The Service sets service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id, but CCM releases " +
			"before v1.9.3.105-gfd4e547-aliyun cannot reuse an existing CLB.",
		Fix: "Upgrade the cloud-controller-manager add-on to v1.9.3.105-gfd4e547-aliyun or later (preferably " +
			"v1.9.3.276-g372aa98-aliyun or later so sync events are visible).",
		Risk:    "The annotation is ignored or fails; the Service does not use the intended CLB.",
		Doc:     ackFAQDoc + ", Why does reusing an existing SLB instance fail?",
		Decides: []Decision{{By: ByVersion, What: words.Phrase{En: "cloud-controller-manager older than v1.9.3.105-gfd4e547-aliyun", Zh: "cloud-controller-manager 版本低于 v1.9.3.105-gfd4e547-aliyun"}, IfUnknown: UnknownWarns}},
	})
	ACKServiceOrphanOnDelete = uncoded(ACK, Service, "orphan-on-delete", Warning, Details{
		Title: "CCM-created CLB turned into a reused one by hand",
		Cause: "The loadbalancer-id annotation was added to a Service whose CLB CCM had created. CCM now treats " +
			"it as a reused instance, and reused instances are kept when the Service is deleted.",
		Fix: "Remove service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id from the Service; if it must stay, " +
			"plan to delete the CLB in the console after the Service is gone.",
		Risk:    "The CLB outlives the Service and keeps incurring charges.",
		Doc:     ackFAQDoc + ", When are SLB instances automatically deleted?",
		Decides: []Decision{{By: ByHistory, What: words.Phrase{En: "CCM's CLB label and the last-applied-configuration record", Zh: "CCM 的 CLB 标签和 last-applied-configuration 记录"}, IfUnknown: UnknownSkips}},
	})
	ACKServiceTypeChangeDeletesLB = uncoded(ACK, Service, "type-change-deletes-lb", Info, Details{
		Title: "Deleting or retyping the Service removes its CLB",
		Cause: "A CLB created by CCM is deleted together with the Service, and also when the Service type is " +
			"changed from LoadBalancer to another type (e.g. NodePort). Only CLBs reused via the loadbalancer-id " +
			"annotation survive.",
		Fix: "Before deleting or retyping, decide whether the address must be kept; if so, use a hand-made CLB " +
			"referenced by service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id.",
		Risk: "The public or private address is released and cannot be recovered; clients and DNS records " +
			"pointing at it break.",
		Doc:     ackFAQDoc + ", When are SLB instances automatically deleted?",
		Decides: []Decision{{By: ByHistory, What: words.Phrase{En: "CCM's CLB label on a Service that is no longer of type LoadBalancer", Zh: "已不是 LoadBalancer 类型的 Service 上仍留着的 CCM 的 CLB 标签"}, IfUnknown: UnknownSkips}},
	})
	ACKServiceListenerOnNodePort = uncoded(ACK, Service, "listener-on-nodeport", Warning, Details{
		Title: "CLB annotations on a non-LoadBalancer Service",
		Cause: "The Service carries service.beta.kubernetes.io/alibaba-cloud-loadbalancer-* annotations but is " +
			"not of type LoadBalancer; CCM only configures CLBs and listeners for LoadBalancer Services.",
		Fix:  "Change spec.type to LoadBalancer if a CLB is wanted, otherwise remove the annotations.",
		Risk: "The annotations silently do nothing and no listener exists for the expected port.",
		Doc:  ackFAQDoc + ", How to configure a listener for a NodePort service",
	})
	// ---- Annotation validation (static checks) ----

	ACKServiceInvalidAnnotation = uncoded(ACK, Service, "invalid-annotation", Error, Details{
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
		Doc:  ackAnnoDoc,
	})
	ACKServiceIgnoredAnnotationValue = uncoded(ACK, Service, "ignored-annotation-value", Warning, Details{
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
		Doc:  ackAnnoDoc + "; kubernetes/cloud-provider-alibaba-cloud, service controller annotation parsing",
	})
	ACKServiceUnknownAnnotation = uncoded(ACK, Service, "unknown-annotation", Warning, Details{
		Title: "Unrecognised CLB annotation (likely a typo)",
		Cause: "An annotation under service.beta.kubernetes.io/alibaba-cloud-loadbalancer- has a suffix CCM does " +
			"not know, usually a misspelling of a real one.",
		Fix: "Rename it to the nearest valid annotation named in the finding. A correctly spelt annotation is " +
			"ignored just as silently by a CCM older than the release that introduced it: compare the installed " +
			"cloud-controller-manager version with the annotation's minimum version in the annotation reference " +
			"and upgrade the add-on if needed.",
		Risk: "CCM ignores the key without an error; the intended CLB setting never applies.",
		Doc:  ackAnnoDoc + "; " + ackFAQDoc + ", What to do if a service annotation does not take effect",
	})
	ACKServiceLegacyAnnotationConflict = uncoded(ACK, Service, "legacy-annotation-conflict", Warning, Details{
		Title: "Legacy alicloud- and alibaba-cloud- annotations disagree",
		Cause: "The same setting is given twice with different values: under the old prefix " +
			"service.beta.kubernetes.io/alicloud-loadbalancer-* (still accepted) and under " +
			"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-*. Which one wins is not obvious from the manifest.",
		Fix: "Keep only the alibaba-cloud-loadbalancer-* key with the intended value and delete the " +
			"alicloud-loadbalancer-* key.",
		Risk: "The CLB may be configured with the value the reader did not expect, and edits to the other key " +
			"appear to have no effect.",
		Doc: ackAnnoDoc + ", usage notes (alicloud renamed to alibaba-cloud)",
	})
	ACKServiceAnnotationDependency = uncoded(ACK, Service, "annotation-dependency", Error, Details{
		Title: "CLB or NLB annotation is missing a required companion",
		Cause: "Some annotations only work together: sticky-session \"on\" needs sticky-session-type; type " +
			"\"insert\" needs cookie-timeout; type \"server\" needs cookie; acl-status \"on\" needs acl-id (and " +
			"acl-type); an https entry in protocol-port needs cert-id; vswitch-id is valid only with address-type " +
			"\"intranet\".",
		Fix: "Add the missing companion (e.g. service.beta.kubernetes.io/alibaba-cloud-loadbalancer-cookie-timeout: " +
			"\"1800\" for insert, ...-cookie for server, ...-acl-id for acl-status on, ...-cert-id for an https " +
			"listener, address-type \"intranet\" for vswitch-id) or remove the dependent annotation. With an ACL on, " +
			"a \"white\" list must contain the client addresses and a \"black\" list must not, or those clients are refused.",
		Risk: "CCM fails to build the listener or silently drops the feature (no session stickiness, no ACL, " +
			"CLB in the wrong network).",
		Doc: ackAnnoDoc + ", listener and CLB annotations",
	})
	ACKServiceReuseWithoutOverride = uncoded(ACK, Service, "reuse-without-override", Warning, Details{
		Title: "Reused CLB or NLB without force-override-listeners: no listeners made",
		Cause: "With service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id set and " +
			"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-force-override-listeners not \"true\", CCM " +
			"creates no listeners on the existing CLB; it deliberately leaves them alone because overwriting could " +
			"interrupt other users of the CLB and CCM supports only simple backend setups.",
		Fix: "Create listeners for the Service ports in the CLB console, or, only when those ports are not used " +
			"by anything else on the CLB, set force-override-listeners: \"true\".",
		Risk: "The Service shows an address but nothing listens on its ports, so clients cannot connect.",
		Doc:  ackFAQDoc + ", Why is a listener not configured when I reuse an existing SLB instance?",
	})
	ACKServiceResourceGroupFixed = uncoded(ACK, Service, "resource-group-fixed", Info, Details{
		Title: "Resource group of an existing CLB is fixed",
		Cause: "The Service sets service.beta.kubernetes.io/alibaba-cloud-loadbalancer-resource-group-id and its " +
			"CLB already exists. Nothing is wrong yet: this is a reminder that the group was fixed when the CLB " +
			"was created, so a later edit of the value fails (see ack.service.resource-group-immutable).",
		Fix: "Nothing to do now; do not edit the value later. If the annotation must go, remove it rather than " +
			"changing it (removal is the documented way out once a sync fails on it); to move the CLB to another " +
			"resource group, recreate the Service.",
		Risk: "None while the value stays unchanged.",
		Doc:  ackEventsDoc + ", \"can not change ResourceGroupId once created\" (a reminder, not the error)",
		// The error supersedes the reminder: the two would advise keeping and removing the value.
		ConsequenceOf: []ID{ACKServiceResourceGroupImmutable},
		Decides:       []Decision{{By: ByHistory, What: words.Phrase{En: "CCM's CLB label and address: the CLB exists", Zh: "CCM 的 CLB 标签和地址：它们表明 CLB 已经存在"}, IfUnknown: UnknownSkips}},
	})
)
