package snapshot

import (
	"fmt"
	"runtime"
	"testing"
	"time"
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
