package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// RuleView is the public JSON/YAML shape of a catalog entry, as the rules and explain subcommands
// print it.
type RuleView struct {
	ID       rules.ID       `json:"id"`
	Provider rules.Provider `json:"provider"`
	Kind     string         `json:"kind"`
	Code     string         `json:"code"`
	Severity rules.Severity `json:"severity"`
	Title    string         `json:"title"`
	Cause    string         `json:"cause"`
	Fix      string         `json:"fix"`
	Risk     string         `json:"risk"`
	Doc      string         `json:"doc"`
	Retried  bool           `json:"retried"`
	// Decides is what, besides the object, decides the verdict (empty: the object alone).
	Decides []DecisionView `json:"decides"`
	// Links maps a language (en, zh) to the vendor page that documents the rule in it
	// (rules.Rule.Link); absent when no vendor page is known (docs/sources.md says why).
	Links map[words.Lang]string `json:"links,omitempty"`
}

// DecisionView is the public shape of one rules.Decision: What is worded in the view's language; By
// and IfUnknown are enum values, the same in every language.
type DecisionView struct {
	By        rules.Basis   `json:"by"`
	What      string        `json:"what"`
	IfUnknown rules.Unknown `json:"ifUnknown"`
}

// View is r in its public shape, with what decides it and its Doc citation worded in lang. The rule's own texts are as r
// holds them (Rule.In gives them in a language).
func View(r rules.Rule, lang words.Lang) RuleView {
	v := RuleView{ID: r.ID, Provider: r.Provider, Kind: r.Kind.Lower(), Code: r.Code, Severity: r.Severity,
		Title: r.Title, Cause: r.Cause, Fix: r.Fix, Risk: r.Risk, Doc: r.DocIn(lang), Retried: r.Retried, Decides: []DecisionView{}}
	for _, d := range r.Decides {
		v.Decides = append(v.Decides, DecisionView{By: d.By, What: d.What.In(lang), IfUnknown: d.IfUnknown})
	}
	for _, lang := range []words.Lang{words.English, words.Chinese} {
		if u := r.Link(lang); u != "" {
			if v.Links == nil {
				v.Links = map[words.Lang]string{}
			}
			v.Links[lang] = u
		}
	}
	return v
}

// Views are rs in their public shape, as View words them in lang, never nil.
func Views(rs []rules.Rule, lang words.Lang) []RuleView {
	out := make([]RuleView, 0, len(rs))
	for _, r := range rs {
		out = append(out, View(r, lang))
	}
	return out
}

// WriteRuleTable writes rs as the text table of the rules subcommand: id, code, severity and title,
// aligned by display width (a Chinese title takes two cells a character).
func WriteRuleTable(w io.Writer, rs []rules.Rule) error {
	ew := &errWriter{w: w}
	var t table
	t.add(nil, "ID", "CODE", "SEVERITY", "TITLE")
	for _, r := range rs {
		t.add(nil, r.ID.String(), CodeLabel(r.ID), r.Severity.String(), r.Title)
	}
	t.write(ew)
	return ew.err
}

// WriteRuleTableWide writes rs as the rules subcommand's -o wide: the table with the provider, the
// kind and the vendor page (in lang when the vendor has one in it) of each rule.
func WriteRuleTableWide(w io.Writer, rs []rules.Rule, lang words.Lang) error {
	ew := &errWriter{w: w}
	var t table
	t.add(nil, "ID", "CODE", "SEVERITY", "PROVIDER", "KIND", "TITLE", "LINK")
	for _, r := range rs {
		t.add(nil, r.ID.String(), CodeLabel(r.ID), r.Severity.String(), string(r.Provider), r.Kind.Lower(), r.Title, r.Link(lang))
	}
	t.write(ew)
	return ew.err
}

// WriteRuleDetails writes each of rs in full as the explain subcommand's text: a heading line, its
// cause, fix, risk and doc, whether the controller retries, and what else decides it; a blank line
// between rules. Write errors are not reported: the caller's exit status does not depend on them.
//
// The rules' texts are written as rs hold them (rules.AllIn gives them in a language); lang is the
// language of the labels and of what decides each rule; titles name the clouds (Writer.Titles).
func WriteRuleDetails(w io.Writer, rs []rules.Rule, lang words.Lang, titles map[rules.Provider]words.Phrase) {
	for i, r := range rs {
		if i > 0 {
			fmt.Fprintln(w)
		}
		kind := r.Kind.Lower()
		if lang == words.Chinese {
			kind = string(r.Kind) // Service, Ingress: the vendors' Chinese pages name the kinds so
		}
		fmt.Fprintf(w, say(lang, phRuleHeading), r.ID, r.Title, providerIn(lang, r.Provider, titles), kind, CodeLabel(r.ID), severityIn(lang, r.Severity))
		fmt.Fprintf(w, say(lang, phCause), r.Cause)
		hints := [][2]string{{say(lang, phFix), r.Fix}, {say(lang, phRisk), r.Risk}, {say(lang, phDoc), r.DocIn(lang)}}
		if u := r.Link(lang); u != "" {
			hints = append(hints, [2]string{say(lang, phLink), u})
		}
		for _, h := range hints {
			pad := max(0, 7-DisplayWidth(h[0])) // under "cause: "
			if lang == words.Chinese {
				pad = 0 // 原因：修复：风险：文档： are as wide as one another
			}
			fmt.Fprintf(w, "  %s%s%s\n", h[0], strings.Repeat(" ", pad), h[1])
		}
		if r.Retried {
			fmt.Fprint(w, say(lang, phRetried))
		}
		for _, d := range r.Decides {
			fmt.Fprintf(w, say(lang, phDecidedBy), d.By.In(lang), d.What.In(lang), d.IfUnknown.In(lang))
		}
	}
}
