package snapshot

import (
	"errors"
	"sort"
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
)

// NotFoundError says an object is known not to exist: the API server answered 404, or a complete
// list of its namespace does not hold it.
type NotFoundError struct {
	Resource, Namespace, Name string
}

// Error is the message in English.
func (e *NotFoundError) Error() string { return e.In(words.English) }

// In is the message in lang; the resource, namespace and name stay as they are.
func (e *NotFoundError) In(lang words.Lang) string {
	if e.Namespace == "" {
		return words.Say("%s %q not found", "%s %q 不存在", e.Resource, e.Name).In(lang)
	}
	return words.Say("%s %s/%s not found", "%s %s/%s 不存在", e.Resource, e.Namespace, e.Name).In(lang)
}

// UnknownError says nothing is known about an object or a list: it was not in the input files, the
// user may not read it, or its API group is not served. Checks that meet one are skipped, never
// turned into findings. It words itself in every language (In); Error is its English.
type UnknownError struct {
	Resource, Namespace, Name string
	// Reason is why it is unknown ("not in the input files", "forbidden: …", "API not served").
	Reason string
	// Words is Reason in every language when it is one of the snapshot's own reasons (the API
	// server's error text inside it stays a fact); zero when Reason is a text alone, which every
	// language shows as it is.
	Words words.Words
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

// Error is the message in English.
func (e *UnknownError) Error() string { return e.In(words.English) }

// The shapes of what an UnknownError is about: a named object of a namespace, a named object, a
// namespace's list, every namespace's list.
const (
	shapeNamespacedObject = iota
	shapeObject
	shapeNamespace
	shapeAll
)

// cannotRead and onlySome are the messages of an UnknownError, by shape: the resource, namespace and
// name are facts; %[4]s is the reason.
var (
	cannotRead = [...]words.Phrase{
		shapeNamespacedObject: {En: "cannot read %[1]s %[2]s/%[3]s: %[4]s", Zh: "无法读取 %[1]s %[2]s/%[3]s：%[4]s"},
		shapeObject:           {En: "cannot read %[1]s %[3]q: %[4]s", Zh: "无法读取 %[1]s %[3]q：%[4]s"},
		shapeNamespace:        {En: "cannot read %[1]s in namespace %[2]s: %[4]s", Zh: "无法读取命名空间 %[2]s 中的 %[1]s：%[4]s"},
		shapeAll:              {En: "cannot read %[1]s: %[4]s", Zh: "无法读取 %[1]s：%[4]s"},
	}
	onlySome = [...]words.Phrase{
		shapeNamespacedObject: {En: "the input files may hold only some %[1]s %[2]s/%[3]s", Zh: "输入文件可能只包含 %[1]s %[2]s/%[3]s 的一部分"},
		shapeObject:           {En: "the input files may hold only some %[1]s %[3]q", Zh: "输入文件可能只包含 %[1]s %[3]q 的一部分"},
		shapeNamespace:        {En: "the input files may hold only some %[1]s in namespace %[2]s", Zh: "输入文件可能只包含命名空间 %[2]s 中的部分 %[1]s"},
		shapeAll:              {En: "the input files may hold only some %[1]s", Zh: "输入文件可能只包含部分 %[1]s"},
	}
	needsRBAC = words.Phrase{En: "%s (needs RBAC: %s)", Zh: "%s（需要 RBAC 权限：%s）"}
)

// In is the message in lang: what could not be read and why, with the RBAC rule that would allow
// it. Resource, namespace and object names, the RBAC rule and a server's error text stay as they are.
func (e *UnknownError) In(lang words.Lang) string {
	shape := shapeAll
	switch {
	case e.Name != "" && e.Namespace != "":
		shape = shapeNamespacedObject
	case e.Name != "":
		shape = shapeObject
	case e.Namespace != "":
		shape = shapeNamespace
	}
	if e.some {
		return onlySome[shape].With(e.Resource, e.Namespace, e.Name).In(lang)
	}
	var reason any = e.Reason
	if !e.Words.IsZero() {
		reason = e.Words
	}
	w := cannotRead[shape].With(e.Resource, e.Namespace, e.Name, reason)
	if e.RBAC != "" {
		w = needsRBAC.With(w, e.RBAC)
	}
	return w.In(lang)
}

// only marks e as a list the input files may hold only some of.
func (e *UnknownError) only() *UnknownError {
	e.some = true
	return e
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
	// Words is Reason in every language when it is one of the snapshot's own (see UnknownError).
	Words words.Words
	// Class is the cause of Reason, from the read error's status or the missing input.
	Class ReasonClass
	RBAC  string
	// Err is the read error, kept so callers can tell a timeout from a refusal.
	Err error
}

// unknown is the error of resource ns/name (name "" for a list) that this gap leaves unknown.
func (g Gap) unknown(resource, ns, name string) *UnknownError {
	return &UnknownError{Resource: resource, Namespace: ns, Name: name, Reason: g.Reason, Words: g.Words,
		Class: g.Class, RBAC: g.RBAC, Err: g.Err}
}

// gapOf is the gap of reason w, one of the snapshot's own, of class c.
func gapOf(w words.Words, c ReasonClass) Gap {
	return Gap{Reason: w.In(words.English), Words: w, Class: c}
}

// The snapshot's own reasons, in every language.
var (
	reasonNotFetched   = words.Say("not fetched", "未获取")
	reasonNotInFiles   = words.Say("not in the input files", "输入文件中没有")
	reasonSome         = words.Say("the input files may hold only some of them", "输入文件可能只包含其中一部分")
	reasonForbidden    = words.Say("forbidden", "无读取权限（forbidden）")
	reasonUnauthorized = words.Say("unauthorized: the credentials were rejected", "未授权：凭据被拒绝")
	reasonNotServed    = words.Say("API not served by this cluster (is the CRD installed?)", "该集群不提供此 API（是否安装了相应的 CRD？）")
)

// reasonReadFailed is the reason of a read that failed for another cause; msg, the error's text,
// is a fact.
func reasonReadFailed(msg string) words.Words {
	return words.Say("read failed: %s", "读取失败：%s", msg)
}

// reasonNoneSelected is the reason of an offline selection the input files hold none of.
func reasonNoneSelected(selector string) words.Words {
	return words.Say("not in the input files (none selected by %s)", "输入文件中没有（%s 未选中任何对象）", selector)
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
	// all holds every key sorted, lazily; byNS holds each namespace's run of all.
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
	// The keys of a namespace share the prefix "ns/", so they are a run of the sorted keys.
	s.byNS = map[string][]string{}
	for i := 0; i < len(s.all); {
		prefix := s.all[i][:strings.IndexByte(s.all[i], '/')+1]
		j := i + 1
		for j < len(s.all) && strings.HasPrefix(s.all[j], prefix) {
			j++
		}
		s.byNS[prefix[:len(prefix)-1]] = s.all[i:j:j]
		i = j
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
		g = gapOf(reasonNotFetched, ReasonMissingInput)
		if s.partial {
			g = gapOf(reasonNotInFiles, ReasonMissingInput)
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
		return gapOf(reasonSome, ReasonMissingInput).unknown(s.resource, ns, "").only()
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
