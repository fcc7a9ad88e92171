package cmd

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"unicode"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/cli"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

func hasHan(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) })
}

// TestLangFlag: --lang and the locale reach every subcommand; a bad value exits 2 with one line.
func TestLangFlag(t *testing.T) {
	tests := []struct {
		name    string
		locale  string
		args    []string
		chinese bool
		code    int
	}{
		{"rules, LANG zh_CN.UTF-8", "zh_CN.UTF-8", []string{"rules"}, true, ExitOK},
		{"rules, --lang en over the locale", "zh_CN.UTF-8", []string{"rules", "--lang", "en"}, false, ExitOK},
		{"explain, --lang zh", "C", []string{"explain", "E4011", "--kind", "ingress", "--lang=zh"}, true, ExitOK},
		{"explain a Chinese event", "C", []string{"explain", "使用已有负载均衡不存在 RequestId: 1a2b"}, false, ExitOK},
		{"policy, --lang zh", "C", []string{"policy", "--provider", "tke", "--lang", "zh"}, true, ExitOK},
		{"policy --list, LANG zh_CN.UTF-8", "zh_CN.UTF-8", []string{"policy", "--list"}, true, ExitOK},
		{"policy --list -o json, --lang zh", "C", []string{"policy", "--list", "-o", "json", "--lang", "zh"}, true, ExitOK},
		{"policy --list, C", "C", []string{"policy", "--list"}, false, ExitOK},
		{"diagnose offline, LANG zh", "zh_CN.UTF-8", []string{"-f", "../../examples/tke-ingress/broken.yaml", "ingress/shop-web", "-n", "shop"}, true, ExitFindings},
		{"diagnose offline, C", "C", []string{"-f", "../../examples/tke-ingress/broken.yaml", "ingress/shop-web", "-n", "shop"}, false, ExitFindings},
		{"bad --lang", "C", []string{"rules", "--lang", "fr"}, false, ExitError},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("LC_ALL", "")
			t.Setenv("LC_MESSAGES", "")
			t.Setenv("LANG", tt.locale)
			out, errOut, code := run(t, tt.args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stderr %s", code, tt.code, errOut)
			}
			if tt.code == ExitError {
				if strings.Count(strings.TrimSpace(errOut), "\n") != 0 || !strings.Contains(errOut, "lang") {
					t.Errorf("stderr %q: want one line naming lang", errOut)
				}
				return
			}
			if hasHan(out) != tt.chinese {
				t.Errorf("output holds Chinese = %v, want %v:\n%s", hasHan(out), tt.chinese, out)
			}
		})
	}
}

// TestLangKeepsIDs: the json of explain has the same ids, codes and keys in both languages.
func TestLangKeepsIDs(t *testing.T) {
	var got [2][]map[string]any
	for i, lang := range []string{"en", "zh"} {
		out, errOut, code := run(t, "explain", "证书过期", "-o", "json", "--lang", lang)
		if code != ExitOK {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		if err := json.Unmarshal([]byte(out), &got[i]); err != nil {
			t.Fatal(err)
		}
	}
	if len(got[0]) == 0 || len(got[0]) != len(got[1]) {
		t.Fatalf("%d and %d rules", len(got[0]), len(got[1]))
	}
	for i := range got[0] {
		en, zh := got[0][i], got[1][i]
		if en["id"] != zh["id"] || en["code"] != zh["code"] || en["severity"] != zh["severity"] || len(en) != len(zh) {
			t.Errorf("rule %d: %v / %v", i, en["id"], zh["id"])
		}
		if hasHan(en["title"].(string)) || !hasHan(zh["title"].(string)) {
			t.Errorf("%v: titles %q / %q", en["id"], en["title"], zh["title"])
		}
	}
}

func TestArgsLang(t *testing.T) {
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "zh_CN.UTF-8")
	tests := []struct {
		args []string
		want words.Lang
	}{
		{nil, words.Chinese},
		{[]string{"--lang", "en"}, words.English},
		{[]string{"--lang=en", "svc/x"}, words.English},
		{[]string{"--lang", "fr"}, words.Chinese},
		{[]string{"--", "--lang=en"}, words.Chinese},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			if got := cli.ArgsLang(tt.args, os.Getenv); got != tt.want {
				t.Errorf("argsLang(%q) = %s, want %s", tt.args, got, tt.want)
			}
		})
	}
}
