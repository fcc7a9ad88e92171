package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/testutil"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// sarifOf writes reports as SARIF, validates the log against the 2.1.0 schema and decodes it.
func sarifOf(t *testing.T, reports ...Report) (SARIFLog, []byte) {
	t.Helper()
	var out bytes.Buffer
	w := NewWriter(&out, SARIF, false, false)
	w.Version = "v9.9.9"
	if err := w.Write(reports, true); err != nil {
		t.Fatal(err)
	}
	testutil.ValidateSARIF(t, out.Bytes())
	var log SARIFLog
	if err := json.Unmarshal(out.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	return log, out.Bytes()
}

func TestSARIFDriverListsEveryRule(t *testing.T) {
	log, _ := sarifOf(t)
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(log.Runs))
	}
	d := log.Runs[0].Tool.Driver
	if d.Name != "kubectl-lbdoctor" || d.Version != "v9.9.9" || d.InformationURI != RepoURL {
		t.Errorf("driver %+v", d)
	}
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	// GitHub's anchor of a heading: lower case, punctuation other than - and _ dropped.
	anchors := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^### (.+)$`).FindAllStringSubmatch(string(doc), -1) {
		anchors["#"+regexp.MustCompile(`[^a-z0-9_ -]`).ReplaceAllString(strings.ToLower(m[1]), "")] = true
	}
	levels := map[rules.Severity]string{rules.Error: "error", rules.Warning: "warning", rules.Info: "note"}
	all := rules.All()
	if len(d.Rules) != len(all) {
		t.Fatalf("%d rules in the driver, the catalog has %d", len(d.Rules), len(all))
	}
	for i, r := range all {
		sr := d.Rules[i]
		t.Run(r.ID.String(), func(t *testing.T) {
			if sr.ID != r.ID.String() || sr.ShortDescription.Text != r.Title || sr.FullDescription.Text != r.Cause ||
				sr.Help.Text != r.Fix || sr.Properties.Code != r.Code {
				t.Errorf("rule %+v does not carry the catalog's entry", sr)
			}
			if sr.DefaultConfiguration.Level != levels[r.Severity] {
				t.Errorf("level %q for severity %s", sr.DefaultConfiguration.Level, r.Severity)
			}
			if u := r.Link(words.English); u != "" {
				if sr.HelpURI != u {
					t.Errorf("helpUri %s, want the rule's vendor page %s", sr.HelpURI, u)
				}
			} else if base, frag, _ := strings.Cut(sr.HelpURI, "#"); base != RulesDocURL || !anchors["#"+frag] {
				t.Errorf("helpUri %s of a rule without a vendor page names no section of docs/rules.md", sr.HelpURI)
			}
			// GitHub code scanning: descriptions at most 1024 characters.
			if len(sr.ShortDescription.Text) > 1024 || len(sr.FullDescription.Text) > 1024 {
				t.Errorf("description longer than GitHub's 1024 characters")
			}
		})
	}
}

func TestSARIFResults(t *testing.T) {
	info := rules.Info
	offline := build(t, result(
		checks.Finding{Rule: tkerules.IngressE4011, Check: "tke-ingress-tls", Source: checks.SourceCheckEvent, Path: "spec.tls[0].secretName", Message: "no key", Event: "E4011 seen"},
		checks.Finding{Rule: tkerules.ServiceCLBLoopback, Check: "y", Source: checks.SourceCheck, Severity: &info, Message: "loop"},
	), snapshot.Offline)
	offline.Findings[0].Location = &snapshot.Location{File: "deploy/app dir/ing.yaml", Line: 12, Column: 7}
	offline.Findings[1].Location = &snapshot.Location{File: snapshot.Stdin, Line: 3, Column: 1}
	offline.Skipped = []Skipped{{Check: "events", Reason: "not in the input"}}
	live := build(t, checks.Result{Target: snapshot.Target{Kind: snapshot.KindService, Namespace: "pay", Name: "web"},
		Provider: ackrules.Provider, Findings: []checks.Finding{{Rule: rules.GenericServiceNoSelector, Check: "z", Source: checks.SourceCheck, Path: "spec.selector"}}}, snapshot.Live)
	log, _ := sarifOf(t, offline, live)
	run := log.Runs[0]
	if len(run.Results) != 3 {
		t.Fatalf("%d results, want 3", len(run.Results))
	}
	all := rules.All()
	for _, r := range run.Results {
		if all[r.RuleIndex].ID.String() != r.RuleID {
			t.Errorf("ruleIndex %d is %s, not %s", r.RuleIndex, all[r.RuleIndex].ID, r.RuleID)
		}
	}
	tests := []struct {
		name              string
		res               SARIFResult
		rule, level, code string
		uri               string
		line, col         int
		object            string
	}{
		{"offline file", run.Results[0], "tke.ingress.E4011", "error", "E4011", "deploy/app%20dir/ing.yaml", 12, 7, "ingress/ns/bar"},
		{"offline stdin", run.Results[1], "tke.service.clb-loopback", "note", "", "", 0, 0, "ingress/ns/bar"},
		{"live", run.Results[2], "generic.service.no-selector", "warning", "", "", 0, 0, "service/pay/web"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.res
			if r.RuleID != tt.rule || r.Level != tt.level || r.Properties.Code != tt.code {
				t.Errorf("got %s %s code %q", r.RuleID, r.Level, r.Properties.Code)
			}
			if len(r.Locations) != 1 || len(r.Locations[0].LogicalLocations) != 1 ||
				r.Locations[0].LogicalLocations[0] != (SARIFLogical{FullyQualifiedName: tt.object, Kind: "object"}) {
				t.Fatalf("locations %+v", r.Locations)
			}
			p := r.Locations[0].PhysicalLocation
			if tt.uri == "" {
				if p != nil {
					t.Errorf("physical location %+v, want none", p)
				}
				return
			}
			if p == nil || p.ArtifactLocation.URI != tt.uri || p.ArtifactLocation.URIBaseID != SrcRoot ||
				p.Region.StartLine != tt.line || p.Region.StartColumn != tt.col {
				t.Errorf("physical location %+v", p)
			}
		})
	}
	if got := live.Findings[0].Rule.Rule().Severity; got != rules.Warning {
		t.Fatalf("test assumes no-selector is a warning, it is %s", got)
	}
	n := run.Invocations[0].ToolExecutionNotifications
	if !run.Invocations[0].ExecutionSuccessful || len(n) != 1 || n[0].Properties != (SARIFNotificationProps{Check: "events", Status: "skipped"}) {
		t.Errorf("invocation %+v", run.Invocations[0])
	}
}

func TestSARIFIsDeterministic(t *testing.T) {
	rep := build(t, result(checks.Finding{Rule: tkerules.IngressE4011, Check: "c", Source: checks.SourceCheck, Path: "spec.tls"}), snapshot.Offline)
	_, a := sarifOf(t, rep)
	_, b := sarifOf(t, rep)
	if !bytes.Equal(a, b) {
		t.Error("two runs over the same reports differ")
	}
}

// TestSARIFHelpURILanguage checks that each rule's helpUri is its vendor page in the report's
// language, and that the help Markdown links that page too.
func TestSARIFHelpURILanguage(t *testing.T) {
	for _, lang := range []words.Lang{words.English, words.Chinese} {
		t.Run(string(lang), func(t *testing.T) {
			var out bytes.Buffer
			w := NewWriter(&out, SARIF, false, false)
			w.Lang = lang
			if err := w.Write(nil, true); err != nil {
				t.Fatal(err)
			}
			testutil.ValidateSARIF(t, out.Bytes())
			var log SARIFLog
			if err := json.Unmarshal(out.Bytes(), &log); err != nil {
				t.Fatal(err)
			}
			linked := 0
			for i, r := range rules.All() {
				sr := log.Runs[0].Tool.Driver.Rules[i]
				u := r.Link(lang)
				if u == "" {
					// No vendor page: the catalog in the report's language.
					if base, _, _ := strings.Cut(sr.HelpURI, "#"); base != rulesDoc(lang) {
						t.Errorf("%s: helpUri %s, want a section of %s", r.ID, sr.HelpURI, rulesDoc(lang))
					}
					continue
				}
				if _, zh := r.Source().Pages[words.Chinese]; lang == words.Chinese && zh && sr.HelpURI == RulesDocURL {
					t.Errorf("%s: helpUri with --lang zh is the English docs/rules.md though a Chinese page exists", r.ID)
				}
				linked++
				if sr.ID != r.ID.String() || sr.HelpURI != u || !strings.Contains(sr.Help.Markdown, "("+u+")") {
					t.Errorf("%s: helpUri %s, want %s in help.markdown too", r.ID, sr.HelpURI, u)
				}
			}
			if linked == 0 {
				t.Error("no rule has a vendor page")
			}
		})
	}
	// The two languages differ where a source has a page in each.
	r := ackrules.ServiceBackendQuota.Rule()
	if en, zh := r.Link(words.English), r.Link(words.Chinese); en == zh || !strings.Contains(zh, "/zh/") || !strings.Contains(en, "/en/") {
		t.Errorf("%s: links en %s zh %s", r.ID, en, zh)
	}
	// The cases: TKE Ingress codes from the English list link TKE's Chinese error-code page;
	// the generic no-endpoints rule links Kubernetes, not one cloud.
	for _, id := range []rules.ID{tkerules.IngressE4026, tkerules.IngressE4033} {
		if u := helpURI(id.Rule(), words.Chinese); !strings.HasPrefix(u, "https://cloud.tencent.com/") {
			t.Errorf("%s: zh helpUri %s, want TKE's Chinese page", id, u)
		}
	}
	if u := helpURI(rules.GenericServiceNoEndpoints.Rule(), words.English); !strings.HasPrefix(u, "https://kubernetes.io/") {
		t.Errorf("generic no-endpoints: helpUri %s, want the Kubernetes page", u)
	}
}

func TestSARIFHelpMarkdown(t *testing.T) {
	log, _ := sarifOf(t)
	all := rules.All()
	for i, sr := range log.Runs[0].Tool.Driver.Rules {
		r := all[i]
		md := sr.Help.Markdown
		if !strings.Contains(md, mdEscape(r.Fix)) || !strings.Contains(md, mdEscape(r.Cause)) || !strings.Contains(md, mdEscape(r.Doc)) ||
			!strings.Contains(md, "("+sr.HelpURI+")") {
			t.Errorf("%s: help.markdown lacks the cause, fix, documentation or rule link:\n%s", r.ID, md)
		}
	}
}

// sarifReport is a report of target name with n findings of alternating severity (a note, then a
// warning, then an error …) at distinct paths.
func sarifReport(t *testing.T, name string, n int) Report {
	info, warn := rules.Info, rules.Warning
	var fs []checks.Finding
	for i := range n {
		f := checks.Finding{Rule: tkerules.ServiceCLBLoopback, Check: "c", Source: checks.SourceCheck, Path: fmt.Sprintf("spec.ports[%d]", i)}
		switch i % 3 {
		case 0:
			f.Severity = &info
		case 1:
			f.Severity = &warn
		}
		fs = append(fs, f)
	}
	r := build(t, checks.Result{Target: snapshot.Target{Kind: snapshot.KindService, Namespace: "ns", Name: name}, Provider: tkerules.Provider, Findings: fs}, snapshot.Offline)
	return r
}

// TestSARIFResultLimit: at the limit every result is kept; past it the most severe are, in report
// order, and a notification says how many were left out.
func TestSARIFResultLimit(t *testing.T) {
	for _, limit := range []int{5, MaxSARIFResults} {
		t.Run(fmt.Sprint(limit), func(t *testing.T) {
			defer func(old int) { MaxSARIFResults = old }(MaxSARIFResults)
			MaxSARIFResults = limit
			at, _ := sarifOf(t, sarifReport(t, "web", limit))
			if n := len(at.Runs[0].Results); n != limit || len(at.Runs[0].Invocations[0].ToolExecutionNotifications) != 0 {
				t.Errorf("at the limit: %d results, notifications %+v", n, at.Runs[0].Invocations[0].ToolExecutionNotifications)
			}
			past, _ := sarifOf(t, sarifReport(t, "web", limit+1))
			res := past.Runs[0].Results
			if len(res) != limit {
				t.Fatalf("past the limit: %d results, want %d", len(res), limit)
			}
			// Of limit+1 results the last note in report order goes; the rest keep their order.
			dropped := limit / 3 * 3
			for i, j := 0, 0; i <= limit; i++ {
				if i == dropped {
					continue
				}
				if want := fmt.Sprintf("spec.ports[%d]", i); res[j].Properties.Path != want {
					t.Fatalf("result %d is %s, want %s", j, res[j].Properties.Path, want)
				}
				j++
			}
			n := past.Runs[0].Invocations[0].ToolExecutionNotifications
			if len(n) != 1 || n[0].Properties != (SARIFNotificationProps{Check: "sarif", Status: "truncated"}) || !strings.HasPrefix(n[0].Message.Text, "1 results left out") {
				t.Errorf("notification %+v", n)
			}
		})
	}
}

// TestSARIFFingerprints: a result's fingerprint names its file, object, rule and path, never its line.
func TestSARIFFingerprints(t *testing.T) {
	r := sarifReport(t, "web", 2)
	r.Findings[0].Location = &snapshot.Location{File: "a.yaml", Line: 3, Column: 1}
	r.Findings[1].Location = &snapshot.Location{File: "a.yaml", Line: 9, Column: 1}
	moved := sarifReport(t, "web", 2)
	moved.Findings[0].Location = &snapshot.Location{File: "a.yaml", Line: 13, Column: 5}
	moved.Findings[1].Location = &snapshot.Location{File: "a.yaml", Line: 19, Column: 5}
	other := sarifReport(t, "web", 1)
	other.Findings[0].Location = &snapshot.Location{File: "b.yaml", Line: 3, Column: 1}
	log, _ := sarifOf(t, r, moved, other)
	res := log.Runs[0].Results
	fp := func(i int) string { return res[i].PartialFingerprints[FingerprintKey] }
	if fp(0) == "" || fp(0) != fp(2) || fp(1) != fp(3) {
		t.Errorf("moving the object changed its fingerprints: %s %s / %s %s", fp(0), fp(1), fp(2), fp(3))
	}
	if fp(0) == fp(1) || fp(0) == fp(4) {
		t.Errorf("another path or file shares the fingerprint %s", fp(0))
	}
}

func TestSARIFNoResults(t *testing.T) {
	_, out := sarifOf(t)
	if !bytes.Contains(out, []byte(`"results": []`)) {
		t.Errorf("a run without results must list none, not omit them")
	}
}

func TestMDEscape(t *testing.T) {
	for in, want := range map[string]string{
		"<service>-auto-service-config": "&lt;service&gt;-auto-service-config",
		"*.example.com and a_b":         "\\*.example.com and a\\_b",
		"plain text, 1-2048":            "plain text, 1-2048",
	} {
		if got := mdEscape(in); got != want {
			t.Errorf("mdEscape(%q) = %q, want %q", in, got, want)
		}
	}
}
