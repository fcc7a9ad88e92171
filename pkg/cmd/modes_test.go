package cmd

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"k8s.io/cli-runtime/pkg/genericiooptions"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/engine"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestLiveModesUnreachable: watch and serve give the one-line error of an unreachable API server
// before they start any informer, as a one-shot run does.
func TestLiveModesUnreachable(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "1GiB") // serve leaves the test binary's memory settings alone
	t.Setenv("GOGC", "100")
	kc := kubeconfigFor(t, refusedServer(t))
	tests := []struct {
		name string
		args []string
	}{
		{"watch a scope", []string{"--kubeconfig", kc, "-w", "-A"}},
		{"watch a target", []string{"--kubeconfig", kc, "-w", "svc/web", "-n", "shop"}},
		{"serve", []string{"--kubeconfig", kc, "serve", "--metrics-bind-address", "127.0.0.1:0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := run(t, tt.args...)
			if code != ExitError || out != "" {
				t.Fatalf("exit %d, stdout %q; want exit 2 and no report", code, out)
			}
			oneLineWith(t, errOut, "cannot reach the API server")
		})
	}
}

func TestServeBadTimeout(t *testing.T) {
	_, errOut, code := run(t, "--request-timeout", "soon", "serve")
	if code != ExitError {
		t.Fatalf("exit %d, want 2", code)
	}
	oneLineWith(t, errOut, "--request-timeout")
}

// watchFixture is a watch printer writing JSON or text to buffers, for the targets given.
func watchFixture(jsonOut bool, targets ...snapshot.Target) (*watchPrinter, *bytes.Buffer, *bytes.Buffer) {
	var out, errOut bytes.Buffer
	o := NewOptions(genericiooptions.IOStreams{Out: &out, ErrOut: &errOut})
	o.format, o.targets, o.namespace = report.Text, targets, "shop"
	if jsonOut {
		o.format = report.JSON
	}
	now := time.Date(2026, 11, 23, 16, 0, 0, 0, time.UTC)
	return &watchPrinter{o: o, json: jsonOut, prev: engine.Tracker{}, now: func() time.Time { return now }}, &out, &errOut
}

func TestWatchPrinterFirst(t *testing.T) {
	web := snapshot.Target{Kind: snapshot.KindIngress, Namespace: "shop", Name: "web"}
	rep := report.Report{APIVersion: report.APIVersion, Kind: "Report", Target: web, Findings: []report.Finding{}, Skipped: []report.Skipped{}}
	tests := []struct {
		name      string
		targets   []snapshot.Target
		u         engine.Update
		wantErr   bool
		wantEmpty bool // stderr says the scope holds nothing yet
	}{
		{"a failed first pass", nil, engine.Update{Initial: true, Err: errors.New("boom")}, true, false},
		{"a named target that does not exist", []snapshot.Target{web}, engine.Update{Initial: true}, true, false},
		{"an empty scope", nil, engine.Update{Initial: true}, false, true},
		{"the target's report", []snapshot.Target{web}, engine.Update{Initial: true, Reports: []report.Report{rep}}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, out, errOut := watchFixture(true, tt.targets...)
			err := p.first(tt.u)
			if (err != nil) != tt.wantErr {
				t.Fatalf("error %v, want one: %v", err, tt.wantErr)
			}
			if got := errOut.Len() > 0; got != tt.wantEmpty {
				t.Errorf("stderr %q", errOut)
			}
			if err == nil && len(tt.u.Reports) > 0 {
				var got report.Report
				if err := json.Unmarshal(out.Bytes(), &got); err != nil || got.Target != web {
					t.Errorf("first report %q: %v", out, err)
				}
				if len(p.prev[web]) != 0 {
					t.Errorf("previous findings %v, want none", p.prev[web])
				}
			}
		})
	}
	p, _, errOut := watchFixture(false)
	p.o.AllNamespaces = true
	if err := p.first(engine.Update{Initial: true}); err != nil || !strings.Contains(errOut.String(), "any namespace") {
		t.Errorf("-A scope: %v, stderr %q", err, errOut)
	}
}

func TestWatchPrinterUpdate(t *testing.T) {
	web := snapshot.Target{Kind: snapshot.KindIngress, Namespace: "shop", Name: "web"}
	e4009 := finding(tkerules.IngressE4009, "spec.tls[0].secretName", "empty", checks.SourceCheck)
	e4011 := finding(tkerules.IngressE4011, "spec.tls[0]", "no key", checks.SourceCheck)
	for _, jsonOut := range []bool{true, false} {
		p, out, errOut := watchFixture(jsonOut)
		p.prev[web] = []report.Finding{e4009}
		p.update(engine.Update{Reports: []report.Report{{Target: web, Findings: []report.Finding{e4011}}}, Err: errors.New("one target failed")})
		p.update(engine.Update{Removed: []snapshot.Target{web}})
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if len(lines) != 3 || errOut.Len() == 0 {
			t.Fatalf("json %v: lines %q, stderr %q; want appeared, cleared, cleared by deletion and a warning", jsonOut, lines, errOut)
		}
		if _, ok := p.prev[web]; ok {
			t.Errorf("json %v: a deleted target's findings are kept", jsonOut)
		}
		want := []engine.Transition{{Change: "appeared", Rule: tkerules.IngressE4011}, {Change: "cleared", Rule: tkerules.IngressE4009},
			{Change: "cleared", Rule: tkerules.IngressE4011, TargetDeleted: true}}
		for i, l := range lines {
			if jsonOut {
				var tr engine.Transition
				if err := json.Unmarshal([]byte(l), &tr); err != nil || tr.Change != want[i].Change || tr.Rule != want[i].Rule ||
					tr.TargetDeleted != want[i].TargetDeleted || tr.Target != web {
					t.Errorf("line %d %q: %v, want %+v", i, l, err, want[i])
				}
				continue
			}
			sign := map[string]string{"appeared": "+", "cleared": "-"}[want[i].Change]
			if f := strings.Fields(l); len(f) < 4 || f[1] != sign || f[3] != want[i].Rule.Rule().Code {
				t.Errorf("line %d %q, want sign %s and code %s", i, l, sign, want[i].Rule.Rule().Code)
			}
		}
	}
}

// TestExplainText: the text form lists each rule of a shared code under its id, with its facts.
func TestExplainText(t *testing.T) {
	all := rules.Lookup("E4011", "", "")
	if len(all) < 2 {
		t.Fatalf("E4011 should be shared by several rules, has %d", len(all))
	}
	tests := []struct {
		name string
		args []string
		want []rules.Rule
	}{
		{"shared code", []string{"explain", "E4011"}, all},
		{"narrowed by kind", []string{"explain", "E4011", "--kind", "ing"}, rules.Lookup("E4011", "", rules.Ingress)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, code := run(t, tt.args...)
			if code != ExitOK {
				t.Fatalf("exit %d", code)
			}
			var ids []string
			for l := range strings.Lines(out) {
				if f := strings.Fields(l); len(f) > 0 && !strings.HasPrefix(l, " ") && strings.Contains(f[0], ".") {
					ids = append(ids, f[0])
				}
			}
			var want []string
			for _, r := range tt.want {
				want = append(want, r.ID.String())
			}
			if strings.Join(ids, ",") != strings.Join(want, ",") {
				t.Errorf("rules %v, want %v", ids, want)
			}
		})
	}
}

// TestExplainTextZh: in Chinese, every line explain prints for a shared code (each rule's facts, what
// decides it, the hint to narrow the code) is worded in Chinese.
func TestExplainTextZh(t *testing.T) {
	out, _, code := run(t, "explain", "E4011", "--lang", "zh")
	if code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	docs := 0
	for l := range strings.Lines(out) {
		if strings.TrimSpace(l) != "" && !hasHan(l) {
			t.Errorf("line %q holds no Chinese", l)
		}
		// The doc citation itself, not only its label, is in Chinese.
		if _, doc, ok := strings.Cut(l, "文档："); ok {
			docs++
			if !hasHan(doc) {
				t.Errorf("doc line %q cites in English", l)
			}
		}
	}
	if docs == 0 {
		t.Error("no doc line")
	}
}

func TestExplainCompletion(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"__complete", "explain", "e401"}, "E4011"},
		{[]string{"__complete", "explain", "--kind", ""}, "ingress"},
		{[]string{"__complete", "explain", "--provider", ""}, string(tkerules.Provider)},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			out, _, code := run(t, tt.args...)
			found := false
			for l := range strings.Lines(out) {
				if strings.SplitN(strings.TrimSpace(l), "\t", 2)[0] == tt.want {
					found = true
				}
			}
			if code != ExitOK || !found {
				t.Errorf("exit %d, completions %q; want %s", code, out, tt.want)
			}
		})
	}
	if out, _, _ := run(t, "__complete", "explain", "E4011", ""); strings.Contains(out, "E4") {
		t.Errorf("a second argument completes nothing, got %q", out)
	}
}
