package cloudread

import (
	"context"
	"fmt"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/cloudsim/alibaba"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
)

// nlbCopies is the template NLB instance of sc copied n times, each with its own IDs.
func nlbCopies(sc *alibaba.Scenario, n int) []string {
	tpl := sc.NetworkLoadBalancers[0]
	sc.NetworkLoadBalancers = nil
	var ids []string
	for i := range n {
		lb := tpl
		lb.ID = fmt.Sprintf("nlb-batch%04d", i)
		g := tpl.ServerGroups[0]
		g.ID = fmt.Sprintf("sgp-batch%04d", i)
		l := tpl.Listeners[0]
		l.ID, l.ServerGroupID = fmt.Sprintf("lsn-batch%04d", i), g.ID
		lb.ServerGroups, lb.Listeners = []alibaba.NLBServerGroup{g}, []alibaba.NLBListener{l}
		sc.NetworkLoadBalancers = append(sc.NetworkLoadBalancers, lb)
		ids = append(ids, lb.ID)
	}
	return ids
}

// copies is the template load balancer of sc copied n times, each with its own IDs and listeners
// ports listeners (all on the copy's one vServer group).
func copies(sc *alibaba.Scenario, n, listeners int) []string {
	tpl := sc.LoadBalancers[0]
	sc.LoadBalancers = nil
	var ids []string
	for i := range n {
		lb := tpl
		lb.ID = fmt.Sprintf("lb-batch%04d", i)
		g := tpl.VServerGroups[0]
		g.ID = fmt.Sprintf("rsp-batch%04d", i)
		lb.VServerGroups = []alibaba.VServerGroup{g}
		lb.Listeners = nil
		for p := range listeners {
			l := tpl.Listeners[0]
			l.Port = 80 + p
			l.VServerGroupID = g.ID
			lb.Listeners = append(lb.Listeners, l)
		}
		sc.LoadBalancers = append(sc.LoadBalancers, lb)
		ids = append(ids, lb.ID)
	}
	return ids
}

// TestBatching: the calls a read makes, counted by the simulated cloud. For n CLB instances with
// one listener on one vServer group each, a read makes ⌈n/10⌉ DescribeLoadBalancers,
// ⌈n/10⌉ DescribeLoadBalancerListeners (one page each while 10 instances have at most 100
// listeners), n DescribeHealthStatus and one DescribeVServerGroupAttribute per group: 2.2 calls per
// load balancer, plus one per vSwitch and one for the quotas. For n NLB instances with one listener
// on one server group: ⌈n/20⌉ ListLoadBalancers, ListListeners and ListServerGroups, and one
// ListServerGroupServers and GetListenerHealthStatus each: 2.15 calls per load balancer.
func TestBatching(t *testing.T) {
	cases := []struct {
		name            string
		clbs, listeners int
		nlbs            int
		want            map[string]int
		bound           int
	}{
		{"1000 CLB instances", 1000, 1, 0, map[string]int{
			"DescribeLoadBalancers": 100, "DescribeLoadBalancerListeners": 100, "DescribeHealthStatus": 1000,
			"DescribeVServerGroupAttribute": 1000, "DescribeVSwitches": 1, "ListProductQuotas": 1,
		}, 2202},
		{"CLB listeners paged", 10, 25, 0, map[string]int{
			"DescribeLoadBalancers": 1, "DescribeLoadBalancerListeners": 3, "DescribeHealthStatus": 10,
			"DescribeVServerGroupAttribute": 10, "DescribeVSwitches": 1, "ListProductQuotas": 1,
		}, 26},
		{"1000 NLB instances", 0, 0, 1000, map[string]int{
			"ListLoadBalancers": 50, "ListListeners": 50, "ListServerGroups": 50, "ListServerGroupServers": 1000,
			"GetListenerHealthStatus": 1000, "ListProductQuotas": 1,
		}, 2151},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sc := scenario(t, "scenario")
			ids := append(copies(sc, c.clbs, c.listeners), nlbCopies(sc, c.nlbs)...)
			sim, u := serve(t, sc)
			r := newReader(t, u, nil)
			f := r.Read(context.Background(), cloud.Request{LoadBalancerIDs: ids, Quotas: true})

			got := calls(sim)
			total := 0
			for a, n := range got {
				total += n
				if n != c.want[a] {
					t.Errorf("%s: %d calls, want %d", a, n, c.want[a])
				}
			}
			if total > c.bound {
				t.Errorf("%d calls, more than %d", total, c.bound)
			}
			if f.LoadBalancers.Len() != len(ids) {
				t.Fatalf("%d load balancers found, want %d", f.LoadBalancers.Len(), len(ids))
			}
			listeners := max(c.listeners, 1)
			for _, id := range ids {
				lb, err := f.LoadBalancers.Get(id)
				if err != nil || len(lb.Gaps) != 0 || len(lb.Listeners) != listeners {
					t.Fatalf("%s: %v, gaps %v, %d listeners", id, err, lb.Gaps, len(lb.Listeners))
				}
				for i, l := range lb.Listeners {
					if l.Port != int32(80+i) || len(l.Backends) != 2 || l.Backends[0].Health != cloud.Healthy || l.Backends[1].Health != cloud.Unhealthy {
						t.Fatalf("%s %s: %s", id, l.ID, asJSON(l.Backends))
					}
				}
				if lb.Product != "slb" {
					continue
				}
				if q, err := f.Quotas.Get(cloud.QuotaKey(QuotaListenersPerLB, id)); err != nil || q.Used != int64(listeners) {
					t.Fatalf("%s listener quota: %+v %v", id, q, err)
				}
			}
		})
	}
}
