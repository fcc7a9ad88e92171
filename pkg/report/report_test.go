package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func result(findings ...checks.Finding) checks.Result {
	return checks.Result{Target: snapshot.Target{Kind: snapshot.KindIngress, Namespace: "ns", Name: "bar"},
		Provider: tkerules.Provider, Findings: findings}
}

// build is Build for results every test knows to be valid.
func build(t *testing.T, res checks.Result, source snapshot.Source) Report {
	t.Helper()
	r, err := Build(res, source, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestBuildJoinsRulesAndCounts(t *testing.T) {
	info := rules.Info
	r := build(t, result(
		checks.Finding{Rule: tkerules.IngressE4011, Check: "tke-ingress-tls", Source: "check", Path: "spec.tls[0]"},
		checks.Finding{Rule: tkerules.IngressE4051, Check: "x", Source: "check"},
		checks.Finding{Rule: tkerules.ServiceCLBLoopback, Check: "y", Source: "check", Severity: &info},
	), "live")
	if r.Summary != (Summary{Error: 1, Warning: 1, Info: 1}) {
		t.Errorf("summary %+v", r.Summary)
	}
	want, _ := rules.Get(tkerules.IngressE4011)
	f := r.Findings[0]
	if f.Code != "E4011" || f.Fix != want.Fix || f.Risk != want.Risk || f.Doc != want.Doc || f.Severity != rules.Error {
		t.Errorf("not joined: %+v", f)
	}
	if r.Findings[2].Severity != rules.Info {
		t.Errorf("severity override lost: %v", r.Findings[2].Severity)
	}
}

func TestExitCode(t *testing.T) {
	warn := build(t, result(checks.Finding{Rule: tkerules.IngressE4051, Source: "check"}), "live")
	clean := build(t, result(), "live")
	tests := []struct {
		name string
		r    []Report
		fail FailOn
		want int
	}{
		{"warning under error threshold", []Report{warn}, FailOn{At: rules.Error}, 0},
		{"warning at warning threshold", []Report{warn}, FailOn{At: rules.Warning}, 1},
		{"none", []Report{warn}, FailOn{None: true}, 0},
		{"clean at info", []Report{clean}, FailOn{At: rules.Info}, 0},
		{"any report counts", []Report{clean, warn}, FailOn{At: rules.Info}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ExitCode(tt.r, tt.fail); got != tt.want {
				t.Errorf("got %d, want %d", got, tt.want)
			}
		})
	}
}

func TestWriters(t *testing.T) {
	r := build(t, result(checks.Finding{Rule: tkerules.IngressE4011, Source: "check", Path: "spec.tls[0]", Message: "m"}), "live")
	var b bytes.Buffer
	if err := NewWriter(&b, JSON, false, false).Write([]Report{build(t, result(), "live")}, false); err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b.Bytes(), &m); err != nil || m["findings"] == nil || m["skipped"] == nil {
		t.Errorf("empty lists must be [] not null: %s", b.String())
	}
	b.Reset()
	if err := NewWriter(&b, JSON, false, false).Write([]Report{r}, true); err != nil {
		t.Fatal(err)
	}
	var l List
	if err := json.Unmarshal(b.Bytes(), &l); err != nil || l.Kind != "ReportList" || l.Summary.Error != 1 {
		t.Errorf("list: %v %+v", err, l)
	}
	b.Reset()
	_ = NewWriter(&b, Text, true, false).Write([]Report{r, r}, false)
	out := b.String()
	if !strings.Contains(out, "E4011") || !strings.Contains(out, "OBJECT") || strings.Contains(out, "\x1b[") {
		t.Errorf("text: %s", out)
	}
	want, _ := rules.Get(tkerules.IngressE4011)
	if !strings.Contains(out, want.Fix) {
		t.Errorf("fix hints missing")
	}
	if _, err := ForReport.Parse("xml"); err == nil {
		t.Errorf("xml accepted")
	}
}

// TestCheckEventFinding: a finding seen by a check and an event carries both in JSON and text.
func TestCheckEventFinding(t *testing.T) {
	r := build(t, result(checks.Finding{Rule: tkerules.IngressE4022, Check: "tke-ingress-annotations", Source: checks.SourceCheckEvent,
		Path: "metadata.annotations[kubernetes.io/ingress.http-rules]", Message: "not valid JSON", Event: "ErrorCode: E4022", Count: 3,
		LastSeen: time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)}), "live")
	var b bytes.Buffer
	if err := NewWriter(&b, JSON, false, false).Write([]Report{r}, false); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if f := back.Findings[0]; f.Source != "check+event" || f.Event != "ErrorCode: E4022" || f.Count != 3 || f.Path == "" {
		t.Errorf("json: %+v", f)
	}
	if !strings.Contains(b.String(), `"lastSeen": "2026-11-01T10:00:00Z"`) {
		t.Errorf("lastSeen is not RFC 3339 in JSON: %s", b.String())
	}
	b.Reset()
	_ = NewWriter(&b, Text, false, false).Write([]Report{r}, false)
	if out := b.String(); !strings.Contains(out, "confirmed by event (x3, last 2026-11-01T10:00:00Z)") || !strings.Contains(out, "http-rules]: not valid JSON") {
		t.Errorf("text: %s", out)
	}
}

// TestPartialChecks: checks that ran offline on the input files only are listed in JSON and text.
func TestPartialChecks(t *testing.T) {
	res := result()
	res.Partial = []checks.Skip{{Check: "tke-service-existing-lb", Reason: "offline: ran on the objects in the input files"}}
	r := build(t, res, "offline")
	var b bytes.Buffer
	if err := NewWriter(&b, JSON, false, false).Write([]Report{r}, false); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(b.Bytes(), &back); err != nil || len(back.Partial) != 1 || back.Partial[0].Check != "tke-service-existing-lb" {
		t.Errorf("json partial: %v %+v", err, back.Partial)
	}
	b.Reset()
	_ = NewWriter(&b, Text, false, false).Write([]Report{r}, false)
	if !strings.Contains(b.String(), "PARTIAL tke-service-existing-lb") {
		t.Errorf("text: %s", b.String())
	}
	b.Reset()
	quiet := NewWriter(&b, Text, false, false)
	quiet.Quiet = true
	_ = quiet.Write([]Report{r}, false)
	if strings.Contains(b.String(), "PARTIAL") {
		t.Errorf("-q text shows PARTIAL: %s", b.String())
	}
}

// TestBuildRefusesUnknownRules: a finding that names no catalog rule never becomes an empty title, fix
// and info severity in a report; Build fails, and the zero ID cannot be written as JSON either.
func TestBuildRefusesUnknownRules(t *testing.T) {
	res := result(checks.Finding{Rule: tkerules.IngressE4011, Check: "a", Source: checks.SourceCheck},
		checks.Finding{Check: "b", Source: checks.SourceCheck, Message: "m"})
	if r, err := Build(res, snapshot.Live, nil); err == nil || !strings.Contains(err.Error(), `"b"`) {
		t.Fatalf("Build = %+v, %v; want an error naming check b", r.Findings, err)
	}
	var b bytes.Buffer
	bad := Report{Findings: []Finding{{Check: "b", Severity: rules.Error}}}
	if err := NewWriter(&b, JSON, false, false).Write([]Report{bad}, false); err == nil {
		t.Errorf("a finding of the zero rule id was written as JSON: %s", b.String())
	}
	var back Finding
	if err := json.Unmarshal([]byte(`{"rule":"tke.ingress.E0000"}`), &back); err == nil {
		t.Errorf("a report naming an unknown rule decoded without error")
	}
}

type brokenPipe struct{ n int }

func (b *brokenPipe) Write(p []byte) (int, error) {
	if b.n++; b.n > 2 {
		return 0, errors.New("write failed")
	}
	return len(p), nil
}

func TestTextWriteErrorIsReturned(t *testing.T) {
	r := build(t, result(checks.Finding{Rule: tkerules.IngressE4011, Source: "check", Message: "m"}), "live")
	if err := NewWriter(&brokenPipe{}, Text, true, false).Write([]Report{r, r}, false); err == nil || err.Error() != "write failed" {
		t.Errorf("got %v, want the write error", err)
	}
}

// TestBuildConsequences: a consequence folded under a finding is joined with its own rule (title,
// code, severity) but carries no fix, risk or doc, is not counted in the summary, and is printed
// under its finding.
func TestBuildConsequences(t *testing.T) {
	r := build(t, checks.Result{Target: snapshot.Target{Kind: snapshot.KindService, Namespace: "ns", Name: "web"}, Provider: ackrules.Provider,
		Findings: []checks.Finding{{Rule: rules.GenericServiceNoEndpoints, Check: "service-endpoints", Source: checks.SourceCheck, Path: "spec.selector",
			Consequences: []checks.Finding{{Rule: ackrules.ServiceNoAvailableNodes, Check: "events", Source: checks.SourceEvent, Message: "no nodes", Count: 3}}}}}, "live")
	if r.Summary != (Summary{Error: 1}) || len(r.Findings) != 1 {
		t.Fatalf("summary %+v, findings %+v", r.Summary, r.Findings)
	}
	cs := r.Findings[0].Consequences
	if len(cs) != 1 {
		t.Fatalf("consequences %+v", cs)
	}
	c := cs[0]
	want := ackrules.ServiceNoAvailableNodes.Rule()
	if c.Rule != ackrules.ServiceNoAvailableNodes || c.Title != want.Title || c.Severity != want.Severity || c.Source != checks.SourceEvent ||
		c.Count != 3 || c.Fix != "" || c.Risk != "" || c.Doc != "" {
		t.Errorf("consequence not joined as a consequence: %+v", c)
	}
	var b bytes.Buffer
	w := NewWriter(&b, JSON, false, false)
	if err := w.Write([]Report{r}, false); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(b.Bytes(), &back); err != nil || len(back.Findings) != 1 {
		t.Fatalf("%v: %s", err, b.String())
	}
	if got := back.Findings[0].Consequences; len(got) != 1 || got[0].Rule != ackrules.ServiceNoAvailableNodes {
		t.Errorf("JSON round trip lost the consequence: %s", b.String())
	}
	b.Reset()
	w = NewWriter(&b, Text, false, false)
	if err := w.Write([]Report{r}, false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "["+ackrules.ServiceNoAvailableNodes.String()+"]") {
		t.Errorf("text does not show the consequence's rule:\n%s", b.String())
	}
}

func TestOneLine(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"already one line", "a b", "a b"},
		{"line breaks and runs of space", "a\n  b\tc \r\n", "a b c"},
		{"empty", " \n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := OneLine(tt.in); got != tt.want {
				t.Errorf("OneLine(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
