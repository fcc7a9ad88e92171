package tkeann

import "strings"

// ParseProviderID is the one reading of a TKE node's providerID, "qcloud:///<zone>/<instance-id>",
// the zone numeric or named (qcloud:///100003/ins-3ven36lk, kubernetes/autoscaler's
// cloudprovider/tencentcloud): the zone ("" when the form names none), the CVM instance id its last
// segment names ("" when that is no "ins-…"), and whether it is Tencent's "qcloud://" scheme at all.
func ParseProviderID(id string) (zone, instance string, ok bool) {
	if !strings.HasPrefix(id, "qcloud://") || len(id) == len("qcloud://") {
		return "", "", false
	}
	if last := id[strings.LastIndexByte(id, '/')+1:]; strings.HasPrefix(last, "ins-") {
		instance = last
	}
	if rest, found := strings.CutPrefix(id, "qcloud:///"); found {
		if z, _, cut := strings.Cut(rest, "/"); cut {
			zone = z
		}
	}
	return zone, instance, true
}
