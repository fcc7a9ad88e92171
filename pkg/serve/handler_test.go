package serve

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// status is a Status over fixed reports whose readiness the test flips.
type status struct {
	ready   atomic.Bool
	reports []report.Report
}

func (s *status) Ready() bool              { return s.ready.Load() }
func (s *status) Reports() []report.Report { return s.reports }

func get(t *testing.T, srv *httptest.Server, path string) (int, string) {
	t.Helper()
	resp, err := http.Get(srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

func TestHandlerEndpoints(t *testing.T) {
	reg := NewRegistry()
	m := NewMetrics(reg)
	if err := m.Err(); err != nil {
		t.Fatal(err)
	}
	st := &status{reports: []report.Report{
		rep(t, ingress("shop", "bar"), tkerules.Provider, nil, tkerules.IngressE4009),
		rep(t, service("shop", "web"), tkerules.Provider, nil),
		rep(t, service("a", "z"), ackrules.Provider, nil),
	}}
	for _, r := range st.reports {
		m.Update(r)
	}
	srv := httptest.NewServer(NewHandler(reg, st, Options{Report: true}))
	defer srv.Close()

	t.Run("before the first sync", func(t *testing.T) {
		if code, _ := get(t, srv, "/healthz"); code != http.StatusOK {
			t.Errorf("/healthz = %d, want 200", code)
		}
		if code, _ := get(t, srv, "/readyz"); code != http.StatusServiceUnavailable {
			t.Errorf("/readyz = %d, want 503", code)
		}
		if code, _ := get(t, srv, "/report"); code != http.StatusServiceUnavailable {
			t.Errorf("/report = %d, want 503", code)
		}
	})
	st.ready.Store(true)
	t.Run("after the first sync", func(t *testing.T) {
		if code, _ := get(t, srv, "/readyz"); code != http.StatusOK {
			t.Errorf("/readyz = %d, want 200", code)
		}
		if code, _ := get(t, srv, "/healthz"); code != http.StatusOK {
			t.Errorf("/healthz = %d, want 200", code)
		}
	})
	t.Run("/metrics", func(t *testing.T) {
		code, body := get(t, srv, "/metrics")
		if code != http.StatusOK {
			t.Fatalf("/metrics = %d", code)
		}
		for _, want := range []string{
			`lbdoctor_findings{code="E4009",kind="Ingress",name="bar",namespace="shop",provider="tke",rule="tke.ingress.E4009",severity="error"} 1`,
			`lbdoctor_targets{provider="tke",worst="ok"} 1`,
			`lbdoctor_targets{provider="ack",worst="ok"} 1`,
			`lbdoctor_targets{provider="tke",worst="error"} 1`,
			"go_goroutines",
		} {
			if !strings.Contains(body, want) {
				t.Errorf("/metrics lacks %s", want)
			}
		}
	})
	t.Run("/report is the -o json list", func(t *testing.T) {
		code, body := get(t, srv, "/report")
		if code != http.StatusOK {
			t.Fatalf("/report = %d: %s", code, body)
		}
		var l report.List
		if err := json.Unmarshal([]byte(body), &l); err != nil {
			t.Fatalf("/report is not a report list: %v", err)
		}
		if l.Kind != "ReportList" || l.APIVersion != report.APIVersion || l.Summary.Error != 1 {
			t.Errorf("list header %s %s, summary %+v", l.APIVersion, l.Kind, l.Summary)
		}
		want := []snapshot.Target{service("a", "z"), service("shop", "web"), ingress("shop", "bar")}
		if len(l.Items) != len(want) {
			t.Fatalf("want %d items, got %d", len(want), len(l.Items))
		}
		for i, w := range want {
			if l.Items[i].Target != w {
				t.Errorf("item %d is %v, want %v (Services, then Ingresses, by namespace and name)", i, l.Items[i].Target, w)
			}
		}
		if f := l.Items[2].Findings; len(f) != 1 || f[0].Code != "E4009" || f[0].Rule != tkerules.IngressE4009 {
			t.Errorf("bar's findings %+v", f)
		}
	})
}

// TestReportOffByDefault: without Options.Report, /report is refused (404, naming the flag) before
// and after the first sync, and holds no finding; the other endpoints answer as usual.
func TestReportOffByDefault(t *testing.T) {
	reg := NewRegistry()
	m := NewMetrics(reg)
	st := &status{reports: []report.Report{rep(t, ingress("shop", "bar"), tkerules.Provider, nil, tkerules.IngressE4009)}}
	m.Update(st.reports[0])
	srv := httptest.NewServer(NewHandler(reg, st, Options{}))
	defer srv.Close()
	for _, ready := range []bool{false, true} {
		st.ready.Store(ready)
		t.Run(fmt.Sprintf("ready=%v", ready), func(t *testing.T) {
			code, body := get(t, srv, "/report")
			if code != http.StatusNotFound {
				t.Errorf("/report = %d, want 404", code)
			}
			if !strings.Contains(body, "--"+ReportFlag) || strings.Contains(body, "E4009") {
				t.Errorf("/report body %q: want the flag named and no finding", body)
			}
			if code, _ := get(t, srv, "/metrics"); code != http.StatusOK {
				t.Errorf("/metrics = %d, want 200", code)
			}
			if code, _ := get(t, srv, "/healthz"); code != http.StatusOK {
				t.Errorf("/healthz = %d, want 200", code)
			}
		})
	}
}

func TestDefaultBindAddress(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want string
	}{
		{"no Kubernetes variables", nil, "127.0.0.1:8080"},
		{"host without port", map[string]string{"KUBERNETES_SERVICE_HOST": "10.96.0.1"}, "127.0.0.1:8080"},
		{"in a pod", map[string]string{"KUBERNETES_SERVICE_HOST": "10.96.0.1", "KUBERNETES_SERVICE_PORT": "443"}, ":8080"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			getenv := func(k string) string { return tc.env[k] }
			if got := DefaultBindAddress(InCluster(getenv)); got != tc.want {
				t.Errorf("DefaultBindAddress = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestReportLang: /report's titles and fixes follow Options.Lang; /metrics never changes with it.
func TestReportLang(t *testing.T) {
	han := func(s string) bool {
		return strings.ContainsFunc(s, func(r rune) bool { return r >= 0x4e00 && r <= 0x9fff })
	}
	var metrics [2]string
	for i, lang := range []words.Lang{words.English, words.Chinese} {
		reg := NewRegistry()
		m := NewMetrics(reg)
		st := &status{reports: []report.Report{rep(t, ingress("shop", "bar"), tkerules.Provider, nil, tkerules.IngressE4009)}}
		for _, r := range st.reports {
			m.Update(r)
		}
		st.ready.Store(true)
		srv := httptest.NewServer(NewHandler(reg, st, Options{Report: true, Lang: lang}))
		_, body := get(t, srv, "/report")
		_, metrics[i] = get(t, srv, "/metrics")
		srv.Close()
		var l report.List
		if err := json.Unmarshal([]byte(body), &l); err != nil {
			t.Fatal(err)
		}
		f := l.Items[0].Findings[0]
		if f.Rule != tkerules.IngressE4009 || f.Code != "E4009" || han(f.Title) != (lang == words.Chinese) || han(f.Fix) != (lang == words.Chinese) {
			t.Errorf("%s: finding %s %s %q %q", lang, f.Rule, f.Code, f.Title, f.Fix)
		}
		if st.reports[0].Findings[0].Title != l.Items[0].Findings[0].Title && lang == words.English {
			t.Errorf("English title changed")
		}
	}
	findings := func(s string) string {
		var out []string
		for _, l := range strings.Split(s, "\n") {
			if strings.HasPrefix(l, "lbdoctor_findings") || strings.HasPrefix(l, "lbdoctor_targets") {
				out = append(out, l)
			}
		}
		return strings.Join(out, "\n")
	}
	if findings(metrics[0]) != findings(metrics[1]) || findings(metrics[0]) == "" || han(metrics[1]) {
		t.Errorf("metrics differ with the language:\n%s\n---\n%s", findings(metrics[0]), findings(metrics[1]))
	}
}

// TestReadyzStaleness: once ready, /readyz fails while an informer has been out of sync for
// StaleAfter or longer and recovers when it is synced again; /report keeps the last diagnosis.
func TestReadyzStaleness(t *testing.T) {
	reg := NewRegistry()
	m := NewMetrics(reg)
	clock := time.Unix(1_700_000_000, 0)
	m.now = func() time.Time { return clock }
	st := &status{reports: []report.Report{rep(t, ingress("shop", "bar"), tkerules.Provider, nil, tkerules.IngressE4009)}}
	st.ready.Store(true)
	m.SetSynced("services", "services", true)
	m.FullSync(clock)
	srv := httptest.NewServer(NewHandler(reg, st, Options{Report: true, StaleAfter: time.Minute, OutOfSync: m.OutOfSyncFor}))
	defer srv.Close()
	steps := []struct {
		name       string
		do         func()
		wantReadyz int
	}{
		{"synced", func() {}, http.StatusOK},
		{"out of sync, under the staleness", func() { m.SetSynced("services", "services", false); clock = clock.Add(59 * time.Second) }, http.StatusOK},
		{"out of sync for the staleness", func() { clock = clock.Add(time.Second) }, http.StatusServiceUnavailable},
		{"another informer fails meanwhile", func() { m.SetSynced("secrets", "secrets", false); clock = clock.Add(time.Minute) }, http.StatusServiceUnavailable},
		{"one synced again, the other not", func() { m.SetSynced("services", "services", true) }, http.StatusServiceUnavailable},
		{"all synced again", func() { m.SetSynced("secrets", "secrets", true) }, http.StatusOK},
		{"a new loss starts a new count", func() { m.SetSynced("secrets", "secrets", false); clock = clock.Add(30 * time.Second) }, http.StatusOK},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			s.do()
			if code, _ := get(t, srv, "/readyz"); code != s.wantReadyz {
				t.Errorf("/readyz = %d, want %d (out of sync for %s)", code, s.wantReadyz, m.OutOfSyncFor())
			}
			if code, body := get(t, srv, "/report"); code != http.StatusOK || !strings.Contains(body, `"E4009"`) {
				t.Errorf("/report = %d without the last finding", code)
			}
		})
	}
	t.Run("zero StaleAfter never fails", func(t *testing.T) {
		srv := httptest.NewServer(NewHandler(reg, st, Options{OutOfSync: func() time.Duration { return time.Hour }}))
		defer srv.Close()
		if code, _ := get(t, srv, "/readyz"); code != http.StatusOK {
			t.Errorf("/readyz = %d, want 200", code)
		}
	})
}
