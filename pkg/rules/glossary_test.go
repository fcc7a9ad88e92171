package rules_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// TestGlossaryWellFormed: every term names its English and Chinese words, the vendors that use
// it and where it was found; its variants are Chinese words that are no other term's word.
func TestGlossaryWellFormed(t *testing.T) {
	zhWords := map[string]bool{}
	seen := map[string]bool{}
	for _, g := range rules.Glossary {
		zhWords[g.Chinese] = true
	}
	for _, g := range rules.Glossary {
		t.Run(g.English+"/"+g.Chinese, func(t *testing.T) {
			if g.English == "" || words.HasHan(g.English) {
				t.Errorf("English %q is empty or holds Han characters", g.English)
			}
			if !words.HasHan(g.Chinese) {
				t.Errorf("Chinese %q holds no Han characters", g.Chinese)
			}
			if len(g.Vendors) == 0 {
				t.Error("no vendor")
			}
			for _, v := range g.Vendors {
				if v != rules.TKE && v != rules.ACK {
					t.Errorf("vendor %q is not tke or ack", v)
				}
				key := g.English + "|" + string(v)
				if seen[key] {
					t.Errorf("%s has two words for %q", v, g.English)
				}
				seen[key] = true
			}
			if strings.TrimSpace(g.Where) == "" {
				t.Error("Where is empty")
			}
			if (g.Seed == "") != (g.Line == 0) {
				t.Errorf("Seed %q and Line %d: give both or neither", g.Seed, g.Line)
			}
			if g.SeedWord != "" && g.Seed == "" {
				t.Error("SeedWord without a Seed")
			}
			for _, a := range g.Avoid {
				if !words.HasHan(a) {
					t.Errorf("variant %q holds no Han characters", a)
				}
				if zhWords[a] || strings.Contains(g.Chinese, a) {
					t.Errorf("variant %q is a word the glossary uses", a)
				}
			}
		})
	}
}

// seedsDir is where the seed documents are: $LBDOCTOR_SEEDS, else the shared folder of the
// project's working machine.
func seedsDir() string {
	if d := os.Getenv("LBDOCTOR_SEEDS"); d != "" {
		return d
	}
	return "/work/shared/seeds"
}

// TestGlossarySeedLines: each term the glossary cites from a seed is on the line it names. The
// seeds are not part of the repository; the test is skipped where they are absent.
func TestGlossarySeedLines(t *testing.T) {
	cache := map[string][]string{}
	for _, g := range rules.Glossary {
		if g.Seed == "" {
			continue
		}
		t.Run(g.English+"/"+g.Chinese, func(t *testing.T) {
			lines, ok := cache[g.Seed]
			if !ok {
				b, err := os.ReadFile(filepath.Join(seedsDir(), g.Seed))
				if os.IsNotExist(err) {
					t.Skipf("seed %s not found; set LBDOCTOR_SEEDS to the seeds folder", g.Seed)
				}
				if err != nil {
					t.Fatal(err)
				}
				lines = strings.Split(string(b), "\n")
				cache[g.Seed] = lines
			}
			word := g.Chinese
			if g.SeedWord != "" {
				word = g.SeedWord
			}
			if g.Line > len(lines) || !strings.Contains(lines[g.Line-1], word) {
				t.Errorf("%s line %d does not hold %q", g.Seed, g.Line, word)
			}
		})
	}
}

// TestTermsFor: the words a text may not use depend on the vendor it is about.
func TestTermsFor(t *testing.T) {
	tests := []struct {
		name      string
		p         rules.Provider
		forbidden []string
		allowed   []string
	}{
		{"tke", rules.TKE, []string{"侦听器", "专有网络", "私网", "账户"}, []string{"监听器", "监听", "私有网络", "内网", "账号"}},
		{"ack", rules.ACK, []string{"侦听", "监听器", "私有网络", "内网"}, []string{"监听", "专有网络", "私网", "后端服务器"}},
		{"generic", rules.Generic, []string{"侦听器", "负载平衡"}, []string{"监听器", "监听", "私有网络", "专有网络"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			terms := rules.TermsFor(tt.p)
			for _, w := range tt.forbidden {
				if _, ok := terms[w]; !ok {
					t.Errorf("%q is allowed", w)
				}
			}
			for _, w := range tt.allowed {
				if _, ok := terms[w]; ok {
					t.Errorf("%q is forbidden", w)
				}
			}
		})
	}
}

// TestZhTextsUseGlossary: no Chinese text of a rule (its title, cause, fix and risk, and what
// decides it) uses a variant the glossary rules out, nor another vendor's word.
func TestZhTextsUseGlossary(t *testing.T) {
	for _, r := range rules.All() {
		t.Run(r.ID.String(), func(t *testing.T) {
			zh := r.Text(words.Chinese)
			fields := []struct{ name, text string }{
				{"Title", zh.Title}, {"Cause", zh.Cause}, {"Fix", zh.Fix}, {"Risk", zh.Risk},
			}
			for i, d := range r.Decides {
				fields = append(fields, struct{ name, text string }{fmt.Sprintf("Decides[%d].What", i), d.What.Zh},
					struct{ name, text string }{fmt.Sprintf("Decides[%d].IfUnknown", i), d.IfUnknown.In(words.Chinese)})
			}
			for _, f := range fields {
				if bad := rules.MisusedTerms(f.text, r.Provider); len(bad) > 0 {
					t.Errorf("%s uses %s", f.name, strings.Join(bad, ", "))
				}
			}
		})
	}
}

// TestMisusedTerms names each misused word once, sorted.
func TestMisusedTerms(t *testing.T) {
	got := rules.MisusedTerms("在侦听器上配置负载平衡", rules.TKE)
	want := []string{`"侦听器" where the glossary writes "监听器"`, `"负载平衡" where the glossary writes "负载均衡"`}
	if !slices.Equal(got, want) {
		t.Errorf("MisusedTerms = %q, want %q", got, want)
	}
	if got := rules.MisusedTerms("见《Ingress 跨域绑定》", rules.TKE); len(got) != 0 {
		t.Errorf("MisusedTerms checks a vendor's document title: %q", got)
	}
	if got := rules.MisusedTerms("《Ingress 跨域绑定》中的跨域", rules.TKE); len(got) != 1 {
		t.Errorf("MisusedTerms of a variant outside a title = %q, want one", got)
	}
	if got := rules.MisusedTerms("在监听器上配置负载均衡", rules.TKE); len(got) != 0 {
		t.Errorf("MisusedTerms of a clean text = %q", got)
	}
}
