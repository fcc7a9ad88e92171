package cmd

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/memlimit"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/diagnose"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/serve"
)

// ServeOptions are the flags of `kubectl-lbdoctor serve`; the kubeconfig flags and -v are the root's.
type ServeOptions struct {
	Common
	// Bind is --metrics-bind-address; PassLog is the hidden --pass-log FILE.
	Bind, PassLog string
	// Report is --serve-report: serve /report.
	Report bool
	// StaleAfter is --stale-after: how long an informer may stay out of sync before /readyz fails.
	StaleAfter time.Duration
	// CloudOptions are --cloud and --cloud-region; CloudInterval is --cloud-interval.
	CloudOptions
	CloudInterval cloudInterval
}

// newServeCommand is `kubectl-lbdoctor serve`: the diagnosis of the whole cluster kept up to date
// by the engine and served as Prometheus metrics. It shares the root's kubeconfig flags.
func newServeCommand(root *Options) *cobra.Command {
	o := &ServeOptions{Bind: serve.DefaultBindAddress(serve.InCluster(os.Getenv)), StaleAfter: serve.DefaultStaleAfter}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Diagnose every LoadBalancer Service and Ingress continuously and serve the findings as Prometheus metrics",
		Long: `serve watches the cluster (get, list and watch only: it never writes, records no events and
needs no leader election) and keeps the diagnosis of every LoadBalancer Service and Ingress up to
date, re-diagnosing only the objects a change affects. It serves:

  /metrics  Prometheus metrics: lbdoctor_findings (1 per open finding), lbdoctor_targets,
            lbdoctor_check_skipped, lbdoctor_diagnosis_duration_seconds, lbdoctor_informer_synced,
            lbdoctor_rediagnosed_targets_total, lbdoctor_last_full_sync_timestamp_seconds,
            lbdoctor_build_info
  /healthz  200 while the process serves
  /readyz   200 once the first full sync and diagnosis are done, 503 while an informer has
            been out of sync with the API server for --stale-after (default 2m) or longer
            (the metrics and /report keep the last diagnosis meanwhile)
  /report   the current reports, as -A -o json prints them; only with --serve-report
            (it names every object with a finding; otherwise 404)

With --cloud it also reads each target's load balancer in the cloud (read-only), at most once per
--cloud-interval (default 5m) per load balancer, certificate and subnet: a re-diagnosis between two
reads uses the facts of the last one. /metrics then also has lbdoctor_cloud_requests_total{action,
result} and lbdoctor_cloud_backends{provider,namespace,kind,name,health}.

It listens on 127.0.0.1:8080 unless it runs in a pod (KUBERNETES_SERVICE_HOST set), where it
listens on :8080; --metrics-bind-address overrides both.

Inside a cluster it uses the pod's service account (deploy/serve.yaml); outside, the kubeconfig.
Unless GOGC sets another, the heap may grow 15% past what is live between garbage collections
(Go's default lets it double). In a container with a memory limit, serve sets a soft memory limit of
90% of it unless GOMEMLIMIT sets one.`,
		Example: `  # Run it against the current kubeconfig context, /report included
  kubectl-lbdoctor serve --serve-report`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.Common = root.Common
			o.liveOnly = true
			if err := o.Complete(); err != nil {
				return err
			}
			if err := o.Validate(); err != nil {
				return err
			}
			return o.Run(c.Context())
		},
	}
	cmd.Flags().StringVar(&o.Bind, "metrics-bind-address", o.Bind, "Address to serve /metrics, /healthz, /readyz and /report on (host:port; port 0 picks a free one); 127.0.0.1:8080 outside a cluster, :8080 in a pod")
	cmd.Flags().BoolVar(&o.Report, serve.ReportFlag, false, "Serve /report, every finding of the cluster as JSON (off: 404)")
	cmd.Flags().DurationVar(&o.StaleAfter, serve.StaleAfterFlag, o.StaleAfter, "How long an informer may stay out of sync with the API server (unreachable, watch not re-established) before /readyz answers 503; 0 never")
	cmd.Flags().StringVar(&o.PassLog, "pass-log", "", "Append one JSON line per diagnosis pass to FILE, written once its metrics are updated (the benchmark's probe)")
	_ = cmd.Flags().MarkHidden("pass-log")
	o.CloudOptions.addFlags(cmd.Flags())
	o.CloudInterval.addFlag(cmd.Flags())
	return cmd
}

// serveGCPercent is serve's garbage-collection target unless GOGC sets one: between collections
// the heap may grow by 15 % of what is live, so the resident size stays near the live heap (at
// 50,000 targets about 1.5× it instead of 2×; bench/RESULTS.md) without the collector running
// continuously, as it does under a soft limit below the live heap.
const serveGCPercent = 15

// containerPercent is the percentage of the container's memory limit that serve sets as its soft memory
// limit unless GOMEMLIMIT sets one; the rest is for what the Go heap does not count (the binary,
// stacks, the runtime's own structures).
const containerPercent = 90

// tuneMemory applies serve's garbage-collection target and, from the cgroup's memory limit
// (limit), its soft memory limit, each unless the environment (getenv) sets it.
func tuneMemory(getenv func(string) string, limit func() (int64, bool)) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(serveGCPercent)
	}
	if getenv("GOMEMLIMIT") == "" {
		if l, ok := limit(); ok {
			debug.SetMemoryLimit(l / 100 * containerPercent)
		}
	}
}

// Complete settles the deadline of the first requests from --request-timeout.
func (o *ServeOptions) Complete() error { return o.completeDeadline() }

// Validate checks the cloud flags.
func (o *ServeOptions) Validate() error {
	if err := o.CloudOptions.validate(false); err != nil {
		return err
	}
	return o.CloudInterval.validate(o.Cloud)
}

// Run serves the diagnosis of every namespace (serve.Run) until SIGINT or SIGTERM.
func (o *ServeOptions) Run(ctx context.Context) error {
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	tuneMemory(os.Getenv, memlimit.Cgroup)
	c, cfg, err := o.watchClients(ctx, "")
	if err != nil {
		return liveOnly(err)
	}
	return liveOnly(serve.Run(ctx, serve.Config{Clients: c, Host: cfg.Host, Bind: o.Bind, PassLog: o.PassLog, ErrOut: o.ErrOut,
		Handler: serve.Options{Report: o.Report, Lang: o.lang, StaleAfter: o.StaleAfter}, Version: build().Version, Commit: build().Commit,
		Cloud: o.CloudOptions.cache(o.deadline, o.CloudInterval.d)}))
}

// liveOnly is err without the -f hint of an unreachable API server (serve has no offline mode).
func liveOnly(err error) error {
	if ue := (*diagnose.UnreachableError)(nil); errors.As(err, &ue) {
		return ue.LiveOnly()
	}
	return err
}
