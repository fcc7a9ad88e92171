// Package cmd is the kubectl-lbdoctor command line: the diagnose command with its Options
// (Complete, Validate, Run) and the explain, rules and version subcommands.
package cmd

import (
	"context"
	"errors"
	"fmt"
	"github.com/lbdoctor/kubectl-lbdoctor/internal/redact"
	"io"
	"os"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/spf13/cobra"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/cli-runtime/pkg/genericclioptions"
	"k8s.io/cli-runtime/pkg/genericiooptions"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/cli"
	"github.com/lbdoctor/kubectl-lbdoctor/internal/gctune"
	"github.com/lbdoctor/kubectl-lbdoctor/internal/logs"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/diagnose"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
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

  # In CI: every LoadBalancer Service and Ingress of a chart, as SARIF for code scanning
  helm template ./chart | kubectl lbdoctor -f - -A -o sarif

  # What does an error code from an event mean?
  kubectl lbdoctor explain E4011 --kind ingress`

// Common is what every mode of the command shares (diagnose, watch, fleet, serve, policy): the
// kubeconfig flags, the streams, -o and the log level, with the run's deadline.
type Common struct {
	ConfigFlags *genericclioptions.ConfigFlags
	genericiooptions.IOStreams
	// Output is -o, read into format by each mode's Complete.
	Output string
	// Verbosity is -v, the log level of API requests.
	Verbosity int
	// Lang is --lang; lang is the language it, or else the locale, selects (words.SelectLang).
	Lang string
	lang words.Lang

	format report.Format
	// liveOnly is set for a command without offline mode (serve): its errors do not suggest -f.
	liveOnly bool
	// deadline bounds a live run; 0 is none.
	deadline time.Duration
}

// Options is the diagnose command's configuration: a one-shot run of one cluster or of manifest
// files. With --watch it runs as WatchOptions, over several contexts as FleetOptions.
type Options struct {
	Common
	ReportFlags
	CloudOptions
	// CloudInterval is --cloud-interval, for --watch --cloud.
	CloudInterval cloudInterval

	Filenames     []string
	Provider      string
	AllNamespaces bool
	// Selector and FieldSelector narrow a scope run (no target), as kubectl's -l and --field-selector.
	Selector      string
	FieldSelector string
	// AllowIncomplete accepts a report that lost reads for reasons other than RBAC (exit by findings, not 2).
	AllowIncomplete bool
	// ChunkSize pages LISTs (kubectl's --chunk-size); 0 reads each list in one answer.
	ChunkSize int64
	// Recursive reads the subdirectories of -f directories too.
	Recursive bool
	// GroupFiles says which -f files are read as one cluster (snapshot.Grouping).
	GroupFiles string
	// Watch keeps diagnosing after the first report and prints each finding that appears or clears.
	Watch bool
	// AllContexts diagnoses every context of the kubeconfig (see fleet.go; --context a,b lists some).
	AllContexts bool

	args       []string
	namespace  string
	targets    []snapshot.Target
	group      snapshot.Grouping
	provider   rules.Provider
	progressMu sync.Mutex
	// emptyFilename is set by -f "".
	emptyFilename bool
	// fleet is the several-context run the flags ask for; nil otherwise.
	fleet   *FleetOptions
	inFleet bool
}

// NewOptions returns Options with kubectl's defaults.
func NewOptions(streams genericiooptions.IOStreams) *Options {
	cf := genericclioptions.NewConfigFlags(true)
	timeout := defaultDeadline.String()
	cf.Timeout = &timeout
	return &Options{Common: Common{ConfigFlags: cf, IOStreams: streams, Output: "text"},
		ReportFlags: newReportFlags(), Provider: "auto"}
}

// NewCommand returns the root command.
func NewCommand(streams genericiooptions.IOStreams) *cobra.Command {
	o := NewOptions(streams)
	cmd := &cobra.Command{
		Use:   "kubectl-lbdoctor [TYPE/NAME | TYPE NAME]... [flags] [-- FILE...]",
		Short: "Diagnose LoadBalancer Services and Ingresses on Tencent TKE and Alibaba ACK",
		Long: `kubectl lbdoctor reads a LoadBalancer Service or an Ingress (from the cluster, or from manifest
files with -f) and reports every problem it can detect, mapped to the cloud's documented error code
with its cause, fix and risk. It only reads (get, list, watch); it never changes the cluster.

Without a target it diagnoses every LoadBalancer Service and Ingress in the namespace (-A: all; with -f
and no -n: every one in the input).`,
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
	f.VarP(&cli.Filenames{List: &o.Filenames, Empty: &o.emptyFilename}, "filename", "f", "Offline mode: read objects from FILE, DIR or - (stdin) instead of the cluster; repeat or separate with commas")
	f.BoolVarP(&o.Recursive, "recursive", "R", false, "Read the -f directories with their subdirectories (hidden ones, such as .git, left out)")
	f.StringVar(&o.GroupFiles, "group-files", string(snapshot.GroupDir), "Which -f files are read as one cluster: dir (the files found in each directory; the files named on the command line, standard input among them, together), file (each file) or all; files that define the same object are never merged, each is diagnosed without the other")
	addReportFlags(cmd, &o.Output, &o.ReportFlags)
	addProviderFlag(cmd, &o.Provider)
	f.BoolVarP(&o.AllNamespaces, "all-namespaces", "A", false, "Diagnose every LoadBalancer Service and Ingress in every namespace")
	f.StringVarP(&o.Selector, "selector", "l", "", "Without a target: diagnose only the Services and Ingresses with these labels (e.g. -l app=web,tier!=test)")
	f.StringVar(&o.FieldSelector, "field-selector", "", "Without a target: diagnose only the objects whose fields match (e.g. metadata.name=web; offline: metadata.name and metadata.namespace)")
	f.BoolVarP(&o.Watch, "watch", "w", false, "After the diagnosis, keep watching the cluster and print each finding as it appears or clears, with the time, until interrupted (-o json: one JSON object per line)")
	f.BoolVar(&o.AllowIncomplete, "allow-incomplete", false, "Exit by the findings (0 or 1) even when a read failed for a reason other than permissions, or a context of several failed; otherwise such a run exits 2")
	f.Int64Var(&o.ChunkSize, "chunk-size", 0, "Read each list in pages of this many objects; 0 reads it in one answer, which API servers since 1.31 give from their cache (page, e.g. 500, on older ones with very large clusters)")
	o.CloudOptions.addFlags(f)
	o.CloudInterval.addFlag(f)
	f.BoolVar(&o.AllContexts, "all-contexts", false, "Diagnose every context of the kubeconfig, at most "+strconv.Itoa(fleetParallel)+" at a time, into one report with a CLUSTER column (--context a,b names some)")
	o.ConfigFlags.AddFlags(cmd.PersistentFlags())
	cmd.PersistentFlags().Lookup("context").Usage = "The name of the kubeconfig context to use; a comma-separated list (a,b,c) diagnoses each into one report (see --all-contexts)"
	cmd.PersistentFlags().Lookup("request-timeout").Usage = "Give up on the API server after this long: the whole live run and each request (e.g. 10s, 2m; a bare number is seconds; 0: no limit)"
	cmd.PersistentFlags().IntVarP(&o.Verbosity, "v", "v", 0, "Log level of API requests on stderr (request and response bodies are never logged: they can hold Secrets; levels above 7 act as 7)")
	cmd.PersistentFlags().StringVar(&o.Lang, "lang", "", "Language of titles, causes, fixes and risks: en or zh (Simplified Chinese); by default LC_ALL, LC_MESSAGES or LANG decides (zh_* is zh, anything else en)")
	cmd.PersistentPreRunE = func(*cobra.Command, []string) error {
		lang, err := words.SelectLang(o.Lang, os.Getenv)
		if err != nil {
			return err
		}
		o.lang = lang
		return logs.SetVerbosity(o.Verbosity)
	}
	for _, name := range []string{"lang"} {
		_ = cmd.RegisterFlagCompletionFunc(name, fixedCompletion(name))
	}
	cmd.ValidArgsFunction = o.completeTargets
	o.registerKubeconfigCompletions(cmd)
	cmd.SetFlagErrorFunc(flagError)
	cmd.SuggestionsMinimumDistance = 2
	cmd.Version = build().String()
	cmd.SetVersionTemplate("kubectl-lbdoctor {{.Version}}\n")
	for _, sub := range []*cobra.Command{newExplainCommand(streams, &o.lang), newRulesCommand(streams, &o.lang), newVersionCommand(streams), newPolicyCommand(streams, &o.lang)} {
		ownFlagsHelp(sub)
		cmd.AddCommand(sub)
	}
	cmd.AddCommand(newServeCommand(o))
	cmd.AddCommand(newPreflightCommand(o))
	cmd.AddCommand(newMCPCommand(o))
	return cmd
}

// Complete fills the derived fields from flags, arguments and the kubeconfig.
func (o *Options) Complete(c *cobra.Command, args []string) error {
	if n := c.ArgsLenAtDash(); n >= 0 {
		// After --, every argument is a manifest file (as -f FILE): pre-commit appends file names.
		if n == len(args) {
			return words.Errorf("-- must be followed by manifest files (or drop it and use -f FILE)", "-- 之后必须是清单文件（或去掉它，改用 -f FILE）")
		}
		o.Filenames = append(o.Filenames, args[n:]...)
		args = args[:n]
	}
	o.args = args
	if len(args) > 0 && c.Root() == c {
		if err := mistypedCommand(c, args[0]); err != nil {
			return err
		}
	}
	if fleet, err := o.completeFleet(c, args); fleet || err != nil {
		return err
	}
	if o.emptyFilename || slices.Contains(o.Filenames, "") {
		return words.Errorf("-f needs a file, a directory or - for standard input", "-f 需要一个文件、一个目录，或表示标准输入的 -")
	}
	if err := o.completeDeadline(); err != nil {
		return err
	}
	ns, _, err := o.ConfigFlags.ToRawKubeConfigLoader().Namespace()
	if err != nil {
		if len(o.Filenames) == 0 {
			return words.Errorf("cannot read kubeconfig: %w; fix it, pass --kubeconfig or --context, or use -f FILE for offline mode",
				"无法读取 kubeconfig：%w；请修正它，用 --kubeconfig 或 --context 指定，或用 -f FILE 离线诊断", err)
		}
		// Offline mode needs no kubeconfig.
		ns = "default"
		if o.ConfigFlags.Namespace != nil && *o.ConfigFlags.Namespace != "" {
			ns = *o.ConfigFlags.Namespace
		}
	}
	o.namespace = ns
	resolve := snapshot.ResolveResource
	if len(o.Filenames) == 0 {
		resolve = func(res string) (snapshot.Kind, error) {
			if k, err := snapshot.ResolveResource(res); err == nil {
				return k, nil
			}
			return o.resolveWithMapper(res)
		}
	}
	o.targets, err = snapshot.ParseTargets(args, ns, resolve)
	if err != nil {
		return err
	}
	if _, err := labels.Parse(o.Selector); err != nil {
		return words.Errorf("invalid --selector: %w", "--selector 无效：%w", err)
	}
	if _, err := fields.ParseSelector(o.FieldSelector); err != nil {
		return words.Errorf("invalid --field-selector: %w", "--field-selector 无效：%w", err)
	}
	if o.group, err = snapshot.ParseGrouping(o.GroupFiles); err != nil {
		return err
	}
	if o.provider, err = parseProvider(o.Provider); err != nil {
		return err
	}
	return o.ReportFlags.complete(&o.Common)
}

// parseProvider reads a --provider value: "" for auto.
func parseProvider(s string) (rules.Provider, error) {
	if s == "auto" {
		return "", nil
	}
	p, err := providers.Parse(s)
	if err != nil {
		return "", invalidValue("provider", s)
	}
	return p, nil
}

// completeDeadline settles the live run's deadline from --request-timeout, which also bounds each
// request (discovery included).
func (o *Common) completeDeadline() error {
	if o.ConfigFlags.Timeout == nil {
		o.deadline = defaultDeadline
		return nil
	}
	d, err := cli.ParseRequestTimeout(*o.ConfigFlags.Timeout)
	o.deadline = d
	return err
}

// Validate checks flag combinations.
func (o *Options) Validate() error {
	if o.ChunkSize < 0 {
		return words.Errorf("--chunk-size must be 0 (no pages) or a page size, not %d", "--chunk-size 必须是 0（不分页）或每页的大小，而不是 %d", o.ChunkSize)
	}
	if o.AllNamespaces && len(o.targets) > 0 {
		return words.Errorf("-A diagnoses every object; give either -A or a target, not both", "-A 诊断所有对象；-A 与诊断目标只能给出其一")
	}
	if (o.Selector != "" || o.FieldSelector != "") && len(o.targets) > 0 {
		return words.Errorf("-l and --field-selector choose the objects to diagnose; give either a selector or a target, not both",
			"-l 和 --field-selector 用于选择要诊断的对象；选择器与诊断目标只能给出其一")
	}
	if err := o.CloudOptions.validate(len(o.Filenames) > 0); err != nil {
		return err
	}
	if err := o.CloudInterval.validate(o.Cloud); err != nil {
		return err
	}
	if o.CloudInterval.set && !o.Watch {
		return words.Errorf("--cloud-interval paces the cloud reads of --watch (and serve); a run without --watch reads the cloud once",
			"--cloud-interval 控制 --watch（以及 serve）的云读取间隔；不带 --watch 的运行只读取一次云")
	}
	if o.Watch {
		return WatchOptions{o}.Validate()
	}
	return nil
}

// liveGC is the garbage collection of a one-shot live run (gctune): the heap may grow to 5× what is live up to a
// soft limit of 150 MiB, so a run over a few thousand targets collects a few times instead of dozens
// and peaks under 200 MiB of RSS with the binary's own ~40 MiB (bench/RESULTS.md); past 75 MiB live,
// Go's defaults.
var liveGC = gctune.Policy{Limit: 150 << 20, Percent: 400}

// offlineGC trades CPU for memory where a gate runs over large manifests: Go's GC target under a
// soft limit of 100 MiB until 90 MiB is live (20,000 Services: about 140 MiB of RSS instead of 270 at
// two thirds more CPU, docs/reliability.md); past it, Go's defaults.
var offlineGC = gctune.Policy{Limit: 100 << 20, Percent: 100, RestoreAbove: 90 << 20}

// Run fetches the snapshot once, runs the checks for each target and prints the reports.
func (o *Options) Run(ctx context.Context) error {
	if ctx == nil {
		ctx = context.Background()
	}
	if o.Watch {
		return WatchOptions{o}.Run(ctx)
	}
	gc := liveGC
	if len(o.Filenames) > 0 {
		gc = offlineGC
	}
	defer gctune.Start(gc)()
	defer snapshot.HoldShared()()
	if o.fleet != nil {
		return o.fleet.Run(ctx)
	}
	reports, incomplete, err := o.collect(ctx)
	if err != nil {
		return err
	}
	return finish(o.writer(), reports, len(o.targets) == 0, incomplete, o.AllowIncomplete, o.failOn)
}

// finish writes the reports (several: as a scope run lists them) and decides the exit status: 2
// for a read that failed for a reason other than permissions unless allowIncomplete, else 1 for
// findings at failOn.
func finish(w *report.Writer, reports []report.Report, several bool, incomplete []snapshot.FailedRead, allowIncomplete bool, failOn report.FailOn) error {
	if err := w.Write(reports, several); err != nil {
		return writeError(err)
	}
	if err := diagnose.IncompleteError(incomplete); err != nil && !allowIncomplete {
		return report.RetryIncomplete(err)
	}
	if code := report.ExitCode(reports, failOn); code != ExitOK {
		return exitError{code}
	}
	return nil
}

// collect reads what is diagnosed (offline, one snapshot per world of the input) and diagnoses each
// target; it returns the snapshots' failed reads, not the snapshots, so that their objects can be
// collected while the report is written.
func (o *Options) collect(ctx context.Context) ([]report.Report, []snapshot.FailedRead, error) {
	batches, in, err := o.load(ctx)
	if err != nil {
		return nil, nil, err
	}
	if in != nil {
		for _, n := range in.Notes {
			fmt.Fprintln(o.ErrOut, words.Say("note: %s", "注意：%s", n).In(o.lang))
		}
	}
	targets := 0
	for _, b := range batches {
		for _, w := range b.Snap.Warnings {
			o.warn(words.Say("warning: %s", "警告：%s", w))
		}
		targets += len(b.Targets)
	}
	if targets == 0 {
		o.noTargets()
	}
	reports, err := diagnose.All(batches, diagnose.Options{Provider: o.provider, Input: in, Warn: o.warn, Chains: o.format == report.HTML})
	if err != nil {
		return nil, nil, err
	}
	return reports, diagnose.Incomplete(batches), nil
}

// warn prints a line on stderr in the report's language.
func (o *Common) warn(line words.Words) { fmt.Fprintln(o.ErrOut, line.In(o.lang)) }

// noTargets says on stderr that the scope holds nothing to diagnose.
func (o *Options) noTargets() {
	scope := words.Say("namespace %s", "命名空间 %s", o.namespace)
	switch {
	case o.AllNamespaces:
		scope = words.Say("any namespace", "任何命名空间")
	case o.wholeInput():
		scope = words.Say("the input", "输入")
	}
	if o.Selector != "" || o.FieldSelector != "" {
		scope = words.Say("%s matching the selector", "%s 中与选择器匹配的对象", scope)
	}
	fmt.Fprintln(o.ErrOut, words.Say("no LoadBalancer Service or Ingress found in %s", "在%s中没有找到 LoadBalancer 类型的 Service 或 Ingress", scope).In(o.lang))
}

// writer is the report writer the flags ask for.
func (o *Options) writer() *report.Writer { return o.ReportFlags.writer(&o.Common) }

// load reads what is diagnosed: the cluster, or the manifest input's worlds (then also returned, for
// its notes and where its objects are defined).
func (o *Options) load(ctx context.Context) ([]diagnose.Batch, *snapshot.Input, error) {
	if len(o.Filenames) == 0 {
		b, err := o.loadLive(ctx)
		if err != nil {
			return nil, nil, err
		}
		return []diagnose.Batch{b}, nil, nil
	}
	return diagnose.Offline(snapshot.Files{Paths: o.Filenames, Stdin: o.In, DefaultNamespace: o.namespace,
		Recursive: o.Recursive, Group: o.group}, o.targets, o.scopeNamespace(), o.selectors())
}

// providerValues are the values of --provider: auto, then every provider of the catalog.
func providerValues() []string { return append([]string{"auto"}, providers.NameStrings()...) }

func (o *Options) selectors() snapshot.Selector {
	return snapshot.Selector{Label: o.Selector, Field: o.FieldSelector}
}

// scopeNamespace is "" for -A, else the namespace in force. Like kubectl's -f, manifest input without
// -n is read whole: the objects' own namespaces count, not the kubeconfig's.
func (o *Options) scopeNamespace() string {
	if o.AllNamespaces || o.wholeInput() {
		return ""
	}
	return o.namespace
}

// wholeInput is manifest input without an explicit -n.
func (o *Options) wholeInput() bool {
	return len(o.Filenames) > 0 && (o.ConfigFlags.Namespace == nil || *o.ConfigFlags.Namespace == "")
}

// decideColor settles colour once (cli.DecideColor) for out.
func decideColor(mode string, out io.Writer) (bool, error) {
	return cli.DecideColor(mode, isTerminal(redact.Unwrap(out)), os.Getenv)
}

// flagValues are the values of the diagnose command's enumerated flags: what completion offers and
// what a bad value's error lists.
func flagValues(flag string) []string {
	return map[string][]string{
		"output":   report.ForReport.Names(),
		"sort-by":  report.SortKeys,
		"provider": providerValues(),
		"fail-on":  {"error", "warning", "info", "none"},
		"color":    cli.ColorValues,
		"lang":     words.LangValues,
	}[flag]
}

func fixedCompletion(flag string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	values := flagValues(flag)
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp
	}
}

// invalidValue is the error for a value outside flagValues(flag).
func invalidValue(flag, value string) error { return cli.InvalidValue(flag, value, flagValues(flag)) }

// Execute runs the command line and returns the process exit code. Errors print as one line.
//
// Everything it writes passes through redact.String on its way out (redact.Writer on both streams):
// no output, error or log line carries a credential, whatever read it.
func Execute(streams genericiooptions.IOStreams, args []string) int {
	out, errOut := redact.NewWriter(streams.Out), redact.NewWriter(streams.ErrOut)
	defer func() { _ = out.Flush(); _ = errOut.Flush() }()
	streams.Out, streams.ErrOut = out, errOut
	return execute(streams, args)
}

func execute(streams genericiooptions.IOStreams, args []string) int {
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
	lang := cli.ArgsLang(args, os.Getenv)
	fmt.Fprint(streams.ErrOut, report.ErrorLine(lang, err))
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintln(streams.ErrOut, ue.seeHelp().In(lang))
	}
	return ExitError
}

// writeError is the error of a report that could not be written.
func writeError(err error) error {
	return words.Errorf("writing the report: %w", "写出报告时出错：%w", err)
}

// contextError is the error of one context of a several-context run.
func contextError(name string, err error) error {
	return words.Errorf("context %s: %w", "上下文 %s：%w", name, err)
}
