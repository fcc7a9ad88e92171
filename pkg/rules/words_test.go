package rules

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

// errProbe is an error type errors.As looks for through a WordsError.
type errProbe struct{ s string }

func (e *errProbe) Error() string { return e.s }

// TestErrorfWraps: %w in Errorf wraps its error as fmt.Errorf does, and each language prints it as %v.
func TestErrorfWraps(t *testing.T) {
	probe := &errProbe{"EOF"}
	other := errors.New("other")
	tests := []struct {
		name   string
		err    error
		en, zh string
		is     []error
	}{
		{"one %w", Errorf("cannot read %s: %w", "无法读取 %s：%w", "a.yaml", probe), "cannot read a.yaml: EOF", "无法读取 a.yaml：EOF", []error{probe}},
		{"indexed %w", Errorf("%[2]s: %[1]w", "%[2]s：%[1]w", probe, "x"), "x: EOF", "x：EOF", []error{probe}},
		{"two %w", Errorf("%w; %w", "%w；%v", probe, other), "EOF; other", "EOF；other", []error{probe, other}},
		{"no %w", Errorf("%v and %%w", "%v 与 %%w", probe), "EOF and %w", "EOF 与 %w", nil},
		{"worded %w", Errorf("reading: %w", "读取：%w", Errorf("bad %q", "%q 无效", "v")), `reading: bad "v"`, `读取："v" 无效`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := tt.err.(Worded)
			if got := tt.err.Error(); got != tt.en {
				t.Errorf("Error() = %q, want %q", got, tt.en)
			}
			if got := w.In(Chinese); got != tt.zh {
				t.Errorf("In(Chinese) = %q, want %q", got, tt.zh)
			}
			for _, target := range tt.is {
				if !errors.Is(tt.err, target) {
					t.Errorf("errors.Is(%v) = false", target)
				}
			}
			var p *errProbe
			if got := errors.As(tt.err, &p); got != (len(tt.is) > 0) {
				t.Errorf("errors.As(*errProbe) = %v, want %v", got, len(tt.is) > 0)
			}
		})
	}
	var inner *WordsError
	if err := Errorf("reading: %w", "读取：%w", Errorf("bad", "无效")); !errors.As(errors.Unwrap(err), &inner) || inner.In(Chinese) != "无效" {
		t.Errorf("a wrapped WordsError is not found beneath its wrapper")
	}
}
