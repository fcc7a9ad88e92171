package rules

// zhGeneric is the Simplified Chinese text of each rule in generic.go, written from the seeds' facts and the
// vendors' own Chinese terms (docs/glossary.md).
var zhGeneric = map[ID]Text{}
