package snapshot

import (
	"context"
	"fmt"
	"sort"
	"strings"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
)

// directSecretGets is how many referenced Secrets are read with one GET each; above it, one paged
// cluster-wide LIST (without Helm release and service-account token Secrets) keeps only the
// referenced ones, so the request count does not grow with the number of Ingresses.
const directSecretGets = 10

// FromScope reads every LoadBalancer Service and Ingress of namespace ns ("" for all) and what
// their checks need with one paged LIST per kind: the number of requests does not grow with the
// number of targets beyond paging. Events come from one LIST and are indexed by object. When a
// cluster-wide read is forbidden, it falls back to the namespaces the user may read, and names the
// others in Snapshot.Incomplete.
//
// A non-empty sel narrows the Service and Ingress LISTs on the server; what the selected Ingresses
// reference is then read by name.
func FromScope(ctx context.Context, c Clients, ns string, sel Selector) (*Snapshot, error) {
	snap, err := fromScope(ctx, c, []string{ns}, sel)
	if err == nil || ns != "" || !IsForbidden(err) {
		return snap, err
	}
	nsl, lerr := c.Kube.CoreV1().Namespaces().List(ctx, metav1.ListOptions{})
	if lerr != nil {
		return nil, fmt.Errorf("%w; listing namespaces to read them one by one failed too: %v", err, shortErr(lerr))
	}
	var names []string
	for _, n := range nsl.Items {
		names = append(names, n.Name)
	}
	return fromScope(ctx, c, names, sel)
}

// Selector is kubectl's -l/--selector and --field-selector for a scope run.
type Selector struct {
	Label, Field string
}

// IsZero reports whether the selector selects everything.
func (s Selector) IsZero() bool { return s.Label == "" && s.Field == "" }

// selected holds what the selector-narrowed LISTs returned, by namespace.
type selected struct {
	targets []Target
	errs    map[string]error
}

// listSelected LISTs the Services and Ingresses of ns that match sel into the stores without marking
// the namespace listed: an object the selector left out is unknown, not missing.
func (f *fetcher) listSelected(ns string, sel Selector, out *selected) {
	k := f.c.Kube
	opts := metav1.ListOptions{Limit: ScopePageSize, LabelSelector: sel.Label, FieldSelector: sel.Field}
	fail := func(err error, resource, group string) {
		gap := f.classify(err, "list", resource, group, ns)
		f.locked(func() {
			if out.errs[ns] == nil {
				out.errs[ns] = &UnknownError{Resource: resource, Namespace: ns, Reason: gap.Reason, RBAC: gap.RBAC}
			}
		})
	}
	f.do(func() {
		o := opts
		for {
			l, err := k.CoreV1().Services(ns).List(f.ctx, o)
			if err != nil {
				fail(err, "services", "")
				return
			}
			f.locked(func() {
				for i := range l.Items {
					svc := &l.Items[i]
					svc.ManagedFields = nil
					f.snap.Services.Add(svc.Namespace, svc.Name, svc)
					if svc.Spec.Type == corev1.ServiceTypeLoadBalancer {
						out.targets = append(out.targets, Target{Kind: KindService, Namespace: svc.Namespace, Name: svc.Name})
					}
				}
			})
			if o.Continue = l.Continue; o.Continue == "" {
				return
			}
		}
	})
	f.do(func() {
		o := opts
		for {
			l, err := k.NetworkingV1().Ingresses(ns).List(f.ctx, o)
			if err != nil {
				fail(err, "ingresses", "networking.k8s.io")
				return
			}
			f.locked(func() {
				for i := range l.Items {
					ing := &l.Items[i]
					ing.ManagedFields = nil
					f.snap.Ingresses.Add(ing.Namespace, ing.Name, ing)
					out.targets = append(out.targets, Target{Kind: KindIngress, Namespace: ing.Namespace, Name: ing.Name})
				}
			})
			if o.Continue = l.Continue; o.Continue == "" {
				return
			}
		}
	})
}

func fromScope(ctx context.Context, c Clients, namespaces []string, sel Selector) (*Snapshot, error) {
	f := &fetcher{ctx: ctx, c: c, snap: New(Live)}
	k := c.Kube
	page := metav1.ListOptions{Limit: ScopePageSize}
	sl := &selected{errs: map[string]error{}}
	for _, ns := range namespaces {
		if sel.IsZero() {
			listInto(f, &f.snap.Services, ns, "services", "", k.CoreV1().Services(ns).List, page)
			listInto(f, &f.snap.Ingresses, ns, "ingresses", "networking.k8s.io", k.NetworkingV1().Ingresses(ns).List, page)
		} else {
			f.listSelected(ns, sel, sl)
		}
		listInto(f, &f.snap.Pods, ns, "pods", "", k.CoreV1().Pods(ns).List, metav1.ListOptions{Limit: ScopePageSize,
			FieldSelector: fields.OneTermNotEqualSelector("status.phase", string(corev1.PodSucceeded)).String()})
		listInto(f, &f.snap.EndpointSlices, ns, "endpointslices", "discovery.k8s.io", k.DiscoveryV1().EndpointSlices(ns).List, page)
		f.tkeServiceConfigs(ns)
		f.allEvents(ns)
	}
	listInto(f, &f.snap.Nodes, "", "nodes", "", k.CoreV1().Nodes().List, page)
	listInto(f, &f.snap.IngressClasses, "", "ingressclasses", "networking.k8s.io", k.NetworkingV1().IngressClasses().List)
	listInto(f, &f.snap.Webhooks, "", "validatingwebhookconfigurations", "admissionregistration.k8s.io", k.AdmissionregistrationV1().ValidatingWebhookConfigurations().List)
	f.kubeSystem()
	f.wait()
	var readable []string
	var firstErr error
	for _, ns := range namespaces {
		err := f.fatal(ns)
		if !sel.IsZero() {
			err = sl.errs[ns]
		}
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			if len(namespaces) > 1 {
				f.snap.Incomplete = append(f.snap.Incomplete, fmt.Sprintf("namespace %s not diagnosed: %v", ns, err))
			}
			continue
		}
		readable = append(readable, ns)
	}
	if len(readable) == 0 {
		return nil, firstErr
	}
	var secrets []ObjectRef
	reuse := false
	if !sel.IsZero() {
		f.selectedRefs(readable, sl)
	}
	for _, ns := range readable {
		if sel.IsZero() {
			f.snap.Targets = append(f.snap.Targets, AllTargets(f.snap, ns)...)
		}
		ings, _ := f.snap.Ingresses.List(ns)
		for _, ing := range ings {
			for _, t := range ing.Spec.TLS {
				if t.SecretName != "" {
					secrets = append(secrets, ObjectRef{Namespace: ing.Namespace, Name: t.SecretName})
				}
			}
			reuse = reuse || reusesLB(ing.Annotations)
		}
		svcs, _ := f.snap.Services.List(ns)
		for _, svc := range svcs {
			reuse = reuse || reusesLB(svc.Annotations)
		}
	}
	scope := ""
	if len(namespaces) == 1 {
		scope = namespaces[0]
	}
	f.secrets(scope, secrets)
	if reuse && scope != "" || len(namespaces) > 1 && reuse {
		f.allServicesAndIngresses()
	}
	f.webhookNamespaces()
	f.wait()
	return f.snap, nil
}

// selectedRefs orders the selected targets like AllTargets and reads by name what the selected
// Ingresses reference, since the namespace's Services are not all held.
func (f *fetcher) selectedRefs(readable []string, sl *selected) {
	ok := map[string]bool{}
	for _, ns := range readable {
		ok[ns] = true
	}
	sort.Slice(sl.targets, func(i, j int) bool {
		a, b := sl.targets[i], sl.targets[j]
		if a.Kind != b.Kind {
			return a.Kind == KindService
		}
		if a.Namespace != b.Namespace {
			return a.Namespace < b.Namespace
		}
		return a.Name < b.Name
	})
	reuse := false
	for _, t := range sl.targets {
		if !ok[t.Namespace] && !ok[""] {
			continue
		}
		f.snap.Targets = append(f.snap.Targets, t)
		switch t.Kind {
		case KindService:
			if svc, err := f.snap.Services.Get(t.Namespace, t.Name); err == nil {
				reuse = reuse || reusesLB(svc.Annotations)
			}
		case KindIngress:
			if ing, err := f.snap.Ingresses.Get(t.Namespace, t.Name); err == nil {
				f.ingressRefs(ing)
			}
		}
	}
	if reuse {
		f.allServicesAndIngresses()
	}
}

// fatal returns the error that makes a scope run pointless: the targets themselves unreadable.
func (f *fetcher) fatal(ns string) error {
	for _, err := range []error{gapErr(&f.snap.Services, ns), gapErr(&f.snap.Ingresses, ns)} {
		if err != nil {
			return err
		}
	}
	return nil
}

func gapErr[T any](st *Store[T], ns string) error {
	if _, err := st.List(ns); err != nil {
		return err
	}
	return nil
}

func (f *fetcher) allEvents(ns string) {
	f.do(func() {
		opts := metav1.ListOptions{Limit: ScopePageSize}
		for {
			l, err := f.c.Kube.CoreV1().Events(ns).List(f.ctx, opts)
			if err != nil {
				f.eventsErr(err, ns)
				return
			}
			f.locked(func() {
				for i := range l.Items {
					f.snap.AddEvent(FromCoreEvent(&l.Items[i]))
				}
			})
			if opts.Continue = l.Continue; opts.Continue == "" {
				return
			}
		}
	})
}

// secrets reads the referenced Secrets: a GET each when few, else one filtered cluster-wide LIST
// whose pages keep only the referenced Secrets.
func (f *fetcher) secrets(ns string, refs []ObjectRef) {
	if len(refs) <= directSecretGets {
		for _, r := range refs {
			getInto(f, &f.snap.Secrets, r.Namespace, r.Name, "secrets", "", f.c.Kube.CoreV1().Secrets(r.Namespace).Get)
		}
		return
	}
	want := map[string]bool{}
	for _, r := range refs {
		want[r.Namespace+"/"+r.Name] = true
	}
	sel := "type!=helm.sh/release.v1,type!=" + string(corev1.SecretTypeServiceAccountToken)
	list := f.c.Kube.CoreV1().Secrets(ns).List
	f.do(func() {
		opts := metav1.ListOptions{Limit: ScopePageSize, FieldSelector: sel}
		for {
			l, err := list(f.ctx, opts)
			if err != nil {
				gap := f.classify(err, "list", "secrets", "", ns)
				f.locked(func() { f.snap.Secrets.MarkGap(ns, gap) })
				return
			}
			f.locked(func() {
				for i := range l.Items {
					s := &l.Items[i]
					if want[s.Namespace+"/"+s.Name] {
						f.snap.Secrets.Add(s.Namespace, s.Name, s)
					}
				}
			})
			if opts.Continue = l.Continue; opts.Continue == "" {
				break
			}
		}
		// Referenced Secrets that the filtered list did not return do not exist, or are of a
		// filtered-out type, which cannot carry a TLS certificate id either.
		f.locked(func() {
			for k := range want {
				n, name, _ := strings.Cut(k, "/")
				if _, err := f.snap.Secrets.Get(n, name); err != nil {
					f.snap.Secrets.MarkAbsent(n, name)
				}
			}
		})
	})
}
