package cmd

import (
	"math"
	"runtime/debug"
	"testing"
)

func TestTuneMemory(t *testing.T) {
	const limit = int64(1 << 30)
	tests := []struct {
		name        string
		env         map[string]string
		cgroup      bool
		wantPercent int
		wantLimit   int64
	}{
		{"no container limit", nil, false, serveGCPercent, math.MaxInt64},
		{"container limit", nil, true, serveGCPercent, limit / 100 * containerPercent},
		{"GOGC set", map[string]string{"GOGC": "200"}, true, 100, limit / 100 * containerPercent},
		{"GOMEMLIMIT set", map[string]string{"GOMEMLIMIT": "2GiB"}, true, serveGCPercent, math.MaxInt64},
		{"both set", map[string]string{"GOGC": "off", "GOMEMLIMIT": "2GiB"}, true, 100, math.MaxInt64},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The test starts each case from GC percent 100 and no limit, and restores the binary's own.
			defer debug.SetGCPercent(debug.SetGCPercent(100))
			defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
			tuneMemory(func(k string) string { return tt.env[k] }, func() (int64, bool) { return limit, tt.cgroup })
			if got := debug.SetGCPercent(100); got != tt.wantPercent {
				t.Errorf("GC percent = %d, want %d", got, tt.wantPercent)
			}
			if got := debug.SetMemoryLimit(-1); got != tt.wantLimit {
				t.Errorf("memory limit = %d, want %d", got, tt.wantLimit)
			}
		})
	}
}
