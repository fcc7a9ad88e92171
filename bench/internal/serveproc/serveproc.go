// Package serveproc is what the serve benchmarks share to drive a `kubectl-lbdoctor serve` process:
// where it listens, plain GETs of its endpoints and its memory from /proc.
package serveproc

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"
)

var listening = regexp.MustCompile(`on (http://127\.0\.0\.1:\d+)`)

// WaitAddress waits until serve's standard error (written to errPath) says where it listens and
// returns that base URL.
func WaitAddress(errPath string, timeout time.Duration) (string, error) {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		b, _ := os.ReadFile(errPath)
		if m := listening.FindSubmatch(b); m != nil {
			return string(m[1]), nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	b, _ := os.ReadFile(errPath)
	return "", fmt.Errorf("serve did not say where it listens: %s", b)
}

// Get returns the status code and body of a GET of url; 0 and "" when it fails.
func Get(url string) (int, string) {
	resp, err := http.Get(url) //nolint:noctx // local, bounded by the server
	if err != nil {
		return 0, ""
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// ProcStatus reads a kB field of /proc/PID/status (VmRSS, VmHWM); 0 when it cannot.
func ProcStatus(pid int, field string) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, field+":"); ok {
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return n
		}
	}
	return 0
}
