package cloudread

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
)

func TestReadMapping(t *testing.T) {
	_, url := sim(t)
	f := read(t, reader(t, url, nil), cloud.Request{
		LoadBalancerIDs: []string{"lb-pub00001", "lb-int00001", "lb-new00001", "lb-gone0001", "lb-cls00001"},
		CertificateIDs:  []string{"cert-zzz"},
		SubnetIDs:       []string{"subnet-aaa", "subnet-zzz", "subnet-bbb"},
		Quotas:          true,
	})
	if f.Provider != "tke" || f.Region != "ap-guangzhou" || f.Endpoint != url || f.ReadAt.IsZero() {
		t.Errorf("facts header = %q %q %q %v", f.Provider, f.Region, f.Endpoint, f.ReadAt)
	}
	lb := func(id string) *cloud.LoadBalancer {
		v, err := f.LoadBalancers.Get(id)
		if err != nil {
			t.Fatalf("LoadBalancers.Get(%s) = %v", id, err)
		}
		return v
	}
	listener := func(lbID, id string) *cloud.Listener {
		for _, l := range lb(lbID).Listeners {
			if l.ID == id {
				return l
			}
		}
		t.Fatalf("%s has no listener %s", lbID, id)
		return nil
	}
	cst := time.FixedZone("CST", 8*3600)
	tests := []struct {
		name string
		got  func() any
		want any
	}{
		{"public network", func() any { return lb("lb-pub00001").Network }, cloud.Public},
		{"internal network", func() any { return lb("lb-int00001").Network }, cloud.Internal},
		{"name", func() any { return lb("lb-pub00001").Name }, "cls-abc_shop_web"},
		{"product", func() any { return lb("lb-pub00001").Product }, "clb"},
		{"active", func() any { return lb("lb-pub00001").State }, cloud.StateActive},
		{"creating", func() any { return lb("lb-new00001").State }, cloud.StateCreating},
		{"isolated", func() any { return lb("lb-int00001").State }, cloud.StateIsolated},
		{"isolation detail", func() any { return lb("lb-int00001").StateDetail },
			"IsolatedTime 2024-05-01 00:00:00; ChargeType PREPAID; ExpireTime 2024-04-30 23:59:59"},
		{"active has no detail", func() any { return lb("lb-pub00001").StateDetail }, ""},
		{"vpc", func() any { return lb("lb-int00001").VpcID }, "vpc-0001"},
		{"subnet", func() any { return lb("lb-int00001").SubnetID }, "subnet-aaa"},
		{"addresses", func() any { return lb("lb-pub00001").Addresses }, []string{"203.0.113.10"}},
		{"tags", func() any { return lb("lb-pub00001").Tags }, map[string]string{TagCreatedBy: "yes", TagClusterID: "cls-abc"}},
		{"created at, Beijing time", func() any { return lb("lb-pub00001").CreatedAt }, time.Date(2024, 3, 1, 10, 0, 0, 0, cst)},
		{"listeners ordered by protocol and port", func() any {
			var out []string
			for _, l := range lb("lb-pub00001").Listeners {
				out = append(out, fmt.Sprintf("%s/%d", l.Protocol, l.Port))
			}
			return out
		}, []string{"HTTPS/443", "TCP/80", "UDP/53"}},
		{"listener name", func() any { return listener("lb-pub00001", "lbl-tcp80").Name }, "TCP-80"},
		{"layer-4 health check", func() any { return *listener("lb-pub00001", "lbl-tcp80").HealthCheck },
			cloud.HealthCheck{Enabled: true, Protocol: "TCP", Timeout: 2, Interval: 5, HealthyThreshold: 3, UnhealthyThreshold: 3}},
		{"layer-4 backends", func() any {
			var out []string
			for _, b := range listener("lb-pub00001", "lbl-tcp80").Backends {
				out = append(out, fmt.Sprintf("%s %s %s:%d w%d %s %s", b.Type, b.InstanceID, b.IP, b.Port, b.Weight, b.Health, b.HealthDetail))
			}
			return out
		}, []string{"CVM ins-0001 10.0.0.21:30080 w10 healthy ", "CVM ins-0002 10.0.0.22:30080 w0 unhealthy Dead"}},
		{"health check off leaves health unknown", func() any { return listener("lb-pub00001", "lbl-udp53").Backends[0].Health }, cloud.HealthUnknown},
		{"certificates of the listener and its SNI rules", func() any { return listener("lb-pub00001", "lbl-https443").CertificateIDs },
			[]string{"cert-aaa", "cert-bbb"}},
		{"layer-7 listener has no backends of its own", func() any { return len(listener("lb-pub00001", "lbl-https443").Backends) }, 0},
		{"rule", func() any {
			r := listener("lb-pub00001", "lbl-https443").Rules[0]
			return fmt.Sprintf("%s %s %s", r.ID, r.Domain, r.URL)
		}, "loc-web1 a.example.com /"},
		{"rule health check", func() any { return *listener("lb-pub00001", "lbl-https443").Rules[0].HealthCheck },
			cloud.HealthCheck{Enabled: true, Protocol: "HTTP", Path: "/healthz", Domain: "a.example.com", HTTPCodes: "2xx,3xx",
				Timeout: 2, Interval: 5, HealthyThreshold: 2, UnhealthyThreshold: 4}},
		{"rule backends", func() any {
			var out []string
			for _, b := range listener("lb-pub00001", "lbl-https443").Rules[0].Backends {
				out = append(out, fmt.Sprintf("%s %s %s:%d %s %s", b.Type, b.InstanceID, b.IP, b.Port, b.Health, b.HealthDetail))
			}
			return out
		}, []string{"ENI eni-0001 172.16.0.5:8080 healthy ", "ENI eni-0002 172.16.0.6:8080 unknown Unknown"}},
		{"every part read", func() any { return len(lb("lb-pub00001").Gaps) }, 0},
		{"a classic CLB's parts are not read", func() any {
			c := lb("lb-cls00001")
			return fmt.Sprintln(c.State, len(c.Listeners), c.Gaps[cloud.PartListeners].Class, c.Gaps[cloud.PartHealth].Class)
		}, "active 0 not-read not-read\n"},
		{"certificate", func() any {
			c, err := f.Certificates.Get("cert-aaa")
			if err != nil {
				return err
			}
			return *c
		}, cloud.Certificate{ID: "cert-aaa", Name: "shop", CommonName: "shop.example.com", SANs: []string{"shop.example.com", "www.shop.example.com"},
			NotBefore: time.Date(2024, 1, 1, 8, 0, 0, 0, cst), NotAfter: time.Date(2025, 1, 1, 7, 59, 59, 0, cst), Status: "approved"}},
		{"expired certificate", func() any { c, _ := f.Certificates.Get("cert-bbb"); return c.Status }, "expired"},
		{"subnet", func() any { s, _ := f.Subnets.Get("subnet-aaa"); return *s },
			cloud.Subnet{ID: "subnet-aaa", VpcID: "vpc-0001", Zone: "ap-guangzhou-3", CIDR: "10.0.1.0/24", AvailableIPs: 12}},
		{"full subnet", func() any { s, _ := f.Subnets.Get("subnet-bbb"); return s.AvailableIPs }, int64(0)},
		{"region quota counted by the cloud", func() any { q, _ := f.Quotas.Get(QuotaOpenLBs); return *q },
			cloud.Quota{Name: QuotaOpenLBs, VendorName: "TOTAL_OPEN_CLB_QUOTA", Used: 3, Limit: 500}},
		{"internal quota", func() any { q, _ := f.Quotas.Get(QuotaInternalLBs); return q.Used }, int64(1)},
		{"listeners per lb", func() any { q, _ := f.Quotas.Get(cloud.QuotaKey(QuotaListenersPerLB, "lb-pub00001")); return *q },
			cloud.Quota{Name: QuotaListenersPerLB, VendorName: "TOTAL_LISTENER_QUOTA", Scope: "lb-pub00001", Used: 3, Limit: 50}},
		{"rules per listener", func() any {
			q, _ := f.Quotas.Get(cloud.QuotaKey(QuotaRulesPerListener, "lbl-https443"))
			return [2]int64{q.Used, q.Limit}
		}, [2]int64{1, 50}},
		{"targets per rule", func() any { q, _ := f.Quotas.Get(cloud.QuotaKey(QuotaTargetsPerRule, "loc-web1")); return q.Used }, int64(2)},
		{"targets per layer-4 listener", func() any { q, _ := f.Quotas.Get(cloud.QuotaKey(QuotaTargetsPerRule, "lbl-tcp80")); return q.Used }, int64(2)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.got(); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %#v\nwant %#v", got, tt.want)
			}
		})
	}
	t.Run("not found", func(t *testing.T) {
		for _, get := range []func() error{
			func() error { _, err := f.LoadBalancers.Get("lb-gone0001"); return err },
			func() error { _, err := f.Certificates.Get("cert-zzz"); return err },
			func() error { _, err := f.Subnets.Get("subnet-zzz"); return err },
		} {
			if err := get(); !errors.Is(err, cloud.ErrNotFound) {
				t.Errorf("Get = %v, want ErrNotFound", err)
			}
		}
	})
}
