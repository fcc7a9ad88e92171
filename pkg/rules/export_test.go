package rules

// Internals the external tests of the catalog (package rules_test, which sees every provider's rules)
// read.
var (
	DocWords       = docWords
	SourceTKEOther = sourceTKEOther
	SourceNone     = sourceNone
)
