package policy

import (
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

const whyEventOnly = "only the cloud controller's events show it: the cause is cloud-side state (quota, balance, " +
	"cloud resources, API errors) no object holds"

// Entries gives the coverage of every catalog rule, in catalog order.
func Entries() []Entry {
	covered := map[rules.ID]Entry{}
	for _, p := range Policies() {
		for _, c := range p.Rules {
			e := Entry{Rule: c.Rule, Status: StatusCovered, Policy: p.Name}
			switch {
			case len(c.Unread) > 0:
				e.Status = StatusPartial
				e.Reason = "instances inside " + strings.Join(c.Unread, " and ") + " are not seen: " + whyJSON
			case c.Partial():
				e.Status = StatusPartial
				e.Reason = c.Misses
			}
			if c.ReadsStatus {
				e.Reason = strings.TrimPrefix(e.Reason+"; ", "; ") + "judged on updates only: it reads status, which the API server resets on create"
			}
			if r := c.Rule.Rule(); !r.ObjectAlone() {
				e.Reason = strings.TrimPrefix(e.Reason+"; ", "; ") + "warn only: " + decidesText(r)
			}
			covered[c.Rule] = e
		}
	}
	emitted := map[rules.ID]bool{}
	for _, c := range checks.All() {
		for _, id := range c.Emits {
			emitted[id] = true
		}
	}
	var out []Entry
	for _, r := range rules.All() {
		e, ok := covered[r.ID]
		switch {
		case ok:
		case singleObjectReasons[r.ID] != "":
			e = Entry{Rule: r.ID, Status: StatusSingleObject, Reason: singleObjectReasons[r.ID]}
		case !r.ObjectAlone():
			e = Entry{Rule: r.ID, Status: contextStatus[r.DecidedBy()[0]], Reason: decidesText(r)}
		case !emitted[r.ID]:
			e = Entry{Rule: r.ID, Status: StatusEventOnly, Reason: whyEventOnly}
		default:
			e = Entry{Rule: r.ID}
		}
		out = append(out, e)
	}
	return out
}

// contextStatus is the status of an uncovered rule by the first basis that decides it.
var contextStatus = map[rules.Basis]Status{
	rules.ByOtherObjects:  StatusOtherObjects,
	rules.ByClusterConfig: StatusClusterConfig,
	rules.ByVersion:       StatusVersion,
	rules.ByHistory:       StatusHistory,
}

// decidesText says what, besides the object, decides the rule: "reads the TLS Secret; controller
// version: …".
func decidesText(r rules.Rule) string {
	var parts []string
	for _, d := range r.Decides {
		parts = append(parts, string(d.By)+": "+d.What.In(rules.English))
	}
	return "decided also by " + strings.Join(parts, "; ")
}

// Summary counts the rules by coverage.
type Summary struct {
	Total, SingleObject, Covered, Partial int
}

// Summarize counts entries.
func Summarize(es []Entry) Summary {
	s := Summary{Total: len(es)}
	for _, e := range es {
		if e.SingleObject() {
			s.SingleObject++
		}
		switch e.Status {
		case StatusCovered:
			s.Covered++
		case StatusPartial:
			s.Partial++
		}
	}
	return s
}
