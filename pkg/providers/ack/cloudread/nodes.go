package cloudread

import (
	"regexp"

	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
)

// regionID is the shape of an Alibaba Cloud region ID (cn-hangzhou, ap-southeast-1).
var regionID = regexp.MustCompile(`^[a-z]{2,}(-[a-z0-9]+)+$`)

// regionLabels are the region labels a node may carry, the current one first.
var regionLabels = []string{"topology.kubernetes.io/region", "failure-domain.beta.kubernetes.io/region"}

// RegionFromNodes is the region the nodes are in: each node's region label, else the region of its
// providerID (<region-id>.<instance-id>, as ACK sets it, optionally after alicloud://). It is false
// when no node names a region or nodes name different ones.
func RegionFromNodes(nodes []*corev1.Node) (string, bool) {
	region := ""
	for _, n := range nodes {
		if n == nil {
			continue
		}
		r := ""
		for _, l := range regionLabels {
			if v := n.Labels[l]; regionID.MatchString(v) {
				r = v
				break
			}
		}
		if r == "" {
			r, _, _ = ackann.ParseProviderID(n.Spec.ProviderID)
		}
		switch {
		case r == "":
		case region == "":
			region = r
		case region != r:
			return "", false
		}
	}
	return region, region != ""
}
