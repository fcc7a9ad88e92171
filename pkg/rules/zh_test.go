package rules_test

import (
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

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

// TestZhTexts: every rule of the catalog has a Chinese text with all four fields, written in Chinese,
// that keeps every identifier of the English field it translates.
func TestZhTexts(t *testing.T) {
	for _, r := range rules.All() {
		t.Run(r.ID.String(), func(t *testing.T) {
			zh := r.Zh
			fields := []struct{ name, en, zh string }{
				{"Title", r.Title, zh.Title}, {"Cause", r.Cause, zh.Cause},
				{"Fix", r.Fix, zh.Fix}, {"Risk", r.Risk, zh.Risk},
			}
			for _, f := range fields {
				if strings.TrimSpace(f.zh) == "" {
					t.Errorf("Zh.%s is empty", f.name)
					continue
				}
				if !zhHasHan(f.zh) {
					t.Errorf("Zh.%s has no Han characters: %q", f.name, f.zh)
				}
				for _, tok := range zhVerbatimTokens(f.en) {
					if !zhKeeps(f.zh, tok) {
						t.Errorf("Zh.%s lacks %q of the English text", f.name, tok)
					}
				}
			}
			if n := len([]rune(zh.Title)); n > 60 {
				t.Errorf("Zh.Title is %d characters long; keep it within 60", n)
			}
			if got := r.Text(words.Chinese); got != zh {
				t.Errorf("Rule.Text(Chinese) does not return Zh")
			}
		})
	}
}
