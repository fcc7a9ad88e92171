package diagnose

import (
	"slices"
	"strings"
	"unicode"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/events"
	objkind "github.com/lbdoctor/kubectl-lbdoctor/pkg/kind"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Explain finds the rules of a code or rule id, else those an event message (English or Chinese)
// proves, else, for a query in Chinese, those whose Chinese texts hold its words. When
// --provider excludes every match, the error names the provider that has it.
func Explain(q string, p rules.Provider, k rules.Kind) ([]rules.Rule, error) {
	if q == "" {
		return nil, words.Errorf("explain needs a code, a rule id or an event message", "explain 需要一个错误码、规则 id 或事件消息")
	}
	if found := rules.Lookup(q, p, k); len(found) > 0 {
		return found, nil
	}
	var found []rules.Rule
	for _, kind := range []rules.Kind{rules.Service, rules.Ingress} {
		if k != "" && kind != k {
			continue
		}
		for _, id := range events.Match(providers.Suite().EventCodes(), p, kind, q) {
			if r, ok := rules.Get(id); ok {
				found = append(found, r)
			}
		}
	}
	if len(found) > 0 {
		return found, nil
	}
	if hasHan(q) {
		// Chinese keywords (证书, 监听器 …) search the catalog's Chinese texts.
		if found := rules.Search(q, words.Chinese, p, k); len(found) > 0 {
			return found, nil
		}
	}
	if p != "" || k != "" {
		var others []string
		for _, r := range rules.Lookup(q, "", "") {
			if w := string(r.Provider) + " " + r.Kind.Lower(); !slices.Contains(others, w) {
				others = append(others, w)
			}
		}
		if len(others) > 0 {
			return nil, words.Errorf("%q is not a rule of the --provider/--kind given; it is one of: %s",
				"%q 不属于所给的 --provider/--kind；它属于：%s", checks.ClipTo(q, 200), words.List(others))
		}
	}
	return nil, words.Errorf("no documented code, rule or known event message %q; list them with: kubectl lbdoctor rules",
		"没有与 %q 对应的已记录错误码、规则或已知事件消息；可用 kubectl lbdoctor rules 列出全部", checks.ClipTo(q, 200))
}

// ParseExplainFilter reads explain's --provider (a provider of the catalog) and --kind (svc,
// service, ing or ingress), in any case; an empty value narrows nothing.
func ParseExplainFilter(provider, kind string) (rules.Provider, rules.Kind, error) {
	var k rules.Kind
	var p rules.Provider
	var err error
	if strings.TrimSpace(kind) != "" {
		if k, err = objkind.Parse(kind); err != nil {
			return "", "", words.Errorf("--kind: %[1]w", "--kind：未知的类型 %[2]q（应为 service 或 ingress）", err, kind)
		}
	}
	if strings.TrimSpace(provider) != "" {
		if p, err = providers.Parse(provider); err != nil {
			return "", "", words.Errorf("--provider: %w", "--provider：%w", err)
		}
	}
	return p, k, nil
}

// hasHan reports whether s holds a Chinese character.
func hasHan(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0
}
