package snapshot

import (
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"
	"unsafe"
)

// TestSharedTable: a table hands out one value per key while it is used, and drops it once
// nothing points to it, so that serve's tables do not grow as Pods come and go.
func TestSharedTable(t *testing.T) {
	var table sharedTable[string, podLabels]
	held := make([]*podLabels, 100)
	builds := 0
	for i := range held {
		key := fmt.Sprint("template-", i/2)
		held[i] = table.get(key, func() *podLabels {
			builds++
			return &podLabels{map[string]string{"app": key}}
		})
	}
	t.Run("one value per key", func(t *testing.T) {
		if builds != 50 || table.len() != 50 {
			t.Errorf("%d values built, %d held for 100 gets of 50 keys, want 50 and 50", builds, table.len())
		}
		for i := 0; i < len(held); i += 2 {
			if held[i] != held[i+1] {
				t.Fatalf("gets %d and %d of one key returned different values", i, i+1)
			}
		}
	})
	runtime.KeepAlive(held)
	keep := held[0]
	held = nil
	t.Run("unused values dropped", func(t *testing.T) {
		// Cleanups run after a collection, on their own goroutine.
		for deadline := time.Now().Add(5 * time.Second); table.len() > 1 && time.Now().Before(deadline); {
			runtime.GC()
			time.Sleep(10 * time.Millisecond)
		}
		if n := table.len(); n != 1 {
			t.Errorf("%d entries once all but one value are unused, want 1", n)
		}
		if v := table.get("template-0", func() *podLabels { return &podLabels{} }); v != keep {
			t.Error("a value still used was replaced")
		}
	})
	runtime.KeepAlive(keep)
}

// TestHoldShared: while a hold is open, a table keeps what it handed out although nothing points to
// it any more, and it forgets those values once the last of overlapping holds ends.
func TestHoldShared(t *testing.T) {
	var table sharedTable[string, podLabels]
	builds := 0
	get := func() {
		table.get("template", func() *podLabels {
			builds++
			return &podLabels{map[string]string{"app": "a"}}
		})
	}
	collect := func() {
		for range 3 {
			runtime.GC()
			time.Sleep(10 * time.Millisecond)
		}
	}
	// builtOnce: after a collection, a get of the key finds the value the first get built.
	builtOnce := func(name string) {
		collect()
		get()
		t.Run(name, func(t *testing.T) {
			if builds != 1 {
				t.Errorf("%d values built for gets of one key, want 1", builds)
			}
		})
	}
	first := HoldShared()
	second := HoldShared()
	get()
	builtOnce("held while unused")
	first()
	first() // a second call does nothing
	builtOnce("held while one of overlapping holds is open")
	second()
	t.Run("forgotten when the last hold ends", func(t *testing.T) {
		if n := table.len(); n != 0 {
			t.Errorf("%d entries once every hold ended, want 0", n)
		}
		if s := intern("pod-phase"); heldGen.Load() != 0 || s != "pod-phase" {
			t.Errorf("intern after the holds: %q, generation %d; want the string and no hold", s, heldGen.Load())
		}
	})
}

// TestInternHeld: a string interned under a hold is one copy, detached from the buffer it came from.
func TestInternHeld(t *testing.T) {
	defer HoldShared()()
	buf := []byte("Running-and-more")
	a := intern(string(buf[:7]))
	b := intern("Running")
	if a != "Running" || unsafe.StringData(a) != unsafe.StringData(b) {
		t.Errorf("intern under a hold gave %q and %q in two copies, want one copy of %q", a, b, "Running")
	}
}

// TestHoldSharedConcurrent: gets that race with holds opening and ending leave no value held
// strongly once every hold has ended.
func TestHoldSharedConcurrent(t *testing.T) {
	var table sharedTable[int, podLabels]
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for w := range 4 {
		wg.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				table.get((w*7919+i)%64, func() *podLabels { return &podLabels{} })
			}
		})
	}
	for range 500 {
		HoldShared()()
	}
	close(stop)
	wg.Wait()
	table.mu.Lock()
	defer table.mu.Unlock()
	if table.strong != nil {
		t.Errorf("%d values held strongly after every hold ended", len(table.strong))
	}
}
