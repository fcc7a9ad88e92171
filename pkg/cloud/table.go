package cloud

import (
	"errors"
	"slices"
	"strings"
)

// ErrNotFound says the cloud answered that the item does not exist.
var ErrNotFound = errors.New("not found in the cloud")

// Table holds items of one kind read from a cloud, by id: those found, those the cloud said do not
// exist, and those that could not be read.
type Table[T any] struct {
	items   map[string]T
	missing map[string]bool
	failed  map[string]*ReadError
	// all, when set, is why nothing of this kind could be read.
	all *ReadError
}

// Put records an item found.
func (t *Table[T]) Put(id string, v T) {
	if t.items == nil {
		t.items = map[string]T{}
	}
	t.items[id] = v
}

// Missing records that the cloud said id does not exist.
func (t *Table[T]) Missing(id string) {
	if t.missing == nil {
		t.missing = map[string]bool{}
	}
	t.missing[id] = true
}

// Fail records that id could not be read.
func (t *Table[T]) Fail(id string, err *ReadError) {
	if t.failed == nil {
		t.failed = map[string]*ReadError{}
	}
	t.failed[id] = err
}

// FailAll records that nothing of this kind could be read.
func (t *Table[T]) FailAll(err *ReadError) { t.all = err }

// Get is the item with id: the item, ErrNotFound, or the *ReadError of its read. An id that was
// never asked for is a *ReadError of class NotRead.
func (t *Table[T]) Get(id string) (T, error) {
	var zero T
	if v, ok := t.items[id]; ok {
		return v, nil
	}
	if t.missing[id] {
		return zero, ErrNotFound
	}
	if e, ok := t.failed[id]; ok {
		return zero, e
	}
	if t.all != nil {
		return zero, t.all
	}
	return zero, &ReadError{Class: NotRead}
}

// IDs lists the ids of the items found, sorted.
func (t *Table[T]) IDs() []string {
	ids := make([]string, 0, len(t.items))
	for id := range t.items {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, strings.Compare)
	return ids
}

// Len is the number of items found.
func (t *Table[T]) Len() int { return len(t.items) }

// Err is why the whole table could not be read, or nil.
func (t *Table[T]) Err() error {
	if t.all == nil {
		return nil
	}
	return t.all
}
