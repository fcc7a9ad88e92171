// Package cloud is the cloud half of a snapshot: what one read-only pass over a cloud's API found about
// the load balancers a diagnosis names (their listeners, backends and health, the certificates they
// serve, the quotas and subnets they draw on), and what it could not read and why. Each provider's
// reader fills Facts through the vendor's SDK; checks read Facts and never call a cloud.
package cloud

import (
	"time"
)

// Facts is everything one cloud read found. A table answers a lookup with the item, ErrNotFound
// (asked for and the cloud said it does not exist) or a *ReadError (it could not be read).
type Facts struct {
	// Provider is the provider name of the cloud read ("tke", "ack").
	Provider string
	// Region is the region the reads were made in.
	Region string
	// Endpoint is the API endpoint the reads went to when it was not the vendor's own (a simulated
	// cloud in tests and the demo); empty for the vendor's endpoints.
	Endpoint string
	// ReadAt is when the pass started.
	ReadAt time.Time

	LoadBalancers Table[*LoadBalancer]
	Certificates  Table[*Certificate]
	Subnets       Table[*Subnet]
	// Quotas are keyed by QuotaKey(name, scope).
	Quotas Table[*Quota]
}

// State is a load balancer's lifecycle state, normalised across vendors.
type State string

// States. Active is the only one in which a load balancer serves traffic as configured.
const (
	StateActive   State = "active"
	StateCreating State = "creating"
	// StateIsolated: the vendor stopped it for arrears or expiry (TKE isolation, ACK financial lock).
	StateIsolated State = "isolated"
	// StateStopped: stopped by its owner (ACK "inactive").
	StateStopped  State = "stopped"
	StateDeleting State = "deleting"
	StateUnknown  State = "unknown"
)

// Network is whether a load balancer is reachable from the internet or only inside its VPC.
type Network string

// Networks.
const (
	Public   Network = "public"
	Internal Network = "internal"
)

// LoadBalancer is one cloud load balancer (a Tencent CLB, an Alibaba CLB/SLB or NLB) as its API
// describes it.
type LoadBalancer struct {
	ID   string
	Name string
	// Product says which API describes it: "clb", "slb", "nlb".
	Product string
	Network Network
	State   State
	// StateDetail is the vendor's own words for a state other than active (an isolation reason,
	// a lock reason), empty otherwise.
	StateDetail string
	VpcID       string
	SubnetID    string
	Addresses   []string
	// Tags are the vendor tags; the Kubernetes controllers mark what they created with them.
	Tags      map[string]string
	CreatedAt time.Time
	// Listeners are all of its listeners, ordered by protocol and port.
	Listeners []*Listener
	// Gaps are the parts of it that could not be read, each with why; nil when all were read. A check
	// that needs one of them is a skip naming the action, never a finding about what is missing.
	Gaps map[Part]*ReadError
}

// Part is a part of a load balancer that a reader reads with its own action.
type Part string

// Parts.
const (
	// PartListeners: the listeners and their rules, health-check settings and certificates.
	PartListeners Part = "listeners"
	// PartBackends: the backends bound to listeners and rules.
	PartBackends Part = "backends"
	// PartHealth: the backends' health-check results.
	PartHealth Part = "health"
)

// Gap is why part p could not be read, or nil.
func (lb *LoadBalancer) Gap(p Part) *ReadError { return lb.Gaps[p] }

// PartErr is Gap as an error: nil (not a typed nil) when p was read.
func (lb *LoadBalancer) PartErr(p Part) error {
	if e := lb.Gaps[p]; e != nil {
		return e
	}
	return nil
}

// SetGap records that part p could not be read; the first error recorded for a part is kept.
func (lb *LoadBalancer) SetGap(p Part, err *ReadError) {
	if lb.Gaps == nil {
		lb.Gaps = map[Part]*ReadError{}
	}
	if lb.Gaps[p] == nil {
		lb.Gaps[p] = err
	}
}

// Listener is one listener of a load balancer.
type Listener struct {
	ID   string
	Name string
	// Protocol in upper case: TCP, UDP, HTTP, HTTPS, TCP_SSL, QUIC.
	Protocol string
	Port     int32
	// Description is the vendor's free text; ACK's controller writes its owner there.
	Description    string
	CertificateIDs []string
	// GroupID is the backend group the listener forwards to, when the vendor keeps one apart from
	// the listener (an ACK vServer group); empty otherwise.
	GroupID     string
	HealthCheck *HealthCheck
	// Rules are the layer-7 forwarding rules (HTTP and HTTPS listeners).
	Rules []*Rule
	// Backends are the layer-4 backends, bound to the listener itself.
	Backends []*Backend
}

// Rule is a layer-7 forwarding rule: a host and a path, and the backends it forwards to.
type Rule struct {
	ID          string
	Domain      string
	URL         string
	HealthCheck *HealthCheck
	Backends    []*Backend
}

// Health is a backend's health-check result.
type Health string

// Health states. HealthUnknown: the check is off or the cloud has no result yet.
const (
	Healthy       Health = "healthy"
	Unhealthy     Health = "unhealthy"
	HealthUnknown Health = "unknown"
)

// Backend is one registered backend of a listener or rule.
type Backend struct {
	// Type is the vendor's backend type: "CVM", "ENI", "NODE" (TKE); "ecs", "eni", "ip" (ACK).
	Type       string
	InstanceID string
	IP         string
	Port       int32
	Weight     int32
	Health     Health
	// HealthDetail is the vendor's reason for an unhealthy result, when it gives one.
	HealthDetail string
}

// HealthCheck is a listener's or rule's health-check settings.
type HealthCheck struct {
	Enabled bool
	// Protocol is what the check speaks (TCP, HTTP, HTTPS, UDP, PING, CUSTOM).
	Protocol string
	// Port is the port probed; 0 probes the backend's own port.
	Port      int32
	Path      string
	Domain    string
	HTTPCodes string
	// Seconds and counts as the vendor states them.
	Timeout, Interval, HealthyThreshold, UnhealthyThreshold int32
}

// Certificate is a server certificate's metadata. A reader never fetches a private key or a
// certificate body.
type Certificate struct {
	ID         string
	Name       string
	CommonName string
	// SANs are the subject alternative names (DNS names, possibly wildcards).
	SANs      []string
	NotBefore time.Time
	NotAfter  time.Time
	// Status is the vendor's status word, when it gives one.
	Status string
}

// Quota is one quota's usage against its limit.
type Quota struct {
	// Name is the provider's stable name for the quota, e.g. "listeners-per-lb".
	Name string
	// VendorName is the quota as the vendor's API names it, e.g. TOTAL_LISTENER_QUOTA.
	VendorName string
	// Scope is empty for a region-wide quota, else the id of what it applies to: a load balancer, a
	// listener or a rule.
	Scope string
	Used  int64
	Limit int64
}

// QuotaKey is the key of a quota in Facts.Quotas.
func QuotaKey(name, scope string) string {
	if scope == "" {
		return name
	}
	return name + "/" + scope
}

// Headroom is the share of the limit still free, 0 to 1; 1 when the limit is not positive.
func (q *Quota) Headroom() float64 {
	if q.Limit <= 0 {
		return 1
	}
	free := q.Limit - q.Used
	if free < 0 {
		free = 0
	}
	return float64(free) / float64(q.Limit)
}

// Subnet is a subnet (TKE) or vSwitch (ACK) a load balancer takes its address from.
type Subnet struct {
	ID           string
	VpcID        string
	Zone         string
	CIDR         string
	AvailableIPs int64
}
