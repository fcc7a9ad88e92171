// Package annotations is the framework for a provider's annotation keys: each key a cloud documents is
// declared once, in its provider's folder (pkg/providers/<cloud>/<cloud>ann), as a Key with the kinds
// it applies to, its value domain in words and the document it comes from. The checks, the change
// model, the admission policies and the generated docs/annotation-domains.md all read those
// declarations; a vendor key spelt anywhere else fails internal/repocheck TestAnnotationKeysDeclared.
//
// The package imports nothing of the project, so every other package can use it.
package annotations

import (
	"slices"
	"strings"
)

// Kinds is a set of the object kinds a key applies to.
type Kinds uint8

// The kinds a key can apply to.
const (
	Service Kinds = 1 << iota
	Ingress
)

// Has is true when k includes every kind of o.
func (k Kinds) Has(o Kinds) bool { return k&o == o && o != 0 }

// String is the kinds as the docs name them: "Service", "Ingress" or "Service, Ingress".
func (k Kinds) String() string {
	var out []string
	if k&Service != 0 {
		out = append(out, "Service")
	}
	if k&Ingress != 0 {
		out = append(out, "Ingress")
	}
	return strings.Join(out, ", ")
}

// Key is one annotation key (or CRD field) a cloud documents.
type Key struct {
	// Name is the full key as written in metadata.annotations (for a CRD field, its path).
	Name string
	// Kinds is what the key is written on.
	Kinds Kinds
	// Domain is the documented value domain in words ("" is free text, or read-only).
	Domain string
	// Outside is what the tool reports for a value outside Domain ("" when it does not judge the
	// value yet: the key is known, and gives no finding of its own).
	Outside string
	// Source is where the key and its domain are documented: a vendor page URL, a seed file, or the
	// controller's source.
	Source string
}

// Set is the keys of one provider, in the order they are documented.
type Set []Key

// Get returns the key named name.
func (s Set) Get(name string) (Key, bool) {
	i := slices.IndexFunc(s, func(k Key) bool { return k.Name == name })
	if i < 0 {
		return Key{}, false
	}
	return s[i], true
}

// Names are the names of the keys that apply to kinds, in order.
func (s Set) Names(kinds Kinds) []string {
	var out []string
	for _, k := range s {
		if k.Kinds&kinds != 0 {
			out = append(out, k.Name)
		}
	}
	return out
}

// Nearest returns the name, among those that apply to kinds, closest to key by edit distance (the
// first on a tie) and that distance; -1 when no key applies to kinds.
func (s Set) Nearest(key string, kinds Kinds) (string, int) {
	return Nearest(key, s.Names(kinds))
}

// Nearest returns the candidate closest to s by edit distance (the first on a tie) and that
// distance; -1 when there is no candidate.
func Nearest(s string, candidates []string) (string, int) {
	best, dist := "", -1
	for _, c := range candidates {
		if d := EditDistance(s, c); dist < 0 || d < dist {
			best, dist = c, d
		}
	}
	return best, dist
}

// Close is true when a key at distance d from a known key of length n is likely a misspelling of it:
// within two edits, or within a third of its length.
func Close(d, n int) bool { return d >= 0 && (d <= 2 || d*3 <= n) }

// EditDistance is the Levenshtein distance between a and b (bytes).
func EditDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// IngressClass is the upstream Kubernetes annotation that names an Ingress's controller (before
// spec.ingressClassName); several clouds document it.
const IngressClass = "kubernetes.io/ingress.class"
