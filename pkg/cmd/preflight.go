package cmd

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/preflight"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// PreflightOptions are the flags of `kubectl lbdoctor preflight`; the kubeconfig flags, -n and -v
// are the root's. The work is pkg/preflight's.
type PreflightOptions struct {
	Common
	ReportFlags
	CloudOptions
	Filenames, Base                              []string
	Recursive, AllowDestructive, AllowIncomplete bool
	Provider                                     string

	args []string
	run  preflight.Options
}

// newPreflightCommand is `kubectl lbdoctor preflight`: what applying manifests will do to the
// load balancers, against the cluster (read only) or --base files.
func newPreflightCommand(root *Options) *cobra.Command {
	o := &PreflightOptions{Common: Common{Output: "text"}, ReportFlags: newReportFlags(), Provider: "auto"}
	cmd := &cobra.Command{
		Use:   "preflight -f FILE|DIR|- [TYPE/NAME...]",
		Short: "Say what applying manifests will do to the load balancers (refused, destructive, disruptive changes)",
		Long: `preflight lays the manifests' objects over the cluster the way kubectl apply would leave them (spec,
labels and annotations from the files; status and what controllers wrote kept) and reports, for each
Service and Ingress of the manifests, its full diagnosis as it will be and every change the cloud
controller refuses (error), that deletes or recreates a load balancer or removes listeners of a reused
one (error unless --allow-destructive) or that moves backends or client source addresses (warning).
It only reads the cluster: no dry-run, no write. --base reads "now" from files instead (CI without
credentials: the base branch's manifests).`,
		Example: `  # What will applying this change do to the live load balancers?
  kubectl lbdoctor preflight -f k8s/
  # In CI, against the base branch's manifests, as SARIF pointing at the changed lines
  kubectl lbdoctor preflight -f k8s/ --base base/k8s/ -o sarif`,
		RunE: func(c *cobra.Command, args []string) error {
			output := o.Output // -o is this command's own flag
			o.Common, o.args, o.Output = root.Common, args, output
			if err := o.Complete(); err != nil {
				return err
			}
			if err := o.Validate(); err != nil {
				return err
			}
			return o.Run(c.Context())
		},
	}
	f := cmd.Flags()
	f.StringSliceVarP(&o.Filenames, "filename", "f", nil, "The manifests to apply: FILE, DIR or - (stdin); repeat or separate with commas")
	f.BoolVarP(&o.Recursive, "recursive", "R", false, "Read the -f and --base directories with their subdirectories")
	f.StringSliceVar(&o.Base, "base", nil, "Read what is there now from FILE or DIR instead of the cluster (e.g. the base branch's manifests)")
	f.BoolVar(&o.AllowDestructive, "allow-destructive", false, "Report changes that delete or recreate a load balancer, or remove listeners of a reused one, as warnings, not errors")
	f.BoolVar(&o.AllowIncomplete, "allow-incomplete", false, "Exit by the findings even when a read of the cluster failed for a reason other than permissions")
	addReportFlags(cmd, &o.Output, &o.ReportFlags)
	o.CloudOptions.addFlags(f)
	addProviderFlag(cmd, &o.Provider)
	return cmd
}

// Complete reads the namespace, the targets and the formats, and the cluster's clients in live mode.
func (o *PreflightOptions) Complete() error {
	if err := o.completeDeadline(); err != nil {
		return err
	}
	ns, _, err := o.ConfigFlags.ToRawKubeConfigLoader().Namespace()
	if err != nil && len(o.Base) == 0 {
		return words.Errorf("cannot read kubeconfig: %w; fix it, or read what is there now from files with --base",
			"无法读取 kubeconfig：%w；请修正它，或用 --base 从文件读取集群中现有的对象", err)
	}
	explicit := o.ConfigFlags.Namespace != nil && *o.ConfigFlags.Namespace != ""
	if explicit {
		ns = *o.ConfigFlags.Namespace
	} else if ns == "" {
		ns = "default"
	}
	targets, err := snapshot.ParseTargets(o.args, ns, snapshot.ResolveResource)
	if err != nil {
		return err
	}
	if err := o.ReportFlags.complete(&o.Common); err != nil {
		return err
	}
	o.run = preflight.Options{Files: snapshot.Files{Paths: o.Filenames, Stdin: o.In, DefaultNamespace: ns, Recursive: o.Recursive},
		Targets: targets, AllowDestructive: o.AllowDestructive, Deadline: o.deadline, Warn: o.warn, Cloud: o.CloudOptions.read(o.deadline)}
	if explicit {
		o.run.Namespace = ns
	}
	if o.run.Provider, err = parseProvider(o.Provider); err != nil {
		return err
	}
	if len(o.Base) > 0 {
		o.run.Base = &snapshot.Files{Paths: o.Base, DefaultNamespace: ns, Recursive: o.Recursive}
		return nil
	}
	if o.run.Config, err = o.restConfig(); err != nil {
		return err
	}
	o.run.Clients, err = snapshot.NewClients(o.run.Config)
	return err
}

// Validate checks the flags: manifests are needed.
func (o *PreflightOptions) Validate() error {
	if err := o.CloudOptions.validate(false); err != nil {
		return err
	}
	if len(o.Filenames) == 0 {
		return words.Errorf("preflight needs the manifests to apply: -f FILE, DIR or -", "preflight 需要将要应用的清单：-f FILE、DIR 或 -")
	}
	return nil
}

// Run preflights, prints the reports and decides the exit status as the diagnosis does: the same
// report flags, one Report for a named target and a List otherwise.
func (o *PreflightOptions) Run(ctx context.Context) error {
	if ctx == nil {
		ctx = context.Background()
	}
	res, err := preflight.Run(ctx, o.run)
	if err != nil {
		return err
	}
	return finish(o.ReportFlags.writer(&o.Common), res.Reports, len(o.run.Targets) == 0, res.Incomplete, o.AllowIncomplete, o.failOn)
}
