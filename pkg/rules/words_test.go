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
