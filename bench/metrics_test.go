package bench

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/serve"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// BenchmarkMetricsUpdate measures one target's metrics update (a finding appears or clears) with
// 100 and 7,000 other targets exported: per-target state keeps it independent of the total.
func BenchmarkMetricsUpdate(b *testing.B) {
	build := func(name string, ids ...rules.ID) report.Report {
		res := checks.Result{Target: snapshot.Target{Kind: snapshot.KindIngress, Namespace: "ns", Name: name}, Provider: tkerules.Provider}
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
				m.Update(build(fmt.Sprintf("t%d", i), tkerules.IngressE4011, tkerules.IngressE4051))
			}
			broken := build("changing", tkerules.IngressE4009, tkerules.IngressE4011)
			fixed := build("changing", tkerules.IngressE4011)
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

// BenchmarkMetricsScrape measures one /metrics scrape with 50,000 lbdoctor_findings series (25,000
// targets of two open findings each): through the registry (promhttp, the baseline) and with the
// series streamed (what serve does).
func BenchmarkMetricsScrape(b *testing.B) {
	for _, streamed := range []bool{false, true} {
		b.Run(fmt.Sprintf("streamed=%v", streamed), func(b *testing.B) {
			reg := prometheus.NewRegistry()
			m := serve.NewMetrics(reg)
			for i := range 25000 {
				res := checks.Result{Target: snapshot.Target{Kind: snapshot.KindIngress, Namespace: fmt.Sprintf("ns-%d", i%300), Name: fmt.Sprintf("web-%d", i)}, Provider: tkerules.Provider}
				for _, id := range []rules.ID{tkerules.IngressE4011, tkerules.IngressE4051} {
					res.Findings = append(res.Findings, checks.Finding{Rule: id, Check: "bench", Source: checks.SourceCheck})
				}
				r, err := report.Build(res, snapshot.Live, nil)
				if err != nil {
					b.Fatal(err)
				}
				m.Update(r)
			}
			var o serve.Options
			if streamed {
				o.Findings = m.StreamFindings()
			}
			h := serve.NewHandler(reg, readyStatus{}, o)
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				w := httptest.NewRecorder()
				h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/metrics", nil))
				if w.Code != http.StatusOK {
					b.Fatalf("/metrics = %d", w.Code)
				}
				b.SetBytes(int64(w.Body.Len()))
			}
		})
	}
}

// readyStatus is a serve.Status with no report.
type readyStatus struct{}

func (readyStatus) Ready() bool              { return true }
func (readyStatus) Reports() []report.Report { return nil }
