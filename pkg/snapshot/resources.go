package snapshot

import (
	"context"
	"slices"
	"sync"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
	admissionv1 "k8s.io/api/admissionregistration/v1"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/watch"
)

// Built-in resources the snapshot holds, by the name a Request uses.
const (
	Services       = "services"
	Ingresses      = "ingresses"
	IngressClasses = "ingressclasses"
	Secrets        = "secrets"
	Pods           = "pods"
	Nodes          = "nodes"
	EndpointSlices = "endpointslices"
	ConfigMaps     = "configmaps"
	Deployments    = "deployments"
	DaemonSets     = "daemonsets"
	Webhooks       = "validatingwebhookconfigurations"
	Events         = "events"
)

// resource describes one kind the snapshot holds: its store, how files decode it and how the live
// fetcher reads it. Adding a kind is one entry in the resources table (and its Snapshot field).
type resource interface {
	name() string
	kindName() string
	// entry is the kind's registry entry.
	entry() *Entry
	init(s *Snapshot)
	clusterScoped() bool
	store(s *Snapshot) anyStore
	// add stores obj when it is of this kind.
	add(s *Snapshot, obj runtime.Object) bool
	// owns reports whether obj is of this kind; removeKey deletes ns/name from its store (watch.go).
	owns(obj runtime.Object) bool
	removeKey(s *Snapshot, ns, name string)
	// lay puts every object src holds of this kind into dst (Put), except those skip names.
	lay(dst, src *Snapshot, skip func(kind, ns, name string) bool)
	// decode returns u as the store holds it when its apiVersion and kind are this resource's
	// (add stores it).
	decode(u *unstructured.Unstructured) (runtime.Object, bool, error)
	// list LISTs namespace ns with o, or, when split is set, with the LISTs split(o) names, read side
	// by side and together known as the one list.
	list(f *fetcher, ns string, o metav1.ListOptions, split func(metav1.ListOptions) []metav1.ListOptions)
	get(f *fetcher, ns, name string)
	// listWatch returns the LIST and WATCH calls of namespace ns and an empty object of this kind.
	listWatch(c Clients, ns string) (func(context.Context, metav1.ListOptions) (runtime.Object, error),
		func(context.Context, metav1.ListOptions) (watch.Interface, error), runtime.Object)
}

// anyStore is what the table needs of a Store whatever its type.
type anyStore interface {
	setPartial()
	markListedAll()
	markListed(ns string)
	known(ns, name string) error
	knownSelection(ns, selector string) error
	seal()
	// object and objects are Stored and StoredIn (watch.go).
	object(ns, name string) runtime.Object
	objects(ns string) []runtime.Object
}

type desc[T builtin, L interface {
	runtime.Object
	GetContinue() string
}] struct {
	// Entry is the kind's registry entry; its Offline apiVersions are those the file decoder
	// accepts (empty: any, decodeFn converts).
	Entry
	field    func(*Snapshot) *Store[T]
	newObj   func() T
	decodeFn func(*unstructured.Unstructured) (T, error)
	listFn   func(c Clients, ns string) func(context.Context, metav1.ListOptions) (L, error)
	// skip names what a live read cuts out of an object before decoding it; nil: managed fields.
	skip skipTree
	// wire, when set, is an empty object of the kind the API serves, when the store holds another
	// (a Secret is held as *Secret): the informers expect it, and their transform (Reduce) turns it
	// into the stored kind.
	wire    func() runtime.Object
	getFn   func(c Clients, ns string) func(context.Context, string, metav1.GetOptions) (T, error)
	watchFn func(c Clients, ns string) func(context.Context, metav1.ListOptions) (watch.Interface, error)
}

func (d *desc[T, L]) name() string               { return d.GVR.Resource }
func (d *desc[T, L]) kindName() string           { return d.Kind }
func (d *desc[T, L]) entry() *Entry              { return &d.Entry }
func (d *desc[T, L]) init(s *Snapshot)           { *d.field(s) = newStore[T](d.GVR.Resource) }
func (d *desc[T, L]) clusterScoped() bool        { return !d.Namespaced }
func (d *desc[T, L]) store(s *Snapshot) anyStore { return d.field(s) }
func (d *desc[T, L]) list(f *fetcher, ns string, o metav1.ListOptions, split func(metav1.ListOptions) []metav1.ListOptions) {
	if !d.Namespaced {
		ns = ""
	}
	if !f.once("list/" + d.GVR.Resource + "/" + ns + "/" + o.LabelSelector + "/" + o.FieldSelector) {
		return
	}
	st := d.field(f.snap)
	f.do(func() {
		parts := []metav1.ListOptions{o}
		if split != nil {
			parts = split(o)
		}
		errs := make([]error, len(parts))
		var wg sync.WaitGroup
		for i, po := range parts {
			wg.Go(func() {
				errs[i] = listPages(f.ctx, restFor(f.c, d.GVR.Group), d.GVR.Resource, ns, po, d.newObj, d.skipTree(), d.listFn(f.c, ns), func(items []T) {
					for _, it := range items {
						TrimLive(it)
					}
					f.locked(func() {
						for _, it := range items {
							st.Add(it.GetNamespace(), it.GetName(), it)
						}
					})
				})
			})
		}
		wg.Wait()
		if i := slices.IndexFunc(errs, func(e error) bool { return e != nil }); i >= 0 {
			gap := f.classify(errs[i], VerbList, &d.Entry, ns)
			f.locked(func() { st.MarkGap(ns, gap) })
			return
		}
		f.locked(func() {
			if o.LabelSelector != "" {
				st.MarkSelected(ns, o.LabelSelector)
			} else {
				st.MarkListed(ns)
			}
		})
	})
}

func (d *desc[T, L]) skipTree() skipTree {
	if d.skip == nil {
		return skipMeta
	}
	return d.skip
}

// builtin is a built-in kind of the table: it decodes itself from protobuf.
type builtin interface {
	object
	Unmarshal([]byte) error
	SetManagedFields([]metav1.ManagedFieldsEntry)
}

func (d *desc[T, L]) get(f *fetcher, ns, name string) {
	if !d.Namespaced {
		ns = ""
	}
	getInto(f, d.field(f.snap), ns, name, &d.Entry, d.getFn(f.c, ns))
}

func (d *desc[T, L]) listWatch(c Clients, ns string) (func(context.Context, metav1.ListOptions) (runtime.Object, error),
	func(context.Context, metav1.ListOptions) (watch.Interface, error), runtime.Object) {
	var obj runtime.Object = d.newObj()
	if d.wire != nil {
		obj = d.wire()
	}
	return anyList(d.listFn(c, ns)), d.watchFn(c, ns), obj
}

// anyList makes a typed LIST call return a runtime.Object, nil on error.
func anyList[L runtime.Object](list func(context.Context, metav1.ListOptions) (L, error)) func(context.Context, metav1.ListOptions) (runtime.Object, error) {
	return func(ctx context.Context, o metav1.ListOptions) (runtime.Object, error) {
		l, err := list(ctx, o)
		if err != nil {
			return nil, err
		}
		return l, nil
	}
}

// ListWatchFuncs returns the LIST and WATCH calls of a built-in resource (one of the table, or
// Events) in namespace ns ("" for all; ignored for a cluster-scoped kind) and an empty object of
// its type, for an informer; ok is false for any other name.
func ListWatchFuncs(c Clients, resource, ns string) (list func(context.Context, metav1.ListOptions) (runtime.Object, error),
	watchFunc func(context.Context, metav1.ListOptions) (watch.Interface, error), obj runtime.Object, ok bool) {
	if resource == Events {
		list, watchFunc, obj = eventsListWatch(c, ns)
		return list, watchFunc, obj, true
	}
	r := resourceByName(resource)
	if r == nil {
		return nil, nil, nil, false
	}
	list, watchFunc, obj = r.listWatch(c, ns)
	return list, watchFunc, obj, true
}

func (s *Store[T]) markListed(ns string) { s.MarkListed(ns) }

func (d *desc[T, L]) add(s *Snapshot, obj runtime.Object) bool {
	o, ok := obj.(T)
	if !ok {
		if o, ok = fromWire(d.newObj, obj); !ok {
			return false
		}
	}
	ns := o.GetNamespace()
	if !d.Namespaced {
		ns = ""
	}
	d.field(s).Add(ns, o.GetName(), o)
	return true
}

func (d *desc[T, L]) decode(u *unstructured.Unstructured) (runtime.Object, bool, error) {
	if u.GetKind() != d.Kind || len(d.Offline) > 0 && !slices.Contains(d.Offline, u.GetAPIVersion()) {
		return nil, false, nil
	}
	var obj T
	var err error
	if d.decodeFn != nil {
		obj, err = d.decodeFn(u)
	} else {
		obj = d.newObj()
		if err = runtime.DefaultUnstructuredConverter.FromUnstructured(u.Object, obj); err != nil {
			err = words.Errorf("%s %s: %w", "%s %s：%w", u.GetKind(), u.GetName(), err)
		}
	}
	if err != nil {
		return nil, true, err
	}
	return obj, true, nil
}

// fromWire converts a served object into the stored kind T, for kinds that differ (Secret, Pod,
// EndpointSlice).
func fromWire[T any](newObj func() T, o runtime.Object) (T, bool) {
	t := newObj()
	if w, ok := any(t).(wireDecoder); ok && w.fromWire(o) {
		return t, true
	}
	var zero T
	return zero, false
}

// reducedFromUnstructured reads an object of an input file of a kind the store holds reduced
// (Secret, Pod, EndpointSlice): decoded as the served kind W, then reduced.
func reducedFromUnstructured[W any, T any](kind string, reduce func(*W) T) func(*unstructured.Unstructured) (T, error) {
	return func(u *unstructured.Unstructured) (T, error) {
		var w W
		if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u.Object, &w); err != nil {
			var zero T
			return zero, words.Errorf("%s %s: %w", "%s %s：%w", kind, u.GetName(), err)
		}
		return reduce(&w), nil
	}
}

// unmarshalReduced decodes the protobuf form of a W (as the API serves the kind) into out, reduced:
// the decoded W is garbage as soon as this returns.
func unmarshalReduced[W any, PW interface {
	*W
	Unmarshal([]byte) error
}, T any](b []byte, out *T, reduce func(*W) *T) error {
	var w W
	if err := PW(&w).Unmarshal(b); err != nil {
		return err
	}
	*out = *reduce(&w)
	return nil
}

// reducedFrom sets out from o reduced when o is a *W (the kind as the API or a fake client returns
// it); false for another type.
func reducedFrom[W any, T any](o runtime.Object, out *T, reduce func(*W) *T) bool {
	w, ok := any(o).(*W)
	if ok {
		*out = *reduce(w)
	}
	return ok
}

// reducedGet wraps the GET of a kind the store holds reduced so that it returns the reduced object.
func reducedGet[W any, T any](get func(context.Context, string, metav1.GetOptions) (*W, error), reduce func(*W) T) func(context.Context, string, metav1.GetOptions) (T, error) {
	return func(ctx context.Context, name string, o metav1.GetOptions) (T, error) {
		w, err := get(ctx, name, o)
		if err != nil {
			var zero T
			return zero, err
		}
		return reduce(w), nil
	}
}

// resources is the table of built-in kinds.
var resources = []resource{
	&desc[*corev1.Service, *corev1.ServiceList]{Entry: Entry{GVR: schema.GroupVersionResource{Version: "v1", Resource: Services}, Kind: "Service",
		Namespaced: true, Verbs: readVerbs, Offline: []string{"v1"},
		Why: "the targets (LoadBalancer Services), the Services an Ingress routes to and those sharing a load balancer"},
		field:  func(s *Snapshot) *Store[*corev1.Service] { return &s.Services },
		newObj: newService,
		listFn: func(c Clients, ns string) func(context.Context, metav1.ListOptions) (*corev1.ServiceList, error) {
			return c.Kube.CoreV1().Services(ns).List
		},
		getFn: func(c Clients, ns string) func(context.Context, string, metav1.GetOptions) (*corev1.Service, error) {
			return c.Kube.CoreV1().Services(ns).Get
		},
		watchFn: func(c Clients, ns string) func(context.Context, metav1.ListOptions) (watch.Interface, error) {
			return c.Kube.CoreV1().Services(ns).Watch
		}},
	&desc[*networkingv1.Ingress, *networkingv1.IngressList]{Entry: Entry{GVR: schema.GroupVersionResource{Group: "networking.k8s.io", Version: "v1", Resource: Ingresses}, Kind: "Ingress",
		Namespaced: true, Verbs: readVerbs,
		Why: "the targets, and the Ingresses sharing a load balancer"},
		field:    func(s *Snapshot) *Store[*networkingv1.Ingress] { return &s.Ingresses },
		newObj:   newIngress,
		decodeFn: ingressFromUnstructured,
		listFn: func(c Clients, ns string) func(context.Context, metav1.ListOptions) (*networkingv1.IngressList, error) {
			return c.Kube.NetworkingV1().Ingresses(ns).List
		},
		getFn: func(c Clients, ns string) func(context.Context, string, metav1.GetOptions) (*networkingv1.Ingress, error) {
			return c.Kube.NetworkingV1().Ingresses(ns).Get
		},
		watchFn: func(c Clients, ns string) func(context.Context, metav1.ListOptions) (watch.Interface, error) {
			return c.Kube.NetworkingV1().Ingresses(ns).Watch
		}},
	&desc[*networkingv1.IngressClass, *networkingv1.IngressClassList]{Entry: Entry{GVR: schema.GroupVersionResource{Group: "networking.k8s.io", Version: "v1", Resource: IngressClasses}, Kind: "IngressClass",
		Namespaced: false, Verbs: readVerbs, Offline: []string{"networking.k8s.io/v1"},
		Why: "the class an Ingress names"},
		field:  func(s *Snapshot) *Store[*networkingv1.IngressClass] { return &s.IngressClasses },
		newObj: func() *networkingv1.IngressClass { return &networkingv1.IngressClass{} },
		listFn: func(c Clients, _ string) func(context.Context, metav1.ListOptions) (*networkingv1.IngressClassList, error) {
			return c.Kube.NetworkingV1().IngressClasses().List
		},
		getFn: func(c Clients, _ string) func(context.Context, string, metav1.GetOptions) (*networkingv1.IngressClass, error) {
			return c.Kube.NetworkingV1().IngressClasses().Get
		},
		watchFn: func(c Clients, _ string) func(context.Context, metav1.ListOptions) (watch.Interface, error) {
			return c.Kube.NetworkingV1().IngressClasses().Watch
		}},
	&desc[*Secret, *corev1.SecretList]{Entry: Entry{GVR: schema.GroupVersionResource{Version: "v1", Resource: Secrets}, Kind: "Secret",
		Namespaced: true, Verbs: readVerbs, Offline: []string{"v1"}, FieldSelector: SecretFieldSelector,
		Why: "the TLS Secrets Ingresses reference (Helm release and service-account token Secrets excluded server-side); each is reduced to its certificate facts as it is decoded, so key material is neither held nor printed"},
		field:    func(s *Snapshot) *Store[*Secret] { return &s.Secrets },
		newObj:   newSecret,
		wire:     func() runtime.Object { return &corev1.Secret{} },
		decodeFn: reducedFromUnstructured("Secret", SecretOf),
		listFn: func(c Clients, ns string) func(context.Context, metav1.ListOptions) (*corev1.SecretList, error) {
			return c.Kube.CoreV1().Secrets(ns).List
		},
		getFn: func(c Clients, ns string) func(context.Context, string, metav1.GetOptions) (*Secret, error) {
			return reducedGet(c.Kube.CoreV1().Secrets(ns).Get, SecretOf)
		},
		watchFn: func(c Clients, ns string) func(context.Context, metav1.ListOptions) (watch.Interface, error) {
			return c.Kube.CoreV1().Secrets(ns).Watch
		}},
	&desc[*Pod, *corev1.PodList]{Entry: Entry{GVR: schema.GroupVersionResource{Version: "v1", Resource: Pods}, Kind: "Pod",
		Namespaced: true, Verbs: readVerbs, Offline: []string{"v1"}, FieldSelector: PodFieldSelector,
		Why: "the backends a Service selects (finished Pods excluded server-side); each is reduced to the fields the checks read as it is decoded"},
		field:    func(s *Snapshot) *Store[*Pod] { return &s.Pods },
		newObj:   newPod,
		wire:     func() runtime.Object { return &corev1.Pod{} },
		decodeFn: reducedFromUnstructured("Pod", PodOf),
		skip:     skipPod,
		listFn: func(c Clients, ns string) func(context.Context, metav1.ListOptions) (*corev1.PodList, error) {
			return c.Kube.CoreV1().Pods(ns).List
		},
		getFn: func(c Clients, ns string) func(context.Context, string, metav1.GetOptions) (*Pod, error) {
			return reducedGet(c.Kube.CoreV1().Pods(ns).Get, PodOf)
		},
		watchFn: func(c Clients, ns string) func(context.Context, metav1.ListOptions) (watch.Interface, error) {
			return c.Kube.CoreV1().Pods(ns).Watch
		}},
	&desc[*corev1.Node, *corev1.NodeList]{Entry: Entry{GVR: schema.GroupVersionResource{Version: "v1", Resource: Nodes}, Kind: "Node",
		Namespaced: false, Verbs: readVerbs, Offline: []string{"v1"},
		Why: "provider IDs and labels: the provider detection and the nodes a load balancer may send to"},
		field:  func(s *Snapshot) *Store[*corev1.Node] { return &s.Nodes },
		newObj: func() *corev1.Node { return &corev1.Node{} },
		listFn: func(c Clients, _ string) func(context.Context, metav1.ListOptions) (*corev1.NodeList, error) {
			return c.Kube.CoreV1().Nodes().List
		},
		getFn: func(c Clients, _ string) func(context.Context, string, metav1.GetOptions) (*corev1.Node, error) {
			return c.Kube.CoreV1().Nodes().Get
		},
		watchFn: func(c Clients, _ string) func(context.Context, metav1.ListOptions) (watch.Interface, error) {
			return c.Kube.CoreV1().Nodes().Watch
		}},
	&desc[*EndpointSlice, *discoveryv1.EndpointSliceList]{Entry: Entry{GVR: schema.GroupVersionResource{Group: "discovery.k8s.io", Version: "v1", Resource: EndpointSlices}, Kind: "EndpointSlice",
		Namespaced: true, Verbs: readVerbs, Offline: []string{"discovery.k8s.io/v1"},
		Why: "a Service's endpoints; each is reduced to the fields the checks read as it is decoded"},
		field:    func(s *Snapshot) *Store[*EndpointSlice] { return &s.EndpointSlices },
		newObj:   newEndpointSlice,
		wire:     func() runtime.Object { return &discoveryv1.EndpointSlice{} },
		decodeFn: reducedFromUnstructured("EndpointSlice", EndpointSliceOf),
		listFn: func(c Clients, ns string) func(context.Context, metav1.ListOptions) (*discoveryv1.EndpointSliceList, error) {
			return c.Kube.DiscoveryV1().EndpointSlices(ns).List
		},
		getFn: func(c Clients, ns string) func(context.Context, string, metav1.GetOptions) (*EndpointSlice, error) {
			return reducedGet(c.Kube.DiscoveryV1().EndpointSlices(ns).Get, EndpointSliceOf)
		},
		watchFn: func(c Clients, ns string) func(context.Context, metav1.ListOptions) (watch.Interface, error) {
			return c.Kube.DiscoveryV1().EndpointSlices(ns).Watch
		}},
	&desc[*corev1.ConfigMap, *corev1.ConfigMapList]{Entry: Entry{GVR: schema.GroupVersionResource{Version: "v1", Resource: ConfigMaps}, Kind: "ConfigMap",
		Namespaced: true, Verbs: readVerbs, Offline: []string{"v1"},
		Why: "the ConfigMaps the checks name: cloud controllers' and node agents' settings, read by name"},
		field:  func(s *Snapshot) *Store[*corev1.ConfigMap] { return &s.ConfigMaps },
		newObj: func() *corev1.ConfigMap { return &corev1.ConfigMap{} },
		listFn: func(c Clients, ns string) func(context.Context, metav1.ListOptions) (*corev1.ConfigMapList, error) {
			return c.Kube.CoreV1().ConfigMaps(ns).List
		},
		getFn: func(c Clients, ns string) func(context.Context, string, metav1.GetOptions) (*corev1.ConfigMap, error) {
			return c.Kube.CoreV1().ConfigMaps(ns).Get
		},
		watchFn: func(c Clients, ns string) func(context.Context, metav1.ListOptions) (watch.Interface, error) {
			return c.Kube.CoreV1().ConfigMaps(ns).Watch
		}},
	&desc[*appsv1.Deployment, *appsv1.DeploymentList]{Entry: Entry{GVR: schema.GroupVersionResource{Group: "apps", Version: "v1", Resource: Deployments}, Kind: "Deployment",
		Namespaced: true, Verbs: readVerbs, Offline: []string{"apps/v1"},
		Why: "kube-system's controllers (provider detection, controller versions) and the ingress-nginx controller"},
		field:  func(s *Snapshot) *Store[*appsv1.Deployment] { return &s.Deployments },
		newObj: func() *appsv1.Deployment { return &appsv1.Deployment{} },
		listFn: func(c Clients, ns string) func(context.Context, metav1.ListOptions) (*appsv1.DeploymentList, error) {
			return c.Kube.AppsV1().Deployments(ns).List
		},
		getFn: func(c Clients, ns string) func(context.Context, string, metav1.GetOptions) (*appsv1.Deployment, error) {
			return c.Kube.AppsV1().Deployments(ns).Get
		},
		watchFn: func(c Clients, ns string) func(context.Context, metav1.ListOptions) (watch.Interface, error) {
			return c.Kube.AppsV1().Deployments(ns).Watch
		}},
	&desc[*appsv1.DaemonSet, *appsv1.DaemonSetList]{Entry: Entry{GVR: schema.GroupVersionResource{Group: "apps", Version: "v1", Resource: DaemonSets}, Kind: "DaemonSet",
		Namespaced: true, Verbs: readVerbs, Offline: []string{"apps/v1"},
		Why: "kube-system's node agents (provider detection, network mode) and the ingress-nginx controller"},
		field:  func(s *Snapshot) *Store[*appsv1.DaemonSet] { return &s.DaemonSets },
		newObj: func() *appsv1.DaemonSet { return &appsv1.DaemonSet{} },
		listFn: func(c Clients, ns string) func(context.Context, metav1.ListOptions) (*appsv1.DaemonSetList, error) {
			return c.Kube.AppsV1().DaemonSets(ns).List
		},
		getFn: func(c Clients, ns string) func(context.Context, string, metav1.GetOptions) (*appsv1.DaemonSet, error) {
			return c.Kube.AppsV1().DaemonSets(ns).Get
		},
		watchFn: func(c Clients, ns string) func(context.Context, metav1.ListOptions) (watch.Interface, error) {
			return c.Kube.AppsV1().DaemonSets(ns).Watch
		}},
	&desc[*admissionv1.ValidatingWebhookConfiguration, *admissionv1.ValidatingWebhookConfigurationList]{Entry: Entry{GVR: schema.GroupVersionResource{Group: "admissionregistration.k8s.io", Version: "v1", Resource: Webhooks}, Kind: "ValidatingWebhookConfiguration",
		Namespaced: false, Verbs: readVerbs, Offline: []string{"admissionregistration.k8s.io/v1"},
		Why: "ingress-nginx admission webhooks, which name the controller's namespace"},
		field: func(s *Snapshot) *Store[*admissionv1.ValidatingWebhookConfiguration] { return &s.Webhooks },
		newObj: func() *admissionv1.ValidatingWebhookConfiguration {
			return &admissionv1.ValidatingWebhookConfiguration{}
		},
		listFn: func(c Clients, _ string) func(context.Context, metav1.ListOptions) (*admissionv1.ValidatingWebhookConfigurationList, error) {
			return c.Kube.AdmissionregistrationV1().ValidatingWebhookConfigurations().List
		},
		getFn: func(c Clients, _ string) func(context.Context, string, metav1.GetOptions) (*admissionv1.ValidatingWebhookConfiguration, error) {
			return c.Kube.AdmissionregistrationV1().ValidatingWebhookConfigurations().Get
		},
		watchFn: func(c Clients, _ string) func(context.Context, metav1.ListOptions) (watch.Interface, error) {
			return c.Kube.AdmissionregistrationV1().ValidatingWebhookConfigurations().Watch
		}},
}

// resourceByName finds a built-in resource of the table.
func resourceByName(name string) resource {
	for _, r := range resources {
		if r.name() == name {
			return r
		}
	}
	return nil
}

// CustomResource is a resource outside the built-in table (a cloud's CRD), read through the dynamic
// client and held as unstructured objects. The checks that read one name it.
type CustomResource struct {
	GVR  schema.GroupVersionResource
	Kind string
}

func (r CustomResource) groupKind() schema.GroupKind {
	return schema.GroupKind{Group: r.GVR.Group, Kind: r.Kind}
}

// Custom returns the store of a custom resource (an empty one when nothing of it was read).
func (s *Snapshot) Custom(r CustomResource) *Store[*unstructured.Unstructured] {
	return s.customStore(r.groupKind(), r.GVR.Resource+"."+r.GVR.Group)
}

// customStore returns the store of gk, made on first use; a non-empty resource names it
// (resource.group, for its errors) if it has no name yet.
func (s *Snapshot) customStore(gk schema.GroupKind, resource string) *Store[*unstructured.Unstructured] {
	s.customMu.Lock()
	defer s.customMu.Unlock()
	st, ok := s.custom[gk]
	if !ok {
		n := newStore[*unstructured.Unstructured]("")
		if s.Source == Offline {
			n.setPartial()
		}
		if s.complete {
			n.markListedAll()
		}
		st = &n
		s.custom[gk] = st
	}
	if st.resource == "" {
		st.resource = resource
	}
	return st
}

func (r CustomResource) list(f *fetcher, ns string, o metav1.ListOptions) {
	if f.c.Dynamic == nil {
		return
	}
	if !f.once("list/" + r.GVR.Resource + "/" + ns + "/" + o.LabelSelector + "/" + o.FieldSelector) {
		return
	}
	var st *Store[*unstructured.Unstructured]
	f.locked(func() { st = f.snap.Custom(r) })
	list := f.c.Dynamic.Resource(r.GVR).Namespace(ns).List
	f.do(func() {
		err := pages(f.ctx, o, list, func(l *unstructured.UnstructuredList) {
			f.locked(func() {
				for i := range l.Items {
					u := &l.Items[i]
					TrimLive(u)
					st.Add(u.GetNamespace(), u.GetName(), u)
				}
			})
		})
		if err != nil {
			gap := f.classify(err, VerbList, entryFor(r.GVR.Group, r.GVR.Resource), ns)
			f.locked(func() { st.MarkGap(ns, gap) })
			return
		}
		f.locked(func() { st.MarkListed(ns) })
	})
}
