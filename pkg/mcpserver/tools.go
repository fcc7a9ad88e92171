package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// DiagnoseInput are the diagnose tool's arguments: the command's targets and flags.
type DiagnoseInput struct {
	Targets       []string `json:"targets,omitempty" jsonschema:"objects to diagnose as TYPE/NAME: svc/NAME or ingress/NAME; none with allNamespaces for every one"`
	AllNamespaces bool     `json:"allNamespaces,omitempty" jsonschema:"-A: every LoadBalancer Service and Ingress of every namespace"`
	Namespace     string   `json:"namespace,omitempty" jsonschema:"-n: the namespace of the targets (default: the kubeconfig's)"`
	Context       string   `json:"context,omitempty" jsonschema:"--context: the kubeconfig context; a,b diagnoses several"`
	Files         []string `json:"files,omitempty" jsonschema:"-f: diagnose these manifest files or folders offline instead of the cluster"`
	Selector      string   `json:"selector,omitempty" jsonschema:"-l: a label selector"`
	Provider      string   `json:"provider,omitempty" jsonschema:"--provider: auto, tke or ack (default auto)"`
	Lang          string   `json:"lang,omitempty" jsonschema:"--lang: en or zh, the language of titles, causes, fixes and risks"`
}

// PreflightInput are the preflight tool's arguments.
type PreflightInput struct {
	Files            []string `json:"files" jsonschema:"-f: the manifests to apply, files or folders"`
	Base             []string `json:"base,omitempty" jsonschema:"--base: what is there now, from files instead of the cluster"`
	Targets          []string `json:"targets,omitempty" jsonschema:"only these objects of the manifests, as TYPE/NAME"`
	Namespace        string   `json:"namespace,omitempty" jsonschema:"-n: the namespace of objects that name none"`
	Context          string   `json:"context,omitempty" jsonschema:"--context: the kubeconfig context"`
	Provider         string   `json:"provider,omitempty" jsonschema:"--provider: auto, tke or ack"`
	AllowDestructive bool     `json:"allowDestructive,omitempty" jsonschema:"--allow-destructive: report destructive changes as warnings"`
	Lang             string   `json:"lang,omitempty" jsonschema:"--lang: en or zh"`
}

// ExplainInput are the explain tool's arguments.
type ExplainInput struct {
	Query    string `json:"query" jsonschema:"an error code (E4011), a rule id (tke.service.E4011) or an event's message"`
	Kind     string `json:"kind,omitempty" jsonschema:"--kind: service or ingress (TKE codes mean different things for each)"`
	Provider string `json:"provider,omitempty" jsonschema:"--provider: tke or ack"`
	Lang     string `json:"lang,omitempty" jsonschema:"--lang: en or zh"`
}

// RulesInput are the rules tool's filters; an empty one keeps every rule.
type RulesInput struct {
	Provider string `json:"provider,omitempty" jsonschema:"keep the rules of this provider: generic, tke or ack"`
	Kind     string `json:"kind,omitempty" jsonschema:"keep the rules of this kind: service or ingress"`
	Severity string `json:"severity,omitempty" jsonschema:"keep the rules at this severity or above: info, warning or error"`
	Query    string `json:"query,omitempty" jsonschema:"keep the rules whose id, code or title holds these words (any case)"`
	Lang     string `json:"lang,omitempty" jsonschema:"en or zh"`
}

// targetRx is a target as TYPE/NAME: never a flag, and never a subcommand's name.
var targetRx = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9.]*/[^/\s-][^/\s]*$`)

// flag is --name=value, or nothing when value is "": a value is never read as a flag of its own.
func flag(name, value string) []string {
	if value == "" {
		return nil
	}
	return []string{"--" + name + "=" + value}
}

// files are -f arguments; standard input is the MCP transport, so "-" is refused.
func files(name string, paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		if p == "" || p == "-" {
			return nil, fmt.Errorf("%s: %q is not a file or folder (standard input carries the MCP session)", name, p)
		}
		out = append(out, "--"+name+"="+p)
	}
	return out, nil
}

// targets are the positional targets; each TYPE/NAME, so that none is read as a flag or a
// subcommand (after "--" the command reads manifest files).
func targets(ts []string) ([]string, error) {
	for _, t := range ts {
		if !targetRx.MatchString(t) {
			return nil, fmt.Errorf("target %q: give TYPE/NAME, e.g. svc/foo or ingress/bar", t)
		}
	}
	return ts, nil
}

func (s *Server) diagnose(ctx context.Context, _ *mcp.CallToolRequest, in DiagnoseInput) (*mcp.CallToolResult, json.RawMessage, error) {
	lang, l, err := s.langFlag(in.Lang)
	if err != nil {
		return nil, nil, err
	}
	args := []string{"-o", "json", lang}
	if in.AllNamespaces {
		args = append(args, "-A")
	}
	args = append(args, flag("namespace", in.Namespace)...)
	args = append(args, flag("context", in.Context)...)
	args = append(args, flag("selector", in.Selector)...)
	args = append(args, flag("provider", in.Provider)...)
	f, err := files("filename", in.Files)
	if err != nil {
		return nil, nil, err
	}
	ts, err := targets(in.Targets)
	if err != nil {
		return nil, nil, err
	}
	if len(ts) == 0 && !in.AllNamespaces && in.Selector == "" {
		return nil, nil, errors.New("name targets, or set allNamespaces")
	}
	out, err := s.run(ctx, append(append(args, f...), ts...))
	if err != nil {
		return nil, nil, err
	}
	list, counts, err := asList(out)
	if err != nil {
		return nil, nil, err
	}
	return textResult(counts.text(l)), list, nil
}

func (s *Server) preflight(ctx context.Context, _ *mcp.CallToolRequest, in PreflightInput) (*mcp.CallToolResult, json.RawMessage, error) {
	lang, l, err := s.langFlag(in.Lang)
	if err != nil {
		return nil, nil, err
	}
	if len(in.Files) == 0 {
		return nil, nil, errors.New("files: name the manifests to apply")
	}
	args := []string{"preflight", "-o", "json", lang}
	args = append(args, flag("namespace", in.Namespace)...)
	args = append(args, flag("context", in.Context)...)
	args = append(args, flag("provider", in.Provider)...)
	if in.AllowDestructive {
		args = append(args, "--allow-destructive")
	}
	for _, pair := range []struct {
		name  string
		paths []string
	}{{"filename", in.Files}, {"base", in.Base}} {
		f, err := files(pair.name, pair.paths)
		if err != nil {
			return nil, nil, err
		}
		args = append(args, f...)
	}
	ts, err := targets(in.Targets)
	if err != nil {
		return nil, nil, err
	}
	out, err := s.run(ctx, append(args, ts...))
	if err != nil {
		return nil, nil, err
	}
	list, counts, err := asList(out)
	if err != nil {
		return nil, nil, err
	}
	return textResult(counts.text(l)), list, nil
}

// RuleList is the output of explain and rules.
type RuleList struct {
	Rules json.RawMessage `json:"rules"`
}

func (s *Server) explain(ctx context.Context, _ *mcp.CallToolRequest, in ExplainInput) (*mcp.CallToolResult, json.RawMessage, error) {
	lang, _, err := s.langFlag(in.Lang)
	if err != nil {
		return nil, nil, err
	}
	if strings.TrimSpace(in.Query) == "" {
		return nil, nil, errors.New("query: give a code, a rule id or an event message")
	}
	args := []string{"explain", "-o", "json", lang}
	args = append(args, flag("kind", in.Kind)...)
	args = append(args, flag("provider", in.Provider)...)
	out, err := s.run(ctx, append(args, "--", in.Query))
	if err != nil {
		return nil, nil, err
	}
	var views []struct {
		ID    string `json:"id"`
		Title string `json:"title"`
	}
	if err := json.Unmarshal(out, &views); err != nil {
		return nil, nil, fmt.Errorf("reading explain's output: %w", err)
	}
	lines := make([]string, len(views))
	for i, v := range views {
		lines[i] = v.ID + ": " + v.Title
	}
	b, err := json.Marshal(RuleList{Rules: out})
	return textResult(strings.Join(lines, "\n")), b, err
}

func (s *Server) rules(_ context.Context, _ *mcp.CallToolRequest, in RulesInput) (*mcp.CallToolResult, json.RawMessage, error) {
	_, l, err := s.langFlag(in.Lang)
	if err != nil {
		return nil, nil, err
	}
	var min rules.Severity
	if in.Severity != "" {
		if min, err = rules.ParseSeverity(in.Severity); err != nil {
			return nil, nil, err
		}
	}
	var kept []rules.Rule
	for _, r := range rules.All() {
		q := strings.ToLower(in.Query)
		switch {
		case in.Provider != "" && !strings.EqualFold(string(r.Provider), in.Provider),
			in.Kind != "" && !strings.EqualFold(r.Kind.Lower(), in.Kind),
			in.Severity != "" && r.Severity < min,
			q != "" && !strings.Contains(strings.ToLower(r.ID.String()+" "+r.Code+" "+r.In(l).Title+" "+r.Title), q):
			continue
		}
		kept = append(kept, r)
	}
	views, err := json.Marshal(ruleViews(kept, l))
	if err != nil {
		return nil, nil, err
	}
	b, err := json.Marshal(RuleList{Rules: views})
	return textResult(fmt.Sprintf("%d rule(s)", len(kept))), b, err
}
