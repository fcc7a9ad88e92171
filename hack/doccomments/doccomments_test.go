package doccomments

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestDocCommentsNameTheirDeclaration: the doc comment of each top-level function, method, type, var
// and const of a hand-written non-test Go file (not "Code generated") starts with the name it
// documents, optionally after "A", "An" or "The"; in a parenthesised group, where comments may head
// sections, a spec's comment must not name another declaration of the group.
func TestDocCommentsNameTheirDeclaration(t *testing.T) {
	root := filepath.Join("..", "..")
	var bad []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (strings.HasPrefix(n, ".") || n == "testdata" || n == "vendor" || n == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
		if err != nil {
			return err
		}
		if ast.IsGenerated(f) {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		check := func(doc *ast.CommentGroup, names []string) {
			if doc == nil || len(names) == 0 || names[0] == "_" || names[0] == "init" || names[0] == "main" {
				return
			}
			if !namesOne(doc.Text(), names) {
				bad = append(bad, rel+":"+strconv.Itoa(fset.Position(doc.Pos()).Line)+": doc comment does not start with "+strings.Join(names, " or "))
			}
		}
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				check(d.Doc, []string{d.Name.Name})
			case *ast.GenDecl:
				if d.Tok == token.IMPORT {
					continue
				}
				var all []string
				for _, s := range d.Specs {
					all = append(all, specNames(s)...)
				}
				if !d.Lparen.IsValid() {
					check(d.Doc, all)
					continue
				}
				// In a group, the group's comment and a spec's may head a section; a spec's comment
				// that names another of the group's declarations sits above the wrong one.
				for _, s := range d.Specs {
					if doc := specDoc(s); doc != nil && namesOne(doc.Text(), all) && !namesOne(doc.Text(), specNames(s)) {
						bad = append(bad, rel+":"+strconv.Itoa(fset.Position(doc.Pos()).Line)+": doc comment names another declaration than "+strings.Join(specNames(s), " or "))
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bad {
		t.Error(b)
	}
}

// namesOne reports whether text's first word, after an optional article, is one of names.
func namesOne(text string, names []string) bool {
	words := strings.Fields(text)
	if len(words) == 0 {
		return true
	}
	first := words[0]
	if (first == "A" || first == "An" || first == "The") && len(words) > 1 {
		first = words[1]
	}
	first = strings.TrimRight(first, ":,.;")
	first = strings.TrimSuffix(first, "'s")
	for _, n := range names {
		if first == n {
			return true
		}
	}
	return false
}

func specNames(s ast.Spec) []string {
	switch s := s.(type) {
	case *ast.TypeSpec:
		return []string{s.Name.Name}
	case *ast.ValueSpec:
		var out []string
		for _, n := range s.Names {
			out = append(out, n.Name)
		}
		return out
	}
	return nil
}

func specDoc(s ast.Spec) *ast.CommentGroup {
	switch s := s.(type) {
	case *ast.TypeSpec:
		return s.Doc
	case *ast.ValueSpec:
		return s.Doc
	}
	return nil
}
