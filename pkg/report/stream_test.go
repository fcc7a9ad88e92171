package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// variedReports are reports that exercise every field and every escaping encoding/json does.
func variedReports(t *testing.T) []Report {
	t.Helper()
	e4011 := checks.Finding{Rule: tkerules.IngressE4011, Check: "tke-ingress-tls", Source: checks.SourceCheck,
		Path: "spec.tls[0]", Message: `secret <a&b> "x" in 'ns'`}
	e4051 := checks.Finding{Rule: tkerules.IngressE4051, Check: "tke-ingress-rules", Source: checks.SourceCheckEvent,
		Event: "证书不存在 <ERR> & retry \u2028 ✓", Message: "规则 → 后端 \u2029 😀", Count: 3,
		LastSeen: time.Date(2026, 11, 23, 19, 0, 0, 0, time.FixedZone("CST", 8*3600))}
	info := rules.Info
	loop := checks.Finding{Rule: tkerules.ServiceCLBLoopback, Check: "tke-loopback", Source: checks.SourceEvent,
		Severity: &info, Message: "\x01 control \t tab </script>"}

	clean := named(t, snapshot.KindService, "shop", "cart")
	clean.Skipped = nil
	clean.Findings = []Finding{}

	located := named(t, snapshot.KindIngress, "shop", "mall", e4011, e4051)
	located.Locate(func(path string) *snapshot.Location {
		if path == "" {
			return nil
		}
		return &snapshot.Location{File: "deploy/<ingress>&.yaml", Line: 12, Column: 3}
	})

	suppressed := named(t, snapshot.KindIngress, "shop", "suppressed", e4011, e4051, loop)
	if unknown := suppressed.Suppress([]string{"E4011", tkerules.ServiceCLBLoopback.String()}); len(unknown) > 0 || len(suppressed.Suppressed) != 2 {
		t.Fatalf("suppression: unknown %v, suppressed %d", unknown, len(suppressed.Suppressed))
	}

	partial := result(loop)
	partial.Partial = []checks.Skip{{Check: "tke-clb-reuse", Reason: "ran on the input files only"}}
	partial.Skipped = []checks.Skip{{Check: "events", Reason: `forbidden: cannot list "events" <RBAC>`}}
	incomplete, err := Build(partial, snapshot.Live, []snapshot.FailedRead{{Class: snapshot.ReasonReadFailed, Note: "listing pods & nodes: timeout"}})
	if err != nil {
		t.Fatal(err)
	}
	incomplete.Provider.Evidence = "node providerID qcloud:///800002/ins-<x>"

	return []Report{clean, located, suppressed, incomplete,
		inCluster(named(t, snapshot.KindService, "ops", "gw", loop), "prod-北京"),
		inCluster(named(t, snapshot.KindService, "ops", "gw", e4011), "staging & <east>")}
}

func TestStreamedJSONIsByteIdentical(t *testing.T) {
	varied := variedReports(t)
	many := make([]Report, 0, 400)
	for len(many) < 400 {
		many = append(many, varied...)
	}
	tests := []struct {
		name       string
		reports    []Report
		listAlways bool
	}{
		{"nil list", nil, true},
		{"empty list", []Report{}, true},
		{"one report as a list", varied[1:2], true},
		{"one report alone", varied[1:2], false},
		{"one clean report alone", varied[:1], false},
		{"no findings", varied[:1], true},
		{"html, unicode and locations", varied[1:2], true},
		{"suppressed findings", varied[2:3], true},
		{"skipped, partial and incomplete", varied[3:4], true},
		{"cluster column", varied[4:], true},
		{"varied", varied, false},
		{"larger than one flush", many, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var want bytes.Buffer
			var v any = NewList(tt.reports)
			if len(tt.reports) == 1 && !tt.listAlways {
				v = tt.reports[0]
			}
			if err := encodeJSON(&want, v); err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			if err := NewWriter(&got, JSON, false, false).Write(tt.reports, tt.listAlways); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Errorf("streamed JSON differs from encoding the whole value\n got: %.2000s\nwant: %.2000s", got.Bytes(), want.Bytes())
			}

			want.Reset()
			if err := encodeJSON(&want, NewSARIF(tt.reports, "v1.2.3")); err != nil {
				t.Fatal(err)
			}
			got.Reset()
			w := NewWriter(&got, SARIF, false, false)
			w.Version = "v1.2.3"
			if err := w.Write(tt.reports, tt.listAlways); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Errorf("streamed SARIF differs from encoding the whole value\n got: %.2000s\nwant: %.2000s", got.Bytes(), want.Bytes())
			}
		})
	}
}

func TestStreamedJSONEscapesLikeEncodingJSON(t *testing.T) {
	var b bytes.Buffer
	if err := NewWriter(&b, JSON, false, false).Write(variedReports(t), true); err != nil {
		t.Fatal(err)
	}
	for _, raw := range []string{"<", ">", "&", "\u2028", "\u2029"} {
		if strings.Contains(b.String(), raw) {
			t.Errorf("output holds %q unescaped", raw)
		}
	}
	for _, esc := range []string{`\u003c`, `\u003e`, `\u0026`, `\u2028`, `\u2029`, `\u0001`, "证书不存在"} {
		if !strings.Contains(b.String(), esc) {
			t.Errorf("output lacks %s", esc)
		}
	}
}

func TestStreamedJSONWriteErrorIsReturned(t *testing.T) {
	many := make([]Report, 0, 1000)
	for len(many) < 1000 {
		many = append(many, variedReports(t)...)
	}
	for _, f := range []Format{JSON, SARIF} {
		t.Run(string(f), func(t *testing.T) {
			if err := NewWriter(&brokenPipe{}, f, false, false).Write(many, true); err == nil || err.Error() != "write failed" {
				t.Errorf("got %v, want the write error", err)
			}
		})
	}
}

func TestStreamedJSONRefusesAnUnknownRule(t *testing.T) {
	r := variedReports(t)[1]
	r.Findings[0].Rule = rules.ID{}
	var b bytes.Buffer
	err := NewWriter(&b, JSON, false, false).Write([]Report{r, r}, true)
	var me *json.MarshalerError
	if !errors.As(err, &me) {
		t.Errorf("got %v, want the marshalling error", err)
	}
}

func FuzzAppendIndentMatchesJSONIndent(f *testing.F) {
	for _, s := range []string{"", "plain", `a"b`, `\`, `\\`, `\"`, `\\"x"\`, `<a&b>`, "\u2028\u2029", "证书 😀",
		`{"k":[1,{},[]],"s":"x"}`, "\x00\x1f\t\n", ",:{}[]"} {
		f.Add(s, "    ")
	}
	f.Add(`"quoted"`, "")
	f.Fuzz(func(t *testing.T, s, prefix string) {
		if strings.Trim(prefix, " ") != "" {
			t.Skip("an item prefix is spaces")
		}
		v := []any{s, map[string]any{s: []any{}, "empty": map[string]any{}, "n": -1.5e-7, "t": true, "z": nil,
			"nested": map[string]any{s: []any{s, 1, []any{map[string]any{}}}}}, []string{}, 0}
		src, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		if err := json.Indent(&want, src, prefix, jsonIndent); err != nil {
			t.Fatal(err)
		}
		if got := appendIndent(nil, src, prefix); !bytes.Equal(got, want.Bytes()) {
			t.Errorf("appendIndent(%s)\n got: %s\nwant: %s", src, got, want.Bytes())
		}
	})
}
