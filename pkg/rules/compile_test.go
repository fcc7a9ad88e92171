package rules_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/lbdoctor/kubectl-lbdoctor"

// dirImporter type-checks this module's packages from source and the standard library through the
// source importer, so a test can compile a snippet against pkg/rules as another package would.
type dirImporter struct {
	fset *token.FileSet
	std  types.Importer
	done map[string]*types.Package
}

func (im *dirImporter) Import(path string) (*types.Package, error) {
	if !strings.HasPrefix(path, module+"/") {
		return im.std.Import(path)
	}
	if p, ok := im.done[path]; ok {
		return p, nil
	}
	dir := filepath.Join("..", "..", strings.TrimPrefix(path, module+"/"))
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(im.fset, n, nil, 0)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	p, err := (&types.Config{Importer: im}).Check(path, im.fset, files, nil)
	if err != nil {
		return nil, err
	}
	im.done[path] = p
	return p, nil
}

// TestOnlyCatalogRulesCompile: outside its catalog package a rule can be named only by its exported variable;
// a string, a conversion or a misspelt name is a compile error.
func TestOnlyCatalogRulesCompile(t *testing.T) {
	fset := token.NewFileSet()
	im := &dirImporter{fset: fset, std: importer.ForCompiler(fset, "source", nil), done: map[string]*types.Package{}}
	tests := []struct {
		name, expr string
		ok         bool
	}{
		{"exported rule", "tkerules.IngressE4011", true},
		{"string literal", `"tke.ingress.E4011"`, false},
		{"conversion", `rules.ID("tke.ingress.E4011")`, false},
		{"typo", "tkerules.IngressE4O11", false},
		{"struct literal", `rules.ID{r: nil}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "package probe\nimport \"" + module + "/pkg/rules\"\nimport \"" + module + "/pkg/providers/tke/tkerules\"\n" +
				"var _ = tkerules.Provider\nfunc emit(rules.ID) {}\nfunc f() { emit(" + tt.expr + ") }\n"
			f, err := parser.ParseFile(fset, "probe.go", src, 0)
			if err != nil {
				t.Fatal(err)
			}
			_, err = (&types.Config{Importer: im}).Check("probe", fset, []*ast.File{f}, nil)
			if tt.ok && err != nil {
				t.Errorf("emit(%s) should compile: %v", tt.expr, err)
			}
			if !tt.ok && err == nil {
				t.Errorf("emit(%s) compiled", tt.expr)
			}
		})
	}
}
