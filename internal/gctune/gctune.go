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

// Start sets a garbage-collection target of percent and a soft memory limit of limit bytes, so the
// heap may grow to (1+percent/100)× what is live until it nears the limit, unless GOGC or GOMEMLIMIT
// is set. After each collection it reads the live heap; once that is over half the limit it restores
// Go's defaults (GOGC 100, no limit) for the rest of the run, so a large cluster never keeps the
// collector busy near the limit. stop restores the defaults too.
func Start(limit int64, percent int) (stop func()) {
	for _, name := range []string{"GOGC", "GOMEMLIMIT"} {
		if _, set := os.LookupEnv(name); set {
			return func() {}
		}
	}
	t := &tuner{limit: limit}
	debug.SetGCPercent(percent)
	debug.SetMemoryLimit(limit)
	t.arm()
	return t.restore
}

type tuner struct {
	limit int64
	done  atomic.Bool
}

// sentinel is the object whose finalizer runs after each collection; it holds a pointer so it is
// not a tiny allocation, whose finalizer may never run.
type sentinel struct{ _ *int }

func (t *tuner) arm() {
	runtime.SetFinalizer(&sentinel{}, func(*sentinel) {
		if t.done.Load() {
			return
		}
		if liveHeap() > uint64(t.limit)/2 {
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
