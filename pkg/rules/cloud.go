package rules

import "github.com/lbdoctor/kubectl-lbdoctor/pkg/words"

// CloudRules are a provider's rules of what a cloud read finds (--cloud), one field per check of
// the cloud checks in pkg/checks; a zero ID is a check the provider does not have.
type CloudRules struct {
	// LBMissing: the load balancer the object names does not exist.
	LBMissing ID
	// LBIsolated: it is isolated or locked (arrears, expiry, a security lock).
	LBIsolated ID
	// LBInactive: it is being deleted, stopped or still being created.
	LBInactive ID
	// LBAddress: its addresses are not those the object's status names.
	LBAddress ID
	// ListenerMissing: a port the object asks for has no listener.
	ListenerMissing ID
	// ListenerProtocol: a listener speaks another protocol than the object asks for.
	ListenerProtocol ID
	// ListenerExtra: a listener of a load balancer the controller made for the object alone that
	// no port of the object asks for.
	ListenerExtra ID
	// ListenerTaken: a reused load balancer already has a listener of another owner on a port the
	// object asks for.
	ListenerTaken ID
	// BackendNone: a listener of the object has no backend.
	BackendNone ID
	// BackendWeightZero: a backend has weight 0.
	BackendWeightZero ID
	// BackendUnhealthy: a backend fails the health check.
	BackendUnhealthy ID
	// BackendMissing: a node or pod the controller should have registered (by the Service's
	// endpoints, the nodes and the backend mode) is not a backend of a listener.
	BackendMissing ID
	// BackendStale: a listener has a backend that is no node or pod the controller would register.
	BackendStale ID
	// BackendKind: a listener has backends of the other kind than the Service's mode registers
	// (nodes where pods are expected, or pods where nodes are).
	BackendKind ID
	// CertMissing, CertExpired, CertExpiring and CertHosts: the certificate a listener serves does
	// not exist, has expired, expires within 30 days, or does not cover a TLS host of the object.
	CertMissing, CertExpired, CertExpiring, CertHosts ID
	// Quota: a quota the object draws on has 10% or less headroom.
	Quota ID
	// SubnetIPs: the subnet or vSwitch of an internal load balancer has no or few free addresses.
	SubnetIPs ID
}

// CloudDecides is the Decides entry of a cloud rule: what reads decide it.
func CloudDecides(en, zh string) []Decision {
	return []Decision{{By: ByCloud, What: words.Phrase{En: en, Zh: zh}, IfUnknown: UnknownSkips}}
}

// CloudBackendDecides is the Decides entry of a cloud rule that compares the backends the cloud
// action describes with the endpoints and nodes of the cluster.
func CloudBackendDecides(en, zh string) []Decision {
	return append(CloudDecides(en, zh), Decision{By: ByOtherObjects,
		What:      words.Phrase{En: "the Service's EndpointSlices and the cluster's nodes", Zh: "Service 的 EndpointSlice 和集群的节点"},
		IfUnknown: UnknownSkips})
}

// Risk texts shared by the cloud rules of every provider, in English and Chinese.
const (
	RiskCloudNoTraffic   = "Clients reach no backend through this load balancer, or only some of them."
	ZhRiskCloudNoTraffic = "客户端无法经由该负载均衡访问后端，或只能访问到部分后端。"
	RiskCloudSoon        = "Traffic still flows today; it stops when the limit is reached."
	ZhRiskCloudSoon      = "目前流量仍正常；一旦达到上限，流量就会中断。"
)
