// Package report joins check results with the rule table into the versioned report and writes it as
// text, JSON or YAML, or in another tool's format: SARIF (sarif.go) and wgpolicyk8s.io PolicyReports
// (policyreport.go).
package report

import (
	"fmt"
	"strings"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/changes"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// APIVersion is the version of the report format.
const APIVersion = "lbdoctor/v1alpha1"

// Report is the diagnosis of one target. Its field names are a public interface.
type Report struct {
	APIVersion string          `json:"apiVersion"`
	Kind       string          `json:"kind"`
	Target     snapshot.Target `json:"target"`
	Provider   Provider        `json:"provider"`
	// IngressController is, for an Ingress, the controller its class selects and whether the
	// catalog covers it.
	IngressController *IngressController `json:"ingressController,omitempty"`
	// Source is "live" or "offline".
	Source snapshot.Source `json:"source"`
	// Note, when set, says why little of the catalog applies to the target (a Service that is not of
	// type LoadBalancer). It is not a finding: it never changes the exit code.
	Note     *Note     `json:"note,omitempty"`
	Findings []Finding `json:"findings"`
	Skipped  []Skipped `json:"skipped"`
	// Partial lists checks that ran offline on the input files only; objects the files lack could
	// add findings.
	Partial []Skipped `json:"partial,omitempty"`
	Summary Summary   `json:"summary"`
	// Incomplete lists reads that failed part way; set only when the report may be missing findings.
	Incomplete []string `json:"incomplete,omitempty"`
	// Suppressed are findings the object's lbdoctor.io/ignore annotation silenced.
	Suppressed []Finding `json:"suppressed,omitempty"`
	// Cluster is the kubeconfig context of a several-context run (--all-contexts, --context a,b).
	Cluster string `json:"cluster,omitempty"`
	// Origin is where the target is defined in the input files; offline only.
	Origin *snapshot.Location `json:"origin,omitempty"`
	// AlsoDefinedAt are the input's other definitions of the same object, each diagnosed in a
	// report of its own.
	AlsoDefinedAt []snapshot.Location `json:"alsoDefinedAt,omitempty"`
	// Chain is the way from the load balancer to the pods, set when asked (diagnose.Options.Chains).
	Chain *Chain `json:"-"`
}

// IngressController is the ingress controller of an Ingress target.
type IngressController struct {
	// Name is the controller's short name ("TKE CLB", "ALB", "MSE", "ingress-nginx", …); "" when unknown.
	Name string `json:"name,omitempty"`
	// Class is the ingress class the Ingress names; "" when it names none.
	Class string `json:"class,omitempty"`
	// Controller is the IngressClass's spec.controller, when it was read.
	Controller string `json:"controller,omitempty"`
	// Covered is true when the catalog has checks for the controller.
	Covered bool `json:"covered"`
	// Summary says it in one line, e.g. "ALB Ingress: not covered by this catalog yet".
	Summary string `json:"summary"`
	// src words Summary in every language.
	src checks.IngressController
}

// Note is a remark on the target as a whole.
type Note struct {
	// Reason is a stable word for the case: NotLoadBalancer.
	Reason string `json:"reason"`
	// Message says it in one line.
	Message string `json:"message"`
	// src words Message in every language.
	src checks.Note
}

// Provider is the cloud the target was diagnosed for and what decided it.
type Provider struct {
	Name rules.Provider `json:"name"`
	// Evidence says in a few words what decided, e.g. "node providerID cn-beijing.i-2ze…" or
	// "--provider flag".
	Evidence string `json:"evidence"`
	// Undetected is true when --provider was auto and no cloud could be told from the target or the
	// cluster: only the provider-neutral checks ran, and --provider with a cloud's name (CloudNames)
	// runs that cloud's checks.
	Undetected bool `json:"undetected,omitempty"`

	// evidence words Evidence in every language.
	evidence words.Words
}

// String is the provider with its evidence, e.g. "tke (ingress class qcloud)".
func (p Provider) String() string { return fmt.Sprintf("%s (%s)", p.Name, p.Evidence) }

// SetEvidence sets what decided the provider, worded in every language; Evidence is its English.
func (p *Provider) SetEvidence(w words.Words) { p.Evidence, p.evidence = w.In(words.English), w }

// Finding is a finding joined with its rule.
type Finding struct {
	Rule     rules.ID       `json:"rule"`
	Code     string         `json:"code"`
	Severity rules.Severity `json:"severity"`
	Title    string         `json:"title"`
	Check    string         `json:"check"`
	// Source is "check", "event" or "check+event" (a check's prediction that an event confirms).
	Source checks.Source `json:"source"`
	// Event is the confirming event's message of a "check+event" finding.
	Event string `json:"event,omitempty"`
	Path  string `json:"path,omitempty"`
	// Message is the facts of this instance, always in English: scripts may match it whatever the
	// language of the report.
	Message string `json:"message"`
	// LocalizedMessage is Message in the report's language (--lang), set only where it differs.
	LocalizedMessage string `json:"localizedMessage,omitempty"`
	// Fix, Risk, Doc and Link come from the rule; a consequence has none (its cause's fix is the one
	// to apply).
	Fix  string `json:"fix,omitempty"`
	Risk string `json:"risk,omitempty"`
	Doc  string `json:"doc,omitempty"`
	// Link is the rule's vendor page, in the report's language when the vendor has one in it.
	Link    string `json:"link,omitempty"`
	Retried bool   `json:"retried"`
	Count   int32  `json:"count,omitempty"`
	// LastSeen is the newest proving event's time, RFC 3339 in JSON and YAML.
	LastSeen time.Time `json:"lastSeen,omitzero"`

	// Change, for a finding of the change model (preflight, or an edit since the last kubectl
	// apply), is the changed field with its values and what the controller does with the change.
	Change *Change `json:"change,omitempty"`

	// Location is where Path (else its nearest written ancestor, else the object) is in the input
	// files; offline only.
	Location *snapshot.Location `json:"location,omitempty"`
	// Consequences are the problems this finding's cause brings with it (the catalog's
	// ConsequenceOf relation), found on the same object by other checks or events: they are part of
	// this finding, not findings of their own, and fixing this one fixes them. Each has its own rule,
	// source and facts, but no fix, risk or doc, and no consequences.
	Consequences []Finding `json:"consequences,omitempty"`

	// words is Message in every language, when the check worded it (words.Words).
	words words.Words
	// eventOrigin is checks.Finding.EventOrigin: the Event object that locates an event's finding.
	eventOrigin string
}

// Shown is the message as text output shows it: LocalizedMessage, else Message.
func (f Finding) Shown() string {
	if f.LocalizedMessage != "" {
		return f.LocalizedMessage
	}
	return f.Message
}

// Change is a changed field and what the cloud controller does with the change.
type Change struct {
	// Class is rejected, destructive or disruptive.
	Class rules.ChangeClass `json:"class"`
	Field string            `json:"field"`
	// Old and New are the values before and after; "" is not set.
	Old         string `json:"old"`
	New         string `json:"new"`
	Consequence string `json:"consequence"`
	// src is the change the model found, which words the consequence in every language.
	src changes.Change
}

// Skipped is a check that could not run, with the reason.
type Skipped struct {
	Check  string `json:"check"`
	Reason string `json:"reason"`
	// Class is the cause of the skip, one of snapshot.ReasonClasses; not part of the outputs.
	Class snapshot.ReasonClass `json:"-"`

	// worded words Reason in every language when it is the checks' own text.
	worded words.Worded
}

// Summary counts findings per severity, and the suppressed ones.
type Summary struct {
	Error      int `json:"error"`
	Warning    int `json:"warning"`
	Info       int `json:"info"`
	Suppressed int `json:"suppressed,omitempty"`
}

// List holds the reports of several targets.
type List struct {
	APIVersion string   `json:"apiVersion"`
	Kind       string   `json:"kind"`
	Items      []Report `json:"items"`
	Summary    Summary  `json:"summary"`
}

// Build joins a check result with the rule table. A finding that names no catalog rule is an error:
// the report never shows a rule without its title, fix and severity.
//
// incomplete are the snapshot's failed reads; the report lists their notes.
func Build(res checks.Result, source snapshot.Source, incomplete []snapshot.FailedRead) (Report, error) {
	r := Report{APIVersion: APIVersion, Kind: "Report", Target: res.Target, Provider: Provider{Name: res.Provider},
		Source: source, Findings: make([]Finding, 0, len(res.Findings)), Skipped: make([]Skipped, 0, len(res.Skipped)),
		Incomplete: snapshot.Notes(incomplete)}
	if len(res.Partial) > 0 {
		r.Partial = make([]Skipped, 0, len(res.Partial))
	}
	for _, f := range res.Findings {
		out, err := joinRule(f, res.Target)
		if err != nil {
			return Report{}, err
		}
		for _, c := range f.Consequences {
			jc, err := joinRule(c, res.Target)
			if err != nil {
				return Report{}, err
			}
			jc.Fix, jc.Risk, jc.Doc, jc.Link = "", "", "", ""
			out.Consequences = append(out.Consequences, jc)
		}
		r.Findings = append(r.Findings, out)
		r.Summary.add(out.Severity)
	}
	for _, s := range res.Skipped {
		r.Skipped = append(r.Skipped, Skipped{Check: s.Check, Reason: s.Reason, Class: s.Class, worded: s.Worded})
	}
	if res.Note != nil {
		r.Note = &Note{Reason: res.Note.Reason, Message: res.Note.Message, src: *res.Note}
	}
	if ic := res.Controller; ic != nil {
		r.IngressController = &IngressController{Name: ic.Name, Class: ic.Class, Controller: ic.Controller,
			Covered: ic.Covered, Summary: ic.Summary(), src: *ic}
	}
	for _, s := range res.Partial {
		r.Partial = append(r.Partial, Skipped{Check: s.Check, Reason: s.Reason, Class: s.Class, worded: s.Worded})
	}
	return r, nil
}

// joinRule is a check's finding joined with its rule (its consequences aside). A finding that
// names no catalog rule is an error.
func joinRule(f checks.Finding, t snapshot.Target) (Finding, error) {
	rule, ok := rules.Get(f.Rule)
	if !ok {
		return Finding{}, words.Errorf("internal error: check %q reported a finding of no catalog rule for %s", "内部错误：检查 %q 为 %s 报告了一个不在规则目录中的问题", f.Check, t)
	}
	out := Finding{Rule: f.Rule, Code: rule.Code, Severity: f.EffectiveSeverity(),
		Title: rule.Title, Check: f.Check, Source: f.Source, Event: f.Event, Path: f.Path, Message: f.Message,
		Fix: rule.Fix, Risk: rule.Risk, Doc: rule.Doc, Link: rule.Link(words.English), Retried: rule.Retried, Count: f.Count,
		LastSeen: f.LastSeen, words: f.Words, eventOrigin: f.EventOrigin}
	if c := f.Change; c != nil {
		out.Change = &Change{Class: c.Class(), Field: c.Field, Old: c.Old, New: c.New, Consequence: c.Consequence, src: *c}
	}
	return out, nil
}

// locatedAt is the path a finding is located by: for one an event alone proves, the Event object's
// own (when it was read from a file), else the finding's path.
func (f *Finding) locatedAt() string {
	if f.Source == checks.SourceEvent && f.eventOrigin != "" {
		return f.eventOrigin
	}
	return f.Path
}

// Locate sets the location of each finding and consequence from its path; where returns nil when
// it knows none.
func (r *Report) Locate(where func(path string) *snapshot.Location) {
	for i := range r.Findings {
		f := &r.Findings[i]
		f.Location = where(f.locatedAt())
		for j := range f.Consequences {
			f.Consequences[j].Location = where(f.Consequences[j].locatedAt())
		}
	}
}

func (s *Summary) add(sev rules.Severity) {
	switch sev {
	case rules.Error:
		s.Error++
	case rules.Warning:
		s.Warning++
	default:
		s.Info++
	}
}

// NewList wraps reports into a List with a total summary.
func NewList(items []Report) List {
	l := List{APIVersion: APIVersion, Kind: "ReportList", Items: items}
	if l.Items == nil {
		l.Items = []Report{}
	}
	for _, r := range items {
		l.Summary.plus(r.Summary)
	}
	return l
}

// plus adds o's counts to s.
func (s *Summary) plus(o Summary) {
	s.Error += o.Error
	s.Warning += o.Warning
	s.Info += o.Info
	s.Suppressed += o.Suppressed
}

// IgnoreAnnotation on a Service or Ingress lists rule ids or codes, comma-separated, whose findings
// on that object are suppressed: moved to Suppressed and counted, never dropped.
const IgnoreAnnotation = "lbdoctor.io/ignore"

// ParseIgnore splits an IgnoreAnnotation value into its entries.
func ParseIgnore(v string) []string {
	var out []string
	for _, e := range strings.Split(v, ",") {
		if e = strings.TrimSpace(e); e != "" {
			out = append(out, e)
		}
	}
	return out
}

// Suppress moves the findings whose rule id, code or slug (any case) is in ignore to Suppressed and
// recounts the summary. It returns the entries that matched no finding's rule or code in the
// catalog, which are likely typos.
func (r *Report) Suppress(ignore []string) (unknown []string) {
	if len(ignore) == 0 {
		return nil
	}
	match := func(f Finding) bool {
		for _, e := range ignore {
			if strings.EqualFold(e, f.Rule.String()) || strings.EqualFold(e, f.Rule.Slug()) || (f.Code != "" && strings.EqualFold(e, f.Code)) {
				return true
			}
		}
		return false
	}
	kept := []Finding{}
	r.Summary = Summary{Suppressed: r.Summary.Suppressed}
	for _, f := range r.Findings {
		if match(f) {
			r.Suppressed = append(r.Suppressed, f)
			r.Summary.Suppressed++
			continue
		}
		kept = append(kept, f)
		r.Summary.add(f.Severity)
	}
	r.Findings = kept
	for _, e := range ignore {
		if len(rules.Lookup(e, "", "")) == 0 {
			unknown = append(unknown, e)
		}
	}
	return unknown
}

// Worst returns the highest severity among the findings and whether there is any.
func (r Report) Worst() (rules.Severity, bool) {
	switch {
	case r.Summary.Error > 0:
		return rules.Error, true
	case r.Summary.Warning > 0:
		return rules.Warning, true
	case r.Summary.Info > 0:
		return rules.Info, true
	}
	return rules.Info, false
}

// FailOn is the threshold for a non-zero exit: findings at or above it fail the run.
type FailOn struct {
	// None disables failing on findings.
	None bool
	At   rules.Severity
}

// ParseFailOn reads a threshold: a severity (error, warning, info), or none.
func ParseFailOn(s string) (FailOn, error) {
	if s == "none" {
		return FailOn{None: true}, nil
	}
	sev, err := rules.ParseSeverity(s)
	if err != nil {
		return FailOn{}, err
	}
	return FailOn{At: sev}, nil
}

// ExitCode is 1 when any report has a finding at or above the threshold, else 0.
func ExitCode(reports []Report, fail FailOn) int {
	if fail.None {
		return 0
	}
	for _, r := range reports {
		if w, ok := r.Worst(); ok && w >= fail.At {
			return 1
		}
	}
	return 0
}

// Downgrade lowers to sev the findings match selects (a preflight's destructive changes with
// --allow-destructive) and counts the summary again.
func (r *Report) Downgrade(match func(Finding) bool, sev rules.Severity) {
	s := Summary{Suppressed: r.Summary.Suppressed}
	for i := range r.Findings {
		f := &r.Findings[i]
		if f.Severity > sev && match(*f) {
			f.Severity = sev
		}
		s.add(f.Severity)
	}
	r.Summary = s
}

// OneLine collapses the white space of s, line breaks included, so that an error prints as one line.
func OneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
