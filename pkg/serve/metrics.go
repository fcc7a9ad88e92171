// Package serve exports the diagnosis of a running lbdoctor as Prometheus metrics and serves them
// with the health, readiness and report endpoints.
//
// Label values are bounded: rule, code, severity, provider, kind and check come from the rule
// table and the check list; namespace and name are Kubernetes object names (the API server limits
// them to 253 characters; longer values are cut rune-safely all the same); the skip reason is the
// skip's class (see ReasonClasses), set where the skip was made, never read from its free text; an
// informer's resource is a resource name of the snapshot's table (or resource.group of a custom
// one), never its namespace or object. The findings series therefore number the open (target,
// rule) pairs, and no more: at most the targets times the rules that apply to their kind and
// provider.
package serve

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Metric names.
const (
	FindingsName    = "lbdoctor_findings"
	TargetsName     = "lbdoctor_targets"
	SkippedName     = "lbdoctor_check_skipped"
	DurationName    = "lbdoctor_diagnosis_duration_seconds"
	SyncedName      = "lbdoctor_informer_synced"
	RediagnosedName = "lbdoctor_rediagnosed_targets_total"
	BuildInfoName   = "lbdoctor_build_info"
	FullSyncName    = "lbdoctor_last_full_sync_timestamp_seconds"
)

// Names lists every metric name NewMetrics and NewBuildInfo export, for the tests of the alert
// rules and dashboards that query them.
func Names() []string {
	return []string{FindingsName, TargetsName, SkippedName, DurationName, SyncedName, RediagnosedName, BuildInfoName, FullSyncName}
}

// maxLabel bounds a label value taken from an object (namespace, name).
const maxLabel = 253

var findingLabels = []string{"rule", "code", "severity", "provider", "namespace", "kind", "name"}

// openFinding is what one lbdoctor_findings series of a target adds to the target's labels: its
// rule, code and severity.
type openFinding struct {
	rule     rules.ID
	code     string
	severity rules.Severity
}

// countKey is the label values of a series that counts targets: (provider, worst) or (check, reason).
type countKey [2]string

// stateKey is a target's label values: kind, namespace, name.
type stateKey struct {
	kind, namespace, name string
}

// targetState is what the last Update of one target exported; its provider is group[0].
type targetState struct {
	findings []openFinding
	group    countKey
	skipped  []countKey
}

// Metrics holds the lbdoctor series and, per target, what it last exported, so that an update
// touches only that target's series. Safe for concurrent use.
type Metrics struct {
	findings    *findingsCollector
	targets     *prometheus.GaugeVec
	skipped     *prometheus.GaugeVec
	duration    prometheus.Histogram
	synced      *prometheus.GaugeVec
	rediagnosed prometheus.Counter
	fullSync    prometheus.Gauge
	regErr      error

	mu         sync.Mutex
	state      map[stateKey]*targetState
	groupCount map[countKey]int
	skipCount  map[countKey]int

	// syncMu guards the informers' states: by resource, each informer's (source's) last state.
	syncMu  sync.Mutex
	sources map[string]map[string]bool
	// fullSynced is set by FullSync; lost is set when an informer lost its sync after it.
	fullSynced, lost bool
	// unsyncedSince is when some informer last lost its sync while every other was synced (zero
	// while all are synced).
	unsyncedSince time.Time
	now           func() time.Time
}

// NewMetrics makes the lbdoctor metrics and registers them with reg (none when reg is nil). A
// registration failure (reg already holds collectors of these names) is kept for Err; the Metrics
// still work, unexported.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		targets: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: TargetsName,
			Help: "Number of diagnosed targets by provider and worst open severity (ok: no finding)."},
			[]string{"provider", "worst"}),
		skipped: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: SkippedName,
			Help: "Number of targets for which a check could not run, by check and reason class (" + strings.Join(ReasonClasses(), ", ") + ")."},
			[]string{"check", "reason"}),
		duration: prometheus.NewHistogram(prometheus.HistogramOpts{Name: DurationName,
			Help:    "Time taken by one diagnosis pass (the initial full one, then each re-diagnosis of the targets a change affects).",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30}}),
		synced: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: SyncedName,
			Help: "1 when every informer of the resource has synced (listed, and its last list or watch call succeeded), else 0."}, []string{"resource"}),
		rediagnosed: prometheus.NewCounter(prometheus.CounterOpts{Name: RediagnosedName,
			Help: "Targets diagnosed so far, the initial pass included."}),
		fullSync: prometheus.NewGauge(prometheus.GaugeOpts{Name: FullSyncName,
			Help: "Unix time at which every informer was last synced with the diagnosis current: the first full diagnosis, then each recovery after an informer lost its sync (0: not yet)."}),
		state:      map[stateKey]*targetState{},
		groupCount: map[countKey]int{},
		skipCount:  map[countKey]int{},
		sources:    map[string]map[string]bool{},
		now:        time.Now,
	}
	m.findings = &findingsCollector{m: m, desc: prometheus.NewDesc(FindingsName, findingsHelp, findingLabels, nil)}
	if reg != nil {
		var errs []error
		for _, c := range []prometheus.Collector{m.findings, m.targets, m.skipped, m.duration, m.synced, m.rediagnosed, m.fullSync} {
			if err := reg.Register(c); err != nil {
				errs = append(errs, err)
			}
		}
		if len(errs) > 0 {
			m.regErr = words.Errorf("registering the lbdoctor metrics: %w", "注册 lbdoctor 指标时出错：%w", errors.Join(errs...))
		}
	}
	return m
}

// Err returns why NewMetrics could not register the metrics, or nil.
func (m *Metrics) Err() error { return m.regErr }

// Update replaces the series of r's target with those of r: findings that cleared lose their
// series, the target moves between lbdoctor_targets groups, and its skips are recounted. Its cost
// is in the number of findings and skips of this target, whatever the number of targets.
// Suppressed findings are not exported.
func (m *Metrics) Update(r report.Report) {
	t := r.Target
	provider := providerLabel(r)
	ns, name, kind := label(t.Namespace), label(t.Name), string(t.Kind)
	next := &targetState{group: countKey{provider, worstLabel(r)}}
	for _, f := range r.Findings {
		k := openFinding{f.Rule, f.Code, f.Severity}
		if !slices.Contains(next.findings, k) {
			next.findings = append(next.findings, k)
		}
	}
	next.findings = slices.Clip(next.findings)
	skips := map[countKey]bool{}
	for _, s := range r.Skipped {
		k := countKey{label(s.Check), reasonLabel(s)}
		if !skips[k] {
			skips[k] = true
			next.skipped = append(next.skipped, k)
		}
	}

	m.mu.Lock()
	defer m.mu.Unlock()
	key := stateKey{kind, ns, name}
	prev := m.state[key]
	if prev != nil {
		m.adjust(m.targets, m.groupCount, prev.group, -1)
		for _, k := range prev.skipped {
			m.adjust(m.skipped, m.skipCount, k, -1)
		}
	}
	m.adjust(m.targets, m.groupCount, next.group, 1)
	for _, k := range next.skipped {
		m.adjust(m.skipped, m.skipCount, k, 1)
	}
	m.state[key] = next
}

// Forget removes every series of a target that no longer exists. kind is spelled as in the API
// ("Service", "Ingress").
func (m *Metrics) Forget(kind, namespace, name string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	key := stateKey{kind, label(namespace), label(name)}
	prev := m.state[key]
	if prev == nil {
		return
	}
	m.adjust(m.targets, m.groupCount, prev.group, -1)
	for _, k := range prev.skipped {
		m.adjust(m.skipped, m.skipCount, k, -1)
	}
	delete(m.state, key)
}

// adjust adds delta to the count of k and sets its series; a count of zero deletes the series.
func (m *Metrics) adjust(vec *prometheus.GaugeVec, counts map[countKey]int, k countKey, delta int) {
	n := counts[k] + delta
	if n <= 0 {
		delete(counts, k)
		vec.DeleteLabelValues(k[:]...)
		return
	}
	counts[k] = n
	vec.WithLabelValues(k[:]...).Set(float64(n))
}

// ObserveDiagnosis records one diagnosis pass that took d and diagnosed the given number of targets.
func (m *Metrics) ObserveDiagnosis(d time.Duration, targets int) {
	m.duration.Observe(d.Seconds())
	if targets > 0 {
		m.rediagnosed.Add(float64(targets))
	}
}

// SetSynced records whether one informer of resource (e.g. "services") has synced; source names the
// informer (several may read one resource: ConfigMaps by name, events per involved kind). The
// resource's series is 1 when all its informers are synced. Once FullSync has been called, every
// informer synced again after one had lost its sync sets the full-sync time.
func (m *Metrics) SetSynced(resource, source string, synced bool) {
	resource = label(resource)
	m.syncMu.Lock()
	defer m.syncMu.Unlock()
	st := m.sources[resource]
	if st == nil {
		st = map[string]bool{}
		m.sources[resource] = st
	}
	st[source] = synced
	all := true
	for _, ok := range st {
		all = all && ok
	}
	v := 0.0
	if all {
		v = 1
	}
	m.synced.WithLabelValues(resource).Set(v)
	if !synced {
		m.lost = m.fullSynced
		if m.unsyncedSince.IsZero() {
			m.unsyncedSince = m.now()
		}
		return
	}
	if !m.allSynced() {
		return
	}
	m.unsyncedSince = time.Time{}
	if m.lost {
		m.lost = false
		m.fullSync.Set(float64(m.now().UnixNano()) / 1e9)
	}
}

// OutOfSyncFor returns how long some informer has been out of sync without a moment since when
// all were synced (a watch dropped and not re-established, an API server unreachable); 0 while
// every informer is synced.
func (m *Metrics) OutOfSyncFor() time.Duration {
	m.syncMu.Lock()
	defer m.syncMu.Unlock()
	if m.unsyncedSince.IsZero() {
		return 0
	}
	return m.now().Sub(m.unsyncedSince)
}

// allSynced reports whether every informer is synced; syncMu is held.
func (m *Metrics) allSynced() bool {
	for _, st := range m.sources {
		for _, ok := range st {
			if !ok {
				return false
			}
		}
	}
	return true
}

// FullSync records that the first full diagnosis is done at t, every informer synced.
func (m *Metrics) FullSync(t time.Time) {
	m.syncMu.Lock()
	defer m.syncMu.Unlock()
	m.fullSynced, m.lost = true, false
	m.fullSync.Set(float64(t.UnixNano()) / 1e9)
}

// NewBuildInfo registers lbdoctor_build_info{version,revision,goversion} 1 with reg.
func NewBuildInfo(reg prometheus.Registerer, version, revision string) error {
	g := prometheus.NewGauge(prometheus.GaugeOpts{Name: BuildInfoName,
		Help:        "Always 1; the labels say which build of kubectl-lbdoctor serves.",
		ConstLabels: prometheus.Labels{"version": version, "revision": revision, "goversion": runtime.Version()}})
	g.Set(1)
	if err := reg.Register(g); err != nil {
		return words.Errorf("registering %s: %w", "注册 %s 时出错：%w", BuildInfoName, err)
	}
	return nil
}

// providerLabel is the report's provider, "unknown" when none was decided.
func providerLabel(r report.Report) string {
	if r.Provider.Name == "" {
		return "unknown"
	}
	return string(r.Provider.Name)
}

// worstLabel is the report's worst open severity, "ok" when it has no finding.
func worstLabel(r report.Report) string {
	if s, ok := r.Worst(); ok {
		return s.String()
	}
	return "ok"
}

// label cuts a value taken from an object to maxLabel runes, on a rune boundary.
func label(s string) string {
	if len(s) <= maxLabel {
		return s
	}
	n := 0
	for i := range s {
		if n == maxLabel {
			return s[:i]
		}
		n++
	}
	return s
}

// ReasonClasses lists the reason label's values: the classes of snapshot.ReasonClasses.
func ReasonClasses() []string {
	var out []string
	for _, c := range snapshot.ReasonClasses() {
		out = append(out, string(c))
	}
	return out
}

// reasonLabel is the reason label of a skip: its class, other when it has none.
func reasonLabel(s report.Skipped) string {
	if !s.Class.Valid() {
		return string(snapshot.ReasonOther)
	}
	return string(s.Class)
}

// findingsHelp is lbdoctor_findings' help text.
const findingsHelp = "1 for each open finding of a diagnosed Service or Ingress; the series goes away when the finding clears."

// findingsCollector exports lbdoctor_findings from the targets' states at each scrape: the series
// of 50,000 targets held as label pairs between scrapes would take about as much memory again as
// the states themselves. Once streamed is set it collects nothing: WriteFindings writes the series.
type findingsCollector struct {
	m        *Metrics
	desc     *prometheus.Desc
	streamed atomic.Bool
}

// Describe sends the one metric's description.
func (c *findingsCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

// Collect sends a series of value 1 for each open finding, copied under the lock and sent outside it.
func (c *findingsCollector) Collect(ch chan<- prometheus.Metric) {
	if c.streamed.Load() {
		return
	}
	for _, s := range c.m.openSeries() {
		mt, err := prometheus.NewConstMetric(c.desc, prometheus.GaugeValue, 1,
			s.f.rule.String(), s.f.code, s.f.severity.String(), s.provider, s.t.namespace, s.t.kind, s.t.name)
		if err != nil {
			mt = prometheus.NewInvalidMetric(c.desc, err)
		}
		ch <- mt
	}
}

// findingSeries is one lbdoctor_findings series: a target, its provider and one open finding.
type findingSeries struct {
	t        stateKey
	provider string
	f        openFinding
}

// openSeries copies every open finding's series under the lock, ordered by kind, namespace, name
// and then as the target's report orders its findings.
func (m *Metrics) openSeries() []findingSeries {
	m.mu.Lock()
	n := 0
	for _, st := range m.state {
		n += len(st.findings)
	}
	out := make([]findingSeries, 0, n)
	for t, st := range m.state {
		for _, f := range st.findings {
			out = append(out, findingSeries{t, st.group[0], f})
		}
	}
	m.mu.Unlock()
	slices.SortStableFunc(out, func(a, b findingSeries) int {
		return cmp.Or(cmp.Compare(a.t.kind, b.t.kind), cmp.Compare(a.t.namespace, b.t.namespace), cmp.Compare(a.t.name, b.t.name))
	})
	return out
}

// StreamFindings takes lbdoctor_findings out of the registry's Gather and returns what writes it
// instead (WriteFindings), for Options.Findings: a Gather builds each series as a protobuf message
// with its label pairs before encoding it (about 1.6 KB a series, 84 MB a scrape of 50,000 series),
// where WriteFindings writes them one by one. Call it before serving.
func (m *Metrics) StreamFindings() func(io.Writer) error {
	m.findings.streamed.Store(true)
	return m.WriteFindings
}

// labelEscaper escapes a label value of the text format.
var labelEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)

// WriteFindings writes lbdoctor_findings in the Prometheus text format (version 0.0.4): its help and
// type lines, then a series of value 1 for each open finding, labelled as the registry would label
// it (labels in name order).
func (m *Metrics) WriteFindings(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 32<<10)
	fmt.Fprintf(bw, "# HELP %s %s\n# TYPE %s gauge\n", FindingsName, findingsHelp, FindingsName)
	for _, s := range m.openSeries() {
		bw.WriteString(FindingsName)
		for i, kv := range [...][2]string{{"code", s.f.code}, {"kind", s.t.kind}, {"name", s.t.name}, {"namespace", s.t.namespace},
			{"provider", s.provider}, {"rule", s.f.rule.String()}, {"severity", s.f.severity.String()}} {
			if i == 0 {
				bw.WriteByte('{')
			} else {
				bw.WriteByte(',')
			}
			bw.WriteString(kv[0])
			bw.WriteString(`="`)
			labelEscaper.WriteString(bw, kv[1])
			bw.WriteByte('"')
		}
		if _, err := bw.WriteString("} 1\n"); err != nil {
			return err
		}
	}
	return bw.Flush()
}
