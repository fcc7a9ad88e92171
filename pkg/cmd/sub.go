package cmd

import (
	"fmt"
	"runtime/debug"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
	"k8s.io/cli-runtime/pkg/genericiooptions"

	objkind "github.com/lbdoctor/kubectl-lbdoctor/pkg/kind"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// Build information, stamped with -ldflags -X by make.
var (
	version = "dev"
	commit  = "unknown"
	date    = "unknown"
)

// buildVersion is the stamped version, else the module version of a go install …@vX.Y.Z build.
func buildVersion() string {
	if version != "dev" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return version
}

func newVersionCommand(streams genericiooptions.IOStreams) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version of kubectl lbdoctor",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			_, err := fmt.Fprintf(streams.Out, "kubectl-lbdoctor %s (commit %s, built %s)\n", buildVersion(), commit, date)
			return err
		},
	}
}

// ruleView is the public JSON/YAML shape of a catalog entry.
type ruleView struct {
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
}

func view(r rules.Rule) ruleView {
	return ruleView{ID: r.ID, Provider: r.Provider, Kind: r.Kind.Lower(), Code: r.Code, Severity: r.Severity,
		Title: r.Title, Cause: r.Cause, Fix: r.Fix, Risk: r.Risk, Doc: r.Doc, Retried: r.Retried}
}

func views(rs []rules.Rule) []ruleView {
	out := make([]ruleView, 0, len(rs))
	for _, r := range rs {
		out = append(out, view(r))
	}
	return out
}

func newRulesCommand(streams genericiooptions.IOStreams) *cobra.Command {
	var output string
	cmd := &cobra.Command{
		Use:   "rules",
		Short: "List every rule of the catalog",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			f, err := report.ParseFormat(output)
			if err != nil {
				return err
			}
			all := rules.All()
			if f != report.Text {
				return report.Encode(streams.Out, f, views(all))
			}
			tw := tabwriter.NewWriter(streams.Out, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tCODE\tSEVERITY\tTITLE")
			for _, r := range all {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.ID, dash(r.Code), r.Severity, r.Title)
			}
			return tw.Flush()
		},
	}
	cmd.Flags().StringVarP(&output, "output", "o", "text", "Output format: text, json or yaml")
	return cmd
}

func newExplainCommand(streams genericiooptions.IOStreams) *cobra.Command {
	var kind, provider, output string
	cmd := &cobra.Command{
		Use:   "explain CODE",
		Short: "Explain a documented error code (e.g. E4011) or rule id, offline",
		Example: `  kubectl lbdoctor explain E4011 --kind ingress
  kubectl lbdoctor explain VSwitchAvailableIpNotExist
  kubectl lbdoctor explain tke.service.clb-loopback`,
		Args: cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			f, err := report.ParseFormat(output)
			if err != nil {
				return err
			}
			var k rules.Kind
			if kind != "" {
				if k, err = objkind.Parse(kind); err != nil {
					return fmt.Errorf("--kind: %w", err)
				}
			}
			var p rules.Provider
			if provider != "" {
				if p, err = rules.ParseProvider(provider); err != nil {
					return fmt.Errorf("--provider: %w", err)
				}
			}
			found := rules.Lookup(args[0], p, k)
			if len(found) == 0 {
				return fmt.Errorf("no documented code or rule %q; list them with: kubectl lbdoctor rules", args[0])
			}
			if f != report.Text {
				return report.Encode(streams.Out, f, views(found))
			}
			for i, r := range found {
				if i > 0 {
					fmt.Fprintln(streams.Out)
				}
				fmt.Fprintf(streams.Out, "%s  %s  (%s %s, code %s, %s)\n", r.ID, r.Title, r.Provider, r.Kind.Lower(), dash(r.Code), r.Severity)
				fmt.Fprintf(streams.Out, "  cause: %s\n  fix:   %s\n  risk:  %s\n  doc:   %s\n", r.Cause, r.Fix, r.Risk, r.Doc)
				if r.Retried {
					fmt.Fprintln(streams.Out, "  the cloud controller retries this by itself")
				}
			}
			if len(found) > 1 && kind == "" {
				fmt.Fprintf(streams.Out, "\n%d rules share this code; narrow with --kind service|ingress or --provider tke|ack\n", len(found))
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&kind, "kind", "", "Narrow to service or ingress (TKE codes mean different things for each)")
	cmd.Flags().StringVar(&provider, "provider", "", "Narrow to tke or ack")
	cmd.Flags().StringVarP(&output, "output", "o", "text", "Output format: text, json or yaml")
	_ = cmd.RegisterFlagCompletionFunc("kind", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"service", "ingress"}, cobra.ShellCompDirectiveNoFileComp
	})
	cmd.ValidArgsFunction = func(_ *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		seen := map[string]bool{}
		var out []string
		for _, r := range rules.All() {
			c := r.Code
			if c == "" {
				c = r.ID.String()
			}
			if !seen[c] && strings.HasPrefix(strings.ToLower(c), strings.ToLower(prefix)) {
				seen[c] = true
				out = append(out, c+"\t"+r.Title)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
	return cmd
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
