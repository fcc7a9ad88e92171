package tencent

import (
	"regexp"
	"slices"
	"strings"
)

const clbVersion = "2018-03-17"

// lbIDFormat is a CLB instance id's form; the API refuses a malformed one with a format error.
var lbIDFormat = regexp.MustCompile(`^lb-[0-9a-z]+$`)

// lbs are the scenario's load balancers in region (none in any other).
func (s *Server) lbs(region string) []LoadBalancer {
	if region != s.scn.Region {
		return nil
	}
	return s.scn.LoadBalancers
}

func (s *Server) lb(region, id string) (*LoadBalancer, bool) {
	l := s.lbs(region)
	i := slices.IndexFunc(l, func(lb LoadBalancer) bool { return lb.ID == id })
	if i < 0 {
		return nil, false
	}
	return &l[i], true
}

// describeLoadBalancers answers DescribeLoadBalancers,
// https://www.tencentcloud.com/document/api/214/33830: up to 20 LoadBalancerIds, Offset, Limit
// (default 20, at most 100); TotalCount counts every match, LoadBalancerSet holds the page.
func (s *Server) describeLoadBalancers(region string, p params) (map[string]any, *apiError) {
	ids := p.strs("LoadBalancerIds")
	if len(ids) > 20 {
		return nil, errorf("InvalidParameterValue.Length", "LoadBalancerIds takes at most 20 ids, got %d", len(ids))
	}
	for _, id := range ids {
		if !lbIDFormat.MatchString(id) {
			return nil, errorf("InvalidParameter.FormatError", "LoadBalancerIds holds a malformed id %q", id)
		}
	}
	var match []LoadBalancer
	for _, lb := range s.lbs(region) {
		if len(ids) == 0 || slices.Contains(ids, lb.ID) {
			match = append(match, lb)
		}
	}
	lo, hi, e := p.page(len(match))
	if e != nil {
		return nil, e
	}
	set := make([]map[string]any, 0, hi-lo)
	for _, lb := range match[lo:hi] {
		set = append(set, lbJSON(lb))
	}
	return map[string]any{"TotalCount": len(match), "LoadBalancerSet": set}, nil
}

// lbJSON is a LoadBalancer data structure (https://www.tencentcloud.com/document/api/214/30694#LoadBalancer).
func lbJSON(lb LoadBalancer) map[string]any {
	tags := make([]map[string]string, 0, len(lb.Tags))
	for _, k := range sortedKeys(lb.Tags) {
		tags = append(tags, map[string]string{"TagKey": k, "TagValue": lb.Tags[k]})
	}
	m := map[string]any{
		"LoadBalancerId":   lb.ID,
		"LoadBalancerName": lb.Name,
		"LoadBalancerType": lb.Type,
		"Forward":          1 - boolInt(lb.Classic),
		"LoadBalancerVips": nonNil(lb.VIPs),
		"Status":           lb.Status,
		"CreateTime":       lb.CreateTime,
		"StatusTime":       lb.CreateTime,
		"ProjectId":        0,
		"VpcId":            lb.VpcID,
		"Isolation":        lb.Isolation,
		"SubnetId":         lb.SubnetID,
		"Tags":             tags,
		"IsolatedTime":     nullIfEmpty(lb.IsolatedTime),
		"ExpireTime":       nullIfEmpty(lb.ExpireTime),
		"ChargeType":       lb.ChargeType,
		"AddressIPVersion": "ipv4",
	}
	if lb.IPv6 != "" {
		m["AddressIPv6"] = lb.IPv6
		m["AddressIPVersion"] = "ipv6"
	}
	if lb.Domain != "" {
		m["LoadBalancerDomain"] = lb.Domain
	}
	return m
}

// describeListeners answers DescribeListeners, https://www.tencentcloud.com/document/api/214/33831:
// LoadBalancerId is required; ListenerIds (at most 100), Protocol and Port filter.
func (s *Server) describeListeners(region string, p params) (map[string]any, *apiError) {
	lb, e := s.requiredLB(region, p)
	if e != nil {
		return nil, e
	}
	ls, e := listeners(lb, p, 100)
	if e != nil {
		return nil, e
	}
	out := []map[string]any{}
	for _, l := range ls {
		out = append(out, listenerJSON(l))
	}
	return map[string]any{"Listeners": out, "TotalCount": len(out)}, nil
}

// listeners are lb's listeners the request's ListenerIds (no more than most) name, all when it names none.
func listeners(lb *LoadBalancer, p params, most int) ([]Listener, *apiError) {
	ids := p.strs("ListenerIds")
	if len(ids) > most {
		return nil, errorf("InvalidParameterValue.Length", "ListenerIds takes at most %d ids", most)
	}
	var out []Listener
	for _, l := range lb.Listeners {
		if len(ids) == 0 || slices.Contains(ids, l.ID) {
			out = append(out, l)
		}
	}
	return out, nil
}

func (s *Server) requiredLB(region string, p params) (*LoadBalancer, *apiError) {
	id := p.str("LoadBalancerId")
	if id == "" {
		return nil, errorf("MissingParameter", "the request is missing the required parameter LoadBalancerId")
	}
	lb, ok := s.lb(region, id)
	if !ok {
		return nil, errorf("InvalidParameter.LBIdNotFound", "the load balancer %s is not found", id)
	}
	return lb, nil
}

// listenerJSON is a Listener data structure (https://www.tencentcloud.com/document/api/214/30694#Listener).
func listenerJSON(l Listener) map[string]any {
	m := map[string]any{
		"ListenerId":   l.ID,
		"ListenerName": l.Name,
		"Protocol":     l.Protocol,
		"Port":         l.Port,
		"Certificate":  certJSON(l.CertID, l.ExtCertIDs),
		"HealthCheck":  healthCheckJSON(l.HealthCheck),
		"Scheduler":    "WRR",
		"SniSwitch":    boolInt(l.SNI),
		"TargetType":   "NODE",
		"CreateTime":   "2024-01-01 00:00:00",
		"Rules":        nil,
	}
	if layer7(l.Protocol) {
		m["HealthCheck"] = nil
		rules := make([]map[string]any, 0, len(l.Rules))
		for _, r := range l.Rules {
			rules = append(rules, map[string]any{
				"LocationId":  r.ID,
				"Domain":      r.Domain,
				"Url":         r.URL,
				"HealthCheck": healthCheckJSON(r.HealthCheck),
				"Certificate": certJSON(r.CertID, nil),
				"ListenerId":  l.ID,
				"Scheduler":   "WRR",
				"TargetType":  "NODE",
				"Domains":     []string{r.Domain},
			})
		}
		m["Rules"] = rules
	}
	return m
}

func certJSON(id string, ext []string) any {
	if id == "" {
		return nil
	}
	return map[string]any{"SSLMode": "UNIDIRECTIONAL", "CertId": id, "ExtCertIds": nonNil(ext)}
}

func healthCheckJSON(h *HealthCheck) any {
	if h == nil {
		return nil
	}
	return map[string]any{
		"HealthSwitch":    h.Switch,
		"TimeOut":         h.Timeout,
		"IntervalTime":    h.Interval,
		"HealthNum":       h.HealthNum,
		"UnHealthNum":     h.UnHealthNum,
		"HttpCode":        h.HTTPCode,
		"HttpCheckPath":   h.Path,
		"HttpCheckDomain": h.Domain,
		"HttpCheckMethod": "HEAD",
		"CheckPort":       h.CheckPort,
		"CheckType":       h.CheckType,
	}
}

// describeTargets answers DescribeTargets, https://www.tencentcloud.com/document/api/214/33824:
// LoadBalancerId is required; ListenerIds (at most 20) filter. Layer-7 listeners carry their
// backends in Rules, the others in Targets.
func (s *Server) describeTargets(region string, p params) (map[string]any, *apiError) {
	lb, e := s.requiredLB(region, p)
	if e != nil {
		return nil, e
	}
	ls, e := listeners(lb, p, 20)
	if e != nil {
		return nil, e
	}
	out := []map[string]any{}
	for _, l := range ls {
		m := map[string]any{"ListenerId": l.ID, "Protocol": l.Protocol, "Port": l.Port, "EndPort": 0}
		if layer7(l.Protocol) {
			rules := make([]map[string]any, 0, len(l.Rules))
			for _, r := range l.Rules {
				rules = append(rules, map[string]any{"LocationId": r.ID, "Domain": r.Domain, "Url": r.URL, "Targets": targetsJSON(r.Targets)})
			}
			m["Rules"] = rules
		} else {
			m["Targets"] = targetsJSON(l.Targets)
		}
		out = append(out, m)
	}
	return map[string]any{"Listeners": out}, nil
}

// targetsJSON are Backend data structures (https://www.tencentcloud.com/document/api/214/30694#Backend).
func targetsJSON(ts []Target) []map[string]any {
	out := make([]map[string]any, 0, len(ts))
	for _, t := range ts {
		m := map[string]any{
			"Type":               t.Type,
			"InstanceId":         t.InstanceID,
			"Port":               t.Port,
			"Weight":             t.Weight,
			"PublicIpAddresses":  []string{},
			"PrivateIpAddresses": []string{t.IP},
			"InstanceName":       t.InstanceID,
			"RegisteredTime":     "2024-01-01 00:00:00",
		}
		if t.EniID != "" {
			m["EniId"] = t.EniID
		}
		out = append(out, m)
	}
	return out
}

// describeTargetHealth answers DescribeTargetHealth, https://www.tencentcloud.com/document/api/214/33825:
// LoadBalancerIds is required; a classic CLB is not supported (UnsupportedOperation). Every listener reports its backends under rules; a layer-4
// listener's come under one rule without domain or URL, as in the reference's example.
func (s *Server) describeTargetHealth(region string, p params) (map[string]any, *apiError) {
	ids := p.strs("LoadBalancerIds")
	if len(ids) == 0 {
		return nil, errorf("MissingParameter", "the request is missing the required parameter LoadBalancerIds")
	}
	out := []map[string]any{}
	for _, id := range ids {
		lb, ok := s.lb(region, id)
		if !ok {
			return nil, errorf("InvalidParameter.LBIdNotFound", "the load balancer %s is not found", id)
		}
		if lb.Classic {
			return nil, errorf("UnsupportedOperation", "the classic load balancer %s is not supported", id)
		}
		var ls []map[string]any
		for _, l := range lb.Listeners {
			var rules []map[string]any
			if layer7(l.Protocol) {
				for _, r := range l.Rules {
					rules = append(rules, map[string]any{"LocationId": r.ID, "Domain": r.Domain, "Url": r.URL, "Targets": healthJSON(r.Targets)})
				}
			} else {
				rules = append(rules, map[string]any{"LocationId": "loc-" + strings.TrimPrefix(l.ID, "lbl-"), "Domain": nil, "Url": nil, "Targets": healthJSON(l.Targets)})
			}
			ls = append(ls, map[string]any{"ListenerId": l.ID, "ListenerName": l.Name, "Protocol": l.Protocol, "Port": l.Port, "Rules": rules})
		}
		out = append(out, map[string]any{"LoadBalancerId": lb.ID, "LoadBalancerName": lb.Name, "Listeners": ls})
	}
	return map[string]any{"LoadBalancers": out}, nil
}

// healthJSON are TargetHealth data structures: HealthStatus is true only for Alive.
func healthJSON(ts []Target) []map[string]any {
	out := make([]map[string]any, 0, len(ts))
	for _, t := range ts {
		detail := t.Health
		if detail == "" {
			detail = "Unknown"
		}
		id := t.InstanceID
		if id == "" {
			id = t.EniID
		}
		out = append(out, map[string]any{"IP": t.IP, "Port": t.Port, "HealthStatus": detail == "Alive", "TargetId": id, "HealthStatusDetail": detail})
	}
	return out
}

// describeQuota answers DescribeQuota (the Quota structure: https://www.tencentcloud.com/document/api/214/30694#Quota).
// A region-wide quota the scenario gives no current value for is answered with the count of load
// balancers of its network type; the per-instance ones have none.
func (s *Server) describeQuota(region string, _ params) (map[string]any, *apiError) {
	out := []map[string]any{}
	for _, q := range s.scn.Quotas {
		var cur any
		switch {
		case q.Current != nil:
			cur = *q.Current
		case q.ID == "TOTAL_OPEN_CLB_QUOTA":
			cur = s.countLBs(region, "OPEN")
		case q.ID == "TOTAL_INTERNAL_CLB_QUOTA":
			cur = s.countLBs(region, "INTERNAL")
		}
		out = append(out, map[string]any{"QuotaId": q.ID, "QuotaCurrent": cur, "QuotaLimit": q.Limit})
	}
	return map[string]any{"QuotaSet": out}, nil
}

func (s *Server) countLBs(region, typ string) int {
	n := 0
	for _, lb := range s.lbs(region) {
		if lb.Type == typ {
			n++
		}
	}
	return n
}

func layer7(protocol string) bool { return protocol == "HTTP" || protocol == "HTTPS" }

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func sortedKeys(m map[string]string) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
