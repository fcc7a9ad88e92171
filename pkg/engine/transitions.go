package engine

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// Transition is one finding that appeared or cleared between two diagnoses of a target: the JSON
// line of -o json --watch.
type Transition struct {
	Time time.Time `json:"time"`
	// Change is "appeared" or "cleared".
	Change   string          `json:"change"`
	Target   snapshot.Target `json:"target"`
	Rule     rules.ID        `json:"rule"`
	Code     string          `json:"code"`
	Severity rules.Severity  `json:"severity"`
	Title    string          `json:"title"`
	Path     string          `json:"path,omitempty"`
	Message  string          `json:"message"`
	// LocalizedMessage is Message in the report's language, set only where it differs (as a
	// report's finding).
	LocalizedMessage string `json:"localizedMessage,omitempty"`
	// TargetDeleted is set on the findings cleared because their target is gone.
	TargetDeleted bool `json:"targetDeleted,omitempty"`
}

// findingKey identifies a finding across diagnoses: an event's count and latest message change
// without making it another finding.
func findingKey(f report.Finding) string {
	msg := f.Message
	if f.Source == checks.SourceEvent {
		msg = ""
	}
	return strings.Join([]string{f.Rule.String(), f.Severity.String(), f.Path, msg}, "\x00")
}

// Transitions lists the findings of after that before lacks (appeared), then those of before that
// after lacks (cleared).
func Transitions(now time.Time, t snapshot.Target, before, after []report.Finding, deleted bool) []Transition {
	had := map[string]bool{}
	for _, f := range before {
		had[findingKey(f)] = true
	}
	has := map[string]bool{}
	for _, f := range after {
		has[findingKey(f)] = true
	}
	var out []Transition
	mk := func(change string, f report.Finding) Transition {
		return Transition{Time: now, Change: change, Target: t, Rule: f.Rule, Code: f.Code, Severity: f.Severity,
			Title: f.Title, Path: f.Path, Message: f.Message, LocalizedMessage: f.LocalizedMessage, TargetDeleted: deleted}
	}
	for _, f := range after {
		if !had[findingKey(f)] {
			out = append(out, mk("appeared", f))
		}
	}
	for _, f := range before {
		if !has[findingKey(f)] {
			out = append(out, mk("cleared", f))
		}
	}
	return out
}

// Tracker holds each target's findings of its last diagnosis, so that a watch prints what changed:
// a re-diagnosis that finds the same (a re-list after a dropped watch) gives no transition.
type Tracker map[snapshot.Target][]report.Finding

// Seed records the findings of the first pass.
func (t Tracker) Seed(reports []report.Report) {
	for _, r := range reports {
		t[r.Target] = r.Findings
	}
}

// Next records a later pass and returns its transitions at now: those of each re-diagnosed target,
// then those of each removed one (its findings cleared, marked TargetDeleted).
func (t Tracker) Next(now time.Time, u Update) []Transition {
	var out []Transition
	for _, r := range u.Reports {
		out = append(out, Transitions(now, r.Target, t[r.Target], r.Findings, false)...)
		t[r.Target] = r.Findings
	}
	for _, tgt := range u.Removed {
		out = append(out, Transitions(now, tgt, t[tgt], nil, true)...)
		delete(t, tgt)
	}
	return out
}

// WriteTransition writes tr as one line: a JSON object, or the text
// "15:04:05  + ERROR    E4009  ingress/shop/mall  title: message" (- and "(cleared)" when it cleared).
func WriteTransition(w io.Writer, tr Transition, asJSON bool) {
	if asJSON {
		b, err := json.Marshal(tr)
		if err == nil {
			fmt.Fprintln(w, string(b))
		}
		return
	}
	sign, note := "+", ""
	if tr.Change == "cleared" {
		sign, note = "-", " (cleared)"
		if tr.TargetDeleted {
			note = " (cleared: " + tr.Target.Kind.Lower() + " deleted)"
		}
	}
	code := tr.Code
	if code == "" {
		code = tr.Rule.String()
	}
	fmt.Fprintf(w, "%s  %s %-7s  %s  %s/%s/%s  %s: %s%s\n", tr.Time.Format("15:04:05"), sign,
		strings.ToUpper(tr.Severity.String()), code, tr.Target.Kind.Lower(), tr.Target.Namespace, tr.Target.Name,
		tr.Title, report.Finding{Message: tr.Message, LocalizedMessage: tr.LocalizedMessage}.Shown(), note)
}
