package cmd

import (
	"context"
	"fmt"
	"github.com/lbdoctor/kubectl-lbdoctor/internal/redact"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/rest"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/cli"
	"github.com/lbdoctor/kubectl-lbdoctor/internal/logs"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/diagnose"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Client-side rate limits: client-go's default of 5 requests/s would dominate any cluster-wide run.
const (
	clientQPS   = 50
	clientBurst = 100
)

func (o *Common) restConfig() (*rest.Config, error) {
	cfg, err := o.ConfigFlags.ToRESTConfig()
	if err != nil && o.liveOnly {
		return nil, words.Errorf("cannot load kubeconfig: %w; pass --kubeconfig or --context", "无法加载 kubeconfig：%w；请用 --kubeconfig 或 --context 指定", err)
	}
	if err != nil {
		return nil, words.Errorf("cannot load kubeconfig: %w; pass --kubeconfig or --context, or use -f FILE for offline mode",
			"无法加载 kubeconfig：%w；请用 --kubeconfig 或 --context 指定，或用 -f FILE 离线诊断", err)
	}
	cfg.QPS, cfg.Burst = clientQPS, clientBurst
	cfg.UserAgent = "kubectl-lbdoctor/" + buildVersion()
	return cfg, nil
}

func (o *Options) clients() (snapshot.Clients, *rest.Config, error) {
	cfg, err := o.restConfig()
	if err != nil {
		return snapshot.Clients{}, nil, err
	}
	c, err := snapshot.NewClients(cfg)
	c.ChunkSize = o.ChunkSize
	return c, cfg, err
}

// loadLive reads the cluster within the run's deadline, saying what it waits for when the API
// server is slow to answer.
func (o *Options) loadLive(ctx context.Context) (diagnose.Batch, error) {
	c, cfg, err := o.clients()
	if err != nil {
		return diagnose.Batch{}, err
	}
	return diagnose.Live{Clients: c, Config: cfg, Deadline: o.deadline, Targets: o.targets, Namespace: o.scopeNamespace(),
		Selector: o.selectors(), Provider: o.provider, Progress: o.progress, Wait: progressDelay, Cloud: o.CloudOptions.read(o.deadline)}.Load(ctx)
}

// progressDelay is how long a live run is quiet before saying what it waits for.
var progressDelay = 3 * time.Second

// defaultDeadline bounds a whole live run unless --request-timeout says otherwise.
const defaultDeadline = 30 * time.Second

// progress writes a status line to stderr when it is a terminal.
func (o *Options) progress(msg string) {
	if isTerminal(redact.Unwrap(o.ErrOut)) {
		o.progressMu.Lock()
		defer o.progressMu.Unlock()
		fmt.Fprintf(o.ErrOut, "\r\033[K%s", msg)
		if msg == "" || strings.HasSuffix(msg, "…") {
			return
		}
		fmt.Fprintln(o.ErrOut)
	}
}

// completionTimeout bounds the requests of shell completion: a shell should not wait for long.
const completionTimeout = 5 * time.Second

// isTerminal reports whether w is a terminal; tests replace it.
var isTerminal = func(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// completeTargets completes TYPE/NAME arguments from the cluster.
func (o *Options) completeTargets(_ *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 && !strings.Contains(args[0], "/") {
		kind, err := snapshot.ResolveResource(args[0])
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return o.names(kind, "", prefix), cobra.ShellCompDirectiveNoFileComp
	}
	res, namePrefix, found := strings.Cut(prefix, "/")
	if !found {
		return []string{"svc/", "ingress/", "service", "ingress"}, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	}
	kind, err := snapshot.ResolveResource(res)
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return o.names(kind, res+"/", namePrefix), cobra.ShellCompDirectiveNoFileComp
}

func (o *Options) names(kind snapshot.Kind, prefix, namePrefix string) []string {
	ns, _, err := o.ConfigFlags.ToRawKubeConfigLoader().Namespace()
	if err != nil {
		return nil
	}
	var out []string
	for _, n := range cli.WithPrefix(o.completionList(func(ctx context.Context, c snapshot.Clients) ([]string, error) {
		return snapshot.Names(ctx, c, kind, ns)
	}), namePrefix) {
		out = append(out, prefix+n)
	}
	return out
}

// completionList is what list reads from the cluster within completionTimeout; nil when it fails.
func (o *Options) completionList(list func(context.Context, snapshot.Clients) ([]string, error)) []string {
	c, _, err := o.clients()
	if err != nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), completionTimeout)
	defer cancel()
	names, err := list(ctx, c)
	if err != nil {
		return nil
	}
	return names
}

// resolveWithMapper asks the cluster's REST mapper for a resource the static table does not know,
// within the run's deadline. Discovery failures are the caller's to report: without -v they are not
// logged.
func (o *Options) resolveWithMapper(res string) (snapshot.Kind, error) {
	return snapshot.ResolveWithMapper(func(gvr schema.GroupVersionResource) (schema.GroupVersionKind, error) {
		if o.Verbosity == 0 {
			defer logs.Quiet()()
		}
		mapper, err := o.ConfigFlags.ToRESTMapper()
		if err != nil {
			return schema.GroupVersionKind{}, err
		}
		return mapper.KindFor(gvr)
	}, res, o.deadline)
}
