// Package preflight says what applying manifests will do to the load balancers: it lays the
// manifests' objects over what is there now (the live cluster, read-only, or --base files) the way
// `kubectl apply` would leave them, diagnoses every Service and Ingress of the manifests as it will
// be, in that world, and reports with each diagnosis the change findings of the change model
// (pkg/changes, run by the checks from the snapshot's priors): rejected, destructive and disruptive
// edits, with the field, the old and new values and the consequence.
package preflight

import (
	"context"
	"slices"
	"time"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/diagnose"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Options say what to preflight and against what.
type Options struct {
	// Files are the manifests to apply (-f).
	Files snapshot.Files
	// Base, when set, is what is there now, read from files (--base); otherwise the cluster.
	Base *snapshot.Files
	// Clients and Config read the cluster (live mode) within Deadline (0: no limit), which also
	// words a timeout's error.
	Clients  snapshot.Clients
	Config   *rest.Config
	Deadline time.Duration
	// Targets narrows the run to these objects of the manifests; none: every Service and Ingress.
	Targets []snapshot.Target
	// Namespace, when set, narrows the run to the manifests' objects of that namespace.
	Namespace string
	// Provider forces the cloud provider; "" detects it per target.
	Provider rules.Provider
	// AllowDestructive reports destructive changes as warnings instead of errors.
	AllowDestructive bool
	// Warn hears the warnings of the diagnosis and the input, one line each, worded in every language.
	Warn func(line words.Words)
	// Cloud, when set (--cloud), reads the load balancers the targets name after the laying, so
	// that a port taken by another owner's listener on a reused load balancer is a finding.
	Cloud *diagnose.Cloud
}

// Result is the reports of a preflight and the reads of the cluster that failed.
type Result struct {
	Reports    []report.Report
	Incomplete []snapshot.FailedRead
	// Targets are the objects diagnosed, in report order.
	Targets []snapshot.Target
}

// CreatedReason is the reason of the note on the report of an object the apply creates.
const CreatedReason = "Created"

// Run reads the manifests and what is there now, lays the one over the other and diagnoses each
// target as it will be. It never writes to the cluster.
func Run(ctx context.Context, o Options) (Result, error) {
	if o.Deadline > 0 && o.Base == nil {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.Deadline)
		defer cancel()
	}
	files, err := o.Files.Load()
	if err != nil {
		return Result{}, err
	}
	for _, w := range files.Warnings {
		o.warn(words.Say("warning: %s", "警告：%s", w))
	}
	targets, err := o.targetsOf(files)
	if err != nil {
		return Result{}, err
	}
	if len(targets) == 0 {
		return Result{}, nil
	}
	lay := func(now *snapshot.Snapshot) error { return overlay(now, files, targets, o.Base != nil) }
	var snap *snapshot.Snapshot
	if o.Base != nil {
		if snap, err = o.Base.Load(); err != nil {
			return Result{}, words.Errorf("--base: %w", "--base：%w", err)
		}
		if err := lay(snap); err != nil {
			return Result{}, err
		}
	} else {
		snap, err = snapshot.FromClusterOverlay(ctx, o.Clients, targets, providers.Suite().Plan(o.Provider), lay)
		if err != nil {
			return Result{}, o.liveErr(ctx, err)
		}
	}
	targets = loadBalancers(snap, targets)
	if o.Cloud != nil {
		o.Cloud.Read(ctx, snap, targets, nil, o.Provider)
	}
	reports, err := diagnose.All([]diagnose.Batch{{Snap: snap, Targets: targets}}, diagnose.Options{Provider: o.Provider, Warn: o.Warn})
	if err != nil {
		return Result{}, err
	}
	for i := range reports {
		t := targets[i]
		reports[i].Origin = snap.Locate(t, "")
		if prior, _ := snap.Prior(t); isNil(prior) && reports[i].Note == nil {
			reports[i].Note = &report.Note{Reason: CreatedReason,
				Message: "the apply creates this object; the diagnosis includes its conflicts with what is there"}
		}
		if o.AllowDestructive {
			reports[i].Downgrade(func(f report.Finding) bool {
				return f.Change != nil && f.Change.Class == rules.ChangeDestructive
			}, rules.Warning)
		}
	}
	return Result{Reports: reports, Incomplete: snap.Incomplete, Targets: targets}, nil
}

func (o Options) warn(line words.Words) {
	if o.Warn != nil {
		o.Warn(line)
	}
}

// liveErr words a failed read of the cluster as the diagnosis does.
func (o Options) liveErr(ctx context.Context, err error) error {
	if perr := diagnose.ProbeServer(ctx, o.Clients, o.Config); perr != nil {
		return perr
	}
	return diagnose.LiveErr(err, o.Config, o.Deadline)
}

// targetsOf lists the Services and Ingresses of the manifests, narrowed by Targets and Namespace. A
// named target the manifests lack is an error.
func (o Options) targetsOf(files *snapshot.Snapshot) ([]snapshot.Target, error) {
	var all []snapshot.Target
	svcs, _ := files.Services.List("")
	for _, s := range svcs {
		all = append(all, snapshot.Target{Kind: snapshot.KindService, Namespace: s.Namespace, Name: s.Name})
	}
	ings, _ := files.Ingresses.List("")
	for _, i := range ings {
		all = append(all, snapshot.Target{Kind: snapshot.KindIngress, Namespace: i.Namespace, Name: i.Name})
	}
	if len(o.Targets) > 0 {
		for _, t := range o.Targets {
			if !slices.Contains(all, t) {
				return nil, words.Errorf("%s %s/%s is not in the manifests (-f)", "清单（-f）中没有 %s %s/%s", t.Kind.Lower(), t.Namespace, t.Name)
			}
		}
		return o.Targets, nil
	}
	var out []snapshot.Target
	for _, t := range all {
		if o.Namespace == "" || t.Namespace == o.Namespace {
			out = append(out, t)
		}
	}
	slices.SortStableFunc(out, snapshot.CompareTargets)
	return out, nil
}

// overlay lays the manifests over now: each target merged as kubectl apply would leave it (its
// object now kept as its prior), every other object of the manifests added as it is written.
func overlay(now, files *snapshot.Snapshot, targets []snapshot.Target, base bool) error {
	for _, t := range targets {
		manifest, ok := files.Manifest(string(t.Kind), t.Namespace, t.Name)
		var err error
		switch t.Kind {
		case snapshot.KindService:
			err = layTarget(now, &now.Services, &files.Services, t, ok, func(cur, _ *corev1.Service) (*corev1.Service, error) {
				after, err := mergeService(cur, manifest, original(cur.Annotations, cur, base))
				if err == nil {
					defaultService(after)
				}
				return after, err
			})
		case snapshot.KindIngress:
			err = layTarget(now, &now.Ingresses, &files.Ingresses, t, ok, func(cur, fileObj *networkingv1.Ingress) (*networkingv1.Ingress, error) {
				if v, _ := manifest["apiVersion"].(string); v != "networking.k8s.io/v1" {
					// A beta Ingress: lay the v1 form the files were read into.
					m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(fileObj)
					if err != nil {
						return nil, err
					}
					manifest = m
					manifest["apiVersion"], manifest["kind"] = "networking.k8s.io/v1", "Ingress"
				}
				return mergeIngress(cur, manifest, original(cur.Annotations, cur, base))
			})
		}
		if err != nil {
			return err
		}
	}
	isTarget := func(kind, ns, name string) bool {
		return slices.Contains(targets, snapshot.Target{Kind: snapshot.Kind(kind), Namespace: ns, Name: name})
	}
	now.Lay(files, isTarget)
	return nil
}

// layTarget puts target t into now's store: merged with the object the cluster (or --base) holds,
// which becomes its prior; as the files write it, a creation, when there is none (or no manifest).
func layTarget[T runtime.Object](snap *snapshot.Snapshot, now, files *snapshot.Store[T], t snapshot.Target, hasManifest bool, merge func(cur, fileObj T) (T, error)) error {
	fileObj, _ := files.Get(t.Namespace, t.Name)
	cur, err := now.Get(t.Namespace, t.Name)
	if err != nil || !hasManifest {
		now.Put(t.Namespace, t.Name, fileObj)
		snap.SetPrior(t, nil)
		return nil
	}
	after, err := merge(cur, fileObj)
	if err != nil {
		return words.Errorf("%s: %w", "%s：%w", t, err)
	}
	now.Put(t.Namespace, t.Name, after)
	snap.SetPrior(t, cur)
	return nil
}

// original is the configuration of the last apply: the object's record, or, for --base files
// without one, the base object itself (the files are what was applied).
func original(annotations map[string]string, obj any, base bool) []byte {
	if rec := lastApplied(annotations); rec != nil || !base {
		return rec
	}
	u, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		return nil
	}
	b, err := Applied(u)
	if err != nil {
		return nil
	}
	return b
}

// defaultService fills what the API server defaults on a port the manifest adds: its protocol and
// targetPort.
func defaultService(svc *corev1.Service) {
	for i := range svc.Spec.Ports {
		p := &svc.Spec.Ports[i]
		if p.Protocol == "" {
			p.Protocol = corev1.ProtocolTCP
		}
		if p.TargetPort.IntValue() == 0 && p.TargetPort.StrVal == "" {
			p.TargetPort.IntVal = p.Port
		}
	}
}

// loadBalancers keeps the targets that are, or were, a load balancer's: every Ingress, and the
// Services of type LoadBalancer now or after.
func loadBalancers(snap *snapshot.Snapshot, targets []snapshot.Target) []snapshot.Target {
	var out []snapshot.Target
	for _, t := range targets {
		if t.Kind != snapshot.KindService {
			out = append(out, t)
			continue
		}
		after, err := snap.Services.Get(t.Namespace, t.Name)
		lb := err == nil && after.Spec.Type == corev1.ServiceTypeLoadBalancer
		if prior, _ := snap.Prior(t); !isNil(prior) {
			if p, ok := prior.(*corev1.Service); ok && p.Spec.Type == corev1.ServiceTypeLoadBalancer {
				lb = true
			}
		}
		if lb {
			out = append(out, t)
		}
	}
	return out
}

// isNil reports whether o holds no object (a nil interface or a typed nil).
func isNil(o runtime.Object) bool {
	switch v := o.(type) {
	case nil:
		return true
	case *corev1.Service:
		return v == nil
	case *networkingv1.Ingress:
		return v == nil
	}
	return false
}
