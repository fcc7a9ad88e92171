// Package events maps Kubernetes event text to the catalog rules it proves and redacts credentials
// that cloud controllers sometimes echo into event messages.
package events

import (
	"regexp"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/redact"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// codeRE finds TKE codes in the forms the controllers write: "ErrorCode: E4011",
// `IngressErrorCode{Code:"E4009",…}`, "Code: E4052" or a bare "E4052 Ingress Host Invalid".
var codeRE = regexp.MustCompile(`\b([EW][0-9]{4})\b`)

// MaxMessage bounds how much of a message is matched; longer text is cut.
const MaxMessage = 64 << 10

// Codes is how a provider's controllers write its rules' codes into event messages (TKE's E4009):
// the provider's rules with a code are matched by it, for the object's kind; every other rule by
// its documented message fragments (rules.Rule.Match).
type Codes struct {
	Provider rules.Provider
	// Find returns the codes a message names, at most 8. It runs on every event, so it rules a
	// message out cheaply.
	Find func(message string) []string
	// Whole reports whether a rule's code is of the form Find finds (an event can prove the rule).
	Whole func(code string) bool
	// Unnamed, when set, returns the codes a message that names none says in its wording (the
	// controllers' Chinese messages).
	Unnamed func(kind rules.Kind, message string) []string
}

// Match returns the rules an event message proves for an object of kind, sorted and without
// duplicates. The codes of each provider of codes are looked up for the object's kind; the other
// rules match on their documented message fragments. provider narrows the result when it is not
// Generic or empty; when it is, fragments other clouds' controllers write too (MatchShared) prove
// nothing.
func Match(codes []Codes, provider rules.Provider, kind rules.Kind, message string) []rules.ID {
	if len(message) > MaxMessage {
		message = message[:MaxMessage]
	}
	folded := fold(message)
	var seen map[rules.ID]bool // made at the first match: most messages prove nothing
	add := func(id rules.ID) {
		if seen == nil {
			seen = map[rules.ID]bool{}
		}
		seen[id] = true
	}
	anyProvider := provider == "" || provider == rules.Generic
	for _, cs := range codes {
		if !anyProvider && provider != cs.Provider {
			continue
		}
		found := false
		for _, code := range cs.Find(message) {
			for _, id := range byCode(cs.Provider, kind, code, folded) {
				add(id)
				found = true
			}
		}
		if !found && cs.Unnamed != nil {
			// A message without a code: the controllers' wording names it.
			for _, code := range cs.Unnamed(kind, message) {
				for _, id := range byCode(cs.Provider, kind, code, folded) {
					add(id)
				}
			}
		}
	}
	for _, r := range byKind[kind] {
		if !anyProvider && r.Provider != provider || anyProvider && r.MatchShared {
			continue
		}
		// The rules with a code of a provider of codes were matched by it above; the rest match by fragment.
		if (r.Code == "" || !coded(codes, r.Provider)) && containsAny(folded, r.Match) {
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

// coded reports whether provider p is one of codes'.
func coded(codes []Codes, p rules.Provider) bool {
	for _, cs := range codes {
		if cs.Provider == p {
			return true
		}
	}
	return false
}

// codeIndex holds the coded rules of each provider and kind by code, in catalog order (what
// rules.Lookup returns for the exact code), built once, from the complete catalog, instead of per
// event.
var codeIndex = sync.OnceValue(func() map[rules.Provider]map[rules.Kind]map[string][]rules.Rule {
	m := map[rules.Provider]map[rules.Kind]map[string][]rules.Rule{}
	for _, r := range rules.All() {
		if r.Code == "" {
			continue
		}
		if m[r.Provider] == nil {
			m[r.Provider] = map[rules.Kind]map[string][]rules.Rule{}
		}
		if m[r.Provider][r.Kind] == nil {
			m[r.Provider][r.Kind] = map[string][]rules.Rule{}
		}
		m[r.Provider][r.Kind][r.Code] = append(m[r.Provider][r.Kind][r.Code], r)
	}
	return m
})

// byCode returns provider p's rules of a code. When several rules share the code (TKE's E4038 has
// two documented meanings), those whose fragments occur in the folded message win; with none, all
// are returned.
func byCode(p rules.Provider, kind rules.Kind, code, folded string) []rules.ID {
	var all, hit []rules.ID
	for _, r := range codeIndex()[p][kind][code] {
		all = append(all, r.ID)
		if containsAny(folded, r.Match) {
			hit = append(hit, r.ID)
		}
	}
	if len(all) > 1 && len(hit) > 0 {
		return hit
	}
	return all
}

// containsAny reports whether the folded message holds one of the fragments, folded alike. A
// fragment of parts joined by " … " holds when its parts occur in that order.
func containsAny(folded string, frags []string) bool {
	for _, f := range frags {
		if holds(folded, foldedFragment(f)) {
			return true
		}
	}
	return false
}

// holds reports whether every part occurs in s, each after the one before.
func holds(s string, parts []string) bool {
	if len(parts) == 0 {
		return false
	}
	for _, p := range parts {
		i := strings.Index(s, p)
		if i < 0 {
			return false
		}
		s = s[i+len(p):]
	}
	return true
}

// fold keeps only the letters and digits of s, lower-cased: a documented fragment then matches
// whatever case, spacing and punctuation the controller's wrapping gives the cloud's words
// ("Code: Throttling" in "ErrorCode:Throttling.User", "NetworkConflict" in "network conflict",
// a sentence broken over the lines of an SDK error).
func fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// foldParts folds each " … "-separated part of a fragment, dropping parts that fold to nothing.
func foldParts(f string) []string {
	var parts []string
	for _, p := range strings.Split(f, " … ") {
		if fp := fold(p); fp != "" {
			parts = append(parts, fp)
		}
	}
	return parts
}

// foldedFragments caches foldParts of every catalog fragment.
var foldedFragments = sync.OnceValue(func() map[string][]string {
	m := map[string][]string{}
	for _, r := range rules.All() {
		for _, f := range r.Match {
			m[f] = foldParts(f)
		}
	}
	return m
})

// foldedFragment is foldParts(f), from the cache when f is a catalog fragment.
func foldedFragment(f string) []string {
	if ff, ok := foldedFragments()[f]; ok {
		return ff
	}
	return foldParts(f)
}

// Reachable reports whether some event message can prove rule r: it has a fragment, or a code of
// the form its provider's Codes find.
func Reachable(codes []Codes, r rules.Rule) bool {
	if len(r.Match) > 0 {
		return true
	}
	for _, cs := range codes {
		if cs.Provider == r.Provider && r.Code != "" && cs.Whole(r.Code) {
			return true
		}
	}
	return false
}

// Redact removes credentials from event text before it is printed: redact.String, the one
// redaction of every output.
func Redact(s string) string { return redact.String(s) }
