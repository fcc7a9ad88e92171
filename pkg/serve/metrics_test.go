package serve

import (
	"context"
	"errors"
	"fmt"
	goruntime "runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	dto "github.com/prometheus/client_model/go"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/client-go/kubernetes/fake"
	k8stesting "k8s.io/client-go/testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
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
	m.Update(rep(t, bar, tkerules.Provider, nil, tkerules.IngressE4009, tkerules.IngressE4011))
	m.Update(rep(t, ingress("shop", "other"), tkerules.Provider, nil, tkerules.IngressE4011))

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
		m.Update(rep(t, bar, tkerules.Provider, nil, tkerules.IngressE4011))
		got := series(t, reg, FindingsName)
		if _, ok := got[e4009]; ok {
			t.Errorf("E4009 series still there after it cleared: %v", got)
		}
		if got[e4011] != 1 || got[other] != 1 || len(got) != 2 {
			t.Errorf("want the E4011 series of bar and other only, got %v", got)
		}
	})
	t.Run("a rule found twice is one series", func(t *testing.T) {
		m.Update(rep(t, bar, tkerules.Provider, nil, tkerules.IngressE4011, tkerules.IngressE4011))
		got := series(t, reg, FindingsName)
		if got[e4011] != 1 || got[other] != 1 || len(got) != 2 {
			t.Errorf("want the E4011 series of bar and other once each, got %v", got)
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
			m.Update(rep(t, a, tkerules.Provider, nil, tkerules.IngressE4009))
			m.Update(rep(t, b, tkerules.Provider, nil, tkerules.IngressE4009))
			m.Update(rep(t, c, ackrules.Provider, nil))
		}, map[string]float64{"provider=tke,worst=error": 2, "provider=ack,worst=ok": 1}},
		{"one ingress fixed moves to ok", func() {
			m.Update(rep(t, a, tkerules.Provider, nil))
		}, map[string]float64{"provider=tke,worst=error": 1, "provider=tke,worst=ok": 1, "provider=ack,worst=ok": 1}},
		{"re-reporting the same state changes nothing", func() {
			m.Update(rep(t, a, tkerules.Provider, nil))
			m.Update(rep(t, b, tkerules.Provider, nil, tkerules.IngressE4009))
		}, map[string]float64{"provider=tke,worst=error": 1, "provider=tke,worst=ok": 1, "provider=ack,worst=ok": 1}},
		{"a warning-only service", func() {
			m.Update(rep(t, c, tkerules.Provider, nil, tkerules.ServiceCLBLoopback))
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
	r := rep(t, ingress("ns", "a"), tkerules.Provider, nil, tkerules.IngressE4009, tkerules.IngressE4011)
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
	forbidden := checks.Skip{Check: "tke-ingress-tls", Class: snapshot.ReasonForbidden, Reason: "cannot read secrets in namespace ns: forbidden"}
	missing := checks.Skip{Check: "tke-ingress-tls", Class: snapshot.ReasonMissingInput, Reason: "cannot read secrets ns/tls: not fetched"}
	m.Update(rep(t, ingress("ns", "a"), tkerules.Provider, []checks.Skip{forbidden, forbidden}))
	m.Update(rep(t, ingress("ns", "b"), tkerules.Provider, []checks.Skip{forbidden, missing}))
	want := map[string]float64{"check=tke-ingress-tls,reason=forbidden": 2, "check=tke-ingress-tls,reason=missing-input": 1}
	if got := series(t, reg, SkippedName); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("lbdoctor_check_skipped = %v, want %v", got, want)
	}
	m.Update(rep(t, ingress("ns", "b"), tkerules.Provider, nil))
	want = map[string]float64{"check=tke-ingress-tls,reason=forbidden": 1}
	if got := series(t, reg, SkippedName); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("after b's skips went: %v, want %v", got, want)
	}
}

// tlsIngress is a TKE Ingress of namespace shop whose TLS entry names Secret tls.
func tlsIngress() *networkingv1.Ingress {
	pt := networkingv1.PathTypePrefix
	return &networkingv1.Ingress{
		ObjectMeta: metav1.ObjectMeta{Namespace: "shop", Name: "bar", Annotations: map[string]string{"kubernetes.io/ingress.class": "qcloud"}},
		Spec: networkingv1.IngressSpec{TLS: []networkingv1.IngressTLS{{SecretName: "tls"}}, Rules: []networkingv1.IngressRule{{
			IngressRuleValue: networkingv1.IngressRuleValue{HTTP: &networkingv1.HTTPIngressRuleValue{Paths: []networkingv1.HTTPIngressPath{{
				Path: "/", PathType: &pt,
				Backend: networkingv1.IngressBackend{Service: &networkingv1.IngressServiceBackend{Name: "web", Port: networkingv1.ServiceBackendPort{Number: 80}}},
			}}}},
		}}},
	}
}

// ackService is an ACK LoadBalancer Service shop/web.
func ackService() *corev1.Service {
	return &corev1.Service{ObjectMeta: metav1.ObjectMeta{Namespace: "shop", Name: "web"},
		Spec: corev1.ServiceSpec{Type: corev1.ServiceTypeLoadBalancer, Selector: map[string]string{"app": "web"},
			Ports: []corev1.ServicePort{{Port: 80, TargetPort: intstr.FromInt32(8080)}}}}
}

// live reads the target from a fake cluster holding objs, whose answers react may replace, and
// diagnoses it.
func live(t *testing.T, tgt snapshot.Target, p rules.Provider, react k8stesting.ReactionFunc, objs ...runtime.Object) report.Report {
	t.Helper()
	cs := fake.NewSimpleClientset(objs...)
	if react != nil {
		cs.PrependReactor("*", "*", react)
	}
	snap, err := snapshot.FromCluster(context.Background(), snapshot.Clients{Kube: cs}, []snapshot.Target{tgt}, providers.Suite().Plan(p))
	if err != nil {
		t.Fatal(err)
	}
	return diagnosed(t, snap, tgt, p)
}

func diagnosed(t *testing.T, snap *snapshot.Snapshot, tgt snapshot.Target, p rules.Provider) report.Report {
	t.Helper()
	res, err := providers.Suite().Run(snap, tgt, p)
	if err != nil {
		t.Fatal(err)
	}
	r, err := report.Build(res, snap.Source, snap.Incomplete)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// failing answers the reads of resource (with verb) with err.
func failing(verb, resource string, err error) k8stesting.ReactionFunc {
	return func(a k8stesting.Action) (bool, runtime.Object, error) {
		if a.GetVerb() == verb && a.GetResource().Resource == resource {
			return true, nil, err
		}
		return false, nil, nil
	}
}

// TestReasonClass: the reason label of a skip is the class of what made it, from the API server's
// status or the input, through the check's Context.Skip and the report; never from its wording.
func TestReasonClass(t *testing.T) {
	bar, web := ingress("shop", "bar"), service("shop", "web")
	ccm := func(image string) *appsv1.Deployment {
		return &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Namespace: "kube-system", Name: "cloud-controller-manager"},
			Spec: appsv1.DeploymentSpec{Template: corev1.PodTemplateSpec{Spec: corev1.PodSpec{
				Containers: []corev1.Container{{Name: "cloud-controller-manager", Image: image}}}}}}
	}
	tests := []struct {
		name  string
		rep   func(*testing.T) report.Report
		check string
		want  snapshot.ReasonClass
	}{
		{"403 on the TLS Secret", func(t *testing.T) report.Report {
			return live(t, bar, tkerules.Provider, failing("get", "secrets", apierrors.NewForbidden(schema.GroupResource{Resource: "secrets"}, "tls", errors.New("RBAC"))), tlsIngress())
		}, "tke-ingress-tls", snapshot.ReasonForbidden},
		{"401 on the TLS Secret", func(t *testing.T) report.Report {
			return live(t, bar, tkerules.Provider, failing("get", "secrets", apierrors.NewUnauthorized("token expired")), tlsIngress())
		}, "tke-ingress-tls", snapshot.ReasonUnauthorized},
		{"404 on the events list", func(t *testing.T) report.Report {
			return live(t, bar, tkerules.Provider, failing("list", "events", apierrors.NewNotFound(schema.GroupResource{Resource: "events"}, "")), tlsIngress())
		}, "events", snapshot.ReasonNotServed},
		{"refused connection on the TLS Secret", func(t *testing.T) report.Report {
			return live(t, bar, tkerules.Provider, failing("get", "secrets", errors.New("dial tcp 10.0.0.1:443: connection refused")), tlsIngress())
		}, "tke-ingress-tls", snapshot.ReasonReadFailed},
		{"TLS Secret not in the input files", func(t *testing.T) report.Report {
			snap, err := snapshot.FromFiles(nil, nil, "shop")
			if err != nil {
				t.Fatal(err)
			}
			if err := snap.Add(tlsIngress()); err != nil {
				t.Fatal(err)
			}
			return diagnosed(t, snap, bar, tkerules.Provider)
		}, "tke-ingress-tls", snapshot.ReasonMissingInput},
		{"no cloud-controller-manager", func(t *testing.T) report.Report {
			return live(t, web, ackrules.Provider, nil, ackService())
		}, "ack-ccm-version", snapshot.ReasonNotFound},
		{"cloud-controller-manager image without a version", func(t *testing.T) report.Report {
			return live(t, web, ackrules.Provider, nil, ackService(), ccm("registry.example.com/cloud-controller-manager:latest"))
		}, "ack-ccm-version", snapshot.ReasonOther},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.rep(t)
			var got []snapshot.ReasonClass
			for _, s := range r.Skipped {
				if s.Check == tt.check {
					got = append(got, s.Class)
				}
			}
			if len(got) != 1 || got[0] != tt.want {
				t.Fatalf("skip classes of %s = %v, want [%s] (skipped %+v)", tt.check, got, tt.want, r.Skipped)
			}
			m, reg := newMetrics(t)
			m.Update(r)
			k := "check=" + tt.check + ",reason=" + string(tt.want)
			if got := series(t, reg, SkippedName); got[k] != 1 {
				t.Errorf("lbdoctor_check_skipped = %v, want %s 1", got, k)
			}
		})
	}
}

// TestReasonLabelIsListed: every reason label the metric can carry is one of ReasonClasses, a
// skip without a class included.
func TestReasonLabelIsListed(t *testing.T) {
	m, reg := newMetrics(t)
	var skips []checks.Skip
	for i, c := range append(snapshot.ReasonClasses(), "") {
		skips = append(skips, checks.Skip{Check: fmt.Sprint("check-", i), Class: c})
	}
	m.Update(rep(t, ingress("shop", "bar"), tkerules.Provider, skips))
	for _, mf := range mustGather(t, reg) {
		if mf.GetName() != SkippedName {
			continue
		}
		for _, s := range mf.GetMetric() {
			for _, lp := range s.GetLabel() {
				if lp.GetName() == "reason" && !slices.Contains(ReasonClasses(), lp.GetValue()) {
					t.Errorf("reason %q is none of %v", lp.GetValue(), ReasonClasses())
				}
			}
		}
	}
}

func mustGather(t *testing.T, reg *prometheus.Registry) []*dto.MetricFamily {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	return mfs
}

func TestLabelValuesAreBounded(t *testing.T) {
	m, reg := newMetrics(t)
	huge := strings.Repeat("名", 1000)
	m.Update(rep(t, ingress(huge, huge), tkerules.Provider,
		[]checks.Skip{{Check: "tke-ingress-tls", Reason: strings.Repeat("unparseable value ", 500)}}, tkerules.IngressE4009))
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
	m.SetSynced("services", "services", true)
	m.SetSynced("secrets", "secrets", false)
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
	NewMetrics(nil).Update(rep(t, ingress("ns", "a"), tkerules.Provider, nil, tkerules.IngressE4009))
}

func TestConcurrentUpdatesKeepCountsRight(t *testing.T) {
	m, reg := newMetrics(t)
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Go(func() {
			for i := range 50 {
				target := ingress("ns", fmt.Sprintf("t%d-%d", w, i%10))
				m.Update(rep(t, target, tkerules.Provider, nil, tkerules.IngressE4009))
				m.Update(rep(t, target, tkerules.Provider, nil))
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

// TestSyncedHasOneSeriesPerResource: informers of one resource (ConfigMaps by name, events per
// involved kind) share the resource's series, 1 only when all of them are synced; namespaces, names
// and kinds never become labels.
func TestSyncedHasOneSeriesPerResource(t *testing.T) {
	type call struct {
		resource, source string
		ok               bool
	}
	tests := []struct {
		name  string
		calls []call
		want  map[string]float64
	}{
		{"every informer of the resource synced", []call{
			{"configmaps", "configmaps kube-system/tke-config", true},
			{"configmaps", "configmaps kube-system/kube-proxy", true},
		}, map[string]float64{"resource=configmaps": 1}},
		{"one of them not", []call{
			{"configmaps", "configmaps kube-system/tke-config", true},
			{"configmaps", "configmaps kube-system/kube-proxy", false},
			{"events", "events of Service", true},
			{"events", "events of Ingress", true},
		}, map[string]float64{"resource=configmaps": 0, "resource=events": 1}},
		{"it recovers", []call{
			{"configmaps", "configmaps kube-system/kube-proxy", false},
			{"configmaps", "configmaps kube-system/tke-config", true},
			{"configmaps", "configmaps kube-system/kube-proxy", true},
			{"tkeserviceconfigs.cloud.tencent.com", "tkeserviceconfigs.cloud.tencent.com in shop", true},
		}, map[string]float64{"resource=configmaps": 1, "resource=tkeserviceconfigs.cloud.tencent.com": 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, reg := newMetrics(t)
			for _, c := range tc.calls {
				m.SetSynced(c.resource, c.source, c.ok)
			}
			if got := series(t, reg, SyncedName); fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("%s = %v, want %v", SyncedName, got, tc.want)
			}
		})
	}
}

// TestLastFullSync: 0 until the first full diagnosis; then the time of each recovery after an
// informer lost its sync, not of every sync report.
func TestLastFullSync(t *testing.T) {
	m, reg := newMetrics(t)
	clock := time.Unix(1_700_000_000, 0)
	m.now = func() time.Time { return clock }
	got := func() float64 { return series(t, reg, FullSyncName)[""] }
	steps := []struct {
		name string
		do   func()
		want float64
	}{
		{"before the first full diagnosis", func() { m.SetSynced("services", "services", true) }, 0},
		{"the first full diagnosis", func() { m.FullSync(time.Unix(1_700_000_100, 500_000_000)) }, 1_700_000_100.5},
		{"a new informer synced: no loss, no change", func() {
			clock = clock.Add(time.Hour)
			m.SetSynced("secrets", "secrets", true)
		}, 1_700_000_100.5},
		{"an informer lost its sync", func() { m.SetSynced("services", "services", false) }, 1_700_000_100.5},
		{"another one is still out", func() {
			m.SetSynced("secrets", "secrets", false)
			m.SetSynced("services", "services", true)
		}, 1_700_000_100.5},
		{"all synced again", func() {
			clock = clock.Add(time.Minute)
			m.SetSynced("secrets", "secrets", true)
		}, 1_700_000_000 + 3600 + 60},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			st.do()
			if g := got(); g != st.want {
				t.Errorf("%s = %v, want %v", FullSyncName, g, st.want)
			}
		})
	}
}

func TestBuildInfo(t *testing.T) {
	reg := prometheus.NewRegistry()
	if err := NewBuildInfo(reg, "v1.2.3", "abc123def456"); err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{"goversion=" + goruntime.Version() + ",revision=abc123def456,version=v1.2.3": 1}
	if got := series(t, reg, BuildInfoName); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s = %v, want %v", BuildInfoName, got, want)
	}
	if err := NewBuildInfo(reg, "v1.2.3", "abc123def456"); err == nil {
		t.Error("registering the build info twice reported no error")
	}
}

// TestNoFreeTextLabels: after every rule of the catalog has been exported on a target, with
// skips of every class and free-text reasons, and informers of every shape have reported, each
// label value of every lbdoctor series comes from a closed set (the rule table, the severities, the
// providers, the kinds, the check list, the reason classes, the resource names) or is the target's
// namespace or name; and every metric of Names is exported.
func TestNoFreeTextLabels(t *testing.T) {
	reg := NewRegistry()
	m := NewMetrics(reg)
	if err := NewBuildInfo(reg, "v0.0.1", "0123456789ab"); err != nil {
		t.Fatal(err)
	}
	allowed := map[string][]string{
		"severity": {"error", "warning", "info"},
		"worst":    {"error", "warning", "info", "ok"},
		"provider": {"tke", "ack", "generic", "unknown"},
		"kind":     {"Service", "Ingress"},
		"reason":   ReasonClasses(),
		"resource": {"services", "configmaps", "events", "tkeserviceconfigs.cloud.tencent.com"},
		"version":  {"v0.0.1"}, "revision": {"0123456789ab"}, "goversion": {goruntime.Version()},
		"namespace": {"shop"},
	}
	for _, c := range providers.Suite().Checks() {
		allowed["check"] = append(allowed["check"], c.Name)
	}
	for i, r := range rules.All() {
		allowed["rule"] = append(allowed["rule"], r.ID.String())
		allowed["code"] = append(allowed["code"], r.Code)
		// One target per rule, so that every rule's series is exported at once.
		name := fmt.Sprintf("t%03d", i)
		allowed["name"] = append(allowed["name"], name)
		tgt := ingress("shop", name)
		if r.Kind == snapshot.KindService {
			tgt = service("shop", name)
		}
		c := providers.Suite().Checks()[i%len(providers.Suite().Checks())]
		skips := []checks.Skip{{Check: c.Name, Reason: fmt.Sprintf("free text %d: forbidden by something", i)}}
		m.Update(rep(t, tgt, r.Provider, skips, r.ID))
	}
	m.SetSynced("services", "services", true)
	m.SetSynced("configmaps", "configmaps kube-system/tke-config", false)
	m.SetSynced("events", "events of Ingress in shop", true)
	m.SetSynced("tkeserviceconfigs.cloud.tencent.com", "tkeserviceconfigs.cloud.tencent.com in shop", true)
	m.FullSync(time.Now())
	if got, want := len(series(t, reg, FindingsName)), len(rules.All()); got != want {
		t.Fatalf("%d findings series, want one per rule (%d)", got, want)
	}
	exported := map[string]bool{}
	for _, mf := range mustGather(t, reg) {
		if !strings.HasPrefix(mf.GetName(), "lbdoctor_") {
			continue
		}
		exported[mf.GetName()] = true
		for _, mt := range mf.GetMetric() {
			for _, lp := range mt.GetLabel() {
				set, ok := allowed[lp.GetName()]
				if !ok {
					t.Errorf("%s has label %s, which no closed set covers", mf.GetName(), lp.GetName())
				} else if !slices.Contains(set, lp.GetValue()) {
					t.Errorf("%s{%s=%q}: not a value of its closed set", mf.GetName(), lp.GetName(), lp.GetValue())
				}
			}
		}
	}
	for _, n := range Names() {
		if !exported[n] {
			t.Errorf("%s is in Names but not exported", n)
		}
	}
}
