package cloudread

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	clb "github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/clb/v20180317"
	"github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/common"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Tags TKE's Service and Ingress controllers put on a CLB
// (https://intl.cloud.tencent.com/document/product/457/36835, "Using Existing CLBs").
const (
	// TagCreatedBy is "yes" on a CLB the controllers created, and so delete with the Service.
	TagCreatedBy = "tke-createdBy-flag"
	// TagClusterID is the id of the cluster (cls-…) whose controllers manage the CLB.
	TagClusterID = "tke-clusterId"
)

// beijing is the zone of the API's times ("2006-01-02 15:04:05", China Standard Time).
var beijing = time.FixedZone("CST", 8*3600)

type lbBatchResult struct {
	lbs map[string]*clb.LoadBalancer
	// err is why the whole batch could not be read; failed, why single ids could not.
	err    *cloud.ReadError
	failed map[string]*cloud.ReadError
}

// describeLBBatch reads a batch of load balancers. A batch the API refuses for a bad parameter
// (one malformed id refuses them all) is read id by id, so that only the bad id fails.
func (p *pass) describeLBBatch(ctx context.Context, ids []string) lbBatchResult {
	res := p.describeLoadBalancers(ctx, ids)
	if res.err == nil || len(ids) == 1 || res.err.Class != cloud.Failed || !strings.HasPrefix(res.err.Code, "InvalidParameter") {
		return res
	}
	out := lbBatchResult{lbs: map[string]*clb.LoadBalancer{}, failed: map[string]*cloud.ReadError{}}
	for _, id := range ids {
		one := p.describeLoadBalancers(ctx, []string{id})
		if one.err != nil {
			out.failed[id] = one.err
		}
		maps.Copy(out.lbs, one.lbs)
	}
	return out
}

// describeLoadBalancers reads up to lbBatch load balancers by id, page by page.
func (p *pass) describeLoadBalancers(ctx context.Context, ids []string) lbBatchResult {
	out := lbBatchResult{lbs: map[string]*clb.LoadBalancer{}}
	for offset := 0; ; {
		req := clb.NewDescribeLoadBalancersRequest()
		req.LoadBalancerIds = common.StringPtrs(ids)
		req.Offset = common.Int64Ptr(int64(offset))
		req.Limit = common.Int64Ptr(lbPage)
		var resp *clb.DescribeLoadBalancersResponse
		if resp, out.err = do(ctx, p, describeLoadBalancers, func(ctx context.Context) (*clb.DescribeLoadBalancersResponse, error) {
			return p.clb.DescribeLoadBalancersWithContext(ctx, req)
		}); out.err != nil {
			return out
		}
		set := resp.Response.LoadBalancerSet
		for _, lb := range set {
			if id := str(lb.LoadBalancerId); id != "" {
				out.lbs[id] = lb
			}
		}
		offset += len(set)
		if len(set) == 0 || uint64(offset) >= u64(resp.Response.TotalCount) {
			return out
		}
	}
}

func (p *pass) describeListeners(ctx context.Context, id string) ([]*clb.Listener, *cloud.ReadError) {
	req := clb.NewDescribeListenersRequest()
	req.LoadBalancerId = common.StringPtr(id)
	resp, e := do(ctx, p, describeListeners, func(ctx context.Context) (*clb.DescribeListenersResponse, error) {
		return p.clb.DescribeListenersWithContext(ctx, req)
	})
	if e != nil {
		return nil, e
	}
	return resp.Response.Listeners, nil
}

func (p *pass) describeTargets(ctx context.Context, id string) ([]*clb.ListenerBackend, *cloud.ReadError) {
	req := clb.NewDescribeTargetsRequest()
	req.LoadBalancerId = common.StringPtr(id)
	resp, e := do(ctx, p, describeTargets, func(ctx context.Context) (*clb.DescribeTargetsResponse, error) {
		return p.clb.DescribeTargetsWithContext(ctx, req)
	})
	if e != nil {
		return nil, e
	}
	return resp.Response.Listeners, nil
}

// healthKey names one backend of a listener (and, for layer 7, of a rule) in health results.
type healthKey struct {
	listener, rule, ip string
	port               int64
}

type healthResult struct {
	// byLB holds, per load balancer read, its backends' health; a layer-4 listener's under rule "".
	byLB map[string]map[healthKey]*clb.TargetHealth
	err  *cloud.ReadError
}

func (p *pass) describeTargetHealth(ctx context.Context, ids []string) healthResult {
	req := clb.NewDescribeTargetHealthRequest()
	req.LoadBalancerIds = common.StringPtrs(ids)
	var resp *clb.DescribeTargetHealthResponse
	out := healthResult{}
	if resp, out.err = do(ctx, p, describeTargetHealth, func(ctx context.Context) (*clb.DescribeTargetHealthResponse, error) {
		return p.clb.DescribeTargetHealthWithContext(ctx, req)
	}); out.err != nil {
		return out
	}
	out.byLB = map[string]map[healthKey]*clb.TargetHealth{}
	for _, lb := range resp.Response.LoadBalancers {
		m := map[healthKey]*clb.TargetHealth{}
		for _, l := range lb.Listeners {
			for _, r := range l.Rules {
				for _, t := range r.Targets {
					k := healthKey{listener: str(l.ListenerId), rule: str(r.LocationId), ip: str(t.IP), port: i64(t.Port)}
					m[k] = t
					k.rule = ""
					m[k] = t
				}
			}
		}
		out.byLB[str(lb.LoadBalancerId)] = m
	}
	return out
}

// errClassic is why a classic CLB's listeners, backends and health are not read: the actions this
// reader calls serve CLB instances (Forward 1); classic ones have their own (DescribeClassicalLB*),
// and DescribeTargetHealth refuses them.
func errClassic() *cloud.ReadError {
	return wordsOf(cloud.NotRead, "", words.Say("a classic CLB: its listeners, backends and health are not read",
		"传统型 CLB：不读取其监听器、后端与健康状态"))
}

// classic reports whether the API describes lb as a classic CLB (Forward 0).
func classic(lb *clb.LoadBalancer) bool { return lb.Forward != nil && *lb.Forward == 0 }

// lbParts are the per-load-balancer reads of the second round.
type lbParts struct {
	listeners    []*clb.Listener
	listenersErr *cloud.ReadError
	targets      []*clb.ListenerBackend
	targetsErr   *cloud.ReadError
}

// assemble is a load balancer as its three reads describe it.
func assemble(raw *clb.LoadBalancer, parts lbParts, health healthResult) *cloud.LoadBalancer {
	lb := toLoadBalancer(raw)
	unread := lb.SetGap
	if parts.listenersErr != nil {
		unread(cloud.PartListeners, parts.listenersErr)
		unread(cloud.PartBackends, parts.listenersErr)
		unread(cloud.PartHealth, parts.listenersErr)
		return lb
	}
	lb.Listeners = toListeners(parts.listeners)
	if parts.targetsErr != nil {
		unread(cloud.PartBackends, parts.targetsErr)
		unread(cloud.PartHealth, parts.targetsErr)
		return lb
	}
	attachBackends(lb.Listeners, parts.targets)
	if health.err != nil {
		unread(cloud.PartHealth, health.err)
		return lb
	}
	attachHealth(lb.Listeners, parts.listeners, health.byLB[lb.ID])
	return lb
}

func toLoadBalancer(raw *clb.LoadBalancer) *cloud.LoadBalancer {
	lb := &cloud.LoadBalancer{
		ID:        str(raw.LoadBalancerId),
		Name:      str(raw.LoadBalancerName),
		Product:   "clb",
		VpcID:     str(raw.VpcId),
		SubnetID:  str(raw.SubnetId),
		Addresses: strs(raw.LoadBalancerVips),
		CreatedAt: parseTime(str(raw.CreateTime)),
	}
	switch str(raw.LoadBalancerType) {
	case "OPEN":
		lb.Network = cloud.Public
	case "INTERNAL":
		lb.Network = cloud.Internal
	}
	if v6 := str(raw.AddressIPv6); v6 != "" && !slices.Contains(lb.Addresses, v6) {
		lb.Addresses = append(lb.Addresses, v6)
	}
	if d := str(raw.LoadBalancerDomain); d != "" {
		lb.Addresses = append(lb.Addresses, d)
	}
	for _, t := range raw.Tags {
		if lb.Tags == nil {
			lb.Tags = map[string]string{}
		}
		lb.Tags[str(t.TagKey)] = str(t.TagValue)
	}
	lb.State, lb.StateDetail = state(raw)
	return lb
}

// state reads the reference's two state fields: Status (0 creating, 1 running) and Isolation (1
// isolated, with IsolatedTime; for a prepaid instance ExpireTime tells why). The reference has
// no deleting or arrears state for an instance.
func state(raw *clb.LoadBalancer) (cloud.State, string) {
	if u64(raw.Isolation) == 1 {
		var d []string
		for _, kv := range [][2]string{{"IsolatedTime", str(raw.IsolatedTime)}, {"ChargeType", str(raw.ChargeType)}, {"ExpireTime", str(raw.ExpireTime)}} {
			if kv[1] != "" {
				d = append(d, kv[0]+" "+kv[1])
			}
		}
		return cloud.StateIsolated, strings.Join(d, "; ")
	}
	switch {
	case raw.Status == nil:
		return cloud.StateUnknown, ""
	case *raw.Status == 0:
		return cloud.StateCreating, ""
	case *raw.Status == 1:
		return cloud.StateActive, ""
	}
	return cloud.StateUnknown, fmt.Sprintf("Status %d", *raw.Status)
}

func toListeners(raw []*clb.Listener) []*cloud.Listener {
	out := make([]*cloud.Listener, 0, len(raw))
	for _, rl := range raw {
		l := &cloud.Listener{
			ID:          str(rl.ListenerId),
			Name:        str(rl.ListenerName),
			Protocol:    strings.ToUpper(str(rl.Protocol)),
			Port:        int32(i64(rl.Port)),
			HealthCheck: toHealthCheck(rl.HealthCheck),
		}
		l.CertificateIDs = certIDs(nil, rl.Certificate)
		for _, rr := range rl.Rules {
			l.Rules = append(l.Rules, &cloud.Rule{
				ID:          str(rr.LocationId),
				Domain:      str(rr.Domain),
				URL:         str(rr.Url),
				HealthCheck: toHealthCheck(rr.HealthCheck),
			})
			// An HTTPS listener with SNI holds a certificate per rule.
			l.CertificateIDs = certIDs(l.CertificateIDs, rr.Certificate)
		}
		slices.SortFunc(l.Rules, func(a, b *cloud.Rule) int {
			return cmp.Or(cmp.Compare(a.Domain, b.Domain), cmp.Compare(a.URL, b.URL), cmp.Compare(a.ID, b.ID))
		})
		out = append(out, l)
	}
	slices.SortFunc(out, func(a, b *cloud.Listener) int {
		return cmp.Or(cmp.Compare(a.Protocol, b.Protocol), cmp.Compare(a.Port, b.Port), cmp.Compare(a.ID, b.ID))
	})
	return out
}

// certIDs is ids with c's server certificates added once each; the client CA (CertCaId) is not a
// server certificate and is left out.
func certIDs(ids []string, c *clb.CertificateOutput) []string {
	if c == nil {
		return ids
	}
	for _, id := range append([]string{str(c.CertId)}, strs(c.ExtCertIds)...) {
		if id != "" && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids
}

// httpCodeBits are HealthCheck.HttpCode's bits: 1 is 1xx, 2 is 2xx, 4 is 3xx, 8 is 4xx, 16 is 5xx.
var httpCodeBits = []string{"1xx", "2xx", "3xx", "4xx", "5xx"}

func toHealthCheck(h *clb.HealthCheck) *cloud.HealthCheck {
	if h == nil {
		return nil
	}
	hc := &cloud.HealthCheck{
		Enabled:            i64(h.HealthSwitch) == 1,
		Protocol:           strings.ToUpper(str(h.CheckType)),
		Port:               int32(i64(h.CheckPort)),
		Path:               str(h.HttpCheckPath),
		Domain:             str(h.HttpCheckDomain),
		Timeout:            int32(i64(h.TimeOut)),
		Interval:           int32(i64(h.IntervalTime)),
		HealthyThreshold:   int32(i64(h.HealthNum)),
		UnhealthyThreshold: int32(i64(h.UnHealthNum)),
	}
	var codes []string
	for i, c := range httpCodeBits {
		if i64(h.HttpCode)&(1<<i) != 0 {
			codes = append(codes, c)
		}
	}
	hc.HTTPCodes = strings.Join(codes, ",")
	return hc
}

// attachBackends puts each listener's layer-4 targets and each rule's targets on them.
func attachBackends(ls []*cloud.Listener, raw []*clb.ListenerBackend) {
	byID := map[string]*cloud.Listener{}
	for _, l := range ls {
		byID[l.ID] = l
	}
	for _, rb := range raw {
		l := byID[str(rb.ListenerId)]
		if l == nil {
			continue
		}
		l.Backends = append(l.Backends, toBackends(rb.Targets)...)
		for _, rr := range rb.Rules {
			for _, rule := range l.Rules {
				if rule.ID == str(rr.LocationId) {
					rule.Backends = append(rule.Backends, toBackends(rr.Targets)...)
				}
			}
		}
	}
}

func toBackends(raw []*clb.Backend) []*cloud.Backend {
	out := make([]*cloud.Backend, 0, len(raw))
	for _, t := range raw {
		b := &cloud.Backend{
			Type:       strings.ToUpper(str(t.Type)),
			InstanceID: str(t.InstanceId),
			Port:       int32(i64(t.Port)),
			Weight:     int32(i64(t.Weight)),
			Health:     cloud.HealthUnknown,
		}
		if b.InstanceID == "" {
			b.InstanceID = str(t.EniId)
		}
		if ips := strs(t.PrivateIpAddresses); len(ips) > 0 {
			b.IP = ips[0]
		} else if ips := strs(t.PublicIpAddresses); len(ips) > 0 {
			b.IP = ips[0]
		}
		out = append(out, b)
	}
	slices.SortFunc(out, func(a, b *cloud.Backend) int {
		return cmp.Or(cmp.Compare(a.IP, b.IP), cmp.Compare(a.Port, b.Port), cmp.Compare(a.InstanceID, b.InstanceID))
	})
	return out
}

// attachHealth sets each backend's health from the health results: Alive is healthy, Dead
// unhealthy, anything else (not yet probed, probing) unknown; and unknown wherever the listener's
// or rule's health check is off.
func attachHealth(ls []*cloud.Listener, raw []*clb.Listener, m map[healthKey]*clb.TargetHealth) {
	for _, l := range ls {
		for _, b := range l.Backends {
			setHealth(b, l.HealthCheck, m[healthKey{listener: l.ID, ip: b.IP, port: int64(b.Port)}])
		}
		for _, r := range l.Rules {
			for _, b := range r.Backends {
				setHealth(b, r.HealthCheck, m[healthKey{listener: l.ID, rule: r.ID, ip: b.IP, port: int64(b.Port)}])
			}
		}
	}
}

func setHealth(b *cloud.Backend, hc *cloud.HealthCheck, t *clb.TargetHealth) {
	b.Health, b.HealthDetail = cloud.HealthUnknown, ""
	if t == nil || (hc != nil && !hc.Enabled) {
		return
	}
	detail := str(t.HealthStatusDetail)
	switch {
	case detail == "Alive" || (detail == "" && t.HealthStatus != nil && *t.HealthStatus):
		b.Health = cloud.Healthy
	case detail == "Dead":
		b.Health, b.HealthDetail = cloud.Unhealthy, detail
	default:
		b.HealthDetail = detail
	}
}

func parseTime(s string) time.Time {
	t, err := time.ParseInLocation(time.DateTime, s, beijing)
	if err != nil || t.Year() < 2000 {
		return time.Time{}
	}
	return t
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

func strs(ps []*string) []string {
	out := make([]string, 0, len(ps))
	for _, p := range ps {
		if p != nil && *p != "" {
			out = append(out, *p)
		}
	}
	return out
}

func i64(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

func u64(p *uint64) uint64 {
	if p == nil {
		return 0
	}
	return *p
}
