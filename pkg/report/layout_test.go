package report

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func named(t *testing.T, kind snapshot.Kind, ns, name string, findings ...checks.Finding) Report {
	res := result(findings...)
	res.Target = snapshot.Target{Kind: kind, Namespace: ns, Name: name}
	res.Skipped = []checks.Skip{{Check: "events", Reason: "not in the input files"}}
	return build(t, res, "offline")
}

func text(t *testing.T, w *Writer, reports []Report) string {
	t.Helper()
	var b bytes.Buffer
	w.Out = &b
	if err := w.Write(reports, true); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestDisplayWidth(t *testing.T) {
	tests := []struct {
		s    string
		want int
	}{{"web", 3}, {"服务", 4}, {"🚀", 2}, {"e\u0301", 1}, {"ｗｅｂ", 6}, {"", 0}}
	for _, tt := range tests {
		t.Run(tt.s, func(t *testing.T) {
			if got := DisplayWidth(tt.s); got != tt.want {
				t.Errorf("got %d, want %d", got, tt.want)
			}
		})
	}
}

func TestTableAlignsByDisplayWidth(t *testing.T) {
	warn := checks.Finding{Rule: tkerules.IngressE4051, Source: "check"}
	out := text(t, NewWriter(nil, Wide, false, false), []Report{
		named(t, snapshot.KindIngress, "ns", "服务-web", warn), named(t, snapshot.KindIngress, "ns", "plain", warn)})
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := strings.Index(lines[0], "PROVIDER")
	for _, l := range lines[1:3] {
		if got := DisplayWidth(l[:strings.Index(l, "tke")]); got != want {
			t.Errorf("PROVIDER at column %d, header at %d:\n%s", got, want, out)
		}
	}
}

func TestWrap(t *testing.T) {
	s := "Attach the certificate to the Secret under qcloud_cert_id and wait for the controller to retry"
	for _, w := range []int{20, 33, 50} {
		lines := wrap(s, w)
		if strings.Join(lines, " ") != s {
			t.Errorf("width %d lost words: %q", w, lines)
		}
		for _, l := range lines {
			if DisplayWidth(l) > w {
				t.Errorf("width %d: line %q too long", w, l)
			}
		}
	}
	if got := wrap(s, 0); len(got) != 1 {
		t.Errorf("width 0 must not wrap: %q", got)
	}
}

func TestSeveralObjectsShowProblemsAndTotal(t *testing.T) {
	bad := named(t, snapshot.KindIngress, "a", "bad", checks.Finding{Rule: tkerules.IngressE4011, Source: "check"})
	ok := named(t, snapshot.KindService, "a", "fine")
	w := NewWriter(nil, Text, false, false)
	def := text(t, w, []Report{ok, bad})
	if strings.Contains(def, "a/fine") || !strings.Contains(def, "ingress/a/bad") || !strings.Contains(def, "total: 2 object(s), 1 with findings, 1 ok") {
		t.Errorf("default: problems and a total:\n%s", def)
	}
	w.ShowOK = true
	if all := text(t, w, []Report{ok, bad}); !strings.Contains(all, "service/a/fine") {
		t.Errorf("--show-ok:\n%s", all)
	}
	w.Quiet = true
	if q := text(t, w, []Report{ok, bad}); strings.Contains(q, "a/fine") || strings.Contains(q, "SKIPPED") {
		t.Errorf("--quiet hides ok rows and SKIPPED lines:\n%s", q)
	}
}

func TestSortByAndName(t *testing.T) {
	e := checks.Finding{Rule: tkerules.IngressE4011, Source: "check"}
	wn := checks.Finding{Rule: tkerules.IngressE4051, Source: "check"}
	reports := []Report{
		named(t, snapshot.KindIngress, "b", "w1", wn),
		named(t, snapshot.KindIngress, "a", "e2", e, wn),
		named(t, snapshot.KindService, "c", "ok"),
	}
	tests := []struct{ key, want string }{
		{"", "ingress.networking.k8s.io/w1 ingress.networking.k8s.io/e2 service/ok"},
		{"name", "ingress.networking.k8s.io/e2 service/ok ingress.networking.k8s.io/w1"},
		{"namespace", "ingress.networking.k8s.io/e2 ingress.networking.k8s.io/w1 service/ok"},
		{"worst", "ingress.networking.k8s.io/e2 ingress.networking.k8s.io/w1 service/ok"},
		{"count", "ingress.networking.k8s.io/e2 ingress.networking.k8s.io/w1 service/ok"},
	}
	for _, tt := range tests {
		t.Run("sort-by="+tt.key, func(t *testing.T) {
			w := NewWriter(nil, Name, false, false)
			w.SortBy, w.ShowOK = tt.key, true
			if got := strings.Join(strings.Fields(text(t, w, reports)), " "); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestWorstColumnColouredAndCodeColumnSized(t *testing.T) {
	r := named(t, snapshot.KindService, "a", "x",
		checks.Finding{Rule: tkerules.IngressE4011, Source: "check", Message: "m"},
		checks.Finding{Rule: tkerules.ServiceCLBLoopback, Source: "check", Message: "m"})
	out := text(t, NewWriter(nil, Text, false, true), []Report{r})
	row := strings.Split(out, "\n")[1]
	if !strings.Contains(row, "\x1b[") || !strings.Contains(row, "error") {
		t.Errorf("WORST cell not coloured: %q", row)
	}
	plain := text(t, NewWriter(nil, Text, false, false), []Report{r})
	var cols []int
	for _, f := range r.Findings {
		for _, l := range strings.Split(plain, "\n") {
			if strings.HasPrefix(l, "  ") && strings.Contains(l, "["+f.Rule.String()+"]") {
				cols = append(cols, strings.Index(l, f.Title))
			}
		}
	}
	if len(cols) != 2 || cols[0] != cols[1] {
		t.Errorf("titles not aligned after codes of different length (%v):\n%s", cols, plain)
	}
}

func TestSuppress(t *testing.T) {
	r := build(t, result(
		checks.Finding{Rule: tkerules.IngressE4011, Source: "check"},
		checks.Finding{Rule: tkerules.IngressE4051, Source: "check"},
		checks.Finding{Rule: tkerules.ServiceCLBLoopback, Source: "check"},
	), "live")
	unknown := r.Suppress(ParseIgnore(" e4011 , clb-loopback,,typo"))
	if len(r.Findings) != 1 || r.Findings[0].Rule != tkerules.IngressE4051 {
		t.Errorf("findings %+v", r.Findings)
	}
	if r.Summary != (Summary{Warning: 1, Suppressed: 2}) || len(r.Suppressed) != 2 {
		t.Errorf("summary %+v suppressed %d", r.Summary, len(r.Suppressed))
	}
	if len(unknown) != 1 || unknown[0] != "typo" {
		t.Errorf("unknown entries %v", unknown)
	}
	b, _ := json.Marshal(NewList([]Report{r}))
	if !strings.Contains(string(b), `"suppressed":[`) || !strings.Contains(string(b), `"suppressed":2`) {
		t.Errorf("json lacks suppressed: %s", b)
	}
}

func TestFixHintsWrapToWidth(t *testing.T) {
	r := named(t, snapshot.KindIngress, "a", "x", checks.Finding{Rule: tkerules.IngressE4011, Source: "check", Message: "m"})
	w := NewWriter(nil, Text, true, false)
	unwrapped := text(t, w, []Report{r})
	w.Width = 60
	wrapped := text(t, w, []Report{r})
	rule, _ := rules.Get(tkerules.IngressE4011)
	if !strings.Contains(unwrapped, rule.Fix) {
		t.Errorf("without a width the fix is one line")
	}
	fixLines := 0
	for _, l := range strings.Split(wrapped, "\n") {
		if strings.HasPrefix(l, "          fix:") || strings.HasPrefix(l, "                ") {
			fixLines++
			if DisplayWidth(l) > 60 && strings.Contains(strings.TrimSpace(l), " ") {
				t.Errorf("line wider than 60 (a single long word may overflow): %q", l)
			}
		}
	}
	if len(rule.Fix) > 60 && fixLines < 2 {
		t.Errorf("long fix not wrapped:\n%s", wrapped)
	}
}

// TestCodeColumnsAgree: the CODE of each finding line and the CODES cell of the summary table (text
// and wide) name a rule the same way, the documented code else the slug, for coded and uncoded
// rules alike; the JSON code stays the documented one.
func TestCodeColumnsAgree(t *testing.T) {
	r := named(t, snapshot.KindService, "a", "lb",
		checks.Finding{Rule: ackrules.ServiceBackendQuota, Source: "check", Message: "m"},
		checks.Finding{Rule: ackrules.ServiceOrderArrearage, Source: "check", Message: "m"},
		checks.Finding{Rule: ackrules.ServiceReuseWithoutOverride, Source: "check", Message: "m"})
	want := []string{"backend-quota", "ORDER.ARREARAGE", "reuse-without-override"}
	for i, f := range r.Findings {
		if got := CodeLabel(f.Rule); got != want[i] {
			t.Errorf("label of %s: %q, want %q", f.Rule, got, want[i])
		}
	}
	if r.Findings[0].Code != "" || r.Findings[1].Code != "ORDER.ARREARAGE" {
		t.Errorf("JSON codes: %q %q", r.Findings[0].Code, r.Findings[1].Code)
	}
	for _, f := range []Format{Text, Wide} {
		t.Run(string(f), func(t *testing.T) {
			out := text(t, NewWriter(nil, f, false, false), []Report{r})
			lines := strings.Split(out, "\n")
			cells := strings.Fields(lines[1])
			if got := strings.Split(cells[len(cells)-1], ","); !slices.Equal(got, want) {
				t.Errorf("CODES %v, want %v:\n%s", got, want, out)
			}
			if f == Wide {
				return
			}
			var lineCodes []string
			for _, l := range lines {
				if fs := strings.Fields(l); len(fs) > 2 && (fs[0] == "ERROR" || fs[0] == "WARNING") {
					lineCodes = append(lineCodes, fs[1])
				}
			}
			if !slices.Equal(lineCodes, want) {
				t.Errorf("finding CODEs %v, want %v:\n%s", lineCodes, want, out)
			}
		})
	}
}
