package words

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// wordedDirs are the packages whose errors reach the user as the error line of a run (or of a
// fleet context): every error they make is worded in every language.
var wordedDirs = []string{"pkg/cmd", "internal/cli", "pkg/diagnose", "pkg/policy", "pkg/preflight", "pkg/serve", "pkg/report", "pkg/rules", "pkg/words"}

// wordedExempt are the calls of fmt.Errorf and errors.New those packages may keep: Errorf itself,
// which asks fmt which errors its English wraps.
var wordedExempt = map[string]bool{"pkg/words/words.go:fmt.Errorf": true}

// verb is a fmt verb with its optional argument index; %% is none.
var verb = regexp.MustCompile(`%(\[(\d+)\])?[-+# 0]*(\d+|\*)?(\.(\d+|\*)?)?(\[(\d+)\])?([a-zA-Z%])`)

// englishWord is a word of English in a Chinese text outside flags (--name, -n) and verbs.
var englishWord = regexp.MustCompile(`(^|[^-%\w.])[a-z]{3,}\b`)

// TestErrorsWorded walks the error sites of wordedDirs: none makes an error with fmt.Errorf or
// errors.New, and each words.Errorf and words.Say with literal formats has an English format
// without Chinese, a Chinese one in Chinese (or only flags, verbs and punctuation), and facts
// for every verb of both.
func TestErrorsWorded(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	sites := 0
	for _, dir := range wordedDirs {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			rel, _ := filepath.Rel(root, path)
			rel = filepath.ToSlash(rel)
			if filepath.ToSlash(filepath.Dir(rel)) != dir {
				return nil // a subpackage is not one of wordedDirs
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				name := callName(call.Fun)
				switch {
				case name == "fmt.Errorf" || name == "errors.New":
					if !wordedExempt[rel+":"+name] {
						t.Errorf("%s: %s makes an error in English only; use words.Errorf", fset.Position(call.Pos()), name)
					}
				case name == "words.Errorf" || name == "words.Say" || (f.Name.Name == "rules" && (name == "Errorf" || name == "Say")):
					if checkWordedCall(t, fset.Position(call.Pos()).String(), call) {
						sites++
					}
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d worded sites", sites)
	if sites < 60 {
		t.Errorf("%d worded error sites checked; the walk lost its way", sites)
	}
}

// callName is a called function as pkg.Name or Name.
func callName(fun ast.Expr) string {
	switch f := fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		if x, ok := f.X.(*ast.Ident); ok {
			return x.Name + "." + f.Sel.Name
		}
	}
	return ""
}

// checkWordedCall checks one call of Errorf or Say whose two formats are literals; it reports
// whether they were.
func checkWordedCall(t *testing.T, pos string, call *ast.CallExpr) bool {
	t.Helper()
	if len(call.Args) < 2 {
		return false
	}
	en, ok1 := literal(call.Args[0])
	zh, ok2 := literal(call.Args[1])
	if !ok1 || !ok2 {
		return false
	}
	facts := len(call.Args) - 2
	variadic := call.Ellipsis.IsValid()
	if HasHan(en) {
		t.Errorf("%s: the English format %q holds Chinese", pos, en)
	}
	if bare := verb.ReplaceAllString(zh, ""); !HasHan(zh) && englishWord.MatchString(bare) {
		t.Errorf("%s: the Chinese format %q is English", pos, zh)
	}
	for _, f := range []string{en, zh} {
		n, top := verbs(f)
		if variadic {
			continue
		}
		if top == 0 && n != facts {
			t.Errorf("%s: %q has %d verbs for %d facts", pos, f, n, facts)
		}
		if top > facts {
			t.Errorf("%s: %q uses fact %d of %d", pos, f, top, facts)
		}
	}
	return true
}

// verbs counts the verbs of format (%% aside) and returns the highest explicit index, 0 for none.
func verbs(format string) (n, top int) {
	for _, m := range verb.FindAllStringSubmatch(format, -1) {
		if m[8] == "%" {
			continue
		}
		n++
		for _, idx := range []string{m[2], m[7]} {
			if i, err := strconv.Atoi(idx); err == nil && i > top {
				top = i
			}
		}
	}
	return n, top
}

// literal is the value of a string literal, or of literals joined with +.
func literal(e ast.Expr) (string, bool) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(x.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			return "", false
		}
		a, ok1 := literal(x.X)
		b, ok2 := literal(x.Y)
		return a + b, ok1 && ok2
	}
	return "", false
}
