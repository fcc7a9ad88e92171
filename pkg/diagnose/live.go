package diagnose

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/url"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kversion "k8s.io/apimachinery/pkg/version"
	"k8s.io/client-go/rest"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Live is a one-shot read of the cluster: the targets named, or every LoadBalancer Service and
// Ingress of a scope, with what the checks of Provider ("" for any) read for them.
type Live struct {
	Clients snapshot.Clients
	// Config is the clients' configuration: its host and timeout word the errors.
	Config *rest.Config
	// Deadline bounds the whole run (0: none); it words the error of a read that timed out.
	Deadline time.Duration
	// Targets are the objects to diagnose; none reads the scope: Namespace ("" for all) narrowed by
	// Selector.
	Targets   []snapshot.Target
	Namespace string
	Selector  snapshot.Selector
	Provider  rules.Provider
	// Suite is the providers and checks the read plans for; nil is every provider of the registry.
	Suite *checks.Suite
	// Progress, when set, hears what the read is doing, one status line at a time; after Wait (0:
	// never) it hears what the read still waits for, and "" when that read is done.
	Progress func(status string)
	Wait     time.Duration
	// Cloud, when set (--cloud), reads the targets' clouds into the snapshot after the cluster,
	// within the same Deadline; nil makes no cloud request.
	Cloud *Cloud
}

// LimitNote is the note that a wait gives up after deadline (0: never, no note), for a status line.
func LimitNote(deadline time.Duration) string {
	if deadline <= 0 {
		return ""
	}
	return fmt.Sprintf(" (giving up after %s; --request-timeout changes it)", deadline)
}

// Load reads the snapshot within the Deadline and returns it with its targets. A failed read is one
// actionable error: an endpoint that is no Kubernetes API server, one that cannot be reached,
// credentials that are rejected, a timeout, a target that does not exist.
func (l Live) Load(ctx context.Context) (Batch, error) {
	progress := l.Progress
	if progress == nil {
		progress = func(string) {}
	}
	if l.Deadline > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, l.Deadline)
		defer cancel()
	}
	if l.Wait > 0 {
		waiting := time.AfterFunc(l.Wait, func() {
			progress(fmt.Sprintf("waiting for the API server at %s%s…", l.Config.Host, LimitNote(l.Deadline)))
		})
		defer func() {
			if !waiting.Stop() {
				progress("")
			}
		}()
	}
	b, err := l.load(ctx, progress)
	if err != nil && ctx.Err() != nil {
		host := ""
		if l.Config != nil {
			host = l.Config.Host
		}
		return Batch{}, words.Errorf("the API server at %s did not answer within %s; raise --request-timeout (0: no limit) or check --kubeconfig/--context and the network",
			"%s 的 API 服务器在 %s 内没有应答；请调大 --request-timeout（0 表示不限），或检查 --kubeconfig/--context 和网络", host, l.Deadline)
	}
	return b, err
}

// load is Load without the deadline and the waiting note.
func (l Live) load(ctx context.Context, progress func(string)) (Batch, error) {
	plan := Options{Suite: l.Suite}.suite().Plan(l.Provider)
	if len(l.Targets) == 0 {
		progress("reading the cluster…")
		snap, err := snapshot.FromScope(ctx, l.Clients, l.Namespace, l.Selector, plan)
		if err != nil {
			if perr := ProbeServer(ctx, l.Clients, l.Config); perr != nil {
				return Batch{}, perr
			}
			return Batch{}, LiveErr(err, l.Config, l.Deadline)
		}
		l.readCloud(ctx, snap, snap.Targets, progress)
		progress(fmt.Sprintf("diagnosing %d objects…", len(snap.Targets)))
		return Batch{Snap: snap, Targets: snap.Targets}, nil
	}
	snap, err := snapshot.FromCluster(ctx, l.Clients, l.Targets, plan)
	if err != nil {
		var te *snapshot.TargetError
		if errors.As(err, &te) {
			if snapshot.IsNotFound(te.Err) || unexpectedAnswer(te.Err) {
				if perr := ProbeServer(ctx, l.Clients, l.Config); perr != nil {
					return Batch{}, perr
				}
			}
			if snapshot.IsNotFound(te.Err) || snapshot.IsUnknown(te.Err) {
				return Batch{}, NotFound(te.Err, te.Target)
			}
			return Batch{}, LiveErr(te.Err, l.Config, l.Deadline)
		}
		return Batch{}, LiveErr(err, l.Config, l.Deadline)
	}
	l.readCloud(ctx, snap, l.Targets, progress)
	return Batch{Snap: snap, Targets: l.Targets}, nil
}

// readCloud reads the targets' clouds when the run asks for it.
func (l Live) readCloud(ctx context.Context, snap *snapshot.Snapshot, targets []snapshot.Target, progress func(string)) {
	if l.Cloud == nil {
		return
	}
	progress("reading the cloud…")
	l.Cloud.Read(ctx, snap, targets, l.Suite, l.Provider)
}

// WatchClients are clients of cfg for informers: no overall request timeout (a watch stays open;
// the reflector bounds its own calls). The server is probed once first, by listing one Service of
// namespace ns ("" for all) within deadline (0: none), so that a bad kubeconfig or an unreachable
// server is one actionable error, as in a one-shot run.
func WatchClients(ctx context.Context, cfg *rest.Config, ns string, deadline time.Duration) (snapshot.Clients, error) {
	probe, err := snapshot.NewClients(cfg)
	if err != nil {
		return snapshot.Clients{}, err
	}
	if deadline > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, deadline)
		defer cancel()
	}
	if _, err := probe.Kube.CoreV1().Services(ns).List(ctx, metav1.ListOptions{Limit: 1}); err != nil {
		if perr := ProbeServer(ctx, probe, cfg); perr != nil {
			return snapshot.Clients{}, perr
		}
		return snapshot.Clients{}, LiveErr(err, cfg, deadline)
	}
	wcfg := rest.CopyConfig(cfg)
	wcfg.Timeout = 0
	return snapshot.NewClients(wcfg)
}

// unexpectedAnswer reports whether err is neither a Kubernetes status nor a timeout: the answer of
// something that may not be an API server.
func unexpectedAnswer(err error) bool {
	var st apierrors.APIStatus
	var ne net.Error
	return !errors.As(err, &st) && !(errors.As(err, &ne) && ne.Timeout()) && !errors.Is(err, context.DeadlineExceeded)
}

// ProbeServer tells an endpoint that is not a Kubernetes API server, or one that cannot be reached,
// from a missing object: it GETs /version once, only after a read failed. Nil means the server is fine.
func ProbeServer(ctx context.Context, c snapshot.Clients, cfg *rest.Config) error {
	if c.Kube == nil || ctx.Err() != nil {
		return nil
	}
	raw, err := c.Kube.Discovery().RESTClient().Get().AbsPath("/version").Do(ctx).Raw()
	var ue *url.Error
	switch {
	case ctx.Err() != nil:
		return nil
	case errors.As(err, &ue):
		return unreachableErr(cfg.Host, ue)
	case apierrors.IsNotFound(err):
		return words.Errorf("%s is not a Kubernetes API server (the server could not find the requested resource); check --kubeconfig/--context",
			"%s 不是 Kubernetes API 服务器（服务器找不到所请求的资源）；请检查 --kubeconfig/--context", cfg.Host)
	case err != nil:
		return nil
	}
	var v kversion.Info
	if json.Unmarshal(raw, &v) != nil || v.GitVersion == "" {
		return words.Errorf("%s is not a Kubernetes API server (its /version is not Kubernetes'); check --kubeconfig/--context",
			"%s 不是 Kubernetes API 服务器（其 /version 不是 Kubernetes 的）；请检查 --kubeconfig/--context", cfg.Host)
	}
	return nil
}

// LiveErr turns a transport or API error into one actionable line; deadline is the run's (0: none).
func LiveErr(err error, cfg *rest.Config, deadline time.Duration) error {
	host := ""
	if cfg != nil {
		host = cfg.Host
	}
	var ne net.Error
	var ue *url.Error
	switch {
	case apierrors.IsUnauthorized(err):
		return words.Errorf("the API server at %s rejected the credentials (401); refresh them or pick another --context",
			"%s 的 API 服务器拒绝了凭据（401）；请更新凭据，或换用另一个 --context", host)
	case apierrors.IsForbidden(err):
		return words.Errorf("%w; ask for the read-only role in deploy/rbac.yaml", "%w；请申请 deploy/rbac.yaml 中的只读角色", err)
	case errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) || apierrors.IsTimeout(err):
		within := words.Say("in time", "及时")
		if cfg != nil && cfg.Timeout > 0 {
			within = words.Say("within %s", "在 %s 内", cfg.Timeout)
		} else if deadline > 0 {
			within = words.Say("within %s", "在 %s 内", deadline)
		}
		return words.Errorf("the API server at %s did not answer %s; raise --request-timeout (0: no limit) or check the network",
			"%s 的 API 服务器没有%s应答；请调大 --request-timeout（0 表示不限），或检查网络", host, within)
	case errors.As(err, &ue):
		return unreachableErr(host, ue)
	}
	return err
}

// unreachableErr is the one line for a transport failure before any answer (refused, DNS, TLS).
func unreachableErr(host string, ue *url.Error) error {
	return &UnreachableError{Host: host, Err: ue.Err, worded: words.Errorf("cannot reach the API server at %s: %v; check --kubeconfig/--context, or use -f FILE for offline mode",
		"无法连接 %s 的 API 服务器：%v；请检查 --kubeconfig/--context，或用 -f FILE 离线诊断", host, ue.Err)}
}

// UnreachableError is a transport failure before any answer from the API server at Host; its text
// suggests -f, the offline mode of the commands that have one.
type UnreachableError struct {
	Host   string
	Err    error
	worded error
}

func (e *UnreachableError) Error() string { return e.worded.Error() }
func (e *UnreachableError) Unwrap() error { return e.worded }

// LiveOnly is the error for a command without an offline mode (serve): no -f hint.
func (e *UnreachableError) LiveOnly() error {
	return words.Errorf("cannot reach the API server at %s: %v; check --kubeconfig/--context",
		"无法连接 %s 的 API 服务器：%v；请检查 --kubeconfig/--context", e.Host, e.Err)
}
