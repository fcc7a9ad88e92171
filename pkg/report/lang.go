package report

import (
	"fmt"
	"slices"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// phrase is a fixed piece of text output (a heading, a label, a summary line's format), written in
// every language of words.LangValues.
type phrase int

// The phrases of text output. Keys, rule ids, codes, severities and column headers are not phrases:
// they stay English in every language, so that scripts and searches keep working.
const (
	phSource phrase = iota
	phCluster
	phAlsoDefined
	phProvider
	phController
	phNote
	phIncomplete
	phNoProblemsSkipped
	phNoProblems
	phEventSeen
	phConfirmed
	phEventCount
	phEventCountLast
	phConsequence
	phFix
	phRisk
	phDoc
	phLink
	phSuppressedBy
	phSummary
	phSummarySuppressed
	phListThem
	phTotal
	phTotalSuppressed
	phTotalHidden
	phConfirmedShort
	phCause
	phRetried
	phDecidedBy
	phRuleHeading
	phSARIFSkipped
	phSARIFPartial
	phSARIFTruncated
	phSARIFConfirmed
	phSARIFCause
	phSARIFFix
	phSARIFIfLeft
	phSARIFDocumented
	phSARIFVendorPage
	phErrorPrefix
	phUndetected
	phTotalUndetected
	phRetryHint
	phListSep
	phParens
	phLocated
	phFactLine
	phCheckLine
	phConsequenceLine
	phCodeTitle
	phCount // number of phrases; keep last
)

// phrases are the texts of each phrase in every language. A phrase with a format takes the same
// verbs, in the same order, in both languages.
var phrases = [phCount]words.Phrase{
	phSource:            {En: "source: ", Zh: "来源："},
	phCluster:           {En: "cluster: ", Zh: "集群："},
	phAlsoDefined:       {En: "  also defined at %s (diagnosed on its own)\n", Zh: "  另见于 %s（单独诊断）\n"},
	phProvider:          {En: "  provider: %s (%s)\n", Zh: "  云厂商：%s（%s）\n"},
	phController:        {En: "  controller: %s\n", Zh: "  控制器：%s\n"},
	phNote:              {En: "  note: %s\n", Zh: "  说明：%s\n"},
	phIncomplete:        {En: "  %s the report may be incomplete: %s\n", Zh: "  %s 报告可能不完整：%s\n"},
	phNoProblemsSkipped: {En: "  no problems found by the checks that ran (%d skipped)\n", Zh: "  已运行的检查未发现问题（跳过 %d 项）\n"},
	phNoProblems:        {En: "  no problems found\n", Zh: "  未发现问题\n"},
	phEventSeen:         {En: "event (%s)", Zh: "事件（%s）"},
	phConfirmed:         {En: "          confirmed by event (%s): %s\n", Zh: "          已由事件证实（%s）：%s\n"},
	phEventCount:        {En: "x%d", Zh: "%d 次"},
	phEventCountLast:    {En: "x%d, last %s", Zh: "%d 次，最近 %s"},
	phConsequence:       {En: "consequence: ", Zh: "连带问题："},
	phFix:               {En: "fix:  ", Zh: "修复："},
	phRisk:              {En: "risk: ", Zh: "风险："},
	phDoc:               {En: "doc:  ", Zh: "文档："},
	phLink:              {En: "link: ", Zh: "链接："},
	phSuppressedBy:      {En: "[%s] by %s", Zh: "[%s] 由 %s 屏蔽"},
	phSummary:           {En: "  summary: %d error(s), %d warning(s), %d info", Zh: "  汇总：%d 个错误，%d 个警告，%d 个提示"},
	phSummarySuppressed: {En: ", %d suppressed by %s", Zh: "，%d 个由 %s 屏蔽"},
	phListThem:          {En: " (-v lists them)", Zh: "（-v 列出）"},
	phTotal:             {En: "total: %d object(s), %d with findings, %d ok; %d error(s), %d warning(s), %d info", Zh: "合计：%d 个对象，%d 个有问题，%d 个正常；%d 个错误，%d 个警告，%d 个提示"},
	phTotalSuppressed:   {En: ", %d suppressed", Zh: "，%d 个已屏蔽"},
	phTotalHidden:       {En: " (%d ok not listed; --show-ok lists them)", Zh: "（%d 个正常对象未列出；--show-ok 列出）"},
	phConfirmedShort:    {En: "%s; confirmed by event (%s): %s", Zh: "%s；已由事件证实（%s）：%s"},
	phCause:             {En: "  cause: %s\n", Zh: "  原因：%s\n"},
	phRetried:           {En: "  the cloud controller retries this by itself\n", Zh: "  云控制器会自动重试\n"},
	phDecidedBy:         {En: "  also depends on %s: %s (if that cannot be read: %s)\n", Zh: "  还取决于%s：%s（无法读取时：%s）\n"},
	phRuleHeading:       {En: "%s  %s  (%s %s, code %s, %s)\n", Zh: "%s  %s  （%s %s，错误码 %s，%s）\n"},
	phSARIFSkipped:      {En: "%s: check %s skipped: %s", Zh: "%s：检查 %s 已跳过：%s"},
	phSARIFPartial:      {En: "%s: check %s ran on the input files only: %s", Zh: "%s：检查 %s 仅基于输入文件运行：%s"},
	phSARIFTruncated:    {En: "%d results left out: code scanning keeps %d per run; the most severe are listed (-o json lists all)", Zh: "省略了 %d 条结果：代码扫描每次最多保留 %d 条，已列出最严重的（-o json 列出全部）"},
	phSARIFConfirmed:    {En: " (confirmed by event: %s)", Zh: "（已由事件证实：%s）"},
	phSARIFCause:        {En: "**Cause.** ", Zh: "**原因**："},
	phSARIFFix:          {En: "**Fix.** ", Zh: "**修复**："},
	phSARIFIfLeft:       {En: "**If left.** ", Zh: "**不处理的后果**："},
	phSARIFDocumented:   {En: "**Documented in:** %s. See also [%s](%s#%s).", Zh: "**文档**：%s。另见 [%s](%s#%s)。"},
	phSARIFVendorPage:   {En: "\n\n**Vendor page:** [%[1]s](%[1]s)", Zh: "\n\n**厂商文档页**：[%[1]s](%[1]s)"},
	phErrorPrefix:       {En: "error: %s\n", Zh: "错误：%s\n"},
	phUndetected:        {En: "  note: the cloud could not be told, so only the provider-neutral checks ran; --provider %s runs a cloud's checks\n", Zh: "  说明：无法判断所在的云，只运行了与云厂商无关的检查；用 --provider %s 运行对应云的检查\n"},
	phTotalUndetected:   {En: "note: %d object(s) on a cloud that could not be told: only the provider-neutral checks ran; --provider %s runs a cloud's checks", Zh: "说明：%d 个对象无法判断所在的云，只运行了与云厂商无关的检查；用 --provider %s 运行对应云的检查"},
	phRetryHint:         {En: "%w; retry, or pass --allow-incomplete to accept it", Zh: "%w；请重试，或加上 --allow-incomplete 接受不完整的报告"},
	phListSep:           {En: ", ", Zh: "，"},
	phParens:            {En: "(%s)", Zh: "（%s）"},
	phLocated:           {En: "%s (%s)", Zh: "%s（%s）"},
	phFactLine:          {En: "%s%s: %s\n", Zh: "%s%s：%s\n"},
	phCheckLine:         {En: "  %s %s: %s\n", Zh: "  %s %s：%s\n"},
	phConsequenceLine:   {En: "%s%s%s %s: %s\n", Zh: "%s%s%s %s：%s\n"},
	phCodeTitle:         {En: "%s: %s", Zh: "%s：%s"},
}

// sourceWords and severityWords name a report's source and a severity for a Chinese reader, and
// genericWords the generic provider (a cloud is named by its title, Writer.Titles); English text
// keeps the identifiers (live, offline, tke, error), which JSON, YAML and the tables carry in every
// language.
var (
	sourceWords   = map[snapshot.Source]string{snapshot.Live: "集群", snapshot.Offline: "离线文件"}
	severityWords = map[rules.Severity]string{rules.Error: "错误", rules.Warning: "警告", rules.Info: "提示"}
)

const genericWords = "未识别"

// sourceIn is s for a reader of lang.
func sourceIn(lang words.Lang, s snapshot.Source) string {
	if z, ok := sourceWords[s]; ok && lang == words.Chinese {
		return z
	}
	return string(s)
}

// providerIn is p for a reader of lang: in Chinese, its title among titles.
func providerIn(lang words.Lang, p rules.Provider, titles map[rules.Provider]words.Phrase) string {
	if lang != words.Chinese {
		return string(p)
	}
	if p == rules.Generic {
		return genericWords
	}
	if t, ok := titles[p]; ok && t.Zh != "" {
		return t.Zh
	}
	return string(p)
}

// severityIn is s for a reader of lang.
func severityIn(lang words.Lang, s rules.Severity) string {
	if z, ok := severityWords[s]; ok && lang == words.Chinese {
		return z
	}
	return s.String()
}

// ErrorLine is the line an error that ends the run prints as on stderr: "error: " and its message
// in lang (words.ErrorIn: worded by the outermost words.Worded error of its chain, the plain
// layers around that kept as they are), on one line.
func ErrorLine(lang words.Lang, err error) string {
	return fmt.Sprintf(say(lang, phErrorPrefix), OneLine(words.ErrorIn(err, lang)))
}

// RetryIncomplete wraps err, a read that failed part way, with the hint of a run that exits 2, in
// every language.
func RetryIncomplete(err error) error {
	p := phrases[phRetryHint]
	return words.Errorf(p.En, p.Zh, err)
}

// say is phrase p in lang.
func say(lang words.Lang, p phrase) string { return phrases[p].In(lang) }

// Localize returns r with the catalog's texts (titles, fixes, risks) of its findings, consequences
// and suppressed findings in lang, each message a check worded (Context.Say, change findings
// included) and each change's consequence in lang. Rule ids, codes, severities, paths and the other
// facts (an event's text, a message clipped or not worded) are unchanged. r itself is not modified.
func Localize(r Report, lang words.Lang) Report {
	if lang == words.English {
		return r
	}
	if !r.Provider.evidence.IsZero() && r.Provider.evidence.In(words.English) == r.Provider.Evidence {
		r.Provider.Evidence = r.Provider.evidence.In(lang)
	}
	r.Findings = localizeFindings(r.Findings, lang)
	r.Suppressed = localizeFindings(r.Suppressed, lang)
	if r.Note != nil && r.Note.src.Reason != "" {
		n := *r.Note
		n.Message = n.src.Words().In(lang)
		r.Note = &n
	}
	if r.IngressController != nil && r.IngressController.src.Summary() == r.IngressController.Summary {
		ic := *r.IngressController
		ic.Summary = ic.src.Words().In(lang)
		r.IngressController = &ic
	}
	r.Skipped = localizeSkips(r.Skipped, lang)
	r.Partial = localizeSkips(r.Partial, lang)
	return r
}

// localizeSkips are ss (a copy) with their reasons in lang: a reason worded in every language (the
// checks' own text, or the snapshot's *UnknownError) is shown in lang; any other is a fact (a Go
// library's error) and stays as it is.
func localizeSkips(ss []Skipped, lang words.Lang) []Skipped {
	if ss == nil {
		return nil
	}
	out := slices.Clone(ss)
	for i := range out {
		if w := out[i].worded; w != nil && w.In(words.English) == out[i].Reason {
			out[i].Reason = w.In(lang)
		}
	}
	return out
}

// localizeFindings are fs (a copy) with their rule texts in lang.
func localizeFindings(fs []Finding, lang words.Lang) []Finding {
	if fs == nil {
		return nil
	}
	out := slices.Clone(fs)
	for i := range out {
		f := &out[i]
		if rule, ok := rules.Get(f.Rule); ok {
			t := rule.Text(lang)
			f.Title = t.Title
			if f.Fix != "" {
				f.Fix = t.Fix
			}
			if f.Risk != "" {
				f.Risk = t.Risk
			}
			if f.Doc != "" {
				f.Doc = rule.DocIn(lang)
			}
			if f.Link != "" {
				f.Link = rule.Link(lang)
			}
		}
		if !f.words.IsZero() && f.Message == f.words.In(words.English) {
			if m := f.words.In(lang); m != f.Message {
				f.LocalizedMessage = m
			}
		}
		if f.Change != nil {
			c := *f.Change
			c.Consequence = c.src.ConsequenceIn(lang)
			f.Change = &c
		}
		f.Consequences = localizeFindings(f.Consequences, lang)
	}
	return out
}

// LocalizeAll is Localize of each report.
func LocalizeAll(reports []Report, lang words.Lang) []Report {
	if lang == words.English {
		return reports
	}
	out := make([]Report, len(reports))
	for i, r := range reports {
		out[i] = Localize(r, lang)
	}
	return out
}
