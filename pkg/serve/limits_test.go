package serve

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// idleConn opens a connection to addr, makes one keep-alive request and leaves it idle.
func idleConn(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if _, err := io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return c
}

func TestServerLimits(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "ok") })
	srv := newServer(mux, 8)
	for name, d := range map[string]time.Duration{"ReadHeaderTimeout": srv.ReadHeaderTimeout, "ReadTimeout": srv.ReadTimeout,
		"WriteTimeout": srv.WriteTimeout, "IdleTimeout": srv.IdleTimeout} {
		if d <= 0 {
			t.Errorf("%s is not set", name)
		}
	}
	if srv.WriteTimeout < time.Minute {
		t.Errorf("WriteTimeout %v leaves a slow scraper of 50,000 series too little time", srv.WriteTimeout)
	}
	limit := &connLimit{max: 8, open: map[net.Conn]http.ConnState{}}
	srv.ConnState = limit.track
	srv.IdleTimeout = 500 * time.Millisecond
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { srv.Close() })
	addr := ln.Addr().String()

	t.Run("many idle keep-alive connections never lock a scraper out", func(t *testing.T) {
		for range 100 {
			idleConn(t, addr)
			if n := limit.count(); n > 8 {
				t.Fatalf("%d connections open, cap 8", n)
			}
		}
		client := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
		resp, err := client.Get("http://" + addr + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || strings.TrimSpace(string(b)) != "ok" {
			t.Errorf("got %d %q", resp.StatusCode, b)
		}
	})
	t.Run("idle connections are closed after IdleTimeout", func(t *testing.T) {
		c := idleConn(t, addr)
		_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
		if _, err := c.Read(make([]byte, 1)); err == nil {
			t.Error("the server sent bytes on an idle connection")
		} else if ne, ok := err.(net.Error); ok && ne.Timeout() {
			t.Error("an idle connection was still open after 5 s")
		}
		deadline := time.Now().Add(5 * time.Second)
		for limit.count() > 0 && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
		}
		if n := limit.count(); n > 0 {
			t.Errorf("%d connections still tracked after their idle timeout", n)
		}
	})
}
