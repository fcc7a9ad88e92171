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
	// Moment is set when the format prints the findings of one moment as objects to apply, which
	// --watch cannot follow.
	Moment bool
}

// Formats is every output format, in the order help, completion and errors list them: the one
// registry every command reads its -o values from.
var Formats = []FormatSpec{
	{Format: Text, Data: true},
	{Format: JSON, Data: true},
	{Format: YAML, Data: true},
	{Format: Name, Help: "TYPE/NAME of each object listed"},
	{Format: Wide, Help: "the summary table with counts"},
	{Format: SARIF, Help: "SARIF 2.1.0 for code scanning"},
	{Format: PolicyReportFormat, Moment: true, Help: "wgpolicyk8s.io/v1alpha2 PolicyReport objects, one per namespace, as YAML documents for kubectl apply -f -: an error fails (severity high), a warning or info warns (medium, info), a check that could not run is error or skip; printed only, never written to the cluster"},
	{Format: HTML, Help: "one self-contained page: the summary, each finding with cause, fix, risk and vendor link, and each target's chain from the load balancer to its pods"},
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

// FormatNames are the -o values of the reports (data: of the other documents), in registry order.
func FormatNames(data bool) []string {
	var out []string
	for _, s := range Formats {
		if s.Data || !data {
			out = append(out, string(s.Format))
		}
	}
	return out
}

// FormatHelp is the help of a report command's -o flag, listing every format of the registry.
func FormatHelp() string {
	parts := make([]string, len(Formats))
	for i, s := range Formats {
		parts[i] = string(s.Format)
		if s.Help != "" {
			parts[i] += " (" + s.Help + ")"
		}
	}
	return "Output format: " + orList(parts, ", ", " or ")
}

// ParseFormat validates the -o value of a report.
func ParseFormat(s string) (Format, error) { return parseFormat(s, false) }

// ParseDataFormat validates the -o value of a document that is not a report (the rule catalog, the
// version): text, json or yaml.
func ParseDataFormat(s string) (Format, error) { return parseFormat(s, true) }

func parseFormat(s string, data bool) (Format, error) {
	if spec, ok := Format(s).Spec(); ok && (spec.Data || !data) {
		return spec.Format, nil
	}
	names := FormatNames(data)
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
