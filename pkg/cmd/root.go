// Package cmd is the kubectl-lbdoctor command line: the diagnose command with its Options
// (Complete, Validate, Run) and the explain, rules and version subcommands.
package cmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"
	"k8s.io/cli-runtime/pkg/genericclioptions"
	"k8s.io/cli-runtime/pkg/genericiooptions"
	"k8s.io/klog/v2"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// Exit codes.
const (
	ExitOK       = 0
	ExitFindings = 1
	ExitError    = 2
)

// exitError carries an exit code out of Run.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit %d", e.code) }

const example = `  # Diagnose a LoadBalancer Service in the current namespace
  kubectl lbdoctor svc/foo

  # Diagnose an Ingress and show how to fix each problem
  kubectl lbdoctor ingress/bar -n shop --fix-hints

  # Every LoadBalancer Service and Ingress in the cluster
  kubectl lbdoctor -A

  # Offline: diagnose objects from manifest files, no cluster needed
  kubectl lbdoctor -f scenario.yaml ingress/bar -o json

  # What does an error code from an event mean?
  kubectl lbdoctor explain E4011 --kind ingress`

// Options is the diagnose command's configuration.
type Options struct {
	ConfigFlags *genericclioptions.ConfigFlags
	genericiooptions.IOStreams

	Filenames     []string
	Output        string
	FixHints      bool
	Provider      string
	FailOn        string
	Color         string
	AllNamespaces bool
	Verbosity     int

	args      []string
	namespace string
	targets   []snapshot.Target
	format    report.Format
	failOn    report.FailOn
	provider  rules.Provider
	useColor  bool
}

// NewOptions returns Options with kubectl's defaults.
func NewOptions(streams genericiooptions.IOStreams) *Options {
	return &Options{ConfigFlags: genericclioptions.NewConfigFlags(true), IOStreams: streams,
		Output: "text", Provider: "auto", FailOn: "error", Color: "auto"}
}

// NewCommand returns the root command.
func NewCommand(streams genericiooptions.IOStreams) *cobra.Command {
	o := NewOptions(streams)
	cmd := &cobra.Command{
		Use:   "kubectl-lbdoctor [TYPE/NAME | TYPE NAME]... [flags]",
		Short: "Diagnose LoadBalancer Services and Ingresses on Tencent TKE and Alibaba ACK",
		Long: `kubectl lbdoctor reads a LoadBalancer Service or an Ingress (from the cluster, or from manifest
files with -f) and reports every problem it can detect, mapped to the cloud's documented error code
with its cause, fix and risk. It only reads (get, list, watch); it never changes the cluster.

Without a target it diagnoses every LoadBalancer Service and Ingress in the namespace (-A: all).`,
		Example:       example,
		Args:          cobra.ArbitraryArgs,
		SilenceUsage:  true,
		SilenceErrors: true,
		Annotations:   map[string]string{cobra.CommandDisplayNameAnnotation: "kubectl lbdoctor"},
		RunE: func(c *cobra.Command, args []string) error {
			if err := o.Complete(c, args); err != nil {
				return err
			}
			if err := o.Validate(); err != nil {
				return err
			}
			return o.Run(c.Context())
		},
	}
	f := cmd.Flags()
	f.StringSliceVarP(&o.Filenames, "filename", "f", nil, "Offline mode: read objects from FILE, DIR or - (stdin) instead of the cluster")
	f.StringVarP(&o.Output, "output", "o", o.Output, "Output format: text, json or yaml")
	f.BoolVar(&o.FixHints, "fix-hints", false, "Text output: show the fix, the risk if left and the documentation reference under each finding")
	f.StringVar(&o.Provider, "provider", o.Provider, "Cloud provider: auto, tke or ack")
	f.StringVar(&o.FailOn, "fail-on", o.FailOn, "Exit 1 when a finding is at or above this severity: error, warning, info or none")
	f.StringVar(&o.Color, "color", o.Color, "Colour text output: auto, always or never (auto honours NO_COLOR and needs a terminal)")
	f.BoolVarP(&o.AllNamespaces, "all-namespaces", "A", false, "Diagnose every LoadBalancer Service and Ingress in every namespace")
	o.ConfigFlags.AddFlags(cmd.PersistentFlags())
	cmd.PersistentFlags().IntVarP(&o.Verbosity, "v", "v", 0, "Log level of API requests on stderr (request and response bodies are never logged: they can hold Secrets; levels above 7 act as 7)")
	cmd.PersistentPreRunE = func(*cobra.Command, []string) error { return setVerbosity(o.Verbosity) }
	for _, name := range []string{"output", "provider", "fail-on", "color"} {
		_ = cmd.RegisterFlagCompletionFunc(name, fixedCompletion(name))
	}
	cmd.ValidArgsFunction = o.completeTargets
	cmd.AddCommand(newExplainCommand(streams), newRulesCommand(streams), newVersionCommand(streams))
	return cmd
}

// Complete fills the derived fields from flags, arguments and the kubeconfig.
func (o *Options) Complete(c *cobra.Command, args []string) error {
	o.args = args
	ns, _, err := o.ConfigFlags.ToRawKubeConfigLoader().Namespace()
	if err != nil {
		if len(o.Filenames) == 0 {
			return fmt.Errorf("cannot read kubeconfig: %w; fix it, pass --kubeconfig or --context, or use -f FILE for offline mode", err)
		}
		// Offline mode needs no kubeconfig.
		ns = "default"
		if o.ConfigFlags.Namespace != nil && *o.ConfigFlags.Namespace != "" {
			ns = *o.ConfigFlags.Namespace
		}
	}
	o.namespace = ns
	resolve := resolveResource
	if len(o.Filenames) == 0 {
		resolve = func(res string) (snapshot.Kind, error) {
			if k, err := resolveResource(res); err == nil {
				return k, nil
			}
			return o.resolveWithMapper(res)
		}
	}
	o.targets, err = parseTargets(args, ns, resolve)
	if err != nil {
		return err
	}
	if o.format, err = report.ParseFormat(o.Output); err != nil {
		return err
	}
	if o.FailOn == "none" {
		o.failOn = report.FailOn{None: true}
	} else {
		sev, err := rules.ParseSeverity(o.FailOn)
		if err != nil {
			return fmt.Errorf("--fail-on: %w (or none)", err)
		}
		o.failOn = report.FailOn{At: sev}
	}
	switch o.Provider {
	case "auto":
		o.provider = ""
	case "tke", "ack":
		o.provider = rules.Provider(o.Provider)
	default:
		return fmt.Errorf("unknown --provider %q (want auto, tke or ack)", o.Provider)
	}
	o.useColor, err = decideColor(o.Color, o.Out)
	return err
}

// Validate checks flag combinations.
func (o *Options) Validate() error {
	if o.AllNamespaces && len(o.targets) > 0 {
		return errors.New("-A diagnoses every object; give either -A or a target, not both")
	}
	return nil
}

// Run fetches the snapshot once, runs the checks for each target and prints the reports.
func (o *Options) Run(ctx context.Context) error {
	if ctx == nil {
		ctx = context.Background()
	}
	snap, targets, err := o.load(ctx)
	if err != nil {
		return err
	}
	if len(targets) == 0 {
		scope := "namespace " + o.namespace
		if o.AllNamespaces {
			scope = "any namespace"
		}
		fmt.Fprintf(o.ErrOut, "no LoadBalancer Service or Ingress found in %s\n", scope)
	}
	var reports []report.Report
	for _, t := range targets {
		det := checks.Detection{Provider: o.provider, Evidence: "--provider flag"}
		if o.provider == "" {
			det = checks.DetectProvider(snap, t)
		}
		res, err := checks.Run(snap, t, det.Provider, checks.All())
		if err != nil {
			return notFoundOr(err, t)
		}
		rep, err := report.Build(res, snap.Source, snap.Incomplete)
		if err != nil {
			return err
		}
		rep.Provider.Evidence = det.Evidence
		reports = append(reports, rep)
	}
	w := report.NewWriter(o.Out, o.format, o.FixHints, o.useColor)
	if err := w.Write(reports, len(o.targets) == 0); err != nil {
		return err
	}
	if code := report.ExitCode(reports, o.failOn); code != ExitOK {
		return exitError{code}
	}
	return nil
}

func (o *Options) load(ctx context.Context) (*snapshot.Snapshot, []snapshot.Target, error) {
	if len(o.Filenames) > 0 {
		snap, err := snapshot.FromFiles(o.Filenames, o.In, o.namespace)
		if err != nil {
			return nil, nil, err
		}
		targets := o.targets
		if len(targets) == 0 {
			targets = snapshot.AllTargets(snap, o.scopeNamespace())
		}
		snap.Targets = targets
		return snap, targets, nil
	}
	return o.loadLive(ctx)
}

// scopeNamespace is "" for -A, else the namespace in force.
func (o *Options) scopeNamespace() string {
	if o.AllNamespaces {
		return ""
	}
	return o.namespace
}

func notFoundOr(err error, t snapshot.Target) error {
	if snapshot.IsNotFound(err) {
		return fmt.Errorf("%s %q not found in namespace %q; check the name, or pass -n NAMESPACE", strings.ToLower(string(t.Kind)), t.Name, t.Namespace)
	}
	if snapshot.IsUnknown(err) {
		return fmt.Errorf("%s %s/%s: %w", strings.ToLower(string(t.Kind)), t.Namespace, t.Name, err)
	}
	return err
}

// decideColor settles colour once: always, never, or auto (a terminal, and NO_COLOR unset).
func decideColor(mode string, out any) (bool, error) {
	switch mode {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto":
		if _, set := os.LookupEnv("NO_COLOR"); set || os.Getenv("TERM") == "dumb" {
			return false, nil
		}
		f, ok := out.(*os.File)
		return ok && term.IsTerminal(int(f.Fd())), nil
	}
	return false, fmt.Errorf("unknown --color %q (want auto, always or never)", mode)
}

// maxVerbosity is the highest klog level passed on: client-go logs bodies from level 8.
const maxVerbosity = 7

// setVerbosity routes client-go's request logging to stderr at level v, capped at maxVerbosity.
func setVerbosity(v int) error {
	fs := flag.NewFlagSet("klog", flag.ContinueOnError)
	klog.InitFlags(fs)
	return fs.Set("v", strconv.Itoa(max(0, min(v, maxVerbosity))))
}

func fixedCompletion(flag string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	values := map[string][]string{
		"output":   {"text", "json", "yaml"},
		"provider": {"auto", "tke", "ack"},
		"fail-on":  {"error", "warning", "info", "none"},
		"color":    {"auto", "always", "never"},
	}[flag]
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp
	}
}

// Execute runs the command line and returns the process exit code. Errors print as one line.
func Execute(streams genericiooptions.IOStreams, args []string) int {
	cmd := NewCommand(streams)
	cmd.SetArgs(args)
	cmd.SetOut(streams.Out)
	cmd.SetErr(streams.ErrOut)
	err := cmd.Execute()
	if err == nil {
		return ExitOK
	}
	var ee exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	fmt.Fprintf(streams.ErrOut, "error: %s\n", oneLine(err.Error()))
	return ExitError
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
