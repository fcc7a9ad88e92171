package snapshot

import (
	"context"
	"fmt"
	"strings"
	"sync"

	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	networkingv1 "k8s.io/api/networking/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
)

// TkeServiceConfigGVR is the TKE CRD that tunes CLB listeners.
var TkeServiceConfigGVR = schema.GroupVersionResource{Group: "cloud.tencent.com", Version: "v1alpha1", Resource: "tkeserviceconfigs"}

// KubeSystemConfigMaps are the kube-system ConfigMaps the checks read, fetched by name; kube-system
// Deployments and DaemonSets are listed.
var KubeSystemConfigMaps = []string{"kube-proxy", "ip-masq-agent-config", "tke-config"}

// Clients are what the live fetcher needs.
type Clients struct {
	Kube    kubernetes.Interface
	Dynamic dynamic.Interface
}

// TargetError says a target itself could not be read; the run cannot go on.
type TargetError struct {
	Target Target
	Err    error
}

func (e *TargetError) Error() string { return e.Err.Error() }
func (e *TargetError) Unwrap() error { return e.Err }

// FromCluster fetches the targets, then what their checks need, each round's requests issued
// concurrently: about two round trips on the critical path. A read that is forbidden or not served
// becomes a Gap (the dependent checks are skipped); other failures mark the snapshot Incomplete.
func FromCluster(ctx context.Context, c Clients, targets []Target) (*Snapshot, error) {
	f := &fetcher{ctx: ctx, c: c, snap: New("live")}
	f.snap.Targets = targets
	// Round 1: the targets, their events and slices, nodes and the kube-system objects.
	for _, t := range targets {
		f.target(t)
		f.events(t)
		if t.Kind == KindService {
			f.slices(t)
		} else {
			// Cluster-wide LIST: the nginx admission webhook behind E6009 can live anywhere.
			listInto(f, &f.snap.Webhooks, "", "validatingwebhookconfigurations", "admissionregistration.k8s.io", f.c.Kube.AdmissionregistrationV1().ValidatingWebhookConfigurations().List)
		}
	}
	// Cluster-wide LIST: node providerIDs tell the cloud, and backend/traffic-policy checks count nodes.
	listInto(f, &f.snap.Nodes, "", "nodes", "", f.c.Kube.CoreV1().Nodes().List)
	f.kubeSystem()
	f.wait()
	if err := f.targetErr(); err != nil {
		return nil, err
	}
	// Round 2: what the targets reference.
	for _, t := range targets {
		switch t.Kind {
		case KindService:
			if svc, err := f.snap.Services.Get(t.Namespace, t.Name); err == nil {
				f.serviceRefs(svc)
			}
		case KindIngress:
			if ing, err := f.snap.Ingresses.Get(t.Namespace, t.Name); err == nil {
				f.ingressRefs(ing)
			}
		}
	}
	f.webhookNamespaces()
	f.wait()
	return f.snap, nil
}

type fetcher struct {
	ctx  context.Context
	c    Clients
	snap *Snapshot
	mu   sync.Mutex
	wg   sync.WaitGroup
	// targetErrs holds failures to read a target.
	targetErrs []error
	// requested avoids fetching the same object twice.
	requested map[string]bool
}

// do runs fn concurrently; fn writes to the snapshot only through f.locked.
func (f *fetcher) do(fn func()) {
	f.wg.Add(1)
	go func() {
		defer f.wg.Done()
		fn()
	}()
}

func (f *fetcher) locked(fn func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fn()
}

func (f *fetcher) wait() { f.wg.Wait() }

// once reports whether key is new, marking it requested.
func (f *fetcher) once(key string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.requested == nil {
		f.requested = map[string]bool{}
	}
	if f.requested[key] {
		return false
	}
	f.requested[key] = true
	return true
}

func (f *fetcher) targetErr() error {
	if len(f.targetErrs) > 0 {
		return f.targetErrs[0]
	}
	return nil
}

// rbacRule renders the RBAC permission a read needs.
func rbacRule(verb, resource, group, ns string) string {
	g := group
	if g == "" {
		g = `""`
	}
	where := "cluster-wide"
	if ns != "" {
		where = "in namespace " + ns
	}
	return fmt.Sprintf("%s %s (apiGroups: [%s]) %s", verb, resource, g, where)
}

// classify turns a read error into a gap or an incomplete-report note.
func (f *fetcher) classify(err error, verb, resource, group, ns string) Gap {
	switch {
	case apierrors.IsForbidden(err):
		return Gap{Reason: "forbidden", RBAC: rbacRule(verb, resource, group, ns), Err: err}
	case apierrors.IsUnauthorized(err):
		return Gap{Reason: "unauthorized: the credentials were rejected"}
	case apierrors.IsNotFound(err):
		// A LIST answering 404 means the resource itself is not served.
		return Gap{Reason: "API not served by this cluster (is the CRD installed?)"}
	}
	note := fmt.Sprintf("%s %s: %s", verb, resource, shortErr(err))
	f.locked(func() { f.snap.Incomplete = appendOnce(f.snap.Incomplete, note) })
	return Gap{Reason: "read failed: " + shortErr(err), Err: err}
}

func shortErr(err error) string {
	s := err.Error()
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

func appendOnce(l []string, s string) []string {
	for _, v := range l {
		if v == s {
			return l
		}
	}
	return append(l, s)
}

// getInto GETs ns/name into st, recording 404 as absent and other errors as gaps.
func getInto[T any](f *fetcher, st *Store[T], ns, name, resource, group string, get func(context.Context, string, metav1.GetOptions) (T, error)) {
	if name == "" || !f.once("get/"+resource+"/"+ns+"/"+name) {
		return
	}
	f.do(func() {
		obj, err := get(f.ctx, name, metav1.GetOptions{})
		switch {
		case err == nil:
			f.locked(func() { st.Add(ns, name, obj) })
		case apierrors.IsNotFound(err):
			f.locked(func() { st.MarkAbsent(ns, name) })
		default:
			gap := f.classify(err, "get", resource, group, ns)
			f.locked(func() { st.MarkGap(ns, gap) })
		}
	})
}

// listInto LISTs a namespace ("" for all) into st, paged, and marks it listed. T is the pointer
// type of the list's items.
func listInto[T any, L runtime.Object](f *fetcher, st *Store[T], ns, resource, group string, list func(context.Context, metav1.ListOptions) (L, error), opts ...metav1.ListOptions) {
	var o metav1.ListOptions
	if len(opts) > 0 {
		o = opts[0]
	}
	if !f.once("list/" + resource + "/" + ns + "/" + o.LabelSelector + "/" + o.FieldSelector) {
		return
	}
	f.do(func() {
		if o.Limit == 0 {
			o.Limit = ListPageSize
		}
		for {
			l, err := list(f.ctx, o)
			if err == nil {
				err = addItems(f, st, l)
			}
			if err != nil {
				gap := f.classify(err, "list", resource, group, ns)
				f.locked(func() { st.MarkGap(ns, gap) })
				return
			}
			la, err := meta.ListAccessor(l)
			if err != nil || la.GetContinue() == "" {
				break
			}
			o.Continue = la.GetContinue()
		}
		f.locked(func() { st.MarkListed(ns) })
	})
}

// ListPageSize is the LIST page size of a single-target run, kubectl's chunk size.
const ListPageSize = 500

// ScopePageSize is the LIST page size of a cluster-wide run: a few megabytes per page, and the
// request count of a 7,000-object cluster stays under 30.
const ScopePageSize = 2000

func addItems[T any](f *fetcher, st *Store[T], l runtime.Object) error {
	objs, err := meta.ExtractList(l)
	if err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, o := range objs {
		t, ok := o.(T)
		if !ok {
			return fmt.Errorf("unexpected list item %T", o)
		}
		acc, err := meta.Accessor(o)
		if err != nil {
			return err
		}
		// Managed fields are often the largest part of an object and no check reads them.
		acc.SetManagedFields(nil)
		st.Add(acc.GetNamespace(), acc.GetName(), t)
	}
	return nil
}

func (f *fetcher) target(t Target) {
	fail := func(err error, resource, group string) {
		var e error
		switch {
		case apierrors.IsNotFound(err):
			e = &NotFoundError{Resource: resource, Namespace: t.Namespace, Name: t.Name}
		case apierrors.IsForbidden(err):
			e = &UnknownError{Resource: resource, Namespace: t.Namespace, Name: t.Name, Reason: "forbidden",
				RBAC: rbacRule("get", resource, group, t.Namespace), Err: err}
		default:
			e = err
		}
		f.locked(func() { f.targetErrs = append(f.targetErrs, &TargetError{Target: t, Err: e}) })
	}
	f.do(func() {
		switch t.Kind {
		case KindService:
			svc, err := f.c.Kube.CoreV1().Services(t.Namespace).Get(f.ctx, t.Name, metav1.GetOptions{})
			if err != nil {
				fail(err, "services", "")
				return
			}
			f.locked(func() { f.snap.Services.Add(svc.Namespace, svc.Name, svc) })
		case KindIngress:
			ing, err := f.c.Kube.NetworkingV1().Ingresses(t.Namespace).Get(f.ctx, t.Name, metav1.GetOptions{})
			if err != nil {
				fail(err, "ingresses", "networking.k8s.io")
				return
			}
			f.locked(func() { f.snap.Ingresses.Add(ing.Namespace, ing.Name, ing) })
		}
	})
}

// events reads the target's events from core/v1 and events.k8s.io/v1, selected by involved kind
// and name in its namespace; uids are filtered when the checks read them.
func (f *fetcher) events(t Target) {
	f.do(func() {
		sel := fields.Set{"involvedObject.kind": string(t.Kind), "involvedObject.name": t.Name}.AsSelector().String()
		l, err := f.c.Kube.CoreV1().Events(t.Namespace).List(f.ctx, metav1.ListOptions{FieldSelector: sel})
		if err != nil {
			f.eventsErr(err, t.Namespace)
			return
		}
		f.locked(func() {
			for i := range l.Items {
				f.snap.AddEvent(FromCoreEvent(&l.Items[i]))
			}
		})
	})
	f.do(func() {
		sel := fields.Set{"regarding.kind": string(t.Kind), "regarding.name": t.Name}.AsSelector().String()
		l, err := f.c.Kube.EventsV1().Events(t.Namespace).List(f.ctx, metav1.ListOptions{FieldSelector: sel})
		if err != nil {
			// The same events are served by core/v1; a failure here alone loses nothing.
			return
		}
		f.locked(func() {
			for i := range l.Items {
				f.snap.AddEvent(FromEventsV1(&l.Items[i]))
			}
		})
	})
}

func (f *fetcher) eventsErr(err error, ns string) {
	gap := f.classify(err, "list", "events", "", ns)
	f.locked(func() {
		f.snap.eventsGap = &UnknownError{Resource: "events", Namespace: ns, Reason: gap.Reason, RBAC: gap.RBAC, Err: gap.Err}
	})
}

func (f *fetcher) slices(t Target) {
	listInto(f, &f.snap.EndpointSlices, t.Namespace, "endpointslices", "discovery.k8s.io",
		f.c.Kube.DiscoveryV1().EndpointSlices(t.Namespace).List,
		metav1.ListOptions{LabelSelector: discoveryv1.LabelServiceName + "=" + t.Name})
}

func (f *fetcher) kubeSystem() {
	const ks = "kube-system"
	for _, n := range KubeSystemConfigMaps {
		getInto(f, &f.snap.ConfigMaps, ks, n, "configmaps", "", f.c.Kube.CoreV1().ConfigMaps(ks).Get)
	}
	// One LIST each instead of a GET per well-known name: controllers and CNI agents have
	// several names across versions.
	listInto(f, &f.snap.Deployments, ks, "deployments", "apps", f.c.Kube.AppsV1().Deployments(ks).List)
	listInto(f, &f.snap.DaemonSets, ks, "daemonsets", "apps", f.c.Kube.AppsV1().DaemonSets(ks).List)
}

// serviceRefs fetches the backend pods and what the Service's annotations name.
func (f *fetcher) serviceRefs(svc *corev1.Service) {
	if len(svc.Spec.Selector) > 0 {
		// Pods selected like the endpoints controller does; held as the namespace's list for the
		// checks, which only ever read pods through the Service selector.
		listInto(f, &f.snap.Pods, svc.Namespace, "pods", "", f.c.Kube.CoreV1().Pods(svc.Namespace).List,
			metav1.ListOptions{LabelSelector: labels.SelectorFromSet(svc.Spec.Selector).String()})
	}
	a := svc.Annotations
	if name := a["service.cloud.tencent.com/tke-service-config"]; name != "" {
		f.tkeServiceConfigs(svc.Namespace)
	}
	if reusesLB(a) {
		f.allServicesAndIngresses()
	}
	if a["service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id"] != "" || a["service.beta.kubernetes.io/alicloud-loadbalancer-id"] != "" {
		// The ACK backend quota is per CLB: the other Services on it add their endpoints.
		listInto(f, &f.snap.EndpointSlices, "", "endpointslices", "discovery.k8s.io", f.c.Kube.DiscoveryV1().EndpointSlices("").List)
	}
}

// reusesLB reports whether annotations name an existing load balancer: the checks then compare it
// with every other Service and Ingress.
func reusesLB(a map[string]string) bool {
	for _, k := range []string{"service.kubernetes.io/tke-existed-lbid", "kubernetes.io/ingress.existLbId",
		"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id", "service.beta.kubernetes.io/alicloud-loadbalancer-id"} {
		if a[k] != "" {
			return true
		}
	}
	return false
}

// allServicesAndIngresses is the one cluster-wide LIST a single-target run makes on purpose:
// reusing a load balancer is only safe if no other object in the cluster holds it.
func (f *fetcher) allServicesAndIngresses() {
	listInto(f, &f.snap.Services, "", "services", "", f.c.Kube.CoreV1().Services("").List)
	listInto(f, &f.snap.Ingresses, "", "ingresses", "networking.k8s.io", f.c.Kube.NetworkingV1().Ingresses("").List)
}

func (f *fetcher) tkeServiceConfigs(ns string) {
	if f.c.Dynamic == nil {
		return
	}
	res := f.c.Dynamic.Resource(TkeServiceConfigGVR).Namespace(ns)
	listInto(f, &f.snap.TkeServiceConfigs, ns, "tkeserviceconfigs", TkeServiceConfigGVR.Group,
		func(ctx context.Context, o metav1.ListOptions) (*unstructured.UnstructuredList, error) {
			return res.List(ctx, o)
		})
}

// ingressRefs fetches the Ingress's class, backend Services, TLS Secrets and TkeServiceConfig.
func (f *fetcher) ingressRefs(ing *networkingv1.Ingress) {
	ns := ing.Namespace
	if ing.Spec.IngressClassName != nil {
		getInto(f, &f.snap.IngressClasses, "", *ing.Spec.IngressClassName, "ingressclasses", "networking.k8s.io",
			f.c.Kube.NetworkingV1().IngressClasses().Get)
	}
	for _, name := range IngressServiceNames(ing) {
		getInto(f, &f.snap.Services, ns, name, "services", "", f.c.Kube.CoreV1().Services(ns).Get)
	}
	if ing.Annotations["kubernetes.io/ingress.http-rules"] != "" || ing.Annotations["kubernetes.io/ingress.https-rules"] != "" {
		// The TKE rule annotations name more backends; read the namespace's Services rather than
		// parse annotation JSON here (the checks own that parsing).
		listInto(f, &f.snap.Services, ns, "services", "", f.c.Kube.CoreV1().Services(ns).List)
	}
	for _, t := range ing.Spec.TLS {
		getInto(f, &f.snap.Secrets, ns, t.SecretName, "secrets", "", f.c.Kube.CoreV1().Secrets(ns).Get)
	}
	if ing.Annotations["ingress.cloud.tencent.com/tke-service-config"] != "" {
		f.tkeServiceConfigs(ns)
	}
	if reusesLB(ing.Annotations) {
		f.allServicesAndIngresses()
	}
}

// webhookNamespaces fetches the Deployments of the namespaces that ingress-nginx admission
// webhooks point at, to read the controller version.
func (f *fetcher) webhookNamespaces() {
	whs, err := f.snap.Webhooks.List("")
	if err != nil {
		return
	}
	for _, wh := range whs {
		for _, w := range wh.Webhooks {
			if strings.Contains(w.Name, "nginx") && w.ClientConfig.Service != nil {
				ns := w.ClientConfig.Service.Namespace
				listInto(f, &f.snap.Deployments, ns, "deployments", "apps", f.c.Kube.AppsV1().Deployments(ns).List)
			}
		}
	}
	f.wait()
}

// IngressServiceNames lists the backend Service names of an Ingress: spec and the TKE rule annotations.
func IngressServiceNames(ing *networkingv1.Ingress) []string {
	seen := map[string]bool{}
	var out []string
	add := func(n string) {
		if n != "" && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	if b := ing.Spec.DefaultBackend; b != nil && b.Service != nil {
		add(b.Service.Name)
	}
	for _, r := range ing.Spec.Rules {
		if r.HTTP == nil {
			continue
		}
		for _, p := range r.HTTP.Paths {
			if p.Backend.Service != nil {
				add(p.Backend.Service.Name)
			}
		}
	}
	return out
}
