package checks

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"slices"
)

// Facts are the values the checks decide with that other packages (the admission-policy generator)
// must mirror exactly: provider-detection prefixes and the patterns of documented value formats.
type Facts struct {
	// TKEAnnotationPrefixes and ACKAnnotationPrefixes are the annotation keys (or key prefixes) that
	// count as a signal for each cloud in provider detection.
	TKEAnnotationPrefixes, ACKAnnotationPrefixes []string
	// ACKPrefix and ACKLegacyPrefix are the current and legacy CLB annotation prefixes CCM reads.
	ACKPrefix, ACKLegacyPrefix string
	// ACKSuffixes are the CLB annotation suffixes CCM reads, sorted; ACKBackendType is the backend
	// type annotation, the one ACK key outside the prefixes.
	ACKSuffixes    []string
	ACKBackendType string
	// Patterns are the regular expressions (RE2 syntax) of the value formats, by name.
	Patterns map[string]string
}

// Pattern names of Facts.Patterns.
const (
	PatternIngressHost = "ingress-host"
	PatternIngressPath = "ingress-path"
	PatternTKELBID     = "tke-lb-id"
	PatternTKESubnetID = "tke-subnet-id"
	PatternTKEVPCID    = "tke-vpc-id"
	PatternTKERegionID = "tke-region-id"
	PatternTKEZone     = "tke-zone"
	PatternACKLBID     = "ack-lb-id"
	PatternACKVSwitch  = "ack-vswitch-id"
	PatternACKRGID     = "ack-resource-group-id"
	PatternACKACLID    = "ack-acl-id"
	PatternACKSpec     = "ack-spec"
)

// ExportFacts returns a copy of the facts.
func ExportFacts() Facts {
	return Facts{
		TKEAnnotationPrefixes: slices.Clone(tkePrefixes),
		ACKAnnotationPrefixes: slices.Clone(ackPrefixes),
		ACKPrefix:             ackann.Prefix,
		ACKLegacyPrefix:       ackann.LegacyPrefix,
		ACKSuffixes:           slices.Clone(ackSuffixes),
		ACKBackendType:        ackann.BackendType,
		Patterns: map[string]string{
			PatternIngressHost: hostRE.String(),
			PatternIngressPath: pathRE.String(),
			PatternTKELBID:     clbID.RE.String(),
			PatternTKESubnetID: subnetID.RE.String(),
			PatternTKEVPCID:    vpcID.RE.String(),
			PatternTKERegionID: regionID.RE.String(),
			PatternTKEZone:     zoneRE.String(),
			PatternACKLBID:     aliLBID.RE.String(),
			PatternACKVSwitch:  vswitchID.RE.String(),
			PatternACKRGID:     aliRGID.RE.String(),
			PatternACKACLID:    aliACLID.RE.String(),
			PatternACKSpec:     clbSpecName.RE.String(),
		},
	}
}
