package gctune

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
)

// settings reads the GC target and the memory limit in force.
func settings() (percent, limit int64) {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}, {Name: "/gc/gomemlimit:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64()), int64(s[1].Value.Uint64())
}

var keep [][]byte

func TestStartRestoresDefaultsOnceTheHeapIsLarge(t *testing.T) {
	unsetEnv(t, "GOGC", "GOMEMLIMIT")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))

	const limit = 64 << 20
	stop := Start(Policy{Limit: limit, Percent: 400})
	defer stop()
	if p, l := settings(); p != 400 || l != limit {
		t.Fatalf("after Start: GOGC %d, limit %d; want 400, %d", p, l, limit)
	}
	runtime.GC()
	runtime.GC() // the finalizer runs after a collection; a second one lets it have run
	if p, _ := settings(); p != 400 {
		t.Fatalf("small heap: GOGC %d, want 400 kept", p)
	}
	for range 48 { // 48 MiB live: over half the limit
		keep = append(keep, make([]byte, 1<<20))
	}
	for i := 0; i < 5; i++ {
		runtime.GC()
		if p, l := settings(); p == 100 && l == math.MaxInt64 {
			keep = nil
			return
		}
	}
	keep = nil
	p, l := settings()
	t.Fatalf("large heap: GOGC %d, limit %d; want 100 and no limit", p, l)
}

func TestStartKeepsThePolicyBelowRestoreAbove(t *testing.T) {
	unsetEnv(t, "GOGC", "GOMEMLIMIT")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))

	const limit = 96 << 20
	stop := Start(Policy{Limit: limit, Percent: 100, RestoreAbove: 88 << 20})
	defer stop()
	for range 56 { // 56 MiB live: over half the limit, under RestoreAbove
		keep = append(keep, make([]byte, 1<<20))
	}
	defer func() { keep = nil }()
	for i := 0; i < 3; i++ {
		runtime.GC()
	}
	if p, l := settings(); p != 100 || l != limit {
		t.Fatalf("56 MiB live: GOGC %d, limit %d; want 100 and %d kept", p, l, limit)
	}
}

func TestStartHonoursTheEnvironment(t *testing.T) {
	for _, name := range []string{"GOGC", "GOMEMLIMIT"} {
		t.Run(name, func(t *testing.T) {
			defer debug.SetGCPercent(debug.SetGCPercent(100))
			defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
			unsetEnv(t, "GOGC", "GOMEMLIMIT")
			t.Setenv(name, "off")
			stop := Start(Policy{Limit: 64 << 20, Percent: 400})
			defer stop()
			if p, l := settings(); p != 100 || l != math.MaxInt64 {
				t.Errorf("with %s set: GOGC %d, limit %d; want them untouched", name, p, l)
			}
		})
	}
}

func TestStopRestoresDefaults(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	unsetEnv(t, "GOGC", "GOMEMLIMIT")
	stop := Start(Policy{Limit: 64 << 20, Percent: 400})
	stop()
	stop()
	if p, l := settings(); p != 100 || l != math.MaxInt64 {
		t.Errorf("after stop: GOGC %d, limit %d; want 100 and no limit", p, l)
	}
}

// unsetEnv unsets the variables for the test; t.Setenv restores them after it.
func unsetEnv(t *testing.T, names ...string) {
	for _, n := range names {
		t.Setenv(n, "")
		if err := os.Unsetenv(n); err != nil {
			t.Fatal(err)
		}
	}
}
