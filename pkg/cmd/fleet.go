package cmd

import (
	"bytes"
	"context"
	"fmt"
	"reflect"
	"strings"

	"github.com/spf13/cobra"
	"k8s.io/cli-runtime/pkg/genericclioptions"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/cli"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/diagnose"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// fleetParallel bounds how many contexts a several-context run reads at once.
const fleetParallel = 4

// fleetMember is one context of a several-context run: its own completed Options, or why they
// could not be made.
type fleetMember struct {
	name string
	opts *Options
	// errOut holds what the member's run wrote to stderr (warnings), printed with its name.
	errOut *bytes.Buffer
	err    error
}

// fleetContexts returns the contexts of a several-context run: every context of the kubeconfig
// for --all-contexts (sorted by name), or the comma-separated list of --context (in its order,
// repeats dropped). It returns nil for a one-context run, including a --context whose whole value
// names a context.
func (o *Options) fleetContexts() ([]string, error) {
	flag := ""
	if o.ConfigFlags.Context != nil {
		flag = *o.ConfigFlags.Context
	}
	if !o.AllContexts && !strings.Contains(flag, ",") {
		return nil, nil // a one-context run: the kubeconfig is not read here
	}
	if o.AllContexts && flag != "" {
		return nil, words.Errorf("--all-contexts diagnoses every context; give either --all-contexts or --context, not both",
			"--all-contexts 诊断每个上下文；--all-contexts 与 --context 只能给出其一")
	}
	if len(o.Filenames) > 0 || o.emptyFilename {
		return nil, words.Errorf("--all-contexts and --context a,b read clusters; they do not combine with -f",
			"--all-contexts 和 --context a,b 读取集群，不能与 -f 同时使用")
	}
	raw, err := o.ConfigFlags.ToRawKubeConfigLoader().RawConfig()
	if err != nil {
		return nil, words.Errorf("cannot read kubeconfig: %w; fix it or pass --kubeconfig", "无法读取 kubeconfig：%w；请修正它，或用 --kubeconfig 指定", err)
	}
	return cli.SelectContexts(raw, flag, o.AllContexts)
}

// FleetOptions is a diagnose run over several kubeconfig contexts (--all-contexts, --context a,b):
// the diagnose command's flags, and one member per context.
type FleetOptions struct {
	*Options
	members []fleetMember
}

// completeFleet sets up a several-context run when the flags ask for one, and reports whether they do.
func (o *Options) completeFleet(c *cobra.Command, args []string) (bool, error) {
	if o.inFleet {
		return false, nil
	}
	names, err := o.fleetContexts()
	if err != nil || names == nil {
		return false, err
	}
	o.fleet = &FleetOptions{Options: o}
	return true, o.fleet.Complete(c, args, names)
}

// Complete makes one Options per context, completed and validated as a one-context run of that
// context would be. An error every context shares (a bad flag) is returned once; errors of some
// contexts stay with them.
func (o *FleetOptions) Complete(c *cobra.Command, args []string, names []string) error {
	o.members = make([]fleetMember, len(names))
	var first *Options
	for i, name := range names {
		m := fleetMember{name: name, errOut: &bytes.Buffer{}}
		m.opts = o.forContext(name, m.errOut)
		if m.err = m.opts.Complete(c, args); m.err == nil {
			m.err = m.opts.Validate()
		}
		if m.err == nil && first == nil {
			first = m.opts
		}
		o.members[i] = m
	}
	if first == nil {
		msgs := map[string]bool{}
		all := make([]any, len(o.members))
		for i, m := range o.members {
			msgs[m.err.Error()] = true
			all[i] = contextError(m.name, m.err)
		}
		if len(msgs) == 1 {
			return o.members[0].err
		}
		return words.Errorf("no context could be used: %v", "没有可用的上下文：%v", words.Say(
			strings.TrimSuffix(strings.Repeat("%v; ", len(all)), "; "), strings.TrimSuffix(strings.Repeat("%v；", len(all)), "；"), all...))
	}
	o.format, o.failOn, o.useColor, o.deadline = first.format, first.failOn, first.useColor, first.deadline
	return nil
}

// forContext returns a copy of o's flags for a run against context name, writing its stderr to errOut.
// Every exported field (the flags) is copied, so a flag added later reaches the members too.
func (o *Options) forContext(name string, errOut *bytes.Buffer) *Options {
	sub := &Options{}
	cli.CopyExported(reflect.ValueOf(sub).Elem(), reflect.ValueOf(o).Elem())
	cf := genericclioptions.NewConfigFlags(true)
	cli.CopyExported(reflect.ValueOf(cf).Elem(), reflect.ValueOf(o.ConfigFlags).Elem())
	cf.Context = &name
	sub.ConfigFlags = cf
	sub.ErrOut = errOut
	sub.AllContexts = false
	sub.inFleet = true
	return sub
}

// Run diagnoses every member, fleetParallel at a time (diagnose.Clusters), and prints one report
// whose rows name their cluster. A context that fails is one error line on stderr; the others still
// print. Any failure exits 2 unless --allow-incomplete, which exits by the findings of the contexts
// that ran.
func (o *FleetOptions) Run(ctx context.Context) error {
	clusters := make([]diagnose.Cluster, len(o.members))
	for i, m := range o.members {
		clusters[i] = diagnose.Cluster{Name: m.name, Collect: m.opts.collect, Err: m.err}
	}
	results, waited := diagnose.Clusters(ctx, clusters, fleetParallel, progressDelay, func(names []string) {
		o.progress("waiting for context(s) " + cli.NameList(names) + diagnose.LimitNote(o.deadline) + "…")
	})
	if waited {
		o.progress("")
	}
	var all []report.Report
	var failed []string
	for i, m := range o.members {
		all = append(all, results[i].Reports...)
		if results[i].Err != nil {
			failed = append(failed, m.name)
		}
	}
	werr := o.writer().Write(all, true)
	for i, m := range o.members {
		for line := range strings.Lines(m.errOut.String()) {
			fmt.Fprintf(o.ErrOut, "[%s] %s\n", m.name, strings.TrimSuffix(line, "\n"))
		}
		if err := results[i].Err; err != nil {
			fmt.Fprint(o.ErrOut, report.ErrorLine(o.lang, contextError(m.name, err)))
		}
	}
	if werr != nil {
		return writeError(werr)
	}
	if len(failed) == len(o.members) && !o.AllowIncomplete {
		return words.Errorf("every context failed (%s)", "所有上下文都失败了（%s）", words.List(failed))
	}
	if len(failed) > 0 && !o.AllowIncomplete {
		return words.Errorf("%d of %d contexts failed (%s); the report covers the others; pass --allow-incomplete to exit by their findings",
			"%[2]d 个上下文中有 %[1]d 个失败（%[3]s）；报告包含其余的上下文；加上 --allow-incomplete 则按它们的问题决定退出码",
			len(failed), len(o.members), words.List(failed))
	}
	if code := report.ExitCode(all, o.failOn); code != ExitOK {
		return exitError{code}
	}
	return nil
}
