// Package redact removes credentials from text: the one function every output, log and error of
// the plugin passes through (String), and a writer that applies it line by line (Writer). It knows
// the credential shapes of both clouds and the usual key names they travel under:
//
//   - Tencent Cloud SecretId (AKID followed by 32 or 36 letters and digits; any AKID followed by
//     12 or more is taken for one), Alibaba Cloud AccessKey ID (LTAI followed by 12–30) and STS
//     AccessKey ID (STS. followed by 12 or more), wherever they stand: bare, after a key name and a
//     space, a colon or an equals sign, quoted or not;
//   - the value after a credential key name (SecretId, SecretKey, AccessKeyId, AccessKeySecret,
//     SecurityToken, Signature, Token, password, secret, the vendors' environment variables…) with
//     ':' or '=' in any quoting, and a secret-looking value (16 or more letters, digits, '/', '+'
//     or '=') after blanks and a name that only names a credential (SecretId, SecretKey,
//     AccessKeyId, AccessKeySecret, SecurityToken and the environment variables);
//   - HTTP Authorization headers, user:password@ in URLs and JWTs;
//   - a key's value percent-encoded in a query (AccessKeyId%3D…, SecurityToken%253D…) and the vendor's
//     echo of the string it signed ("server string to sign is: …", which holds the key id and token).
//
// Values adds the credentials a caller holds (the cloud readers' key in use), in every encoding a
// request carries them in.
package redact

import (
	"bytes"
	"io"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"
)

// Mark replaces what is removed.
const Mark = "[REDACTED]"

// keyNames are the key names a credential travels under (case-insensitive). The longest come first
// so that AccessKeySecret is not read as AccessKey followed by "Secret".
const keyNames = `(?:tencentcloud_secret_(?:id|key)|alibaba_cloud_access_key_(?:id|secret)|alicloud_access_key(?:_id|_secret)?|` +
	`access_?key_?(?:id|secret)?|(?:tmp)?secret_?(?:id|key)|x-acs-security-token|x-tc-token|security_?token|sts_?token|` +
	`access_token|signature|token|passw(?:or)?d|secret)`

// credNames are the key names that only ever name a credential, which may stand before its value
// with blanks alone ("SecretKey Gu5t…"); a word such as secret or token may be followed by a name.
const credNames = `(?:tencentcloud_secret_(?:id|key)|alibaba_cloud_access_key_(?:id|secret)|alicloud_access_key(?:_id|_secret)?|` +
	`access_?key_?(?:id|secret)|(?:tmp)?secret_?(?:id|key)|security_?token|sts_?token)`

// rule is a pattern with a cheap test that every match passes (a word it cannot match without),
// so most text never runs through the regular expressions.
type rule struct {
	maybe func(s string) bool
	re    *regexp.Regexp
	repl  string
}

var rules = []rule{
	// Key ids of both clouds, in any form, bare included.
	{func(s string) bool { return strings.Contains(s, "AKID") }, regexp.MustCompile(`AKID[0-9A-Za-z]{12,}`), "AKID" + Mark},
	{func(s string) bool { return strings.Contains(s, "LTAI") }, regexp.MustCompile(`LTAI[0-9A-Za-z]{12,}`), "LTAI" + Mark},
	{func(s string) bool { return strings.Contains(s, "STS.") }, regexp.MustCompile(`STS\.[0-9A-Za-z]{12,}`), "STS." + Mark},
	// The vendor's echo of the string it signed, to the end of its line.
	{func(s string) bool { return containsFold(s, "sign") && containsFold(s, "string") }, regexp.MustCompile(`(?i)(\bstring[ \t]*to[ \t]*sign(?:[ \t]+is)?[ \t]*:?[ \t]*)[^\r\n]+`), "$1" + Mark},
	// A value after a key name and ':' or '=', quoted or not (JSON escapes quotes with '\'), or after
	// a percent-encoded '=' in a query.
	{maybeKey, regexp.MustCompile(`(?i)((?:\b|_)` + keyNames + `)((?:\\?["'])?\s*(?:[=:]|%3D|%253D)\s*(?:\\?["'])?)[^&\s"'\\,;}<\[]+`), "$1$2" + Mark},
	// A secret-looking value after a key name and blanks: "SecretKey Gu5t9xGARNpq86cd98joQYCN3Cozk1qA".
	{maybeKey, regexp.MustCompile(`(?i)((?:\b|_)` + credNames + `[ \t]+)[0-9A-Za-z/+=]{16,}`), "$1" + Mark},
	// HTTP authorization headers.
	{func(s string) bool { return containsFold(s, "authorization") }, regexp.MustCompile(`(?i)\b(Authorization:\s*(?:Bearer|Basic|TC3-HMAC-SHA256|ACS3-HMAC-SHA256)?\s*)[^\s"',;]+`), "$1" + Mark},
	// Credentials embedded in URLs: scheme://user:pass@host.
	{func(s string) bool { return strings.Contains(s, "://") && strings.Contains(s, "@") }, regexp.MustCompile(`(://[^/\s:@]+:)[^/\s@]+@`), "$1" + Mark + "@"},
	// Bearer tokens shaped as JWTs.
	{func(s string) bool { return strings.Contains(s, "eyJ") }, regexp.MustCompile(`\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+`), Mark},
}

// Values is String(s) after each of values of 4 bytes or more (credentials the caller holds) is
// replaced by Mark as it is, query-escaped, and percent-encoded once or twice as the vendors'
// signatures encode it.
func Values(s string, values ...string) string {
	for _, v := range values {
		if len(v) < 4 {
			continue
		}
		for _, form := range []string{v, url.QueryEscape(v), PercentEncode(v), PercentEncode(PercentEncode(v))} {
			s = strings.ReplaceAll(s, form, Mark)
		}
	}
	return String(s)
}

// PercentEncode is the vendors' signature encoding of a value: all but A-Z a-z 0-9 - _ . ~ as %XY.
func PercentEncode(v string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		c := v[i]
		if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' || c == '~' {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

// maybeKey reports whether s may hold a credential key name.
func maybeKey(s string) bool {
	return containsFold(s, "key", "secret", "signature", "token", "passw")
}

// String is s with every credential it holds replaced by Mark.
func String(s string) string {
	for _, r := range rules {
		if r.maybe(s) {
			s = r.re.ReplaceAllString(s, r.repl)
		}
	}
	return s
}

// appendLines appends String(s) to dst, computed only over the lines a match can touch. A match
// begins on a line that passes its rule's cheap test and ends at most two lines holding more than
// blanks (\s) past it (a key name, then '=' or ':' on a line of its own, then the value on the next),
// and no replacement adds a newline, a blank or a word a cheap test looks for; so such a line with
// those after it is redacted as one part, and every other line is passed on as it is.
func appendLines(dst, s []byte) []byte {
	done, part, left := 0, -1, 0 // done: s[:done] is in dst; part: start of the open part, or -1
	for i := 0; i < len(s); {
		end := len(s)
		if j := bytes.IndexByte(s[i:], '\n'); j >= 0 {
			end = i + j + 1
		}
		line := s[i:end]
		switch {
		case maybeAny(line):
			if part < 0 {
				part = i
			}
			left = 2
		case part < 0:
		case left == 0:
			dst = append(append(dst, s[done:part]...), String(string(s[part:i]))...)
			done, part = i, -1
		case !blank(line):
			left--
		}
		i = end
	}
	if part >= 0 {
		dst = append(append(dst, s[done:part]...), String(string(s[part:]))...)
		done = len(s)
	}
	return append(dst, s[done:]...)
}

// maybeAny reports, in one pass, whether any rule's cheap test may pass on s: it looks for one word
// of each test (string for the signed string's echo) and takes a non-ASCII byte as one, as they do.
func maybeAny(s []byte) bool {
	for i, c := range s {
		if c >= utf8.RuneSelf {
			return true
		}
		rest := s[i:]
		switch c | 0x20 {
		case 'k':
			if hasFold(rest, "key") {
				return true
			}
		case 's':
			if hasFold(rest, "secret") || hasFold(rest, "signature") || hasFold(rest, "string") || bytes.HasPrefix(rest, []byte("STS.")) {
				return true
			}
		case 't':
			if hasFold(rest, "token") {
				return true
			}
		case 'p':
			if hasFold(rest, "passw") {
				return true
			}
		case 'a':
			if hasFold(rest, "authorization") || bytes.HasPrefix(rest, []byte("AKID")) {
				return true
			}
		case 'l':
			if bytes.HasPrefix(rest, []byte("LTAI")) {
				return true
			}
		case 'e':
			if bytes.HasPrefix(rest, []byte("eyJ")) {
				return true
			}
		case ':':
			if bytes.HasPrefix(rest, []byte("://")) && bytes.IndexByte(s, '@') >= 0 {
				return true
			}
		}
	}
	return false
}

// hasFold reports whether s begins with the lower-case ASCII word w in any ASCII case.
func hasFold(s []byte, w string) bool {
	if len(s) < len(w) {
		return false
	}
	for k := 0; k < len(w); k++ {
		if s[k]|0x20 != w[k] {
			return false
		}
	}
	return true
}

// blank reports whether s holds only what \s matches.
func blank(s []byte) bool {
	for _, c := range s {
		switch c {
		case ' ', '\t', '\n', '\f', '\r':
		default:
			return false
		}
	}
	return true
}

// containsFold reports whether s contains one of the lower-case ASCII words, in any case. Text with
// a non-ASCII byte counts as containing them: under (?i) the Kelvin sign matches k and the long s
// matches s.
func containsFold(s string, words ...string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return true
		}
		for _, w := range words {
			if len(s)-i >= len(w) && (s[i] == w[0] || s[i]|0x20 == w[0]) && strings.EqualFold(s[i:i+len(w)], w) {
				return true
			}
		}
	}
	return false
}

// Writer passes what is written to its destination through String, a line at a time: it holds
// the part of a line not yet ended until its newline, Flush or Close, except a status line (one
// that holds a carriage return), which it passes on at once. It is safe for concurrent use.
type Writer struct {
	mu   sync.Mutex
	dst  io.Writer
	tail []byte
	out  []byte // what is written on, reused
}

// NewWriter returns a Writer onto dst; a dst that is already one is returned as it is.
func NewWriter(dst io.Writer) *Writer {
	if w, ok := dst.(*Writer); ok {
		return w
	}
	return &Writer{dst: dst}
}

// Write redacts each complete line of p (with what was held before it) and writes it on.
func (w *Writer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.tail = append(w.tail, p...)
	end := bytes.LastIndexByte(w.tail, '\n') + 1
	if end == 0 && bytes.IndexByte(w.tail, '\r') >= 0 {
		end = len(w.tail)
	}
	if end > 0 {
		w.out = appendLines(w.out[:0], w.tail[:end])
		if _, err := w.dst.Write(w.out); err != nil {
			return 0, err
		}
		w.tail = append(w.tail[:0], w.tail[end:]...)
	}
	return len(p), nil
}

// Flush writes on what is held.
func (w *Writer) Flush() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.tail) == 0 {
		return nil
	}
	w.out = appendLines(w.out[:0], w.tail)
	_, err := w.dst.Write(w.out)
	w.tail = w.tail[:0]
	return err
}

// Unwrap is the destination, for a caller that asks whether it is a terminal.
func (w *Writer) Unwrap() io.Writer { return w.dst }

// Unwrap is the destination of a Writer, else w.
func Unwrap(w io.Writer) io.Writer {
	if r, ok := w.(*Writer); ok {
		return r.dst
	}
	return w
}
