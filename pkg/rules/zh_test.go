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

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// zhCatalog is one catalog file and its Chinese map.
type zhCatalog struct {
	file, zhFile string
	// prefix starts the name of every rule variable of file.
	prefix string
	zh     map[ID]Text
	// holds reports whether a rule belongs to file.
	holds func(Rule) bool
}

// zhCatalogs are the catalog files whose Chinese texts these tests cover.
// zhRuleVar matches the name of a rule variable.
var zhRuleVar = regexp.MustCompile(`^(TKE|ACK|Generic)(Service|Ingress)`)

// zhInChanges reports whether r's Chinese text is in zh_changes.go, where the change rules of changes.go are.
func zhInChanges(r Rule) bool { _, ok := zhChanges[r.ID]; return ok }

func zhCatalogs() []zhCatalog {
	return []zhCatalog{
		{"tke_ingress.go", "zh_tke_ingress.go", "TKEIngress", zhTKEIngress,
			func(r Rule) bool { return r.Provider == TKE && r.Kind == Ingress && !zhInChanges(r) }},
		{"tke_service.go", "zh_tke_service.go", "TKEService", zhTKEService,
			func(r Rule) bool { return r.Provider == TKE && r.Kind == Service && !zhInChanges(r) }},
		{"ack_service.go", "zh_ack_service.go", "ACKService", zhACKService,
			func(r Rule) bool { return r.Provider == ACK && !zhInChanges(r) }},
		{"generic.go", "zh_generic.go", "Generic", zhGeneric,
			func(r Rule) bool { return r.Provider == Generic && !zhInChanges(r) }},
		// The change rules of every provider; a change rule without an entry counts as missing from its
		// provider's file above.
		{"changes.go", "zh_changes.go", "", zhChanges, zhInChanges},
	}
}

// zhVerbatim finds what a translation must carry over unchanged from the English text: annotation and label
// names, error codes, API and field names, object paths, addresses, versions, document numbers and links.
var zhVerbatim = regexp.MustCompile(strings.Join([]string{
	`https?://[^\s)，。；]+[^\s).,，。；]`, // links
	`\b\d{3}/\d{5}\b`, // Tencent Cloud document numbers
	`[a-z0-9.-]+\.(?:io|com)/[A-Za-z0-9._*-]*[A-Za-z0-9_*-]`, // annotation and label names
	`\b[EW]\d{4}\b|-\d{4}\b`,                                 // error codes
	`\b\d+(?:\.\d+){3}(?:/\d+)?\b`,                           // IP addresses and CIDRs
	`\bv\d+(?:\.\d+)+(?:-[A-Za-z0-9.]+)*`,                    // versions (v1.9.3.276-g372aa98-aliyun)
	`\b(?:spec|status|data)\.[A-Za-z0-9_.\[\]]+[A-Za-z\]]`,   // object field paths
	`\b[a-z]+(?:_[a-z]+)+\b`,                                 // snake_case keys (qcloud_cert_id)
	`\b[A-Z]+(?:[_.][A-Za-z]+)+\b`,                           // SCREAMING_CASE and dotted codes (ORDER.ARREARAGE)
	`\b[A-Z][a-z]+(?:[A-Z][A-Za-z]*)+\b`,                     // API, type and error names (CreateLoadBalancer)
	`\b[a-z]+(?:[A-Z][a-z]*)+\b`,                             // camelCase fields (externalTrafficPolicy)
	`\b[a-z0-9]+(?:-[a-zA-Z0-9]+)+\b`,                        // kebab-case; see zhEnglishWords
}, "|"))

// zhEnglishWords are hyphenated English words (and cloud terms with a Chinese name) of the catalog's texts,
// which a translation puts in Chinese; every other such token is a name and stays.
var zhEnglishWords = map[string]bool{
	"layer-4": true, "source-address": true, "non-VIP": true, "one-node": true, "anti-affinity": true, "add-on": true,
	"performance-guaranteed": true, "shared-resource": true, "pay-by-CLCU": true, "pay-by-specification": true,
	"health-check": true, "internet-facing": true, "made-up": true, "non-weighted": true, "pod-count": true,
	"start-up": true, "in-flight": true, "short-circuits": true, "hand-made": true, "non-LoadBalancer": true,
	"non-integer": true, "non-empty": true, "in-cluster": true, "short-lived": true, "provider-independent": true,
	"cross-region": true, "scale-down": true, "load-balancer": true, "cluster-wide": true, "comma-separated": true,
	"four-tuple": true, "multi-Service": true, "extended-protocol": true, "case-sensitive": true,
	"backend-server": true, "as-you-go": true, "plain-HTTP": true,
	"layer-7": true, "well-formed": true, "private-network": true, "public-network": true, "single-node": true,
	"several-second": true, "self-created": true, "re-add": true, "one-way": true, "non-classic": true,
	"hand-written": true, "dot-separated": true, "cross-VPC": true, "auto-generated": true,
	// Alibaba Cloud's Chinese pages name these 交换机 and 虚拟服务器组.
	"vSwitch": true, "vServer": true,
}

// zhVerbatimTokens lists the identifiers in an English text that its translation must keep.
func zhVerbatimTokens(en string) []string {
	var out []string
	for _, tok := range zhVerbatim.FindAllString(en, -1) {
		if !zhEnglishWords[tok] {
			out = append(out, tok)
		}
	}
	return out
}

// zhKeeps reports whether zh carries tok; Chinese has no plural, so a type name may lose a plural s
// (EndpointSlices).
func zhKeeps(zh, tok string) bool {
	if strings.Contains(zh, tok) {
		return true
	}
	single := strings.TrimSuffix(tok, "s")
	return single != tok && unicode.IsUpper(rune(tok[0])) && strings.Contains(zh, single)
}

func zhHasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// TestZhTexts: each Chinese text of a rule has all four fields, written in
// Chinese, and keeps every identifier of the English field it translates.
func TestZhTexts(t *testing.T) {
	for _, c := range zhCatalogs() {
		for id, zh := range c.zh {
			r, ok := Get(id)
			if !ok {
				t.Errorf("%s: the Chinese map holds an id that names no rule", c.zhFile)
				continue
			}
			t.Run(id.String(), func(t *testing.T) {
				if !c.holds(r) {
					t.Fatalf("%s holds a %s %s rule", c.zhFile, r.Provider, r.Kind)
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
					if !zhHasHan(f.zh) {
						t.Errorf("%s has no Han characters: %q", f.name, f.zh)
					}
					for _, tok := range zhVerbatimTokens(f.en) {
						if !zhKeeps(f.zh, tok) {
							t.Errorf("%s lacks %q of the English text", f.name, tok)
						}
					}
				}
				if n := len([]rune(zh.Title)); n > 60 {
					t.Errorf("Title is %d characters long; keep it within 60", n)
				}
				if got := r.Text(words.Chinese); got != zh {
					t.Errorf("Rule.Text(Chinese) does not return the %s entry", c.zhFile)
				}
			})
		}
	}
}

// TestZhComplete: every rule of the catalog has a Chinese text.
func TestZhComplete(t *testing.T) {
	for _, c := range zhCatalogs() {
		t.Run(c.file, func(t *testing.T) {
			n := 0
			for _, r := range All() {
				if !c.holds(r) {
					continue
				}
				n++
				if _, ok := c.zh[r.ID]; !ok {
					t.Errorf("%s has no entry in %s", r.ID, c.zhFile)
				}
			}
			if n != len(c.zh) {
				t.Errorf("%d rules, %d Chinese texts", n, len(c.zh))
			}
		})
	}
}

// TestZhOrder: each Chinese map lists the rules in the order its catalog file declares them, so the two
// files read side by side.
func TestZhOrder(t *testing.T) {
	fset := token.NewFileSet()
	declared := func(t *testing.T, file, prefix string) []string {
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GenDecl:
				if n.Tok == token.CONST {
					return false
				}
			case *ast.ValueSpec:
				for _, id := range n.Names {
					if strings.HasPrefix(id.Name, prefix) && zhRuleVar.MatchString(id.Name) {
						names = append(names, id.Name)
					}
				}
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok && strings.HasPrefix(id.Name, prefix) && zhRuleVar.MatchString(id.Name) {
					names = append(names, id.Name)
				}
			}
			return true
		})
		return names
	}
	for _, c := range zhCatalogs() {
		t.Run(c.file, func(t *testing.T) {
			en, zh := declared(t, c.file, c.prefix), declared(t, c.zhFile, c.prefix)
			if len(en) == 0 {
				t.Fatalf("no %s* variable found in %s", c.prefix, c.file)
			}
			if !slices.Equal(en, zh) {
				t.Errorf("%s keys are not in the order of %s:\n en %v\n zh %v", c.zhFile, c.file, en, zh)
			}
		})
	}
}
