package cloudread

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
)

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// TestRead: the real SDK against the simulated cloud, every field of the facts mapped.
func TestRead(t *testing.T) {
	sim, u := serve(t, scenario(t, "scenario"))
	r := newReader(t, u, nil)
	f := r.Read(context.Background(), cloud.Request{
		LoadBalancerIDs: []string{"lb-bp1web", "lb-bp1arrears", "lb-bp1gone", "lb-bp1web", "not,an,id", "nlb-bp1net", "nlb-bp1locked", "nlb-bp1gone", "alb-bp1app"},
		CertificateIDs:  []string{"1231579085529123_gone"},
		SubnetIDs:       []string{"vsw-bp1gone"},
		Quotas:          true,
	})

	t.Run("facts", func(t *testing.T) {
		if f.Provider != "ack" || f.Region != "cn-hangzhou" || f.Endpoint != u || !f.ReadAt.Equal(time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC)) {
			t.Errorf("provider %q region %q endpoint %q read at %v", f.Provider, f.Region, f.Endpoint, f.ReadAt)
		}
	})

	tcpCheck := &cloud.HealthCheck{Enabled: true, Protocol: "TCP", Timeout: 5, Interval: 2, HealthyThreshold: 3, UnhealthyThreshold: 3}
	want := map[string]*cloud.LoadBalancer{
		"lb-bp1web": {
			ID: "lb-bp1web", Name: "a1b2c3d4e5f60718293a4b5c6d7e8f90", Product: "slb", Network: cloud.Public, State: cloud.StateActive,
			VpcID: "vpc-bp1main", SubnetID: "vsw-bp1lb", Addresses: []string{"203.0.113.10"}, CreatedAt: at("2025-03-01T08:00:00Z"),
			Tags: map[string]string{"kubernetes.do.not.delete": "a1b2c3d4e5f60718293a4b5c6d7e8f90", "ack.aliyun.com": "c0ffee"},
			Listeners: []*cloud.Listener{
				{ID: "HTTPS:443", Protocol: "HTTPS", Port: 443, Description: "k8s/443/web/default/c0ffee", GroupID: "rsp-web443",
					CertificateIDs: []string{"1231579085529123_web"},
					HealthCheck: &cloud.HealthCheck{Enabled: true, Protocol: "HTTP", Path: "/healthz", Domain: "web.example.com", HTTPCodes: "http_2xx,http_3xx",
						Timeout: 5, Interval: 2, HealthyThreshold: 3, UnhealthyThreshold: 3},
					Backends: []*cloud.Backend{
						{Type: "eni", InstanceID: "eni-bp1pods", IP: "10.0.2.21", Port: 8443, Weight: 50, Health: cloud.Healthy},
						{Type: "eni", InstanceID: "eni-bp1pods", IP: "10.0.2.22", Port: 8443, Weight: 50, Health: cloud.Unhealthy},
					}},
				{ID: "TCP:80", Protocol: "TCP", Port: 80, Description: "k8s/80/web/default/c0ffee", GroupID: "rsp-web80", HealthCheck: tcpCheck,
					Backends: []*cloud.Backend{
						{Type: "ecs", InstanceID: "i-bp1node1", IP: "10.0.1.11", Port: 30080, Weight: 100, Health: cloud.Healthy},
						{Type: "ecs", InstanceID: "i-bp1node2", IP: "10.0.1.12", Port: 30080, Weight: 0, Health: cloud.Unhealthy},
					}},
				{ID: "UDP:53", Protocol: "UDP", Port: 53, Description: "k8s/53/dns/kube-system/c0ffee", GroupID: "rsp-dns53",
					HealthCheck: &cloud.HealthCheck{Enabled: false, Protocol: "UDP"},
					Backends: []*cloud.Backend{
						{Type: "ecs", InstanceID: "i-bp1node1", IP: "10.0.1.11", Port: 30053, Weight: 100, Health: cloud.HealthUnknown},
					}},
			},
		},
		"lb-bp1arrears": {
			ID: "lb-bp1arrears", Name: "arrears", Product: "slb", Network: cloud.Internal, State: cloud.StateIsolated, StateDetail: "BusinessStatus Abnormal",
			VpcID: "vpc-bp1main", SubnetID: "vsw-bp1lb", Addresses: []string{"10.0.0.200"}, CreatedAt: at("2024-11-20T01:02:03Z"), Tags: map[string]string{},
			Listeners: []*cloud.Listener{
				{ID: "HTTP:8080", Protocol: "HTTP", Port: 8080, Description: "user-managed", HealthCheck: &cloud.HealthCheck{Protocol: "HTTP"},
					Backends: []*cloud.Backend{
						{Type: "ecs", InstanceID: "i-bp1node3", IP: "10.0.1.13", Port: 30808, Weight: 80, Health: cloud.HealthUnknown},
					}},
			},
		},
	}
	netCheck := &cloud.HealthCheck{Enabled: true, Protocol: "HTTP", Path: "/ready", Domain: "net.example.com", HTTPCodes: "http_2xx,http_3xx",
		Timeout: 5, Interval: 10, HealthyThreshold: 2, UnhealthyThreshold: 2}
	netBackends := []*cloud.Backend{
		{Type: "ecs", InstanceID: "i-bp1node1", IP: "10.0.1.11", Port: 30080, Weight: 100, Health: cloud.Healthy},
		{Type: "ecs", InstanceID: "i-bp1node2", IP: "10.0.1.12", Port: 30080, Weight: 100, Health: cloud.Unhealthy, HealthDetail: "Unhealthy: CONNECT_TIMEOUT"},
		{Type: "eni", InstanceID: "eni-bp1pods", IP: "10.0.2.21", Port: 8080, Weight: 0, Health: cloud.HealthUnknown, HealthDetail: "Initial"},
	}
	want["nlb-bp1net"] = &cloud.LoadBalancer{
		ID: "nlb-bp1net", Name: "net", Product: "nlb", Network: cloud.Public, State: cloud.StateActive, VpcID: "vpc-bp1main",
		Addresses: []string{"198.51.100.10", "198.51.100.11"}, CreatedAt: at("2025-04-02T03:04:05Z"),
		Tags: map[string]string{"kubernetes.do.not.delete": "b1b2", "ack.aliyun.com": "c0ffee"},
		Listeners: []*cloud.Listener{
			{ID: "lsn-tcp80", Protocol: "TCP", Port: 80, Description: "k8s/80/net/default/c0ffee", GroupID: "sgp-net80", HealthCheck: netCheck, Backends: netBackends},
			{ID: "lsn-ssl443", Protocol: "TCP_SSL", Port: 443, Description: "k8s/443/net/default/c0ffee", GroupID: "sgp-net80", HealthCheck: netCheck,
				CertificateIDs: []string{"12345-cn-hangzhou"}, Backends: netBackends},
			{ID: "lsn-udp53", Protocol: "UDP", Port: 53, Description: "k8s/53/net/default/c0ffee", GroupID: "sgp-net53",
				HealthCheck: &cloud.HealthCheck{Protocol: "UDP"},
				Backends:    []*cloud.Backend{{Type: "ecs", InstanceID: "i-bp1node1", IP: "10.0.1.11", Port: 30053, Weight: 50, Health: cloud.HealthUnknown}}},
		},
	}
	want["nlb-bp1locked"] = &cloud.LoadBalancer{
		ID: "nlb-bp1locked", Name: "locked", Product: "nlb", Network: cloud.Internal, State: cloud.StateIsolated,
		StateDetail: "OperationLock FinancialLocked: overdue", VpcID: "vpc-bp1main", Addresses: []string{"10.0.3.20"}, Tags: map[string]string{},
	}
	t.Run("load balancers", func(t *testing.T) {
		if got := f.LoadBalancers.IDs(); !slices.Equal(got, []string{"lb-bp1arrears", "lb-bp1web", "nlb-bp1locked", "nlb-bp1net"}) {
			t.Errorf("found %v", got)
		}
		for id, w := range want {
			got, err := f.LoadBalancers.Get(id)
			if err != nil {
				t.Errorf("%s: %v", id, err)
				continue
			}
			if g, w := asJSON(got), asJSON(w); g != w {
				t.Errorf("%s:\n got %s\nwant %s", id, g, w)
			}
		}
	})
	t.Run("not found, not read, not an ID", func(t *testing.T) {
		if _, err := f.LoadBalancers.Get("lb-bp1gone"); !errors.Is(err, cloud.ErrNotFound) {
			t.Errorf("lb-bp1gone: %v, want not found", err)
		}
		if _, err := f.LoadBalancers.Get("nlb-bp1gone"); !errors.Is(err, cloud.ErrNotFound) {
			t.Errorf("nlb-bp1gone: %v, want not found", err)
		}
		if _, err := f.LoadBalancers.Get("alb-bp1app"); readErr(err) == nil || readErr(err).Class != cloud.NotRead {
			t.Errorf("alb-bp1app: %v, want not read", err)
		}
		if _, err := f.LoadBalancers.Get("not,an,id"); readErr(err) == nil || readErr(err).Class != cloud.Failed {
			t.Errorf("not,an,id: %v, want failed", err)
		}
	})
	t.Run("certificates", func(t *testing.T) {
		c, err := f.Certificates.Get("1231579085529123_web")
		w := &cloud.Certificate{ID: "1231579085529123_web", Name: "web-2025", CommonName: "web.example.com",
			SANs: []string{"web.example.com", "*.web.example.com"}, NotAfter: at("2026-01-31T23:59:59Z")}
		if err != nil || asJSON(c) != asJSON(w) {
			t.Errorf("listener's certificate: %s %v, want %s", asJSON(c), err, asJSON(w))
		}
		if _, err := f.Certificates.Get("1231579085529123_gone"); !errors.Is(err, cloud.ErrNotFound) {
			t.Errorf("asked-for certificate that is not there: %v", err)
		}
		if _, err := f.Certificates.Get("1231579085529123_other"); readErr(err) == nil || readErr(err).Class != cloud.NotRead {
			t.Errorf("certificate nobody asked for: %v, want not read", err)
		}
	})
	t.Run("subnets", func(t *testing.T) {
		s, err := f.Subnets.Get("vsw-bp1lb")
		w := &cloud.Subnet{ID: "vsw-bp1lb", VpcID: "vpc-bp1main", Zone: "cn-hangzhou-k", CIDR: "10.0.0.0/24", AvailableIPs: 3}
		if err != nil || asJSON(s) != asJSON(w) {
			t.Errorf("load balancers' vSwitch: %s %v", asJSON(s), err)
		}
		if _, err := f.Subnets.Get("vsw-bp1gone"); !errors.Is(err, cloud.ErrNotFound) {
			t.Errorf("asked-for vSwitch that is not there: %v", err)
		}
	})
	t.Run("quotas", func(t *testing.T) {
		for key, w := range map[string][2]int64{
			"load-balancers":                 {58, 60},
			"certificates":                   {12, 100},
			"listeners-per-lb/lb-bp1web":     {3, 50},
			"listeners-per-lb/lb-bp1arrears": {1, 50},
			"backends-per-lb/lb-bp1web":      {4, 200},
			"backends-per-lb/lb-bp1arrears":  {1, 200},
		} {
			q, err := f.Quotas.Get(key)
			if err != nil || q.Used != w[0] || q.Limit != w[1] {
				t.Errorf("%s: %+v %v, want used %d of %d", key, q, err, w[0], w[1])
			}
		}
		if f.Quotas.Len() != 6 {
			t.Errorf("quotas %v: a quota the reader does not name was kept", f.Quotas.IDs())
		}
	})
	// Every action the reader called is in Actions and reads only, and every action of Actions was
	// called (the RAM policy grants nothing unused).
	t.Run("calls registered", func(t *testing.T) {
		called := map[string]bool{}
		for _, q := range sim.Requests() {
			called[q.Version+"/"+q.Action] = true
			i := slices.IndexFunc(Actions, func(a cloud.Action) bool { return a.Name == q.Action && a.Version == q.Version })
			if i < 0 {
				t.Errorf("%s %s was called and is not in Actions", q.Version, q.Action)
				continue
			}
			if !Actions[i].ReadOnly() {
				t.Errorf("%s is not a read-only action", Actions[i])
			}
		}
		for _, a := range Actions {
			if !called[a.Version+"/"+a.Name] {
				t.Errorf("%s is in Actions but was not called", a)
			}
			if a.Doc == "" || a.Product == "" {
				t.Errorf("%s has no product or reference page", a)
			}
		}
	})
	t.Run("calls", func(t *testing.T) {
		want := map[string]int{
			"DescribeLoadBalancers": 1, "DescribeLoadBalancerListeners": 1, "DescribeHealthStatus": 2,
			"DescribeVServerGroupAttribute": 3, "DescribeLoadBalancerAttribute": 1, "DescribeServerCertificates": 1,
			"DescribeVSwitches": 2, "ListProductQuotas": 1,
			"ListLoadBalancers": 1, "ListListeners": 1, "ListServerGroups": 1, "ListServerGroupServers": 2, "GetListenerHealthStatus": 3,
		}
		if got := calls(sim); asJSON(got) != asJSON(want) {
			t.Errorf("calls %v, want %v", got, want)
		}
		for _, q := range sim.Requests() {
			if q.Action == "DescribeLoadBalancerAttribute" && q.Params["LoadBalancerId"] != "lb-bp1arrears" {
				t.Errorf("DescribeLoadBalancerAttribute of %s, which has no listener on its default server group", q.Params["LoadBalancerId"])
			}
			if q.Code != "" {
				t.Errorf("%s answered %s", q.Action, q.Code)
			}
		}
	})
}
