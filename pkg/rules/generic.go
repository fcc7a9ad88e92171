package rules

import "github.com/lbdoctor/kubectl-lbdoctor/pkg/words"

// Provider-neutral rules: Kubernetes Service and Ingress behaviour that affects a cloud load balancer
// the same way on TKE and ACK. None of them is proved by an event message; checks emit them.

const (
	genericK8sDoc        = "Kubernetes Service semantics"
	tkeEventRetentionDoc = "Tencent TKE, Service and Ingress event errors, How to view Service/Ingress event errors (events kept 1 hour)"
)

// Provider-neutral rules.
var (
	GenericServiceExternalTrafficLocal = uncoded(Generic, Service, "external-traffic-local", Info, Details{
		Title: "externalTrafficPolicy Local: LB address fails from inside the cluster",
		Cause: "kube-proxy programs the load balancer's address on every node, so traffic from a node or pod to " +
			"that address never leaves the node. With externalTrafficPolicy: Local it is only delivered to backend " +
			"pods on that same node; from a node without one the connection fails, even though outside clients " +
			"work.",
		Fix: "Inside the cluster, call the Service by ClusterIP or DNS name (<svc>.<namespace>.svc) rather than " +
			"the LB address. If the LB address must work everywhere, switch to externalTrafficPolicy: Cluster " +
			"(client source IPs are then SNATed away, and on ACK every node then counts against the CLB's " +
			"backend quota); on ACK with Terway, Cluster plus " +
			"service.beta.kubernetes.io/backend-type: \"eni\" keeps source IPs and in-cluster access.",
		Risk: "In-cluster callers that use the external address fail or succeed depending on which node they " +
			"run on; for an ingress controller Service this hits every Ingress behind it.",
		Doc: "Alibaba ACK, Service FAQ, How do I resolve the issue where the SLB address exposed by a " +
			"LoadBalancer service is inaccessible from within a Kubernetes cluster?; Alibaba ACK, " +
			"troubleshooting LoadBalancer Services, CLB inaccessible from within the cluster",
		// With no ready endpoint, or none the CLB may attach, the address answers on no node at all.
		ConsequenceOf: []ID{GenericServiceNoEndpoints, ACKServiceNoAvailableNodes},
		Decides:       []Decision{{By: ByOtherObjects, What: words.Phrase{En: "EndpointSlices, pods and nodes", Zh: "EndpointSlice、Pod 和节点"}, IfUnknown: UnknownSkips}},
	})
	GenericServiceNoEndpoints = uncoded(Generic, Service, "no-endpoints", Error, Details{
		Title: "Service has no ready endpoint",
		Cause: "No pod carries all the labels in spec.selector (or the matching pods are in another namespace), " +
			"or every matching pod is not ready, so the Service has no ready EndpointSlice address and the load " +
			"balancer has nothing to send traffic to.",
		Fix: "Compare `kubectl get pods --show-labels -n <ns>` with spec.selector and fix the labels on either " +
			"side, or deploy the workload the Service is meant to front; if pods match but are not ready, repair " +
			"them (the finding names them and why they are not ready).",
		Risk: "Every request to the load balancer fails; on ACK the CCM reports \"There are no available nodes " +
			"for LoadBalancer\" and on TKE the backend group stays empty.",
		Doc: genericK8sDoc + "; Alibaba ACK, troubleshooting LoadBalancer Services, \"There are no available " +
			"nodes for LoadBalancer\"",
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "EndpointSlices and pods", Zh: "EndpointSlice 与 Pod"}, IfUnknown: UnknownSkips}},
	})
	GenericServiceNoSelector = uncoded(Generic, Service, "no-selector", Warning, Details{
		Title: "Service has no selector and no EndpointSlices",
		Cause: "Without spec.selector Kubernetes creates no endpoints automatically; they must be written by hand " +
			"or by another controller, and none exist for this Service.",
		Fix: "Add a spec.selector matching the backend pods, or create the EndpointSlice (label " +
			"kubernetes.io/service-name=<svc>) listing the backend addresses.",
		Risk:    "The load balancer has no backends and drops every connection.",
		Doc:     genericK8sDoc,
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "EndpointSlices", Zh: "该 Service 的 EndpointSlice"}, IfUnknown: UnknownSkips}},
	})
	GenericServiceEndpointsNotReady = uncoded(Generic, Service, "endpoints-not-ready", Warning, Details{
		Title: "Some or all backend pods are not ready",
		Cause: "Pods selected by the Service fail their readiness probe, are starting, or are terminating, so " +
			"their endpoints are marked not ready and are not (or no longer) registered with the load balancer.",
		Fix: "Inspect the unready pods (`kubectl describe pod`, container logs, probe settings) and fix the " +
			"application or the readinessProbe so the pods become Ready.",
		Risk: "Capacity is reduced; when no endpoint is ready the load balancer health checks fail and clients " +
			"get errors.",
		Doc: genericK8sDoc + "; Alibaba ACK, troubleshooting LoadBalancer Services, CLB inaccessible from " +
			"outside the cluster",
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "EndpointSlices and pods", Zh: "EndpointSlice 与 Pod"}, IfUnknown: UnknownSkips}},
	})
	GenericIngressOtherController = uncoded(Generic, Ingress, "other-controller", Info, Details{
		Title: "Ingress handled by another ingress controller",
		Cause: "The Ingress's ingressClassName (or kubernetes.io/ingress.class annotation) selects a controller " +
			"this catalog has no checks for yet, such as ACK's ALB or MSE Ingress controller or ingress-nginx, rather " +
			"than TKE's CLB ingress controller, so only the provider-independent checks apply to it.",
		Fix: "Nothing to fix if that is intended; diagnose it with that controller's own tools. To have it served " +
			"by a CLB, set the class the provider's CLB ingress controller watches.",
		Risk:    "None from the CLB side; problems in the other controller are outside what this tool checked.",
		Doc:     genericK8sDoc + " (IngressClass)",
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the IngressClass", Zh: "所选的 IngressClass"}, IfUnknown: UnknownSkips}},
	})
	GenericServiceNoEvents = uncoded(Generic, Service, "no-events", Info, Details{
		Title: "Service looks unhealthy but has no events",
		Cause: "Events are short-lived and not always produced: TKE keeps them for about one hour, and ACK's " +
			"cloud-controller-manager emits LoadBalancer sync events only from v1.9.3.276-g372aa98-aliyun on. The " +
			"cause of the problem therefore cannot be read from events.",
		Fix: "Reproduce the failure (e.g. touch an annotation to force a sync) and run the diagnosis again within " +
			"the hour; on ACK check the cloud-controller-manager version and upgrade it if it predates " +
			"v1.9.3.276-g372aa98-aliyun; otherwise inspect the load balancer in the cloud console.",
		Risk: "The real error remains unknown, so it may keep recurring.",
		Doc: "Alibaba ACK, Service FAQ, Why are events for the service and LoadBalancer synchronization " +
			"process not visible?; " + tkeEventRetentionDoc,
		// A CCM known to emit no events explains their absence.
		ConsequenceOf: []ID{ACKServiceOldCCMNoEvents},
		Decides:       []Decision{{By: ByOtherObjects, What: words.Phrase{En: "Events", Zh: "该对象的事件（Event）"}, IfUnknown: UnknownSkips}},
	})
	GenericIngressNoEvents = uncoded(Generic, Ingress, "no-events", Info, Details{
		Title: "Ingress looks unhealthy but has no events",
		Cause: "No event explains the Ingress's state: events expire (about one hour on TKE) or the controller " +
			"did not emit any, so the failure cannot be read from them.",
		Fix: "Make a harmless change to the Ingress to trigger a new sync and diagnose again promptly, or read " +
			"the ingress controller's logs and the load balancer in the cloud console.",
		Risk:    "The underlying error goes undiagnosed and may keep recurring.",
		Doc:     tkeEventRetentionDoc + "; " + genericK8sDoc,
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "Events", Zh: "该对象的事件（Event）"}, IfUnknown: UnknownSkips}},
	})
	GenericServiceUnmatchedWarning = uncoded(Generic, Service, "unmatched-warning", Warning, Details{
		Title: "Warning event with no documented code",
		Cause: "A controller reported a Warning about the Service whose text matches no code or message of the " +
			"vendor documents lbdoctor knows; the message is shown as reported, credentials removed.",
		Fix: "Read the message: it usually names the failing cloud API call and its error. If it carries a cloud " +
			"error code, look it up in the provider's API error reference.",
		Risk:    "Whatever the controller complains about keeps failing until someone reads it.",
		Doc:     "Kubernetes events (kubectl get events --field-selector involvedObject.name=NAME)",
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "Events", Zh: "该对象的事件（Event）"}, IfUnknown: UnknownSkips}},
	})
	GenericIngressUnmatchedWarning = uncoded(Generic, Ingress, "unmatched-warning", Warning, Details{
		Title: "Warning event with no documented code",
		Cause: "A controller reported a Warning about the Ingress whose text matches no code or message of the " +
			"vendor documents lbdoctor knows; the message is shown as reported, credentials removed.",
		Fix: "Read the message: it usually names the failing cloud API call and its error. If it carries a cloud " +
			"error code, look it up in the provider's API error reference.",
		Risk:    "Whatever the controller complains about keeps failing until someone reads it.",
		Doc:     "Kubernetes events (kubectl get events --field-selector involvedObject.name=NAME)",
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "Events", Zh: "该对象的事件（Event）"}, IfUnknown: UnknownSkips}},
	})
	GenericServiceProviderConflict = uncoded(Generic, Service, "provider-conflict", Warning, Details{
		Title: "Evidence of both TKE and ACK for one Service",
		Cause: "The signals that tell the cloud disagree: among the Service's annotations, the nodes' " +
			"spec.providerID values and the kube-system controllers, some belong to Tencent TKE and some to " +
			"Alibaba ACK. Only the controller of the cloud the cluster runs on acts on the Service and it " +
			"ignores the other cloud's annotations. lbdoctor diagnoses for the cloud with the stronger evidence " +
			"(the report's provider field says which and why) and skips the other cloud's checks.",
		Fix: "Delete the annotations of the cloud the cluster does not run on (they are often left over from a " +
			"manifest written for another cluster) and set the equivalent ones of the right cloud. If the " +
			"diagnosis picked the wrong cloud, run it again with --provider tke or --provider ack.",
		Risk: "Settings written in the other cloud's annotations have no effect, so the load balancer is not " +
			"configured as the manifest suggests, and the checks of the other cloud do not run.",
		Doc:     providerIDDoc,
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the cluster's nodes and kube-system", Zh: "集群的节点以及 kube-system 命名空间"}, IfUnknown: UnknownSkips}},
	})
	GenericIngressProviderConflict = uncoded(Generic, Ingress, "provider-conflict", Warning, Details{
		Title: "Evidence of both TKE and ACK for one Ingress",
		Cause: "The signals that tell the cloud disagree: among the Ingress's class, its annotations, the " +
			"nodes' spec.providerID values and the kube-system controllers, some belong to Tencent TKE and some " +
			"to Alibaba ACK. An Ingress of class qcloud is served only by TKE's CLB ingress controller, which " +
			"exists only on TKE. lbdoctor diagnoses for the cloud with the stronger evidence (the report's " +
			"provider field says which and why) and skips the other cloud's checks.",
		Fix: "Keep the class and annotations of the cloud the cluster runs on and delete the others; on ACK use " +
			"an ingress class served there instead of qcloud. If the diagnosis picked the wrong cloud, run it " +
			"again with --provider tke or --provider ack.",
		Risk: "No controller, or the wrong one, picks the Ingress up, so it gets no address or ignores the " +
			"settings written for the other cloud; the checks of the other cloud do not run.",
		Doc:     providerIDDoc,
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the cluster's nodes and kube-system", Zh: "集群的节点以及 kube-system 命名空间"}, IfUnknown: UnknownSkips}},
	})
)

const providerIDDoc = "kubernetes/cloud-provider-alibaba-cloud, docs/getting-started.md (ACK node providerID " +
	"<REGION_ID>.<ECS_ID>, optionally alicloud://); Kubernetes, Cloud Providers, Alibaba Cloud (kubelet " +
	"--provider-id=${REGION_ID}.${INSTANCE_ID}); kubernetes/autoscaler, cloudprovider/tencentcloud (TKE node " +
	"providerID qcloud:///<zone>/<instance-id>)"
