package bench

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
	"testing"

	"k8s.io/cli-runtime/pkg/genericiooptions"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cmd"
)

// TestLiveProfile runs `kubectl lbdoctor -A -o json` in this process against $KUBECONFIG and writes a
// CPU profile (cpu.prof) and a heap profile taken at the end (heap.prof) to $BENCH_PROFILE_DIR. It is
// skipped unless that variable is set, e.g. against the cluster `make bench` loads. The report goes to a
// writer that only counts, as to a file; BENCH_PROFILE_RUNS (default 1) runs it that many times into
// one profile, for steadier figures:
//
//	BENCH_PROFILE_DIR=/tmp/prof KUBECONFIG=… go test -run TestLiveProfile ./bench/
func TestLiveProfile(t *testing.T) {
	dir := profileDir(t)
	cpu, err := os.Create(filepath.Join(dir, "cpu.prof"))
	if err != nil {
		t.Fatal(err)
	}
	defer cpu.Close()
	if err := pprof.StartCPUProfile(cpu); err != nil {
		t.Fatal(err)
	}
	runs, _ := strconv.Atoi(os.Getenv("BENCH_PROFILE_RUNS"))
	var out counter
	var errOut bytes.Buffer
	code := 0
	for range max(runs, 1) {
		out, errOut = 0, bytes.Buffer{}
		code = cmd.Execute(genericiooptions.IOStreams{In: &bytes.Buffer{}, Out: &out, ErrOut: &errOut}, []string{"-A", "-o", "json"})
	}
	pprof.StopCPUProfile()
	if code > 1 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	heap, err := os.Create(filepath.Join(dir, "heap.prof"))
	if err != nil {
		t.Fatal(err)
	}
	defer heap.Close()
	runtime.GC()
	if err := pprof.Lookup("allocs").WriteTo(heap, 0); err != nil {
		t.Fatal(err)
	}
	t.Logf("exit %d, %d bytes of report", code, out)
}

// counter is a writer that counts what is written to it.
type counter int

func (c *counter) Write(p []byte) (int, error) { *c += counter(len(p)); return len(p), nil }

// profileDir is $BENCH_PROFILE_DIR, where the profile tests write; they are skipped without it.
func profileDir(t *testing.T) string {
	dir := os.Getenv("BENCH_PROFILE_DIR")
	if dir == "" {
		t.Skip("BENCH_PROFILE_DIR is not set")
	}
	return dir
}
