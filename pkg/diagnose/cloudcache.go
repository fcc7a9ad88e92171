package diagnose

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// DefaultCloudInterval is the least time between two reads of one load balancer by a CloudCache
// unless its Interval says otherwise.
const DefaultCloudInterval = 5 * time.Minute

// CloudCache is the cloud read of a diagnosis that runs on (serve --cloud, --watch --cloud): each
// load balancer, certificate and subnet is read at most once per Interval, and a diagnosis between
// two reads uses the facts of the last one. The region's quotas are read with the load balancers.
// What could not be read is cached as well: a refused action is not asked again before Interval.
type CloudCache struct {
	Cloud
	// Interval is the least time between two reads of one item (DefaultCloudInterval when zero).
	Interval time.Duration
	// Now is the clock (time.Now when nil).
	Now func() time.Time

	mu     sync.Mutex
	clouds map[rules.Provider]*cachedCloud
	// targets hold, per target, when the oldest item its last diagnosis used was read.
	targets map[snapshot.Target]time.Time
}

// cached is one item of a cache, or why it could not be read, and when it was read.
type cached[T any] struct {
	v   T
	err error
	at  time.Time
}

// cachedCloud is what a CloudCache holds of one provider's cloud, in one region.
type cachedCloud struct {
	region, endpoint string
	lbs              map[string]cached[*cloud.LoadBalancer]
	// scoped are the quotas scoped to each load balancer (its own, its listeners', its rules'),
	// counted from its read.
	scoped  map[string][]*cloud.Quota
	certs   map[string]cached[*cloud.Certificate]
	subnets map[string]cached[*cloud.Subnet]
	// regional are the region-wide quotas (v), when quotasRead.
	regional   cached[[]*cloud.Quota]
	quotasRead bool
}

func newCachedCloud(region string) *cachedCloud {
	return &cachedCloud{region: region, lbs: map[string]cached[*cloud.LoadBalancer]{}, scoped: map[string][]*cloud.Quota{},
		certs: map[string]cached[*cloud.Certificate]{}, subnets: map[string]cached[*cloud.Subnet]{}}
}

// IntervalOr is Interval, or DefaultCloudInterval when it is not positive.
func (cc *CloudCache) IntervalOr() time.Duration {
	if cc.Interval <= 0 {
		return DefaultCloudInterval
	}
	return cc.Interval
}

func (cc *CloudCache) now() time.Time {
	if cc.Now != nil {
		return cc.Now()
	}
	return time.Now()
}

// Read puts the cloud facts of targets into snap.Clouds as Cloud.Read does, reading from the clouds
// only the items that are not cached or were read Interval ago or more.
func (cc *CloudCache) Read(ctx context.Context, snap *snapshot.Snapshot, targets []snapshot.Target, suite *checks.Suite, provider rules.Provider) {
	if suite == nil {
		suite = providers.Suite()
	}
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if cc.clouds == nil {
		cc.clouds, cc.targets = map[rules.Provider]*cachedCloud{}, map[snapshot.Target]time.Time{}
	}
	now := cc.now()
	snap.Clouds = map[string]*cloud.Facts{}
	reqs := map[rules.Provider]cloud.Request{}
	type use struct {
		p   rules.Provider
		req cloud.Request
	}
	uses := make(map[snapshot.Target]use, len(targets))
	for _, t := range targets {
		for p, req := range suite.CloudRequests(snap, []snapshot.Target{t}, provider) {
			if _, ok := CloudReaders()[p]; !ok {
				continue
			}
			uses[t] = use{p, req}
			all := reqs[p]
			for _, id := range req.LoadBalancerIDs {
				all.LoadBalancerIDs = addNew(all.LoadBalancerIDs, id)
			}
			for _, id := range req.CertificateIDs {
				all.CertificateIDs = addNew(all.CertificateIDs, id)
			}
			for _, id := range req.SubnetIDs {
				all.SubnetIDs = addNew(all.SubnetIDs, id)
			}
			all.Quotas = all.Quotas || req.Quotas
			reqs[p] = all
		}
	}
	nodes, _ := snap.Nodes.List("")
	for p, req := range reqs {
		c := cc.clouds[p]
		if region := cc.region(p, nodes); c == nil || c.region != region {
			c = newCachedCloud(region)
			cc.clouds[p] = c
		}
		cc.refresh(ctx, p, c, req, now)
		snap.Clouds[string(p)] = c.facts(p, req, now)
	}
	for _, t := range targets {
		u, ok := uses[t]
		if !ok {
			delete(cc.targets, t)
			continue
		}
		if oldest, ok := cc.clouds[u.p].oldest(u.req); ok {
			cc.targets[t] = oldest
		} else {
			delete(cc.targets, t)
		}
	}
}

// Due returns the targets whose last diagnosis used a cloud item read Interval ago or more: their
// next diagnosis reads it again. It forgets the targets keep rejects (gone from the scope).
func (cc *CloudCache) Due(keep func(snapshot.Target) bool) []snapshot.Target {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	now, iv := cc.now(), cc.IntervalOr()
	var out []snapshot.Target
	for t, at := range cc.targets {
		switch {
		case !keep(t):
			delete(cc.targets, t)
		case now.Sub(at) >= iv:
			out = append(out, t)
		}
	}
	return out
}

// refresh evicts the items of c read Interval ago or more, then reads from provider p's cloud those
// of req that c does not hold, in one read.
func (cc *CloudCache) refresh(ctx context.Context, p rules.Provider, c *cachedCloud, req cloud.Request, now time.Time) {
	iv := cc.IntervalOr()
	old := func(at time.Time) bool { return now.Sub(at) >= iv }
	for id, e := range c.lbs {
		if old(e.at) {
			delete(c.lbs, id)
			delete(c.scoped, id)
		}
	}
	evict(c.certs, old)
	evict(c.subnets, old)
	if c.quotasRead && old(c.regional.at) {
		c.quotasRead, c.regional = false, cached[[]*cloud.Quota]{}
	}
	var stale cloud.Request
	for _, id := range req.LoadBalancerIDs {
		if _, ok := c.lbs[id]; !ok {
			stale.LoadBalancerIDs = append(stale.LoadBalancerIDs, id)
		}
	}
	for _, id := range req.CertificateIDs {
		if _, ok := c.certs[id]; !ok {
			stale.CertificateIDs = append(stale.CertificateIDs, id)
		}
	}
	for _, id := range req.SubnetIDs {
		if _, ok := c.subnets[id]; !ok {
			stale.SubnetIDs = append(stale.SubnetIDs, id)
		}
	}
	// The per-load-balancer quotas are counted from the load balancers read with the region's.
	stale.Quotas = req.Quotas && (len(stale.LoadBalancerIDs) > 0 || !c.quotasRead)
	if len(stale.LoadBalancerIDs) == 0 && len(stale.CertificateIDs) == 0 && len(stale.SubnetIDs) == 0 && !stale.Quotas {
		return
	}
	f := cc.readProvider(ctx, p, c.region, stale)
	c.endpoint = f.Endpoint
	for _, id := range stale.LoadBalancerIDs {
		lb, err := f.LoadBalancers.Get(id)
		c.lbs[id] = cached[*cloud.LoadBalancer]{lb, err, now}
		if lb != nil && stale.Quotas {
			c.scoped[id] = scopedQuotas(&f.Quotas, lb)
		}
	}
	for _, id := range stale.CertificateIDs {
		v, err := f.Certificates.Get(id)
		c.certs[id] = cached[*cloud.Certificate]{v, err, now}
	}
	for _, id := range stale.SubnetIDs {
		v, err := f.Subnets.Get(id)
		c.subnets[id] = cached[*cloud.Subnet]{v, err, now}
	}
	if stale.Quotas {
		var regional []*cloud.Quota
		for _, key := range f.Quotas.IDs() {
			if q, _ := f.Quotas.Get(key); q != nil && q.Scope == "" {
				regional = append(regional, q)
			}
		}
		c.regional, c.quotasRead = cached[[]*cloud.Quota]{regional, f.Quotas.Err(), now}, true
	}
}

func evict[T any](m map[string]cached[T], old func(time.Time) bool) {
	for id, e := range m {
		if old(e.at) {
			delete(m, id)
		}
	}
}

// scopedQuotas are the quotas of t scoped to lb, its listeners or their rules.
func scopedQuotas(t *cloud.Table[*cloud.Quota], lb *cloud.LoadBalancer) []*cloud.Quota {
	scopes := map[string]bool{lb.ID: true}
	for _, l := range lb.Listeners {
		scopes[l.ID] = true
		for _, r := range l.Rules {
			scopes[r.ID] = true
		}
	}
	var out []*cloud.Quota
	for _, key := range t.IDs() {
		if q, _ := t.Get(key); q != nil && q.Scope != "" && scopes[q.Scope] {
			out = append(out, q)
		}
	}
	return out
}

// facts are the cached facts of what req names, read at now for the checks' clock.
func (c *cachedCloud) facts(p rules.Provider, req cloud.Request, now time.Time) *cloud.Facts {
	f := &cloud.Facts{Provider: string(p), Region: c.region, Endpoint: c.endpoint, ReadAt: now}
	for _, id := range req.LoadBalancerIDs {
		put(&f.LoadBalancers, id, c.lbs[id])
		if req.Quotas {
			for _, q := range c.scoped[id] {
				f.Quotas.Put(cloud.QuotaKey(q.Name, q.Scope), q)
			}
		}
	}
	for _, id := range req.CertificateIDs {
		put(&f.Certificates, id, c.certs[id])
	}
	for _, id := range req.SubnetIDs {
		put(&f.Subnets, id, c.subnets[id])
	}
	if req.Quotas && c.quotasRead {
		if re := (*cloud.ReadError)(nil); errors.As(c.regional.err, &re) {
			f.Quotas.FailAll(re)
		}
		for _, q := range c.regional.v {
			f.Quotas.Put(q.Name, q)
		}
	}
	return f
}

// put records e in t under id: the item, its absence, or why it could not be read.
func put[T any](t *cloud.Table[T], id string, e cached[T]) {
	var re *cloud.ReadError
	switch {
	case e.err == nil:
		t.Put(id, e.v)
	case errors.Is(e.err, cloud.ErrNotFound):
		t.Missing(id)
	case errors.As(e.err, &re):
		t.Fail(id, re)
	default:
		t.Fail(id, &cloud.ReadError{Class: cloud.Failed, Message: e.err.Error()})
	}
}

// oldest is when the oldest item of req that c holds was read; false when c holds none.
func (c *cachedCloud) oldest(req cloud.Request) (time.Time, bool) {
	var out time.Time
	seen := false
	see := func(at time.Time, ok bool) {
		if ok && (!seen || at.Before(out)) {
			out, seen = at, true
		}
	}
	for _, id := range req.LoadBalancerIDs {
		e, ok := c.lbs[id]
		see(e.at, ok)
	}
	for _, id := range req.CertificateIDs {
		e, ok := c.certs[id]
		see(e.at, ok)
	}
	for _, id := range req.SubnetIDs {
		e, ok := c.subnets[id]
		see(e.at, ok)
	}
	return out, seen
}

func addNew(s []string, v string) []string {
	for _, x := range s {
		if x == v {
			return s
		}
	}
	return append(s, v)
}
