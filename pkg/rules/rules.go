// Package rules is the catalog of documented load-balancer problems: one typed entry per cloud error
// code or documented symptom, with its cause, fix, risk and documentation reference. Checks and the
// event matcher emit rule IDs; everything a user reads about a rule comes from this table.
package rules

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/kind"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
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
	return 0, words.Errorf("unknown severity %q (want error, warning or info)", "未知的严重级别 %q（应为 error、warning 或 info）", s)
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

// Kind is the object kind a rule is about; the same type names diagnosis targets.
type Kind = kind.Kind

// Kinds.
const (
	Service = kind.Service
	Ingress = kind.Ingress
)

// ID names one rule of the catalog. Only this package makes IDs (each rule's constructor returns
// one), so code outside it can name a rule only through the exported variables: a string or a
// misspelt name does not compile. The zero ID names no rule; the runner and the report refuse it,
// and it has no text form.
type ID struct{ r *Rule }

// String is the stable identifier <provider>.<kind>.<code-or-slug>, e.g. "tke.ingress.E4011".
func (id ID) String() string {
	if id.r == nil {
		return ""
	}
	return id.r.name
}

// Slug is the last part of the id: the code, or the slug of an uncoded rule. Codes may contain
// dots (ORDER.ARREARAGE).
func (id ID) Slug() string {
	if id.r == nil {
		return ""
	}
	return id.r.slug
}

// Known is false only for the zero ID.
func (id ID) Known() bool { return id.r != nil }

// Rule returns the catalog entry the id names (a copy); the zero ID gives the zero Rule.
func (id ID) Rule() Rule {
	if id.r == nil {
		return Rule{}
	}
	return *id.r
}

// MarshalText writes the id string; the zero ID is an error, so no report carries an unknown rule.
func (id ID) MarshalText() ([]byte, error) {
	if id.r == nil {
		return nil, errUnknown("")
	}
	return []byte(id.r.name), nil
}

// UnmarshalText reads an id string; one that names no catalog rule is an error.
func (id *ID) UnmarshalText(b []byte) error {
	v, ok := Parse(string(b))
	if !ok {
		return errUnknown(string(b))
	}
	*id = v
	return nil
}

func errUnknown(name string) error {
	return words.Errorf("unknown rule id %q", "未知的规则 id %q", name)
}

// Compare orders ids by their string form.
func Compare(a, b ID) int { return strings.Compare(a.String(), b.String()) }

// Parse returns the rule whose id string is exactly name.
func Parse(name string) (ID, bool) {
	r, ok := byName[name]
	if !ok {
		return ID{}, false
	}
	return r.ID, true
}

// Rule is one documented problem.
type Rule struct {
	ID       ID
	Provider Provider
	Kind     Kind
	// Code is the documented error code or API code; empty when the documentation gives none.
	Code     string
	Severity Severity
	Details

	name, slug string
	cloud      bool
}

// Details is what a rule tells the reader, and how events prove it.
type Details struct {
	Title string
	Cause string
	Fix   string
	// Risk is what happens if the problem is left alone.
	Risk string
	// Zh is the title, cause, fix and risk in Simplified Chinese, written from the vendors' own Chinese
	// terms (docs/glossary.md).
	Zh Text
	// Doc names the vendor document and section the rule comes from.
	Doc string
	// Retried is true when the cloud controller retries by itself.
	Retried bool
	// Match lists substrings of event messages that prove this rule (ACK messages carry no TKE-style
	// code). TKE rules with a Code are matched by their code and need no entry here.
	Match []string
	// MatchShared: controllers of other clouds write the Match wording too, so it proves the rule only
	// on a target diagnosed for the rule's provider, never on a generic one.
	MatchShared bool
	// ConsequenceOf names the rules whose problem, when a finding of one of them is on the same
	// object, causes this rule's problem or makes it moot: no ready endpoint is why CCM finds "no
	// available nodes"; a resource group that was changed supersedes the reminder to keep it. The
	// runner then reports this rule's finding under that one, as a consequence with its own facts,
	// instead of as a finding of its own: one cause, one finding. The first rule listed that has a
	// finding wins; a cause that is itself a consequence passes its consequences on to its own cause.
	// The relation cannot loop: a rule variable that names another in its initialiser depends on it,
	// and Go refuses an initialisation cycle.
	ConsequenceOf []ID
	// Explains is the reverse of ConsequenceOf, for a rule that may not name the rule it explains (a
	// provider's rule that explains a generic one: the generic catalog knows no provider): each
	// listed rule is a consequence of this one. Rule.Causes joins both directions.
	Explains []ID
	// Opposes lists the rules whose fix contradicts this one's (see OppositeFixes).
	Opposes []ID
	// Decides lists what, besides the object itself, decides the verdict: other objects, cluster-wide
	// controller configuration, the controller's version, the object's history. Docs, explain, the
	// policy generator (never Deny on such a rule) and the checks (IfUnknown) read it.
	Decides []Decision
	// Change, when set, says the rule is about a change to an existing object and what the cloud
	// controller does with that change (rejected, destructive or disruptive): the change model
	// (pkg/changes) emits it for each field that differs between the object now and as it will be.
	Change ChangeClass
}

// OppositeFixes lists the pairs of rules whose fixes contradict each other when both are reported on
// one object (one says keep a setting, the other change or remove it): each rule's Opposes. Each pair
// is resolved by a consequence relation (Causes), so the runner never reports both as findings; tests
// hold the catalog and the reports of the corpus and the examples to it.
func OppositeFixes() [][2]ID {
	var out [][2]ID
	for _, r := range All() {
		for _, o := range r.Opposes {
			out = append(out, [2]ID{r.ID, o})
		}
	}
	return out
}

// Causes lists the rules whose problem causes this rule's (see ConsequenceOf): its own ConsequenceOf,
// then each rule of the catalog, in id order, that Explains it.
func (r Rule) Causes() []ID {
	by := explainedBy()[r.ID]
	if len(by) == 0 {
		return r.ConsequenceOf
	}
	return append(slices.Clip(r.ConsequenceOf), by...)
}

// explainedBy maps each rule to the rules that Explain it, built once from the complete catalog.
var explainedBy = sync.OnceValue(func() map[ID][]ID {
	m := map[ID][]ID{}
	for _, r := range All() {
		for _, e := range r.Explains {
			m[e] = append(m[e], r.ID)
		}
	}
	return m
})

// catalog and byName hold every rule, filled by define as the package's rule variables are
// initialised. No other package-level initialiser may read them: Go orders initialisers by
// dependency, and nothing makes one depend on every rule variable.
var (
	catalog []*Rule
	byName  = map[string]*Rule{}
)

// Coded declares a rule with a documented code, which is also its slug.
func Coded(p Provider, k Kind, code string, sev Severity, d Details) ID {
	return Define(p, k, code, code, sev, d)
}

// Uncoded declares a rule the documentation gives no code, named by slug.
func Uncoded(p Provider, k Kind, slug string, sev Severity, d Details) ID {
	return Define(p, k, "", slug, sev, d)
}

// Define adds a rule to the catalog: its id is <provider>.<kind>.<slug>.
func Define(p Provider, k Kind, code, slug string, sev Severity, d Details) ID {
	r := &Rule{Provider: p, Kind: k, Code: code, Severity: sev, Details: d, slug: slug,
		name: string(p) + "." + k.Lower() + "." + slug}
	r.ID = ID{r}
	catalog = append(catalog, r)
	byName[r.name] = r
	return r.ID
}

// Cloud declares a rule of what a cloud read finds (--cloud): its id is <provider>.cloud.<slug>, and
// k is the kind whose checks emit it (Service for a rule the checks of both kinds emit). A cloud rule
// is never proven by an event on its own: it carries no code.
func Cloud(p Provider, k Kind, slug string, sev Severity, d Details) ID {
	r := &Rule{Provider: p, Kind: k, Severity: sev, Details: d, slug: slug, name: string(p) + ".cloud." + slug, cloud: true}
	r.ID = ID{r}
	catalog = append(catalog, r)
	byName[r.name] = r
	return r.ID
}

// FromCloud reports whether the rule is one of what a cloud read finds (see Cloud).
func (r Rule) FromCloud() bool { return r.cloud }

// All returns the catalog sorted by ID. The slice is a copy.
func All() []Rule {
	out := make([]Rule, len(catalog))
	for i, r := range catalog {
		out[i] = *r
	}
	sort.Slice(out, func(i, j int) bool { return Compare(out[i].ID, out[j].ID) < 0 })
	return out
}

// Get returns the rule the id names; false for the zero ID.
func Get(id ID) (Rule, bool) {
	return id.Rule(), id.Known()
}

// Filter returns the rules of rs of provider p and kind k, each narrowing only when non-empty.
func Filter(rs []Rule, p Provider, k Kind) []Rule {
	var out []Rule
	for _, r := range rs {
		if (p == "" || r.Provider == p) && (k == "" || r.Kind == k) {
			out = append(out, r)
		}
	}
	return out
}

// Lookup returns the rules whose code (or ID suffix) equals code, case-insensitively, narrowed by
// provider and kind when those are non-empty.
func Lookup(code string, p Provider, k Kind) []Rule {
	var out []Rule
	for _, r := range Filter(All(), p, k) {
		if strings.EqualFold(r.Code, code) || strings.EqualFold(r.ID.Slug(), code) || strings.EqualFold(r.ID.String(), code) {
			out = append(out, r)
		}
	}
	return out
}

// Named is a name explain takes (a code, or the id of a rule without one) with the title of the
// first rule of the catalog it names.
type Named struct{ Name, Title string }

// Names lists the names explain takes that start with prefix, case-insensitively: each distinct
// code, and the id of each rule without a code, in catalog order.
func Names(prefix string) []Named {
	seen := map[string]bool{}
	var out []Named
	for _, r := range All() {
		c := r.Code
		if c == "" {
			c = r.ID.String()
		}
		if !seen[c] && strings.HasPrefix(strings.ToLower(c), strings.ToLower(prefix)) {
			seen[c] = true
			out = append(out, Named{Name: c, Title: r.Title})
		}
	}
	return out
}
