package cmd

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// Client-side rate limits: client-go's default of 5 requests/s would dominate any cluster-wide run.
const (
	clientQPS   = 50
	clientBurst = 100
)

func (o *Options) restConfig() (*rest.Config, error) {
	cfg, err := o.ConfigFlags.ToRESTConfig()
	if err != nil {
		return nil, fmt.Errorf("cannot load kubeconfig: %w; pass --kubeconfig or --context, or use -f FILE for offline mode", err)
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
	// Built-in kinds travel as protobuf: several times cheaper to decode than JSON at cluster scale.
	pcfg := rest.CopyConfig(cfg)
	pcfg.ContentType = runtime.ContentTypeProtobuf
	pcfg.AcceptContentTypes = runtime.ContentTypeProtobuf + "," + runtime.ContentTypeJSON
	kube, err := kubernetes.NewForConfig(pcfg)
	if err != nil {
		return snapshot.Clients{}, nil, err
	}
	dyn, err := dynamic.NewForConfig(cfg)
	if err != nil {
		return snapshot.Clients{}, nil, err
	}
	return snapshot.Clients{Kube: kube, Dynamic: dyn}, cfg, nil
}

func (o *Options) loadLive(ctx context.Context) (*snapshot.Snapshot, []snapshot.Target, error) {
	c, cfg, err := o.clients()
	if err != nil {
		return nil, nil, err
	}
	var snap *snapshot.Snapshot
	if len(o.targets) == 0 {
		o.progress("reading the cluster…")
		snap, err = snapshot.FromScope(ctx, c, o.scopeNamespace(), checks.Plan(checks.All(), o.provider))
		if err != nil {
			return nil, nil, liveErr(err, cfg)
		}
		o.progress(fmt.Sprintf("diagnosing %d objects…", len(snap.Targets)))
		return snap, snap.Targets, nil
	}
	snap, err = snapshot.FromCluster(ctx, c, o.targets, checks.Plan(checks.All(), o.provider))
	if err != nil {
		var te *snapshot.TargetError
		if errors.As(err, &te) {
			return nil, nil, targetErr(te, cfg)
		}
		return nil, nil, liveErr(err, cfg)
	}
	return snap, o.targets, nil
}

// progress writes a status line to stderr when it is a terminal.
func (o *Options) progress(msg string) {
	if f, ok := o.ErrOut.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		fmt.Fprintf(o.ErrOut, "\r\033[K%s", msg)
		if strings.HasSuffix(msg, "…") {
			return
		}
		fmt.Fprintln(o.ErrOut)
	}
}

func targetErr(te *snapshot.TargetError, cfg *rest.Config) error {
	if snapshot.IsNotFound(te.Err) || snapshot.IsUnknown(te.Err) {
		return notFoundOr(te.Err, te.Target)
	}
	return liveErr(te.Err, cfg)
}

// liveErr turns a transport or API error into one actionable line.
func liveErr(err error, cfg *rest.Config) error {
	host := ""
	if cfg != nil {
		host = cfg.Host
	}
	var ne net.Error
	var ue *url.Error
	switch {
	case apierrors.IsUnauthorized(err):
		return fmt.Errorf("the API server at %s rejected the credentials (401); refresh them or pick another --context", host)
	case apierrors.IsForbidden(err):
		return fmt.Errorf("%w; ask for the read-only role in deploy/rbac.yaml", err)
	case errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) || apierrors.IsTimeout(err):
		return fmt.Errorf("the API server at %s did not answer in time; raise --request-timeout or check the network", host)
	case errors.As(err, &ue):
		return fmt.Errorf("cannot reach the API server at %s: %v; check --kubeconfig/--context, or use -f FILE for offline mode", host, ue.Err)
	}
	return err
}

// completeTargets completes TYPE/NAME arguments from the cluster.
func (o *Options) completeTargets(_ *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 && !strings.Contains(args[0], "/") {
		kind, err := resolveResource(args[0])
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return o.names(kind, "", prefix), cobra.ShellCompDirectiveNoFileComp
	}
	res, namePrefix, found := strings.Cut(prefix, "/")
	if !found {
		return []string{"svc/", "ingress/", "service", "ingress"}, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	}
	kind, err := resolveResource(res)
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return o.names(kind, res+"/", namePrefix), cobra.ShellCompDirectiveNoFileComp
}

func (o *Options) names(kind snapshot.Kind, prefix, namePrefix string) []string {
	c, _, err := o.clients()
	if err != nil {
		return nil
	}
	ns, _, err := o.ConfigFlags.ToRawKubeConfigLoader().Namespace()
	if err != nil {
		return nil
	}
	ctx := context.Background()
	var names []string
	switch kind {
	case snapshot.KindService:
		l, err := c.Kube.CoreV1().Services(ns).List(ctx, metav1.ListOptions{})
		if err != nil {
			return nil
		}
		for _, s := range l.Items {
			names = append(names, s.Name)
		}
	case snapshot.KindIngress:
		l, err := c.Kube.NetworkingV1().Ingresses(ns).List(ctx, metav1.ListOptions{})
		if err != nil {
			return nil
		}
		for _, i := range l.Items {
			names = append(names, i.Name)
		}
	}
	var out []string
	for _, n := range names {
		if strings.HasPrefix(n, namePrefix) {
			out = append(out, prefix+n)
		}
	}
	return out
}

// resolveWithMapper asks the cluster's REST mapper for a resource the static table does not know,
// so that the error names what the user asked for.
func (o *Options) resolveWithMapper(res string) (snapshot.Kind, error) {
	mapper, err := o.ConfigFlags.ToRESTMapper()
	if err != nil {
		return "", errUnsupported{res}
	}
	gvr, gr := schema.ParseResourceArg(res)
	var gvk schema.GroupVersionKind
	if gvr != nil {
		gvk, err = mapper.KindFor(*gvr)
	} else {
		gvk, err = mapper.KindFor(gr.WithVersion(""))
	}
	if err != nil {
		return "", fmt.Errorf("the server doesn't have a resource type %q; lbdoctor diagnoses services (svc) and ingresses (ing)", res)
	}
	switch {
	case gvk.Group == "" && gvk.Kind == "Service":
		return snapshot.KindService, nil
	case (gvk.Group == "networking.k8s.io" || gvk.Group == "extensions") && gvk.Kind == "Ingress":
		return snapshot.KindIngress, nil
	}
	return "", fmt.Errorf("lbdoctor diagnoses Services and Ingresses only, not %s; try svc/NAME or ingress/NAME", gvk.GroupKind())
}
