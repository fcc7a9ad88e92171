package policy

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// Validation is one CEL condition of a covered rule.
type Validation struct {
	// Expression is true when the object is free of the problem.
	Expression string
	// Detail, when set, is a CEL string expression naming the offending value; the message carries it
	// between the rule's title and its fix.
	Detail string
}

// Covered is a rule the policies enforce: its validations fail exactly when the rule's check fires on
// the object alone, except on objects Exact rejects, where they fail only if the check fires.
type Covered struct {
	Rule        rules.ID
	Validations []Validation
	// Unread lists annotations whose JSON content CEL cannot parse; an instance of the rule that only
	// they hold is left to the CLI (the policy never fires where the check would not).
	Unread []string
	// ReadsStatus is set when the rule reads status, which the API server resets on CREATE: the policy
	// then judges updates only (status is the old object's), the check judges whatever it is given.
	ReadsStatus bool
	// Misses says what else the policy does not see; missed tells the objects where that can matter.
	Misses string
	missed func(annotations map[string]string) bool
}

// Exact reports whether the policy's verdict on an object with these annotations equals the check's;
// otherwise the policy may miss an instance the check finds.
func (c Covered) Exact(annotations map[string]string) bool {
	for _, k := range c.Unread {
		if _, ok := annotations[k]; ok {
			return false
		}
	}
	return c.missed == nil || !c.missed(annotations)
}

// Partial reports whether some instances of the rule are left to the CLI.
func (c Covered) Partial() bool { return len(c.Unread) > 0 || c.missed != nil }

// Status says how the policies treat a rule.
type Status string

// Statuses.
const (
	StatusCovered Status = "covered"
	// StatusPartial: covered, but an instance inside JSON annotations (Unread) is not seen.
	StatusPartial Status = "partial"
	// StatusSingleObject: decidable from the object alone, not expressible exactly in CEL.
	StatusSingleObject Status = "not covered (single object)"
	// StatusOtherObjects: the check needs other objects than the one admitted.
	StatusOtherObjects Status = "not covered (other objects)"
	// StatusEventOnly: only the cloud controller's events show it.
	StatusEventOnly Status = "not covered (event only)"
)

// Entry is the coverage of one catalog rule.
type Entry struct {
	Rule   rules.ID
	Status Status
	// Policy names the policy that enforces a covered rule.
	Policy string
	// Reason says why an uncovered rule is left out, or what a partial one does not see.
	Reason string
}

// SingleObject reports whether the rule is decidable from the admitted object alone.
func (e Entry) SingleObject() bool {
	return e.Status == StatusCovered || e.Status == StatusPartial || e.Status == StatusSingleObject
}

// Reasons for rules left out, by kind of obstacle.
const (
	whyJSON        = "the value is JSON, which CEL cannot parse"
	whyLastApplied = "it compares with the last-applied-configuration annotation, which is JSON"
)

// singleObjectReasons are the rules decidable from the object alone that the policies leave out.
var singleObjectReasons = map[rules.ID]string{
	rules.TKEIngressE4022: "kubernetes.io/ingress.http-rules: " + whyJSON,
	rules.TKEIngressE4023: "kubernetes.io/ingress.https-rules: " + whyJSON,
	rules.TKEIngressE4026: "kubernetes.io/ingress.extensiveParameters: " + whyJSON,
	rules.TKEIngressE4032: "AddressIPVersion sits in kubernetes.io/ingress.extensiveParameters: " + whyJSON,
	rules.TKEIngressE4034: "whether the CLB is pure IPv6 sits in kubernetes.io/ingress.extensiveParameters: " + whyJSON,
	rules.TKEServiceE4005: "service.kubernetes.io/service.extensiveParameters: " + whyJSON,
	rules.ACKServiceAddressTypeImmutable: "it compares the CLB address with the address type (IP ranges) and with the last-applied-configuration " +
		"annotation, which is JSON",
	rules.ACKServiceResourceGroupFixed: whyLastApplied,
	rules.ACKServiceCLCUSpec: "the error needs a change on an existing CLB (its address in status, and the " +
		"last-applied-configuration annotation, which is JSON); a Service created with both is accepted and the specification ignored",
	rules.ACKServiceNodePortLocalPortRange: "the API server allocates a nodePort the manifest leaves out before admission, so the policy " +
		"would judge the cluster's port range, not the manifest, and with Deny refuse Services whose author chose no port",
	rules.ACKServiceResourceGroupImmutable: whyLastApplied,
	rules.ACKServiceOrphanOnDelete:         whyLastApplied,
	rules.TKEServiceBackendsLabelInvalid: "service.kubernetes.io/qcloud-loadbalancer-backends-label is a label selector, which CEL " +
		"cannot parse (set-based forms such as key in (a,b) included)",
}

// otherObjectReasons say which other objects a check reads, for rules a check emits but the policies
// cannot decide: an admission policy sees only the object being written.
var otherObjectReasons = map[rules.ID]string{
	rules.TKEIngressE4007:                    "reads kube-system/ip-masq-agent-config",
	rules.TKEServiceIPMasqAgent:              "reads kube-system/ip-masq-agent-config",
	rules.TKEIngressE4010:                    "reads the TLS Secret",
	rules.TKEIngressE4011:                    "reads the TLS Secret",
	rules.TKEIngressE4035:                    "reads the TLS Secret",
	rules.TKEIngressE4019:                    "reads the other Ingresses and Services that use the CLB",
	rules.TKEIngressE4020:                    "reads the other Ingresses that use the CLB",
	rules.TKEIngressE4101:                    "reads the other Ingresses that use the CLB",
	rules.TKEIngressE4041:                    "reads the backend Services",
	rules.TKEIngressE4042:                    "reads the backend Services",
	rules.TKEIngressE4047:                    "reads the backend Services",
	rules.TKEIngressE4082:                    "reads the backend Services",
	rules.TKEIngressW1000:                    "reads the backend Services",
	rules.TKEIngressE4043:                    "reads the TkeServiceConfig",
	rules.TKEIngressCLBLoopback:              "reads kube-proxy and the cluster's nodes",
	rules.TKEIngressAPIHostAliases:           "reads the ingress controller Deployment",
	rules.TKEIngressE6001:                    "reads the ingress controller Deployment",
	rules.TKEIngressE6002:                    "reads the ingress controller Deployment",
	rules.TKEIngressE6009:                    "reads the NGINX admission webhook configuration",
	rules.TKEServiceCLBLoopback:              "reads kube-proxy and the cluster's nodes",
	rules.TKEServiceBackendsLabelNoNodes:     "reads the cluster's nodes",
	rules.TKEServiceE4012:                    "reads the other Services and Ingresses that use the CLB",
	rules.TKEServiceE4014:                    "reads the other Services that reuse the CLB",
	rules.TKEServiceE4026:                    "reads the TkeServiceConfig",
	rules.TKEServiceE4033:                    "reads the backend pods and their nodes",
	rules.TKEServiceNginxGracefulShutdown:    "reads the NGINX ingress controller Deployment",
	rules.ACKServiceENIFlannel:               "reads the network plugin's DaemonSets in kube-system",
	rules.ACKServiceNoAvailableNodes:         "reads nodes, pods and EndpointSlices",
	rules.ACKServiceBackendQuota:             "reads nodes, pods and EndpointSlices",
	rules.ACKServiceHTTPSToHTTPSBackend:      "reads the backend pods' container ports",
	rules.ACKServiceReuseCCMLB:               "reads the other Services",
	rules.ACKServiceRollingUpdate503:         "reads the backend pods",
	rules.ACKServiceOldCCMNoEvents:           "reads the cloud-controller-manager version",
	rules.ACKServiceReuseOldCCM:              "reads the cloud-controller-manager version",
	rules.ACKServiceIntranetLBLoopback:       "decides from the CLB's address in status, which the controller writes after creation",
	rules.GenericServiceNoSelector:           "reads EndpointSlices",
	rules.GenericServiceNoEndpoints:          "reads EndpointSlices and pods",
	rules.GenericServiceEndpointsNotReady:    "reads EndpointSlices and pods",
	rules.GenericServiceExternalTrafficLocal: "reads EndpointSlices, pods and nodes",
	rules.GenericServiceNoEvents:             "reads Events",
	rules.GenericIngressNoEvents:             "reads Events",
	rules.GenericServiceUnmatchedWarning:     "reads Events",
	rules.GenericIngressUnmatchedWarning:     "reads Events",
	rules.GenericServiceProviderConflict:     "compares with the cluster's nodes and kube-system",
	rules.GenericIngressProviderConflict:     "compares with the cluster's nodes and kube-system",
	rules.GenericIngressOtherController:      "reads the IngressClass; it is a note, not a problem",
}
