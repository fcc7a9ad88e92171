package cloudread

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/aliyun/alibaba-cloud-sdk-go/sdk/requests"
	"github.com/aliyun/alibaba-cloud-sdk-go/services/slb"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
)

// backendCall is one call of readBackends: the health of a load balancer's backends, the backends
// of one vServer group, or the default server group (DescribeLoadBalancerAttribute).
type backendCall struct {
	lb    *lbRead
	act   cloud.Action
	group string

	err      *cloud.ReadError
	health   []slb.BackendServer
	backends []*cloud.Backend
}

// readBackends reads the backends of the listeners of lbs, with their weights and health: one
// DescribeHealthStatus per load balancer with listeners, one DescribeVServerGroupAttribute per
// vServer group a listener forwards to, and DescribeLoadBalancerAttribute only for a load balancer
// with a listener on its default server group (ACK's controller uses vServer groups).
func (r *Reader) readBackends(ctx context.Context, p pool, lbs []*lbRead) {
	var calls []*backendCall
	for _, lb := range lbs {
		if lb.Gap(cloud.PartListeners) != nil || len(lb.Listeners) == 0 {
			continue
		}
		calls = append(calls, &backendCall{lb: lb, act: actDescribeHealthStatus})
		var groups []string
		for _, l := range lb.Listeners {
			if l.GroupID != "" && !slices.Contains(groups, l.GroupID) {
				groups = append(groups, l.GroupID)
			}
		}
		for _, g := range groups {
			calls = append(calls, &backendCall{lb: lb, act: actDescribeVServerGroupAttribute, group: g})
		}
		if len(lb.defaultPort) > 0 {
			calls = append(calls, &backendCall{lb: lb, act: actDescribeLoadBalancerAttribute})
		}
	}
	p.each(len(calls), func(c *clients, i int) { r.backendCall(ctx, c, calls[i]) })

	byLB := map[*lbRead][]*backendCall{}
	for _, bc := range calls {
		byLB[bc.lb] = append(byLB[bc.lb], bc)
	}
	for _, lb := range lbs {
		assemble(lb, byLB[lb])
	}
}

func (r *Reader) backendCall(ctx context.Context, c *clients, bc *backendCall) {
	id := bc.lb.ID
	switch bc.act {
	case actDescribeHealthStatus:
		bc.err = r.call(ctx, bc.act, func(bound func(requests.AcsRequest)) error {
			q := slb.CreateDescribeHealthStatusRequest()
			q.LoadBalancerId = id
			bound(q)
			resp, err := c.slb.DescribeHealthStatus(q)
			if err == nil {
				bc.health = resp.BackendServers.BackendServer
			}
			return err
		})
	case actDescribeVServerGroupAttribute:
		bc.err = r.call(ctx, bc.act, func(bound func(requests.AcsRequest)) error {
			q := slb.CreateDescribeVServerGroupAttributeRequest()
			q.VServerGroupId = bc.group
			bound(q)
			resp, err := c.slb.DescribeVServerGroupAttribute(q)
			if err == nil {
				bc.backends = nil
				for _, b := range resp.BackendServers.BackendServer {
					bc.backends = append(bc.backends, &cloud.Backend{
						Type: strings.ToLower(b.Type), InstanceID: b.ServerId, IP: b.ServerIp, Port: int32(b.Port), Weight: int32(b.Weight),
					})
				}
			}
			return err
		})
	case actDescribeLoadBalancerAttribute:
		bc.err = r.call(ctx, bc.act, func(bound func(requests.AcsRequest)) error {
			q := slb.CreateDescribeLoadBalancerAttributeRequest()
			q.LoadBalancerId = id
			bound(q)
			resp, err := c.slb.DescribeLoadBalancerAttribute(q)
			if err == nil {
				bc.backends = nil
				for _, b := range resp.BackendServers.BackendServer {
					bc.backends = append(bc.backends, &cloud.Backend{
						Type: strings.ToLower(b.Type), InstanceID: b.ServerId, IP: b.ServerIp, Weight: int32(b.Weight),
					})
				}
			}
			return err
		})
	}
}

// assemble gives each listener of lb its backends and their health, and records a gap for what
// its calls could not read.
func assemble(lb *lbRead, calls []*backendCall) {
	groups := map[string][]*cloud.Backend{}
	var defaults []*cloud.Backend
	var defaultsRead bool
	var statuses []slb.BackendServer
	for _, bc := range calls {
		switch {
		case bc.err != nil && bc.act == actDescribeHealthStatus:
			lb.SetGap(cloud.PartHealth, bc.err)
		case bc.err != nil:
			lb.SetGap(cloud.PartBackends, bc.err)
		case bc.act == actDescribeHealthStatus:
			statuses = bc.health
		case bc.act == actDescribeVServerGroupAttribute:
			groups[bc.group] = bc.backends
		default:
			defaults, defaultsRead = bc.backends, true
		}
	}
	// A backend's health is found by listener, server and port, and by its IP among the pod IPs
	// an ENI has; then without the protocol, should the answer not state it.
	byKey := map[string]slb.BackendServer{}
	for _, h := range statuses {
		for _, proto := range []string{h.Protocol, ""} {
			k := healthKey(proto, h.ListenerPort, h.ServerId, h.Port)
			byKey[k+"/"+h.ServerIp] = h
			if _, ok := byKey[k]; !ok {
				byKey[k] = h
			}
		}
	}
	for _, l := range lb.Listeners {
		var src []*cloud.Backend
		var ok bool
		if l.GroupID != "" {
			src, ok = groups[l.GroupID]
		} else {
			src, ok = defaults, defaultsRead
		}
		if !ok {
			continue
		}
		for _, b := range src {
			m := *b
			if l.GroupID == "" {
				m.Port = lb.defaultPort[l]
			}
			m.Health = cloud.HealthUnknown
			h, found := lookup(byKey, l, &m)
			if found && lb.Gap(cloud.PartHealth) == nil {
				m.Health = health(h.ServerHealthStatus)
				if m.IP == "" {
					m.IP = h.ServerIp
				}
			}
			l.Backends = append(l.Backends, &m)
		}
		slices.SortFunc(l.Backends, func(a, b *cloud.Backend) int {
			if c := strings.Compare(a.InstanceID, b.InstanceID); c != 0 {
				return c
			}
			if c := strings.Compare(a.IP, b.IP); c != 0 {
				return c
			}
			return int(a.Port - b.Port)
		})
	}
}

// lookup is the health of backend b of listener l: by protocol, then without, each first with
// b's IP.
func lookup(byKey map[string]slb.BackendServer, l *cloud.Listener, b *cloud.Backend) (slb.BackendServer, bool) {
	for _, proto := range []string{l.Protocol, ""} {
		k := healthKey(proto, int(l.Port), b.InstanceID, int(b.Port))
		for _, key := range []string{k + "/" + b.IP, k} {
			if h, ok := byKey[key]; ok {
				return h, true
			}
		}
	}
	return slb.BackendServer{}, false
}

func healthKey(proto string, listenerPort int, server string, port int) string {
	return strings.ToLower(proto) + "/" + strconv.Itoa(listenerPort) + "/" + server + "/" + strconv.Itoa(port)
}

// health maps ServerHealthStatus: normal, abnormal, and unavailable (no result: the check is off
// or has not finished).
func health(s string) cloud.Health {
	switch strings.ToLower(s) {
	case "normal":
		return cloud.Healthy
	case "abnormal":
		return cloud.Unhealthy
	}
	return cloud.HealthUnknown
}
