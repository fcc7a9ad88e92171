package cloudread

import (
	"context"
	"errors"
	"net"
	"slices"
	"testing"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/cloudsim/alibaba"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
)

var failuresRequest = cloud.Request{LoadBalancerIDs: []string{"lb-bp1fail", "nlb-bp1fail"}, Quotas: true}

// TestFailures: one fault at a time; only what the failing action reads is missing, with the
// class and the action a skip names; throttled calls are retried, boundedly.
func TestFailures(t *testing.T) {
	forbidden := func(action string) alibaba.Fault {
		return alibaba.Fault{Action: action, Code: "Forbidden.RAM", Status: 403}
	}
	isErr := func(t *testing.T, what string, err error, class cloud.Class, action, code string) {
		t.Helper()
		re := readErr(err)
		if re == nil || re.Class != class || re.Action.Name != action || re.Code != code {
			t.Errorf("%s: %v, want %s of %s (%s)", what, err, class, action, code)
		}
	}
	lb := func(t *testing.T, f *cloud.Facts) *cloud.LoadBalancer {
		t.Helper()
		m, err := f.LoadBalancers.Get("lb-bp1fail")
		if err != nil {
			t.Fatalf("load balancer: %v", err)
		}
		return m
	}
	nlbOf := func(t *testing.T, f *cloud.Facts) *cloud.LoadBalancer {
		t.Helper()
		m, err := f.LoadBalancers.Get("nlb-bp1fail")
		if err != nil || len(m.Listeners) != 1 {
			t.Fatalf("NLB: %v", err)
		}
		return m
	}
	// intact: the parts a case does not fault were read.
	intact := func(t *testing.T, f *cloud.Facts, except ...string) {
		t.Helper()
		if !slices.Contains(except, "nlb") {
			if m := nlbOf(t, f); len(m.Gaps) != 0 || m.Listeners[0].Backends[0].Health != cloud.Healthy {
				t.Errorf("NLB: gaps %v, %s", m.Gaps, asJSON(m.Listeners))
			}
		}
		if !slices.Contains(except, "DescribeServerCertificates") {
			if _, err := f.Certificates.Get("1231579085529123_app"); err != nil {
				t.Errorf("certificate: %v", err)
			}
		}
		if !slices.Contains(except, "DescribeVSwitches") {
			if _, err := f.Subnets.Get("vsw-bp1lb"); err != nil {
				t.Errorf("vSwitch: %v", err)
			}
		}
		if !slices.Contains(except, "ListProductQuotas") {
			if _, err := f.Quotas.Get("listeners-per-lb/lb-bp1fail"); err != nil {
				t.Errorf("quota: %v", err)
			}
		}
	}
	cases := []struct {
		name    string
		fault   alibaba.Fault
		retries int
		check   func(t *testing.T, f *cloud.Facts, c *counter)
	}{
		{"throttled twice then through", alibaba.Fault{Action: "DescribeHealthStatus", Code: "Throttling.User", Status: 400, Times: 2}, 3,
			func(t *testing.T, f *cloud.Facts, c *counter) {
				m := lb(t, f)
				if len(m.Gaps) != 0 || m.Listeners[0].Backends[0].Health != cloud.Healthy {
					t.Errorf("gaps %v, health %s", m.Gaps, m.Listeners[0].Backends[0].Health)
				}
				if got := c.results("DescribeHealthStatus"); !slices.Equal(got, []string{"throttled", "throttled", "ok"}) {
					t.Errorf("attempts %v", got)
				}
				intact(t, f)
			}},
		{"throttling outlasts the retries", alibaba.Fault{Action: "DescribeHealthStatus", Code: "Throttling.User", Status: 400}, 2,
			func(t *testing.T, f *cloud.Facts, c *counter) {
				m := lb(t, f)
				isErr(t, "health", m.Gap(cloud.PartHealth), cloud.Throttled, "DescribeHealthStatus", "Throttling.User")
				if m.Gap(cloud.PartBackends) != nil || m.Listeners[0].Backends[0].Weight != 100 || m.Listeners[0].Backends[0].Health != cloud.HealthUnknown {
					t.Errorf("backends: gap %v, %+v", m.Gap(cloud.PartBackends), m.Listeners[0].Backends[0])
				}
				if got := c.results("DescribeHealthStatus"); len(got) != 3 {
					t.Errorf("attempts %v, want 1 and 2 retries", got)
				}
				intact(t, f)
			}},
		{"service unavailable once", alibaba.Fault{Action: "DescribeLoadBalancers", Code: "ServiceUnavailable", Status: 503, Times: 1}, 3,
			func(t *testing.T, f *cloud.Facts, c *counter) {
				if len(lb(t, f).Gaps) != 0 {
					t.Errorf("gaps %v", lb(t, f).Gaps)
				}
				intact(t, f)
			}},
		{"health forbidden", forbidden("DescribeHealthStatus"), 3,
			func(t *testing.T, f *cloud.Facts, c *counter) {
				m := lb(t, f)
				isErr(t, "health", m.Gap(cloud.PartHealth), cloud.Forbidden, "DescribeHealthStatus", "Forbidden.RAM")
				if m.Gap(cloud.PartHealth).Action.String() != "slb:DescribeHealthStatus" {
					t.Errorf("a skip would name %s", m.Gap(cloud.PartHealth).Action)
				}
				if m.Gap(cloud.PartBackends) != nil || m.Gap(cloud.PartListeners) != nil || m.State != cloud.StateActive || len(m.Listeners[0].Backends) != 1 {
					t.Errorf("more than the health is missing: %s", asJSON(m))
				}
				if got := c.results("DescribeHealthStatus"); len(got) != 1 {
					t.Errorf("a forbidden call was retried: %v", got)
				}
				intact(t, f)
			}},
		{"vServer group forbidden", forbidden("DescribeVServerGroupAttribute"), 3,
			func(t *testing.T, f *cloud.Facts, c *counter) {
				m := lb(t, f)
				isErr(t, "backends", m.Gap(cloud.PartBackends), cloud.Forbidden, "DescribeVServerGroupAttribute", "Forbidden.RAM")
				if m.Gap(cloud.PartListeners) != nil || len(m.Listeners) != 2 || len(m.Listeners[0].Backends) != 0 {
					t.Errorf("listeners: %s", asJSON(m.Listeners))
				}
				if got := c.results("DescribeVServerGroupAttribute"); len(got) != 1 {
					t.Errorf("two listeners on one vServer group: the group is read once, not %d times", len(got))
				}
				intact(t, f)
			}},
		{"listeners forbidden", forbidden("DescribeLoadBalancerListeners"), 3,
			func(t *testing.T, f *cloud.Facts, c *counter) {
				m := lb(t, f)
				for _, p := range []cloud.Part{cloud.PartListeners, cloud.PartBackends, cloud.PartHealth} {
					isErr(t, string(p), m.Gap(p), cloud.Forbidden, "DescribeLoadBalancerListeners", "Forbidden.RAM")
				}
				if len(c.results("DescribeHealthStatus"))+len(c.results("DescribeVServerGroupAttribute")) != 0 {
					t.Error("backends were read without listeners")
				}
				if _, err := f.Quotas.Get("listeners-per-lb/lb-bp1fail"); readErr(err) == nil || readErr(err).Class != cloud.NotRead {
					t.Errorf("a listener quota's usage without the listeners: %v", err)
				}
				// The certificate is known only from the HTTPS listener.
				intact(t, f, "ListProductQuotas", "DescribeServerCertificates")
			}},
		{"load balancers forbidden", forbidden("DescribeLoadBalancers"), 3,
			func(t *testing.T, f *cloud.Facts, c *counter) {
				_, err := f.LoadBalancers.Get("lb-bp1fail")
				isErr(t, "load balancer", err, cloud.Forbidden, "DescribeLoadBalancers", "Forbidden.RAM")
				if errors.Is(err, cloud.ErrNotFound) {
					t.Error("forbidden read as not found")
				}
				if len(c.results("DescribeLoadBalancerListeners")) != 0 {
					t.Error("listeners of a load balancer that was not read")
				}
			}},
		{"quotas forbidden", forbidden("ListProductQuotas"), 3,
			func(t *testing.T, f *cloud.Facts, c *counter) {
				isErr(t, "quotas", f.Quotas.Err(), cloud.Forbidden, "ListProductQuotas", "Forbidden.RAM")
				if len(lb(t, f).Gaps) != 0 {
					t.Errorf("gaps %v", lb(t, f).Gaps)
				}
				intact(t, f, "ListProductQuotas")
			}},
		{"vSwitches forbidden", forbidden("DescribeVSwitches"), 3,
			func(t *testing.T, f *cloud.Facts, c *counter) {
				_, err := f.Subnets.Get("vsw-bp1lb")
				isErr(t, "vSwitch", err, cloud.Forbidden, "DescribeVSwitches", "Forbidden.RAM")
				intact(t, f, "DescribeVSwitches")
			}},
		{"certificates forbidden", alibaba.Fault{Action: "DescribeServerCertificates", Code: "NoPermission", Status: 403}, 3,
			func(t *testing.T, f *cloud.Facts, c *counter) {
				_, err := f.Certificates.Get("1231579085529123_app")
				isErr(t, "certificate", err, cloud.Forbidden, "DescribeServerCertificates", "NoPermission")
				intact(t, f, "DescribeServerCertificates")
			}},
		{"NLB health forbidden", forbidden("GetListenerHealthStatus"), 3,
			func(t *testing.T, f *cloud.Facts, c *counter) {
				m := nlbOf(t, f)
				isErr(t, "health", m.Gap(cloud.PartHealth), cloud.Forbidden, "GetListenerHealthStatus", "Forbidden.RAM")
				if b := m.Listeners[0].Backends; m.Gap(cloud.PartBackends) != nil || len(b) != 1 || b[0].Weight != 100 || b[0].Health != cloud.HealthUnknown {
					t.Errorf("backends: %s", asJSON(m))
				}
				intact(t, f, "nlb")
			}},
		{"NLB server groups forbidden", forbidden("ListServerGroups"), 3,
			func(t *testing.T, f *cloud.Facts, c *counter) {
				m := nlbOf(t, f)
				isErr(t, "health-check settings", m.Gap(cloud.PartListeners), cloud.Forbidden, "ListServerGroups", "Forbidden.RAM")
				if l := m.Listeners[0]; l.HealthCheck != nil || len(l.Backends) != 1 || m.Gap(cloud.PartHealth) != nil {
					t.Errorf("listener: %s", asJSON(m))
				}
				intact(t, f, "nlb")
			}},
		{"NLB servers forbidden", forbidden("ListServerGroupServers"), 3,
			func(t *testing.T, f *cloud.Facts, c *counter) {
				m := nlbOf(t, f)
				isErr(t, "backends", m.Gap(cloud.PartBackends), cloud.Forbidden, "ListServerGroupServers", "Forbidden.RAM")
				if l := m.Listeners[0]; l.HealthCheck == nil || len(l.Backends) != 0 {
					t.Errorf("listener: %s", asJSON(m))
				}
				intact(t, f, "nlb")
			}},
		{"NLB instances forbidden", forbidden("ListLoadBalancers"), 3,
			func(t *testing.T, f *cloud.Facts, c *counter) {
				_, err := f.LoadBalancers.Get("nlb-bp1fail")
				isErr(t, "NLB", err, cloud.Forbidden, "ListLoadBalancers", "Forbidden.RAM")
				intact(t, f, "nlb")
			}},
		{"server error", alibaba.Fault{Action: "DescribeLoadBalancers", Code: "InternalError", Status: 500}, 3,
			func(t *testing.T, f *cloud.Facts, c *counter) {
				_, err := f.LoadBalancers.Get("lb-bp1fail")
				isErr(t, "load balancer", err, cloud.Failed, "DescribeLoadBalancers", "InternalError")
				if got := c.results("DescribeLoadBalancers"); len(got) != 1 {
					t.Errorf("a failed call was retried: %v", got)
				}
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sc := scenario(t, "scenario")
			sc.Faults = []alibaba.Fault{c.fault}
			_, u := serve(t, sc)
			var n counter
			r := newReader(t, u, func(o *Options) { o.Retries, o.Count = c.retries, n.count })
			c.check(t, r.Read(context.Background(), failuresRequest), &n)
		})
	}
}

// TestUnreachable: a closed port, an answer held back past the attempt's timeout, and a context
// deadline all end the read as Unreachable before the answer would have come.
func TestUnreachable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	ln.Close()
	const held = 5 * time.Second
	cases := []struct {
		name     string
		endpoint string // empty: the simulated cloud, holding answers back
		timeout  time.Duration
		deadline time.Duration
	}{
		{"closed port", closed, 2 * time.Second, 10 * time.Second},
		{"attempt timeout", "", 300 * time.Millisecond, 10 * time.Second},
		{"context deadline", "", 10 * time.Second, 300 * time.Millisecond},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			u := c.endpoint
			if u == "" {
				sc := scenario(t, "scenario")
				sc.Faults = []alibaba.Fault{{Action: "DescribeLoadBalancers", Delay: held.String()}}
				_, u = serve(t, sc)
			}
			r := newReader(t, u, func(o *Options) { o.Timeout = c.timeout })
			ctx, cancel := context.WithTimeout(context.Background(), c.deadline)
			defer cancel()
			start := time.Now()
			f := r.Read(ctx, cloud.Request{LoadBalancerIDs: []string{"lb-bp1fail"}})
			took := time.Since(start)
			_, err := f.LoadBalancers.Get("lb-bp1fail")
			if re := readErr(err); re == nil || re.Class != cloud.Unreachable || re.Action.Name != "DescribeLoadBalancers" {
				t.Errorf("load balancer: %v, want unreachable", err)
			}
			if took >= held {
				t.Errorf("the read waited for the held answer (%v)", took)
			}
		})
	}
}
