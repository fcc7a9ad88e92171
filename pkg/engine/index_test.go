package engine

import (
	"fmt"
	"maps"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/kind"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestTargetSet: a set holds what was added last for each target, whether it holds them in its
// slice or, past maxFew, in its map, and says when it is empty.
func TestTargetSet(t *testing.T) {
	tg := func(i int) snapshot.Target {
		return snapshot.Target{Kind: kind.Service, Namespace: "ns", Name: fmt.Sprint("svc-", i)}
	}
	for _, n := range []int{1, maxFew, maxFew + 1, 3 * maxFew} {
		t.Run(fmt.Sprint(n, " targets"), func(t *testing.T) {
			s := &targetSet[int]{}
			want := map[snapshot.Target]int{}
			for i := range n {
				s.add(tg(i), i)
				s.add(tg(i), i+100) // a second add replaces the value
				want[tg(i)] = i + 100
			}
			if got := maps.Collect(s.all()); !maps.Equal(got, want) {
				t.Fatalf("holds %v, want %v", got, want)
			}
			if (s.many != nil) != (n > maxFew) {
				t.Errorf("map in use: %v with %d targets", s.many != nil, n)
			}
			for i := range n {
				if empty := s.remove(tg(i)); empty != (i == n-1) {
					t.Fatalf("remove %d of %d: empty = %v", i+1, n, empty)
				}
				delete(want, tg(i))
				if got := maps.Collect(s.all()); !maps.Equal(got, want) {
					t.Fatalf("after removing %d: holds %v, want %v", i+1, got, want)
				}
			}
		})
	}
	var none *targetSet[bool]
	for range none.all() {
		t.Fatal("a nil set yields a target")
	}
}
