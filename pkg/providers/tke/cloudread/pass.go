package cloudread

import (
	"cmp"
	"context"
	"net/http"
	"slices"

	clb "github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/clb/v20180317"
	"github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/common"
	vpc "github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/vpc/v20170312"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
)

// pass is one Read: its SDK clients and its caller.
type pass struct {
	r      *Reader
	caller *cloud.Caller
	clb    *clb.Client
	vpc    *vpc.Client
	ssl    *common.Client
}

// Batch sizes, as the reference pages allow.
const (
	// lbBatch: DescribeLoadBalancers takes at most 20 LoadBalancerIds.
	lbBatch = 20
	// lbPage: DescribeLoadBalancers' Limit is at most 100.
	lbPage = 100
	// healthBatch: DescribeTargetHealth states no bound on LoadBalancerIds; 20 is CLB's usual one.
	healthBatch = 20
	// subnetBatch: DescribeSubnets takes at most 100 SubnetIds, and Limit at most 100.
	subnetBatch = 100
)

func (r *Reader) newPass(cred common.CredentialIface, red *redactor, t *http.Transport) (*pass, error) {
	p := &pass{r: r, caller: &cloud.Caller{
		Actions: Actions, Classify: red.classify, Timeout: r.o.Timeout,
		Retries: r.o.Retries, Backoff: r.o.Backoff, Count: r.o.Count,
	}}
	log := r.logger(red)
	var err error
	if p.clb, err = clb.NewClient(cred, r.o.Region, r.clientProfile()); err != nil {
		return nil, err
	}
	if p.vpc, err = vpc.NewClient(cred, r.o.Region, r.clientProfile()); err != nil {
		return nil, err
	}
	// The SSL module of the SDK is not on the Go module proxy; SSL is called through the SDK's
	// common client (common.NewCommonClient with tchttp.NewCommonRequest), which signs with
	// TC3-HMAC-SHA256 and sends exactly as the product clients do.
	p.ssl = common.NewCommonClient(cred, r.o.Region, r.clientProfile())
	for _, c := range []*common.Client{&p.clb.Client, &p.vpc.Client, p.ssl} {
		c.WithLogger(log).WithHttpTransport(t)
	}
	return p, nil
}

// read fills f with what req names, in three rounds: the load balancers, subnets and quotas; then
// each load balancer's listeners, backends and health; then the certificates the request and the
// listeners name.
func (p *pass) read(ctx context.Context, req cloud.Request, f *cloud.Facts) {
	lbIDs := sorted(req.LoadBalancerIDs)
	lbBatches := chunks(lbIDs, lbBatch)
	subnetBatches := chunks(sorted(req.SubnetIDs), subnetBatch)
	lbOut := make([]lbBatchResult, len(lbBatches))
	subnetOut := make([]subnetResult, len(subnetBatches))
	var quotas quotaResult
	tasks := []func(){}
	for i, ids := range lbBatches {
		tasks = append(tasks, func() { lbOut[i] = p.describeLBBatch(ctx, ids) })
	}
	for i, ids := range subnetBatches {
		tasks = append(tasks, func() { subnetOut[i] = p.describeSubnets(ctx, ids) })
	}
	if req.Quotas {
		tasks = append(tasks, func() { quotas = p.describeQuota(ctx) })
	}
	run(tasks, p.r.o.Concurrency)

	found := map[string]*clb.LoadBalancer{}
	for i, res := range lbOut {
		for _, id := range lbBatches[i] {
			e := cmp.Or(res.err, res.failed[id])
			switch lb, ok := res.lbs[id]; {
			case e != nil:
				f.LoadBalancers.Fail(id, e)
				if req.Quotas {
					// Its scoped quotas cannot be counted, for the same reason.
					f.Quotas.Fail(cloud.QuotaKey(QuotaListenersPerLB, id), e)
				}
			case ok:
				found[id] = lb
			default:
				f.LoadBalancers.Missing(id)
			}
		}
	}
	for i, res := range subnetOut {
		res.put(&f.Subnets, subnetBatches[i])
	}

	ids := sortedKeys(found)
	parts := make([]lbParts, len(ids))
	var modern []string
	tasks = tasks[:0]
	for i, id := range ids {
		if classic(found[id]) {
			parts[i].listenersErr = errClassic()
			continue
		}
		modern = append(modern, id)
		tasks = append(tasks,
			func() { parts[i].listeners, parts[i].listenersErr = p.describeListeners(ctx, id) },
			func() { parts[i].targets, parts[i].targetsErr = p.describeTargets(ctx, id) })
	}
	healthBatches := chunks(modern, healthBatch)
	healthOut := make([]healthResult, len(healthBatches))
	for i, b := range healthBatches {
		tasks = append(tasks, func() { healthOut[i] = p.describeTargetHealth(ctx, b) })
	}
	run(tasks, p.r.o.Concurrency)

	health := map[string]healthResult{}
	for i, b := range healthBatches {
		for _, id := range b {
			health[id] = healthOut[i]
		}
	}
	certIDs := sorted(req.CertificateIDs)
	for i, id := range ids {
		lb := assemble(found[id], parts[i], health[id])
		f.LoadBalancers.Put(id, lb)
		for _, l := range lb.Listeners {
			certIDs = append(certIDs, l.CertificateIDs...)
		}
		if req.Quotas {
			putScopedQuotas(&f.Quotas, lb, quotas)
		}
	}
	if req.Quotas {
		quotas.putRegional(&f.Quotas)
	}

	certIDs = sorted(certIDs)
	certs := make([]certResult, len(certIDs))
	tasks = tasks[:0]
	for i, id := range certIDs {
		tasks = append(tasks, func() { certs[i] = p.describeCertificate(ctx, id) })
	}
	run(tasks, p.r.o.Concurrency)
	for i, id := range certIDs {
		certs[i].put(&f.Certificates, id)
	}
}

func run(tasks []func(), workers int) {
	each(len(tasks), workers, func(i int) { tasks[i]() })
}

// sorted is ids without empties and duplicates, sorted.
func sorted(ids []string) []string {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if id != "" {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
