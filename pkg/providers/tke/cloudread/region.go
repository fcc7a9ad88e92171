package cloudread

import (
	"cmp"
	"regexp"
	"slices"
	"strconv"
	"strings"

	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
)

// Node labels that name a node's region and zone.
const (
	labelRegion       = "topology.kubernetes.io/region"
	labelZone         = "topology.kubernetes.io/zone"
	labelRegionLegacy = "failure-domain.beta.kubernetes.io/region"
	labelZoneLegacy   = "failure-domain.beta.kubernetes.io/zone"
)

// zonePrefixes maps the leading digits of a numeric zone id (zone id = prefix × 10000 + n, e.g.
// 100003 is ap-guangzhou-3, 900001 ap-singapore-1) to its region. Only prefixes that Tencent's own
// material pairs with a named zone are listed: the zone id table of the legacy CVM
// DescribeAvailabilityZones reference (cloud.tencent.com/doc/api/229/1286: 10, 11, 12, 15, 16, 17, 18,
// 20, 30, 70, 80, 90) and tccli's example answer of EMR DescribeRegionAndZoneSaleInfo
// (tccli/examples/emr/v20190103: 10, 11, 15, 16, 19, 20, 21, 24, 30, 33, 46, 70, 80, 90). A prefix
// not listed (Ashburn, Bangkok, Tokyo, Jakarta, …) is not guessed: its zones are read by name.
var zonePrefixes = map[int]string{
	10: "ap-guangzhou",
	11: "ap-shenzhen-fsi",
	12: "ap-guangzhou-open",
	15: "na-siliconvalley",
	16: "ap-chengdu",
	17: "eu-frankfurt",
	18: "ap-seoul",
	19: "ap-chongqing",
	20: "ap-shanghai",
	21: "ap-mumbai",
	24: "eu-moscow",
	30: "ap-hongkong",
	33: "ap-nanjing",
	46: "ap-beijing-fsi",
	70: "ap-shanghai-fsi",
	80: "ap-beijing",
	90: "ap-singapore",
}

// shortRegions maps the short region codes TKE writes in topology labels (gz, sh, bj, …) to
// region ids. The codes are those Tencent's own tools use for the same regions.
var shortRegions = map[string]string{
	"gz": "ap-guangzhou", "sh": "ap-shanghai", "bj": "ap-beijing", "cd": "ap-chengdu", "cq": "ap-chongqing",
	"nj": "ap-nanjing", "hk": "ap-hongkong", "tpe": "ap-taipei", "sg": "ap-singapore", "jkt": "ap-jakarta",
	"th": "ap-bangkok", "kr": "ap-seoul", "jp": "ap-tokyo", "in": "ap-mumbai", "usw": "na-siliconvalley",
	"use": "na-ashburn", "tor": "na-toronto", "de": "eu-frankfurt", "ru": "eu-moscow", "sao": "sa-saopaulo",
	"szjr": "ap-shenzhen-fsi", "shjr": "ap-shanghai-fsi", "bjjr": "ap-beijing-fsi", "tsn": "ap-tianjin",
	"szx": "ap-shenzhen", "qy": "ap-qingyuan", "gzopen": "ap-guangzhou-open",
}

var (
	regionID  = regexp.MustCompile(`^(ap|na|eu|sa|me)-[a-z]+(-[a-z]+)*$`)
	namedZone = regexp.MustCompile(`^((?:ap|na|eu|sa|me)-[a-z]+(?:-[a-z]+)*)-\d+$`)
)

// RegionFromNodes is the Tencent Cloud region the nodes are in: for each node, its region label
// (a region id, or TKE's short code such as gz), else the zone of its providerID
// (qcloud:///<zone>/<instance>, the zone numeric such as 100003 or named such as ap-guangzhou-3),
// else its zone label; the region most nodes are in wins, ties going to the first in order. It is
// false when no node tells.
func RegionFromNodes(nodes []*corev1.Node) (string, bool) {
	count := map[string]int{}
	for _, n := range nodes {
		if n == nil {
			continue
		}
		if r := nodeRegion(n); r != "" {
			count[r]++
		}
	}
	if len(count) == 0 {
		return "", false
	}
	rs := make([]string, 0, len(count))
	for r := range count {
		rs = append(rs, r)
	}
	slices.SortFunc(rs, func(a, b string) int { return cmp.Or(cmp.Compare(count[b], count[a]), cmp.Compare(a, b)) })
	return rs[0], true
}

func nodeRegion(n *corev1.Node) string {
	for _, l := range []string{labelRegion, labelRegionLegacy} {
		if r := regionOfLabel(n.Labels[l]); r != "" {
			return r
		}
	}
	if zone, _, _ := tkeann.ParseProviderID(n.Spec.ProviderID); zone != "" {
		if r := regionOfZone(zone); r != "" {
			return r
		}
	}
	for _, l := range []string{labelZone, labelZoneLegacy} {
		if r := regionOfZone(n.Labels[l]); r != "" {
			return r
		}
	}
	return ""
}

// regionOfLabel reads a region label: a region id or a short code.
func regionOfLabel(v string) string {
	v = strings.ToLower(strings.TrimSpace(v))
	if r, ok := shortRegions[v]; ok {
		return r
	}
	if regionID.MatchString(v) {
		return v
	}
	return ""
}

// regionOfZone reads a zone: named (ap-guangzhou-3) or numeric (100003).
func regionOfZone(z string) string {
	z = strings.ToLower(strings.TrimSpace(z))
	if m := namedZone.FindStringSubmatch(z); m != nil {
		return m[1]
	}
	n, err := strconv.Atoi(z)
	if err != nil || n < 10000 {
		return ""
	}
	return zonePrefixes[n/10000]
}

// Region sources, as ResolveRegion reports them.
const (
	RegionFromFlag   = "flag"
	RegionFromNode   = "nodes"
	RegionFromEnvVar = "env"
)

// ResolveRegion is the region to read in and where it came from: explicit when set, else the
// nodes' (RegionFromNodes), else getenv(EnvRegion). It is false when none names one.
func ResolveRegion(explicit string, nodes []*corev1.Node, getenv func(string) string) (region, source string, ok bool) {
	if explicit != "" {
		return explicit, RegionFromFlag, true
	}
	if r, ok := RegionFromNodes(nodes); ok {
		return r, RegionFromNode, true
	}
	if getenv != nil {
		if r := getenv(EnvRegion); r != "" {
			return r, RegionFromEnvVar, true
		}
	}
	return "", "", false
}
