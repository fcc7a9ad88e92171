package engine

import (
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
			Title: f.Title, Path: f.Path, Message: f.Message, TargetDeleted: deleted}
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
