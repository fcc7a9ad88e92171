package bench

import (
	"bytes"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"testing"
	"time"

	"k8s.io/cli-runtime/pkg/genericiooptions"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cmd"
)

// TestServeProfile runs `kubectl lbdoctor serve` in this process against $KUBECONFIG until /readyz
// answers 200 (the first full sync and diagnosis), then writes the live heap after a collection
// (serve-heap.prof; `go tool pprof -sample_index=inuse_space`) to $BENCH_PROFILE_DIR, or, with
// $BENCH_PROFILE_IDLE set to a duration, that long after /readyz. It is skipped unless
// $BENCH_PROFILE_DIR is set, e.g. against the cluster bench/serve.sh loads:
//
//	BENCH_PROFILE_DIR=/tmp/prof KUBECONFIG=… go test -run TestServeProfile -timeout 30m ./bench/
func TestServeProfile(t *testing.T) {
	dir := profileDir(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	var out, errOut bytes.Buffer
	done := make(chan int, 1)
	start := time.Now()
	go func() {
		done <- cmd.Execute(genericiooptions.IOStreams{In: &bytes.Buffer{}, Out: &out, ErrOut: &errOut},
			[]string{"serve", "--metrics-bind-address", addr})
	}()
	for {
		select {
		case code := <-done:
			t.Fatalf("serve exited %d: %s", code, errOut.String())
		case <-time.After(250 * time.Millisecond):
		}
		resp, err := http.Get("http://" + addr + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
	}
	ready := time.Since(start)
	if idle := os.Getenv("BENCH_PROFILE_IDLE"); idle != "" {
		d, err := time.ParseDuration(idle)
		if err != nil {
			t.Fatalf("BENCH_PROFILE_IDLE: %v", err)
		}
		time.Sleep(d)
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	f, err := os.Create(filepath.Join(dir, "serve-heap.prof"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		t.Fatal(err)
	}
	t.Log(fmt.Sprintf("ready in %s; live heap %d MB, heap in use %d MB, sys %d MB", ready.Round(time.Millisecond),
		ms.HeapAlloc>>20, ms.HeapInuse>>20, ms.Sys>>20))
}
