package repocheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// vendorKey matches a string that is a whole vendor annotation key or key prefix (a sentence that
// mentions one does not match).
var vendorKey = regexp.MustCompile(`^(service\.kubernetes\.io/(qcloud-|tke-|loadbalance|local-svc-|service\.)|service\.cloud\.tencent\.com/|` +
	`ingress\.cloud\.tencent\.com/|kubernetes\.io/ingress\.[a-zA-Z]|kubernetes\.io/service\.|service\.beta\.kubernetes\.io/(alibaba-cloud-|alicloud-|backend-type)|` +
	`service\.k8s\.alibaba/)([A-Za-z0-9._/-]*[A-Za-z0-9/-])?$`)

// keyHomes are the packages that declare the vendor keys (and the upstream kubernetes.io/ingress.class).
var keyHomes = []string{"pkg/annotations/", "pkg/providers/tke/tkeann/", "pkg/providers/ack/ackann/"}

// TestAnnotationKeysDeclared fails on a vendor annotation key written as a string literal in Go code
// outside the packages that declare the keys: every key is declared once, in its provider's folder.
// Tests, testdata and test-helper packages (a folder named *test) may spell keys, misspelt ones
// included.
func TestAnnotationKeysDeclared(t *testing.T) {
	root, files := goFiles(t)
	fset := token.NewFileSet()
	for _, f := range files {
		dir := filepath.ToSlash(filepath.Dir(f)) + "/"
		if strings.HasSuffix(f, "_test.go") || strings.Contains(dir, "/testdata/") || strings.HasSuffix(filepath.Base(filepath.Dir(f)), "test") ||
			strings.HasPrefix(dir, "bench/") || contains(keyHomes, dir) {
			continue
		}
		file, err := parser.ParseFile(fset, filepath.Join(root, f), nil, 0)
		if err != nil {
			t.Fatalf("parse %s: %v", f, err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			if s, err := strconv.Unquote(lit.Value); err == nil && vendorKey.MatchString(s) {
				t.Errorf("%s: vendor annotation key %q: use its constant from pkg/providers/<cloud>/<cloud>ann", fset.Position(lit.Pos()), s)
			}
			return true
		})
	}
}
