package cmd

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"k8s.io/cli-runtime/pkg/genericiooptions"
)

// TestMCPHTTPLoopbackOnly: --http takes loopback addresses only.
func TestMCPHTTPLoopbackOnly(t *testing.T) {
	for _, tc := range []struct {
		addr string
		ok   bool
	}{
		{addr: "", ok: true},
		{addr: "127.0.0.1:8765", ok: true},
		{addr: "[::1]:0", ok: true},
		{addr: "localhost:8765", ok: true},
		{addr: "0.0.0.0:8765"},
		{addr: ":8765"},
		{addr: "10.0.0.1:8765"},
		{addr: "example.com:80"},
		{addr: "127.0.0.1"},
	} {
		t.Run(tc.addr, func(t *testing.T) {
			err := (&MCPOptions{HTTP: tc.addr}).Validate()
			if (err == nil) != tc.ok {
				t.Errorf("Validate(%q) = %v, want ok %v", tc.addr, err, tc.ok)
			}
		})
	}
	t.Run("through the command", func(t *testing.T) {
		_, stderr, code := run(t, "mcp", "--http", "0.0.0.0:0")
		if code != ExitError || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || !strings.Contains(stderr, "loopback") {
			t.Errorf("exit %d, stderr %q", code, stderr)
		}
	})
}

// TestMCPOverHTTP: the SDK's streamable HTTP client lists and calls the tools of mcp --http.
func TestMCPOverHTTP(t *testing.T) {
	t.Setenv("KUBECONFIG", t.TempDir()+"/none")
	pr, pw := io.Pipe()
	o := &MCPOptions{HTTP: "127.0.0.1:0"}
	o.IOStreams = genericiooptions.IOStreams{In: strings.NewReader(""), Out: io.Discard, ErrOut: pw}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- o.Run(ctx) }()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	url := strings.TrimSpace(line[strings.Index(line, "http://"):])
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url}, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "rules", Arguments: map[string]any{"provider": "tke", "kind": "ingress"}})
	if err != nil || res.IsError {
		t.Fatalf("rules: %v %+v", err, res)
	}
	if text := res.Content[0].(*mcp.TextContent).Text; !strings.HasSuffix(text, "rule(s)") || strings.HasPrefix(text, "0 ") {
		t.Errorf("summary %q", text)
	}
	_ = cs.Close()
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Run: %v", err)
	}
}
