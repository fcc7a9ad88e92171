package changes

import (
	"strings"

	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
)

// Effect is what a controller's update path does with a changed setting of an existing load
// balancer.
type Effect string

// Effects of a change on the update path.
const (
	// Refused: the controller fails the sync and the load balancer keeps the old value.
	Refused Effect = "refused"
	// Ignored: the controller neither applies the new value nor records an error.
	Ignored Effect = "ignored"
	// Applied: the controller changes the load balancer (with a consequence, or none).
	Applied Effect = "applied"
)

// UpdateKey is one annotation as a controller's update path reads it: Suffix after the ACK prefix
// (or the whole key for TKE), whether the path compares it only when it is set (WhenSet: removing
// the annotation changes nothing), what a change of it does, and where that is read.
type UpdateKey struct {
	Suffix  string
	WhenSet bool
	Effect  Effect
	Source  string
}

// Where the update paths are read.
const (
	srcCLBUpdate = "cloud-provider-alibaba-cloud pkg/controller/service/clbv1/loadbalancer.go, Update"
	srcCLBCharge = "cloud-provider-alibaba-cloud pkg/controller/service/clbv1/loadbalancer.go, updateInstanceChargeTypeAndInstanceSpec"
	srcListener  = "cloud-provider-alibaba-cloud pkg/controller/service/clbv1/listeners.go, isNeedUpdate (compares each only when set; defaults are set at creation only)"
	srcChargeE2E = "cloud-provider-alibaba-cloud test/e2e/testcase/service/clbv1/loadbalancer.go (\"charge-type: paybybandwidth -> paybytraffic\": the CLB differs after the update, \"paybytraffic are effective the next day\")"
	srcNLBUpdate = "cloud-provider-alibaba-cloud pkg/controller/service/nlbv2/loadbalancer.go, Update"
	srcNLBBuild  = "cloud-provider-alibaba-cloud pkg/controller/service/nlbv2/loadbalancer.go, BuildLocalModel"
)

// ACKCLBUpdate is the CLB update path of CCM, key by key. Every attribute Update compares is
// compared only when the annotation is set, except the IP version (equalsAddressIPVersion reads an
// unset one as ipv4). The vSwitch is read at creation only.
var ACKCLBUpdate = []UpdateKey{
	{"address-type", true, Refused, srcCLBUpdate + " (\"can not change LoadBalancer AddressType once created\")"},
	{"master-zoneid", true, Refused, srcCLBUpdate + " (\"can not change LoadBalancer master zone id once created\")"},
	{"slave-zoneid", true, Refused, srcCLBUpdate + " (\"can not change LoadBalancer slave zone id once created\")"},
	{"network-type", true, Refused, srcCLBUpdate + " (\"can not change LoadBalancer network type once created\")"},
	{"ip", true, Refused, srcCLBUpdate + " (\"can not change LoadBalancer address once created\")"},
	{"resource-group-id", true, Refused, srcCLBUpdate + " (\"can not change ResourceGroupId once created\")"},
	{"ip-version", false, Refused, srcCLBUpdate + " (equalsAddressIPVersion: unset is ipv4)"},
	{"vswitch-id", true, Ignored, srcCLBUpdate + " (no vSwitch comparison; BuildLocalModel passes it to Create only)"},
	{"charge-type", true, Ignored, srcCLBUpdate + " (\"only internet loadbalancer is allowed to modify bandwidth and pay type\"): ignored on an intranet CLB, applied on an Internet one; " + srcChargeE2E},
	{"bandwidth", true, Ignored, srcCLBUpdate + " (bandwidth only with charge-type paybybandwidth, only on an Internet CLB)"},
	{"instance-charge-type", true, Applied, srcCLBCharge + " (PayByCLCU to pay-by-specification fails: seed 003)"},
	{"spec", true, Applied, srcCLBCharge + " (only while the CLB is pay-by-specification)"},
	{"delete-protection", true, Applied, srcCLBUpdate},
	{"modification-protection", true, Applied, srcCLBUpdate},
	{"name", true, Applied, srcCLBUpdate},
}

// ACKListenerUpdate is the listener update path of CCM's CLB controller for the annotations the
// change model reads (the scheduler and the health check): each is compared only when set, so
// removing one leaves the listener as it is.
var ACKListenerUpdate = []UpdateKey{
	{"scheduler", true, Applied, srcListener},
	{"health-check-flag", true, Applied, srcListener},
	{"health-check-type", true, Applied, srcListener},
	{"health-check-connect-port", true, Applied, srcListener},
	{"health-check-uri", true, Applied, srcListener},
	{"health-check-domain", true, Applied, srcListener},
	{"health-check-method", true, Applied, srcListener},
	{"health-check-httpcode", true, Applied, srcListener},
}

// ACKNLBUpdate is the NLB update path of CCM (loadBalancerClass alibabacloud.com/nlb). Unlike the
// CLB's, the NLB's IP version is compared only when set (GetAddressIpVersion keeps an unset value
// unset). The address type and the zone mappings are changed in place; zone mappings are required to
// create an NLB, so removing them from an NLB CCM made fails every sync.
var ACKNLBUpdate = []UpdateKey{
	{"ip-version", true, Refused, srcNLBUpdate + " (\"AddressIpVersion cannot be changed\")"},
	{"resource-group-id", true, Refused, srcNLBUpdate + " (\"ResourceGroupId cannot be changed\")"},
	{"zone-maps", false, Refused, srcNLBBuild + " (\"ParameterMissing, zone mappings are required\" unless the NLB is reused)"},
	{"address-type", true, Applied, srcNLBUpdate + " (UpdateNLBAddressType)"},
}

// NLBClass is the loadBalancerClass of CCM's NLB controller.
const NLBClass = "alibabacloud.com/nlb"

// ackNLB reports whether svc is a LoadBalancer Service of CCM's NLB controller.
func ackNLB(svc *corev1.Service) bool {
	return isLB(svc) && svc.Spec.LoadBalancerClass != nil && *svc.Spec.LoadBalancerClass == NLBClass
}

// ackIgnored: the changes CCM's CLB update path leaves unapplied without an error (ACKCLBUpdate's
// Ignored keys): a new vSwitch; the Internet billing method on an intranet CLB, and pay-by-traffic
// on an Internet one until the next day; the bandwidth on an intranet CLB or without
// pay-by-bandwidth billing. Removing any of them changes nothing.
func ackIgnored(now, after *corev1.Service) []Change {
	var out []Change
	addrType, _ := ackAnn(now, "address-type")
	internet := orDefault(addrType, "internet") == "internet"
	ignored := func(suffix string, why sayKey) {
		o, _ := ackAnn(now, suffix)
		n, _ := ackAnn(after, suffix)
		if n == "" || n == o {
			return
		}
		out = append(out, Change{Rule: ackrules.ServiceChangeIgnored, Field: ackField(now, after, suffix), Old: o, New: n,
			Says: say(why)})
	}
	ignored("vswitch-id", sayACKVSwitch)
	oldCharge, _ := ackAnn(now, "charge-type")
	charge, _ := ackAnn(after, "charge-type")
	switch {
	case !internet:
		ignored("charge-type", sayACKChargeIntranet)
		ignored("bandwidth", sayACKChargeIntranet)
	case strings.EqualFold(oldCharge, "paybybandwidth") && strings.EqualFold(charge, "paybytraffic"):
		ignored("charge-type", sayACKChargeNextDay)
	case !strings.EqualFold(charge, "paybybandwidth"):
		ignored("bandwidth", sayACKBandwidthByTraffic)
	}
	return out
}

// nlbChanges: the NLB update path (ACKNLBUpdate). now and after are NLB Services of an NLB that
// exists.
func nlbChanges(now, after *corev1.Service) []Change {
	var out []Change
	oldIPv, _ := ackAnn(now, "ip-version")
	if n, _ := ackAnn(after, "ip-version"); n != "" && !strings.EqualFold(n, orDefault(oldIPv, "ipv4")) {
		out = append(out, Change{Rule: ackrules.ServiceFixedAtCreation, Field: ackField(now, after, "ip-version"), Old: oldIPv, New: n,
			Says: say(sayNLBIPVersion)})
	}
	oldRG, _ := ackAnn(now, "resource-group-id")
	if newRG, _ := ackAnn(after, "resource-group-id"); newRG != "" && newRG != oldRG {
		out = append(out, Change{Rule: ackrules.ServiceResourceGroupImmutable, Field: ackField(now, after, "resource-group-id"), Old: oldRG, New: newRG,
			Says: say(sayACKResourceGroup)})
	}
	id, _ := ackAnn(after, "id")
	oldZones, _ := ackAnn(now, "zone-maps")
	if newZones, _ := ackAnn(after, "zone-maps"); oldZones != "" && newZones == "" && id == "" {
		out = append(out, Change{Rule: ackrules.ServiceFixedAtCreation, Field: ackField(now, after, "zone-maps"), Old: oldZones, New: "",
			Says: say(sayNLBZoneMapsRemoved)})
	}
	return out
}
