package rules

import "github.com/lbdoctor/kubectl-lbdoctor/pkg/words"

// TKE Service rules. Codes come from the Service table of Tencent's "Service/Ingress event errors" page;
// the same number means something else in the Ingress table, so these IDs carry the kind.

const (
	docTKEServiceEvents = "Tencent TKE, Service/Ingress event errors (Service table), "
	// Shared risk texts from the "risk if left unfixed" column.
	riskTKEClusterWide   = "The problem is cluster-wide: the load-balancer controller cannot do its work for any Service until it is fixed."
	riskTKENoTraffic     = "The new load balancer or listener is never set up, so the Service receives no traffic."
	riskTKESyncBlocked   = "Synchronisation of the whole Service stays blocked; later changes, including backend updates on the CLB, may never be applied."
	riskTKEBackendUpdate = "Backend registration can fail, so a rolling update of the workload may cut traffic."
)

// tkeService declares a TKE Service rule with a documented code.
func tkeService(code string, sev Severity, d Details) ID { return coded(TKE, Service, code, sev, d) }

// Rules of the TKE Service catalog.
var (
	TKEServiceE4001 = tkeService("E4001", Error, Details{
		Title: "TKE service role (TKE_QCSRole) authorization missing",
		Cause: "The TKE service account lost the TKE_QCSRole authorization, so the controller cannot call the cloud APIs it needs to manage load balancers.",
		Fix:   "In the CAM (Access Management) console, check the authorization of the TKE service role TKE_QCSRole and grant it again.",
		Risk:  riskTKEClusterWide,
		Doc:   docTKEServiceEvents + "E4001",
	})
	TKEServiceE4004 = tkeService("E4004", Error, Details{
		Title: "CLB instance quota exceeded",
		Cause: "The account already holds as many load balancer instances as its quota allows, so no new CLB can be created for this Service.",
		Fix:   "Open a support ticket to raise the CLB instance quota, or release load balancers that are no longer needed.",
		Risk:  riskTKENoTraffic,
		Doc:   docTKEServiceEvents + "E4004",
	})
	TKEServiceE4005 = tkeService("E4005", Error, Details{
		Title: "Invalid CLB creation parameters",
		Cause: "The parameters passed to CLB creation are rejected; they come from the annotation service.kubernetes.io/service.extensiveParameters.",
		Fix:   "Correct service.kubernetes.io/service.extensiveParameters: it must be a JSON object of valid CreateLoadBalancer parameters, e.g. '{\"ZoneId\":\"ap-guangzhou-1\"}'.",
		Risk:  riskTKENoTraffic,
		Doc:   docTKEServiceEvents + "E4005",
	})
	TKEServiceE4008 = tkeService("E4008", Error, Details{
		Title: "Subnet has no free IP for the internal CLB",
		Cause: "The subnet chosen for the internal (private network) CLB has run out of IP addresses.",
		Fix:   "Point service.kubernetes.io/qcloud-loadbalancer-internal-subnetid at another subnet (subnet- followed by 8 characters) that has free addresses, create such a subnet, or switch the Service to a public CLB by removing the annotation.",
		Risk:  riskTKENoTraffic,
		Doc:   docTKEServiceEvents + "E4008",
	})
	TKEServiceE4009 = tkeService("E4009", Error, Details{
		Title: "Account in arrears",
		Cause: "The Tencent Cloud account has an overdue balance, so billable CLB resources cannot be created.",
		Fix:   "Top up the account; the controller can create the load balancer once the balance is positive again.",
		Risk:  riskTKENoTraffic,
		Doc:   docTKEServiceEvents + "E4009",
	})
	TKEServiceE4011 = tkeService("E4011", Error, Details{
		Title: "Existing CLB named by tke-existed-lbid does not exist",
		Cause: "The Service asks to reuse a load balancer through service.kubernetes.io/tke-existed-lbid, but no CLB with that ID exists.",
		Fix:   "Look up a real CLB in the same VPC as the cluster in the CLB console and put its ID (lb- followed by 8 lowercase letters or digits) into service.kubernetes.io/tke-existed-lbid.",
		Risk:  riskTKENoTraffic,
		Doc:   docTKEServiceEvents + "E4011",
	})
	TKEServiceE4012 = tkeService("E4012", Error, Details{
		Title:   "Reused CLB is one that TKE created and manages",
		Cause:   "The CLB in service.kubernetes.io/tke-existed-lbid was created by TKE for another Service or Ingress, and TKE-managed load balancers cannot be reused.",
		Fix:     "Only reuse a CLB that you created yourself in the CLB console; set service.kubernetes.io/tke-existed-lbid to such an instance or remove the annotation to let TKE create one.",
		Risk:    riskTKENoTraffic,
		Doc:     docTKEServiceEvents + "E4012",
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the other Services and Ingresses that use the CLB", Zh: "使用同一 CLB 的其他 Service 和 Ingress"}, IfUnknown: UnknownSkips}},
	})
	TKEServiceE4013 = tkeService("E4013", Error, Details{
		Title: "Reused CLB already belongs to another cluster",
		Cause: "The CLB in service.kubernetes.io/tke-existed-lbid is already used by a different cluster; a CLB cannot be shared across clusters.",
		Fix:   "Choose another CLB for service.kubernetes.io/tke-existed-lbid, or delete the resource in the other cluster that holds it.",
		Risk:  riskTKENoTraffic,
		Doc:   docTKEServiceEvents + "E4013",
	})
	TKEServiceE4014 = tkeService("E4014", Error, Details{
		Title:   "Port conflict on the reused CLB",
		Cause:   "Several Services that share one CLB through service.kubernetes.io/tke-existed-lbid declare the same listener port.",
		Fix:     "Change the port of the failing Service to one no other user of that CLB listens on; each port of a shared CLB may be claimed by a single Service.",
		Risk:    riskTKESyncBlocked,
		Doc:     docTKEServiceEvents + "E4014",
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the other Services that reuse the CLB", Zh: "复用同一 CLB 的其他 Service"}, IfUnknown: UnknownSkips}},
	})
	TKEServiceE4016 = tkeService("E4016", Error, Details{
		Title: "CLB reuse by several Services not enabled for the account",
		Cause: "More than one Service points at the same CLB, but sharing a CLB between Services is an allowlisted feature that this account has not been granted.",
		Fix:   "Apply (by ticket) to have multi-Service CLB reuse enabled, or give each Service its own CLB.",
		Risk:  riskTKESyncBlocked,
		Doc:   docTKEServiceEvents + "E4016",
	})
	TKEServiceE4026 = tkeService("E4026", Warning, Details{
		Title:   "Referenced TkeServiceConfig not found",
		Cause:   "The Service names an external CLB configuration (TkeServiceConfig, via service.cloud.tencent.com/tke-service-config) that does not exist in its namespace; the rest of the sync still proceeds.",
		Fix:     "Either drop the service.cloud.tencent.com/tke-service-config annotation, or create a TkeServiceConfig with exactly that name in the Service's namespace.",
		Risk:    "None documented: synchronisation is not blocked, but the extra CLB settings are not applied.",
		Doc:     docTKEServiceEvents + "E4026",
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the TkeServiceConfig", Zh: "所引用的 TkeServiceConfig"}, IfUnknown: UnknownSkips}},
	})
	TKEServiceE4033 = tkeService("E4033", Error, Details{
		Title: "Direct access enabled but no backend supports it",
		Cause: "service.cloud.tencent.com/direct-access is \"true\", yet none of the backing pods can be bound straight to the CLB (they need VPC-CNI elastic network interface networking and must not use hostNetwork).",
		Fix:   "Run the workload with the VPC-CNI (ENI) network mode and hostNetwork off, or remove service.cloud.tencent.com/direct-access so traffic goes through the NodePort.",
		Risk:  riskTKEBackendUpdate,
		Doc:   docTKEServiceEvents + "E4033",
		Decides: []Decision{
			{By: ByOtherObjects, What: words.Phrase{En: "the backend pods and their nodes (VPC-CNI signs, hostNetwork)", Zh: "后端 Pod 及其所在节点（VPC-CNI 网络模式的迹象、hostNetwork）"}, IfUnknown: UnknownSkips},
			{By: ByClusterConfig, What: words.Phrase{En: "kube-system/tke-service-controller-config: GlobalRouteDirectAccess (direct access for GlobalRouter pods)", Zh: "kube-system/tke-service-controller-config 中的 GlobalRouteDirectAccess（GlobalRouter 网络模式下 Pod 的直连）"}, IfUnknown: UnknownWarns},
		},
	})
	TKEServiceE4036 = tkeService("E4036", Error, Details{
		Title: "Duplicate CLB backend four-tuple",
		Cause: "Two bindings would share the same CLB VIP, listener port, backend IP and backend port; CLB requires that combination to be unique.",
		Fix:   "Have the pods listen on separate ports and bind each listener to its own target port, so no two listeners of the VIP map to the same backend IP and port.",
		Risk:  riskTKESyncBlocked,
		Doc:   docTKEServiceEvents + "E4036",
	})
	TKEServiceE4037 = tkeService("E4037", Error, Details{
		Title: "Subnet for the internal CLB does not exist",
		Cause: "The subnet named in service.kubernetes.io/qcloud-loadbalancer-internal-subnetid cannot be found.",
		Fix:   "Set service.kubernetes.io/qcloud-loadbalancer-internal-subnetid to an existing subnet of the cluster's VPC (subnet- followed by 8 characters) with free IPs, create one, or use a public CLB instead.",
		Risk:  riskTKENoTraffic,
		Doc:   docTKEServiceEvents + "E4037",
	})
	TKEServiceE4062 = tkeService("E4062", Error, Details{
		Title: "Certificate of an extended-protocol listener has expired",
		Cause: "A TCP_SSL or HTTPS listener declared through the extended-protocol annotation (service.cloud.tencent.com/specify-protocol) uses a certificate that is past its expiry date.",
		Fix:   "Upload a new certificate to the SSL certificate service and write its ID into the Secret the annotation refers to (key qcloud_cert_id).",
		Risk:  riskTKESyncBlocked,
		Doc:   docTKEServiceEvents + "E4062",
	})
	TKEServiceE4075 = tkeService("E4075", Error, Details{
		Title: "Invalid region ID in a cross-region annotation",
		Cause: "The Service uses cross-region CLB binding, but the region ID it gives (service.cloud.tencent.com/cross-region-id) is not a valid Tencent Cloud region.",
		Fix:   "Set service.cloud.tencent.com/cross-region-id to a region ID from Tencent Cloud's regions list, such as ap-guangzhou or ap-chongqing; a zone ID such as ap-guangzhou-1 is not a region ID.",
		Risk:  riskTKENoTraffic,
		Doc:   docTKEServiceEvents + "E4075",
	})
	// TKEServiceCLBLoopback has no documented event code: it is a data-path symptom, found by checks.
	TKEServiceCLBLoopback = uncoded(TKE, Service, "clb-loopback", Warning, Details{
		Title:   "Layer-4 CLB loopback for in-cluster access to an internal CLB",
		Cause:   "In IPVS mode TKE's kube-proxy does not bind a LoadBalancer Service's EXTERNAL-IP to kube-ipvs0, so a pod or node that calls an internal CLB address really goes through the CLB, which may hand the packet to its own node, where Linux drops it as coming from a local address. The result is flaky connections, or no connection at all in a one-node cluster; public CLBs are not affected.",
		Fix:     "Upgrade the kube-system/kube-proxy DaemonSet image to a build that binds LB addresses to the IPVS interface (v1.20.6-tke.12, v1.18.4-tke.20, v1.16.3-tke.25, v1.14.3-tke.24, v1.12.4-tke.30 or later for the same minor), then set service.cloud.tencent.com/prevent-loopback: \"true\" on the Services; this needs the CLB non-VIP health-check source IP feature (beta, by ticket). Otherwise call the Service by its cluster DNS name, or combine externalTrafficPolicy: Local with client/server anti-affinity.",
		Risk:    "Clients inside the cluster see intermittent connection failures to the Service, and total failure when the cluster has a single node.",
		Doc:     "Tencent TKE, fault handling handbook, CLB Loopback (Avoiding layer-4 loopback; Analysis of layer-4 loopback problem)",
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "kube-proxy's DaemonSet and ConfigMap, the cluster's nodes", Zh: "kube-proxy 的 DaemonSet 和 ConfigMap，以及集群的节点"}, IfUnknown: UnknownSkips}},
	})
	// TKEServiceIPMasqAgent has no code in the Service table (the Ingress controller reports it as E4007).
	TKEServiceIPMasqAgent = uncoded(TKE, Service, "ip-masq-agent", Error, Details{
		Title: "ip-masq-agent config skips SNAT for all traffic",
		Cause: "kube-system/ip-masq-agent-config exempts every pod packet from SNAT: its nonMasqueradeCIDRs (destinations) add up to " +
			"every IPv4 address (0.0.0.0/0, or ranges that together cover it), or its nonMasqueradeSrcCIDRs (sources) cover every " +
			"address or every node's pod CIDR. Pod traffic then leaves with the pod IP instead of the node IP; the Norm credential " +
			"service authenticates callers by node source IP and rejects the controller's AssumeTkeCredential calls (-8017 / -8032 Record Not Exist).",
		Fix: "Edit kube-system/ip-masq-agent-config so nonMasqueradeCIDRs holds only the cluster (container) and VPC CIDRs and " +
			"nonMasqueradeSrcCIDRs does not take in the pods, then restart the load-balancer controller so it fetches credentials again.",
		Risk:    riskTKEClusterWide,
		Doc:     "Tencent TKE, Ingress error codes, E4007 (Norm AssumeTkeCredential); fault handling handbook, Pod Network Inaccessibility (ip-masq-agent-config)",
		Decides: []Decision{{By: ByClusterConfig, What: words.Phrase{En: "kube-system/ip-masq-agent-config: nonMasqueradeCIDRs and nonMasqueradeSrcCIDRs; the nodes' pod CIDRs", Zh: "kube-system/ip-masq-agent-config 中的 nonMasqueradeCIDRs 和 nonMasqueradeSrcCIDRs；各节点的 Pod CIDR"}, IfUnknown: UnknownSkips}},
	})
	// TKEServiceBackendsLabelInvalid and TKEServiceBackendsLabelNoNodes are node-selection mistakes the
	// Service table files under no code.
	TKEServiceBackendsLabelInvalid = uncoded(TKE, Service, "backends-label-invalid", Error, Details{
		Title: "Backend node selector annotation is not a label selector",
		Cause: "service.kubernetes.io/qcloud-loadbalancer-backends-label picks the nodes the CLB forwards to with a Kubernetes label selector (e.g. group=access-layer). Its value does not parse as one, so the nodes it means cannot be chosen.",
		Fix:   "Write a label selector as kubectl -l takes it (key=value, key!=value, key in (a,b), comma-separated), and label the nodes that should receive the traffic.",
		Risk:  "The CLB's backends are not the nodes the manifest means; traffic may reach none.",
		Doc:   "Tencent TKE, Service backend selection (service.kubernetes.io/qcloud-loadbalancer-backends-label); no event code",
	})
	TKEServiceBackendsLabelNoNodes = uncoded(TKE, Service, "backends-label-no-nodes", Error, Details{
		Title:   "Backend node selector matches no node",
		Cause:   "service.kubernetes.io/qcloud-loadbalancer-backends-label restricts the CLB's backends to the nodes it selects, and the service controller keeps the CLB in step with it. No node of the cluster carries the selected labels, so the controller removes every backend from the CLB.",
		Fix:     "Label the nodes that should carry the traffic (kubectl label node NAME key=value) or correct the selector; remove the annotation to use every eligible node again.",
		Risk:    "The CLB has no backend: every connection to the Service fails until a node matches again.",
		Doc:     "Tencent TKE, Service backend selection (service.kubernetes.io/qcloud-loadbalancer-backends-label: a selector that picks no node drains the backends); no event code",
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the cluster's nodes", Zh: "集群的节点"}, IfUnknown: UnknownSkips}},
	})
	// TKEServiceInvalidBool, TKEServiceInvalidVPCID and TKEServiceConfigConflict are annotation mistakes
	// the Service table files under no code.
	TKEServiceInvalidBool = uncoded(TKE, Service, "invalid-bool", Warning, Details{
		Title: "TKE Service annotation is not a boolean",
		Cause: "A TKE switch annotation (service.cloud.tencent.com/direct-access, prevent-loopback or tke-service-config-auto) holds something other than true or false. The Service error table gives this mistake no code, so the controller's reaction is not documented: the switch may be read as off or the sync may fail.",
		Fix:   "Write \"true\" or \"false\" (quoted, as every annotation value is a string).",
		Risk:  "The feature the annotation switches (direct access to pods, loopback prevention, an automatic TkeServiceConfig) is not what the manifest seems to ask for.",
		Doc:   "Tencent TKE, Service annotations (service.cloud.tencent.com/direct-access, prevent-loopback, tke-service-config-auto); no event code",
	})
	TKEServiceInvalidAnnotationValue = uncoded(TKE, Service, "invalid-annotation-value", Warning, Details{
		Title: "TKE Service annotation value is outside its documented set",
		Cause: "A TKE Service annotation documented with a closed set of values (for example " +
			"service.kubernetes.io/qcloud-loadbalancer-internet-charge-type: BANDWIDTH_POSTPAID_BY_HOUR or " +
			"TRAFFIC_POSTPAID_BY_HOUR) holds another value. The Service error table gives this mistake no code, " +
			"so the controller's reaction is not documented: the value may be ignored or the CLB creation may fail.",
		Fix:  "Use one of the values the finding lists, spelt exactly (values are upper case).",
		Risk: "The CLB is created with another billing mode than intended, or not created.",
		Doc:  "Tencent TKE, Service Annotation 说明 (https://cloud.tencent.com/document/product/457/51258); no event code",
	})
	TKEServiceInvalidVPCID = uncoded(TKE, Service, "invalid-vpc-id", Error, Details{
		Title: "Cross-VPC annotation holds a malformed VPC id",
		Cause: "service.cloud.tencent.com/cross-vpc-id, used with cross-region binding, is not of the form vpc- followed by 8 lowercase letters or digits, so it cannot name a VPC. The Service error table has no code for this (E4075 is about the region id).",
		Fix:   "Set service.cloud.tencent.com/cross-vpc-id to the id of the VPC that holds the CLB, as the VPC console shows it (e.g. vpc-646vhcjj).",
		Risk:  riskTKENoTraffic,
		Doc:   "Tencent TKE, Service annotations (service.cloud.tencent.com/cross-vpc-id); no event code",
	})
	TKEServiceConfigConflict = uncoded(TKE, Service, "service-config-conflict", Warning, Details{
		Title: "Named and automatic TkeServiceConfig both requested",
		Cause: "The Service sets service.cloud.tencent.com/tke-service-config (a TkeServiceConfig you manage) and service.cloud.tencent.com/tke-service-config-auto: \"true\" (one TKE creates as <service>-auto-service-config). TKE's TkeServiceConfig guide says the two cannot be used together; the event tables give the conflict no code.",
		Fix:   "Keep one: remove tke-service-config-auto to use your own TkeServiceConfig, or remove tke-service-config to let TKE manage <service>-auto-service-config.",
		Risk:  "Which CLB settings apply is not what the manifest suggests; settings from one of the two configs are ignored.",
		Doc:   "Tencent TKE, TkeServiceConfig (associated actions between Service and TkeServiceConfig); no event code",
	})
	// TKEServiceNginxGracefulShutdown has no code: the handbook describes it as a symptom.
	TKEServiceNginxGracefulShutdown = uncoded(TKE, Service, "nginx-graceful-shutdown", Warning, Details{
		Title: "NGINX Ingress pods drop connections when they leave the CLB",
		Cause: "With direct access the CLB's real servers are the NGINX Ingress controller pods themselves. When the controller is scaled down or updated, its pods are unbound from the CLB in batches and exit as soon as they are told to stop (the controller does not shut down gracefully by itself), so the TCP/UDP listeners stop forwarding the connections those pods held and clients get \"connection refused\".",
		Fix:   "On the controller's LoadBalancer Service (kube-system/<name>-ingress-nginx-controller for the TKE add-on), which uses direct access, add service.cloud.tencent.com/enable-grace-shutdown: \"true\", so a terminating pod gets no new requests but finishes the ones it has. In the controller Deployment, make the preStop hook sleep (for example 30s) before /wait-shutdown, and keep terminationGracePeriodSeconds longer than that sleep.",
		Risk:  "Every scale-down or rolling update of the controller refuses or cuts client connections.",
		Doc:   "Tencent TKE, fault handling handbook, NGINX Ingress appears in Connection Refused",
		// When no controller pod can be bound directly (E4033), none is ever a real server to leave.
		ConsequenceOf: []ID{TKEServiceE4033},
		Decides:       []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the NGINX ingress controller Deployment", Zh: "NGINX Ingress 控制器的 Deployment"}, IfUnknown: UnknownSkips}},
	})
)
