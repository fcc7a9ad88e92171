package changes

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// sayKeyNames are the names of the sayKey constants of say.go, by value: the iota block that starts
// with sayNone.
func sayKeyNames(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "say.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST || len(g.Specs) == 0 {
			continue
		}
		first := g.Specs[0].(*ast.ValueSpec)
		if len(first.Names) == 0 || first.Names[0].Name != "sayNone" {
			continue
		}
		var names []string
		for _, s := range g.Specs {
			for _, n := range s.(*ast.ValueSpec).Names {
				names = append(names, n.Name)
			}
		}
		return names
	}
	t.Fatal("no const block starting with sayNone in say.go")
	return nil
}

// sayingVendor is the provider a wording speaks of, read from its name (sayACK…, sayTKE…);
// the others are generic.
func sayingVendor(name string) rules.Provider {
	switch {
	case strings.HasPrefix(name, "sayACK"):
		return ackrules.Provider
	case strings.HasPrefix(name, "sayTKE"):
		return tkerules.Provider
	}
	return rules.Generic
}

// TestSayingsUseGlossary: no Chinese wording of a consequence uses a variant the glossary rules
// out (rules.Glossary), nor the other vendor's word (监听器 in an ACK wording).
func TestSayingsUseGlossary(t *testing.T) {
	names := sayKeyNames(t)
	if len(names) != int(sayCount)+1 {
		t.Fatalf("say.go declares %d wordings, sayCount is %d", len(names)-1, sayCount)
	}
	for k := sayKey(1); k < sayCount; k++ {
		name := names[k]
		t.Run(name, func(t *testing.T) {
			if bad := rules.MisusedTerms(sayings[k].Zh, sayingVendor(name)); len(bad) > 0 {
				t.Errorf("uses %s", strings.Join(bad, ", "))
			}
		})
	}
}

// TestSayingVendor reads the vendor from the wording's name.
func TestSayingVendor(t *testing.T) {
	for name, want := range map[string]rules.Provider{
		"sayACKDeletesLB": ackrules.Provider, "sayTKEDeletesLB": tkerules.Provider, "sayAddressNote": rules.Generic,
	} {
		if got := sayingVendor(name); got != want {
			t.Errorf("sayingVendor(%s) = %s, want %s", name, got, want)
		}
	}
}
