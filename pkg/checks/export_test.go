package checks

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// Unexported parts the external tests of this package reach.

const (
	LabelExcludeLB = labelExcludeLB
	MaxConflicts   = maxConflicts
)

var (
	ListenerOn          = listenerOn
	SliceEndpoints      = sliceEndpoints
	NotLoadBalancer     = notLoadBalancer
	IngressClassAnnPath = ingressClassAnnPath
	UniquePaths         = uniquePaths
)

func (c *Context) EmitEvent(id rules.ID, e snapshot.Event, msg string, byMessage bool) {
	c.emitEvent(id, e, msg, byMessage)
}

func (in Input) AppendRequests(dst []snapshot.Request, c *Context) []snapshot.Request {
	return in.appendRequests(dst, c)
}

func (c *Context) Reset(su *Suite, snap *snapshot.Snapshot, t snapshot.Target, provider rules.Provider) error {
	return c.reset(su, snap, t, provider)
}

func (c *Context) Applies(ch *Check) bool { return c.applies(ch) }

func (c *Context) Missing(ch *Check) error { return c.missing(ch) }

type (
	BackendList = backendList
	HealthFit   = healthFit
)
