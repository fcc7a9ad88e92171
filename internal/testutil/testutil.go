// Package testutil holds helpers shared by the unit and end-to-end tests: a server that never
// answers, a token kubeconfig for it, a file writer, TLS certificate chains and a search for a
// private key's bytes in whatever a test holds.
package testutil

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// SilentServer listens on 127.0.0.1, accepts connections and never answers; it returns its address.
// The listener and its connections are closed when the test ends.
func SilentServer(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	return ln.Addr().String()
}

// Kubeconfig writes a kubeconfig with a dummy token for server (namespace default) and returns its
// path; insecure skips TLS verification.
func Kubeconfig(t testing.TB, server string, insecure bool) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "kubeconfig")
	tls := ""
	if insecure {
		tls = ", insecure-skip-tls-verify: true"
	}
	cfg := fmt.Sprintf(`apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: %q%s}}]
users: [{name: u, user: {token: x}}]
contexts: [{name: c, context: {cluster: c, user: u, namespace: default}}]
current-context: c
`, server, tls)
	if err := os.WriteFile(p, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// WriteFile writes body to dir/name (mode 0600) and returns the path.
func WriteFile(t testing.TB, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}
