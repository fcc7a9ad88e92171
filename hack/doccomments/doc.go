// Package doccomments holds the test that every doc comment on a top-level declaration of the
// hand-written Go files names the declaration under it.
package doccomments
