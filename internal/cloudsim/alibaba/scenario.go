package alibaba

import (
	"bytes"
	"fmt"
	"os"
	"time"

	"go.yaml.in/yaml/v3"
)

// Scenario is the state of a simulated account in one region, loaded from YAML: the credentials it
// accepts, its Classic Load Balancers (listeners, vServer groups, backends and their health) and
// Network Load Balancers (listeners, server groups, servers and their health), its server
// certificates, vSwitches and quotas, and the failures to inject per action.
type Scenario struct {
	// Region is the region the load balancers and vSwitches are in; a request for another region
	// finds none of them.
	Region        string         `yaml:"region"`
	Credentials   []Credential   `yaml:"credentials"`
	LoadBalancers []LoadBalancer `yaml:"loadBalancers"`
	// NetworkLoadBalancers are NLB instances (API 2022-04-30).
	NetworkLoadBalancers []NetworkLoadBalancer `yaml:"networkLoadBalancers"`
	Certificates         []Certificate         `yaml:"certificates"`
	VSwitches            []VSwitch             `yaml:"vSwitches"`
	Quotas               []Quota               `yaml:"quotas"`
	Faults               []Fault               `yaml:"faults"`
}

// Credential is an AccessKey pair the simulated cloud accepts; with SecurityToken set it is an STS
// credential and a request must carry that token.
type Credential struct {
	AccessKeyID     string `yaml:"accessKeyId"`
	AccessKeySecret string `yaml:"accessKeySecret"`
	SecurityToken   string `yaml:"securityToken"`
}

// LoadBalancer is a Classic Load Balancer (CLB, formerly SLB) instance.
type LoadBalancer struct {
	ID   string `yaml:"id"`
	Name string `yaml:"name"`
	// AddressType is internet or intranet.
	AddressType string `yaml:"addressType"`
	Address     string `yaml:"address"`
	// Status is active, inactive or locked; BusinessStatus Normal or Abnormal.
	Status         string            `yaml:"status"`
	BusinessStatus string            `yaml:"businessStatus"`
	VpcID          string            `yaml:"vpcId"`
	VSwitchID      string            `yaml:"vSwitchId"`
	CreateTime     string            `yaml:"createTime"`
	Tags           map[string]string `yaml:"tags"`
	Listeners      []Listener        `yaml:"listeners"`
	VServerGroups  []VServerGroup    `yaml:"vServerGroups"`
	// BackendServers are the default server group, used by listeners without a vServer group.
	BackendServers []Backend `yaml:"backendServers"`
}

// Listener is a CLB listener, known by its port and protocol (tcp, udp, http, https).
type Listener struct {
	Port                int         `yaml:"port"`
	Protocol            string      `yaml:"protocol"`
	Status              string      `yaml:"status"`
	Description         string      `yaml:"description"`
	VServerGroupID      string      `yaml:"vServerGroupId"`
	BackendServerPort   int         `yaml:"backendServerPort"`
	ServerCertificateID string      `yaml:"serverCertificateId"`
	HealthCheck         HealthCheck `yaml:"healthCheck"`
}

// HealthCheck is a listener's health-check settings as the API states them.
type HealthCheck struct {
	// Switch is on or off.
	Switch string `yaml:"switch"`
	// Type is tcp or http (TCP listeners).
	Type               string `yaml:"type"`
	ConnectPort        int    `yaml:"connectPort"`
	Timeout            int    `yaml:"timeout"`
	Interval           int    `yaml:"interval"`
	HealthyThreshold   int    `yaml:"healthyThreshold"`
	UnhealthyThreshold int    `yaml:"unhealthyThreshold"`
	URI                string `yaml:"uri"`
	Domain             string `yaml:"domain"`
	HTTPCode           string `yaml:"httpCode"`
}

// VServerGroup is a vServer group and its backends.
type VServerGroup struct {
	ID       string    `yaml:"id"`
	Name     string    `yaml:"name"`
	Backends []Backend `yaml:"backends"`
}

// Backend is a backend server with the health its listeners' checks report.
type Backend struct {
	ServerID string `yaml:"serverId"`
	ServerIP string `yaml:"serverIp"`
	// Type is ecs, eni or ip.
	Type   string `yaml:"type"`
	Port   int    `yaml:"port"`
	Weight int    `yaml:"weight"`
	// Health is normal, abnormal or unavailable.
	Health string `yaml:"health"`
}

// NetworkLoadBalancer is a Network Load Balancer (NLB) instance with its listeners and server
// groups.
type NetworkLoadBalancer struct {
	ID   string `yaml:"id"`
	Name string `yaml:"name"`
	// AddressType is Internet or Intranet.
	AddressType string `yaml:"addressType"`
	// Status is Active, Inactive, Provisioning, Configuring, ...; BusinessStatus Normal or Abnormal.
	Status         string            `yaml:"status"`
	BusinessStatus string            `yaml:"businessStatus"`
	VpcID          string            `yaml:"vpcId"`
	CreateTime     string            `yaml:"createTime"`
	Tags           map[string]string `yaml:"tags"`
	Zones          []NLBZone         `yaml:"zones"`
	// Locks are operation locks: type (FinancialLocked, SecurityLocked, ...) and reason.
	Locks        []NLBLock        `yaml:"locks"`
	Listeners    []NLBListener    `yaml:"listeners"`
	ServerGroups []NLBServerGroup `yaml:"serverGroups"`
}

// NLBZone is a zone an NLB instance serves in, with its vSwitch and addresses.
type NLBZone struct {
	ZoneID      string `yaml:"zoneId"`
	VSwitchID   string `yaml:"vSwitchId"`
	PrivateIPv4 string `yaml:"privateIPv4"`
	PublicIPv4  string `yaml:"publicIPv4"`
}

// NLBLock is an operation lock of an NLB instance.
type NLBLock struct {
	Type   string `yaml:"type"`
	Reason string `yaml:"reason"`
}

// NLBListener is an NLB listener (TCP, UDP, TCPSSL).
type NLBListener struct {
	ID             string   `yaml:"id"`
	Port           int      `yaml:"port"`
	Protocol       string   `yaml:"protocol"`
	Description    string   `yaml:"description"`
	ServerGroupID  string   `yaml:"serverGroupId"`
	CertificateIDs []string `yaml:"certificateIds"`
}

// NLBServerGroup is an NLB server group: its health check and its servers.
type NLBServerGroup struct {
	ID          string         `yaml:"id"`
	Name        string         `yaml:"name"`
	HealthCheck NLBHealthCheck `yaml:"healthCheck"`
	Servers     []NLBServer    `yaml:"servers"`
}

// NLBHealthCheck is a server group's health-check settings.
type NLBHealthCheck struct {
	Enabled            bool     `yaml:"enabled"`
	Type               string   `yaml:"type"`
	ConnectPort        int      `yaml:"connectPort"`
	ConnectTimeout     int      `yaml:"connectTimeout"`
	Interval           int      `yaml:"interval"`
	HealthyThreshold   int      `yaml:"healthyThreshold"`
	UnhealthyThreshold int      `yaml:"unhealthyThreshold"`
	URL                string   `yaml:"url"`
	Domain             string   `yaml:"domain"`
	HTTPCodes          []string `yaml:"httpCodes"`
}

// NLBServer is a server of an NLB server group, with its health: Healthy, or one of the states
// GetListenerHealthStatus lists (Unhealthy, Initial, Unused, Unavailable) and a reason code.
type NLBServer struct {
	ServerID string `yaml:"serverId"`
	ServerIP string `yaml:"serverIp"`
	// Type is Ecs, Eni, Eci or Ip.
	Type         string `yaml:"type"`
	Port         int    `yaml:"port"`
	Weight       int    `yaml:"weight"`
	Health       string `yaml:"health"`
	HealthReason string `yaml:"healthReason"`
}

// Certificate is an uploaded server certificate; only its metadata is simulated.
type Certificate struct {
	ID         string   `yaml:"id"`
	Name       string   `yaml:"name"`
	CommonName string   `yaml:"commonName"`
	SANs       []string `yaml:"sans"`
	// ExpireTime is RFC 3339.
	ExpireTime  string `yaml:"expireTime"`
	Fingerprint string `yaml:"fingerprint"`
}

// VSwitch is a vSwitch and its free addresses.
type VSwitch struct {
	ID           string `yaml:"id"`
	VpcID        string `yaml:"vpcId"`
	ZoneID       string `yaml:"zoneId"`
	CIDR         string `yaml:"cidr"`
	AvailableIPs int64  `yaml:"availableIps"`
}

// Quota is a Quota Center quota of product slb in the scenario's region.
type Quota struct {
	Code  string  `yaml:"code"`
	Name  string  `yaml:"name"`
	Total float64 `yaml:"total"`
	Usage float64 `yaml:"usage"`
}

// Fault is a failure injected into every request for Action (all actions when empty): the error
// Code with HTTP Status, for the first Times requests (every request when 0), after Delay.
type Fault struct {
	Action  string `yaml:"action"`
	Code    string `yaml:"code"`
	Status  int    `yaml:"status"`
	Message string `yaml:"message"`
	Times   int    `yaml:"times"`
	// Delay (a Go duration) holds the answer back; with no Code the request then succeeds.
	Delay string `yaml:"delay"`
}

func (f Fault) delay() time.Duration {
	d, _ := time.ParseDuration(f.Delay)
	return d
}

// Load reads a scenario file; unknown fields are errors.
func Load(path string) (*Scenario, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(b)
}

// Parse decodes a scenario; unknown fields are errors.
func Parse(b []byte) (*Scenario, error) {
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	var sc Scenario
	if err := dec.Decode(&sc); err != nil {
		return nil, fmt.Errorf("scenario: %w", err)
	}
	for _, f := range sc.Faults {
		if f.Delay != "" {
			if _, err := time.ParseDuration(f.Delay); err != nil {
				return nil, fmt.Errorf("scenario: fault %s: delay: %w", f.Action, err)
			}
		}
		if f.Code != "" && f.Status == 0 {
			return nil, fmt.Errorf("scenario: fault %s: code %s needs a status", f.Action, f.Code)
		}
	}
	if sc.Region == "" {
		return nil, fmt.Errorf("scenario: region is empty")
	}
	return &sc, nil
}
