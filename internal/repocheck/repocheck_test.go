// Package repocheck holds tests over the repository's own source: limits the style guide sets that no
// compiler checks.
package repocheck

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// goFiles lists the repository's tracked Go files, relative to its root, which it returns too.
func goFiles(t *testing.T) (root string, files []string) {
	t.Helper()
	out, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Skipf("not in a git checkout: %v", err)
	}
	root = strings.TrimSpace(string(out))
	ls, err := exec.Command("git", "-C", root, "ls-files", "--cached", "--others", "--exclude-standard", "*.go").Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	for _, f := range strings.Fields(string(ls)) {
		if _, err := os.Stat(filepath.Join(root, f)); err == nil {
			files = append(files, f)
		}
	}
	return root, files
}

// generated reports whether a Go file carries the standard "Code generated ... DO NOT EDIT." line.
func generated(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	s.Buffer(make([]byte, 1<<20), 1<<20)
	for s.Scan() {
		l := s.Text()
		if strings.HasPrefix(l, "// Code generated ") && strings.HasSuffix(l, " DO NOT EDIT.") {
			return true
		}
		if strings.HasPrefix(l, "package ") {
			return false
		}
	}
	return false
}

// TestDocCommentsNameTheirDeclaration fails on a doc comment that begins with the name of another
// declaration of the same file: a comment left above the wrong declaration.
func TestDocCommentsNameTheirDeclaration(t *testing.T) {
	root, files := goFiles(t)
	fset := token.NewFileSet()
	for _, f := range files {
		file, err := parser.ParseFile(fset, filepath.Join(root, f), nil, parser.ParseComments)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		declared := map[string]bool{}
		type doc struct {
			names []string
			text  *ast.CommentGroup
		}
		var docs []doc
		for _, d := range file.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				declared[d.Name.Name] = true
				if d.Recv == nil {
					docs = append(docs, doc{[]string{d.Name.Name}, d.Doc})
				}
			case *ast.GenDecl:
				var all []string
				for _, s := range d.Specs {
					var names []string
					var sdoc *ast.CommentGroup
					switch s := s.(type) {
					case *ast.TypeSpec:
						names, sdoc = []string{s.Name.Name}, s.Doc
					case *ast.ValueSpec:
						for _, n := range s.Names {
							names = append(names, n.Name)
						}
						sdoc = s.Doc
					}
					for _, n := range names {
						declared[n] = true
					}
					all = append(all, names...)
					if sdoc != nil {
						docs = append(docs, doc{names, sdoc})
					}
				}
				if !d.Lparen.IsValid() {
					docs = append(docs, doc{all, d.Doc})
				}
			}
		}
		for _, d := range docs {
			if d.text == nil || len(d.text.List) == 0 {
				continue
			}
			first := strings.TrimSpace(strings.TrimPrefix(d.text.List[0].Text, "//"))
			word, _, _ := strings.Cut(first, " ")
			if !declared[word] || contains(d.names, word) {
				continue
			}
			t.Errorf("%s:%d: the doc comment of %s begins with %s, another declaration: move it above %s",
				f, fset.Position(d.text.Pos()).Line, strings.Join(d.names, ", "), word, word)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// maxLines is the style guide's limit on a hand-written file's length.
const maxLines = 800

// TestNoLongFiles fails on a hand-written Go file of more than maxLines lines.
func TestNoLongFiles(t *testing.T) {
	root, files := goFiles(t)
	for _, f := range files {
		path := filepath.Join(root, f)
		if generated(path) {
			continue
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("read %s: %v", f, err)
		}
		if n := strings.Count(string(b), "\n"); n > maxLines {
			t.Errorf("%s has %d lines, over the limit of %d: split it along its concerns", f, n, maxLines)
		}
	}
}
