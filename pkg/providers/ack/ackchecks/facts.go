package ackchecks

import (
	"slices"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
)

// Facts are the values ACK's checks decide with that the admission-policy generator must mirror
// exactly: the provider-detection prefixes, the CLB annotation keys and the patterns of documented
// value formats.
type Facts struct {
	// AnnotationPrefixes are the annotation keys (or key prefixes) that count as an ACK signal in
	// provider detection.
	AnnotationPrefixes []string
	// Prefix and LegacyPrefix are the current and legacy CLB annotation prefixes CCM reads.
	Prefix, LegacyPrefix string
	// Suffixes are the CLB annotation suffixes CCM reads, sorted; BackendType is the backend type
	// annotation, the one ACK key outside the prefixes.
	Suffixes    []string
	BackendType string
	// Patterns are the regular expressions (RE2 syntax) of the value formats, by name.
	Patterns map[string]string
}

// Pattern names of Facts.Patterns.
const (
	PatternLBID    = "ack-lb-id"
	PatternVSwitch = "ack-vswitch-id"
	PatternRGID    = "ack-resource-group-id"
	PatternACLID   = "ack-acl-id"
	PatternSpec    = "ack-spec"
)

// ExportFacts returns a copy of the facts.
func ExportFacts() Facts {
	return Facts{
		AnnotationPrefixes: slices.Clone(ackPrefixes),
		Prefix:             ackann.Prefix,
		LegacyPrefix:       ackann.LegacyPrefix,
		Suffixes:           slices.Clone(ackSuffixes),
		BackendType:        ackann.BackendType,
		Patterns: map[string]string{
			PatternLBID:    aliLBID.RE.String(),
			PatternVSwitch: vswitchID.RE.String(),
			PatternRGID:    aliRGID.RE.String(),
			PatternACLID:   aliACLID.RE.String(),
			PatternSpec:    clbSpecName.RE.String(),
		},
	}
}
