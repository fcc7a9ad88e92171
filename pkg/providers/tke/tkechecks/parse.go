package tkechecks

import (
	"regexp"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

var (
	clbID    = checks.IDFormat{What: words.Say("load balancer id", "负载均衡 ID"), RE: regexp.MustCompile(`^lb-[a-z0-9]{8}$`), Example: "lb-6swtxxxx"}
	subnetID = checks.IDFormat{What: words.Say("subnet id", "子网 ID"), RE: regexp.MustCompile(`^subnet-[a-z0-9]{8}$`), Example: "subnet-ewhltulw"}
	vpcID    = checks.IDFormat{What: words.Say("VPC id", "VPC ID"), RE: regexp.MustCompile(`^vpc-[a-z0-9]{8}$`), Example: "vpc-646vhcjj"}
	// regionID is a Tencent Cloud region such as ap-guangzhou or ap-shanghai-fsi; a zone
	// (ap-guangzhou-1) is not a region.
	regionID = checks.IDFormat{What: words.Say("region id", "地域 ID"), RE: regexp.MustCompile(`^(ap|na|eu|sa)-[a-z]+(-[a-z]+)?$`), Example: "ap-guangzhou"}
)
