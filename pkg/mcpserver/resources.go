package mcpserver

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// CatalogURI is the resource of the whole rule catalog; RuleURI a rule's.
const CatalogURI = "lbdoctor://rules"

// RuleURI is the resource URI of one rule, e.g. lbdoctor://rules/tke.service.E4011.
func RuleURI(id rules.ID) string { return CatalogURI + "/" + id.String() }

// addCatalog serves the catalog, and each rule, as JSON resources in lang.
func addCatalog(srv *mcp.Server, lang words.Lang) {
	srv.AddResource(&mcp.Resource{URI: CatalogURI, Name: "rules", Title: "lbdoctor rule catalog", MIMEType: "application/json",
		Description: "Every rule lbdoctor checks: id, documented code, severity, title, cause, fix, risk, vendor doc and link."},
		jsonResource(func() any { return ruleViews(rules.All(), lang) }))
	for _, r := range rules.All() {
		srv.AddResource(&mcp.Resource{URI: RuleURI(r.ID), Name: r.ID.String(), Title: r.In(lang).Title, MIMEType: "application/json"},
			jsonResource(func() any { return report.View(r.In(lang), lang) }))
	}
}

// jsonResource is a handler that reads v's JSON.
func jsonResource(v func() any) mcp.ResourceHandler {
	return func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		b, err := json.MarshalIndent(v(), "", "  ")
		if err != nil {
			return nil, err
		}
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "application/json", Text: string(b)}}}, nil
	}
}
