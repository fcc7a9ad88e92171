package policy

import (
	"fmt"
	"strconv"
	"strings"
)

// CEL building blocks. Each returns CEL source; every value check mirrors the parser of pkg/checks it
// names, so that the policy and the CLI judge an annotation the same way.

// Lit is a CEL string literal.
func Lit(s string) string { return strconv.Quote(s) }

// List is a CEL list of string literals.
func List(items ...string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = Lit(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// Has is true when the object carries annotation key.
func Has(key string) string { return Lit(key) + " in variables.anns" }

// Get is the value of annotation key, "" when unset.
func Get(key string) string { return "variables.anns[?" + Lit(key) + "].orValue(\"\")" }

// UnsetOr is true when annotation key is unset or its value passes ok.
func UnsetOr(key string, ok func(v string) string) string {
	return "!(" + Has(key) + ") || " + Paren(ok("variables.anns["+Lit(key)+"]"))
}

func Paren(s string) string { return "(" + s + ")" }

// trueWords and falseWords are what Go's strconv.ParseBool accepts (checks.parseBool trims first).
var (
	trueWords  = []string{"1", "t", "T", "TRUE", "true", "True"}
	falseWords = []string{"0", "f", "F", "FALSE", "false", "False"}
)

// IsBool mirrors checks.parseBool succeeding.
func IsBool(v string) string {
	return v + ".trim() in " + List(append(append([]string{}, trueWords...), falseWords...)...)
}

// IsTrue mirrors checks.parseBool returning true.
func IsTrue(v string) string { return v + ".trim() in " + List(trueWords...) }

// IntIn mirrors checks.parseIntRange (strconv.Atoi of the trimmed value, then the range): an
// optional sign, any leading zeros, at most 18 significant digits (more overflow or exceed every
// range used).
func IntIn(v string, lo, hi int) string {
	t := v + ".trim()"
	return fmt.Sprintf("(%s.matches('^[+-]?0*[0-9]{1,18}$') && int(%s) >= %d && int(%s) <= %d)", t, t, lo, t, hi)
}

// AtoiIn mirrors checks.atoiIn: strconv.Atoi of the untrimmed value (an optional sign, any leading
// zeros, at most 18 significant digits), then the range.
func AtoiIn(v string, lo, hi int) string {
	return fmt.Sprintf("(%s.matches('^[+-]?0*[0-9]{1,18}$') && int(%s) >= %d && int(%s) <= %d)", v, v, lo, v, hi)
}

// Matches is true when v matches the RE2 pattern re (the same engine as Go's regexp).
func Matches(v, re string) string { return v + ".matches(" + Lit(re) + ")" }

// OneOf is exact membership, as checks.oneOf compares (case-sensitive, untrimmed).
func OneOf(v string, values ...string) string { return v + " in " + List(values...) }

// Clipped quotes a value for a message, cut to 80 characters as the CLI's clip does.
func Clipped(v string) string {
	return fmt.Sprintf(`'"' + (size(%s) > 80 ? %s.substring(0, 80) + '…' : %s) + '"'`, v, v, v)
}

func Itoa(n int) string { return strconv.Itoa(n) }
