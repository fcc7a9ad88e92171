package ackann

import (
	"regexp"
	"strings"
)

// providerIDRE is an ACK node's providerID, "<region-id>.<instance-id>", which may be prefixed
// "alicloud://" (kubernetes/cloud-provider-alibaba-cloud docs/getting-started.md and its
// NodeFromProviderID; the Kubernetes "Cloud Providers" page, Alibaba section:
// kubelet --provider-id=${REGION_ID}.${INSTANCE_ID}). An Alibaba region id is a geography prefix and a
// place, optionally with numbered or special parts: cn-hangzhou, ap-southeast-1, us-west-1,
// eu-central-1, cn-shanghai-finance-1, cn-north-2-gov-1.
var providerIDRE = regexp.MustCompile(`^((?:cn|ap|us|eu|me|na|sa|af)-[a-z]+(?:-[a-z0-9]+)*)\.(i-[a-z0-9]+)$`)

// ParseProviderID is the one reading of an ACK node's providerID: the region and the ECS instance id
// it names, and whether it is ACK's at all.
func ParseProviderID(id string) (region, instance string, ok bool) {
	m := providerIDRE.FindStringSubmatch(strings.TrimPrefix(id, "alicloud://"))
	if m == nil {
		return "", "", false
	}
	return m[1], m[2], true
}
