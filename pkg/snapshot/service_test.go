package snapshot

import (
	"fmt"
	"reflect"
	"runtime"
	"testing"
	"time"
)

// TestSharedAnnotationsLifetime: the table of annotation maps keeps a map shared for as long as an
// object holds it (the object holds only the map, no wrapper), and forgets the maps no object holds.
func TestSharedAnnotationsLifetime(t *testing.T) {
	ann := func(i int) map[string]string {
		return map[string]string{"example.com/lifetime-test": fmt.Sprint(i)}
	}
	base := annotationMaps.len()
	held := make([]map[string]string, 50)
	for i := range held {
		held[i] = sharedAnnotations(ann(i))
	}
	keep := held[0]
	held = nil
	t.Run("unused maps dropped", func(t *testing.T) {
		// Cleanups run after a collection, on their own goroutine.
		for deadline := time.Now().Add(5 * time.Second); annotationMaps.len() > base+1 && time.Now().Before(deadline); {
			runtime.GC()
			time.Sleep(10 * time.Millisecond)
		}
		if n := annotationMaps.len() - base; n != 1 {
			t.Errorf("%d entries once all but one map are unused, want 1", n)
		}
	})
	t.Run("a map still held stays shared", func(t *testing.T) {
		got := sharedAnnotations(ann(0))
		if reflect.ValueOf(got).UnsafePointer() != reflect.ValueOf(keep).UnsafePointer() {
			t.Error("a map still held was replaced")
		}
		if got["example.com/lifetime-test"] != "0" {
			t.Errorf("shared map %v", got)
		}
	})
	runtime.KeepAlive(keep)
}
