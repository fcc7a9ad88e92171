package report

import (
	"time"
	"unique"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Held is a report kept for a long time (serve keeps the last report of every target) in a compact
// form: Report gives back a report equal to the one Hold took, field for field, unexported words
// included, so that every output of it, in every language, is the same.
//
// Hold keeps only what cannot be derived again: a text equal to the English of the words it was
// rendered from is rendered again; a finding's code, title, fix, risk and doc equal to its rule's
// come from the rule table again; an Ingress's controller summary from the controller, which is
// interned with the provider and the source (few distinct values serve many targets); the summary
// is counted again; the format's constant fields are set again. Fields that are seldom set (offline locations, clusters,
// suppressed findings, notes, partial checks, incomplete reads, a text that differs from its
// words) sit behind one pointer that is nil when none is set. Anything else is kept as it is.
type Held struct {
	target snapshot.Target
	// common are the provider, the source and the Ingress's controller, interned: few distinct
	// values serve many targets.
	common   unique.Handle[heldCommon]
	evidence words.Words
	findings []heldFinding
	skipped  []heldSkip
	rare     *heldRare
}

// heldCommon are the fields of a held report that many reports share.
type heldCommon struct {
	provider   rules.Provider
	undetected bool
	source     snapshot.Source
	// ic is the Ingress's controller when IngressController is what Build makes of it (hasIC).
	ic    checks.IngressController
	hasIC bool
}

// heldRare are the fields of a held report that are seldom set; each zero value is the usual case.
type heldRare struct {
	// own says which of apiVersion, kind, evidence and summary are kept: they differ from what
	// Report derives.
	own        rareOwn
	apiVersion string
	kind       string
	evidence   string
	summary    Summary
	// ic is IngressController when it is not the one ic of Held derives.
	ic            *IngressController
	note          *Note
	partial       []heldSkip
	incomplete    []string
	suppressed    []heldFinding
	cluster       string
	origin        *snapshot.Location
	alsoDefinedAt []snapshot.Location
	chain         *Chain
}

// rareOwn are flags of the derivable report fields a heldRare keeps as they are.
type rareOwn uint8

const (
	ownAPIVersion rareOwn = 1 << iota
	ownKind
	ownEvidence
	ownSummary
)

// heldFinding is a Finding without what Report derives; extra holds its seldom-set fields.
type heldFinding struct {
	rule     rules.ID
	check    string
	source   checks.Source
	path     string
	words    words.Words
	severity rules.Severity
	from     fromRule
	extra    *findingExtra
}

// fromRule are flags of a held finding: which texts are its rule's (or its words'), and Retried.
type fromRule uint8

const (
	ruleCode fromRule = 1 << iota
	ruleTitle
	ruleFix
	ruleRisk
	ruleDoc
	ruleLink
	// wordsMessage: Message is the English of the finding's words.
	wordsMessage
	retried
)

// findingExtra are a held finding's seldom-set fields, and the texts it does not derive.
type findingExtra struct {
	code, title, fix, risk, doc, link string
	message, localizedMessage         string
	event, eventOrigin                string
	count                             int32
	lastSeen                          time.Time
	change                            *Change
	location                          *snapshot.Location
	consequences                      []heldFinding
}

// isZero reports whether no field of x is set (nil and empty slices differ; so do times of
// different locations).
func (x *findingExtra) isZero() bool {
	return x.code == "" && x.title == "" && x.fix == "" && x.risk == "" && x.doc == "" && x.link == "" && x.message == "" && x.localizedMessage == "" &&
		x.event == "" && x.eventOrigin == "" && x.count == 0 && x.lastSeen == (time.Time{}) && x.change == nil && x.location == nil &&
		x.consequences == nil
}

// heldSkip is a Skipped whose reason, when it is the English of its worded, is worded again.
type heldSkip struct {
	check  string
	class  snapshot.ReasonClass
	worded words.Worded
	// reason is the reason when it is not worded's English; nil when it is.
	reason *string
}

// Hold is r held compactly; Report gives it back.
func Hold(r Report) *Held {
	h := &Held{target: r.Target, evidence: r.Provider.evidence, findings: holdFindings(r.Findings), skipped: holdSkips(r.Skipped)}
	common := heldCommon{provider: r.Provider.Name, undetected: r.Provider.Undetected, source: r.Source}
	var rare heldRare
	if r.APIVersion != APIVersion {
		rare.own |= ownAPIVersion
		rare.apiVersion = r.APIVersion
	}
	if r.Kind != "Report" {
		rare.own |= ownKind
		rare.kind = r.Kind
	}
	if r.Provider.Evidence != r.Provider.evidence.In(words.English) {
		rare.own |= ownEvidence
		rare.evidence = r.Provider.Evidence
	}
	if ic := r.IngressController; ic != nil {
		if *ic == controllerOf(ic.src) {
			common.ic, common.hasIC = ic.src, true
		} else {
			rare.ic = ic
		}
	}
	h.common = unique.Make(common)
	if r.Summary != summaryOf(r.Findings, len(r.Suppressed)) {
		rare.own |= ownSummary
		rare.summary = r.Summary
	}
	rare.note, rare.partial, rare.incomplete = r.Note, holdSkips(r.Partial), r.Incomplete
	rare.suppressed, rare.cluster = holdFindings(r.Suppressed), r.Cluster
	rare.origin, rare.alsoDefinedAt, rare.chain = r.Origin, r.AlsoDefinedAt, r.Chain
	if !rare.isZero() {
		h.rare = &rare
	}
	return h
}

// Target is the target of the held report.
func (h *Held) Target() snapshot.Target { return h.target }

// isZero reports whether no field of the heldRare is set (nil and empty slices differ).
func (rare *heldRare) isZero() bool {
	return rare.own == 0 && rare.ic == nil && rare.note == nil && rare.partial == nil && rare.incomplete == nil &&
		rare.suppressed == nil && rare.cluster == "" && rare.origin == nil && rare.alsoDefinedAt == nil && rare.chain == nil
}

// Report is the report h holds, equal to the one Hold took.
func (h *Held) Report() Report {
	common := h.common.Value()
	r := Report{APIVersion: APIVersion, Kind: "Report", Target: h.target, Source: common.source,
		Provider: Provider{Name: common.provider, Evidence: h.evidence.In(words.English), Undetected: common.undetected, evidence: h.evidence},
		Findings: expandFindings(h.findings), Skipped: expandSkips(h.skipped)}
	if common.hasIC {
		ic := controllerOf(common.ic)
		r.IngressController = &ic
	}
	rare := h.rare
	if rare == nil {
		r.Summary = summaryOf(r.Findings, 0)
		return r
	}
	if rare.own&ownAPIVersion != 0 {
		r.APIVersion = rare.apiVersion
	}
	if rare.own&ownKind != 0 {
		r.Kind = rare.kind
	}
	if rare.own&ownEvidence != 0 {
		r.Provider.Evidence = rare.evidence
	}
	if rare.ic != nil {
		r.IngressController = rare.ic
	}
	r.Note, r.Partial, r.Incomplete = rare.note, expandSkips(rare.partial), rare.incomplete
	r.Suppressed, r.Cluster = expandFindings(rare.suppressed), rare.cluster
	r.Origin, r.AlsoDefinedAt, r.Chain = rare.origin, rare.alsoDefinedAt, rare.chain
	r.Summary = summaryOf(r.Findings, len(r.Suppressed))
	if rare.own&ownSummary != 0 {
		r.Summary = rare.summary
	}
	return r
}

// controllerOf is the IngressController Build makes of a check's.
func controllerOf(ic checks.IngressController) IngressController {
	return IngressController{Name: ic.Name, Class: ic.Class, Controller: ic.Controller, Covered: ic.Covered,
		Summary: ic.Summary(), src: ic}
}

// summaryOf counts findings per severity, and suppressed, as Build and Suppress do.
func summaryOf(fs []Finding, suppressed int) Summary {
	s := Summary{Suppressed: suppressed}
	for _, f := range fs {
		s.add(f.Severity)
	}
	return s
}

// mapped is f of each element of in, in order; nil for nil, empty for empty.
func mapped[T, U any](in []T, f func(*T) U) []U {
	if in == nil {
		return nil
	}
	out := make([]U, len(in))
	for i := range in {
		out[i] = f(&in[i])
	}
	return out
}

// holdFindings are fs held.
func holdFindings(fs []Finding) []heldFinding { return mapped(fs, holdFinding) }

func holdFinding(f *Finding) heldFinding {
	h := heldFinding{rule: f.Rule, check: f.Check, source: f.Source, path: f.Path, words: f.words, severity: f.Severity}
	var x findingExtra
	rule, known := rules.Get(f.Rule)
	// own is the flag of a text when it is the rule's; else the text is kept.
	own := func(flag fromRule, got, ofRule string, keep *string) {
		if known && got == ofRule {
			h.from |= flag
		} else {
			*keep = got
		}
	}
	own(ruleCode, f.Code, rule.Code, &x.code)
	own(ruleTitle, f.Title, rule.Title, &x.title)
	own(ruleFix, f.Fix, rule.Fix, &x.fix)
	own(ruleRisk, f.Risk, rule.Risk, &x.risk)
	own(ruleDoc, f.Doc, rule.Doc, &x.doc)
	own(ruleLink, f.Link, rule.Link(words.English), &x.link)
	if !f.words.IsZero() && f.Message == f.words.In(words.English) {
		h.from |= wordsMessage
	} else {
		x.message = f.Message
	}
	if f.Retried {
		h.from |= retried
	}
	x.event, x.count, x.lastSeen, x.change, x.location = f.Event, f.Count, f.LastSeen, f.Change, f.Location
	x.localizedMessage, x.eventOrigin = f.LocalizedMessage, f.eventOrigin
	x.consequences = holdFindings(f.Consequences)
	if !x.isZero() {
		h.extra = &x
	}
	return h
}

// expandFindings are the findings hs hold.
func expandFindings(hs []heldFinding) []Finding { return mapped(hs, (*heldFinding).finding) }

func (h *heldFinding) finding() Finding {
	f := Finding{Rule: h.rule, Check: h.check, Source: h.source, Path: h.path, Severity: h.severity,
		Retried: h.from&retried != 0, words: h.words}
	var x findingExtra
	if h.extra != nil {
		x = *h.extra
	}
	rule, _ := rules.Get(h.rule)
	text := func(flag fromRule, ofRule, kept string) string {
		if h.from&flag != 0 {
			return ofRule
		}
		return kept
	}
	f.Code = text(ruleCode, rule.Code, x.code)
	f.Title = text(ruleTitle, rule.Title, x.title)
	f.Fix = text(ruleFix, rule.Fix, x.fix)
	f.Risk = text(ruleRisk, rule.Risk, x.risk)
	f.Doc = text(ruleDoc, rule.Doc, x.doc)
	if h.from&ruleLink != 0 {
		f.Link = rule.Link(words.English)
	} else {
		f.Link = x.link
	}
	f.Message = x.message
	if h.from&wordsMessage != 0 {
		f.Message = h.words.In(words.English)
	}
	f.Event, f.Count, f.LastSeen, f.Change, f.Location = x.event, x.count, x.lastSeen, x.change, x.location
	f.LocalizedMessage, f.eventOrigin = x.localizedMessage, x.eventOrigin
	f.Consequences = expandFindings(x.consequences)
	return f
}

// holdSkips are ss held.
func holdSkips(ss []Skipped) []heldSkip { return mapped(ss, holdSkip) }

func holdSkip(s *Skipped) heldSkip {
	h := heldSkip{check: s.Check, class: s.Class, worded: s.worded}
	if s.worded == nil || s.Reason != s.worded.In(words.English) {
		reason := s.Reason
		h.reason = &reason
	}
	return h
}

// expandSkips are the skips hs hold.
func expandSkips(hs []heldSkip) []Skipped { return mapped(hs, (*heldSkip).skipped) }

func (h *heldSkip) skipped() Skipped {
	s := Skipped{Check: h.check, Class: h.class, worded: h.worded}
	if h.reason != nil {
		s.Reason = *h.reason
	} else {
		s.Reason = h.worded.In(words.English)
	}
	return s
}
