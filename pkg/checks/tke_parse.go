package checks

import (
	"regexp"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

var (
	clbID    = IDFormat{words.Say("load balancer id", "负载均衡 ID"), regexp.MustCompile(`^lb-[a-z0-9]{8}$`), "lb-6swtxxxx"}
	subnetID = IDFormat{words.Say("subnet id", "子网 ID"), regexp.MustCompile(`^subnet-[a-z0-9]{8}$`), "subnet-ewhltulw"}
	vpcID    = IDFormat{words.Say("VPC id", "VPC ID"), regexp.MustCompile(`^vpc-[a-z0-9]{8}$`), "vpc-646vhcjj"}
	// regionID is a Tencent Cloud region such as ap-guangzhou or ap-shanghai-fsi; a zone
	// (ap-guangzhou-1) is not a region.
	regionID = IDFormat{words.Say("region id", "地域 ID"), regexp.MustCompile(`^(ap|na|eu|sa)-[a-z]+(-[a-z]+)?$`), "ap-guangzhou"}
)
