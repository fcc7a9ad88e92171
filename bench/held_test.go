package bench

import (
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/diagnose"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
)

// BenchmarkHeldReports is the heap serve keeps per target for its last report: the full reports
// diagnose.Target returns, against the same reports held by report.Hold (as engine.Engine keeps
// them), over the synthetic cluster's targets (BENCH_SCALE, default 7,000 targets). Each is the
// heap retained once collected, measured in the same run; the words both keep (a finding's facts)
// count in both. Reported per report: full-B/report, held-B/report and their ratio held/full.
//
//	go test -run '^$' -bench HeldReports -benchtime 1x ./bench/
func BenchmarkHeldReports(b *testing.B) {
	f := benchFixture(b)
	diagnosed := func(keep func(i int, r report.Report)) {
		f.snap.ForgetDerived()
		for i, t := range f.targets {
			r, err := diagnose.Target(f.snap, t, diagnose.Options{})
			if err != nil {
				b.Fatal(err)
			}
			keep(i, r)
		}
		f.snap.ForgetDerived()
	}
	// A first pass, not measured: what loading the fixture derived is forgotten, and what the first
	// diagnosis initialises once is made, before either measure.
	diagnosed(func(int, report.Report) {})
	var full, held uint64
	for b.Loop() {
		full = retained(func() any {
			rs := make([]report.Report, len(f.targets))
			diagnosed(func(i int, r report.Report) { rs[i] = r })
			return rs
		})
		held = retained(func() any {
			hs := make([]*report.Held, len(f.targets))
			diagnosed(func(i int, r report.Report) { hs[i] = report.Hold(r) })
			return hs
		})
	}
	n := float64(len(f.targets))
	b.ReportMetric(float64(full)/n, "full-B/report")
	b.ReportMetric(float64(held)/n, "held-B/report")
	b.ReportMetric(float64(held)/float64(full), "held/full")
}
