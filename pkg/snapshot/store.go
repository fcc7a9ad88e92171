package snapshot

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
)

// NotFoundError says an object is known not to exist: the API server answered 404, or a complete
// list of its namespace does not hold it.
type NotFoundError struct {
	Resource, Namespace, Name string
}

func (e *NotFoundError) Error() string {
	if e.Namespace == "" {
		return fmt.Sprintf("%s %q not found", e.Resource, e.Name)
	}
	return fmt.Sprintf("%s %s/%s not found", e.Resource, e.Namespace, e.Name)
}

// UnknownError says nothing is known about an object or a list: it was not in the input files, the
// user may not read it, or its API group is not served. Checks that meet one are skipped, never
// turned into findings.
type UnknownError struct {
	Resource, Namespace, Name string
	// Reason is why it is unknown ("not in the input files", "forbidden: …", "API not served").
	Reason string
	// Class is the cause of Reason, set where the gap was found.
	Class ReasonClass
	// RBAC is the rule that would allow reading it, empty when permissions are not the cause.
	RBAC string
	// Err is the read error behind it, if any (a timeout, a refused connection).
	Err error
	// some is set when the objects are held, but maybe not all of them (see Store.Whole).
	some bool
}

// Unwrap returns the read error behind the gap.
func (e *UnknownError) Unwrap() error { return e.Err }

func (e *UnknownError) Error() string {
	var what string
	switch {
	case e.Name != "" && e.Namespace != "":
		what = fmt.Sprintf("%s %s/%s", e.Resource, e.Namespace, e.Name)
	case e.Name != "":
		what = fmt.Sprintf("%s %q", e.Resource, e.Name)
	case e.Namespace != "":
		what = fmt.Sprintf("%s in namespace %s", e.Resource, e.Namespace)
	default:
		what = e.Resource
	}
	if e.some {
		return "the input files may hold only some " + what
	}
	msg := fmt.Sprintf("cannot read %s: %s", what, e.Reason)
	if e.RBAC != "" {
		msg += " (needs RBAC: " + e.RBAC + ")"
	}
	return msg
}

// IsNotFound reports whether err says an object is known to be absent.
func IsNotFound(err error) bool {
	var nf *NotFoundError
	return errors.As(err, &nf)
}

// IsForbidden reports whether err says an object or list is unknown because the API server
// refused the read (403 Forbidden, kept as the gap's Err).
func IsForbidden(err error) bool {
	return IsUnknown(err) && apierrors.IsForbidden(err)
}

// IsUnknown reports whether err says an object or list could not be known.
func IsUnknown(err error) bool {
	var u *UnknownError
	return errors.As(err, &u)
}

// Gap records why a resource (in a namespace, or everywhere when Namespace is "") could not be read.
type Gap struct {
	Reason string
	// Class is the cause of Reason, from the read error's status or the missing input.
	Class ReasonClass
	RBAC  string
	// Err is the read error, kept so callers can tell a timeout from a refusal.
	Err error
}

// unknown is the error of resource ns/name (name "" for a list) that this gap leaves unknown.
func (g Gap) unknown(resource, ns, name string) *UnknownError {
	return &UnknownError{Resource: resource, Namespace: ns, Name: name, Reason: g.Reason, Class: g.Class, RBAC: g.RBAC, Err: g.Err}
}

// Store holds the objects of one resource and what is known about the ones it lacks.
type Store[T any] struct {
	resource string
	items    map[string]T
	// absent holds names the API server answered 404 for.
	absent map[string]bool
	// listed holds namespaces whose complete list is held; "" means every namespace.
	listed map[string]bool
	// selected holds the label selections held in full, by namespace and selector: a LIST with a
	// label selector holds what it picks, not its namespace.
	selected map[string]bool
	// gaps holds namespaces that could not be read; "" means every namespace.
	gaps map[string]Gap
	// partial is set for offline input: a name not held is unknown even in a listed namespace.
	partial bool
	// pinned are the keys Put laid over what a read finds (a preflight's objects as they will be):
	// a later Add of the same key keeps the pinned object.
	pinned map[string]bool
	// byNS indexes keys per namespace, sorted lazily; all holds every key sorted.
	byNS  map[string][]string
	all   []string
	dirty bool
}

func newStore[T any](resource string) Store[T] {
	return Store[T]{resource: resource, items: map[string]T{}, absent: map[string]bool{},
		listed: map[string]bool{}, selected: map[string]bool{}, gaps: map[string]Gap{}}
}

func key(ns, name string) string { return ns + "/" + name }

// Add stores an object, unless Put pinned another under the same key.
func (s *Store[T]) Add(ns, name string, obj T) {
	k := key(ns, name)
	if s.pinned[k] {
		return
	}
	if _, ok := s.items[k]; !ok {
		s.dirty = true
	}
	s.items[k] = obj
}

// index rebuilds the sorted per-namespace key lists after additions.
func (s *Store[T]) index() {
	if !s.dirty && s.byNS != nil {
		return
	}
	s.all = make([]string, 0, len(s.items))
	for k := range s.items {
		s.all = append(s.all, k)
	}
	sort.Strings(s.all)
	s.byNS = map[string][]string{}
	for _, k := range s.all {
		ns := k[:strings.IndexByte(k, '/')]
		s.byNS[ns] = append(s.byNS[ns], k)
	}
	s.dirty = false
}

func (s *Store[T]) seal() { s.index() }

// MarkAbsent records that the server answered 404 for ns/name.
func (s *Store[T]) MarkAbsent(ns, name string) { s.absent[key(ns, name)] = true }

// MarkListed records that every object of namespace ns ("" for all) is held.
func (s *Store[T]) MarkListed(ns string) { s.listed[ns] = true }

// MarkSelected records that every object of namespace ns that label selector picks is held.
func (s *Store[T]) MarkSelected(ns, selector string) { s.selected[key(ns, selector)] = true }

// selectionErr is the error of reading the objects of namespace ns that label selector picks: nil
// when that selection, or the whole namespace, is held.
func (s *Store[T]) selectionErr(ns, selector string) error {
	if _, gap := s.gaps[ns]; !gap && s.selected[key(ns, selector)] {
		return nil
	}
	return s.listErr(ns)
}

// MarkGap records that namespace ns ("" for all) could not be read.
func (s *Store[T]) MarkGap(ns string, g Gap) { s.gaps[ns] = g }

func (s *Store[T]) isListed(ns string) bool { return s.listed[ns] || s.listed[""] }

func (s *Store[T]) unknown(ns, name string) *UnknownError {
	g, ok := s.gaps[ns]
	if !ok {
		g, ok = s.gaps[""]
	}
	if !ok {
		g = Gap{Reason: "not fetched", Class: ReasonMissingInput}
		if s.partial {
			g = Gap{Reason: "not in the input files", Class: ReasonMissingInput}
		}
	}
	return g.unknown(s.resource, ns, name)
}

// Get returns ns/name, a *NotFoundError when it is known not to exist, or an *UnknownError.
func (s *Store[T]) Get(ns, name string) (T, error) {
	var zero T
	if obj, ok := s.items[key(ns, name)]; ok {
		return obj, nil
	}
	if _, gap := s.gaps[ns]; gap {
		return zero, s.unknown(ns, name)
	}
	if s.absent[key(ns, name)] || (!s.partial && s.isListed(ns)) {
		return zero, &NotFoundError{Resource: s.resource, Namespace: ns, Name: name}
	}
	return zero, s.unknown(ns, name)
}

// List returns the objects of namespace ns ("" for all), sorted by namespace and name, or an
// *UnknownError when that list is not held.
func (s *Store[T]) List(ns string) ([]T, error) {
	if err := s.listErr(ns); err != nil {
		return nil, err
	}
	return s.Held(ns), nil
}

// Whole returns nil when the store holds every object of namespace ns ("" for all), else an
// *UnknownError: the list is not held, or it comes from input files, which may hold only some of
// the objects, so that none of them having a property proves nothing (class missing-input).
func (s *Store[T]) Whole(ns string) error {
	if err := s.listErr(ns); err != nil {
		return err
	}
	if s.partial {
		return &UnknownError{Resource: s.resource, Namespace: ns, Reason: "the input files may hold only some of them",
			Class: ReasonMissingInput, some: true}
	}
	return nil
}

// listErr is List's error, without building the list.
func (s *Store[T]) listErr(ns string) error {
	if _, gap := s.gaps[ns]; gap || (!s.isListed(ns) && !(ns == "" && len(s.listed) > 0 && s.partial)) {
		return s.unknown(ns, "")
	}
	return nil
}

// Held returns the objects the store holds for namespace ns ("" for all), sorted by namespace and
// name, whether or not that is every object there: offline, exactly what the input files hold.
func (s *Store[T]) Held(ns string) []T {
	s.index()
	keys := s.all
	if ns != "" {
		keys = s.byNS[ns]
	}
	out := make([]T, 0, len(keys))
	for _, k := range keys {
		out = append(out, s.items[k])
	}
	return out
}
