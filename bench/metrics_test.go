package bench

import (
	"fmt"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/serve"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// BenchmarkMetricsUpdate measures one target's metrics update (a finding appears or clears) with
// 100 and 7,000 other targets exported: per-target state keeps it independent of the total.
func BenchmarkMetricsUpdate(b *testing.B) {
	build := func(name string, ids ...rules.ID) report.Report {
		res := checks.Result{Target: snapshot.Target{Kind: snapshot.KindIngress, Namespace: "ns", Name: name}, Provider: rules.TKE}
		for _, id := range ids {
			res.Findings = append(res.Findings, checks.Finding{Rule: id, Check: "bench", Source: checks.SourceCheck})
		}
		r, err := report.Build(res, snapshot.Live, nil)
		if err != nil {
			b.Fatal(err)
		}
		return r
	}
	for _, others := range []int{100, 7000} {
		b.Run(fmt.Sprintf("targets=%d", others), func(b *testing.B) {
			m := serve.NewMetrics(prometheus.NewRegistry())
			for i := range others {
				m.Update(build(fmt.Sprintf("t%d", i), rules.TKEIngressE4011, rules.TKEIngressE4051))
			}
			broken := build("changing", rules.TKEIngressE4009, rules.TKEIngressE4011)
			fixed := build("changing", rules.TKEIngressE4011)
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				if i%2 == 0 {
					m.Update(broken)
				} else {
					m.Update(fixed)
				}
			}
		})
	}
}
