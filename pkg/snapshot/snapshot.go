// Package snapshot turns a cluster or a set of manifest files into a Snapshot: every object the checks
// may read, fetched once, with a record of what could not be read and why. It knows nothing of rules.
package snapshot

import (
	"sync"
	"time"

	admissionv1 "k8s.io/api/admissionregistration/v1"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	networkingv1 "k8s.io/api/networking/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/kind"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Kind of a diagnosis target; the same type as the checks' and rules' kind.
type Kind = kind.Kind

// Target kinds.
const (
	KindService = kind.Service
	KindIngress = kind.Ingress
)

// Source says where a snapshot's objects came from.
type Source string

// Sources of a snapshot.
const (
	Live    Source = "live"
	Offline Source = "offline"
)

// Target names the object to diagnose.
type Target struct {
	Kind      Kind   `json:"kind"`
	Namespace string `json:"namespace"`
	Name      string `json:"name"`
}

// String renders the target the kubectl way, e.g. "service/default/foo".
func (t Target) String() string {
	return string(t.Kind) + " " + t.Namespace + "/" + t.Name
}

// Event is a Kubernetes event about a target, from core/v1 or events.k8s.io/v1.
type Event struct {
	// UID identifies the Event object; core/v1 and events.k8s.io/v1 serve the same objects.
	UID      string
	Type     string
	Reason   string
	Message  string
	Count    int32
	LastSeen time.Time
	// Object identifies the involved (regarding) object.
	Object ObjectRef
}

// ObjectRef identifies the object an event is about.
type ObjectRef struct {
	Kind, Namespace, Name, UID string
}

// Snapshot is everything the checks may read. Each Store answers with the object, a NotFoundError,
// or an UnknownError saying why it could not be read.
type Snapshot struct {
	Source Source
	// Targets are the objects to diagnose, in order.
	Targets []Target

	Services       Store[*corev1.Service]
	Ingresses      Store[*networkingv1.Ingress]
	IngressClasses Store[*networkingv1.IngressClass]
	Secrets        Store[*Secret]
	Pods           Store[*Pod]
	Nodes          Store[*corev1.Node]
	EndpointSlices Store[*EndpointSlice]
	ConfigMaps     Store[*corev1.ConfigMap]
	Deployments    Store[*appsv1.Deployment]
	DaemonSets     Store[*appsv1.DaemonSet]
	Webhooks       Store[*admissionv1.ValidatingWebhookConfiguration]

	// custom holds the objects of custom resources (see Custom), by group and kind.
	custom   map[schema.GroupKind]*Store[*unstructured.Unstructured]
	customMu sync.Mutex
	// complete is set by MarkComplete: every store, including custom ones made later, is listed.
	complete bool

	// events holds events by involved object; eventsGap is set when they could not be read.
	events    map[ObjectRef][]Event
	eventsGap *UnknownError
	// eventsOf, set by SetEventSource, answers in place of events.
	eventsOf func(ObjectRef) []*EventRecord
	// Incomplete lists reads that failed part way (server gone, timeout, a namespace that could not
	// be read); the report is marked so.
	Incomplete []FailedRead
	// Clouds holds, by provider name, what the cloud read of a diagnosis with --cloud found; nil
	// when the cloud was not read (no --cloud: no cloud check runs).
	Clouds map[string]*cloud.Facts
	// Warnings are problems of the input itself (offline: the same object given twice).
	// Each is worded in every language (String is its English).
	Warnings []words.Words

	memo   map[memoID]*memoEntry
	memoMu sync.Mutex
	// origins says where each object of a manifest input was read (see Locate).
	origins map[string]origin
	// priors are, in a preflight, the targets' objects before the change (SetPrior).
	priors map[Target]runtime.Object
}

// ForgetDerived drops what Memo computed, so that a benchmark measures a cold pass.
func (s *Snapshot) ForgetDerived() { s.memo = map[memoID]*memoEntry{} }

type memoEntry struct {
	once sync.Once
	v    any
}

// MemoKey names a value Memo computes once per snapshot; T is the value's type. Each key made by
// NewMemoKey is distinct from every other, whatever its name, so a value is only ever read back as
// the type it was stored as.
type MemoKey[T any] struct {
	tag  *memoTag
	part string
}

type memoTag struct{ name string }

// memoID is a key's identity in the snapshot's memo.
type memoID struct {
	tag  *memoTag
	part string
}

// NewMemoKey returns a new key for values of type T; name says what it holds (for debugging).
func NewMemoKey[T any](name string) MemoKey[T] { return MemoKey[T]{tag: &memoTag{name: name}} }

// With returns the key of one instance of k's value: the value computed for parameter part.
func (k MemoKey[T]) With(part string) MemoKey[T] { return MemoKey[T]{tag: k.tag, part: part} }

// String returns the key's name and parameter.
func (k MemoKey[T]) String() string {
	if k.part == "" {
		return k.tag.name
	}
	return k.tag.name + "[" + k.part + "]"
}

// Memo returns fn's value for key, computed once per snapshot: derived data (indexes, parsed
// cluster-wide configuration) that every target would otherwise recompute. It is safe for concurrent
// use; fn must not ask Memo for its own key.
func Memo[T any](s *Snapshot, key MemoKey[T], fn func() T) T {
	if key.tag == nil {
		panic("snapshot.Memo: a MemoKey made without NewMemoKey")
	}
	id := memoID(key)
	s.memoMu.Lock()
	e, ok := s.memo[id]
	if !ok {
		e = &memoEntry{}
		s.memo[id] = e
	}
	s.memoMu.Unlock()
	e.once.Do(func() { e.v = fn() })
	return e.v.(T)
}

// Seal prepares the snapshot for concurrent readers: the checks and the planner may then read it
// from several goroutines, as long as nothing is added until they are done.
func (s *Snapshot) Seal() {
	for _, st := range s.stores() {
		st.seal()
	}
}

// New returns an empty snapshot.
func New(source Source) *Snapshot {
	s := &Snapshot{Source: source, events: map[ObjectRef][]Event{}, memo: map[memoID]*memoEntry{},
		custom: map[schema.GroupKind]*Store[*unstructured.Unstructured]{}}
	for _, r := range resources {
		r.init(s)
	}
	return s
}

// AddEvent stores an event under the object it is about, once per Event uid.
func (s *Snapshot) AddEvent(e Event) {
	k := ObjectRef{Kind: e.Object.Kind, Namespace: e.Object.Namespace, Name: e.Object.Name}
	if e.UID != "" {
		for _, x := range s.events[k] {
			if x.UID == e.UID {
				return
			}
		}
	}
	s.events[k] = append(s.events[k], e)
}

// markEventsGap records that the events of namespace ns ("" for all) could not be read, or, with a
// nil gap, that they were.
func (s *Snapshot) markEventsGap(ns string, gap *Gap) {
	if gap == nil {
		s.eventsGap = nil
		return
	}
	s.eventsGap = gap.unknown("events", ns, "")
}

// EventsFor returns the events about kind ns/name; when uid is set, events that name another uid
// (an older object of the same name) are left out.
func (s *Snapshot) EventsFor(kind Kind, ns, name, uid string) ([]Event, error) {
	if s.eventsGap != nil {
		return nil, s.eventsGap
	}
	ref := ObjectRef{Kind: string(kind), Namespace: ns, Name: name}
	keep := func(e *Event) bool { return uid == "" || e.Object.UID == "" || e.Object.UID == uid }
	var out []Event
	if s.eventsOf != nil {
		for _, r := range s.eventsOf(ref) {
			if keep(&r.Event) {
				out = append(out, r.Event)
			}
		}
		return out, nil
	}
	for _, e := range s.events[ref] {
		if keep(&e) {
			out = append(out, e)
		}
	}
	return out, nil
}

// BackendPods returns the pods a Service selects, or an UnknownError when pods could not be read.
// A Service without a selector selects none. Offline the input files may hold only some pods of a
// namespace: when they hold none that the Service selects, the selection is unknown, not empty.
func (s *Snapshot) BackendPods(svc *corev1.Service) ([]*Pod, error) {
	if len(svc.Spec.Selector) == 0 {
		return nil, nil
	}
	return s.SelectedPods(svc.Namespace, labels.SelectorFromSet(svc.Spec.Selector))
}

// SelectedPods returns the pods of namespace ns that sel selects, or an UnknownError when they could
// not be read; offline, an empty selection is unknown, as for BackendPods.
func (s *Snapshot) SelectedPods(ns string, sel labels.Selector) ([]*Pod, error) {
	if err := s.Pods.selectionErr(ns, sel.String()); err != nil {
		return nil, err
	}
	var out []*Pod
	for _, p := range s.Pods.Held(ns) {
		if p.Namespace == ns && sel.Matches(labels.Set(p.Labels)) {
			out = append(out, p)
		}
	}
	if len(out) == 0 && s.Pods.partial {
		return nil, s.Pods.knownSelection(ns, sel.String())
	}
	return out, nil
}

// ServiceSlices returns the EndpointSlices of a Service (label kubernetes.io/service-name); offline,
// an empty selection is unknown, as for BackendPods.
func (s *Snapshot) ServiceSlices(svc *corev1.Service) ([]*EndpointSlice, error) {
	if err := s.EndpointSlices.selectionErr(svc.Namespace, discoveryv1.LabelServiceName+"="+svc.Name); err != nil {
		return nil, err
	}
	var out []*EndpointSlice
	for _, es := range s.EndpointSlices.Held(svc.Namespace) {
		if es.Namespace == svc.Namespace && es.ServiceName == svc.Name {
			out = append(out, es)
		}
	}
	if len(out) == 0 && s.EndpointSlices.partial {
		return nil, s.EndpointSlices.knownSelection(svc.Namespace, discoveryv1.LabelServiceName+"="+svc.Name)
	}
	return out, nil
}
