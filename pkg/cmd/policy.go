package cmd

import (
	"slices"
	"strings"

	"github.com/spf13/cobra"
	admissionv1 "k8s.io/api/admissionregistration/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/cli-runtime/pkg/genericiooptions"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/policy"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// PolicyOptions are the flags of the policy subcommand.
type PolicyOptions struct {
	Common
	Provider          string
	Action            string
	NamespaceSelector string
	List              bool

	opts policy.Options
}

// newPolicyCommand is the policy subcommand; *lang, set by the root before RunE, is the language of
// the validation messages.
func newPolicyCommand(streams genericiooptions.IOStreams, lang *words.Lang) *cobra.Command {
	o := &PolicyOptions{Common: Common{IOStreams: streams}, Provider: "all", Action: string(admissionv1.Warn)}
	cmd := &cobra.Command{
		Use:   "policy",
		Short: "Print ValidatingAdmissionPolicies that make the API server check Services and Ingresses when they are written",
		Long: `policy prints ValidatingAdmissionPolicy and ValidatingAdmissionPolicyBinding objects
(admissionregistration.k8s.io/v1, Kubernetes 1.30 or later) that enforce the rules decidable from a
Service or an Ingress alone, for kubectl apply -f -. Each message starts with the rule's code and title
and ends with the fix. The default action, Warn, only warns the client; Deny refuses a write that breaks
an error-severity rule (warning-severity rules always only warn). An update is refused only for a
problem it brings, never for one the object already had.

With --provider tke or ack the cluster is taken to run on that cloud: objects with no cloud-specific
annotation or ingress class of their own are judged too, as the diagnosis does from the nodes. With all
(the default), only objects whose own class or annotations name a cloud are judged.

--list shows which rules the policies enforce, and why the others are left out.`,
		Example: `  kubectl lbdoctor policy | kubectl apply -f -
  kubectl lbdoctor policy --provider tke --action Deny | kubectl apply -f -
  kubectl lbdoctor policy --action Deny,Audit --namespace-selector 'env in (prod)'
  kubectl lbdoctor policy --list`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error {
			o.opts.Lang = *lang
			if err := o.Complete(); err != nil {
				return err
			}
			if err := o.Validate(); err != nil {
				return err
			}
			return o.Run()
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Provider, "provider", o.Provider, "Cloud to guard: tke, ack or all (tke or ack also judges objects without a cloud signal of their own)")
	f.StringVar(&o.Action, "action", o.Action, "Binding validationActions: Warn, Audit, Deny, or a comma list such as Deny,Audit")
	f.StringVar(&o.NamespaceSelector, "namespace-selector", "", "Apply only in namespaces with these labels (e.g. env=prod or 'team in (a,b)')")
	f.StringVarP(&o.Output, "output", "o", o.Output, "Output format: yaml (the default) or json; with --list text (the default), yaml or json")
	f.BoolVar(&o.List, "list", false, "List every rule with its coverage by the policies instead of printing them")
	for flag, values := range map[string][]string{"provider": {"tke", "ack", "all"}, "action": {"Warn", "Audit", "Deny", "Deny,Audit", "Warn,Audit"},
		"output": {"yaml", "json", "text"}} {
		_ = cmd.RegisterFlagCompletionFunc(flag, func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return values, cobra.ShellCompDirectiveNoFileComp
		})
	}
	return cmd
}

// Complete reads the flags into generator options.
func (o *PolicyOptions) Complete() error {
	var err error
	if o.opts.Providers, o.opts.Cluster, err = providers.Catalog().ParseProviders(o.Provider); err != nil {
		return words.Errorf("--provider: %w", "--provider：%w", err)
	}
	if o.opts.Actions, err = policy.ParseActions(o.Action); err != nil {
		return words.Errorf("--action: %w", "--action：%w", err)
	}
	if strings.TrimSpace(o.NamespaceSelector) != "" {
		sel, err := metav1.ParseToLabelSelector(o.NamespaceSelector)
		if err != nil {
			return words.Errorf("--namespace-selector: %w", "--namespace-selector：%w", err)
		}
		o.opts.NamespaceSelector = sel
	}
	out := o.Output
	if out == "" {
		out = map[bool]string{true: "text", false: "yaml"}[o.List]
	}
	o.format, _ = report.ForReport.Parse(out) // Validate refuses a format policy does not write
	return nil
}

// Validate checks the combination of actions and that -o is a format policy writes: the policies
// as YAML documents or one JSON List; with --list also the text table.
func (o *PolicyOptions) Validate() error {
	if err := policy.ValidateActions(o.opts.Actions); err != nil {
		return words.Errorf("--action: %w", "--action：%w", err)
	}
	formats, want := []report.Format{report.YAML, report.JSON}, words.Say("yaml or json", "yaml 或 json")
	if o.List {
		formats, want = []report.Format{report.Text, report.YAML, report.JSON}, words.Say("text, yaml or json", "text、yaml 或 json")
	}
	if !slices.Contains(formats, o.format) {
		return words.Errorf("unknown output format %q (want %s)", "未知的输出格式 %q（应为 %s）", o.Output, want)
	}
	return nil
}

// Run prints the policies or the coverage list.
func (o *PolicyOptions) Run() error {
	if o.List {
		return providers.Catalog().WriteList(o.Out, o.format, o.opts.Cluster, o.opts.Lang)
	}
	return providers.Catalog().Write(o.Out, o.format, o.opts)
}
