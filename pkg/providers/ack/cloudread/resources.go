package cloudread

import (
	"context"
	"time"

	"github.com/aliyun/alibaba-cloud-sdk-go/sdk/requests"
	"github.com/aliyun/alibaba-cloud-sdk-go/services/quotas"
	"github.com/aliyun/alibaba-cloud-sdk-go/services/slb"
	"github.com/aliyun/alibaba-cloud-sdk-go/services/vpc"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
)

// readCertificates reads the metadata of the server certificates ids names: one
// DescribeServerCertificates lists the region's, never a certificate's body or key.
func (r *Reader) readCertificates(ctx context.Context, p pool, f *cloud.Facts, ids []string) {
	if len(ids) == 0 {
		return
	}
	var list []slb.ServerCertificate
	var re *cloud.ReadError
	p.each(1, func(c *clients, _ int) {
		re = r.call(ctx, actDescribeServerCertificates, func(bound func(requests.AcsRequest)) error {
			q := slb.CreateDescribeServerCertificatesRequest()
			bound(q)
			resp, err := c.slb.DescribeServerCertificates(q)
			if err == nil {
				list = resp.ServerCertificates.ServerCertificate
			}
			return err
		})
	})
	byID := map[string]slb.ServerCertificate{}
	for _, c := range list {
		byID[c.ServerCertificateId] = c
	}
	for _, id := range ids {
		c, ok := byID[id]
		switch {
		case re != nil:
			f.Certificates.Fail(id, re)
		case !ok:
			f.Certificates.Missing(id)
		default:
			m := &cloud.Certificate{ID: id, Name: c.ServerCertificateName, CommonName: c.CommonName, SANs: c.SubjectAlternativeNames.SubjectAlternativeName}
			if t, err := time.Parse(time.RFC3339, c.ExpireTime); err == nil {
				m.NotAfter = t
			} else if c.ExpireTimeStamp > 0 {
				m.NotAfter = time.UnixMilli(c.ExpireTimeStamp).UTC()
			}
			f.Certificates.Put(id, m)
		}
	}
}

// readVSwitches reads each vSwitch ids names with DescribeVSwitches, for its free addresses.
func (r *Reader) readVSwitches(ctx context.Context, p pool, f *cloud.Facts, ids []string) {
	found := make([]*vpc.VSwitch, len(ids))
	errs := make([]*cloud.ReadError, len(ids))
	p.each(len(ids), func(c *clients, i int) {
		errs[i] = r.call(ctx, actDescribeVSwitches, func(bound func(requests.AcsRequest)) error {
			q := vpc.CreateDescribeVSwitchesRequest()
			q.VSwitchId = ids[i]
			bound(q)
			resp, err := c.vpc.DescribeVSwitches(q)
			if err == nil {
				for j, v := range resp.VSwitches.VSwitch {
					if v.VSwitchId == ids[i] {
						found[i] = &resp.VSwitches.VSwitch[j]
					}
				}
			}
			return err
		})
	})
	for i, id := range ids {
		switch v := found[i]; {
		case errs[i] != nil:
			f.Subnets.Fail(id, errs[i])
		case v == nil:
			f.Subnets.Missing(id)
		default:
			f.Subnets.Put(id, &cloud.Subnet{ID: id, VpcID: v.VpcId, Zone: v.ZoneId, CIDR: v.CidrBlock, AvailableIPs: v.AvailableIpAddressCount})
		}
	}
}

// Quota names, and the Quota Center quota (product slb) each is read from.
const (
	QuotaLoadBalancers  = "load-balancers"
	QuotaCertificates   = "certificates"
	QuotaListenersPerLB = "listeners-per-lb"
	QuotaBackendsPerLB  = "backends-per-lb"
)

// slbQuotas maps Quota Center quota IDs of product slb to quota names; perLB quotas have their
// usage counted on each load balancer read.
var slbQuotas = []struct {
	code, name string
	perLB      bool
}{
	{"slb_quota_instances_num", QuotaLoadBalancers, false},
	{"slb_quota_certs_num", QuotaCertificates, false},
	{"slb_quota_listeners_num", QuotaListenersPerLB, true},
	{"slb_quota_backendservers_num", QuotaBackendsPerLB, true},
}

// readQuotas reads the region's SLB quotas from Quota Center (ListProductQuotas, product slb,
// dimension regionId), paged. A region-wide quota's usage is Quota Center's; a per-load-balancer
// quota's usage is counted on each load balancer whose part it counts was read.
func (r *Reader) readQuotas(ctx context.Context, p pool, f *cloud.Facts, lbs []*lbRead) {
	var all []quotas.QuotasItemInListProductQuotas
	var re *cloud.ReadError
	p.each(1, func(c *clients, _ int) {
		re = r.pages(ctx, actListProductQuotas, func(token string, bound func(requests.AcsRequest)) (string, error) {
			q := quotas.CreateListProductQuotasRequest()
			q.ProductCode = "slb"
			q.Dimensions = &[]quotas.ListProductQuotasDimensions{{Key: "regionId", Value: r.region}}
			q.MaxResults = requests.NewInteger(100)
			q.NextToken = token
			bound(q)
			resp, err := c.quotas.ListProductQuotas(q)
			if err != nil {
				return "", err
			}
			all = append(all, resp.Quotas...)
			return resp.NextToken, nil
		})
	})
	if re != nil {
		f.Quotas.FailAll(re)
		return
	}
	for _, sq := range slbQuotas {
		for _, q := range all {
			if q.QuotaActionCode != sq.code {
				continue
			}
			if !sq.perLB {
				f.Quotas.Put(sq.name, &cloud.Quota{Name: sq.name, VendorName: sq.code, Used: int64(q.TotalUsage), Limit: int64(q.TotalQuota)})
				continue
			}
			for _, lb := range lbs {
				used, ok := perLBUsage(lb, sq.name)
				if ok {
					f.Quotas.Put(cloud.QuotaKey(sq.name, lb.ID), &cloud.Quota{Name: sq.name, VendorName: sq.code, Scope: lb.ID, Used: used, Limit: int64(q.TotalQuota)})
				}
			}
		}
	}
}

// perLBUsage is lb's usage of a per-load-balancer quota: its listeners, or its distinct backend
// servers; false when the part it counts was not read.
func perLBUsage(lb *lbRead, name string) (int64, bool) {
	switch name {
	case QuotaListenersPerLB:
		return int64(len(lb.Listeners)), lb.Gap(cloud.PartListeners) == nil
	case QuotaBackendsPerLB:
		seen := map[string]bool{}
		for _, l := range lb.Listeners {
			for _, b := range l.Backends {
				seen[b.InstanceID+"/"+b.IP] = true
			}
		}
		return int64(len(seen)), lb.Gap(cloud.PartBackends) == nil && lb.Gap(cloud.PartListeners) == nil
	}
	return 0, false
}

// certificateIDs are the certificates the HTTPS listeners of lbs serve.
func certificateIDs(lbs []*lbRead) []string {
	var out []string
	for _, lb := range lbs {
		for _, l := range lb.Listeners {
			out = append(out, l.CertificateIDs...)
		}
	}
	return out
}

// vSwitchIDs are the vSwitches lbs take their addresses from.
func vSwitchIDs(lbs []*lbRead) []string {
	var out []string
	for _, lb := range lbs {
		out = append(out, lb.SubnetID)
	}
	return out
}
