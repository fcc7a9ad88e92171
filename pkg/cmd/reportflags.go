package cmd

import (
	"github.com/lbdoctor/kubectl-lbdoctor/internal/redact"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/cli"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
)

// ReportFlags are the flags that decide how a report prints and when it fails the run. The diagnose
// command and preflight share them (addReportFlags) with one meaning; -o itself is Common.Output.
type ReportFlags struct {
	FixHints  bool
	FailOn    string
	Color     string
	NoHeaders bool
	SortBy    string
	Quiet     bool
	ShowOK    bool

	failOn   report.FailOn
	useColor bool
}

// newReportFlags returns ReportFlags at their defaults.
func newReportFlags() ReportFlags { return ReportFlags{FailOn: "error", Color: "auto"} }

// addReportFlags adds -o (into output) and the ReportFlags to cmd, with their completions.
func addReportFlags(cmd *cobra.Command, output *string, r *ReportFlags) {
	f := cmd.Flags()
	f.StringVarP(output, "output", "o", *output, report.ForReport.Help())
	f.BoolVar(&r.NoHeaders, "no-headers", false, "Text, wide: leave out the table's header line")
	f.StringVar(&r.SortBy, "sort-by", "", "Order the summary table by "+strings.Join(report.SortKeys, ", ")+" (worst and count: worst first)")
	f.BoolVarP(&r.Quiet, "quiet", "q", false, "Text: hide SKIPPED and PARTIAL lines and objects without findings")
	f.BoolVar(&r.ShowOK, "show-ok", false, "Text, name, wide: with several objects, list those without findings too (by default only problems and a total line)")
	f.BoolVar(&r.FixHints, "fix-hints", false, "Text output: show the fix, the risk if left and the documentation reference under each finding")
	f.StringVar(&r.FailOn, "fail-on", r.FailOn, "Exit 1 when a finding is at or above this severity: error, warning, info or none")
	f.StringVar(&r.Color, "color", r.Color, "Colour text output: auto, always or never (auto honours NO_COLOR and needs a terminal)")
	for _, name := range []string{"output", "fail-on", "color", "sort-by"} {
		_ = cmd.RegisterFlagCompletionFunc(name, fixedCompletion(name))
	}
}

// complete reads the -o value into c's format and settles --sort-by, --fail-on and the colour of c.Out.
func (r *ReportFlags) complete(c *Common) error {
	var err error
	if c.format, err = report.ForReport.Parse(c.Output); err != nil {
		return err
	}
	if r.SortBy != "" && !slices.Contains(report.SortKeys, r.SortBy) {
		return invalidValue("sort-by", r.SortBy)
	}
	if r.failOn, err = report.ParseFailOn(r.FailOn); err != nil {
		return invalidValue("fail-on", r.FailOn)
	}
	r.useColor, err = decideColor(r.Color, c.Out)
	return err
}

// writer is the report writer the flags ask for, on c's output.
func (r *ReportFlags) writer(c *Common) *report.Writer {
	w := report.NewWriter(c.Out, c.format, r.FixHints, r.useColor)
	w.NoHeaders, w.SortBy, w.Quiet, w.ShowOK, w.Verbose = r.NoHeaders, r.SortBy, r.Quiet, r.ShowOK, c.Verbosity > 0
	w.Version, w.Lang, w.Clouds, w.Titles = buildVersion(), c.lang, providers.CloudNames(), providers.Titles()
	if r.FixHints {
		w.Width = cli.TerminalWidth(redact.Unwrap(c.Out), isTerminal(redact.Unwrap(c.Out)))
	}
	return w
}

// addProviderFlag adds --provider (into provider) to cmd, with its completion.
func addProviderFlag(cmd *cobra.Command, provider *string) {
	cmd.Flags().StringVar(provider, "provider", *provider, "Cloud provider: "+strings.Join(providerValues(), ", ")+" (auto detects it per target; generic runs only the provider-neutral checks)")
	_ = cmd.RegisterFlagCompletionFunc("provider", fixedCompletion("provider"))
}
