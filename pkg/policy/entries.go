package policy

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// The words of the coverage reasons. Each takes its facts in the same order in both languages.
var (
	whyEventOnly = words.Phrase{
		En: "only the cloud controller's events show it: the cause is cloud-side state (quota, balance, " +
			"cloud resources, API errors) no object holds",
		Zh: "只有云控制器的事件能反映：原因在云上的状态（配额、余额、云资源、API 错误），没有哪个对象记录它",
	}
	// whyUnread takes the annotations (andList) and why they are not read.
	whyUnread = words.Phrase{En: "instances inside %s are not seen: %s", Zh: "策略看不到 %s 中的问题：%s"}
	whyStatus = words.Phrase{
		En: "judged on updates only: it reads status, which the API server resets on create",
		Zh: "仅在更新时判定：该规则读取 status，而 API server 在创建时会重置 status",
	}
	// warnOnly takes decidesText.
	warnOnly = words.Phrase{En: "warn only: %s", Zh: "仅警告：%s"}
	// decidedAlso takes the decisions, each decisionOf, joined by reasonJoin.
	decidedAlso = words.Phrase{En: "also depends on %s", Zh: "还取决于%s"}
	// decisionOf takes a basis and the input it names.
	decisionOf = words.Phrase{En: "%s: %s", Zh: "%s：%s"}
	// reasonJoin joins two parts of a reason.
	reasonJoin = words.Phrase{En: "%s; %s", Zh: "%s；%s"}
	// andJoin joins two names of a list.
	andJoin = words.Phrase{En: "%s and %s", Zh: "%s 和 %s"}
	// summaryLine counts the enforced rules: enforced, single-object, partly enforced, all.
	summaryLine = words.Phrase{
		En: "\n%d of %d single-object rules enforced (%d of them partly: see the reasons above); %d rules in all\n",
		Zh: "\n%[2]d 条单对象规则中已强制执行 %[1]d 条（其中 %[3]d 条仅部分执行，原因见上）；规则共 %[4]d 条\n",
	}
)

// joinWords is parts joined by sep (a Phrase of two facts): the zero Words for no parts.
func joinWords(sep words.Phrase, parts ...words.Words) words.Words {
	var out words.Words
	for _, p := range parts {
		switch {
		case p.IsZero():
		case out.IsZero():
			out = p
		default:
			out = sep.With(out, p)
		}
	}
	return out
}

// andList is names joined by "and" in each language.
func andList(names []string) words.Words {
	parts := make([]words.Words, len(names))
	for i, n := range names {
		parts[i] = words.Phrase{En: "%s", Zh: "%s"}.With(n)
	}
	return joinWords(andJoin, parts...)
}

// genericLeftOut are the provider-neutral rules decidable from the object alone that no policy
// mirrors, with why.
var genericLeftOut = map[rules.ID]words.Words{
	rules.GenericServicePortInvalid: words.Say("the API server's own validation refuses a Service with such a port, so an admission policy never sees one",
		"API server 自身的校验就会拒绝带有这种端口的 Service，准入策略不会见到它"),
}

// Entries gives the coverage of every catalog rule, in catalog order.
func (cat Catalog) Entries() []Entry {
	covered := map[rules.ID]Entry{}
	leftOut := map[rules.ID]words.Words{}
	for id, why := range genericLeftOut {
		leftOut[id] = why
	}
	for _, set := range cat.Sets {
		for id, why := range set.LeftOut {
			leftOut[id] = why
		}
	}
	for _, p := range cat.Policies() {
		for _, c := range p.Rules {
			e := Entry{Rule: c.Rule, Status: StatusCovered, Policy: p.Name}
			switch {
			case len(c.Unread) > 0:
				e.Status = StatusPartial
				e.Reason = whyUnread.With(andList(c.Unread), WhyJSON)
			case c.Partial():
				e.Status = StatusPartial
				e.Reason = c.Misses
			}
			if c.ReadsStatus {
				e.Reason = joinWords(reasonJoin, e.Reason, whyStatus.With())
			}
			if r := c.Rule.Rule(); !r.ObjectAlone() {
				e.Reason = joinWords(reasonJoin, e.Reason, warnOnly.With(decidesText(r)))
			}
			covered[c.Rule] = e
		}
	}
	emitted := map[rules.ID]bool{}
	for _, c := range cat.Suite.Checks() {
		for _, id := range c.Emits {
			emitted[id] = true
		}
	}
	var out []Entry
	for _, r := range rules.All() {
		e, ok := covered[r.ID]
		switch {
		case ok:
		case !leftOut[r.ID].IsZero():
			e = Entry{Rule: r.ID, Status: StatusSingleObject, Reason: leftOut[r.ID]}
		case !r.ObjectAlone():
			e = Entry{Rule: r.ID, Status: contextStatus[r.DecidedBy()[0]], Reason: decidesText(r)}
		case !emitted[r.ID]:
			e = Entry{Rule: r.ID, Status: StatusEventOnly, Reason: whyEventOnly.With()}
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
	rules.ByCloud:         StatusCloud,
}

// decidesText says what, besides the object, decides the rule: "also depends on other objects in
// the cluster: the TLS Secret …; the cloud controller's version: …", each basis and its input in
// plain words in each language.
func decidesText(r rules.Rule) words.Words {
	parts := make([]words.Words, len(r.Decides))
	for i, d := range r.Decides {
		parts[i] = decisionOf.With(d.By.Words(), d.What)
	}
	return decidedAlso.With(joinWords(reasonJoin, parts...))
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
