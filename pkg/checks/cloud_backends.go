package checks

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// CloudBackends counts the backends of the listeners target t asks for on its load balancer, by
// health (a backend with no health result, or whose health could not be read, is unknown), as the
// snapshot's cloud read of provider p found them. ok is false when there is nothing read to count:
// no cloud read of p, no load balancer, or its listeners or backends not read.
func (su *Suite) CloudBackends(snap *snapshot.Snapshot, t snapshot.Target, p rules.Provider) (counts map[cloud.Health]int, ok bool) {
	f := snap.Clouds[string(p)]
	cl, found := su.Cloud(p)
	if f == nil || !found || cl.Side == nil {
		return nil, false
	}
	c := &Context{}
	if c.reset(su, snap, t, p) != nil {
		return nil, false
	}
	lb, reused, err := cloudListeners(c, cl.Side, f)
	if err != nil || lb == nil || lb.PartErr(cloud.PartBackends) != nil {
		return nil, false
	}
	healthRead := lb.PartErr(cloud.PartHealth) == nil
	counts = map[cloud.Health]int{}
	add := func(bs []*cloud.Backend) {
		for _, b := range bs {
			h := b.Health
			if !healthRead || (h != cloud.Healthy && h != cloud.Unhealthy) {
				h = cloud.HealthUnknown
			}
			counts[h]++
		}
	}
	for _, l := range targetListeners(c, cl.Side, lb, reused) {
		add(l.Backends)
		for _, ru := range l.Rules {
			add(ru.Backends)
		}
	}
	return counts, true
}
