// Package events maps Kubernetes event text to the catalog rules it proves and redacts credentials
// that cloud controllers sometimes echo into event messages.
package events

import (
	"regexp"
	"sort"
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/redact"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
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
	var seen map[rules.ID]bool // made at the first match: most messages prove nothing
	add := func(id rules.ID) {
		if seen == nil {
			seen = map[rules.ID]bool{}
		}
		seen[id] = true
	}
	if (provider == "" || provider == rules.Generic || provider == tkerules.Provider) && mayHaveCode(message) {
		for _, m := range codeRE.FindAllStringSubmatch(message, 8) {
			for _, id := range byCode(kind, m[1], message) {
				add(id)
			}
		}
	}
	if (provider == "" || provider == rules.Generic || provider == tkerules.Provider) && seen == nil {
		// A Chinese message without a code: the controllers' Chinese wording names it.
		for _, code := range zhCodes(kind, message) {
			for _, id := range byCode(kind, code, message) {
				add(id)
			}
		}
	}
	for _, r := range byKind[kind] {
		if provider != "" && provider != rules.Generic && r.Provider != provider {
			continue
		}
		// TKE rules with a code were matched by it above; the rest match by fragment.
		if (r.Code == "" || r.Provider != tkerules.Provider) && containsAny(message, r.Match) {
			add(r.ID)
		}
	}
	out := make([]rules.ID, 0, len(seen))
	for id := range seen {
		out = append(out, id)
	}
	sort.Slice(out, func(i, j int) bool { return rules.Compare(out[i], out[j]) < 0 })
	return out
}

// mayHaveCode is false when codeRE cannot match s: no E or W is followed by a digit.
func mayHaveCode(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if (s[i] == 'E' || s[i] == 'W') && s[i+1] >= '0' && s[i+1] <= '9' {
			return true
		}
	}
	return false
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

// tkeByCode holds the TKE rules of each kind by code, in catalog order (what rules.Lookup returns
// for the exact code), built once instead of per event.
var tkeByCode = func() map[rules.Kind]map[string][]rules.Rule {
	m := map[rules.Kind]map[string][]rules.Rule{}
	for _, r := range rules.All() {
		if r.Provider != tkerules.Provider || r.Code == "" {
			continue
		}
		if m[r.Kind] == nil {
			m[r.Kind] = map[string][]rules.Rule{}
		}
		m[r.Kind][r.Code] = append(m[r.Kind][r.Code], r)
	}
	return m
}()

// byCode returns the TKE rules of a code. When several rules share the code (E4038 has two
// documented meanings), those whose fragments occur in the message win; with none, all are returned.
func byCode(kind rules.Kind, code, message string) []rules.ID {
	var all, hit []rules.ID
	for _, r := range tkeByCode[kind][code] {
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
	return len(r.Match) > 0 || (r.Provider == tkerules.Provider && codeRE.MatchString(r.Code) && codeRE.FindString(r.Code) == r.Code)
}

// Redact removes credentials from event text before it is printed: redact.String, the one
// redaction of every output.
func Redact(s string) string { return redact.String(s) }
