package ackchecks

import "testing"

// FuzzProtocolPort: the protocol-port parser never panics.
func FuzzProtocolPort(f *testing.F) {
	for _, s := range []string{"https:443,http:80", "tcp:80", "", ":", "http:99999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { _, _ = parseProtocolPort(s) })
}
