package engine

import (
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// minCloudTick bounds how often the engine looks for targets whose cloud facts are due.
const minCloudTick = time.Second

// cloudTicker ticks when the engine should look for targets whose cloud facts are due: four times
// per interval of Config.Cloud, so that a load balancer is read again at most a quarter of the
// interval after it is due. Without Config.Cloud it never ticks.
func (e *Engine) cloudTicker() (<-chan time.Time, func()) {
	if e.cfg.Cloud == nil {
		return nil, func() {}
	}
	every := max(e.cfg.Cloud.IntervalOr()/4, minCloudTick)
	t := time.NewTicker(every)
	return t.C, t.Stop
}

// dueCloud marks dirty the targets whose cloud facts are due: the pass reads them again.
func (e *Engine) dueCloud(p *pass) {
	for _, t := range e.cfg.Cloud.Due(func(t snapshot.Target) bool { return e.targets[t] }) {
		p.dirty[t] = true
	}
}

// backends counts the cloud backends of t, diagnosed as rep, by health; nil when none were read.
func (e *Engine) backends(t snapshot.Target, rep report.Report) map[cloud.Health]int {
	counts, ok := suiteOr(e.cfg.Suite).CloudBackends(e.snap, t, rep.Provider.Name)
	if !ok {
		return nil
	}
	return counts
}
