package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
	"k8s.io/klog/v2"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/diagnose"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/engine"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// WatchOptions is the diagnose command with --watch: the first report, then each finding that
// appears or clears. It shares the diagnose command's flags (Complete is Options').
type WatchOptions struct{ *Options }

// Validate checks the flags --watch combines with.
func (o WatchOptions) Validate() error {
	if len(o.Filenames) > 0 {
		return errors.New("--watch follows the cluster and -f reads files, which do not change; drop one of them")
	}
	if o.fleet != nil {
		return errors.New("--watch follows one cluster; it does not combine with --all-contexts or --context a,b (for several clusters, run serve in each)")
	}
	if _, err := o.watchSelect(); err != nil {
		return err
	}
	return nil
}

// watchSelect is the -l and --field-selector choice of a watched scope; --field-selector can select
// on metadata.name and metadata.namespace, which the watch reads for both kinds.
func (o *Options) watchSelect() (func(snapshot.Kind, metav1.Object) bool, error) {
	match, err := o.selectors().Matcher("with --watch")
	if match == nil || err != nil {
		return nil, err
	}
	return func(_ snapshot.Kind, obj metav1.Object) bool {
		return match(obj.GetLabels(), obj.GetName(), obj.GetNamespace())
	}, nil
}

// watchClients are clients for informers: no overall request timeout (a watch stays open; the
// reflector bounds its own calls), and the server is probed once so that a bad kubeconfig or an
// unreachable server is one error line, as in a one-shot run.
func (o *Common) watchClients(ctx context.Context, ns string) (snapshot.Clients, *rest.Config, error) {
	cfg, err := o.restConfig()
	if err != nil {
		return snapshot.Clients{}, nil, err
	}
	probe, err := snapshot.NewClients(cfg)
	if err != nil {
		return snapshot.Clients{}, nil, err
	}
	pctx := ctx
	if o.deadline > 0 {
		var cancel context.CancelFunc
		pctx, cancel = context.WithTimeout(ctx, o.deadline)
		defer cancel()
	}
	if _, err := probe.Kube.CoreV1().Services(ns).List(pctx, metav1.ListOptions{Limit: 1}); err != nil {
		if perr := diagnose.ProbeServer(pctx, probe, cfg); perr != nil {
			return snapshot.Clients{}, nil, perr
		}
		return snapshot.Clients{}, nil, diagnose.LiveErr(err, cfg, o.deadline)
	}
	wcfg := rest.CopyConfig(cfg)
	wcfg.Timeout = 0
	c, err := snapshot.NewClients(wcfg)
	return c, cfg, err
}

// watchNamespace is the watched scope: the targets' namespace, -n, or every namespace with -A.
func (o *Options) watchNamespace() string {
	if len(o.targets) > 0 {
		return o.namespace
	}
	return o.scopeNamespace()
}

// quietKlog keeps client-go's retry messages (a watch that drops, a server that restarts) off the
// terminal unless -v asks for logs.
func quietKlog() {
	fs := flag.NewFlagSet("klog", flag.ContinueOnError)
	klog.InitFlags(fs)
	_ = fs.Set("logtostderr", "false")
	_ = fs.Set("stderrthreshold", "FATAL")
	klog.SetOutput(io.Discard)
}

// Run prints the diagnosis as Options.Run does, then one line per finding that appears or clears,
// until ctx ends or SIGINT/SIGTERM arrives (exit 0).
func (o WatchOptions) Run(ctx context.Context) error {
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	if o.Verbosity == 0 {
		quietKlog()
	}
	sel, err := o.watchSelect()
	if err != nil {
		return err
	}
	c, cfg, err := o.watchClients(ctx, o.watchNamespace())
	if err != nil {
		return err
	}
	p := &watchPrinter{o: o.Options, json: o.format == report.JSON, prev: map[snapshot.Target][]report.Finding{}, now: time.Now}
	initial := make(chan error, 1)
	eng := engine.New(engine.Config{Clients: c, Namespace: o.watchNamespace(), Targets: o.targets, Select: sel,
		Checks: checks.All(), Provider: o.provider, Warn: o.warn,
		OnUpdate: func(u engine.Update) {
			if u.Initial {
				initial <- p.first(u)
				return
			}
			p.update(u)
		}})
	ectx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- eng.Run(ectx) }()
	var expired <-chan time.Time
	if o.deadline > 0 {
		t := time.NewTimer(o.deadline)
		defer t.Stop()
		expired = t.C
	}
	select {
	case err := <-initial:
		if err != nil {
			return err
		}
	case <-expired:
		return fmt.Errorf("the first diagnosis did not complete within %s (an informer did not sync with the API server at %s); raise --request-timeout (0: no limit)", o.deadline, cfg.Host)
	case <-ctx.Done():
		return nil
	}
	<-ctx.Done()
	cancel()
	return <-done
}

// watchPrinter prints a watch: the first report, then the transitions of each target's findings,
// computed by comparing its previous findings with its new ones, so a re-diagnosis that finds the
// same (a re-list after a dropped watch) prints nothing.
type watchPrinter struct {
	o    *Options
	json bool
	prev map[snapshot.Target][]report.Finding
	now  func() time.Time
}

// first prints the first diagnosis; an explicit target that does not exist is the error a one-shot
// run gives.
func (p *watchPrinter) first(u engine.Update) error {
	if u.Err != nil {
		return u.Err
	}
	seen := map[snapshot.Target]bool{}
	for _, r := range u.Reports {
		seen[r.Target] = true
		p.prev[r.Target] = r.Findings
	}
	for _, t := range p.o.targets {
		if !seen[t] {
			return diagnose.NotFound(&snapshot.NotFoundError{Resource: t.Kind.Lower(), Namespace: t.Namespace, Name: t.Name}, t)
		}
	}
	if len(u.Reports) == 0 {
		fmt.Fprintf(p.o.ErrOut, "no LoadBalancer Service or Ingress in %s yet; watching\n", p.scope())
	}
	if err := p.o.writer().Write(u.Reports, len(p.o.targets) == 0); err != nil {
		return fmt.Errorf("writing the report: %w", err)
	}
	return nil
}

func (p *watchPrinter) scope() string {
	if ns := p.o.watchNamespace(); ns != "" {
		return "namespace " + ns
	}
	return "any namespace"
}

func (p *watchPrinter) update(u engine.Update) {
	now := p.now()
	if u.Err != nil {
		fmt.Fprintf(p.o.ErrOut, "warning: %s\n", report.OneLine(u.Err.Error()))
	}
	var out []engine.Transition
	for _, r := range u.Reports {
		out = append(out, engine.Transitions(now, r.Target, p.prev[r.Target], r.Findings, false)...)
		p.prev[r.Target] = r.Findings
	}
	for _, t := range u.Removed {
		out = append(out, engine.Transitions(now, t, p.prev[t], nil, true)...)
		delete(p.prev, t)
	}
	for _, tr := range out {
		p.print(tr)
	}
}

// print writes one transition: a JSON line, or
// "15:04:05  + ERROR    E4009  ingress/shop/mall  title: message".
func (p *watchPrinter) print(tr engine.Transition) {
	if p.json {
		b, err := json.Marshal(tr)
		if err == nil {
			fmt.Fprintln(p.o.Out, string(b))
		}
		return
	}
	sign, note := "+", ""
	if tr.Change == "cleared" {
		sign, note = "-", " (cleared)"
		if tr.TargetDeleted {
			note = " (cleared: " + tr.Target.Kind.Lower() + " deleted)"
		}
	}
	code := tr.Code
	if code == "" {
		code = tr.Rule.String()
	}
	fmt.Fprintf(p.o.Out, "%s  %s %-7s  %s  %s/%s/%s  %s: %s%s\n", tr.Time.Format("15:04:05"), sign,
		strings.ToUpper(tr.Severity.String()), code, tr.Target.Kind.Lower(), tr.Target.Namespace, tr.Target.Name,
		tr.Title, tr.Message, note)
}
