package alibaba

import (
	"sort"
)

// NLB (API 2022-04-30) read actions. ID lists take at most 20 IDs; pages are MaxResults (1 to
// 100, default 20) long, continued by NextToken.

// ids is the repeated parameter name (name.1, name.2, ...), at most 20; nil when absent.
func ids(p params, name string) (map[string]bool, *apiError) {
	list := indexed(p, name)
	if len(list) > 20 {
		return nil, errorf(400, "InvalidParameter", "%s takes at most 20 IDs, not %d", name, len(list))
	}
	if len(list) == 0 {
		return nil, nil
	}
	m := map[string]bool{}
	for _, id := range list {
		m[id] = true
	}
	return m, nil
}

func (s *Sim) nlbs(p params) []*NetworkLoadBalancer {
	if !s.inRegion(p) {
		return nil
	}
	var out []*NetworkLoadBalancer
	for i := range s.sc.NetworkLoadBalancers {
		out = append(out, &s.sc.NetworkLoadBalancers[i])
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// listLoadBalancers lists NLB instances, by LoadBalancerIds.
// https://www.alibabacloud.com/help/en/slb/network-load-balancer/developer-reference/api-nlb-2022-04-30-listloadbalancers
func listLoadBalancers(s *Sim, p params) (any, *apiError) {
	start, max, aerr := tokenPage(p, 20, 100)
	if aerr != nil {
		return nil, aerr
	}
	want, aerr := ids(p, "LoadBalancerIds")
	if aerr != nil {
		return nil, aerr
	}
	var all []map[string]any
	for _, lb := range s.nlbs(p) {
		if want != nil && !want[lb.ID] {
			continue
		}
		zones := []map[string]any{}
		for _, z := range lb.Zones {
			zones = append(zones, map[string]any{"ZoneId": z.ZoneID, "VSwitchId": z.VSwitchID, "Status": "Active",
				"LoadBalancerAddresses": []map[string]string{{"PrivateIPv4Address": z.PrivateIPv4, "PublicIPv4Address": z.PublicIPv4}}})
		}
		locks := []map[string]string{}
		for _, l := range lb.Locks {
			locks = append(locks, map[string]string{"LockType": l.Type, "LockReason": l.Reason})
		}
		tags := []map[string]string{}
		for _, t := range tags2(lb.Tags) {
			tags = append(tags, map[string]string{"Key": t[0], "Value": t[1]})
		}
		all = append(all, map[string]any{
			"LoadBalancerId": lb.ID, "LoadBalancerName": lb.Name, "LoadBalancerType": "network", "AddressType": lb.AddressType,
			"AddressIpVersion": "ipv4", "LoadBalancerStatus": lb.Status, "LoadBalancerBusinessStatus": lb.BusinessStatus,
			"VpcId": lb.VpcID, "CreateTime": lb.CreateTime, "RegionId": s.sc.Region, "DNSName": lb.ID + ".sim.invalid",
			"ZoneMappings": zones, "OperationLocks": locks, "Tags": tags,
		})
	}
	page := append([]map[string]any{}, window(all, start, max)...)
	return map[string]any{"LoadBalancers": page, "TotalCount": len(all), "NextToken": nextToken(start, max, len(all)), "MaxResults": max}, nil
}

// tags2 is m's pairs sorted by key.
func tags2(m map[string]string) [][2]string {
	var out [][2]string
	for k, v := range m {
		out = append(out, [2]string{k, v})
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}

// listListeners lists the listeners of NLB instances (LoadBalancerIds) or by ListenerIds.
// https://www.alibabacloud.com/help/en/slb/network-load-balancer/developer-reference/api-nlb-2022-04-30-listlisteners
func listListeners(s *Sim, p params) (any, *apiError) {
	start, max, aerr := tokenPage(p, 20, 100)
	if aerr != nil {
		return nil, aerr
	}
	lbs, aerr := ids(p, "LoadBalancerIds")
	if aerr != nil {
		return nil, aerr
	}
	lis, aerr := ids(p, "ListenerIds")
	if aerr != nil {
		return nil, aerr
	}
	var all []map[string]any
	for _, lb := range s.nlbs(p) {
		if lbs != nil && !lbs[lb.ID] {
			continue
		}
		for _, l := range lb.Listeners {
			if lis != nil && !lis[l.ID] {
				continue
			}
			certs := l.CertificateIDs
			if certs == nil {
				certs = []string{}
			}
			all = append(all, map[string]any{
				"LoadBalancerId": lb.ID, "ListenerId": l.ID, "ListenerProtocol": l.Protocol, "ListenerPort": l.Port,
				"ListenerDescription": l.Description, "ServerGroupId": l.ServerGroupID, "ListenerStatus": "Running",
				"CertificateIds": certs, "RegionId": s.sc.Region,
			})
		}
	}
	page := append([]map[string]any{}, window(all, start, max)...)
	return map[string]any{"Listeners": page, "TotalCount": len(all), "NextToken": nextToken(start, max, len(all)), "MaxResults": max}, nil
}

func (s *Sim) serverGroup(p params, id string) (*NetworkLoadBalancer, *NLBServerGroup) {
	for _, lb := range s.nlbs(p) {
		for i := range lb.ServerGroups {
			if lb.ServerGroups[i].ID == id {
				return lb, &lb.ServerGroups[i]
			}
		}
	}
	return nil, nil
}

// listServerGroups lists NLB server groups, by ServerGroupIds, with their health-check settings.
// https://www.alibabacloud.com/help/en/slb/network-load-balancer/developer-reference/api-nlb-2022-04-30-listservergroups
func listServerGroups(s *Sim, p params) (any, *apiError) {
	start, max, aerr := tokenPage(p, 20, 100)
	if aerr != nil {
		return nil, aerr
	}
	want, aerr := ids(p, "ServerGroupIds")
	if aerr != nil {
		return nil, aerr
	}
	var all []map[string]any
	for _, lb := range s.nlbs(p) {
		for _, g := range lb.ServerGroups {
			if want != nil && !want[g.ID] {
				continue
			}
			hc := g.HealthCheck
			codes := hc.HTTPCodes
			if codes == nil {
				codes = []string{}
			}
			all = append(all, map[string]any{
				"ServerGroupId": g.ID, "ServerGroupName": g.Name, "ServerGroupType": "Instance", "Protocol": "TCP",
				"VpcId": lb.VpcID, "ServerCount": len(g.Servers), "RelatedLoadBalancerIds": []string{lb.ID},
				"ServerGroupStatus": "Available", "RegionId": s.sc.Region,
				"HealthCheck": map[string]any{
					"HealthCheckEnabled": hc.Enabled, "HealthCheckType": hc.Type, "HealthCheckConnectPort": hc.ConnectPort,
					"HealthCheckConnectTimeout": hc.ConnectTimeout, "HealthCheckInterval": hc.Interval,
					"HealthyThreshold": hc.HealthyThreshold, "UnhealthyThreshold": hc.UnhealthyThreshold,
					"HealthCheckUrl": hc.URL, "HealthCheckDomain": hc.Domain, "HealthCheckHttpCode": codes,
				},
			})
		}
	}
	page := append([]map[string]any{}, window(all, start, max)...)
	return map[string]any{"ServerGroups": page, "TotalCount": len(all), "NextToken": nextToken(start, max, len(all)), "MaxResults": max}, nil
}

// listServerGroupServers lists the servers of one server group with their weights.
// https://www.alibabacloud.com/help/en/slb/network-load-balancer/developer-reference/api-nlb-2022-04-30-listservergroupservers
func listServerGroupServers(s *Sim, p params) (any, *apiError) {
	start, max, aerr := tokenPage(p, 20, 100)
	if aerr != nil {
		return nil, aerr
	}
	_, g := s.serverGroup(p, p["ServerGroupId"])
	if g == nil {
		return nil, errorf(400, "ResourceNotFound.serverGroup", "no server group %s in this region", p["ServerGroupId"])
	}
	var all []map[string]any
	for _, v := range g.Servers {
		all = append(all, map[string]any{
			"ServerId": v.ServerID, "ServerType": v.Type, "ServerIp": v.ServerIP, "Port": v.Port, "Weight": v.Weight,
			"ServerGroupId": g.ID, "Status": "Available", "Description": "",
		})
	}
	page := append([]map[string]any{}, window(all, start, max)...)
	return map[string]any{"Servers": page, "TotalCount": len(all), "NextToken": nextToken(start, max, len(all)), "MaxResults": max}, nil
}

// getListenerHealthStatus answers a listener's server group and the servers of it that are not
// healthy (none are listed while its health check is off), paged over those servers.
// https://www.alibabacloud.com/help/en/slb/network-load-balancer/developer-reference/api-nlb-2022-04-30-getlistenerhealthstatus
func getListenerHealthStatus(s *Sim, p params) (any, *apiError) {
	start, max, aerr := tokenPage(p, 20, 100)
	if aerr != nil {
		return nil, aerr
	}
	for _, lb := range s.nlbs(p) {
		for _, l := range lb.Listeners {
			if l.ID != p["ListenerId"] {
				continue
			}
			_, g := s.serverGroup(p, l.ServerGroupID)
			var bad []map[string]any
			enabled := g != nil && g.HealthCheck.Enabled
			if enabled {
				for _, v := range g.Servers {
					if v.Health != "" && v.Health != "Healthy" {
						bad = append(bad, map[string]any{"ServerId": v.ServerID, "ServerIp": v.ServerIP, "Port": v.Port,
							"Status": v.Health, "Reason": map[string]string{"ReasonCode": v.HealthReason}})
					}
				}
			}
			page := append([]map[string]any{}, window(bad, start, max)...)
			return map[string]any{
				"ListenerHealthStatus": []map[string]any{{
					"ListenerId": l.ID, "ListenerPort": l.Port, "ListenerProtocol": l.Protocol,
					"ServerGroupInfos": []map[string]any{{"ServerGroupId": l.ServerGroupID, "HeathCheckEnabled": enabled, "NonNormalServers": page}},
				}},
				"TotalCount": len(bad), "NextToken": nextToken(start, max, len(bad)), "MaxResults": max,
			}, nil
		}
	}
	return nil, errorf(400, "ResourceNotFound.listener", "no listener %s in this region", p["ListenerId"])
}
