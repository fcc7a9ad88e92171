package report

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/fatih/color"
	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// Format is an output format.
type Format string

// Formats.
const (
	Text Format = "text"
	JSON Format = "json"
	YAML Format = "yaml"
)

// ParseFormat validates an -o value.
func ParseFormat(s string) (Format, error) {
	switch Format(s) {
	case Text, JSON, YAML:
		return Format(s), nil
	}
	return "", fmt.Errorf("unknown output format %q (want text, json or yaml)", s)
}

// Writer prints reports. Colour is decided once, when the Writer is made.
type Writer struct {
	Out      io.Writer
	Format   Format
	FixHints bool
	sev      map[rules.Severity]*color.Color
	bold     *color.Color
	dim      *color.Color
}

// NewWriter returns a Writer; useColor applies to text output only.
func NewWriter(out io.Writer, f Format, fixHints, useColor bool) *Writer {
	mk := func(attrs ...color.Attribute) *color.Color {
		c := color.New(attrs...)
		if useColor {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
		return c
	}
	return &Writer{Out: out, Format: f, FixHints: fixHints,
		sev: map[rules.Severity]*color.Color{
			rules.Error:   mk(color.FgRed, color.Bold),
			rules.Warning: mk(color.FgYellow, color.Bold),
			rules.Info:    mk(color.FgCyan),
		},
		bold: mk(color.Bold),
		dim:  mk(color.Faint),
	}
}

// Write prints one report, or a List when there are several (or listAlways is set).
func (w *Writer) Write(reports []Report, listAlways bool) error {
	switch w.Format {
	case JSON, YAML:
		var v any = NewList(reports)
		if len(reports) == 1 && !listAlways {
			v = reports[0]
		}
		return Encode(w.Out, w.Format, v)
	}
	if len(reports) > 1 || listAlways {
		w.summaryTable(reports)
	}
	for i, r := range reports {
		if i > 0 || len(reports) > 1 || listAlways {
			fmt.Fprintln(w.Out)
		}
		w.text(r)
	}
	return nil
}

// Encode writes v as JSON or YAML.
func Encode(out io.Writer, f Format, v any) error {
	if f == YAML {
		b, err := yaml.Marshal(v)
		if err != nil {
			return fmt.Errorf("encoding YAML: %w", err)
		}
		_, err = out.Write(b)
		return err
	}
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func (w *Writer) summaryTable(reports []Report) {
	tw := tabwriter.NewWriter(w.Out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "OBJECT\tPROVIDER\tWORST\tCODES")
	for _, r := range reports {
		worst := "ok"
		if s, ok := r.Worst(); ok {
			worst = s.String()
		}
		fmt.Fprintf(tw, "%s/%s/%s\t%s\t%s\t%s\n", r.Target.Kind.Lower(), r.Target.Namespace,
			r.Target.Name, r.Provider.Name, worst, codes(r))
	}
	tw.Flush()
}

func codes(r Report) string {
	seen := map[string]bool{}
	var out []string
	for _, f := range r.Findings {
		c := f.Code
		if c == "" {
			c = f.Rule.Slug()
		}
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return "-"
	}
	return strings.Join(out, ",")
}

// lastSeen formats an event time for text output: RFC 3339 in UTC, empty when unknown.
func lastSeen(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

func (w *Writer) text(r Report) {
	fmt.Fprintf(w.Out, "%s %s/%s  (source: %s)\n  provider: %s (%s)\n", w.bold.Sprint(r.Target.Kind),
		r.Target.Namespace, r.Target.Name, r.Source, r.Provider.Name, r.Provider.Evidence)
	if len(r.Incomplete) > 0 {
		fmt.Fprintf(w.Out, "  %s the report may be incomplete: %s\n", w.sev[rules.Warning].Sprint("!"),
			strings.Join(r.Incomplete, "; "))
	}
	if len(r.Findings) == 0 {
		fmt.Fprintln(w.Out, "  no problems found")
	}
	for _, f := range r.Findings {
		code := f.Code
		if code == "" {
			code = "-"
		}
		fmt.Fprintf(w.Out, "  %s %-6s %s  %s\n", w.sev[f.Severity].Sprintf("%-7s", strings.ToUpper(f.Severity.String())),
			code, f.Title, w.dim.Sprintf("[%s]", f.Rule))
		where := f.Path
		if f.Source == checks.SourceEvent {
			where = fmt.Sprintf("event (x%d, last %s)", f.Count, lastSeen(f.LastSeen))
		}
		if where != "" {
			fmt.Fprintf(w.Out, "          %s: %s\n", where, f.Message)
		} else {
			fmt.Fprintf(w.Out, "          %s\n", f.Message)
		}
		if f.Source == checks.SourceCheckEvent {
			fmt.Fprintf(w.Out, "          confirmed by event (x%d, last %s): %s\n", f.Count, lastSeen(f.LastSeen), f.Event)
		}
		if w.FixHints {
			fmt.Fprintf(w.Out, "          fix:  %s\n", f.Fix)
			fmt.Fprintf(w.Out, "          risk: %s\n", f.Risk)
			fmt.Fprintf(w.Out, "          doc:  %s\n", f.Doc)
		}
	}
	for _, s := range r.Skipped {
		fmt.Fprintf(w.Out, "  %s %s: %s\n", w.dim.Sprint("SKIPPED"), s.Check, s.Reason)
	}
	for _, s := range r.Partial {
		fmt.Fprintf(w.Out, "  %s %s: %s\n", w.dim.Sprint("PARTIAL"), s.Check, s.Reason)
	}
	fmt.Fprintf(w.Out, "  summary: %d error(s), %d warning(s), %d info\n", r.Summary.Error, r.Summary.Warning, r.Summary.Info)
}
