// Package events maps Kubernetes event text to the catalog rules it proves and redacts credentials
// that cloud controllers sometimes echo into event messages.
package events

import (
	"regexp"
	"sort"
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// codeRE finds TKE codes in the forms the controllers write: "ErrorCode: E4011",
// `IngressErrorCode{Code:"E4009",…}`, "Code: E4052" or a bare "E4052 Ingress Host Invalid".
var codeRE = regexp.MustCompile(`\b([EW][0-9]{4})\b`)

// MaxMessage bounds how much of a message is matched; longer text is cut.
const MaxMessage = 64 << 10

// Match returns the rules an event message proves for an object of kind, sorted and without
// duplicates. TKE codes are looked up for the object's kind; ACK rules match on their documented
// message fragments. provider narrows the result when it is not Generic or empty.
func Match(provider rules.Provider, kind rules.Kind, message string) []rules.ID {
	if len(message) > MaxMessage {
		message = message[:MaxMessage]
	}
	seen := map[rules.ID]bool{}
	if provider == "" || provider == rules.Generic || provider == rules.TKE {
		for _, m := range codeRE.FindAllStringSubmatch(message, 8) {
			for _, id := range byCode(kind, m[1], message) {
				seen[id] = true
			}
		}
	}
	for _, r := range byKind[kind] {
		if provider != "" && provider != rules.Generic && r.Provider != provider {
			continue
		}
		// TKE rules with a code were matched by it above; the rest match by fragment.
		if (r.Code == "" || r.Provider != rules.TKE) && containsAny(message, r.Match) {
			seen[r.ID] = true
		}
	}
	out := make([]rules.ID, 0, len(seen))
	for id := range seen {
		out = append(out, id)
	}
	sort.Slice(out, func(i, j int) bool { return rules.Compare(out[i], out[j]) < 0 })
	return out
}

var byKind = func() map[rules.Kind][]rules.Rule {
	m := map[rules.Kind][]rules.Rule{}
	for _, r := range rules.All() {
		if len(r.Match) > 0 {
			m[r.Kind] = append(m[r.Kind], r)
		}
	}
	return m
}()

// byCode returns the TKE rules of a code. When several rules share the code (E4038 has two
// documented meanings), those whose fragments occur in the message win; with none, all are returned.
func byCode(kind rules.Kind, code, message string) []rules.ID {
	var all, hit []rules.ID
	for _, r := range rules.Lookup(code, rules.TKE, kind) {
		if r.Code != code {
			continue
		}
		all = append(all, r.ID)
		if containsAny(message, r.Match) {
			hit = append(hit, r.ID)
		}
	}
	if len(all) > 1 && len(hit) > 0 {
		return hit
	}
	return all
}

func containsAny(s string, frags []string) bool {
	for _, f := range frags {
		if strings.Contains(s, f) {
			return true
		}
	}
	return false
}

// Reachable reports whether some event message can prove rule r: it has a TKE code or a fragment.
func Reachable(r rules.Rule) bool {
	return len(r.Match) > 0 || (r.Provider == rules.TKE && codeRE.MatchString(r.Code) && codeRE.FindString(r.Code) == r.Code)
}

var redactions = []struct {
	re   *regexp.Regexp
	repl string
}{
	// Query or form parameters of signed cloud API calls and URLs with tokens.
	{regexp.MustCompile(`(?i)\b(AccessKeyId|AccessKeySecret|SecretId|SecretKey|Signature|SecurityToken|X-Acs-Security-Token|Token|access_token|password|passwd|secret)(["']?\s*[=:]\s*["']?)[^&\s"',;}]+`), "$1$2[REDACTED]"},
	// HTTP authorization headers.
	{regexp.MustCompile(`(?i)\b(Authorization:\s*(?:Bearer|Basic|TC3-HMAC-SHA256|ACS3-HMAC-SHA256)?\s*)[^\s"',;]+`), "$1[REDACTED]"},
	// Credentials embedded in URLs: scheme://user:pass@host.
	{regexp.MustCompile(`(://[^/\s:@]+:)[^/\s@]+@`), "$1[REDACTED]@"},
	// Long base64-looking bearer tokens (JWTs).
	{regexp.MustCompile(`\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+`), "[REDACTED]"},
}

// Redact removes credentials from event text before it is printed.
func Redact(s string) string {
	for _, r := range redactions {
		s = r.re.ReplaceAllString(s, r.repl)
	}
	return s
}
