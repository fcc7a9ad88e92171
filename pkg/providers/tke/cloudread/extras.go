package cloudread

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"

	clb "github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/clb/v20180317"
	"github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/common"
	tchttp "github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/common/http"
	vpc "github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/vpc/v20170312"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
)

// Quota names (cloud.Quota.Name) and the DescribeQuota QuotaId each is read from. The region-wide
// ones carry the cloud's own count; the scoped ones are counted from what was read.
const (
	// QuotaOpenLBs: public CLB instances in the region (TOTAL_OPEN_CLB_QUOTA).
	QuotaOpenLBs = "open-lbs"
	// QuotaInternalLBs: private CLB instances in the region (TOTAL_INTERNAL_CLB_QUOTA).
	QuotaInternalLBs = "internal-lbs"
	// QuotaListenersPerLB: listeners of one CLB, scoped by its id (TOTAL_LISTENER_QUOTA).
	QuotaListenersPerLB = "listeners-per-lb"
	// QuotaRulesPerListener: forwarding rules of one listener, scoped by its id (TOTAL_LISTENER_RULE_QUOTA).
	QuotaRulesPerListener = "rules-per-listener"
	// QuotaTargetsPerRule: backends bound to one rule, scoped by the rule's id, or the listener's
	// for a layer-4 listener (TOTAL_TARGET_BIND_QUOTA).
	QuotaTargetsPerRule = "targets-per-rule"
)

var quotaIDs = map[string]string{
	QuotaOpenLBs:          "TOTAL_OPEN_CLB_QUOTA",
	QuotaInternalLBs:      "TOTAL_INTERNAL_CLB_QUOTA",
	QuotaListenersPerLB:   "TOTAL_LISTENER_QUOTA",
	QuotaRulesPerListener: "TOTAL_LISTENER_RULE_QUOTA",
	QuotaTargetsPerRule:   "TOTAL_TARGET_BIND_QUOTA",
}

type quotaResult struct {
	byID map[string]*clb.Quota
	err  *cloud.ReadError
}

func (p *pass) describeQuota(ctx context.Context) quotaResult {
	var resp *clb.DescribeQuotaResponse
	out := quotaResult{}
	if resp, out.err = do(ctx, p, describeQuota, func(ctx context.Context) (*clb.DescribeQuotaResponse, error) {
		return p.clb.DescribeQuotaWithContext(ctx, clb.NewDescribeQuotaRequest())
	}); out.err != nil {
		return out
	}
	out.byID = map[string]*clb.Quota{}
	for _, q := range resp.Response.QuotaSet {
		out.byID[str(q.QuotaId)] = q
	}
	return out
}

// putRegional records the region-wide quotas, or why none could be read.
func (q quotaResult) putRegional(t *cloud.Table[*cloud.Quota]) {
	if q.err != nil {
		t.FailAll(q.err)
		return
	}
	for _, name := range []string{QuotaOpenLBs, QuotaInternalLBs} {
		raw, ok := q.byID[quotaIDs[name]]
		if !ok {
			t.Missing(name)
			continue
		}
		t.Put(name, &cloud.Quota{Name: name, VendorName: quotaIDs[name], Used: i64(raw.QuotaCurrent), Limit: i64(raw.QuotaLimit)})
	}
}

// putScopedQuotas records lb's per-instance, per-listener and per-rule quotas, counted from what
// was read of it, or why they could not be counted.
func putScopedQuotas(t *cloud.Table[*cloud.Quota], lb *cloud.LoadBalancer, q quotaResult) {
	if q.err != nil {
		return
	}
	put := func(name, scope string, used int) {
		if raw, ok := q.byID[quotaIDs[name]]; ok {
			t.Put(cloud.QuotaKey(name, scope), &cloud.Quota{Name: name, VendorName: quotaIDs[name], Scope: scope, Used: int64(used), Limit: i64(raw.QuotaLimit)})
		}
	}
	if e := lb.Gaps[cloud.PartListeners]; e != nil {
		t.Fail(cloud.QuotaKey(QuotaListenersPerLB, lb.ID), e)
		return
	}
	put(QuotaListenersPerLB, lb.ID, len(lb.Listeners))
	backendsErr := lb.Gaps[cloud.PartBackends]
	for _, l := range lb.Listeners {
		if layer7(l.Protocol) {
			put(QuotaRulesPerListener, l.ID, len(l.Rules))
			for _, r := range l.Rules {
				if backendsErr != nil {
					t.Fail(cloud.QuotaKey(QuotaTargetsPerRule, r.ID), backendsErr)
				} else {
					put(QuotaTargetsPerRule, r.ID, len(r.Backends))
				}
			}
			continue
		}
		if backendsErr != nil {
			t.Fail(cloud.QuotaKey(QuotaTargetsPerRule, l.ID), backendsErr)
		} else {
			put(QuotaTargetsPerRule, l.ID, len(l.Backends))
		}
	}
}

func layer7(protocol string) bool { return protocol == "HTTP" || protocol == "HTTPS" }

type subnetResult struct {
	subnets map[string]*vpc.Subnet
	missing map[string]bool
	failed  map[string]*cloud.ReadError
}

// describeSubnets reads up to subnetBatch subnets. The API answers ResourceNotFound for the whole
// request when one id does not exist; the ids are then read one by one to tell which.
func (p *pass) describeSubnets(ctx context.Context, ids []string) subnetResult {
	out := subnetResult{subnets: map[string]*vpc.Subnet{}, missing: map[string]bool{}, failed: map[string]*cloud.ReadError{}}
	set, e := p.subnets(ctx, ids)
	switch {
	case e == nil:
		for _, s := range set {
			out.subnets[str(s.SubnetId)] = s
		}
	case notFound(e) && len(ids) > 1:
		for _, id := range ids {
			one := p.describeSubnets(ctx, []string{id})
			for k, v := range one.subnets {
				out.subnets[k] = v
			}
			for k := range one.missing {
				out.missing[k] = true
			}
			for k, v := range one.failed {
				out.failed[k] = v
			}
		}
	case notFound(e):
		out.missing[ids[0]] = true
	default:
		for _, id := range ids {
			out.failed[id] = e
		}
	}
	return out
}

func (p *pass) subnets(ctx context.Context, ids []string) ([]*vpc.Subnet, *cloud.ReadError) {
	req := vpc.NewDescribeSubnetsRequest()
	req.SubnetIds = common.StringPtrs(ids)
	req.Limit = common.StringPtr(strconv.Itoa(subnetBatch))
	resp, e := do(ctx, p, describeSubnets, func(ctx context.Context) (*vpc.DescribeSubnetsResponse, error) {
		return p.vpc.DescribeSubnetsWithContext(ctx, req)
	})
	if e != nil {
		return nil, e
	}
	return resp.Response.SubnetSet, nil
}

func (s subnetResult) put(t *cloud.Table[*cloud.Subnet], ids []string) {
	for _, id := range ids {
		if e, ok := s.failed[id]; ok {
			t.Fail(id, e)
			continue
		}
		raw, ok := s.subnets[id]
		if !ok {
			t.Missing(id)
			continue
		}
		t.Put(id, &cloud.Subnet{ID: id, VpcID: str(raw.VpcId), Zone: str(raw.Zone), CIDR: str(raw.CidrBlock), AvailableIPs: int64(u64(raw.AvailableIpAddressCount))})
	}
}

// notFound reports whether e is the cloud's answer that the resource does not exist (a failure
// whose code is ResourceNotFound or a product's …NotFound, never an authentication code).
func notFound(e *cloud.ReadError) bool {
	if e == nil || e.Class != cloud.Failed {
		return false
	}
	return e.Code == "ResourceNotFound" || strings.HasPrefix(e.Code, "ResourceNotFound.") || strings.HasSuffix(e.Code, "NotFound")
}

type certResult struct {
	cert *cloud.Certificate
	err  *cloud.ReadError
}

// certMetadata is the part of DescribeCertificate's answer the reader keeps; JSON decoding drops
// every other field.
type certMetadata struct {
	Response struct {
		CertificateID  string   `json:"CertificateId"`
		Domain         string   `json:"Domain"`
		Alias          string   `json:"Alias"`
		SubjectAltName []string `json:"SubjectAltName"`
		CertBeginTime  string   `json:"CertBeginTime"`
		CertEndTime    string   `json:"CertEndTime"`
		Status         *uint64  `json:"Status"`
	} `json:"Response"`
}

// certStatus are DescribeCertificate's Status values, as its reference page lists them.
var certStatus = []string{"reviewing", "approved", "unapproved", "expired", "dns-record-added",
	"pending-submission", "canceling", "canceled", "pending-confirmation-letter", "revoking", "revoked",
	"reissuing", "pending-revocation-letter"}

func (p *pass) describeCertificate(ctx context.Context, id string) certResult {
	resp := tchttp.NewCommonResponse()
	e := p.call(ctx, describeCertificate, func(ctx context.Context) error {
		req := tchttp.NewCommonRequest(describeCertificate.Product, describeCertificate.Version, describeCertificate.Name)
		if err := req.SetActionParameters(map[string]any{"CertificateId": id}); err != nil {
			return err
		}
		req.SetContext(ctx)
		return p.ssl.Send(req, resp)
	})
	if e != nil {
		return certResult{err: e}
	}
	var m certMetadata
	if err := json.Unmarshal(resp.GetBody(), &m); err != nil {
		return certResult{err: &cloud.ReadError{Action: describeCertificate, Class: cloud.Failed, Message: "the answer is not the documented JSON"}}
	}
	r := m.Response
	c := &cloud.Certificate{ID: id, Name: r.Alias, CommonName: r.Domain, SANs: r.SubjectAltName,
		NotBefore: parseTime(r.CertBeginTime), NotAfter: parseTime(r.CertEndTime)}
	if r.Status != nil {
		c.Status = strconv.FormatUint(*r.Status, 10)
		if *r.Status < uint64(len(certStatus)) {
			c.Status = certStatus[*r.Status]
		}
	}
	return certResult{cert: c}
}

func (c certResult) put(t *cloud.Table[*cloud.Certificate], id string) {
	switch {
	case notFound(c.err):
		t.Missing(id)
	case c.err != nil:
		t.Fail(id, c.err)
	default:
		t.Put(id, c.cert)
	}
}
