package cloudread

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/aliyun/alibaba-cloud-sdk-go/sdk/requests"
	"github.com/aliyun/alibaba-cloud-sdk-go/services/nlb"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
)

// nlbBatch is how many IDs NLB's List actions take at once; nlbPage their largest MaxResults.
const (
	nlbBatch = 20
	nlbPage  = 100
)

// nlbRead is an NLB instance found, with its listeners' server groups.
type nlbRead struct {
	*cloud.LoadBalancer
	groups []string
}

// readNLBs reads the Network Load Balancer instances ids names: ListLoadBalancers and
// ListListeners nlbBatch instances a call, ListServerGroups nlbBatch groups a call (their health
// checks), then ListServerGroupServers per server group and GetListenerHealthStatus per listener.
func (r *Reader) readNLBs(ctx context.Context, p pool, f *cloud.Facts, ids []string) {
	lbs := r.listNLBs(ctx, p, f, ids)
	r.nlbListeners(ctx, p, lbs)
	r.nlbBackends(ctx, p, lbs)
}

func (r *Reader) listNLBs(ctx context.Context, p pool, f *cloud.Facts, ids []string) []*nlbRead {
	chunks := chunk(ids, nlbBatch)
	found := make([][]nlb.LoadbalancerInfo, len(chunks))
	errs := make([]*cloud.ReadError, len(chunks))
	p.each(len(chunks), func(c *clients, i int) {
		errs[i] = r.pages(ctx, actListLoadBalancers, func(token string, bound func(requests.AcsRequest)) (string, error) {
			q := nlb.CreateListLoadBalancersRequest()
			q.LoadBalancerIds = &chunks[i]
			q.MaxResults = requests.NewInteger(nlbPage)
			q.NextToken = token
			bound(q)
			resp, err := c.nlb.ListLoadBalancers(q)
			if err != nil {
				return "", err
			}
			found[i] = append(found[i], resp.LoadBalancers...)
			return resp.NextToken, nil
		})
	})
	var out []*nlbRead
	for i, ch := range chunks {
		byID := map[string]nlb.LoadbalancerInfo{}
		for _, lb := range found[i] {
			byID[lb.LoadBalancerId] = lb
		}
		for _, id := range ch {
			lb, ok := byID[id]
			switch {
			case errs[i] != nil:
				f.LoadBalancers.Fail(id, errs[i])
			case !ok:
				f.LoadBalancers.Missing(id)
			default:
				m := networkLoadBalancer(lb)
				f.LoadBalancers.Put(id, m)
				out = append(out, &nlbRead{LoadBalancer: m})
			}
		}
	}
	return out
}

// networkLoadBalancer maps ListLoadBalancers' view of an NLB instance.
func networkLoadBalancer(lb nlb.LoadbalancerInfo) *cloud.LoadBalancer {
	m := &cloud.LoadBalancer{ID: lb.LoadBalancerId, Name: lb.LoadBalancerName, Product: "nlb", VpcID: lb.VpcId, Tags: map[string]string{}}
	m.State, m.StateDetail = nlbState(lb.LoadBalancerStatus, lb.LoadBalancerBusinessStatus, lb.OperationLocks)
	switch strings.ToLower(lb.AddressType) {
	case "internet":
		m.Network = cloud.Public
	case "intranet":
		m.Network = cloud.Internal
	}
	for _, z := range lb.ZoneMappings {
		for _, a := range z.LoadBalancerAddresses {
			ip := a.PrivateIPv4Address
			if m.Network == cloud.Public {
				ip = a.PublicIPv4Address
			}
			if ip != "" {
				m.Addresses = append(m.Addresses, ip)
			}
		}
	}
	slices.Sort(m.Addresses)
	for _, t := range lb.Tags {
		m.Tags[t.Key] = t.Value
	}
	if t, err := time.Parse(time.RFC3339, lb.CreateTime); err == nil {
		m.CreatedAt = t
	}
	return m
}

// nlbState maps LoadBalancerStatus (Active, Inactive, Provisioning, Configuring, Deleting, ...),
// LoadBalancerBusinessStatus (Normal, Abnormal) and the operation locks that stop an instance
// (FinancialLocked for arrears, SecurityLocked).
func nlbState(status, business string, locks []nlb.OperationLock) (cloud.State, string) {
	for _, l := range locks {
		if l.LockType == "FinancialLocked" || l.LockType == "SecurityLocked" {
			return cloud.StateIsolated, strings.TrimSuffix("OperationLock "+l.LockType+": "+l.LockReason, ": ")
		}
	}
	if business != "" && !strings.EqualFold(business, "Normal") {
		return cloud.StateIsolated, "LoadBalancerBusinessStatus " + business
	}
	switch strings.ToLower(status) {
	case "active", "configuring":
		return cloud.StateActive, ""
	case "provisioning":
		return cloud.StateCreating, "LoadBalancerStatus " + status
	case "inactive":
		return cloud.StateStopped, "LoadBalancerStatus " + status
	case "deleting":
		return cloud.StateDeleting, "LoadBalancerStatus " + status
	}
	return cloud.StateUnknown, "LoadBalancerStatus " + status
}

// nlbListeners lists the listeners of lbs, nlbBatch instances a call, paged.
func (r *Reader) nlbListeners(ctx context.Context, p pool, lbs []*nlbRead) {
	chunks := chunk(lbs, nlbBatch)
	found := make([][]nlb.ListenerInfo, len(chunks))
	errs := make([]*cloud.ReadError, len(chunks))
	p.each(len(chunks), func(c *clients, i int) {
		ids := make([]string, len(chunks[i]))
		for j, lb := range chunks[i] {
			ids[j] = lb.ID
		}
		errs[i] = r.pages(ctx, actListListeners, func(token string, bound func(requests.AcsRequest)) (string, error) {
			q := nlb.CreateListListenersRequest()
			q.LoadBalancerIds = &ids
			q.MaxResults = requests.NewInteger(nlbPage)
			q.NextToken = token
			bound(q)
			resp, err := c.nlb.ListListeners(q)
			if err != nil {
				return "", err
			}
			found[i] = append(found[i], resp.Listeners...)
			return resp.NextToken, nil
		})
	})
	for i, ch := range chunks {
		for _, lb := range ch {
			if errs[i] != nil {
				noListeners(lb.LoadBalancer, errs[i])
				continue
			}
			for _, l := range found[i] {
				if l.LoadBalancerId != lb.ID {
					continue
				}
				proto := strings.ToUpper(l.ListenerProtocol)
				if proto == "TCPSSL" {
					proto = "TCP_SSL"
				}
				m := &cloud.Listener{
					ID: l.ListenerId, Protocol: proto, Port: int32(l.ListenerPort), Description: l.ListenerDescription, GroupID: l.ServerGroupId,
				}
				if len(l.CertificateIds) > 0 {
					m.CertificateIDs = l.CertificateIds
				}
				lb.Listeners = append(lb.Listeners, m)
				if l.ServerGroupId != "" && !slices.Contains(lb.groups, l.ServerGroupId) {
					lb.groups = append(lb.groups, l.ServerGroupId)
				}
			}
			sortListeners(lb.Listeners)
		}
	}
}

// nlbCall is one call of nlbBackends: the health checks of nlbBatch server groups, the servers of
// one server group, or the health of one listener's servers.
type nlbCall struct {
	act      cloud.Action
	groups   []string
	listener string

	err     *cloud.ReadError
	checks  map[string]nlb.HealthCheck
	servers []nlb.Server
	health  []nlb.ServerGroupInfo
}

// nlbBackends reads the server groups of lbs' listeners: their health checks, servers and weights,
// and each listener's servers' health.
func (r *Reader) nlbBackends(ctx context.Context, p pool, lbs []*nlbRead) {
	var groups []string
	var calls []*nlbCall
	for _, lb := range lbs {
		for _, g := range lb.groups {
			if !slices.Contains(groups, g) {
				groups = append(groups, g)
				calls = append(calls, &nlbCall{act: actListServerGroupServers, groups: []string{g}})
			}
		}
		for _, l := range lb.Listeners {
			calls = append(calls, &nlbCall{act: actGetListenerHealthStatus, listener: l.ID})
		}
	}
	for _, ch := range chunk(groups, nlbBatch) {
		calls = append(calls, &nlbCall{act: actListServerGroups, groups: ch})
	}
	p.each(len(calls), func(c *clients, i int) { r.nlbCall(ctx, c, calls[i]) })

	checks, servers := map[string]nlb.HealthCheck{}, map[string][]nlb.Server{}
	groupErr, listenerErr := map[string]*cloud.ReadError{}, map[string]*cloud.ReadError{}
	checkErr := map[string]*cloud.ReadError{}
	health := map[string][]nlb.ServerGroupInfo{}
	for _, nc := range calls {
		switch nc.act {
		case actListServerGroups:
			for _, g := range nc.groups {
				checkErr[g] = nc.err
			}
			for id, hc := range nc.checks {
				checks[id] = hc
			}
		case actListServerGroupServers:
			groupErr[nc.groups[0]], servers[nc.groups[0]] = nc.err, nc.servers
		default:
			listenerErr[nc.listener], health[nc.listener] = nc.err, nc.health
		}
	}
	for _, lb := range lbs {
		for _, l := range lb.Listeners {
			if l.GroupID == "" {
				continue
			}
			if err := checkErr[l.GroupID]; err != nil {
				lb.SetGap(cloud.PartListeners, err)
			} else if hc, ok := checks[l.GroupID]; ok {
				l.HealthCheck = nlbCheck(hc)
			}
			if err := listenerErr[l.ID]; err != nil {
				lb.SetGap(cloud.PartHealth, err)
			}
			if err := groupErr[l.GroupID]; err != nil {
				lb.SetGap(cloud.PartBackends, err)
				continue
			}
			for _, s := range servers[l.GroupID] {
				b := &cloud.Backend{Type: strings.ToLower(s.ServerType), InstanceID: s.ServerId, IP: s.ServerIp, Port: int32(s.Port), Weight: int32(s.Weight)}
				b.Health, b.HealthDetail = nlbHealth(listenerErr[l.ID] == nil, health[l.ID], l.GroupID, s)
				l.Backends = append(l.Backends, b)
			}
		}
	}
}

func (r *Reader) nlbCall(ctx context.Context, c *clients, nc *nlbCall) {
	switch nc.act {
	case actListServerGroups:
		nc.checks = map[string]nlb.HealthCheck{}
		nc.err = r.pages(ctx, nc.act, func(token string, bound func(requests.AcsRequest)) (string, error) {
			q := nlb.CreateListServerGroupsRequest()
			q.ServerGroupIds = &nc.groups
			q.MaxResults = requests.NewInteger(nlbPage)
			q.NextToken = token
			bound(q)
			resp, err := c.nlb.ListServerGroups(q)
			if err != nil {
				return "", err
			}
			for _, g := range resp.ServerGroups {
				nc.checks[g.ServerGroupId] = g.HealthCheck
			}
			return resp.NextToken, nil
		})
	case actListServerGroupServers:
		nc.err = r.pages(ctx, nc.act, func(token string, bound func(requests.AcsRequest)) (string, error) {
			q := nlb.CreateListServerGroupServersRequest()
			q.ServerGroupId = nc.groups[0]
			q.MaxResults = requests.NewInteger(nlbPage)
			q.NextToken = token
			bound(q)
			resp, err := c.nlb.ListServerGroupServers(q)
			if err != nil {
				return "", err
			}
			nc.servers = append(nc.servers, resp.Servers...)
			return resp.NextToken, nil
		})
	case actGetListenerHealthStatus:
		nc.err = r.pages(ctx, nc.act, func(token string, bound func(requests.AcsRequest)) (string, error) {
			q := nlb.CreateGetListenerHealthStatusRequest()
			q.ListenerId = nc.listener
			q.MaxResults = requests.NewInteger(nlbPage)
			q.NextToken = token
			bound(q)
			resp, err := c.nlb.GetListenerHealthStatus(q)
			if err != nil {
				return "", err
			}
			for _, s := range resp.ListenerHealthStatus {
				nc.health = append(nc.health, s.ServerGroupInfos...)
			}
			return resp.NextToken, nil
		})
	}
}

// nlbCheck maps a server group's health check.
func nlbCheck(hc nlb.HealthCheck) *cloud.HealthCheck {
	return &cloud.HealthCheck{
		Enabled: hc.HealthCheckEnabled, Protocol: strings.ToUpper(hc.HealthCheckType), Port: checkPort(hc.HealthCheckConnectPort),
		Path: hc.HealthCheckUrl, Domain: hc.HealthCheckDomain, HTTPCodes: strings.Join(hc.HealthCheckHttpCode, ","),
		Timeout: int32(hc.HealthCheckConnectTimeout), Interval: int32(hc.HealthCheckInterval),
		HealthyThreshold: int32(hc.HealthyThreshold), UnhealthyThreshold: int32(hc.UnhealthyThreshold),
	}
}

// nlbHealth is server s's health in group: GetListenerHealthStatus lists only the servers that are
// not healthy (Unhealthy, or Initial, Unused, Unavailable: no result), so a server it does not list
// is healthy while the group's check is on.
func nlbHealth(read bool, infos []nlb.ServerGroupInfo, group string, s nlb.Server) (cloud.Health, string) {
	if !read {
		return cloud.HealthUnknown, ""
	}
	for _, g := range infos {
		if g.ServerGroupId != group {
			continue
		}
		if !g.HeathCheckEnabled {
			return cloud.HealthUnknown, ""
		}
		for _, n := range g.NonNormalServers {
			if n.ServerId == s.ServerId && n.Port == s.Port && (n.ServerIp == "" || s.ServerIp == "" || n.ServerIp == s.ServerIp) {
				detail := strings.TrimSuffix(n.Status+": "+n.Reason.ReasonCode, ": ")
				if strings.EqualFold(n.Status, "Unhealthy") {
					return cloud.Unhealthy, detail
				}
				return cloud.HealthUnknown, detail
			}
		}
		return cloud.Healthy, ""
	}
	return cloud.HealthUnknown, ""
}
