package cmd

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"text/tabwriter"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"k8s.io/cli-runtime/pkg/genericiooptions"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/buildinfo"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/diagnose"
	objkind "github.com/lbdoctor/kubectl-lbdoctor/pkg/kind"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// Build information, stamped with -ldflags -X by make. A go install build has none: build then
// fills what is left at these defaults from the module and VCS information Go records.
var (
	version = "dev"
	commit  = "unknown"
	date    = "unknown"
)

// build is the stamped build information, completed from debug.ReadBuildInfo, once.
var build = sync.OnceValue(func() buildinfo.Stamp {
	bi, _ := debug.ReadBuildInfo()
	return buildinfo.Fill(buildinfo.Stamp{Version: version, Commit: commit, Date: date}, bi)
})

// buildVersion is the stamped version, else the module version of a go install …@vX.Y.Z build.
func buildVersion() string { return build().Version }

// versionInfo is the version subcommand's JSON/YAML shape.
type versionInfo struct {
	Version   string `json:"version"`
	Commit    string `json:"commit"`
	Date      string `json:"date"`
	GoVersion string `json:"goVersion"`
}

func versionLine() string {
	b := build()
	return fmt.Sprintf("%s (commit %s, built %s)", b.Version, b.Commit, b.Date)
}

func newVersionCommand(streams genericiooptions.IOStreams) *cobra.Command {
	var output string
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print the version of kubectl lbdoctor",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			f, err := dataFormat(output)
			if err != nil {
				return err
			}
			if b := build(); f != report.Text {
				return report.Encode(streams.Out, f, versionInfo{Version: b.Version, Commit: b.Commit, Date: b.Date, GoVersion: runtime.Version()})
			}
			_, err = fmt.Fprintf(streams.Out, "kubectl-lbdoctor %s\n", versionLine())
			return err
		},
	}
	cmd.Flags().StringVarP(&output, "output", "o", "text", "Output format: text, json or yaml")
	return cmd
}

// ownFlagsHelp makes a subcommand's help list only its own flags: the kubeconfig flags the root
// inherits do nothing there.
func ownFlagsHelp(cmd *cobra.Command) {
	cmd.SetHelpFunc(func(c *cobra.Command, args []string) {
		c.InheritedFlags().VisitAll(func(f *pflag.Flag) { f.Hidden = true })
		c.Root().HelpFunc()(c, args)
	})
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
	// Decides is what, besides the object, decides the verdict (empty: the object alone).
	Decides []decisionView `json:"decides"`
}

type decisionView struct {
	By        rules.Basis `json:"by"`
	What      string      `json:"what"`
	IfUnknown string      `json:"ifUnknown"`
}

func view(r rules.Rule) ruleView {
	v := ruleView{ID: r.ID, Provider: r.Provider, Kind: r.Kind.Lower(), Code: r.Code, Severity: r.Severity,
		Title: r.Title, Cause: r.Cause, Fix: r.Fix, Risk: r.Risk, Doc: r.Doc, Retried: r.Retried, Decides: []decisionView{}}
	for _, d := range r.Decides {
		v.Decides = append(v.Decides, decisionView{By: d.By, What: d.What, IfUnknown: d.IfUnknown})
	}
	return v
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
			f, err := dataFormat(output)
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
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.ID, report.CodeLabel(r.ID), r.Severity, r.Title)
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
		Use:   "explain CODE|RULE|EVENT-MESSAGE",
		Short: "Explain a documented error code (e.g. E4011), a rule id, or a pasted event message, offline",
		Example: `  kubectl lbdoctor explain E4011 --kind ingress
  kubectl lbdoctor explain "The specified VSwitch has no available ip."
  kubectl lbdoctor explain VSwitchAvailableIpNotExist
  kubectl lbdoctor explain tke.service.clb-loopback`,
		Args: cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			f, err := dataFormat(output)
			if err != nil {
				return err
			}
			k, err := explainKind(kind)
			if err != nil {
				return err
			}
			p, err := explainProvider(provider)
			if err != nil {
				return err
			}
			found, err := diagnose.Explain(strings.TrimSpace(args[0]), p, k)
			if err != nil {
				return err
			}
			if f != report.Text {
				return report.Encode(streams.Out, f, views(found))
			}
			for i, r := range found {
				if i > 0 {
					fmt.Fprintln(streams.Out)
				}
				fmt.Fprintf(streams.Out, "%s  %s  (%s %s, code %s, %s)\n", r.ID, r.Title, r.Provider, r.Kind.Lower(), report.CodeLabel(r.ID), r.Severity)
				fmt.Fprintf(streams.Out, "  cause: %s\n  fix:   %s\n  risk:  %s\n  doc:   %s\n", r.Cause, r.Fix, r.Risk, r.Doc)
				if r.Retried {
					fmt.Fprintln(streams.Out, "  the cloud controller retries this by itself")
				}
				for _, d := range r.Decides {
					fmt.Fprintf(streams.Out, "  decided also by %s: %s (unknown: %s)\n", d.By, d.What, d.IfUnknown)
				}
			}
			if len(found) > 1 && k == "" {
				fmt.Fprintf(streams.Out, "\n%d rules share this code; narrow with --kind service|ingress or --provider %s\n", len(found), strings.Join(rules.ProviderNames(), "|"))
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&kind, "kind", "", "Narrow to service (svc) or ingress (ing) (TKE codes mean different things for each)")
	cmd.Flags().StringVar(&provider, "provider", "", "Narrow to "+rules.ProviderList())
	cmd.Flags().StringVarP(&output, "output", "o", "text", "Output format: text, json or yaml")
	_ = cmd.RegisterFlagCompletionFunc("kind", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"service", "ingress"}, cobra.ShellCompDirectiveNoFileComp
	})
	_ = cmd.RegisterFlagCompletionFunc("provider", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return rules.ProviderNames(), cobra.ShellCompDirectiveNoFileComp
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

// explainKind reads --kind: svc, service, ing or ingress in any case, or empty.
func explainKind(s string) (rules.Kind, error) {
	if strings.TrimSpace(s) == "" {
		return "", nil
	}
	k, err := objkind.Parse(s)
	if err != nil {
		return "", fmt.Errorf("--kind: %w", err)
	}
	return k, nil
}

// explainProvider reads --provider: a provider of the catalog in any case, or empty.
func explainProvider(s string) (rules.Provider, error) {
	if strings.TrimSpace(s) == "" {
		return "", nil
	}
	p, err := rules.ParseProvider(s)
	if err != nil {
		return "", fmt.Errorf("--provider: %w", err)
	}
	return p, nil
}

// dataFormat is -o of the catalog subcommands: text, json or yaml.
func dataFormat(s string) (report.Format, error) {
	f, err := report.ParseFormat(s)
	if err != nil || f == report.Name || f == report.Wide || f == report.SARIF {
		return "", fmt.Errorf("unknown output format %q (want text, json or yaml)", s)
	}
	return f, nil
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
