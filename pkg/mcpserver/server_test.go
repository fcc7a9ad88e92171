package mcpserver_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cmd"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/mcpserver"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// connect runs the server in process and returns a client session of the SDK's own client.
func connect(t *testing.T) *mcp.ClientSession {
	t.Helper()
	t.Setenv("KUBECONFIG", filepath.Join(t.TempDir(), "none"))
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	srv := mcpserver.New(mcpserver.Options{Exec: cmd.Execute, Lang: words.English, Version: "test"})
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

func example(parts ...string) string {
	return filepath.Join(append([]string{"..", "..", "examples"}, parts...)...)
}

// reportList is what the tests read of a diagnose or preflight result.
type reportList struct {
	Kind  string `json:"kind"`
	Items []struct {
		Target struct {
			Kind, Namespace, Name string
		} `json:"target"`
		Findings []struct {
			Rule, Code, Severity, Title, Fix string
		} `json:"findings"`
	} `json:"items"`
}

func (l reportList) rules() []string {
	var out []string
	for _, it := range l.Items {
		for _, f := range it.Findings {
			out = append(out, f.Rule)
		}
	}
	return out
}

func TestToolsListed(t *testing.T) {
	cs := connect(t)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		if tool.OutputSchema == nil {
			t.Errorf("%s declares no output schema", tool.Name)
		}
		if tool.Annotations == nil || !tool.Annotations.ReadOnlyHint {
			t.Errorf("%s is not marked read-only", tool.Name)
		}
	}
	slices.Sort(names)
	if want := []string{"diagnose", "explain", "preflight", "rules"}; !slices.Equal(names, want) {
		t.Errorf("tools %v, want %v", names, want)
	}
}

func TestTools(t *testing.T) {
	for _, tc := range []struct {
		name string
		tool string
		args map[string]any
		// wantRules must all be in the result's structured content, in the report or rule list.
		wantRules []string
		// wantText must be in the text summary.
		wantText string
		wantErr  string
	}{
		{name: "diagnose files", tool: "diagnose", args: map[string]any{"files": []string{example("tke-service", "broken.yaml")}, "allNamespaces": true},
			wantRules: []string{"tke.service.E4005"}, wantText: "with findings"},
		{name: "diagnose in Chinese", tool: "diagnose", args: map[string]any{"files": []string{example("tke-service", "broken.yaml")}, "allNamespaces": true, "lang": "zh"},
			wantRules: []string{"tke.service.E4005"}, wantText: "个错误"},
		{name: "diagnose a fixed example", tool: "diagnose", args: map[string]any{"files": []string{example("tke-service", "fixed.yaml")}, "allNamespaces": true},
			wantText: "0 with findings"},
		{name: "explain a code", tool: "explain", args: map[string]any{"query": "E4011", "kind": "service"},
			wantRules: []string{"tke.service.E4011"}, wantText: "tke.service.E4011"},
		{name: "rules filtered", tool: "rules", args: map[string]any{"provider": "ack", "severity": "error"}, wantText: "rule(s)"},
		{name: "preflight against base files", tool: "preflight", args: map[string]any{"files": []string{example("tke-service", "fixed.yaml")}, "base": []string{example("tke-service", "broken.yaml")}},
			wantText: "object(s)"},
		{name: "diagnose one target in a namespace", tool: "diagnose", args: map[string]any{"targets": []string{"svc/checkout"}, "namespace": "payments", "files": []string{example("tke-service", "broken.yaml")}},
			wantRules: []string{"tke.service.E4005"}, wantText: "1 object(s)"},
		{name: "a target that is a subcommand", tool: "diagnose", args: map[string]any{"targets": []string{"serve"}, "files": []string{example("tke-service", "broken.yaml")}},
			wantErr: "TYPE/NAME"},
		{name: "a target that is a flag", tool: "diagnose", args: map[string]any{"targets": []string{"--kubeconfig=/etc/x"}}, wantErr: "TYPE/NAME"},
		{name: "standard input", tool: "diagnose", args: map[string]any{"files": []string{"-"}, "allNamespaces": true}, wantErr: "standard input"},
		{name: "unknown code", tool: "explain", args: map[string]any{"query": "no such thing"}, wantErr: "no documented code"},
		{name: "bad language", tool: "rules", args: map[string]any{"lang": "fr"}, wantErr: "fr"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cs := connect(t)
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tc.tool, Arguments: tc.args})
			if err != nil {
				t.Fatal(err)
			}
			text := ""
			for _, c := range res.Content {
				if tc, ok := c.(*mcp.TextContent); ok {
					text += tc.Text
				}
			}
			if tc.wantErr != "" {
				if !res.IsError || !strings.Contains(text, tc.wantErr) {
					t.Fatalf("error %v %q, want one naming %q", res.IsError, text, tc.wantErr)
				}
				return
			}
			if res.IsError {
				t.Fatalf("tool error: %s", text)
			}
			if !strings.Contains(text, tc.wantText) {
				t.Errorf("summary %q lacks %q", text, tc.wantText)
			}
			b, err := json.Marshal(res.StructuredContent)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			switch tc.tool {
			case "diagnose", "preflight":
				var l reportList
				if err := json.Unmarshal(b, &l); err != nil || l.Kind != "ReportList" || len(l.Items) == 0 {
					t.Fatalf("structured content %s: %v", b, err)
				}
				got = l.rules()
			default:
				var l struct {
					Rules []struct{ ID, Provider, Severity string }
				}
				if err := json.Unmarshal(b, &l); err != nil || len(l.Rules) == 0 {
					t.Fatalf("structured content %s: %v", b, err)
				}
				for _, r := range l.Rules {
					got = append(got, r.ID)
					if tc.tool == "rules" && (r.Provider != "ack" || r.Severity != "error") {
						t.Errorf("rule %s (%s, %s) passed the filter", r.ID, r.Provider, r.Severity)
					}
				}
			}
			for _, w := range tc.wantRules {
				if !slices.Contains(got, w) {
					t.Errorf("rules %v lack %s", got, w)
				}
			}
		})
	}
}

// TestCatalogResources: the catalog and every rule are resources, each the rule's JSON.
func TestCatalogResources(t *testing.T) {
	cs := connect(t)
	ctx := context.Background()
	var uris []string
	for r, err := range cs.Resources(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		uris = append(uris, r.URI)
	}
	if len(uris) != len(rules.All())+1 || !slices.Contains(uris, mcpserver.CatalogURI) {
		t.Fatalf("%d resources, want the catalog and %d rules", len(uris), len(rules.All()))
	}
	for _, tc := range []struct {
		uri  string
		want string
	}{
		{uri: mcpserver.CatalogURI, want: `"tke.service.E4011"`},
		{uri: mcpserver.RuleURI(rules.All()[0].ID), want: `"` + rules.All()[0].ID.String() + `"`},
	} {
		t.Run(tc.uri, func(t *testing.T) {
			res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: tc.uri})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Contents) != 1 || res.Contents[0].MIMEType != "application/json" || !strings.Contains(res.Contents[0].Text, tc.want) {
				t.Errorf("contents %+v", res.Contents)
			}
		})
	}
}
