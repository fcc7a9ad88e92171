package engine

import (
	"iter"
	"math/bits"
	"slices"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/selection"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// objKey names an object a diagnosis reads, or, with Name empty, every object of a namespace
// ("" for every namespace).
type objKey struct {
	resource, ns, name string
}

// selKey names the objects of a namespace a label selector selects.
type selKey struct {
	resource, ns, selector string
}

// eqKey names the objects of a namespace with a label value: a selection by one label's value
// ("app=web", the most common selector), held without a parsed selector and found from the
// object's labels.
type eqKey struct {
	resource, ns, key, value string
}

// matchKey names the objects of a resource, in every namespace, with an annotation or label value.
type matchKey struct {
	resource string
	only     snapshot.Match
}

// index maps each object the engine holds to the targets whose diagnosis reads it, from the reads
// the fetch plan names for each target.
//
// A target is held as a small number, its id (ids, names), so that an object every target reads
// (the nodes) holds a bitset of 50,000 targets in 6 KB. Each read of a target is an entry, shared
// by every target that makes the same read; a target holds pointers to its entries (deps), and an
// entry holds its key, so that dropping a target finds and empties its entries. The events about
// the target itself, which every target reads, are a flag of the target (ownEvents), not an entry.
type index struct {
	ids       map[snapshot.Target]uint32
	names     []snapshot.Target // by id; the zero Target for a free id
	deps      [][]*entry        // by id
	ownEvents []bool            // by id
	free      []uint32

	exact map[objKey]*entry
	// selected holds the label selections, each entry with its parsed selector; byNS lists the
	// selections of each namespace (key without name).
	selected map[selKey]*selEntry
	byNS     map[objKey][]*selEntry
	// equal holds the selections of one label's value (eqKey), apart from selected.
	equal  map[eqKey]*entry
	events map[snapshot.ObjectRef]*entry
	// matched holds the reads narrowed to the objects with an annotation or label value (Request.Only).
	matched map[matchKey]*entry
}

func newIndex() *index {
	return &index{ids: map[snapshot.Target]uint32{}, exact: map[objKey]*entry{},
		selected: map[selKey]*selEntry{}, byNS: map[objKey][]*selEntry{}, equal: map[eqKey]*entry{}, events: map[snapshot.ObjectRef]*entry{},
		matched: map[matchKey]*entry{}}
}

// resourceOf is the index's name of a request's resource.
func resourceOf(r snapshot.Request) string {
	if r.Custom != nil {
		return customName(r.Custom)
	}
	return r.Resource
}

type depKind uint8

const (
	depExact depKind = iota
	depSelected
	depEqual
	depEvents
	depMatched
)

// entry is one read and the targets that make it. Its key is in kind, label and a, b, c.
type entry struct {
	kind  depKind
	label bool // matched: a label, not an annotation
	// a, b, c are, for exact: resource, namespace, name; selected and equal: resource, namespace,
	// selector; events: kind, namespace, name; matched: resource, key, value.
	a, b, c string
	set     idSet
}

// selEntry is the entry of a label selection, with its selector parsed once for all its targets.
type selEntry struct {
	entry
	sel labels.Selector
	pos int // the entry's position in its namespace's list (index.byNS)
}

// depOf is the entry key of a read, as an entry without targets.
func depOf(r snapshot.Request) entry {
	switch {
	case r.Resource == snapshot.Events:
		return entry{kind: depEvents, a: string(r.Kind), b: r.Namespace, c: r.Name}
	case r.Only != (snapshot.Match{}):
		return entry{kind: depMatched, label: r.Only.Label, a: resourceOf(r), b: r.Only.Key, c: r.Only.Value}
	}
	d := entry{kind: depExact, a: resourceOf(r), b: r.Namespace, c: r.Name}
	if snapshot.ClusterScoped(r.Resource) {
		d.b = ""
	}
	if r.LabelSelector != "" && r.Name == "" {
		d.kind, d.c = depSelected, r.LabelSelector
	}
	return d
}

// entryFor returns the entry of key k, made when there is none. A selection whose selector does not
// parse is read as the whole namespace (an exact entry without name).
func (x *index) entryFor(k entry) *entry {
	switch k.kind {
	case depEvents:
		return entryIn(x.events, snapshot.ObjectRef{Kind: k.a, Namespace: k.b, Name: k.c}, k)
	case depMatched:
		return entryIn(x.matched, matchKey{k.a, snapshot.Match{Label: k.label, Key: k.b, Value: k.c}}, k)
	case depSelected:
		key, value, eq := oneLabel(k.c)
		if eq {
			if e := x.equal[eqKey{k.a, k.b, key, value}]; e != nil {
				return e
			}
		} else if e := x.selected[selKey{k.a, k.b, k.c}]; e != nil {
			return &e.entry
		}
		sel, err := labels.Parse(k.c)
		if err != nil {
			return x.entryFor(entry{kind: depExact, a: k.a, b: k.b})
		}
		if eq {
			// The selector is what it looks like: one label's value.
			if reqs, _ := sel.Requirements(); len(reqs) == 1 && reqs[0].Key() == key && reqs[0].Operator() == selection.Equals &&
				reqs[0].Values().Len() == 1 && reqs[0].Values().Has(value) {
				k.kind = depEqual
				e := newEntry(k)
				x.equal[eqKey{k.a, k.b, key, value}] = e
				return e
			}
		}
		ns := objKey{k.a, k.b, ""}
		e := &selEntry{entry: k, sel: sel, pos: len(x.byNS[ns])}
		x.byNS[ns] = append(x.byNS[ns], e)
		x.selected[selKey{k.a, k.b, k.c}] = e
		return &e.entry
	}
	return entryIn(x.exact, objKey{k.a, k.b, k.c}, k)
}

// entryIn returns m's entry under key, made from k when there is none.
func entryIn[K comparable](m map[K]*entry, key K, k entry) *entry {
	e := m[key]
	if e == nil {
		e = newEntry(k)
		m[key] = e
	}
	return e
}

func newEntry(k entry) *entry {
	e := new(entry)
	*e = k
	return e
}

// oneLabel splits a selector of one label's value, key=value, with nothing else in it (no space,
// no second requirement, no other operator); ok is false for any other selector.
func oneLabel(selector string) (key, value string, ok bool) {
	key, value, ok = strings.Cut(selector, "=")
	if !ok || key == "" || strings.ContainsAny(key, " \t!=(),") || strings.ContainsAny(value, " \t!=(),") {
		return "", "", false
	}
	return key, value, true
}

// forget removes an entry that no longer has a target.
func (x *index) forget(e *entry) {
	switch e.kind {
	case depEvents:
		delete(x.events, snapshot.ObjectRef{Kind: e.a, Namespace: e.b, Name: e.c})
	case depMatched:
		delete(x.matched, matchKey{e.a, snapshot.Match{Label: e.label, Key: e.b, Value: e.c}})
	case depEqual:
		key, value, _ := oneLabel(e.c)
		delete(x.equal, eqKey{e.a, e.b, key, value})
	case depSelected:
		sk := selKey{e.a, e.b, e.c}
		se := x.selected[sk]
		delete(x.selected, sk)
		ns := objKey{e.a, e.b, ""}
		list := x.byNS[ns]
		last := len(list) - 1
		list[se.pos] = list[last]
		list[se.pos].pos = se.pos
		list[last] = nil
		if last == 0 {
			delete(x.byNS, ns)
		} else {
			x.byNS[ns] = list[:last]
		}
	default:
		delete(x.exact, objKey{e.a, e.b, e.c})
	}
}

// set replaces what t reads. The entries t still reads are left as they are.
func (x *index) set(t snapshot.Target, reqs []snapshot.Request) {
	if len(reqs) == 0 {
		x.drop(t)
		return
	}
	id, ok := x.ids[t]
	if !ok {
		id = x.newID(t)
	}
	old := x.deps[id]
	deps := make([]*entry, 0, len(reqs))
	x.ownEvents[id] = false
	for _, r := range reqs {
		if r.Resource == snapshot.Events && r.Kind == t.Kind && r.Namespace == t.Namespace && r.Name == t.Name {
			x.ownEvents[id] = true
			continue
		}
		e := x.entryFor(depOf(r))
		if slices.Contains(deps, e) {
			continue
		}
		e.set.add(id, len(x.names))
		deps = append(deps, e)
	}
	for _, e := range old {
		if !slices.Contains(deps, e) && e.set.remove(id) {
			x.forget(e)
		}
	}
	x.deps[id] = slices.Clip(deps)
}

func (x *index) newID(t snapshot.Target) uint32 {
	var id uint32
	if n := len(x.free); n > 0 {
		id, x.free = x.free[n-1], x.free[:n-1]
		x.names[id] = t
	} else {
		id = uint32(len(x.names))
		x.names = append(x.names, t)
		x.deps = append(x.deps, nil)
		x.ownEvents = append(x.ownEvents, false)
	}
	x.ids[t] = id
	return id
}

// drop forgets what t reads.
func (x *index) drop(t snapshot.Target) {
	id, ok := x.ids[t]
	if !ok {
		return
	}
	for _, e := range x.deps[id] {
		if e.set.remove(id) {
			x.forget(e)
		}
	}
	delete(x.ids, t)
	x.names[id], x.deps[id], x.ownEvents[id] = snapshot.Target{}, nil, false
	x.free = append(x.free, id)
}

// affected adds to out the targets that read object ns/name of resource, given its states before and
// after the change (either may be nil).
func (x *index) affected(resource, ns, name string, states []metav1.Object, out map[snapshot.Target]bool) {
	var lbls []labels.Set
	for _, o := range states {
		if o == nil {
			continue
		}
		lbls = append(lbls, o.GetLabels())
		if len(x.equal) > 0 {
			for k, v := range o.GetLabels() {
				x.addAll(x.equal[eqKey{resource, ns, k, v}], out)
			}
		}
		if len(x.matched) == 0 {
			continue
		}
		for _, only := range []struct {
			label bool
			kv    map[string]string
		}{{false, o.GetAnnotations()}, {true, o.GetLabels()}} {
			for k, v := range only.kv {
				x.addAll(x.matched[matchKey{resource, snapshot.Match{Label: only.label, Key: k, Value: v}}], out)
			}
		}
	}
	for _, k := range []objKey{{resource, ns, name}, {resource, ns, ""}, {resource, "", ""}} {
		x.addAll(x.exact[k], out)
	}
	for _, e := range x.byNS[objKey{resource, ns, ""}] {
		for _, l := range lbls {
			if e.sel.Matches(l) {
				x.addAll(&e.entry, out)
				break
			}
		}
	}
}

// eventsOf adds to out the targets that read the events about ref.
func (x *index) eventsOf(ref snapshot.ObjectRef, out map[snapshot.Target]bool) {
	ref.UID = ""
	t := snapshot.Target{Kind: snapshot.Kind(ref.Kind), Namespace: ref.Namespace, Name: ref.Name}
	if id, ok := x.ids[t]; ok && x.ownEvents[id] {
		out[t] = true
	}
	x.addAll(x.events[ref], out)
}

// addAll adds to out the targets of e (none when e is nil).
func (x *index) addAll(e *entry, out map[snapshot.Target]bool) {
	if e == nil {
		return
	}
	for id := range e.set.all() {
		out[x.names[id]] = true
	}
}

// idSet is a set of target ids: sorted in a slice while a slice is smaller than a bitset of every
// id, else a bitset.
type idSet struct {
	few  []uint32
	bits *bitset
}

type bitset struct {
	words []uint64
	n     int
}

// minBits is the fewest ids a set holds before it may become a bitset.
const minBits = 64

// add adds id; ids is the number of ids in use (the size of a bitset of every id).
func (s *idSet) add(id uint32, ids int) {
	if b := s.bits; b != nil {
		w := int(id / 64)
		if w >= len(b.words) {
			b.words = append(b.words, make([]uint64, w+1-len(b.words))...)
		}
		if m := uint64(1) << (id % 64); b.words[w]&m == 0 {
			b.words[w] |= m
			b.n++
		}
		return
	}
	i, found := slices.BinarySearch(s.few, id)
	if found {
		return
	}
	s.few = slices.Insert(s.few, i, id)
	if len(s.few) > minBits && len(s.few) > ids/32 {
		b := &bitset{words: make([]uint64, (ids+63)/64)}
		for _, v := range s.few {
			b.words[v/64] |= 1 << (v % 64)
		}
		b.n, s.bits, s.few = len(s.few), b, nil
	}
}

// remove removes id and reports whether the set is now empty.
func (s *idSet) remove(id uint32) bool {
	if b := s.bits; b != nil {
		w := int(id / 64)
		if m := uint64(1) << (id % 64); w < len(b.words) && b.words[w]&m != 0 {
			b.words[w] &^= m
			b.n--
		}
		if b.n == 0 {
			s.bits = nil
		}
		return s.bits == nil
	}
	if i, found := slices.BinarySearch(s.few, id); found {
		s.few = slices.Delete(s.few, i, i+1)
	}
	if len(s.few) == 0 {
		s.few = nil
		return true
	}
	return false
}

// len is the number of ids in the set.
func (s *idSet) len() int {
	if s.bits != nil {
		return s.bits.n
	}
	return len(s.few)
}

// all yields each id, in increasing order.
func (s *idSet) all() iter.Seq[uint32] {
	return func(yield func(uint32) bool) {
		if b := s.bits; b != nil {
			for w, word := range b.words {
				for word != 0 {
					i := bits.TrailingZeros64(word)
					if !yield(uint32(w*64 + i)) {
						return
					}
					word &^= 1 << i
				}
			}
			return
		}
		for _, id := range s.few {
			if !yield(id) {
				return
			}
		}
	}
}
