//go:build e2e

package e2e

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
)

// kubectlEnv is kubectl with the locale variables set as given (the others emptied), so that the
// caller's own locale never decides.
func kubectlEnv(t *testing.T, locale map[string]string, args ...string) result {
	t.Helper()
	var extra []string
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		extra = append(extra, k+"="+locale[k])
	}
	return kubectlWith(t, env.kubeconfig, extra, args...)
}

func hasHan(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) })
}

// TestLanguageThroughKubectl runs the plugin through kubectl's plugin path under each way of
// choosing the language (LANG, LC_MESSAGES, LC_ALL, --lang) and checks the language by structure:
// every title and fix has Chinese characters exactly when Chinese was chosen, and the rule ids,
// codes and severities are those of the English run.
func TestLanguageThroughKubectl(t *testing.T) {
	apply(t, "examples/tke-ingress/broken.yaml")
	target := []string{"lbdoctor", "ingress/shop-web", "-n", "shop"}
	run := func(t *testing.T, locale map[string]string, extra ...string) report.Report {
		t.Helper()
		r := kubectlEnv(t, locale, append(append(slices.Clone(target), extra...), "-o", "json")...)
		if r.code != 1 {
			t.Fatalf("exit %d, want 1; stderr %s", r.code, r.stderr)
		}
		var rep report.Report
		if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
			t.Fatalf("decoding: %v\n%s", err, r.stdout)
		}
		return rep
	}
	base := run(t, map[string]string{"LANG": "C"})
	if len(base.Findings) == 0 {
		t.Fatal("no findings in the English run")
	}
	tests := []struct {
		name    string
		locale  map[string]string
		flags   []string
		chinese bool
	}{
		{"LANG zh_CN.UTF-8", map[string]string{"LANG": "zh_CN.UTF-8"}, nil, true},
		{"LANG zh_TW", map[string]string{"LANG": "zh_TW.UTF-8"}, nil, true},
		{"LC_MESSAGES over LANG", map[string]string{"LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"}, nil, true},
		{"LC_ALL over LANG", map[string]string{"LANG": "en_US.UTF-8", "LC_ALL": "zh_CN.UTF-8"}, nil, true},
		{"LC_ALL C over Chinese LANG", map[string]string{"LANG": "zh_CN.UTF-8", "LC_ALL": "C"}, nil, false},
		{"--lang zh over C", map[string]string{"LANG": "C"}, []string{"--lang", "zh"}, true},
		{"--lang en over Chinese LC_ALL", map[string]string{"LC_ALL": "zh_CN.UTF-8"}, []string{"--lang=en"}, false},
		{"no locale", map[string]string{}, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := run(t, tt.locale, tt.flags...)
			if len(rep.Findings) != len(base.Findings) {
				t.Fatalf("%d findings, English run %d", len(rep.Findings), len(base.Findings))
			}
			for i, f := range rep.Findings {
				b := base.Findings[i]
				if f.Rule != b.Rule || f.Code != b.Code || f.Severity != b.Severity || f.Path != b.Path {
					t.Errorf("finding %d: %s %s %s at %s, English run %s %s %s at %s", i, f.Rule, f.Code, f.Severity, f.Path, b.Rule, b.Code, b.Severity, b.Path)
				}
				if hasHan(f.Title) != tt.chinese || (f.Fix != "" && hasHan(f.Fix) != tt.chinese) {
					t.Errorf("%s: title %q fix %q, want Chinese %v", f.Rule, f.Title, f.Fix, tt.chinese)
				}
			}
		})
	}
	t.Run("text report", func(t *testing.T) {
		r := kubectlEnv(t, map[string]string{"LANG": "zh_CN.UTF-8"}, append(slices.Clone(target), "--fix-hints")...)
		if r.code != 1 {
			t.Fatalf("exit %d; stderr %s", r.code, r.stderr)
		}
		for _, f := range base.Findings {
			line := ""
			for _, l := range strings.Split(r.stdout, "\n") {
				if strings.Contains(l, "["+f.Rule.String()+"]") {
					line = l
					break
				}
			}
			if line == "" || !hasHan(line) || !strings.Contains(line, report.CodeLabel(f.Rule)) {
				t.Errorf("%s: finding line %q, want its code, id and a Chinese title", f.Rule, line)
			}
		}
	})
	t.Run("bad --lang", func(t *testing.T) {
		r := kubectlEnv(t, map[string]string{}, append(slices.Clone(target), "--lang", "fr")...)
		if r.code != 2 || strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 || !strings.Contains(r.stderr, "lang") {
			t.Errorf("exit %d, stderr %q; want 2 and one line naming --lang", r.code, r.stderr)
		}
	})
}
