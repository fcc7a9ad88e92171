package rules_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// glossaryExempt are the files whose Chinese is not ours to word: the controllers' event texts,
// quoted as the controllers write them so that explain finds them (pkg/events/zh.go), and the
// glossary itself, which names the variants.
var glossaryExempt = map[string]bool{
	"pkg/events/zh.go":      true,
	"pkg/rules/glossary.go": true,
}

// TestProgramChineseUsesGlossary: beyond the catalog, every Chinese string literal of the program
// (report labels, errors, check messages, policy messages) and of its generators (the labels of
// docs/rules.zh-CN.md) avoids the glossary's variants. Which vendor a literal speaks of is not
// known here, so only the variants every text avoids are checked.
func TestProgramChineseUsesGlossary(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	for _, dir := range []string{"pkg", "internal", "cmd", "hack"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			rel, _ := filepath.Rel(root, path)
			rel = filepath.ToSlash(rel)
			if glossaryExempt[rel] {
				return nil
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil || !words.HasHan(s) {
					return true
				}
				if bad := rules.MisusedTerms(s, rules.Generic); len(bad) > 0 {
					t.Errorf("%s: %s", fset.Position(lit.Pos()), strings.Join(bad, ", "))
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
