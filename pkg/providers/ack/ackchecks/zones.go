package ackchecks

import (
	"slices"
	"strconv"
	"strings"

	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// clbZoneKeys and nlbZoneKeys are the annotations, by suffix, that name a CLB's availability zones
// (its primary and backup zone) and an NLB's (zone:vSwitch items).
var (
	clbZoneKeys = []string{"master-zoneid", "slave-zoneid"}
	nlbZoneKeys = []string{"zone-maps"}
)

// zoneKeys are the zone annotations of the target's product; none for other Services.
func zoneKeys(c *checks.Context) []string {
	switch {
	case ackCLB(c):
		return clbZoneKeys
	case ackNLB(c):
		return nlbZoneKeys
	}
	return nil
}

// ackZoned is true for a CLB or NLB Service that sets one of its zone annotations.
func ackZoned(c *checks.Context) bool {
	keys := zoneKeys(c)
	if len(keys) == 0 {
		return false
	}
	a := ackAnns(c.Service.Annotations)
	return slices.ContainsFunc(keys, func(s string) bool { _, _, set := a.get(s); return set })
}

// ackZone is a zone a Service's annotation names, by the annotation's suffix.
type ackZone struct{ suffix, zone string }

// ackZones are the well-formed zones of the target's zone annotations (none of a malformed zone-maps).
func ackZones(c *checks.Context) []ackZone {
	a := ackAnns(c.Service.Annotations)
	var out []ackZone
	for _, s := range zoneKeys(c) {
		v, _, set := a.get(s)
		if !set {
			continue
		}
		zones := []string{v}
		if s == "zone-maps" {
			if zoneMaps(v) != nil {
				continue
			}
			zones = zones[:0]
			for _, item := range strings.Split(v, ",") {
				z, _, _ := strings.Cut(item, ":")
				zones = append(zones, z)
			}
		}
		for _, z := range zones {
			if aliZoneID.Validate(z) == nil {
				out = append(out, ackZone{s, z})
			}
		}
	}
	return out
}

// checkACKZoneRegion flags a CLB zone annotation or an NLB zone-maps item whose zone is not of the
// cluster's region, which the nodes show (one is enough: a cluster lives in one region). A malformed
// value is the annotation check's to report.
func checkACKZoneRegion(c *checks.Context) error {
	region, node := clusterRegion(c.Snap)
	if region == "" {
		if err := c.Snap.Nodes.Whole(""); err != nil {
			return words.Errorf("cannot tell the cluster's region from its nodes: %w", "无法从节点得知集群所在的地域：%w", err)
		}
		return checks.Classed(snapshot.ReasonMissingInput, words.Errorf("no node shows the cluster's region", "没有节点标明集群所在的地域"))
	}
	a := ackAnns(c.Service.Annotations)
	// One finding per annotation: zone-maps may name several zones.
	var suffixes []string
	outside := map[string][]string{}
	for _, z := range ackZones(c) {
		if zr, ok := aliZoneRegion(z.zone); ok && zr != region {
			if outside[z.suffix] == nil {
				suffixes = append(suffixes, z.suffix)
			}
			outside[z.suffix] = append(outside[z.suffix], strconv.Quote(checks.Clip(z.zone)))
		}
	}
	for _, s := range suffixes {
		if zs := outside[s]; len(zs) == 1 {
			c.Say(ackrules.ServiceZoneNotInRegion, a.path(s), words.Say("zone %s is not a zone of region %s, where the cluster runs (node %s)",
				"可用区 %s 不属于集群所在的地域 %s（节点 %s）", zs[0], checks.Clip(region), checks.Clip(node)))
		} else {
			c.Say(ackrules.ServiceZoneNotInRegion, a.path(s), words.Say("zones %s are not zones of region %s, where the cluster runs (node %s)",
				"可用区 %s 不属于集群所在的地域 %s（节点 %s）", strings.Join(zs, ", "), checks.Clip(region), checks.Clip(node)))
		}
	}
	return nil
}

// clusterRegion is the region the snapshot's nodes name (topology label, else the providerID's
// "<region>.<instance>" form), with the node that shows it; "" when none does.
func clusterRegion(snap *snapshot.Snapshot) (region, node string) {
	v := snapshot.Memo(snap, clusterRegionKey, func() [2]string {
		for _, n := range snap.Nodes.Held("") {
			if reg := n.Labels[corev1.LabelTopologyRegion]; reg != "" {
				return [2]string{reg, n.Name}
			}
			if reg, _, ok := strings.Cut(n.Spec.ProviderID, "."); ok && aliRegion.MatchString(reg) {
				return [2]string{reg, n.Name}
			}
		}
		return [2]string{}
	})
	return v[0], v[1]
}

// clusterRegionKey memoizes the region and the node that shows it.
var clusterRegionKey = snapshot.NewMemoKey[[2]string]("ack-region")
