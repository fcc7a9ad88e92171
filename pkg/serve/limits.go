package serve

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// The limits of serve's HTTP server. A scrape of 50,000 series is about 10 MB of text: WriteTimeout
// leaves a slow scraper (100 KB/s) room to read it. Requests are bodiless GETs, so ReadTimeout is
// short; IdleTimeout outlasts a one-minute scrape interval, so a scraper's keep-alive connection is
// reused between scrapes, while a connection nobody uses is closed.
const (
	readHeaderTimeout = 10 * time.Second
	readTimeout       = 30 * time.Second
	writeTimeout      = 2 * time.Minute
	idleTimeout       = 2 * time.Minute
	// MaxConns caps serve's open connections (see connLimit).
	MaxConns = 64
)

// newServer is serve's HTTP server for h, with its timeouts and at most maxConns connections.
func newServer(h http.Handler, maxConns int) *http.Server {
	l := &connLimit{max: maxConns, open: map[net.Conn]http.ConnState{}}
	return &http.Server{Handler: h, ReadHeaderTimeout: readHeaderTimeout, ReadTimeout: readTimeout,
		WriteTimeout: writeTimeout, IdleTimeout: idleTimeout, ConnState: l.track}
}

// connLimit caps a server's open connections. A connection past the cap makes room by closing one
// that serves no request (idle between keep-alive requests, or not sent a request yet); when every
// connection is busy, it is closed itself. Many idle connections thus never lock a scraper out.
type connLimit struct {
	max  int
	mu   sync.Mutex
	open map[net.Conn]http.ConnState
}

// track follows a connection's state (http.Server's ConnState hook).
func (l *connLimit) track(c net.Conn, s http.ConnState) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch s {
	case http.StateNew:
		if len(l.open) >= l.max {
			victim := l.waiting()
			if victim == nil {
				_ = c.Close()
				return
			}
			_ = victim.Close()
			delete(l.open, victim)
		}
		l.open[c] = s
	case http.StateClosed, http.StateHijacked:
		delete(l.open, c)
	default:
		if _, ok := l.open[c]; ok {
			l.open[c] = s
		}
	}
}

// waiting is an open connection that serves no request, idle ones first; nil when all are busy.
func (l *connLimit) waiting() net.Conn {
	var fresh net.Conn
	for c, s := range l.open {
		switch s {
		case http.StateIdle:
			return c
		case http.StateNew:
			fresh = c
		}
	}
	return fresh
}

// count is the number of connections the limit holds open.
func (l *connLimit) count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.open)
}
