package checks

import (
	"regexp"

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
