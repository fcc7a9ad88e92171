package mcpserver

import (
	"github.com/google/jsonschema-go/jsonschema"
)

// reportListSchema is the output schema of diagnose and preflight: the command's JSON report list
// (docs: README, "The report"), with the fields an assistant relies on named and typed.
func reportListSchema() *jsonschema.Schema {
	str := func() *jsonschema.Schema { return &jsonschema.Schema{Type: "string"} }
	integer := func() *jsonschema.Schema { return &jsonschema.Schema{Type: "integer"} }
	summary := func() *jsonschema.Schema {
		return &jsonschema.Schema{Type: "object", Required: []string{"error", "warning", "info"},
			Properties: map[string]*jsonschema.Schema{"error": integer(), "warning": integer(), "info": integer(), "suppressed": integer()}}
	}
	finding := &jsonschema.Schema{Type: "object", Required: []string{"rule", "code", "severity", "title", "message"},
		Properties: map[string]*jsonschema.Schema{
			"rule": str(), "code": str(), "severity": {Type: "string", Enum: []any{"info", "warning", "error"}},
			"title": str(), "message": str(), "path": str(), "fix": str(), "risk": str(), "doc": str(), "source": str(),
		}}
	target := &jsonschema.Schema{Type: "object", Required: []string{"kind", "namespace", "name"},
		Properties: map[string]*jsonschema.Schema{"kind": str(), "namespace": str(), "name": str()}}
	item := &jsonschema.Schema{Type: "object", Required: []string{"target", "provider", "findings", "skipped", "summary"},
		Properties: map[string]*jsonschema.Schema{
			"apiVersion": str(), "kind": str(), "target": target, "source": str(),
			"provider": {Type: "object", Properties: map[string]*jsonschema.Schema{"name": str(), "evidence": str()}},
			"findings": {Type: "array", Items: finding},
			"skipped": {Type: "array", Items: &jsonschema.Schema{Type: "object", Required: []string{"check", "reason"},
				Properties: map[string]*jsonschema.Schema{"check": str(), "reason": str()}}},
			"summary": summary(),
		}}
	return &jsonschema.Schema{Type: "object", Required: []string{"apiVersion", "kind", "items", "summary"},
		Properties: map[string]*jsonschema.Schema{
			"apiVersion": str(), "kind": {Type: "string", Const: jsonschema.Ptr[any]("ReportList")},
			"items": {Type: "array", Items: item}, "summary": summary(),
		}}
}

// ruleListSchema is the output schema of explain and rules: the catalog's rule views.
func ruleListSchema() *jsonschema.Schema {
	str := func() *jsonschema.Schema { return &jsonschema.Schema{Type: "string"} }
	rule := &jsonschema.Schema{Type: "object", Required: []string{"id", "provider", "kind", "code", "severity", "title", "cause", "fix", "risk", "doc"},
		Properties: map[string]*jsonschema.Schema{
			"id": str(), "provider": str(), "kind": str(), "code": str(), "severity": str(), "title": str(),
			"cause": str(), "fix": str(), "risk": str(), "doc": str(), "retried": {Type: "boolean"},
			"links": {Type: "object", AdditionalProperties: str()},
		}}
	return &jsonschema.Schema{Type: "object", Required: []string{"rules"},
		Properties: map[string]*jsonschema.Schema{"rules": {Type: "array", Items: rule}}}
}
