package words

import (
	"errors"
	"fmt"
	"testing"
)

func TestWordsIn(t *testing.T) {
	addr := Say("address", "地址")
	wrapped := fmt.Errorf("reading: %w", Errorf("bad value %q", "取值 %q 无效", "x"))
	var we *WordsError
	if !errors.As(wrapped, &we) {
		t.Fatal("errors.As found no *WordsError")
	}
	tests := []struct {
		name   string
		w      Words
		en, zh string
	}{
		{"no facts", Say("no problems", "没有问题"), "no problems", "没有问题"},
		{"facts", Say("%s of %d", "%[2]d 个中的 %[1]s", "a", 3), "a of 3", "3 个中的 a"},
		{"explicit indexes", Say("%s on %s", "%[2]s 上的 %[1]s", "l", "c"), "l on c", "c 上的 l"},
		{"nested words", Say("the %s changes", "%s改变", addr), "the address changes", "地址改变"},
		{"worded error", Say("cannot parse: %v", "无法解析：%v", we), `cannot parse: bad value "x"`, `无法解析：取值 "x" 无效`},
		{"plain error", Say("cannot parse: %v", "无法解析：%v", errors.New("EOF")), "cannot parse: EOF", "无法解析：EOF"},
		{"zero", Words{}, "", ""},
		{"list", List([]string{"a", "b%d", "c"}), "a, b%d, c", "a、b%d、c"},
		{"list of one", List([]string{"a"}), "a", "a"},
		{"either", Either([]string{"tke", "ack", "generic"}), "tke, ack or generic", "tke、ack 或 generic"},
		{"either of two", Either([]string{"a", "b"}), "a or b", "a 或 b"},
		{"list as a fact", Say("in %s", "在 %s 中", List([]string{"a", "b"})), "in a, b", "在 a、b 中"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.w.In(English); got != tt.en {
				t.Errorf("In(English) = %q, want %q", got, tt.en)
			}
			if got := tt.w.In(Chinese); got != tt.zh {
				t.Errorf("In(Chinese) = %q, want %q", got, tt.zh)
			}
			if got := tt.w.String(); got != tt.en {
				t.Errorf("String() = %q, want %q", got, tt.en)
			}
		})
	}
	if !(Words{}).IsZero() || Say("x", "x").IsZero() {
		t.Error("IsZero: want true only for the zero Words")
	}
	if !HasHan("地址 x") || HasHan("address") {
		t.Error("HasHan: want true only for a text with Han characters")
	}
}

// TestErrorfWraps: the errors Errorf's English format gives with %w are wrapped, as by fmt.Errorf,
// and print as %v in every language.
func TestErrorfWraps(t *testing.T) {
	base := errors.New("connection refused")
	inner := Errorf("bad value %q", "取值 %q 无效", "x")
	tests := []struct {
		name   string
		err    error
		is     []error
		en, zh string
	}{
		{"one %w", Errorf("dial: %w", "连接失败：%w", base), []error{base}, "dial: connection refused", "连接失败：connection refused"},
		{"%w in English, %v in Chinese", Errorf("dial: %w", "连接失败：%v", base), []error{base}, "dial: connection refused", "连接失败：connection refused"},
		{"indexed %[2]w", Errorf("%[1]s: %[2]w", "%[2]v（%[1]s）", "a", base), []error{base}, "a: connection refused", "connection refused（a）"},
		{"two %w", Errorf("%w; %w", "%w；%w", base, inner), []error{base, inner}, `connection refused; bad value "x"`, `connection refused；取值 "x" 无效`},
		{"%v does not wrap", Errorf("dial: %v", "连接失败：%v", base), nil, "dial: connection refused", "连接失败：connection refused"},
		{"%%w is no verb", Errorf("100%%w %s", "百分之百 %s", "x"), nil, "100%w x", "百分之百 x"},
		{"worded fact wrapped", Errorf("reading: %w", "读取：%w", inner), []error{inner}, `reading: bad value "x"`, `读取：取值 "x" 无效`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, target := range tt.is {
				if !errors.Is(tt.err, target) {
					t.Errorf("errors.Is(%v) = false", target)
				}
			}
			if tt.is == nil && errors.Is(tt.err, base) {
				t.Error("errors.Is found an error that was not wrapped")
			}
			if got := tt.err.Error(); got != tt.en {
				t.Errorf("Error() = %q, want %q", got, tt.en)
			}
			if got := ErrorIn(tt.err, Chinese); got != tt.zh {
				t.Errorf("ErrorIn(Chinese) = %q, want %q", got, tt.zh)
			}
		})
	}
	if _, ok := Errorf("%w; %w", "%w；%w", base, inner).(interface{ Unwrap() []error }); ok {
		t.Error("an Errorf of two %w is a list of errors; want one error that wraps them")
	}
	var we *WordsError
	if !errors.As(Errorf("x: %w", "x：%w", inner), &we) || we.In(Chinese) != "x：取值 \"x\" 无效" {
		t.Errorf("errors.As found %v, want the outer *WordsError", we)
	}
}

// TestErrorIn: an error is worded by its outermost Worded error; plain layers around it keep their
// text, and an error without one prints its own message.
func TestErrorIn(t *testing.T) {
	worded := Errorf("no context %q", "没有上下文 %q", "prod")
	plain := errors.New("EOF")
	tests := []struct {
		name   string
		err    error
		en, zh string
	}{
		{"worded", worded, `no context "prod"`, `没有上下文 "prod"`},
		{"plain", plain, "EOF", "EOF"},
		{"nil", nil, "", ""},
		{"plain layer around a worded error", fmt.Errorf("kubeconfig a: %w", worded),
			`kubeconfig a: no context "prod"`, `kubeconfig a: 没有上下文 "prod"`},
		{"two plain layers", fmt.Errorf("x: %w", fmt.Errorf("y: %w", worded)),
			`x: y: no context "prod"`, `x: y: 没有上下文 "prod"`},
		{"worded around plain around worded", Errorf("reading: %w", "读取：%w", fmt.Errorf("file a: %w", worded)),
			`reading: file a: no context "prod"`, `读取：file a: 没有上下文 "prod"`},
		{"a layer that does not quote it", fmt.Errorf("failed (%s): %w", "x", &quiet{worded}),
			"failed (x): quiet", "failed (x): quiet"},
		{"joined", errors.Join(plain, worded), "EOF\n" + `no context "prod"`, "EOF\n" + `没有上下文 "prod"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ErrorIn(tt.err, English); got != tt.en {
				t.Errorf("ErrorIn(English) = %q, want %q", got, tt.en)
			}
			if got := ErrorIn(tt.err, Chinese); got != tt.zh {
				t.Errorf("ErrorIn(Chinese) = %q, want %q", got, tt.zh)
			}
		})
	}
}

// quiet wraps an error without quoting its message.
type quiet struct{ err error }

func (q *quiet) Error() string { return "quiet" }
func (q *quiet) Unwrap() error { return q.err }
