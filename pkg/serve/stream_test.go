package serve

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
	"google.golang.org/protobuf/proto"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// scrape GETs /metrics from h with the given Accept-Encoding and parses the text format, gunzipping
// when the response says gzip; it returns the families by name and the Content-Encoding.
func scrape(t *testing.T, h http.Handler, acceptEncoding string) (map[string]*dto.MetricFamily, string) {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, "/metrics", nil)
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if w.Code != http.StatusOK {
		t.Fatalf("/metrics = %d: %s", w.Code, w.Body)
	}
	var body io.Reader = w.Body
	enc := w.Header().Get("Content-Encoding")
	if enc == "gzip" {
		gz, err := gzip.NewReader(w.Body)
		if err != nil {
			t.Fatal(err)
		}
		body = gz
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	mfs, err := p.TextToMetricFamilies(body)
	if err != nil {
		t.Fatalf("the text format does not parse: %v", err)
	}
	return mfs, enc
}

// TestStreamedFindings: with lbdoctor_findings streamed (what serve does), /metrics holds the same
// families, series, labels and values as the registry's own handler, label values with quotes,
// backslashes and line breaks included, compressed or not; the registry itself no longer gathers
// the series.
func TestStreamedFindings(t *testing.T) {
	build := func(m *Metrics) {
		m.Update(rep(t, ingress("shop", "mall"), tkerules.Provider, nil, tkerules.IngressE4009, tkerules.IngressE4011))
		m.Update(rep(t, snapshot.Target{Kind: snapshot.KindService, Namespace: "shop", Name: "web"}, ackrules.Provider, nil))
		m.Update(rep(t, ingress(`odd"ns\`, "a\nb"), tkerules.Provider, nil, tkerules.IngressE4051))
		m.Update(rep(t, ingress("shop", "gone"), tkerules.Provider, nil, tkerules.IngressE4051))
		m.Forget("Ingress", "shop", "gone")
	}
	regular, regReg := newMetrics(t)
	build(regular)
	want, _ := scrape(t, NewHandler(regReg, &status{}, Options{}), "")
	if n := len(want[FindingsName].GetMetric()); n != 3 {
		t.Fatalf("the registry's handler exports %d findings series, want 3", n)
	}

	streamed, strReg := newMetrics(t)
	build(streamed)
	write := streamed.StreamFindings()
	for _, mf := range mustGather(t, strReg) {
		if mf.GetName() == FindingsName {
			t.Errorf("the registry still gathers %s once streamed", FindingsName)
		}
	}
	h := NewHandler(strReg, &status{}, Options{Findings: write})
	for _, tc := range []struct{ accept, wantEncoding string }{
		{"", ""},
		{"gzip", "gzip"},
		{"deflate, gzip;q=0.5", "gzip"},
		{"gzip;q=0", ""},
		{"identity", ""},
	} {
		t.Run("Accept-Encoding="+tc.accept, func(t *testing.T) {
			got, enc := scrape(t, h, tc.accept)
			if enc != tc.wantEncoding {
				t.Errorf("Content-Encoding %q, want %q", enc, tc.wantEncoding)
			}
			for _, name := range []string{FindingsName, TargetsName, SkippedName} {
				w, g := want[name], got[name]
				if w != nil && g == nil {
					t.Errorf("%s missing", name)
					continue
				}
				// The registry sorts series by label values; the stream by kind, namespace, name.
				sortSeries(w)
				sortSeries(g)
				if !proto.Equal(w, g) {
					t.Errorf("%s differs:\n got %v\nwant %v", name, g, w)
				}
			}
		})
	}
}

// sortSeries orders a family's series by their labels' values.
func sortSeries(mf *dto.MetricFamily) {
	if mf == nil {
		return
	}
	key := func(m *dto.Metric) string {
		var b strings.Builder
		for _, lp := range m.GetLabel() {
			b.WriteString(lp.GetName() + "=" + lp.GetValue() + "\x00")
		}
		return b.String()
	}
	slices.SortFunc(mf.Metric, func(a, b *dto.Metric) int { return strings.Compare(key(a), key(b)) })
}
