package policy

import (
	"fmt"
	"strconv"
	"strings"
)

// CEL building blocks. Each returns CEL source; every value check mirrors the parser of pkg/checks it
// names, so that the policy and the CLI judge an annotation the same way.

// lit is a CEL string literal.
func lit(s string) string { return strconv.Quote(s) }

// list is a CEL list of string literals.
func list(items ...string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = lit(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// has is true when the object carries annotation key.
func has(key string) string { return lit(key) + " in variables.anns" }

// get is the value of annotation key, "" when unset.
func get(key string) string { return "variables.anns[?" + lit(key) + "].orValue(\"\")" }

// unsetOr is true when annotation key is unset or its value passes ok.
func unsetOr(key string, ok func(v string) string) string {
	return "!(" + has(key) + ") || " + paren(ok("variables.anns["+lit(key)+"]"))
}

func paren(s string) string { return "(" + s + ")" }

// trueWords and falseWords are what Go's strconv.ParseBool accepts (checks.parseBool trims first).
var (
	trueWords  = []string{"1", "t", "T", "TRUE", "true", "True"}
	falseWords = []string{"0", "f", "F", "FALSE", "false", "False"}
)

// isBool mirrors checks.parseBool succeeding.
func isBool(v string) string {
	return v + ".trim() in " + list(append(append([]string{}, trueWords...), falseWords...)...)
}

// isTrue mirrors checks.parseBool returning true.
func isTrue(v string) string { return v + ".trim() in " + list(trueWords...) }

// intIn mirrors checks.parseIntRange (strconv.Atoi of the trimmed value, then the range): an
// optional sign, any leading zeros, at most 18 significant digits (more overflow or exceed every
// range used).
func intIn(v string, lo, hi int) string {
	t := v + ".trim()"
	return fmt.Sprintf("(%s.matches('^[+-]?0*[0-9]{1,18}$') && int(%s) >= %d && int(%s) <= %d)", t, t, lo, t, hi)
}

// atoiIn mirrors checks.atoiIn: strconv.Atoi of the untrimmed value (an optional sign, any leading
// zeros, at most 18 significant digits), then the range.
func atoiIn(v string, lo, hi int) string {
	return fmt.Sprintf("(%s.matches('^[+-]?0*[0-9]{1,18}$') && int(%s) >= %d && int(%s) <= %d)", v, v, lo, v, hi)
}

// matches is true when v matches the RE2 pattern re (the same engine as Go's regexp).
func matches(v, re string) string { return v + ".matches(" + lit(re) + ")" }

// oneOf is exact membership, as checks.oneOf compares (case-sensitive, untrimmed).
func oneOf(v string, values ...string) string { return v + " in " + list(values...) }

// clipped quotes a value for a message, cut to 80 characters as the CLI's clip does.
func clipped(v string) string {
	return fmt.Sprintf(`'"' + (size(%s) > 80 ? %s.substring(0, 80) + '…' : %s) + '"'`, v, v, v)
}

func itoa(n int) string { return strconv.Itoa(n) }
