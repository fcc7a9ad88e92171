// Package gctune makes a short run collect garbage less often while its heap is small, without
// a memory cliff when it is large.
package gctune

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
)

// Policy is how a run collects garbage while its live heap is small.
type Policy struct {
	// Limit is the soft memory limit in bytes.
	Limit int64
	// Percent is the GC target: the heap may grow to (1+Percent/100)× what is live.
	Percent int
	// RestoreAbove is the live heap in bytes past which Go's defaults return; 0 means half of Limit.
	RestoreAbove int64
}

// Start applies p unless GOGC or GOMEMLIMIT is set. After each collection it reads the live heap;
// once that is over p.RestoreAbove it restores Go's defaults (GOGC 100, no limit) for the rest of
// the run, so a large input never keeps the collector busy near the limit. stop restores the
// defaults too.
func Start(p Policy) (stop func()) {
	for _, name := range []string{"GOGC", "GOMEMLIMIT"} {
		if _, set := os.LookupEnv(name); set {
			return func() {}
		}
	}
	t := &tuner{restoreAbove: p.RestoreAbove}
	if t.restoreAbove <= 0 {
		t.restoreAbove = p.Limit / 2
	}
	debug.SetGCPercent(p.Percent)
	debug.SetMemoryLimit(p.Limit)
	t.arm()
	return t.restore
}

type tuner struct {
	restoreAbove int64
	done         atomic.Bool
}

// sentinel is the object whose finalizer runs after each collection; it holds a pointer so it is
// not a tiny allocation, whose finalizer may never run.
type sentinel struct{ _ *int }

func (t *tuner) arm() {
	runtime.SetFinalizer(&sentinel{}, func(*sentinel) {
		if t.done.Load() {
			return
		}
		if liveHeap() > uint64(t.restoreAbove) {
			t.restore()
			return
		}
		t.arm()
	})
}

// restore sets Go's defaults once.
func (t *tuner) restore() {
	if t.done.Swap(true) {
		return
	}
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(math.MaxInt64)
}

// liveHeap is the heap the last collection found live.
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}
