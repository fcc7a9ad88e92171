//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"slices"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
)

// TestMCPOverStdio runs `kubectl lbdoctor mcp` as an MCP client starts it (stdio) against the local
// API server: diagnose answers with the findings the command prints for the same target, and the
// audit log shows the server only read.
func TestMCPOverStdio(t *testing.T) {
	apply(t, "examples/tke-service/broken.yaml")
	want, r := lbdoctor(t, env.kubeconfig, "svc/checkout", "-n", "payments")
	if r.code != 1 {
		t.Fatalf("kubectl lbdoctor: exit %d: %s", r.code, r.stderr)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "kubectl", "lbdoctor", "mcp")
	cmd.Env = append(os.Environ(), "PATH="+env.binDir+string(os.PathListSeparator)+os.Getenv("PATH"),
		"HOME="+env.home, "KUBECONFIG="+env.kubeconfig, "NO_COLOR=1")
	cmd.Stderr = os.Stderr
	mark := auditMark(t)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "v0"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "diagnose", Arguments: map[string]any{"targets": []string{"svc/checkout"}, "namespace": "payments"}})
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError {
		for _, c := range res.Content {
			if tc, ok := c.(*mcp.TextContent); ok {
				t.Errorf("diagnose: %s", tc.Text)
			}
		}
		t.FailNow()
	}
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var got report.List
	if err := json.Unmarshal(b, &got); err != nil || len(got.Items) != 1 {
		t.Fatalf("structured content %s: %v", b, err)
	}
	rules := func(r report.Report) []string {
		var out []string
		for _, f := range r.Findings {
			out = append(out, f.Rule.String())
		}
		return out
	}
	if g, w := rules(got.Items[0]), rules(want); len(w) == 0 || !slices.Equal(g, w) {
		t.Errorf("mcp diagnose found %v, kubectl lbdoctor %v", g, w)
	}
	if err := cs.Close(); err != nil {
		t.Logf("close: %v", err)
	}
	entries := auditSince(t, mark)
	if len(entries) == 0 {
		t.Fatal("the mcp server made no request the audit log shows")
	}
	for _, e := range entries {
		if e.Verb != "get" && e.Verb != "list" && e.Verb != "watch" {
			t.Errorf("write request %s %s", e.Verb, e.RequestURI)
		}
	}
}
