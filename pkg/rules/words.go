package rules

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
// a Worded value, is worded in the same language; other facts (names, values, addresses, quoted
// controller messages) are printed as they are.
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
	args := make([]any, len(w.args))
	for i, a := range w.args {
		if n, ok := a.(Worded); ok {
			a = n.In(lang)
		}
		args[i] = a
	}
	return fmt.Sprintf(f, args...)
}

// String is w in English.
func (w Words) String() string { return w.In(English) }

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

// WordsError is an error whose message is Words: Error is its English, In any language. An error
// made by Errorf with %w wraps that fact (Unwrap), so errors.Is and errors.As find it.
type WordsError struct {
	W Words
	// wrapped is the error the %w verbs wrap: the fact itself, or all of them joined.
	wrapped error
}

// Error is the English message.
func (e *WordsError) Error() string { return e.W.In(English) }

// In is the message in lang.
func (e *WordsError) In(lang Lang) string { return e.W.In(lang) }

// Unwrap is the error a %w verb of the English format wrapped (nil: none).
func (e *WordsError) Unwrap() error { return e.wrapped }

// Errorf is an error worded in every language; an error among args that is Worded is worded in
// the same language, any other prints its own message. As with fmt.Errorf, the errors the English
// format gives to %w are wrapped (several are joined); each format prints them as %v would.
func Errorf(en, zh string, args ...any) error {
	e := &WordsError{W: Say(wrapAsV(en), wrapAsV(zh), args...)}
	if en != e.W.p.En {
		switch w := fmt.Errorf(en, args...).(type) {
		case interface{ Unwrap() error }:
			e.wrapped = w.Unwrap()
		case interface{ Unwrap() []error }:
			e.wrapped = errors.Join(w.Unwrap()...)
		}
	}
	return e
}

// wrapAsV is format f with each %w verb (flags, width or index included) made %v.
func wrapAsV(f string) string {
	if !strings.Contains(f, "%") {
		return f
	}
	b := []byte(f)
	for i := 0; i < len(b); i++ {
		if b[i] != '%' {
			continue
		}
		j := i + 1
		for j < len(b) && strings.IndexByte("+-# 0123456789.[]*", b[j]) >= 0 {
			j++
		}
		if j < len(b) && b[j] == 'w' {
			b[j] = 'v'
		}
		i = j
	}
	return string(b)
}
