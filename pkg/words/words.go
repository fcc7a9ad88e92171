// Package words is the program's own text in every language it speaks: phrases written in English and
// Simplified Chinese side by side (Say, Errorf), and the choice of language (--lang, the locale).
package words

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
)

// Phrase is a fixed human text in every language of LangValues: an English and a Simplified
// Chinese format that take the same facts (verbs), in the same order or with explicit indexes
// (%[2]s). It is the one way the program's own text is written in two languages.
type Phrase struct {
	En, Zh string
}

// In is p's format in lang.
func (p Phrase) In(lang Lang) string {
	if lang == Chinese {
		return p.Zh
	}
	return p.En
}

// With is p with its facts.
func (p Phrase) With(args ...any) Words { return Words{p: p, args: args} }

// Words is a phrase with its facts, worded in any language by In. A fact that is itself Words, or
// a Worded value, is worded in the same language, and so is an error that wraps one (ErrorIn);
// other facts (names, values, addresses, quoted controller messages) are printed as they are. A
// format may use %w for an error fact, as fmt.Errorf does: it prints as %v.
type Words struct {
	p    Phrase
	args []any
}

// Say is Phrase{en, zh}.With(args...): text written where it is used.
func Say(en, zh string, args ...any) Words { return Phrase{En: en, Zh: zh}.With(args...) }

// Worded is a value that words itself in a language (Words, and errors that carry Words).
type Worded interface {
	In(lang Lang) string
}

// In is w in lang; the zero Words is "".
func (w Words) In(lang Lang) string {
	f := w.p.In(lang)
	if len(w.args) == 0 {
		return f
	}
	f, _ = wrapVerbs(f)
	args := make([]any, len(w.args))
	for i, a := range w.args {
		switch n := a.(type) {
		case Worded:
			a = n.In(lang)
		case error:
			a = ErrorIn(n, lang)
		}
		args[i] = a
	}
	out := fmt.Sprintf(f, args...)
	if lang == Chinese {
		out = TidyChinese(out)
	}
	return out
}

// TidyChinese drops a space between two Chinese characters (or a Chinese character and Chinese
// punctuation), which a fact put into a sentence leaves behind ("不是有效的 %s" with "地域 ID" reads
// "不是有效的 地域 ID"); a space between Chinese and Latin text is kept, as Chinese typography has it.
func TidyChinese(s string) string {
	if !strings.Contains(s, " ") {
		return s
	}
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		if r == ' ' && i > 0 && i+1 < len(rs) && wideCJK(rs[i-1]) && wideCJK(rs[i+1]) {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// wideCJK reports whether r is a Han character or full-width CJK punctuation.
func wideCJK(r rune) bool {
	return unicode.Is(unicode.Han, r) || (r >= 0x3000 && r <= 0x303f) || (r >= 0xff01 && r <= 0xff0f) ||
		(r >= 0xff1a && r <= 0xff20) || (r >= 0xff3b && r <= 0xff40) || (r >= 0xff5b && r <= 0xff65)
}

// wrapVerbs is format with each %w verb written %v, which fmt.Sprintf prints an error with, and
// whether it had one.
func wrapVerbs(format string) (string, bool) {
	if !strings.Contains(format, "w") {
		return format, false
	}
	b := []byte(format)
	found := false
	for i := 0; i < len(b); i++ {
		if b[i] != '%' {
			continue
		}
		// Skip the flags, width, precision and argument index up to the verb.
		j := i + 1
		for j < len(b) && strings.IndexByte("+-# 0123456789.*[]", b[j]) >= 0 {
			j++
		}
		if j < len(b) && b[j] == 'w' {
			b[j], found = 'v', true
		}
		i = j
	}
	return string(b), found
}

// String is w in English.
func (w Words) String() string { return w.In(English) }

// Facts are the facts w was given, in order: tests read them to assert what a finding names.
func (w Words) Facts() []any { return w.args }

// IsZero reports whether w is the zero Words (no text at all).
func (w Words) IsZero() bool { return w.p == Phrase{} && len(w.args) == 0 }

// HasHan reports whether s holds a Han character: a Chinese text does, an English one does not.
func HasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// WordsError is an error whose message is Words: Error is its English, In any language. It wraps
// the error its English format gives with %w, as fmt.Errorf would (errors.Is and errors.As find
// it); several %w are wrapped as one errors.Join, so that a WordsError is never taken for a list
// of errors (an Unwrap() []error).
type WordsError struct {
	W       Words
	wrapped error
}

// Error is the English message.
func (e *WordsError) Error() string { return e.W.In(English) }

// In is the message in lang.
func (e *WordsError) In(lang Lang) string { return e.W.In(lang) }

// Unwrap is the error e wraps (its %w fact, or the join of several); nil when it wraps none.
func (e *WordsError) Unwrap() error { return e.wrapped }

// Errorf is an error worded in every language, en and zh formats that take the same facts (see
// Words). An error among args that is Worded, or wraps one, is worded in the same language; any
// other prints its own message. The errors en gives with %w are wrapped, as by fmt.Errorf; zh may
// write them %w or %v.
func Errorf(en, zh string, args ...any) error {
	e := &WordsError{W: Say(en, zh, args...)}
	if _, ok := wrapVerbs(en); ok {
		switch u := fmt.Errorf(en, args...).(type) {
		case interface{ Unwrap() error }:
			e.wrapped = u.Unwrap()
		case interface{ Unwrap() []error }:
			e.wrapped = errors.Join(u.Unwrap()...)
		}
	}
	return e
}

// ErrorIn is err's message in lang: a Worded err's In, and for an err that wraps a Worded error
// (a plain fmt.Errorf("...: %w", worded) layer), its message with the outermost Worded error's
// English replaced by its text in lang, so that the layers around it are kept as they are. An
// err without a Worded error prints its own message (a Go library's or an API server's text).
func ErrorIn(err error, lang Lang) string {
	if err == nil {
		return ""
	}
	if w, ok := err.(Worded); ok {
		return w.In(lang)
	}
	msg := err.Error()
	if lang == English {
		return msg
	}
	var w Worded
	if !errors.As(err, &w) {
		return msg
	}
	inner, ok := w.(error)
	if !ok {
		return msg
	}
	en := inner.Error()
	i := strings.LastIndex(msg, en)
	if en == "" || i < 0 {
		// The layer does not quote the worded error's message: its own words stand.
		return msg
	}
	return msg[:i] + w.In(lang) + msg[i+len(en):]
}

// List is items as a list in every language: "a, b, c" in English, "a、b、c" in Chinese.
func List(items []string) Words {
	return Say(strings.Join(items, ", "), strings.Join(items, "、"))
}

// Either is items as alternatives in every language: "a, b or c" in English, "a、b 或 c" in
// Chinese; one item is itself.
func Either(items []string) Words {
	n := len(items)
	if n < 2 {
		return List(items)
	}
	return Say(strings.Join(items[:n-1], ", ")+" or "+items[n-1], strings.Join(items[:n-1], "、")+" 或 "+items[n-1])
}
