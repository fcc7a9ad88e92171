package snapshot

import (
	"runtime"
	"sync"
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
// A value handed out is shared: whoever receives it must never change it.
type sharedTable[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]weak.Pointer[V]
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
	t.mu.Lock()
	defer t.mu.Unlock()
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
	return len(t.m)
}
