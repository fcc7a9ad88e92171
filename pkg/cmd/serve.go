package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/engine"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/serve"
)

// ServeOptions are the flags of `kubectl-lbdoctor serve`; the kubeconfig flags and -v are the root's.
type ServeOptions struct {
	Common
	// Bind is --metrics-bind-address; PassLog is the hidden --pass-log FILE.
	Bind, PassLog string
	// Report is --serve-report: serve /report.
	Report bool
}

// newServeCommand is `kubectl-lbdoctor serve`: the diagnosis of the whole cluster kept up to date
// by the engine and served as Prometheus metrics. It shares the root's kubeconfig flags.
func newServeCommand(root *Options) *cobra.Command {
	o := &ServeOptions{Bind: serve.DefaultBindAddress(serve.InCluster(os.Getenv))}
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
  /readyz   200 once the first full sync and diagnosis are done
  /report   the current reports, as -A -o json prints them; only with --serve-report
            (it names every object with a finding; otherwise 404)

It listens on 127.0.0.1:8080 unless it runs in a pod (KUBERNETES_SERVICE_HOST set), where it
listens on :8080; --metrics-bind-address overrides both.

Inside a cluster it uses the pod's service account (deploy/serve.yaml); outside, the kubeconfig.
It sets a soft memory limit of 200 MiB unless GOMEMLIMIT sets one.`,
		Example: `  # Run it against the current kubeconfig context, /report included
  kubectl-lbdoctor serve --serve-report`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.Common = root.Common
			if err := o.Complete(); err != nil {
				return err
			}
			return o.Run(c.Context())
		},
	}
	cmd.Flags().StringVar(&o.Bind, "metrics-bind-address", o.Bind, "Address to serve /metrics, /healthz, /readyz and /report on (host:port; port 0 picks a free one); 127.0.0.1:8080 outside a cluster, :8080 in a pod")
	cmd.Flags().BoolVar(&o.Report, serve.ReportFlag, false, "Serve /report, every finding of the cluster as JSON (off: 404)")
	cmd.Flags().StringVar(&o.PassLog, "pass-log", "", "Append one JSON line per diagnosis pass to FILE, written once its metrics are updated (the benchmark's probe)")
	_ = cmd.Flags().MarkHidden("pass-log")
	return cmd
}

// defaultMemoryLimit is serve's soft memory limit (the Go runtime collects harder near it) unless
// GOMEMLIMIT sets another: the 7,000-target benchmark cluster's objects and diagnosis need about
// half of it, and deploy/serve.yaml limits the container to 512Mi.
const defaultMemoryLimit = 200 << 20

// Complete settles the deadline of the first requests from --request-timeout.
func (o *ServeOptions) Complete() error { return o.completeDeadline() }

// Run runs the engine over every namespace and serves its state until SIGINT or SIGTERM.
func (o *ServeOptions) Run(ctx context.Context) error {
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(defaultMemoryLimit)
	}
	c, cfg, err := o.watchClients(ctx, "")
	if err != nil {
		return err
	}
	reg := serve.NewRegistry()
	m := serve.NewMetrics(reg)
	if err := m.Err(); err != nil {
		return err
	}
	if err := serve.NewBuildInfo(reg, build().Version, build().Commit); err != nil {
		return err
	}
	var plog *json.Encoder
	if o.PassLog != "" {
		f, err := os.OpenFile(o.PassLog, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return fmt.Errorf("--pass-log: %w", err)
		}
		defer f.Close()
		plog = json.NewEncoder(f)
	}
	eng := engine.New(engine.Config{Clients: c, Checks: checks.All(), Warn: func(line string) { fmt.Fprintln(o.ErrOut, line) }, OnSync: m.SetSynced,
		OnUpdate: func(u engine.Update) {
			for _, r := range u.Reports {
				m.Update(r)
			}
			for _, t := range u.Removed {
				m.Forget(string(t.Kind), t.Namespace, t.Name)
			}
			m.ObserveDiagnosis(u.Duration, len(u.Reports))
			if u.Err != nil {
				fmt.Fprintf(o.ErrOut, "warning: %s\n", oneLine(u.Err.Error()))
			}
			if plog != nil {
				_ = plog.Encode(passRecord(u))
			}
			if u.Initial {
				m.FullSync(time.Now())
				// The first sync decodes every object once, with what the informers then drop.
				debug.FreeOSMemory()
			}
		}})
	ln, err := net.Listen("tcp", o.Bind)
	if err != nil {
		return fmt.Errorf("cannot listen on %s: %w; pick another --metrics-bind-address", o.Bind, err)
	}
	srv := &http.Server{Handler: serve.NewHandler(reg, eng, serve.Options{Report: o.Report}), ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	endpoints := "/metrics, /healthz and /readyz"
	if o.Report {
		endpoints = "/metrics, /healthz, /readyz and /report"
	}
	fmt.Fprintf(o.ErrOut, "serving %s on http://%s (API server %s)\n", endpoints, ln.Addr(), cfg.Host)
	ectx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- eng.Run(ectx) }()
	var serveErr error
	select {
	case <-ctx.Done():
	case serveErr = <-served:
	}
	cancel()
	sctx, scancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer scancel()
	_ = srv.Shutdown(sctx)
	if err := <-done; err != nil {
		return err
	}
	if serveErr != nil && !errors.Is(serveErr, http.ErrServerClosed) {
		return fmt.Errorf("serving on %s: %w", ln.Addr(), serveErr)
	}
	return nil
}

// PassRecord is one line of serve's --pass-log: when a diagnosis pass had updated the metrics, what
// it re-diagnosed and how long it took.
type PassRecord struct {
	// UnixNano is the wall-clock time the metrics were updated.
	UnixNano int64 `json:"unixNano"`
	Initial  bool  `json:"initial,omitempty"`
	// Targets are the re-diagnosed targets as KIND/NAMESPACE/NAME (left out of the initial pass);
	// Count is how many.
	Targets    []string `json:"targets,omitempty"`
	Count      int      `json:"count"`
	Removed    int      `json:"removed,omitempty"`
	DurationNS int64    `json:"durationNS"`
}

func passRecord(u engine.Update) PassRecord {
	r := PassRecord{UnixNano: time.Now().UnixNano(), Initial: u.Initial, Count: len(u.Reports), Removed: len(u.Removed),
		DurationNS: u.Duration.Nanoseconds()}
	if !u.Initial {
		for _, rep := range u.Reports {
			t := rep.Target
			r.Targets = append(r.Targets, string(t.Kind)+"/"+t.Namespace+"/"+t.Name)
		}
	}
	return r
}
