package rules

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// zhTKEIngressVerbatim finds what a translation must carry over unchanged from the English text: annotation and label
// names, error codes, API and field names, object paths, addresses, document numbers and links.
var zhTKEIngressVerbatim = regexp.MustCompile(strings.Join([]string{
	`https?://[^\s)，。；]+[^\s).,，。；]`,                       // links
	`[a-z0-9.-]+\.(?:io|com)/[A-Za-z0-9._-]*[A-Za-z0-9_-]`, // annotation names
	`\b[EW]\d{4}\b|-\d{4}\b`,                               // error codes
	`\b\d+(?:\.\d+){3}(?:/\d+)?\b`,                         // IP addresses and CIDRs
	`\b\d{3}/\d{5}\b`,                                      // Tencent Cloud document numbers
	`\b(?:spec|data)\.[A-Za-z0-9_.\[\]]+[A-Za-z\]]`,        // object field paths
	`\b[a-z]+(?:_[a-z]+)+\b`,                               // snake_case keys (qcloud_cert_id)
	`\b[A-Z]+(?:_[A-Za-z]+)+\b`,                            // SCREAMING_CASE (TKE_REGION, TRAFFIC_POSTPAID_BY_HOUR)
	`\b[A-Z][a-z]+(?:[A-Z][A-Za-z]*)+\b`,                   // API, type and error names (CreateLoadBalancer)
	`\b[a-z]+(?:[A-Z][a-z]*)+\b`,                           // camelCase fields (secretName, nonMasqueradeCIDRs)
	`\b[a-z0-9]+(?:-[a-zA-Z0-9]+)+\b`,                      // kebab-case; see zhTKEIngressVerbatimTokens
}, "|"))

// zhTKEIngressEnglishWords are hyphenated English words of the catalog's texts, which a translation puts in Chinese; every
// other hyphenated token is a name and stays.
var zhTKEIngressEnglishWords = map[string]bool{
	"layer-7": true, "cross-region": true, "well-formed": true, "private-network": true, "public-network": true,
	"start-up": true, "single-node": true, "several-second": true, "self-created": true, "re-add": true,
	"one-way": true, "non-classic": true, "hand-written": true, "dot-separated": true, "cross-VPC": true,
	"auto-generated": true, "add-on": true,
}

// zhTKEIngressVerbatimTokens lists the identifiers in an English text that its translation must keep.
func zhTKEIngressVerbatimTokens(en string) []string {
	var out []string
	for _, tok := range zhTKEIngressVerbatim.FindAllString(en, -1) {
		if !zhTKEIngressEnglishWords[tok] {
			out = append(out, tok)
		}
	}
	return out
}

func zhTKEIngressHasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// TestZhTKEIngressTexts: each Chinese text of a TKE Ingress rule has all four fields, written in Chinese, and
// keeps every identifier of the English field it translates.
func TestZhTKEIngressTexts(t *testing.T) {
	for id, zh := range zhTKEIngress {
		r, ok := Get(id)
		if !ok {
			t.Errorf("zhTKEIngress holds an id that names no rule: %v", id)
			continue
		}
		t.Run(id.String(), func(t *testing.T) {
			if r.Provider != TKE || r.Kind != Ingress {
				t.Fatalf("zhTKEIngress holds a %s %s rule", r.Provider, r.Kind)
			}
			fields := []struct{ name, en, zh string }{
				{"Title", r.Title, zh.Title}, {"Cause", r.Cause, zh.Cause},
				{"Fix", r.Fix, zh.Fix}, {"Risk", r.Risk, zh.Risk},
			}
			for _, f := range fields {
				if strings.TrimSpace(f.zh) == "" {
					t.Errorf("%s is empty", f.name)
					continue
				}
				if !zhTKEIngressHasHan(f.zh) {
					t.Errorf("%s has no Han characters: %q", f.name, f.zh)
				}
				for _, tok := range zhTKEIngressVerbatimTokens(f.en) {
					if !strings.Contains(f.zh, tok) {
						t.Errorf("%s lacks %q of the English text", f.name, tok)
					}
				}
			}
			if n := len([]rune(zh.Title)); n > 60 {
				t.Errorf("Title is %d characters long; keep it within 60", n)
			}
			if got := r.Text(Chinese); got != zh {
				t.Errorf("Rule.Text(Chinese) does not return the zhTKEIngress entry")
			}
		})
	}
}

// TestZhTKEIngressComplete: every TKE Ingress rule has a Chinese text.
func TestZhTKEIngressComplete(t *testing.T) {
	n := 0
	for _, r := range All() {
		if r.Provider != TKE || r.Kind != Ingress || zhInChanges(r) {
			continue
		}
		n++
		if _, ok := zhTKEIngress[r.ID]; !ok {
			t.Errorf("%s has no entry in zhTKEIngress", r.ID)
		}
	}
	if n != len(zhTKEIngress) {
		t.Errorf("%d TKE Ingress rules, %d Chinese texts", n, len(zhTKEIngress))
	}
}

// TestZhTKEIngressOrder: zhTKEIngress lists the rules in the order tke_ingress.go declares them, so the two files
// read side by side.
func TestZhTKEIngressOrder(t *testing.T) {
	fset := token.NewFileSet()
	declared := func(file string) []string {
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				for _, id := range n.Names {
					if strings.HasPrefix(id.Name, "TKEIngress") {
						names = append(names, id.Name)
					}
				}
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok && strings.HasPrefix(id.Name, "TKEIngress") {
					names = append(names, id.Name)
				}
			}
			return true
		})
		return names
	}
	en, zh := declared("tke_ingress.go"), declared("zh_tke_ingress.go")
	if !slices.Equal(en, zh) {
		t.Errorf("zh_tke_ingress.go keys are not in the order of tke_ingress.go:\n en %v\n zh %v", en, zh)
	}
}
