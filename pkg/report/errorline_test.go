package report

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// TestErrorLine: the error line is worded by the outermost worded error of the chain, keeps the
// plain layers around it and the facts inside it, and is one line in both languages.
func TestErrorLine(t *testing.T) {
	refused := errors.New("dial tcp 10.0.0.1:443: connect: connection refused")
	worded := words.Errorf("cannot reach %s: %w", "无法连接 %s：%w", "https://x", refused)
	tests := []struct {
		name string
		err  error
		// keep are texts both lines hold (facts and plain layers); zhHan says whether the
		// Chinese line has Han characters after its prefix.
		keep  []string
		zhHan bool
	}{
		{"worded", worded, []string{"https://x", "connection refused"}, true},
		{"plain layer around a worded error", fmt.Errorf("context prod: %w", worded), []string{"context prod: ", "https://x", "connection refused"}, true},
		{"worded around worded", RetryIncomplete(worded), []string{"--allow-incomplete", "https://x"}, true},
		{"worded around plain around worded", RetryIncomplete(fmt.Errorf("layer: %w", worded)), []string{"layer: ", "https://x"}, true},
		{"plain (a library's text)", refused, []string{"connection refused"}, false},
		{"several lines", words.Errorf("bad:\n%w", "有误：\n%w", errors.New("a\n  b")), []string{"a b"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			en, zh := ErrorLine(words.English, tt.err), ErrorLine(words.Chinese, tt.err)
			if want := "error: " + OneLine(tt.err.Error()) + "\n"; en != want {
				t.Errorf("English line %q, want %q (the error's own message)", en, want)
			}
			for _, line := range []string{en, zh} {
				if strings.Count(line, "\n") != 1 || !strings.HasSuffix(line, "\n") {
					t.Errorf("%q: want one line", line)
				}
				for _, k := range tt.keep {
					if !strings.Contains(line, k) {
						t.Errorf("%q lost %q", line, k)
					}
				}
			}
			msg, ok := strings.CutPrefix(zh, say(words.Chinese, phErrorPrefix)[:len("错误：")])
			if !ok {
				t.Fatalf("Chinese line %q: want the prefix 错误：", zh)
			}
			if hasHan(msg) != tt.zhHan || hasHan(en) {
				t.Errorf("Han after the prefix = %v, want %v; English has Han = %v: %q / %q", hasHan(msg), tt.zhHan, hasHan(en), zh, en)
			}
		})
	}
	if err := RetryIncomplete(worded); !errors.Is(err, refused) {
		t.Error("RetryIncomplete: errors.Is lost the read's error")
	}
}
