// Package mcpserver serves lbdoctor's read-only commands to AI assistants over the Model Context
// Protocol: the tools diagnose, explain, preflight and rules, whose flags mean what the command's
// do, and the rule catalog as resources. A tool runs the command line itself (Exec), so an
// assistant gets the reports the command prints with -o json, and nothing the command cannot do.
package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"k8s.io/cli-runtime/pkg/genericiooptions"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Exec runs a kubectl lbdoctor command line (without the program name) and returns its exit code:
// cmd.Execute.
type Exec func(streams genericiooptions.IOStreams, args []string) int

// Options configure a server.
type Options struct {
	// Exec runs the command lines of the tools.
	Exec Exec
	// Flags are put before each tool's own: the mcp command's kubeconfig flags (--kubeconfig,
	// --context, --request-timeout), each as one --name=value argument.
	Flags []string
	// Lang is the language of a call that names none.
	Lang words.Lang
	// Version is the server's version in the MCP handshake.
	Version string
}

// Server is an MCP server of lbdoctor's read-only tools.
type Server struct {
	opts Options
	// mu runs one command line at a time: the command's klog and colour settings are global.
	mu sync.Mutex
}

// New returns the MCP server of opts.
func New(opts Options) *mcp.Server {
	s := &Server{opts: opts}
	srv := mcp.NewServer(&mcp.Implementation{Name: "kubectl-lbdoctor", Title: "lbdoctor", Version: opts.Version},
		&mcp.ServerOptions{Instructions: "Diagnoses LoadBalancer Services and Ingresses on Tencent TKE and Alibaba ACK. " +
			"Every tool only reads: the cluster (get, list, watch) or the files it is given. " +
			"Start with diagnose; explain turns an error code or an event message into its rule; preflight tells what applying manifests would do."})
	readOnly := &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: new(false)}
	mcp.AddTool(srv, &mcp.Tool{Name: "diagnose", Annotations: readOnly, OutputSchema: reportListSchema(),
		Description: "Diagnose LoadBalancer Services and Ingresses (kubectl lbdoctor TARGET... | -A): each problem with its documented vendor error code, cause, fix and risk. " +
			"Live from the cluster, or offline from manifest files (files)."}, s.diagnose)
	mcp.AddTool(srv, &mcp.Tool{Name: "preflight", Annotations: readOnly, OutputSchema: reportListSchema(),
		Description: "What applying manifests would do to the load balancers (kubectl lbdoctor preflight -f FILE): rejected, destructive and disruptive changes and the problems after it. " +
			"Compares with the cluster, or with base files."}, s.preflight)
	mcp.AddTool(srv, &mcp.Tool{Name: "explain", Annotations: readOnly, OutputSchema: ruleListSchema(),
		Description: "Explain an error code (E4011), a rule id (tke.service.E4011) or pasted event text (kubectl lbdoctor explain)."}, s.explain)
	mcp.AddTool(srv, &mcp.Tool{Name: "rules", Annotations: readOnly, OutputSchema: ruleListSchema(),
		Description: "List the rule catalog (kubectl lbdoctor rules), filtered by provider, kind, severity or words in the id, code or title."}, s.rules)
	addCatalog(srv, opts.Lang)
	return srv
}

// run runs args (after the server's flags) and returns what it printed; exit codes 0 and 1
// (findings) are a result, anything else an error carrying the command's message.
func (s *Server) run(ctx context.Context, args []string) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var out, errOut bytes.Buffer
	streams := genericiooptions.IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut}
	code := s.opts.Exec(streams, append(append([]string{}, s.opts.Flags...), args...))
	if code != 0 && code != 1 {
		return nil, fmt.Errorf("kubectl lbdoctor exited %d: %s", code, strings.TrimSpace(errOut.String()))
	}
	return out.Bytes(), nil
}

// langFlag is the --lang argument of a call.
func (s *Server) langFlag(lang string) (string, words.Lang, error) {
	if lang == "" {
		return "--lang=" + string(s.opts.Lang), s.opts.Lang, nil
	}
	l, err := words.ParseLang(lang)
	if err != nil {
		return "", "", err
	}
	return "--lang=" + string(l), l, nil
}

// asList is the JSON of a report or a report list as a list.
func asList(b []byte) (json.RawMessage, reportCounts, error) {
	var head struct {
		Kind    string            `json:"kind"`
		Summary json.RawMessage   `json:"summary"`
		Items   []json.RawMessage `json:"items"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return nil, reportCounts{}, fmt.Errorf("reading the report: %w", err)
	}
	if head.Kind == "Report" {
		wrapped, err := json.Marshal(map[string]any{"apiVersion": report.APIVersion, "kind": "ReportList",
			"items": []json.RawMessage{b}, "summary": head.Summary})
		if err != nil {
			return nil, reportCounts{}, err
		}
		b = wrapped
	}
	var c reportCounts
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, reportCounts{}, fmt.Errorf("reading the report: %w", err)
	}
	return b, c, nil
}

// reportCounts is what the text summary of a report list says.
type reportCounts struct {
	Items []struct {
		Target   struct{ Kind, Namespace, Name string } `json:"target"`
		Findings []struct {
			Rule string `json:"rule"`
		} `json:"findings"`
	} `json:"items"`
	Summary report.Summary `json:"summary"`
}

// text is the short summary beside a report list.
func (c reportCounts) text(lang words.Lang) string {
	bad := 0
	var codes []string
	for _, it := range c.Items {
		if len(it.Findings) > 0 {
			bad++
		}
		for _, f := range it.Findings {
			code := f.Rule[strings.LastIndex(f.Rule, ".")+1:]
			if !contains(codes, code) {
				codes = append(codes, code)
			}
		}
	}
	line := words.Say("%d object(s), %d with findings: %d error(s), %d warning(s), %d info",
		"%d 个对象，%d 个有问题：%d 个错误，%d 个警告，%d 个提示", len(c.Items), bad, c.Summary.Error, c.Summary.Warning, c.Summary.Info).In(lang)
	if len(codes) > 0 {
		line += words.Say("; codes: %s", "；错误码：%s", words.List(codes)).In(lang)
	}
	return line
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// textResult is a tool result whose text is summary (the structured content is the output).
func textResult(summary string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: summary}}}
}

// ruleViews are the catalog's rules in lang.
func ruleViews(rs []rules.Rule, lang words.Lang) []report.RuleView {
	return report.Views(rules.AllIn(rs, lang), lang)
}
