package snapshot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/watch"
)

// Field selectors of the cluster-wide Pods and Secrets reads (one-shot and serve's informers): no
// finished Pods; no Helm release and service-account token Secrets, the two kinds that dominate
// Secret bytes and never carry a certificate id.
var (
	PodFieldSelector    = fields.OneTermNotEqualSelector("status.phase", string(corev1.PodSucceeded)).String()
	SecretFieldSelector = "type!=helm.sh/release.v1,type!=" + string(corev1.SecretTypeServiceAccountToken)
)

// directSecretGets is how many referenced Secrets are read with one GET each; above it, one paged
// cluster-wide LIST (without Helm release and service-account token Secrets) keeps only the
// referenced ones, so the request count does not grow with the number of Ingresses.
const directSecretGets = 10

// FromScope reads every LoadBalancer Service and Ingress of namespace ns ("" for all), then what the
// plan asks for them: a read that follows from one target (Request.PerTarget) becomes one paged
// LIST of the whole scope, so the number of requests does not grow with the number of targets
// beyond paging. Events come from one LIST per involved kind and are indexed by object. When a
// cluster-wide read is forbidden, it falls back to the namespaces the user may read, and names the
// others in Snapshot.Incomplete.
//
// A non-empty sel narrows the Service and Ingress LISTs on the server; what the selected targets
// reference is then read by name.
func FromScope(ctx context.Context, c Clients, ns string, sel Selector, plan Plan) (*Snapshot, error) {
	snap, err := fromScope(ctx, c, []string{ns}, sel, plan)
	if err == nil || ns != "" || !IsForbidden(err) {
		return snap, err
	}
	nsl, lerr := c.Kube.CoreV1().Namespaces().List(ctx, metav1.ListOptions{})
	if lerr != nil {
		return nil, words.Errorf("%w; listing namespaces to read them one by one failed too: %v",
			"%w；改为逐个命名空间读取时，列出命名空间也失败了：%v", err, shortErr(lerr))
	}
	var names []string
	for _, n := range nsl.Items {
		names = append(names, n.Name)
	}
	return fromScope(ctx, c, names, sel, plan)
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
	opts := metav1.ListOptions{Limit: f.c.ChunkSize, LabelSelector: sel.Label, FieldSelector: sel.Field}
	fail := func(err error, res resource) {
		gap := f.classify(err, VerbList, res.entry(), ns)
		f.locked(func() {
			if out.errs[ns] == nil {
				u := gap.unknown(res.name(), ns, "")
				u.Err = nil
				out.errs[ns] = u
			}
		})
	}
	f.do(func() {
		err := listPages(f.ctx, restFor(f.c, ""), Services, ns, opts, newService, skipMeta, k.CoreV1().Services(ns).List, func(l []*corev1.Service) {
			f.locked(func() {
				for _, svc := range l {
					svc.ManagedFields = nil
					f.snap.Services.Add(svc.Namespace, svc.Name, svc)
					if svc.Spec.Type == corev1.ServiceTypeLoadBalancer {
						out.targets = append(out.targets, Target{Kind: KindService, Namespace: svc.Namespace, Name: svc.Name})
					}
				}
			})
		})
		if err != nil {
			fail(err, resourceByName(Services))
		}
	})
	f.do(func() {
		err := listPages(f.ctx, restFor(f.c, "networking.k8s.io"), Ingresses, ns, opts, newIngress, skipMeta, k.NetworkingV1().Ingresses(ns).List, func(l []*networkingv1.Ingress) {
			f.locked(func() {
				for _, ing := range l {
					ing.ManagedFields = nil
					f.snap.Ingresses.Add(ing.Namespace, ing.Name, ing)
					out.targets = append(out.targets, Target{Kind: KindIngress, Namespace: ing.Namespace, Name: ing.Name})
				}
			})
		})
		if err != nil {
			fail(err, resourceByName(Ingresses))
		}
	})
}

func fromScope(ctx context.Context, c Clients, namespaces []string, sel Selector, plan Plan) (*Snapshot, error) {
	f := &fetcher{ctx: ctx, c: c, snap: New(Live),
		scope: &scopeReads{namespaces: namespaces, byName: !sel.IsZero()}}
	sl := &selected{errs: map[string]error{}}
	for _, ns := range namespaces {
		if sel.IsZero() {
			f.issue(Request{Resource: Services, Namespace: ns}, metav1.ListOptions{}, nil)
			f.issue(Request{Resource: Ingresses, Namespace: ns}, metav1.ListOptions{}, nil)
		} else {
			f.listSelected(ns, sel, sl)
		}
	}
	nsErr := func(ns string) error {
		if !sel.IsZero() {
			return sl.errs[ns]
		}
		return f.fatal(ns)
	}
	scope := namespaces
	if len(namespaces) > 1 {
		// One by one (a cluster-wide read was forbidden): the namespace's own reads follow only
		// where its Services and Ingresses could be listed, so the requests of the namespaces the
		// user may not read stay two each.
		f.wait()
		scope = slices.DeleteFunc(slices.Clone(namespaces), func(ns string) bool { return nsErr(ns) != nil })
	}
	if plan.Cluster != nil {
		for _, r := range plan.Cluster(f.snap) {
			f.request(r)
		}
	}
	if plan.Scope != nil {
		for _, r := range plan.Scope() {
			for _, ns := range scope {
				r.Namespace = ns
				f.request(r)
			}
		}
	}
	f.wait()
	var readable []string
	var firstErr error
	for _, ns := range namespaces {
		err := nsErr(ns)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			if len(namespaces) > 1 {
				r := FailedRead{Class: ClassOf(err), Verb: "list", Resource: Services, Namespace: ns,
					Note: fmt.Sprintf("namespace %s not diagnosed: %v", ns, err)}
				var u *UnknownError
				if errors.As(err, &u) {
					r.Resource, r.RBAC = u.Resource, u.RBAC
				}
				f.snap.Incomplete = append(f.snap.Incomplete, r)
			}
			continue
		}
		readable = append(readable, ns)
	}
	if len(readable) == 0 {
		return nil, firstErr
	}
	if sel.IsZero() {
		for _, ns := range readable {
			f.snap.Targets = append(f.snap.Targets, AllTargets(f.snap, ns)...)
		}
	} else {
		f.selectedTargets(readable, sl)
	}
	f.rounds(plan)
	return f.snap, nil
}

func newService() *corev1.Service       { return &corev1.Service{} }
func newIngress() *networkingv1.Ingress { return &networkingv1.Ingress{} }

// scopeReads turns the reads that follow from one target into reads of the whole scope.
type scopeReads struct {
	// namespaces is the scope: one namespace ("" for all), or the readable ones one by one.
	namespaces []string
	// byName: the targets were selected, so what they reference is read by name, not by listing
	// the scope.
	byName bool
	// secrets collects the referenced Secrets of a round.
	secrets    []ObjectRef
	secretSeen map[ObjectRef]bool
}

// nsOf is the namespace whose list covers a read in namespace ns.
func (sc *scopeReads) nsOf(ns string) string {
	if len(sc.namespaces) == 1 {
		return sc.namespaces[0]
	}
	return ns
}

func (sc *scopeReads) request(f *fetcher, r Request) bool {
	if !r.PerTarget || sc.byName && r.Name != "" && r.Resource != Secrets && r.Custom == nil {
		return f.issue(r, metav1.ListOptions{LabelSelector: r.LabelSelector}, nil)
	}
	ns := sc.nsOf(r.Namespace)
	switch {
	case r.Resource == Events:
		return f.kindEvents(ns, r.Kind)
	case r.Resource == Secrets && r.Name != "":
		ref := ObjectRef{Namespace: r.Namespace, Name: r.Name}
		if sc.secretSeen[ref] {
			return false
		}
		if sc.secretSeen == nil {
			sc.secretSeen = map[ObjectRef]bool{}
		}
		sc.secretSeen[ref] = true
		sc.secrets = append(sc.secrets, ref)
		return true
	}
	var o metav1.ListOptions
	var split func(metav1.ListOptions) []metav1.ListOptions
	if r.Resource == Pods {
		o.FieldSelector = resourceByName(Pods).entry().FieldSelector
		if ns == "" {
			split = f.namespaceHalves
		}
	}
	return f.issue(Request{Resource: r.Resource, Custom: r.Custom, Namespace: ns}, o, split)
}

func (sc *scopeReads) flush(f *fetcher) {
	if len(sc.secrets) == 0 {
		return
	}
	scope := ""
	if len(sc.namespaces) == 1 {
		scope = sc.namespaces[0]
	}
	f.secrets(scope, sc.secrets)
	sc.secrets = nil
}

// selectedTargets orders the selected targets like AllTargets.
func (f *fetcher) selectedTargets(readable []string, sl *selected) {
	ok := map[string]bool{}
	for _, ns := range readable {
		ok[ns] = true
	}
	slices.SortFunc(sl.targets, CompareTargets)
	for _, t := range sl.targets {
		if ok[t.Namespace] || ok[""] {
			f.snap.Targets = append(f.snap.Targets, t)
		}
	}
}

// fatal returns the error that makes a scope run pointless: the targets themselves unreadable.
func (f *fetcher) fatal(ns string) error {
	if err := f.snap.Services.listErr(ns); err != nil {
		return err
	}
	return f.snap.Ingresses.listErr(ns)
}

// maxSplitSelector bounds the field selector of a namespaceHalves LIST, which names half of the
// cluster's namespaces: a request URL stays well under the limits of proxies in front of API servers.
const maxSplitSelector = 2048

// namespaceHalves splits a cluster-wide LIST with o into two LISTs read side by side, each of about
// half of the namespaces (a field selector excluding the other half; a namespace made meanwhile is
// in both, and the store keeps it once): the API server encodes an answer on one core, and Pods are
// the largest list of a cluster-wide run. When the namespaces cannot be listed, or are too many to
// name in a selector, it returns o alone.
func (f *fetcher) namespaceHalves(o metav1.ListOptions) []metav1.ListOptions {
	nsl, err := f.c.Kube.CoreV1().Namespaces().List(f.ctx, metav1.ListOptions{})
	if err != nil || len(nsl.Items) < 2 {
		return []metav1.ListOptions{o}
	}
	names := make([]string, 0, len(nsl.Items))
	for _, n := range nsl.Items {
		names = append(names, n.Name)
	}
	sort.Strings(names)
	base, err := fields.ParseSelector(o.FieldSelector)
	if err != nil {
		return []metav1.ListOptions{o}
	}
	without := func(exclude []string) metav1.ListOptions {
		sels := []fields.Selector{base}
		for _, n := range exclude {
			sels = append(sels, fields.OneTermNotEqualSelector("metadata.namespace", n))
		}
		po := o
		po.FieldSelector = fields.AndSelectors(sels...).String()
		return po
	}
	half := len(names) / 2
	parts := []metav1.ListOptions{without(names[half:]), without(names[:half])}
	for _, p := range parts {
		if len(p.FieldSelector) > maxSplitSelector {
			return []metav1.ListOptions{o}
		}
	}
	return parts
}

// pages LISTs with o page after page, handing each page to page; it stops at the last page or the
// first error, which it returns.
func pages[L interface{ GetContinue() string }](ctx context.Context, o metav1.ListOptions,
	list func(context.Context, metav1.ListOptions) (L, error), page func(L)) error {
	for {
		l, err := list(ctx, o)
		if err != nil {
			return err
		}
		page(l)
		if o.Continue = l.GetContinue(); o.Continue == "" {
			return nil
		}
	}
}

// kindEvents reads the events of every object of kind in namespace ns ("" for all) with one paged
// LIST selected server-side by involvedObject.kind.
func (f *fetcher) kindEvents(ns string, kind Kind) bool {
	if !f.once("events/" + ns + "/" + string(kind)) {
		return false
	}
	f.do(func() {
		opts := metav1.ListOptions{Limit: f.c.ChunkSize,
			FieldSelector: fields.OneTermEqualSelector("involvedObject.kind", string(kind)).String()}
		err := listPages(f.ctx, restFor(f.c, ""), Events, ns, opts, func() *corev1.Event { return &corev1.Event{} }, skipMeta,
			f.c.Kube.CoreV1().Events(ns).List, func(l []*corev1.Event) {
				f.locked(func() {
					for _, e := range l {
						f.snap.AddEvent(FromCoreEvent(e))
					}
				})
			})
		if err != nil {
			f.eventsErr(err, ns)
		}
	})
	return true
}

// eventsListWatch returns the LIST and WATCH of the core/v1 Events kindEvents reads, in namespace
// ns ("" for all), and an empty Event.
func eventsListWatch(c Clients, ns string) (func(context.Context, metav1.ListOptions) (runtime.Object, error),
	func(context.Context, metav1.ListOptions) (watch.Interface, error), runtime.Object) {
	r := c.Kube.CoreV1().Events(ns)
	return anyList(r.List), r.Watch, &corev1.Event{}
}

// secrets reads the referenced Secrets: a GET each when few, else one filtered cluster-wide LIST of
// which only the referenced Secrets are kept, as they arrive.
func (f *fetcher) secrets(ns string, refs []ObjectRef) {
	if len(refs) <= directSecretGets {
		for _, r := range refs {
			getInto(f, &f.snap.Secrets, r.Namespace, r.Name, resourceByName(Secrets).entry(), reducedGet(f.c.Kube.CoreV1().Secrets(r.Namespace).Get, SecretOf))
		}
		return
	}
	want := map[string]bool{}
	for _, r := range refs {
		want[r.Namespace+"/"+r.Name] = true
	}
	sel := resourceByName(Secrets).entry().FieldSelector
	list := f.c.Kube.CoreV1().Secrets(ns).List
	f.do(func() {
		opts := metav1.ListOptions{Limit: f.c.ChunkSize, FieldSelector: sel}
		err := listPages(f.ctx, restFor(f.c, ""), Secrets, ns, opts, newSecret, skipMeta, list, func(l []*Secret) {
			f.locked(func() {
				for _, s := range l {
					if want[s.Namespace+"/"+s.Name] {
						f.snap.Secrets.Add(s.Namespace, s.Name, s)
					}
				}
			})
		})
		if err != nil {
			gap := f.classify(err, VerbList, resourceByName(Secrets).entry(), ns)
			f.locked(func() { f.snap.Secrets.MarkGap(ns, gap) })
			return
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
