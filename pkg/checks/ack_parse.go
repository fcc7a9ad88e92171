package checks

import (
	"regexp"
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Alibaba Cloud resource id shapes (lowercase letters and digits after the type prefix).
var (
	aliLBID     = IDFormat{words.Say("CLB instance id", "CLB 实例 ID"), regexp.MustCompile(`^lb-[a-z0-9]{8,32}$`), "lb-bp1o94dp5i6earr9g6d1l"}
	vswitchID   = IDFormat{words.Say("vSwitch id", "交换机（vSwitch）ID"), regexp.MustCompile(`^vsw-[a-z0-9]{8,32}$`), "vsw-bp15c2q7jvz9n0xxxxxxx"}
	aliRGID     = IDFormat{words.Say("resource group id", "资源组 ID"), regexp.MustCompile(`^rg-[a-z0-9]{8,32}$`), "rg-acfmz7u4zzfsxxx"}
	aliACLID    = IDFormat{words.Say("access control list id", "访问控制列表（ACL）ID"), regexp.MustCompile(`^acl-[a-z0-9]{8,32}$`), "acl-bp1l0kk4gxce43g1xxxxx"}
	clbSpecName = IDFormat{words.Say("CLB specification", "CLB 规格"), regexp.MustCompile(`^slb\.s[0-3]\.[a-z0-9]+$`), "slb.s1.small"}
	aliSGID     = IDFormat{words.Say("security group id", "安全组 ID"), regexp.MustCompile(`^sg-[a-z0-9]{8,32}$`), "sg-bp1e2hd3ulhxxxxxxxxx"}
	// aliZoneID is an availability zone such as cn-hangzhou-k, ap-southeast-1a or cn-beijing-finance-1a.
	aliZoneID = IDFormat{words.Say("zone id", "可用区 ID"), regexp.MustCompile(`^[a-z]{2,}(-[a-z0-9]+)+$`), "cn-hangzhou-k"}
)

// aliZoneLetter is the trailing zone letter of an Alibaba Cloud zone id: "-k" after a mainland
// region (cn-hangzhou-k), the bare letter after a region id that ends in a digit (ap-southeast-1a,
// eu-central-1a, cn-shanghai-finance-1z).
var aliZoneLetter = regexp.MustCompile(`-?[a-z]$`)

// aliZoneRegion is the region an Alibaba Cloud zone id belongs to: the zone without its trailing
// letter (and the dash before it, when the region ends in letters). It is false for a value that
// is not a zone id, so a shape the vendor may add later is not judged.
func aliZoneRegion(zone string) (string, bool) {
	if aliZoneID.Validate(zone) != nil {
		return "", false
	}
	loc := aliZoneLetter.FindStringIndex(zone)
	if loc == nil {
		return "", false
	}
	region := zone[:loc[0]]
	dashed := strings.HasPrefix(zone[loc[0]:], "-")
	last := region[len(region)-1]
	digitEnd := last >= '0' && last <= '9'
	// A region ending in a digit takes the letter directly; one ending in letters takes "-letter".
	if dashed == digitEnd || !aliRegion.MatchString(region) {
		return "", false
	}
	return region, true
}
