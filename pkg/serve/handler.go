package serve

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/prometheus/common/expfmt"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
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

// Options are the choices of NewHandler.
type Options struct {
	// Report serves /report. It is off by default: the report names every object with a finding
	// and its addresses, more than the metrics say (docs/threat-model.md).
	Report bool
	// Lang is the language of /report's titles, fixes and risks (report.Localize).
	Lang words.Lang
	// StaleAfter, when positive, is how long OutOfSync may last before /readyz answers 503: the
	// metrics and /report then keep the last diagnosis, which no longer follows the cluster.
	StaleAfter time.Duration
	// OutOfSync says how long some informer has been out of sync (Metrics.OutOfSyncFor); nil: never.
	OutOfSync func() time.Duration
	// Findings, when set, writes lbdoctor_findings after the registry's metrics
	// (Metrics.StreamFindings): /metrics is then served in the text format only.
	Findings func(io.Writer) error
}

// StaleAfterFlag is the serve flag that sets Options.StaleAfter; DefaultStaleAfter is its default.
const (
	StaleAfterFlag    = "stale-after"
	DefaultStaleAfter = 2 * time.Minute
)

// ReportFlag is the serve flag that turns Options.Report on.
const ReportFlag = "serve-report"

// NewHandler serves /metrics (reg in the Prometheus formats; with o.Findings, reg and then the
// findings in the text format), /healthz (200 while the process serves), /readyz (200 once st is
// ready, else 503; 503 again while o.OutOfSync has lasted o.StaleAfter or longer) and, when
// o.Report is set, /report (the current reports as the JSON ReportList of `-o json`, ordered as a
// one-shot run orders them: Services, then Ingresses, each by namespace and name); without it
// /report answers 404 and says how to turn it on.
func NewHandler(reg *prometheus.Registry, st Status, o Options) http.Handler {
	mux := http.NewServeMux()
	if o.Findings != nil {
		mux.Handle("/metrics", textMetrics(reg, o.Findings))
	} else {
		mux.Handle("/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg}))
	}
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
		if d := outOfSync(o); o.StaleAfter > 0 && d >= o.StaleAfter {
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = fmt.Fprintf(w, "not ready: an informer has been out of sync with the API server for %s (--%s=%s); the metrics hold the last diagnosis\n",
				d.Truncate(time.Second), StaleAfterFlag, o.StaleAfter)
			return
		}
		_, _ = w.Write([]byte("ok\n"))
	})
	mux.HandleFunc("/report", func(w http.ResponseWriter, _ *http.Request) {
		if !o.Report {
			http.Error(w, "/report is not served: start serve with --"+ReportFlag+" to serve every finding of the cluster here", http.StatusNotFound)
			return
		}
		if !st.Ready() {
			http.Error(w, "not ready: the first sync and diagnosis are not done", http.StatusServiceUnavailable)
			return
		}
		var buf bytes.Buffer
		if err := report.Encode(&buf, report.JSON, report.NewList(report.LocalizeAll(ordered(st.Reports()), o.Lang))); err != nil {
			http.Error(w, "encoding the report: "+err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(buf.Bytes())
	})
	return mux
}

// outOfSync is o.OutOfSync(), 0 when unset.
func outOfSync(o Options) time.Duration {
	if o.OutOfSync == nil {
		return 0
	}
	return o.OutOfSync()
}

// ordered returns a copy of reports sorted the way a one-shot run lists targets.
func ordered(reports []report.Report) []report.Report {
	out := slices.Clone(reports)
	slices.SortStableFunc(out, func(a, b report.Report) int { return snapshot.CompareTargets(a.Target, b.Target) })
	return out
}

// DefaultPort is the port serve listens on unless --metrics-bind-address says otherwise.
const DefaultPort = "8080"

// DefaultBindAddress is where serve listens unless --metrics-bind-address says otherwise: inside a
// cluster every interface (":8080", the pod's address, which its Service and Prometheus reach and
// deploy/serve.yaml's NetworkPolicy guards), elsewhere the loopback interface only
// ("127.0.0.1:8080"), so that running it on a workstation does not open the findings to the
// network.
func DefaultBindAddress(inCluster bool) string {
	if inCluster {
		return ":" + DefaultPort
	}
	return "127.0.0.1:" + DefaultPort
}

// InCluster reports whether the process runs in a Kubernetes pod, from the variables the kubelet
// sets in every container (KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT, as client-go's
// in-cluster configuration reads them).
func InCluster(getenv func(string) string) bool {
	return getenv("KUBERNETES_SERVICE_HOST") != "" && getenv("KUBERNETES_SERVICE_PORT") != ""
}

// gzipWriters are the reusable compressors of textMetrics.
var gzipWriters = sync.Pool{New: func() any { return gzip.NewWriter(io.Discard) }}

// textMetrics serves reg's metrics and then those findings writes, in the Prometheus text format
// (0.0.4), gzip-compressed when the scraper accepts it (Prometheus does).
func textMetrics(reg prometheus.Gatherer, findings func(io.Writer) error) http.Handler {
	format := expfmt.NewFormat(expfmt.TypeTextPlain)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mfs, err := reg.Gather()
		if err != nil {
			http.Error(w, "gathering the metrics: "+err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", string(format))
		var out io.Writer = w
		if gzipAccepted(r.Header.Get("Accept-Encoding")) {
			w.Header().Set("Content-Encoding", "gzip")
			gz := gzipWriters.Get().(*gzip.Writer)
			gz.Reset(w)
			defer func() {
				_ = gz.Close()
				gzipWriters.Put(gz)
			}()
			out = gz
		}
		enc := expfmt.NewEncoder(out, format)
		for _, mf := range mfs {
			if err := enc.Encode(mf); err != nil {
				return // the client went away; the status is sent
			}
		}
		_ = findings(out)
	})
}

// gzipAccepted reports whether an Accept-Encoding header value allows gzip.
func gzipAccepted(accept string) bool {
	for _, part := range strings.Split(accept, ",") {
		coding, params, _ := strings.Cut(part, ";")
		if !strings.EqualFold(strings.TrimSpace(coding), "gzip") {
			continue
		}
		q, ok := strings.CutPrefix(strings.ReplaceAll(params, " ", ""), "q=")
		if v, err := strconv.ParseFloat(q, 64); !ok || err != nil || v > 0 {
			return true
		}
	}
	return false
}
