package tencent

import (
	"fmt"
	"os"
	"time"

	"sigs.k8s.io/yaml"
)

// Scenario is one simulated Tencent Cloud account in one region, written as data: its API keys, its
// load balancers with their listeners, rules, backends and health, its certificates, subnets and
// CLB quotas, and the failures to inject per action.
type Scenario struct {
	// Region is the region the account's resources are in; a request for another region finds none.
	Region string `json:"region"`
	// Credentials are the API keys the simulated cloud accepts.
	Credentials   []Credential   `json:"credentials"`
	LoadBalancers []LoadBalancer `json:"loadBalancers,omitempty"`
	Certificates  []Certificate  `json:"certificates,omitempty"`
	Subnets       []Subnet       `json:"subnets,omitempty"`
	// Quotas are DescribeQuota's entries. A region-wide quota with no current value is answered with
	// the number of load balancers of its network type.
	Quotas []Quota `json:"quotas,omitempty"`
	Faults []Fault `json:"faults,omitempty"`
}

// Credential is one API key pair, with the session token a temporary key needs.
type Credential struct {
	SecretID  string `json:"secretId"`
	SecretKey string `json:"secretKey"`
	Token     string `json:"token,omitempty"`
}

// LoadBalancer is one CLB instance.
type LoadBalancer struct {
	ID   string `json:"id"`
	Name string `json:"name,omitempty"`
	// Type is OPEN or INTERNAL.
	Type string `json:"type"`
	// Status is 0 (creating) or 1 (running).
	Status int `json:"status"`
	// Classic marks a classic CLB (Forward 0), which DescribeTargetHealth does not support.
	Classic bool `json:"classic,omitempty"`
	// Isolation is 1 when the instance is isolated.
	Isolation    int               `json:"isolation,omitempty"`
	IsolatedTime string            `json:"isolatedTime,omitempty"`
	ExpireTime   string            `json:"expireTime,omitempty"`
	ChargeType   string            `json:"chargeType,omitempty"`
	VpcID        string            `json:"vpcId,omitempty"`
	SubnetID     string            `json:"subnetId,omitempty"`
	VIPs         []string          `json:"vips,omitempty"`
	IPv6         string            `json:"ipv6,omitempty"`
	Domain       string            `json:"domain,omitempty"`
	CreateTime   string            `json:"createTime,omitempty"`
	Tags         map[string]string `json:"tags,omitempty"`
	Listeners    []Listener        `json:"listeners,omitempty"`
}

// Listener is one listener; HTTP and HTTPS listeners have rules, the others targets.
type Listener struct {
	ID       string `json:"id"`
	Name     string `json:"name,omitempty"`
	Protocol string `json:"protocol"`
	Port     int64  `json:"port"`
	// CertID and ExtCertIDs are the server certificates of an HTTPS or TCP_SSL listener.
	CertID      string       `json:"certId,omitempty"`
	ExtCertIDs  []string     `json:"extCertIds,omitempty"`
	SNI         bool         `json:"sni,omitempty"`
	HealthCheck *HealthCheck `json:"healthCheck,omitempty"`
	Rules       []Rule       `json:"rules,omitempty"`
	Targets     []Target     `json:"targets,omitempty"`
}

// Rule is a forwarding rule of a layer-7 listener.
type Rule struct {
	ID          string       `json:"id"`
	Domain      string       `json:"domain"`
	URL         string       `json:"url"`
	CertID      string       `json:"certId,omitempty"`
	HealthCheck *HealthCheck `json:"healthCheck,omitempty"`
	Targets     []Target     `json:"targets,omitempty"`
}

// Target is one bound backend and its health-check result.
type Target struct {
	// Type is CVM or ENI.
	Type       string `json:"type"`
	InstanceID string `json:"instanceId,omitempty"`
	EniID      string `json:"eniId,omitempty"`
	IP         string `json:"ip"`
	Port       int64  `json:"port"`
	Weight     int64  `json:"weight"`
	// Health is Alive, Dead or Unknown.
	Health string `json:"health,omitempty"`
}

// HealthCheck is a listener's or rule's health-check settings, in the API's own terms.
type HealthCheck struct {
	Switch      int64  `json:"switch"`
	CheckType   string `json:"checkType,omitempty"`
	CheckPort   int64  `json:"checkPort,omitempty"`
	Path        string `json:"path,omitempty"`
	Domain      string `json:"domain,omitempty"`
	HTTPCode    int64  `json:"httpCode,omitempty"`
	Timeout     int64  `json:"timeout,omitempty"`
	Interval    int64  `json:"interval,omitempty"`
	HealthNum   int64  `json:"healthNum,omitempty"`
	UnHealthNum int64  `json:"unHealthNum,omitempty"`
}

// Certificate is an SSL certificate's metadata. Body and Key stand for the material the simulated
// account holds; no action the simulation implements answers with them.
type Certificate struct {
	ID        string   `json:"id"`
	Alias     string   `json:"alias,omitempty"`
	Domain    string   `json:"domain"`
	SANs      []string `json:"sans,omitempty"`
	BeginTime string   `json:"beginTime"`
	EndTime   string   `json:"endTime"`
	// Status is the SSL API's status number (1 approved, 3 expired, …).
	Status int    `json:"status"`
	Type   string `json:"type,omitempty"`
	Body   string `json:"body,omitempty"`
	Key    string `json:"key,omitempty"`
}

// Subnet is a VPC subnet.
type Subnet struct {
	ID           string `json:"id"`
	VpcID        string `json:"vpcId"`
	Zone         string `json:"zone"`
	CIDR         string `json:"cidr"`
	AvailableIPs int64  `json:"availableIps"`
}

// Quota is one DescribeQuota entry.
type Quota struct {
	ID      string `json:"id"`
	Limit   int64  `json:"limit"`
	Current *int64 `json:"current,omitempty"`
}

// Fault is a failure injected into one action, named Action or service:Action. It applies after
// the signature is verified, in this order: Delay, then Throttle, then Forbidden or Code.
type Fault struct {
	Action string `json:"action"`
	// Delay holds every answer back this long (a Go duration, e.g. 2s).
	Delay string `json:"delay,omitempty"`
	// Throttle answers RequestLimitExceeded to the first Throttle calls.
	Throttle int `json:"throttle,omitempty"`
	// Forbidden answers UnauthorizedOperation, as CAM does for an action the key is not granted.
	Forbidden bool `json:"forbidden,omitempty"`
	// Code and Message answer any other error, every time.
	Code    string `json:"code,omitempty"`
	Message string `json:"message,omitempty"`

	delay time.Duration
}

// LoadScenario reads a scenario from a YAML file; unknown fields are errors.
func LoadScenario(path string) (*Scenario, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseScenario(b)
}

// ParseScenario reads a scenario from YAML; unknown fields are errors.
func ParseScenario(b []byte) (*Scenario, error) {
	var s Scenario
	if err := yaml.UnmarshalStrict(b, &s); err != nil {
		return nil, fmt.Errorf("tencent scenario: %w", err)
	}
	if s.Region == "" {
		return nil, fmt.Errorf("tencent scenario: region is required")
	}
	if len(s.Credentials) == 0 {
		return nil, fmt.Errorf("tencent scenario: at least one credential is required")
	}
	for i := range s.Faults {
		f := &s.Faults[i]
		if f.Action == "" {
			return nil, fmt.Errorf("tencent scenario: fault %d names no action", i)
		}
		if f.Delay != "" {
			d, err := time.ParseDuration(f.Delay)
			if err != nil {
				return nil, fmt.Errorf("tencent scenario: fault %s: delay: %w", f.Action, err)
			}
			f.delay = d
		}
	}
	return &s, nil
}
