package cloudread

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aliyun/alibaba-cloud-sdk-go/sdk/requests"
	"github.com/aliyun/alibaba-cloud-sdk-go/services/slb"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
)

// Batch and page sizes, the largest the API reference allows.
const (
	// lbBatch is how many IDs DescribeLoadBalancers (comma-separated LoadBalancerId) and
	// DescribeLoadBalancerListeners (LoadBalancerId.N) take at once.
	lbBatch = 10
	// lbPage is DescribeLoadBalancers' largest PageSize; listenerPage DescribeLoadBalancerListeners'
	// largest MaxResults.
	lbPage       = 100
	listenerPage = 100
)

// lbID is the shape of a CLB instance ID: letters, digits and hyphens.
var lbID = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9-]{0,63}$`)

// lbRead is a load balancer found, with what the calls after DescribeLoadBalancers need.
type lbRead struct {
	*cloud.LoadBalancer
	// defaultPort is the backend port of each listener that forwards to the default server group.
	defaultPort map[*cloud.Listener]int32
}

// sortIDs sorts the distinct IDs of ids into CLB and NLB instances; any other is recorded as not
// read (an ALB instance) or as not an ID.
func sortIDs(f *cloud.Facts, ids []string) (clbs, nlbs []string) {
	for _, id := range union(ids, nil) {
		switch {
		case !lbID.MatchString(id):
			f.LoadBalancers.Fail(id, &cloud.ReadError{Class: cloud.Failed, Message: fmt.Sprintf("%q is not a load balancer ID", id)})
		case strings.HasPrefix(id, "nlb-"):
			nlbs = append(nlbs, id)
		case strings.HasPrefix(id, "alb-"):
			f.LoadBalancers.Fail(id, &cloud.ReadError{Class: cloud.NotRead, Message: "Application Load Balancer instances are not read"})
		default:
			clbs = append(clbs, id)
		}
	}
	return clbs, nlbs
}

// readLoadBalancers describes the CLB instances ids names, lbBatch at a time, and records each as
// found, missing, or failed. It returns those found, in the order of their IDs.
func (r *Reader) readLoadBalancers(ctx context.Context, p pool, f *cloud.Facts, batch []string) []*lbRead {
	chunks := chunk(batch, lbBatch)
	found := make([][]slb.LoadBalancer, len(chunks))
	errs := make([]*cloud.ReadError, len(chunks))
	p.each(len(chunks), func(c *clients, i int) {
		for page := 1; ; page++ {
			var resp *slb.DescribeLoadBalancersResponse
			errs[i] = r.call(ctx, actDescribeLoadBalancers, func(bound func(requests.AcsRequest)) (err error) {
				q := slb.CreateDescribeLoadBalancersRequest()
				q.LoadBalancerId = strings.Join(chunks[i], ",")
				q.PageNumber = requests.NewInteger(page)
				q.PageSize = requests.NewInteger(lbPage)
				bound(q)
				resp, err = c.slb.DescribeLoadBalancers(q)
				return err
			})
			if errs[i] != nil {
				return
			}
			found[i] = append(found[i], resp.LoadBalancers.LoadBalancer...)
			if len(resp.LoadBalancers.LoadBalancer) == 0 || len(found[i]) >= resp.TotalCount {
				return
			}
		}
	})
	var out []*lbRead
	for i, ch := range chunks {
		if errs[i] != nil {
			for _, id := range ch {
				f.LoadBalancers.Fail(id, errs[i])
			}
			continue
		}
		byID := map[string]slb.LoadBalancer{}
		for _, lb := range found[i] {
			byID[lb.LoadBalancerId] = lb
		}
		for _, id := range ch {
			lb, ok := byID[id]
			if !ok {
				f.LoadBalancers.Missing(id)
				continue
			}
			m := loadBalancer(lb)
			f.LoadBalancers.Put(id, m)
			out = append(out, &lbRead{LoadBalancer: m, defaultPort: map[*cloud.Listener]int32{}})
		}
	}
	return out
}

// loadBalancer maps DescribeLoadBalancers' view of a CLB instance.
func loadBalancer(lb slb.LoadBalancer) *cloud.LoadBalancer {
	m := &cloud.LoadBalancer{
		ID: lb.LoadBalancerId, Name: lb.LoadBalancerName, Product: "slb",
		VpcID: lb.VpcId, SubnetID: lb.VSwitchId, Tags: map[string]string{},
	}
	m.State, m.StateDetail = state(lb.LoadBalancerStatus, lb.BusinessStatus)
	switch strings.ToLower(lb.AddressType) {
	case "internet":
		m.Network = cloud.Public
	case "intranet":
		m.Network = cloud.Internal
	}
	if lb.Address != "" {
		m.Addresses = []string{lb.Address}
	}
	for _, t := range lb.Tags.Tag {
		m.Tags[t.TagKey] = t.TagValue
	}
	if t, err := time.Parse(time.RFC3339, lb.CreateTime); err == nil {
		m.CreatedAt = t
	} else if lb.CreateTimeStamp > 0 {
		m.CreatedAt = time.UnixMilli(lb.CreateTimeStamp).UTC()
	}
	return m
}

// state maps LoadBalancerStatus (active, inactive, locked) and BusinessStatus (Normal; Abnormal or
// FinancialLocked when the instance is locked, as for arrears).
func state(status, business string) (cloud.State, string) {
	switch {
	case strings.EqualFold(status, "locked"):
		return cloud.StateIsolated, "LoadBalancerStatus " + status + businessDetail(business)
	case business != "" && !strings.EqualFold(business, "Normal"):
		return cloud.StateIsolated, "BusinessStatus " + business
	case strings.EqualFold(status, "active"):
		return cloud.StateActive, ""
	case strings.EqualFold(status, "inactive"):
		return cloud.StateStopped, "LoadBalancerStatus " + status
	}
	return cloud.StateUnknown, "LoadBalancerStatus " + status
}

func businessDetail(business string) string {
	if business == "" || strings.EqualFold(business, "Normal") {
		return ""
	}
	return ", BusinessStatus " + business
}

// readListeners lists the listeners of lbs, lbBatch load balancers a call, paged.
func (r *Reader) readListeners(ctx context.Context, p pool, lbs []*lbRead) {
	chunks := chunk(lbs, lbBatch)
	found := make([][]slb.ListenerInDescribeLoadBalancerListeners, len(chunks))
	errs := make([]*cloud.ReadError, len(chunks))
	p.each(len(chunks), func(c *clients, i int) {
		ids := make([]string, len(chunks[i]))
		for j, lb := range chunks[i] {
			ids[j] = lb.ID
		}
		errs[i] = r.pages(ctx, actDescribeLoadBalancerListeners, func(token string, bound func(requests.AcsRequest)) (string, error) {
			q := slb.CreateDescribeLoadBalancerListenersRequest()
			q.LoadBalancerId = &ids
			q.MaxResults = requests.NewInteger(listenerPage)
			q.NextToken = token
			bound(q)
			resp, err := c.slb.DescribeLoadBalancerListeners(q)
			if err != nil {
				return "", err
			}
			found[i] = append(found[i], resp.Listeners...)
			return resp.NextToken, nil
		})
	})
	for i, ch := range chunks {
		byLB := map[string][]slb.ListenerInDescribeLoadBalancerListeners{}
		for _, l := range found[i] {
			byLB[l.LoadBalancerId] = append(byLB[l.LoadBalancerId], l)
		}
		for _, lb := range ch {
			if errs[i] != nil {
				noListeners(lb.LoadBalancer, errs[i])
				continue
			}
			for _, l := range byLB[lb.ID] {
				m := listener(l)
				if m.GroupID == "" {
					lb.defaultPort[m] = int32(l.BackendServerPort)
				}
				lb.Listeners = append(lb.Listeners, m)
			}
			sortListeners(lb.Listeners)
		}
	}
}

// sortListeners orders listeners by protocol and port.
func sortListeners(ls []*cloud.Listener) {
	slices.SortFunc(ls, func(a, b *cloud.Listener) int {
		if c := strings.Compare(a.Protocol, b.Protocol); c != 0 {
			return c
		}
		return int(a.Port - b.Port)
	})
}

// noListeners records that lb's listeners, and so their backends and health, could not be read.
func noListeners(lb *cloud.LoadBalancer, err *cloud.ReadError) {
	for _, part := range []cloud.Part{cloud.PartListeners, cloud.PartBackends, cloud.PartHealth} {
		lb.SetGap(part, err)
	}
}

// listener maps one listener: its settings are in the block of its protocol. A CLB listener has no
// ID of its own; its ID here is PROTOCOL:port.
func listener(l slb.ListenerInDescribeLoadBalancerListeners) *cloud.Listener {
	m := &cloud.Listener{
		Protocol: strings.ToUpper(l.ListenerProtocol), Port: int32(l.ListenerPort),
		Description: l.Description,
	}
	m.ID = m.Protocol + ":" + strconv.Itoa(int(m.Port))
	m.GroupID = l.VServerGroupId
	switch m.Protocol {
	case "TCP":
		c := l.TCPListenerConfig
		m.HealthCheck = layer4Check(c.HealthCheckSwitch, c.HealthCheck, strings.ToUpper(c.HealthCheckType), c.HealthCheckConnectPort,
			c.HealthCheckConnectTimeout, c.HealthCheckInterval, c.HealthyThreshold, c.UnhealthyThreshold)
		if m.HealthCheck.Protocol == "" {
			m.HealthCheck.Protocol = "TCP"
		}
		m.HealthCheck.Path, m.HealthCheck.Domain, m.HealthCheck.HTTPCodes = c.HealthCheckURI, c.HealthCheckDomain, c.HealthCheckHttpCode
	case "UDP":
		c := l.UDPListenerConfig
		m.HealthCheck = layer4Check(c.HealthCheckSwitch, c.HealthCheck, "UDP", c.HealthCheckConnectPort,
			c.HealthCheckConnectTimeout, c.HealthCheckInterval, c.HealthyThreshold, c.UnhealthyThreshold)
	case "HTTP":
		c := l.HTTPListenerConfig
		m.HealthCheck = layer7Check(c.HealthCheck, c.HealthCheckConnectPort, c.HealthCheckTimeout, c.HealthCheckInterval,
			c.HealthyThreshold, c.UnhealthyThreshold, c.HealthCheckURI, c.HealthCheckDomain, c.HealthCheckHttpCode)
	case "HTTPS":
		c := l.HTTPSListenerConfig
		m.HealthCheck = layer7Check(c.HealthCheck, c.HealthCheckConnectPort, c.HealthCheckTimeout, c.HealthCheckInterval,
			c.HealthyThreshold, c.UnhealthyThreshold, c.HealthCheckURI, c.HealthCheckDomain, c.HealthCheckHttpCode)
		if c.ServerCertificateId != "" {
			m.CertificateIDs = []string{c.ServerCertificateId}
		}
	}
	return m
}

// layer4Check: a TCP or UDP listener's check is on unless its switch (HealthCheckSwitch, else
// HealthCheck) says off.
func layer4Check(sw, legacy, proto string, port, timeout, interval, healthy, unhealthy int) *cloud.HealthCheck {
	if sw == "" {
		sw = legacy
	}
	return &cloud.HealthCheck{
		Enabled: !strings.EqualFold(sw, "off"), Protocol: proto, Port: checkPort(port),
		Timeout: int32(timeout), Interval: int32(interval), HealthyThreshold: int32(healthy), UnhealthyThreshold: int32(unhealthy),
	}
}

// layer7Check: an HTTP or HTTPS listener's check is on when HealthCheck says on.
func layer7Check(sw string, port, timeout, interval, healthy, unhealthy int, path, domain, codes string) *cloud.HealthCheck {
	return &cloud.HealthCheck{
		Enabled: strings.EqualFold(sw, "on"), Protocol: "HTTP", Port: checkPort(port), Path: path, Domain: domain, HTTPCodes: codes,
		Timeout: int32(timeout), Interval: int32(interval), HealthyThreshold: int32(healthy), UnhealthyThreshold: int32(unhealthy),
	}
}

// checkPort is the port a check probes; the API's 0 or negative (-520) means the backend's own.
func checkPort(p int) int32 {
	if p <= 0 {
		return 0
	}
	return int32(p)
}

// chunk splits s into slices of at most n.
func chunk[T any](s []T, n int) [][]T {
	var out [][]T
	for len(s) > n {
		out = append(out, s[:n])
		s = s[n:]
	}
	if len(s) > 0 {
		out = append(out, s)
	}
	return out
}
