package serve

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	dto "github.com/prometheus/client_model/go"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func ingress(ns, name string) snapshot.Target {
	return snapshot.Target{Kind: snapshot.KindIngress, Namespace: ns, Name: name}
}

func service(ns, name string) snapshot.Target {
	return snapshot.Target{Kind: snapshot.KindService, Namespace: ns, Name: name}
}

// rep builds a report through report.Build, as the engine does.
func rep(t *testing.T, target snapshot.Target, p rules.Provider, skipped []checks.Skip, ids ...rules.ID) report.Report {
	t.Helper()
	res := checks.Result{Target: target, Provider: p, Skipped: skipped}
	for _, id := range ids {
		res.Findings = append(res.Findings, checks.Finding{Rule: id, Check: "test", Source: checks.SourceCheck})
	}
	r, err := report.Build(res, snapshot.Live, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// series returns the label sets of the metric's series in reg, each as "k=v,…" in label order.
func series(t *testing.T, reg *prometheus.Registry, metric string) map[string]float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for _, mf := range mfs {
		if mf.GetName() != metric {
			continue
		}
		for _, m := range mf.GetMetric() {
			var parts []string
			for _, lp := range m.GetLabel() {
				parts = append(parts, lp.GetName()+"="+lp.GetValue())
			}
			out[strings.Join(parts, ",")] = value(m)
		}
	}
	return out
}

func value(m *dto.Metric) float64 {
	switch {
	case m.GetGauge() != nil:
		return m.GetGauge().GetValue()
	case m.GetCounter() != nil:
		return m.GetCounter().GetValue()
	}
	return 0
}

func newMetrics(t *testing.T) (*Metrics, *prometheus.Registry) {
	t.Helper()
	reg := prometheus.NewRegistry()
	m := NewMetrics(reg)
	if err := m.Err(); err != nil {
		t.Fatal(err)
	}
	return m, reg
}

func TestFindingSeriesAppearAndClear(t *testing.T) {
	m, reg := newMetrics(t)
	bar := ingress("shop", "bar")
	m.Update(rep(t, bar, rules.TKE, nil, rules.TKEIngressE4009, rules.TKEIngressE4011))
	m.Update(rep(t, ingress("shop", "other"), rules.TKE, nil, rules.TKEIngressE4011))

	e4009 := "code=E4009,kind=Ingress,name=bar,namespace=shop,provider=tke,rule=tke.ingress.E4009,severity=error"
	e4011 := "code=E4011,kind=Ingress,name=bar,namespace=shop,provider=tke,rule=tke.ingress.E4011,severity=error"
	other := "code=E4011,kind=Ingress,name=other,namespace=shop,provider=tke,rule=tke.ingress.E4011,severity=error"
	got := series(t, reg, FindingsName)
	for _, k := range []string{e4009, e4011, other} {
		if got[k] != 1 {
			t.Errorf("series %s = %v, want 1; have %v", k, got[k], got)
		}
	}
	if len(got) != 3 {
		t.Errorf("want 3 finding series, got %v", got)
	}

	t.Run("a cleared finding loses its series, the rest stay", func(t *testing.T) {
		m.Update(rep(t, bar, rules.TKE, nil, rules.TKEIngressE4011))
		got := series(t, reg, FindingsName)
		if _, ok := got[e4009]; ok {
			t.Errorf("E4009 series still there after it cleared: %v", got)
		}
		if got[e4011] != 1 || got[other] != 1 || len(got) != 2 {
			t.Errorf("want the E4011 series of bar and other only, got %v", got)
		}
	})
	t.Run("Forget drops the target's series", func(t *testing.T) {
		m.Forget("Ingress", "shop", "bar")
		got := series(t, reg, FindingsName)
		if len(got) != 1 || got[other] != 1 {
			t.Errorf("want other's series only, got %v", got)
		}
		m.Forget("Ingress", "shop", "never-seen")
	})
}

func TestTargetsGaugeCountsIncrementally(t *testing.T) {
	m, reg := newMetrics(t)
	a, b, c := ingress("ns", "a"), ingress("ns", "b"), service("ns", "c")
	steps := []struct {
		name string
		do   func()
		want map[string]float64
	}{
		{"two broken ingresses and a clean service", func() {
			m.Update(rep(t, a, rules.TKE, nil, rules.TKEIngressE4009))
			m.Update(rep(t, b, rules.TKE, nil, rules.TKEIngressE4009))
			m.Update(rep(t, c, rules.ACK, nil))
		}, map[string]float64{"provider=tke,worst=error": 2, "provider=ack,worst=ok": 1}},
		{"one ingress fixed moves to ok", func() {
			m.Update(rep(t, a, rules.TKE, nil))
		}, map[string]float64{"provider=tke,worst=error": 1, "provider=tke,worst=ok": 1, "provider=ack,worst=ok": 1}},
		{"re-reporting the same state changes nothing", func() {
			m.Update(rep(t, a, rules.TKE, nil))
			m.Update(rep(t, b, rules.TKE, nil, rules.TKEIngressE4009))
		}, map[string]float64{"provider=tke,worst=error": 1, "provider=tke,worst=ok": 1, "provider=ack,worst=ok": 1}},
		{"a warning-only service", func() {
			m.Update(rep(t, c, rules.TKE, nil, rules.TKEServiceCLBLoopback))
		}, map[string]float64{"provider=tke,worst=error": 1, "provider=tke,worst=ok": 1, "provider=tke,worst=warning": 1}},
		{"deleted targets leave their group, empty groups disappear", func() {
			m.Forget("Ingress", "ns", "b")
			m.Forget("Service", "ns", "c")
		}, map[string]float64{"provider=tke,worst=ok": 1}},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			s.do()
			got := series(t, reg, TargetsName)
			if fmt.Sprint(got) != fmt.Sprint(s.want) {
				t.Errorf("lbdoctor_targets = %v, want %v", got, s.want)
			}
		})
	}
}

func TestSuppressedFindingsAreNotExported(t *testing.T) {
	m, reg := newMetrics(t)
	r := rep(t, ingress("ns", "a"), rules.TKE, nil, rules.TKEIngressE4009, rules.TKEIngressE4011)
	r.Suppress([]string{"E4009"})
	m.Update(r)
	got := series(t, reg, FindingsName)
	if len(got) != 1 {
		t.Fatalf("want only the open E4011 finding, got %v", got)
	}
	for k := range got {
		if !strings.Contains(k, "code=E4011") {
			t.Errorf("unexpected series %s", k)
		}
	}
}

func TestSkippedCountsTargetsByReasonClass(t *testing.T) {
	m, reg := newMetrics(t)
	forbidden := checks.Skip{Check: "tke-ingress-tls", Reason: (&snapshot.UnknownError{Resource: "secrets", Namespace: "ns",
		Reason: "forbidden", RBAC: "list secrets (apiGroups: [\"\"]) in namespace ns"}).Error()}
	missing := checks.Skip{Check: "tke-ingress-tls", Reason: (&snapshot.UnknownError{Resource: "secrets", Namespace: "ns", Name: "tls",
		Reason: "not fetched"}).Error()}
	m.Update(rep(t, ingress("ns", "a"), rules.TKE, []checks.Skip{forbidden, forbidden}))
	m.Update(rep(t, ingress("ns", "b"), rules.TKE, []checks.Skip{forbidden, missing}))
	want := map[string]float64{"check=tke-ingress-tls,reason=forbidden": 2, "check=tke-ingress-tls,reason=missing-input": 1}
	if got := series(t, reg, SkippedName); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("lbdoctor_check_skipped = %v, want %v", got, want)
	}
	m.Update(rep(t, ingress("ns", "b"), rules.TKE, nil))
	want = map[string]float64{"check=tke-ingress-tls,reason=forbidden": 1}
	if got := series(t, reg, SkippedName); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("after b's skips went: %v, want %v", got, want)
	}
}

func TestReasonClass(t *testing.T) {
	forbiddenErr := apierrors.NewForbidden(schema.GroupResource{Resource: "secrets"}, "", errors.New("no"))
	tests := []struct {
		name   string
		reason string
		want   string
	}{
		{"forbidden gap", (&snapshot.UnknownError{Resource: "secrets", Namespace: "a", Reason: "forbidden",
			RBAC: "list secrets (apiGroups: [\"\"]) in namespace a", Err: forbiddenErr}).Error(), ReasonForbidden},
		{"unauthorized gap", (&snapshot.UnknownError{Resource: "nodes", Reason: "unauthorized: the credentials were rejected"}).Error(), ReasonUnauthorized},
		{"CRD not served", (&snapshot.UnknownError{Resource: "tkeserviceconfigs", Reason: "API not served by this cluster (is the CRD installed?)"}).Error(), ReasonNotServed},
		{"read failed", (&snapshot.UnknownError{Resource: "pods", Reason: "read failed: connection refused"}).Error(), ReasonReadFailed},
		{"not fetched", (&snapshot.UnknownError{Resource: "secrets", Namespace: "a", Name: "x", Reason: "not fetched"}).Error(), ReasonMissingInput},
		{"offline input", (&snapshot.UnknownError{Resource: "nodes", Reason: "not in the input files"}).Error(), ReasonMissingInput},
		{"not found", (&snapshot.NotFoundError{Resource: "configmaps", Namespace: "kube-system", Name: "x"}).Error(), ReasonNotFound},
		{"wrapped by a check", fmt.Errorf("cannot count the other Services on CLB lb-1: %w",
			&snapshot.UnknownError{Resource: "services", Reason: "forbidden", RBAC: "list services"}).Error(), ReasonForbidden},
		{"forced provider", "--provider ack has no checks for ingresss; only the provider-independent checks ran (try --provider auto)", ReasonProvider},
		{"free text", "cannot tell the CCM version from image \"x\": bad tag", ReasonOther},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ReasonClass(tt.reason); got != tt.want {
				t.Errorf("ReasonClass(%q) = %s, want %s", tt.reason, got, tt.want)
			}
		})
	}
}

func TestLabelValuesAreBounded(t *testing.T) {
	m, reg := newMetrics(t)
	huge := strings.Repeat("名", 1000)
	m.Update(rep(t, ingress(huge, huge), rules.TKE,
		[]checks.Skip{{Check: "tke-ingress-tls", Reason: strings.Repeat("unparseable value ", 500)}}, rules.TKEIngressE4009))
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		for _, mt := range mf.GetMetric() {
			for _, lp := range mt.GetLabel() {
				v := lp.GetValue()
				if !utf8.ValidString(v) || utf8.RuneCountInString(v) > maxLabel {
					t.Errorf("%s{%s}: %d runes, valid UTF-8 %v", mf.GetName(), lp.GetName(), utf8.RuneCountInString(v), utf8.ValidString(v))
				}
			}
		}
	}
	if got := series(t, reg, SkippedName); got["check=tke-ingress-tls,reason=other"] != 1 {
		t.Errorf("free-text reason not classed as other: %v", got)
	}
	m.Forget("Ingress", huge, huge)
	if got := series(t, reg, FindingsName); len(got) != 0 {
		t.Errorf("Forget with the uncut names left %v", got)
	}
}

func TestDiagnosisAndSyncMetrics(t *testing.T) {
	m, reg := newMetrics(t)
	m.ObserveDiagnosis(30*time.Millisecond, 7000)
	m.ObserveDiagnosis(2*time.Millisecond, 3)
	m.SetSynced("services", true)
	m.SetSynced("secrets", false)
	if got := testutil.ToFloat64(m.rediagnosed); got != 7003 {
		t.Errorf("%s = %v, want 7003", RediagnosedName, got)
	}
	if got := series(t, reg, SyncedName); fmt.Sprint(got) != fmt.Sprint(map[string]float64{"resource=secrets": 0, "resource=services": 1}) {
		t.Errorf("%s = %v", SyncedName, got)
	}
	want := `# HELP lbdoctor_diagnosis_duration_seconds Time taken by one diagnosis pass (the initial full one, then each re-diagnosis of the targets a change affects).
# TYPE lbdoctor_diagnosis_duration_seconds histogram
lbdoctor_diagnosis_duration_seconds_bucket{le="0.0005"} 0
lbdoctor_diagnosis_duration_seconds_bucket{le="0.001"} 0
lbdoctor_diagnosis_duration_seconds_bucket{le="0.0025"} 1
lbdoctor_diagnosis_duration_seconds_bucket{le="0.005"} 1
lbdoctor_diagnosis_duration_seconds_bucket{le="0.01"} 1
lbdoctor_diagnosis_duration_seconds_bucket{le="0.025"} 1
lbdoctor_diagnosis_duration_seconds_bucket{le="0.05"} 2
lbdoctor_diagnosis_duration_seconds_bucket{le="0.1"} 2
lbdoctor_diagnosis_duration_seconds_bucket{le="0.25"} 2
lbdoctor_diagnosis_duration_seconds_bucket{le="0.5"} 2
lbdoctor_diagnosis_duration_seconds_bucket{le="1"} 2
lbdoctor_diagnosis_duration_seconds_bucket{le="2.5"} 2
lbdoctor_diagnosis_duration_seconds_bucket{le="5"} 2
lbdoctor_diagnosis_duration_seconds_bucket{le="10"} 2
lbdoctor_diagnosis_duration_seconds_bucket{le="30"} 2
lbdoctor_diagnosis_duration_seconds_bucket{le="+Inf"} 2
lbdoctor_diagnosis_duration_seconds_sum 0.032
lbdoctor_diagnosis_duration_seconds_count 2
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want), DurationName); err != nil {
		t.Error(err)
	}
}

func TestRegisteringTwiceIsAnError(t *testing.T) {
	reg := prometheus.NewRegistry()
	if err := NewMetrics(reg).Err(); err != nil {
		t.Fatal(err)
	}
	if err := NewMetrics(reg).Err(); err == nil {
		t.Error("a second NewMetrics on the same registry reported no error")
	}
	NewMetrics(nil).Update(rep(t, ingress("ns", "a"), rules.TKE, nil, rules.TKEIngressE4009))
}

func TestConcurrentUpdatesKeepCountsRight(t *testing.T) {
	m, reg := newMetrics(t)
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Go(func() {
			for i := range 50 {
				target := ingress("ns", fmt.Sprintf("t%d-%d", w, i%10))
				m.Update(rep(t, target, rules.TKE, nil, rules.TKEIngressE4009))
				m.Update(rep(t, target, rules.TKE, nil))
				m.ObserveDiagnosis(time.Millisecond, 1)
			}
		})
	}
	wg.Wait()
	if got := series(t, reg, FindingsName); len(got) != 0 {
		t.Errorf("every finding was cleared, yet %d series remain", len(got))
	}
	if got := series(t, reg, TargetsName); fmt.Sprint(got) != fmt.Sprint(map[string]float64{"provider=tke,worst=ok": 80}) {
		t.Errorf("lbdoctor_targets = %v, want 80 ok", got)
	}
}
