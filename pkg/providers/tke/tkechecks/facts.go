package tkechecks

import "slices"

// Facts are the values TKE's checks decide with that the admission-policy generator must mirror
// exactly: the provider-detection prefixes and the patterns of documented value formats.
type Facts struct {
	// AnnotationPrefixes are the annotation keys (or key prefixes) that count as a TKE signal in
	// provider detection.
	AnnotationPrefixes []string
	// Patterns are the regular expressions (RE2 syntax) of the value formats, by name.
	Patterns map[string]string
}

// Pattern names of Facts.Patterns.
const (
	PatternIngressHost = "ingress-host"
	PatternIngressPath = "ingress-path"
	PatternLBID        = "tke-lb-id"
	PatternSubnetID    = "tke-subnet-id"
	PatternVPCID       = "tke-vpc-id"
	PatternRegionID    = "tke-region-id"
	PatternZone        = "tke-zone"
)

// ExportFacts returns a copy of the facts.
func ExportFacts() Facts {
	return Facts{
		AnnotationPrefixes: slices.Clone(tkePrefixes),
		Patterns: map[string]string{
			PatternIngressHost: hostRE.String(),
			PatternIngressPath: pathRE.String(),
			PatternLBID:        clbID.RE.String(),
			PatternSubnetID:    subnetID.RE.String(),
			PatternVPCID:       vpcID.RE.String(),
			PatternRegionID:    regionID.RE.String(),
			PatternZone:        zoneRE.String(),
		},
	}
}
