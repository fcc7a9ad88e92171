package snapshot

import (
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"unique"
	"weak"
)

// sharedTable hands out one canonical *V per key, so that objects that hold equal parts (the Pods
// of one ReplicaSet hold equal label maps and container lists) point to one copy of them.
//
// The table holds its values through weak pointers: it does not keep a value alive, and a value
// is dropped from it once no object points to it any more (a runtime cleanup removes the entry),
// so that serve's table shrinks as objects come and go instead of growing with every template it
// ever saw. The unique package gives the same lifetime, but only to comparable values, and
// Handle.Value returns a copy of the value: what the objects must share here (a map, a slice's
// backing array, a pointer) cannot be had from it. So the table is keyed by a comparable (canonical)
// encoding of the value, and holds the one copy every object points to through a weak pointer.
//
// While a hold is open (HoldShared), the table keeps what it hands out in a plain map instead: a
// one-shot run drops all its objects at once when it ends, and a weak pointer with its cleanup costs
// far more than a map entry.
//
// A value handed out is shared: whoever receives it must never change it.
type sharedTable[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]weak.Pointer[V]

	// strong holds the values handed out during the hold of generation gen.
	strong map[K]*V
	gen    uint64
}

// sharedEntry is what the cleanup of a value needs to remove its entry (never the value itself,
// which would keep it alive).
type sharedEntry[K comparable, V any] struct {
	key K
	ptr weak.Pointer[V]
}

// get returns the value held for key, or stores and returns build() when there is none (or only
// one that is no longer used).
func (t *sharedTable[K, V]) get(key K, build func() *V) *V {
	return t.getEqual(key, nil, build)
}

// getEqual is get for a key that unequal values may share (a hash of the value): the value held
// for key is returned only when equal (nil: always) accepts it. On a collision with a value still
// used, build() is returned without being held (not shared).
func (t *sharedTable[K, V]) getEqual(key K, equal func(*V) bool, build func() *V) *V {
	g := heldGen.Load()
	t.mu.Lock()
	defer t.mu.Unlock()
	if g != 0 && (t.gen == g || holding(t, g)) {
		return t.getHeld(g, key, equal, build)
	}
	if p, ok := t.m[key]; ok {
		if v := p.Value(); v != nil {
			if equal == nil || equal(v) {
				return v
			}
			return build()
		}
	}
	v := build()
	p := weak.Make(v)
	if t.m == nil {
		t.m = map[K]weak.Pointer[V]{}
	}
	t.m[key] = p
	runtime.AddCleanup(v, t.drop, sharedEntry[K, V]{key, p})
	return v
}

// getHeld is getEqual during the hold of generation g, for which t is listed; t.mu is held.
func (t *sharedTable[K, V]) getHeld(g uint64, key K, equal func(*V) bool, build func() *V) *V {
	if t.gen != g {
		t.strong, t.gen = map[K]*V{}, g
	}
	if v, ok := t.strong[key]; ok {
		if equal == nil || equal(v) {
			return v
		}
		return build()
	}
	v := build()
	t.strong[key] = v
	return v
}

// release forgets the values held strongly during the hold of generation g.
func (t *sharedTable[K, V]) release(g uint64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.gen == g {
		t.strong, t.gen = nil, 0
	}
}

// drop removes the entry of a value no longer used, unless the key already holds a newer one.
func (t *sharedTable[K, V]) drop(e sharedEntry[K, V]) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m[e.key] == e.ptr {
		delete(t.m, e.key)
	}
}

// len is the number of entries, for tests.
func (t *sharedTable[K, V]) len() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.m) + len(t.strong)
}

// holds counts the open holds (HoldShared) and lists the tables that hold values strongly for them.
var holds struct {
	mu     sync.Mutex
	n      int
	gen    uint64
	tables []interface{ release(uint64) }
}

// heldGen is the generation of the open holds, 0 when none is open.
var heldGen atomic.Uint64

// HoldShared makes the sharing tables (and the interned strings) hold what they hand out in plain
// maps until every hold is released by calling the func it returns (once is enough; more calls do
// nothing). A one-shot run holds them for its whole life, as it drops its objects all at once at its
// end; serve, which keeps objects as they come and go, does not. Holds may overlap (diagnoses run
// side by side in one process): the values are forgotten when the last one ends.
func HoldShared() (release func()) {
	holds.mu.Lock()
	defer holds.mu.Unlock()
	if holds.n == 0 {
		holds.gen++
		heldGen.Store(holds.gen)
	}
	holds.n++
	return sync.OnceFunc(func() {
		holds.mu.Lock()
		holds.n--
		if holds.n > 0 {
			holds.mu.Unlock()
			return
		}
		g, tables := holds.gen, holds.tables
		holds.tables = nil
		heldGen.Store(0)
		holds.mu.Unlock()
		for _, t := range tables {
			t.release(g)
		}
	})
}

// holding lists t among the tables to release when the holds of generation g end, and reports
// whether they are still open (they may have ended since g was read; t then takes the weak path).
func holding(t interface{ release(uint64) }, g uint64) bool {
	holds.mu.Lock()
	defer holds.mu.Unlock()
	if holds.n == 0 || holds.gen != g {
		return false
	}
	holds.tables = append(holds.tables, t)
	return true
}

// internHeld interns strings while a hold is open.
var internHeld sharedTable[string, string]

// intern returns the canonical copy of s, so that a string many objects repeat is held once.
func intern(s string) string {
	if s == "" {
		return ""
	}
	if heldGen.Load() != 0 {
		return *internHeld.get(s, func() *string {
			c := strings.Clone(s) // s may point into a whole response
			return &c
		})
	}
	return unique.Make(s).Value()
}
