package cmd

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"k8s.io/client-go/rest"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/logs"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/diagnose"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/engine"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// WatchOptions is the diagnose command with --watch: the first report, then each finding that
// appears or clears. It shares the diagnose command's flags (Complete is Options').
type WatchOptions struct{ *Options }

// Validate checks the flags --watch combines with.
func (o WatchOptions) Validate() error {
	if len(o.Filenames) > 0 {
		return words.Errorf("--watch follows the cluster and -f reads files, which do not change; drop one of them",
			"--watch 跟踪集群的变化，而 -f 读取的文件不会变化；请去掉其中之一")
	}
	if spec, _ := o.format.Spec(); !spec.Moment.IsZero() {
		return &words.WordsError{W: spec.Moment}
	}
	if o.fleet != nil {
		return words.Errorf("--watch follows one cluster; it does not combine with --all-contexts or --context a,b (for several clusters, run serve in each)",
			"--watch 只跟踪一个集群，不能与 --all-contexts 或 --context a,b 同时使用（多个集群请在每个集群中运行 serve）")
	}
	if _, err := o.selectors().ObjectMatcher("with --watch"); err != nil {
		return err
	}
	return nil
}

// watchClients are diagnose.WatchClients for the kubeconfig, with its configuration.
func (o *Common) watchClients(ctx context.Context, ns string) (snapshot.Clients, *rest.Config, error) {
	cfg, err := o.restConfig()
	if err != nil {
		return snapshot.Clients{}, nil, err
	}
	c, err := diagnose.WatchClients(ctx, cfg, ns, o.deadline)
	return c, cfg, err
}

// watchNamespace is the watched scope: the targets' namespace, -n, or every namespace with -A.
func (o *Options) watchNamespace() string {
	if len(o.targets) > 0 {
		return o.namespace
	}
	return o.scopeNamespace()
}

// Run prints the diagnosis as Options.Run does, then one line per finding that appears or clears,
// until ctx ends or SIGINT/SIGTERM arrives (exit 0).
func (o WatchOptions) Run(ctx context.Context) error {
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	if o.Verbosity == 0 {
		logs.Quiet()
	}
	c, cfg, err := o.watchClients(ctx, o.watchNamespace())
	if err != nil {
		return err
	}
	return o.follow(ctx, c, cfg.Host, o.CloudOptions.cache(o.deadline, o.CloudInterval.d))
}

// follow runs the watch over the clients of the API server at host, reading the clouds through
// cloud when it is set (--cloud).
func (o WatchOptions) follow(ctx context.Context, c snapshot.Clients, host string, cloud *diagnose.CloudCache) error {
	sel, err := o.selectors().ObjectMatcher("with --watch")
	if err != nil {
		return err
	}
	p := &watchPrinter{o: o.Options, json: o.format == report.JSON, prev: engine.Tracker{}, now: time.Now}
	err = engine.Follow(ctx, engine.Config{Clients: c, Namespace: o.watchNamespace(), Targets: o.targets, Select: sel,
		Provider: o.provider, Warn: o.warn, Cloud: cloud}, o.deadline, p.first, p.update)
	if errors.Is(err, engine.ErrFirstPassLate) {
		return words.Errorf("the first diagnosis did not complete within %s (an informer did not sync with the API server at %s, or the first cloud read took that long); raise --request-timeout (0: no limit)",
			"首次诊断未能在 %s 内完成（有 informer 未能与 %s 的 API 服务器同步，或首次云读取耗时过长）；请调大 --request-timeout（0 表示不限）", o.deadline, host)
	}
	return err
}

// watchPrinter prints a watch: the first report, then the transitions of each target's findings
// (engine.Tracker).
type watchPrinter struct {
	o    *Options
	json bool
	prev engine.Tracker
	now  func() time.Time
}

// first prints the first diagnosis; an explicit target that does not exist is the error a one-shot
// run gives.
func (p *watchPrinter) first(u engine.Update) error {
	if u.Err != nil {
		return u.Err
	}
	u.Reports = report.LocalizeAll(u.Reports, p.o.lang)
	p.prev.Seed(u.Reports)
	for _, t := range p.o.targets {
		if _, seen := p.prev[t]; !seen {
			return diagnose.NotFound(&snapshot.NotFoundError{Resource: t.Kind.Lower(), Namespace: t.Namespace, Name: t.Name}, t)
		}
	}
	if len(u.Reports) == 0 {
		fmt.Fprintln(p.o.ErrOut, words.Say("no LoadBalancer Service or Ingress in %s yet; watching", "%s中还没有 LoadBalancer 类型的 Service 或 Ingress；继续监视", p.scope()).In(p.o.lang))
	}
	if err := p.o.writer().Write(u.Reports, len(p.o.targets) == 0); err != nil {
		return writeError(err)
	}
	return nil
}

func (p *watchPrinter) scope() words.Words {
	if ns := p.o.watchNamespace(); ns != "" {
		return words.Say("namespace %s", "命名空间 %s", ns)
	}
	return words.Say("any namespace", "任何命名空间")
}

func (p *watchPrinter) update(u engine.Update) {
	now := p.now()
	if u.Err != nil {
		fmt.Fprintln(p.o.ErrOut, words.Say("warning: %s", "警告：%s", report.OneLine(words.ErrorIn(u.Err, p.o.lang))).In(p.o.lang))
	}
	u.Reports = report.LocalizeAll(u.Reports, p.o.lang)
	for _, tr := range p.prev.Next(now, u) {
		engine.WriteTransition(p.o.Out, tr, p.json)
	}
}
