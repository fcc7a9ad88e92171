package ackchecks

import (
	"regexp"
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Alibaba Cloud resource id shapes (lowercase letters and digits after the type prefix).
var (
	aliLBID     = checks.IDFormat{What: words.Say("CLB instance id", "CLB 实例 ID"), RE: regexp.MustCompile(`^lb-[a-z0-9]{8,32}$`), Example: "lb-bp1o94dp5i6earr9g6d1l"}
	vswitchID   = checks.IDFormat{What: words.Say("vSwitch id", "交换机（vSwitch）ID"), RE: regexp.MustCompile(`^vsw-[a-z0-9]{8,32}$`), Example: "vsw-bp15c2q7jvz9n0xxxxxxx"}
	aliRGID     = checks.IDFormat{What: words.Say("resource group id", "资源组 ID"), RE: regexp.MustCompile(`^rg-[a-z0-9]{8,32}$`), Example: "rg-acfmz7u4zzfsxxx"}
	aliACLID    = checks.IDFormat{What: words.Say("access control list id", "访问控制列表（ACL）ID"), RE: regexp.MustCompile(`^acl-[a-z0-9]{8,32}$`), Example: "acl-bp1l0kk4gxce43g1xxxxx"}
	clbSpecName = checks.IDFormat{What: words.Say("CLB specification", "CLB 规格"), RE: regexp.MustCompile(`^slb\.s[0-3]\.[a-z0-9]+$`), Example: "slb.s1.small"}
	aliSGID     = checks.IDFormat{What: words.Say("security group id", "安全组 ID"), RE: regexp.MustCompile(`^sg-[a-z0-9]{8,32}$`), Example: "sg-bp1e2hd3ulhxxxxxxxxx"}
	// aliZoneID is an availability zone such as cn-hangzhou-k, ap-southeast-1a or cn-beijing-finance-1a.
	aliZoneID = checks.IDFormat{What: words.Say("zone id", "可用区 ID"), RE: regexp.MustCompile(`^[a-z]{2,}(-[a-z0-9]+)+$`), Example: "cn-hangzhou-k"}
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
