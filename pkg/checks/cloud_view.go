package checks

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// CloudView is what a target asks of its load balancer as its provider's cloud checks (--cloud)
// read it: drawn outputs place the cloud's listeners and backends beside the target's chain with it.
type CloudView struct {
	Provider rules.Provider
	// Rules are the provider's cloud rules, which tell which part of the load balancer a cloud
	// finding is about.
	Rules rules.CloudRules
	// LB is the id of the load balancer the target names, Path the field that names it; both ""
	// when it names none yet.
	LB, Path string
	// Reused is true when the target reuses a load balancer it may share.
	Reused bool
	// Listeners are the listeners the target asks for.
	Listeners []CloudWant

	foreign func(l *cloud.Listener) bool
}

// CloudWant is a listener a target asks for: its port, its protocol ("" any) and the path of the
// field that asks for it, the path the cloud checks' listener findings name.
type CloudWant struct {
	Port     int32
	Protocol string
	Path     string
}

// Foreign reports whether listener l of a reused load balancer is known to be another owner's.
func (v CloudView) Foreign(l *cloud.Listener) bool {
	return v.Reused && v.foreign != nil && v.foreign(l)
}

// CloudView is how provider's cloud checks read target t of snap; false when the provider has no
// cloud checks for the target or they do not apply to it.
func (su *Suite) CloudView(snap *snapshot.Snapshot, t snapshot.Target, provider rules.Provider) (CloudView, bool) {
	cl, ok := su.Cloud(provider)
	if !ok || cl.Side == nil {
		return CloudView{}, false
	}
	c := &Context{}
	if c.reset(su, snap, t, provider) != nil {
		return CloudView{}, false
	}
	applies := false
	for i := range cl.Checks {
		if ch := &cl.Checks[i]; ch.Name == string(provider)+"-cloud-lb" && c.applies(ch) {
			applies = true
			break
		}
	}
	if !applies {
		return CloudView{}, false
	}
	s := cl.Side
	v := CloudView{Provider: provider, Rules: s.Rules}
	v.LB, v.Path, v.Reused = s.LB(c)
	for _, w := range s.Listeners(c) {
		v.Listeners = append(v.Listeners, CloudWant(w))
	}
	if s.Owner != nil {
		v.foreign = func(l *cloud.Listener) bool {
			mine, known := s.Owner(c, l)
			return known && !mine
		}
	}
	return v, true
}
