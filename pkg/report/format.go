package report

import (
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Format is an output format.
type Format string

// Formats.
const (
	Text Format = "text"
	JSON Format = "json"
	YAML Format = "yaml"
	// Name prints kubectl's TYPE/NAME of each object the table would show, one per line.
	Name Format = "name"
	// Wide prints only the summary table, with a column per severity and the skipped and suppressed counts.
	Wide Format = "wide"
	// SARIF is a SARIF 2.1.0 log for code scanning (GitHub and others).
	SARIF Format = "sarif"
	// PolicyReportFormat prints wgpolicyk8s.io/v1alpha2 PolicyReport objects, one per namespace
	// (NewPolicyReports), as YAML documents for kubectl apply -f -.
	PolicyReportFormat Format = "policyreport"
)

// FormatSpec is one output format of the registry Formats: its -o value, what it prints and where
// it applies.
type FormatSpec struct {
	Format Format
	// Help says what the format prints, in -o's help; "" for the plain ones.
	Help string
	// Data is set when the format also writes documents that are not reports (the rule catalog, the
	// version): text, json and yaml.
	Data bool
	// Catalog is set when the rule catalog (rules, explain) is also written in the format besides
	// the Data ones: wide (the table with provider, kind and vendor link).
	Catalog bool
	// Moment, when set, is why --watch refuses the format, in every language: it prints the
	// findings of one moment, and --watch prints changes as they happen.
	Moment words.Words
}

// FormatsFor are the formats of a kind of document, in registry order.
type FormatsFor uint8

// The kinds of document a command writes.
const (
	// ForReport: the diagnosis (every format).
	ForReport FormatsFor = iota
	// ForCatalog: the rule catalog (rules, explain): the Data formats and the Catalog ones.
	ForCatalog
	// ForData: any other document (the version): the Data formats.
	ForData
)

// has reports whether documents of kind d are written in the format of s.
func (d FormatsFor) has(s FormatSpec) bool {
	switch d {
	case ForCatalog:
		return s.Data || s.Catalog
	case ForData:
		return s.Data
	}
	return true
}

// Formats is every output format, in the order help, completion and errors list them: the one
// registry every command reads its -o values from.
var Formats = []FormatSpec{
	{Format: Text, Data: true},
	{Format: JSON, Data: true},
	{Format: YAML, Data: true},
	{Format: Name, Help: "TYPE/NAME of each object listed"},
	{Format: Wide, Catalog: true, Help: "the summary table with counts"},
	{Format: SARIF, Help: "SARIF 2.1.0 for code scanning"},
	{Format: PolicyReportFormat, Moment: words.Say("-o policyreport prints the findings of one moment as objects to apply; --watch prints changes as they happen: drop --watch (run it again, or use serve, to refresh the reports)",
		"-o policyreport 把某一时刻的问题输出为可应用的对象，而 --watch 随时输出变化：请去掉 --watch（要更新报告，请再次运行，或使用 serve）"), Help: "wgpolicyk8s.io/v1alpha2 PolicyReport objects, one per namespace, as YAML documents for kubectl apply -f -: an error fails (severity high), a warning or info warns (medium, info), a check that could not run is error or skip; printed only, never written to the cluster"},
	{Format: HTML, Moment: words.Say("-o html writes one page of one moment; --watch prints changes as they happen: drop one of them",
		"-o html 输出某一时刻的一个页面，而 --watch 随时输出变化：请去掉其中之一"), Help: "one self-contained page: the summary, each finding with cause, fix, risk and vendor link, and each target's chain from the load balancer to its pods"},
}

// Spec is the registry entry of f; ok is false for a value outside Formats.
func (f Format) Spec() (FormatSpec, bool) {
	for _, s := range Formats {
		if s.Format == f {
			return s, true
		}
	}
	return FormatSpec{}, false
}

// Names are the -o values of documents of kind d, in registry order.
func (d FormatsFor) Names() []string {
	var out []string
	for _, s := range Formats {
		if d.has(s) {
			out = append(out, string(s.Format))
		}
	}
	return out
}

// Help is the help of the -o flag of a command writing documents of kind d: its formats, each
// report format with what it prints.
func (d FormatsFor) Help() string {
	var parts []string
	for _, s := range Formats {
		if !d.has(s) {
			continue
		}
		p := string(s.Format)
		if s.Help != "" && d == ForReport {
			p += " (" + s.Help + ")"
		}
		parts = append(parts, p)
	}
	return "Output format: " + orList(parts, ", ", " or ")
}

// Parse validates the -o value of a document of kind d.
func (d FormatsFor) Parse(s string) (Format, error) {
	if spec, ok := Format(s).Spec(); ok && d.has(spec) {
		return spec.Format, nil
	}
	names := d.Names()
	return "", words.Errorf("unknown output format %q (want %s)", "未知的输出格式 %q（应为 %s）", s,
		words.Say(orList(names, ", ", " or "), orList(names, "、", " 或 ")))
}

// orList joins items with sep, the last two with last.
func orList(items []string, sep, last string) string {
	if n := len(items); n > 1 {
		return strings.Join(items[:n-1], sep) + last + items[n-1]
	}
	return strings.Join(items, sep)
}
