package cmd

import (
	"fmt"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"k8s.io/cli-runtime/pkg/genericiooptions"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/buildinfo"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/diagnose"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
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

func newVersionCommand(streams genericiooptions.IOStreams) *cobra.Command {
	var output string
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print the version of kubectl lbdoctor",
		Args:  noArgs,
		RunE: func(*cobra.Command, []string) error {
			f, err := report.ForData.Parse(output)
			if err != nil {
				return err
			}
			if f != report.Text {
				return report.Encode(streams.Out, f, build().Info())
			}
			_, err = fmt.Fprintf(streams.Out, "kubectl-lbdoctor %s\n", build())
			return err
		},
	}
	cmd.Flags().StringVarP(&output, "output", "o", "text", report.ForData.Help())
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

// newRulesCommand is the rules subcommand; *lang is the language --lang or the locale selects
// (set by the root before RunE).
func newRulesCommand(streams genericiooptions.IOStreams, lang *words.Lang) *cobra.Command {
	var output string
	var filter ruleFilter
	cmd := &cobra.Command{
		Use:   "rules",
		Short: "List every rule of the catalog",
		Example: `  kubectl lbdoctor rules --provider tke --kind ingress
  kubectl lbdoctor rules -o wide`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error {
			f, err := report.ForCatalog.Parse(output)
			if err != nil {
				return err
			}
			p, k, err := filter.parse()
			if err != nil {
				return err
			}
			found := rules.AllIn(rules.Filter(rules.All(), p, k), *lang)
			switch f {
			case report.Text:
				return report.WriteRuleTable(streams.Out, found)
			case report.Wide:
				return report.WriteRuleTableWide(streams.Out, found, *lang)
			}
			return report.Encode(streams.Out, f, report.Views(found, *lang))
		},
	}
	filter.flags(cmd, "Only the rules of")
	cmd.Flags().StringVarP(&output, "output", "o", "text", report.ForCatalog.Help())
	_ = cmd.RegisterFlagCompletionFunc("output", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return report.ForCatalog.Names(), cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}

// ruleFilter is the --provider and --kind flags of rules and explain, which narrow the catalog.
type ruleFilter struct{ provider, kind string }

// flags declares the filter's flags on cmd, with their completions; verb begins their help.
func (r *ruleFilter) flags(cmd *cobra.Command, verb string) {
	cmd.Flags().StringVar(&r.kind, "kind", "", verb+" service (svc) or ingress (ing) (TKE codes mean different things for each)")
	cmd.Flags().StringVar(&r.provider, "provider", "", verb+" "+providers.NameList())
	_ = cmd.RegisterFlagCompletionFunc("kind", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"service", "ingress"}, cobra.ShellCompDirectiveNoFileComp
	})
	_ = cmd.RegisterFlagCompletionFunc("provider", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return providers.NameStrings(), cobra.ShellCompDirectiveNoFileComp
	})
}

// parse reads the filter's values (diagnose.ParseExplainFilter).
func (r *ruleFilter) parse() (rules.Provider, rules.Kind, error) {
	return diagnose.ParseExplainFilter(r.provider, r.kind)
}

// newExplainCommand is the explain subcommand; *lang is as newRulesCommand's.
func newExplainCommand(streams genericiooptions.IOStreams, lang *words.Lang) *cobra.Command {
	var output string
	var filter ruleFilter
	cmd := &cobra.Command{
		Use:   "explain CODE|RULE|EVENT-MESSAGE",
		Short: "Explain a documented error code (e.g. E4011), a rule id, or a pasted event message, offline",
		Example: `  kubectl lbdoctor explain E4011 --kind ingress
  kubectl lbdoctor explain "The specified VSwitch has no available ip."
  kubectl lbdoctor explain VSwitchAvailableIpNotExist
  kubectl lbdoctor explain tke.service.clb-loopback`,
		Args: exactArgs(1, words.Say("an error code (E4011), a rule id or a pasted event message", "一个错误码（如 E4011）、规则 ID 或粘贴的事件信息")),
		RunE: func(_ *cobra.Command, args []string) error {
			f, err := report.ForCatalog.Parse(output)
			if err != nil {
				return err
			}
			p, k, err := filter.parse()
			if err != nil {
				return err
			}
			found, err := diagnose.Explain(strings.TrimSpace(args[0]), p, k)
			if err != nil {
				return err
			}
			found = rules.AllIn(found, *lang)
			switch f {
			case report.Text:
			case report.Wide:
				return report.WriteRuleTableWide(streams.Out, found, *lang)
			default:
				return report.Encode(streams.Out, f, report.Views(found, *lang))
			}
			report.WriteRuleDetails(streams.Out, found, *lang, providers.Titles())
			if len(found) > 1 && k == "" {
				fmt.Fprint(streams.Out, words.Say("\n%d rules share this code; narrow with --kind service|ingress or --provider %s\n",
					"\n%d 条规则共用这个错误码；可用 --kind service|ingress 或 --provider %s 缩小范围\n",
					len(found), strings.Join(providers.NameStrings(), "|")).In(*lang))
			}
			return nil
		},
	}
	filter.flags(cmd, "Narrow to")
	cmd.Flags().StringVarP(&output, "output", "o", "text", report.ForCatalog.Help())
	_ = cmd.RegisterFlagCompletionFunc("output", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return report.ForCatalog.Names(), cobra.ShellCompDirectiveNoFileComp
	})
	cmd.ValidArgsFunction = func(_ *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var out []string
		for _, n := range rules.Names(prefix) {
			out = append(out, n.Name+"\t"+n.Title)
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
	return cmd
}
