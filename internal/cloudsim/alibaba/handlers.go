package alibaba

import (
	"sort"
	"strconv"
	"strings"
	"time"
)

// handlers is the simulated cloud's registry of actions, by "Version/Action". Only read actions
// are implemented; any other is answered InvalidAction.NotFound.
var handlers = map[string]handler{
	"2014-05-15/DescribeLoadBalancers":         describeLoadBalancers,
	"2014-05-15/DescribeLoadBalancerAttribute": describeLoadBalancerAttribute,
	"2014-05-15/DescribeLoadBalancerListeners": describeLoadBalancerListeners,
	"2014-05-15/DescribeVServerGroupAttribute": describeVServerGroupAttribute,
	"2014-05-15/DescribeHealthStatus":          describeHealthStatus,
	"2014-05-15/DescribeServerCertificates":    describeServerCertificates,
	"2016-04-28/DescribeVSwitches":             describeVSwitches,
	"2020-05-10/ListProductQuotas":             listProductQuotas,
	"2022-04-30/ListLoadBalancers":             listLoadBalancers,
	"2022-04-30/ListListeners":                 listListeners,
	"2022-04-30/ListServerGroups":              listServerGroups,
	"2022-04-30/ListServerGroupServers":        listServerGroupServers,
	"2022-04-30/GetListenerHealthStatus":       getListenerHealthStatus,
}

// intParam is the integer parameter name: def when absent, an InvalidParameter error when it is
// not an integer in [lo, hi].
func intParam(p params, name string, def, lo, hi int) (int, *apiError) {
	v, ok := p[name]
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, errorf(400, "InvalidParameter", "%s must be an integer from %d to %d, not %q", name, lo, hi, v)
	}
	return n, nil
}

// pageNumbers are PageNumber (default 1) and PageSize (default def, at most max).
func pageNumbers(p params, def, max int) (page, size int, aerr *apiError) {
	if page, aerr = intParam(p, "PageNumber", 1, 1, 1<<30); aerr != nil {
		return 0, 0, aerr
	}
	size, aerr = intParam(p, "PageSize", def, 1, max)
	return page, size, aerr
}

// tokenPage is where the page NextToken asks for starts (0 without one), and MaxResults (default
// def, at most max).
func tokenPage(p params, def, max int) (start, n int, aerr *apiError) {
	if n, aerr = intParam(p, "MaxResults", def, 1, max); aerr != nil {
		return 0, 0, aerr
	}
	if t := p["NextToken"]; t != "" {
		start, err := strconv.Atoi(strings.TrimPrefix(t, "sim-"))
		if err != nil || start < 0 || !strings.HasPrefix(t, "sim-") {
			return 0, 0, errorf(400, "InvalidParameter", "NextToken %q was not issued here", t)
		}
		return start, n, nil
	}
	return 0, n, nil
}

// nextToken is the token of the page after [start, start+n) of total items, "" after the last.
func nextToken(start, n, total int) string {
	if start+n >= total {
		return ""
	}
	return "sim-" + strconv.Itoa(start+n)
}

// window is items[from:from+n], clipped to items.
func window[T any](items []T, from, n int) []T {
	if from > len(items) {
		from = len(items)
	}
	return items[from:min(from+n, len(items))]
}

// indexed collects the repeated parameter name.1, name.2, ... in order.
func indexed(p params, name string) []string {
	var out []string
	for i := 1; ; i++ {
		v, ok := p[name+"."+strconv.Itoa(i)]
		if !ok {
			return out
		}
		out = append(out, v)
	}
}

func (s *Sim) inRegion(p params) bool { return p["RegionId"] == s.sc.Region }

func (s *Sim) loadBalancer(p params, id string) *LoadBalancer {
	if !s.inRegion(p) {
		return nil
	}
	for i := range s.sc.LoadBalancers {
		if s.sc.LoadBalancers[i].ID == id {
			return &s.sc.LoadBalancers[i]
		}
	}
	return nil
}

func lbNotFound(id string) *apiError {
	return errorf(400, "InvalidLoadBalancerId.NotFound", "no load balancer %s in this region", id)
}

func tags(m map[string]string) map[string]any {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	list := []map[string]string{}
	for _, k := range keys {
		list = append(list, map[string]string{"TagKey": k, "TagValue": m[k]})
	}
	return map[string]any{"Tag": list}
}

func millis(rfc3339 string) int64 {
	t, err := time.Parse(time.RFC3339, rfc3339)
	if err != nil {
		return 0
	}
	return t.UnixMilli()
}

func lbSummary(s *Sim, lb *LoadBalancer) map[string]any {
	return map[string]any{
		"LoadBalancerId":     lb.ID,
		"LoadBalancerName":   lb.Name,
		"LoadBalancerStatus": lb.Status,
		"BusinessStatus":     lb.BusinessStatus,
		"Address":            lb.Address,
		"AddressType":        lb.AddressType,
		"AddressIPVersion":   "ipv4",
		"NetworkType":        "vpc",
		"VpcId":              lb.VpcID,
		"VSwitchId":          lb.VSwitchID,
		"RegionId":           s.sc.Region,
		"RegionIdAlias":      s.sc.Region,
		"CreateTime":         lb.CreateTime,
		"CreateTimeStamp":    millis(lb.CreateTime),
		"PayType":            "PayOnDemand",
		"InternetChargeType": "paybytraffic",
		"Tags":               tags(lb.Tags),
	}
}

// describeLoadBalancers: LoadBalancerId takes at most 10 comma-separated IDs; PageSize at most 100.
// https://www.alibabacloud.com/help/en/slb/classic-load-balancer/developer-reference/api-slb-2014-05-15-describeloadbalancers
func describeLoadBalancers(s *Sim, p params) (any, *apiError) {
	page, size, aerr := pageNumbers(p, 10, 100)
	if aerr != nil {
		return nil, aerr
	}
	var ids map[string]bool
	if v := p["LoadBalancerId"]; v != "" {
		list := strings.Split(v, ",")
		if len(list) > 10 {
			return nil, errorf(400, "InvalidParameter", "LoadBalancerId takes at most 10 IDs, not %d", len(list))
		}
		ids = map[string]bool{}
		for _, id := range list {
			ids[strings.TrimSpace(id)] = true
		}
	}
	var match []*LoadBalancer
	if s.inRegion(p) {
		for i := range s.sc.LoadBalancers {
			if lb := &s.sc.LoadBalancers[i]; ids == nil || ids[lb.ID] {
				match = append(match, lb)
			}
		}
	}
	sort.Slice(match, func(i, j int) bool { return match[i].ID < match[j].ID })
	list := []map[string]any{}
	for _, lb := range window(match, (page-1)*size, size) {
		list = append(list, lbSummary(s, lb))
	}
	return map[string]any{
		"PageNumber": page, "PageSize": size, "TotalCount": len(match),
		"LoadBalancers": map[string]any{"LoadBalancer": list},
	}, nil
}

// describeLoadBalancerAttribute answers one load balancer with its listener ports and the
// backends of its default server group.
// https://www.alibabacloud.com/help/en/slb/classic-load-balancer/developer-reference/api-slb-2014-05-15-describeloadbalancerattribute
func describeLoadBalancerAttribute(s *Sim, p params) (any, *apiError) {
	lb := s.loadBalancer(p, p["LoadBalancerId"])
	if lb == nil {
		return nil, lbNotFound(p["LoadBalancerId"])
	}
	out := lbSummary(s, lb)
	ports := []int{}
	lpp := []map[string]any{}
	for _, l := range lb.Listeners {
		ports = append(ports, l.Port)
		lpp = append(lpp, map[string]any{"ListenerPort": l.Port, "ListenerProtocol": l.Protocol, "Description": l.Description})
	}
	backends := []map[string]any{}
	for _, b := range lb.BackendServers {
		backends = append(backends, map[string]any{"ServerId": b.ServerID, "ServerIp": b.ServerIP, "Weight": b.Weight, "Type": b.Type})
	}
	out["ListenerPorts"] = map[string]any{"ListenerPort": ports}
	out["ListenerPortsAndProtocol"] = map[string]any{"ListenerPortAndProtocol": lpp}
	out["BackendServers"] = map[string]any{"BackendServer": backends}
	return out, nil
}

// listenerOf is l as DescribeLoadBalancerListeners states it, its settings under the block of its
// protocol.
func listenerOf(lb *LoadBalancer, l Listener) map[string]any {
	status := l.Status
	if status == "" {
		status = "running"
	}
	hc := l.HealthCheck
	out := map[string]any{
		"LoadBalancerId": lb.ID, "ListenerPort": l.Port, "ListenerProtocol": l.Protocol, "Status": status,
		"VServerGroupId": l.VServerGroupID, "Description": l.Description, "BackendServerPort": l.BackendServerPort,
		"Bandwidth": -1, "Scheduler": "wrr",
	}
	switch l.Protocol {
	case "tcp":
		out["TCPListenerConfig"] = map[string]any{
			"HealthCheckSwitch": hc.Switch, "HealthCheckType": hc.Type, "HealthCheckConnectPort": hc.ConnectPort,
			"HealthCheckConnectTimeout": hc.Timeout, "HealthCheckInterval": hc.Interval,
			"HealthyThreshold": hc.HealthyThreshold, "UnhealthyThreshold": hc.UnhealthyThreshold,
			"HealthCheckDomain": hc.Domain, "HealthCheckURI": hc.URI, "HealthCheckHttpCode": hc.HTTPCode,
		}
	case "udp":
		out["UDPListenerConfig"] = map[string]any{
			"HealthCheckSwitch": hc.Switch, "HealthCheckConnectPort": hc.ConnectPort,
			"HealthCheckConnectTimeout": hc.Timeout, "HealthCheckInterval": hc.Interval,
			"HealthyThreshold": hc.HealthyThreshold, "UnhealthyThreshold": hc.UnhealthyThreshold,
		}
	case "http", "https":
		cfg := map[string]any{
			"HealthCheck": hc.Switch, "HealthCheckConnectPort": hc.ConnectPort, "HealthCheckTimeout": hc.Timeout,
			"HealthCheckInterval": hc.Interval, "HealthyThreshold": hc.HealthyThreshold,
			"UnhealthyThreshold": hc.UnhealthyThreshold, "HealthCheckDomain": hc.Domain,
			"HealthCheckURI": hc.URI, "HealthCheckHttpCode": hc.HTTPCode, "HealthCheckMethod": "head",
		}
		if l.Protocol == "https" {
			cfg["ServerCertificateId"] = l.ServerCertificateID
			out["HTTPSListenerConfig"] = cfg
		} else {
			out["HTTPListenerConfig"] = cfg
		}
	}
	return out
}

// describeLoadBalancerListeners lists the listeners of at most 10 load balancers (LoadBalancerId.N),
// MaxResults (1 to 100, default 20) a page, continued by NextToken.
// https://www.alibabacloud.com/help/en/slb/classic-load-balancer/developer-reference/api-slb-2014-05-15-describeloadbalancerlisteners
func describeLoadBalancerListeners(s *Sim, p params) (any, *apiError) {
	start, max, aerr := tokenPage(p, 20, 100)
	if aerr != nil {
		return nil, aerr
	}
	ids := indexed(p, "LoadBalancerId")
	if len(ids) > 10 {
		return nil, errorf(400, "InvalidParameter", "LoadBalancerId takes at most 10 IDs, not %d", len(ids))
	}
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	var all []map[string]any
	if s.inRegion(p) {
		lbs := make([]*LoadBalancer, 0, len(s.sc.LoadBalancers))
		for i := range s.sc.LoadBalancers {
			if lb := &s.sc.LoadBalancers[i]; len(want) == 0 || want[lb.ID] {
				lbs = append(lbs, lb)
			}
		}
		sort.Slice(lbs, func(i, j int) bool { return lbs[i].ID < lbs[j].ID })
		for _, lb := range lbs {
			for _, l := range lb.Listeners {
				if proto := p["ListenerProtocol"]; proto != "" && proto != l.Protocol {
					continue
				}
				if port := p["ListenerPort"]; port != "" && port != strconv.Itoa(l.Port) {
					continue
				}
				all = append(all, listenerOf(lb, l))
			}
		}
	}
	page := append([]map[string]any{}, window(all, start, max)...)
	return map[string]any{"Listeners": page, "NextToken": nextToken(start, max, len(all)), "MaxResults": max, "TotalCount": len(all)}, nil
}

func (s *Sim) vServerGroup(p params, id string) (*LoadBalancer, *VServerGroup) {
	if !s.inRegion(p) {
		return nil, nil
	}
	for i := range s.sc.LoadBalancers {
		lb := &s.sc.LoadBalancers[i]
		for j := range lb.VServerGroups {
			if lb.VServerGroups[j].ID == id {
				return lb, &lb.VServerGroups[j]
			}
		}
	}
	return nil, nil
}

// describeVServerGroupAttribute answers one vServer group with its backends and their weights.
// https://www.alibabacloud.com/help/en/slb/classic-load-balancer/developer-reference/api-slb-2014-05-15-describevservergroupattribute
func describeVServerGroupAttribute(s *Sim, p params) (any, *apiError) {
	lb, g := s.vServerGroup(p, p["VServerGroupId"])
	if g == nil {
		return nil, errorf(400, "InvalidParameter", "no vServer group %s in this region", p["VServerGroupId"])
	}
	backends := []map[string]any{}
	for _, b := range g.Backends {
		backends = append(backends, map[string]any{
			"ServerId": b.ServerID, "ServerIp": b.ServerIP, "Port": b.Port, "Weight": b.Weight, "Type": b.Type,
			"Description": "",
		})
	}
	return map[string]any{
		"VServerGroupId": g.ID, "VServerGroupName": g.Name, "LoadBalancerId": lb.ID,
		"BackendServers": map[string]any{"BackendServer": backends},
	}, nil
}

// describeHealthStatus answers the health of every backend of every listener of a load balancer
// (or of the listener at ListenerPort): normal, abnormal, or unavailable when its check is off.
// https://www.alibabacloud.com/help/en/slb/classic-load-balancer/developer-reference/api-slb-2014-05-15-describehealthstatus
func describeHealthStatus(s *Sim, p params) (any, *apiError) {
	lb := s.loadBalancer(p, p["LoadBalancerId"])
	if lb == nil {
		return nil, lbNotFound(p["LoadBalancerId"])
	}
	list := []map[string]any{}
	for _, l := range lb.Listeners {
		if port := p["ListenerPort"]; port != "" && port != strconv.Itoa(l.Port) {
			continue
		}
		backends := lb.BackendServers
		if l.VServerGroupID != "" {
			backends = nil
			if _, g := s.vServerGroup(p, l.VServerGroupID); g != nil {
				backends = g.Backends
			}
		}
		for _, b := range backends {
			port := b.Port
			if l.VServerGroupID == "" {
				port = l.BackendServerPort
			}
			health := b.Health
			if l.HealthCheck.Switch == "off" || health == "" {
				health = "unavailable"
			}
			e := map[string]any{
				"ListenerPort": l.Port, "Protocol": l.Protocol, "ServerId": b.ServerID, "ServerIp": b.ServerIP,
				"Port": port, "ServerHealthStatus": health, "Type": b.Type,
			}
			if b.Type == "eni" {
				e["EniHost"] = b.ServerIP
			}
			list = append(list, e)
		}
	}
	return map[string]any{"BackendServers": map[string]any{"BackendServer": list}}, nil
}

// describeServerCertificates lists the region's server certificates (metadata only), or the one
// ServerCertificateId names.
// https://www.alibabacloud.com/help/en/slb/classic-load-balancer/developer-reference/api-slb-2014-05-15-describeservercertificates
func describeServerCertificates(s *Sim, p params) (any, *apiError) {
	list := []map[string]any{}
	if s.inRegion(p) {
		for _, c := range s.sc.Certificates {
			if id := p["ServerCertificateId"]; id != "" && id != c.ID {
				continue
			}
			sans := c.SANs
			if sans == nil {
				sans = []string{}
			}
			list = append(list, map[string]any{
				"ServerCertificateId": c.ID, "ServerCertificateName": c.Name, "CommonName": c.CommonName,
				"SubjectAlternativeNames": map[string]any{"SubjectAlternativeName": sans},
				"ExpireTime":              c.ExpireTime, "ExpireTimeStamp": millis(c.ExpireTime),
				"Fingerprint": c.Fingerprint, "RegionId": s.sc.Region, "IsAliCloudCertificate": 0,
			})
		}
	}
	return map[string]any{"ServerCertificates": map[string]any{"ServerCertificate": list}}, nil
}

// describeVSwitches lists vSwitches by VSwitchId or VpcId, PageSize (at most 50) a page.
// https://www.alibabacloud.com/help/en/vpc/developer-reference/api-vpc-2016-04-28-describevswitches
func describeVSwitches(s *Sim, p params) (any, *apiError) {
	page, size, aerr := pageNumbers(p, 10, 50)
	if aerr != nil {
		return nil, aerr
	}
	var match []VSwitch
	if s.inRegion(p) {
		for _, v := range s.sc.VSwitches {
			if id := p["VSwitchId"]; id != "" && id != v.ID {
				continue
			}
			if vpc := p["VpcId"]; vpc != "" && vpc != v.VpcID {
				continue
			}
			match = append(match, v)
		}
	}
	list := []map[string]any{}
	for _, v := range window(match, (page-1)*size, size) {
		list = append(list, map[string]any{
			"VSwitchId": v.ID, "VpcId": v.VpcID, "ZoneId": v.ZoneID, "CidrBlock": v.CIDR,
			"AvailableIpAddressCount": v.AvailableIPs, "Status": "Available",
		})
	}
	return map[string]any{
		"PageNumber": page, "PageSize": size, "TotalCount": len(match),
		"VSwitches": map[string]any{"VSwitch": list},
	}, nil
}

// listProductQuotas lists the Quota Center quotas of ProductCode slb in the region its regionId
// dimension names, MaxResults (1 to 100, default 30) a page.
// https://www.alibabacloud.com/help/en/quota-center/developer-reference/api-quotas-2020-05-10-listproductquotas
func listProductQuotas(s *Sim, p params) (any, *apiError) {
	if p["ProductCode"] == "" {
		return nil, errorf(400, "MissingParameter", "the input parameter ProductCode that is mandatory for processing this request is not supplied")
	}
	start, max, aerr := tokenPage(p, 30, 100)
	if aerr != nil {
		return nil, aerr
	}
	region := ""
	for i := 1; ; i++ {
		k, ok := p["Dimensions."+strconv.Itoa(i)+".Key"]
		if !ok {
			break
		}
		if k == "regionId" {
			region = p["Dimensions."+strconv.Itoa(i)+".Value"]
		}
	}
	var match []Quota
	if p["ProductCode"] == "slb" && region == s.sc.Region {
		match = s.sc.Quotas
	}
	list := []map[string]any{}
	for _, q := range window(match, start, max) {
		list = append(list, map[string]any{
			"ProductCode": "slb", "QuotaActionCode": q.Code, "QuotaName": q.Name,
			"TotalQuota": q.Total, "TotalUsage": q.Usage, "Dimensions": map[string]string{"regionId": region},
			"QuotaCategory": "CommonQuota", "Adjustable": true, "Consumable": true, "QuotaUnit": "",
		})
	}
	return map[string]any{"Quotas": list, "TotalCount": len(match), "MaxResults": max, "NextToken": nextToken(start, max, len(match))}, nil
}
