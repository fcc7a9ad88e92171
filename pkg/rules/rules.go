// Package rules is the catalog of documented load-balancer problems: one typed entry per cloud error
// code or documented symptom, with its cause, fix, risk and documentation reference. Checks and the
// event matcher emit rule IDs; everything a user reads about a rule comes from this table.
package rules

import (
	"fmt"
	"sort"
	"strings"
)

// Severity orders findings; higher is worse.
type Severity int

// Severities, lowest first.
const (
	Info Severity = iota
	Warning
	Error
)

// String returns the lowercase name used in reports and flags.
func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return fmt.Sprintf("severity(%d)", int(s))
}

// ParseSeverity reads "error", "warning" or "info".
func ParseSeverity(s string) (Severity, error) {
	switch strings.ToLower(s) {
	case "info":
		return Info, nil
	case "warning":
		return Warning, nil
	case "error":
		return Error, nil
	}
	return 0, fmt.Errorf("unknown severity %q (want error, warning or info)", s)
}

// MarshalText writes the severity name, so JSON and YAML carry "error" rather than 2.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a severity name.
func (s *Severity) UnmarshalText(b []byte) error {
	v, err := ParseSeverity(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// Provider is the managed-Kubernetes flavour a rule belongs to.
type Provider string

// Providers.
const (
	TKE     Provider = "tke"
	ACK     Provider = "ack"
	Generic Provider = "generic"
)

// Kind is the object kind a rule is about.
type Kind string

// Kinds.
const (
	Service Kind = "service"
	Ingress Kind = "ingress"
)

// ID is a stable rule identifier: <provider>.<kind>.<code-or-slug>.
type ID string

// Slug is the last part of the id: the code or slug.
func (id ID) Slug() string { return string(id)[strings.LastIndex(string(id), ".")+1:] }

// Rule is one documented problem.
type Rule struct {
	ID       ID
	Provider Provider
	Kind     Kind
	// Code is the documented error code or API code; empty when the documentation gives none.
	Code     string
	Severity Severity
	Title    string
	Cause    string
	Fix      string
	// Risk is what happens if the problem is left alone.
	Risk string
	// Doc names the vendor document and section the rule comes from.
	Doc string
	// Retried is true when the cloud controller retries by itself.
	Retried bool
	// Match lists substrings of event messages that prove this rule (ACK messages carry no TKE-style
	// code). TKE rules with a Code are matched by their code and need no entry here.
	Match []string
}

var byID = func() map[ID]*Rule {
	m := make(map[ID]*Rule, len(catalog))
	for i := range catalog {
		m[catalog[i].ID] = &catalog[i]
	}
	return m
}()

// All returns the catalog sorted by ID. The slice is a copy.
func All() []Rule {
	out := make([]Rule, len(catalog))
	copy(out, catalog)
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Get returns the rule with the given ID.
func Get(id ID) (Rule, bool) {
	r, ok := byID[id]
	if !ok {
		return Rule{}, false
	}
	return *r, true
}

// Lookup returns the rules whose code (or ID suffix) equals code, case-insensitively, narrowed by
// provider and kind when those are non-empty.
func Lookup(code string, p Provider, k Kind) []Rule {
	var out []Rule
	for _, r := range All() {
		if p != "" && r.Provider != p || k != "" && r.Kind != k {
			continue
		}
		if strings.EqualFold(r.Code, code) || strings.EqualFold(r.ID.Slug(), code) || strings.EqualFold(string(r.ID), code) {
			out = append(out, r)
		}
	}
	return out
}
