package serve

import (
	"bytes"
	"net/http"
	"slices"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// Status is what the handler asks the running engine.
type Status interface {
	// Ready is true once the first full sync and diagnosis are done.
	Ready() bool
	// Reports returns the current report of every target.
	Reports() []report.Report
}

// NewRegistry returns a registry with the Go runtime and process collectors, for NewMetrics and
// NewHandler.
func NewRegistry() *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return reg
}

// NewHandler serves /metrics (reg in the Prometheus formats), /healthz (200 while the process
// serves), /readyz (200 once st is ready, else 503) and /report (the current reports as the JSON
// ReportList of `-o json`, ordered as a one-shot run orders them: Services, then Ingresses, each by
// namespace and name).
func NewHandler(reg *prometheus.Registry, st Status) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg}))
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("ok\n"))
	})
	mux.HandleFunc("/readyz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		if !st.Ready() {
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte("not ready: the first sync and diagnosis are not done\n"))
			return
		}
		_, _ = w.Write([]byte("ok\n"))
	})
	mux.HandleFunc("/report", func(w http.ResponseWriter, _ *http.Request) {
		if !st.Ready() {
			http.Error(w, "not ready: the first sync and diagnosis are not done", http.StatusServiceUnavailable)
			return
		}
		var buf bytes.Buffer
		if err := report.Encode(&buf, report.JSON, report.NewList(ordered(st.Reports()))); err != nil {
			http.Error(w, "encoding the report: "+err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(buf.Bytes())
	})
	return mux
}

// ordered returns a copy of reports sorted the way a one-shot run lists targets.
func ordered(reports []report.Report) []report.Report {
	out := slices.Clone(reports)
	slices.SortStableFunc(out, func(a, b report.Report) int { return snapshot.CompareTargets(a.Target, b.Target) })
	return out
}
