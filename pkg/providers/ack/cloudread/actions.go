package cloudread

import (
	"encoding/json"
	"slices"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
)

const (
	slbVersion    = "2014-05-15"
	vpcVersion    = "2016-04-28"
	quotasVersion = "2020-05-10"
	nlbVersion    = "2022-04-30"
	slbDoc        = "https://www.alibabacloud.com/help/en/slb/classic-load-balancer/developer-reference/api-slb-2014-05-15-"
	nlbDoc        = "https://www.alibabacloud.com/help/en/slb/network-load-balancer/developer-reference/api-nlb-2022-04-30-"
)

// The actions the reader calls, each with its API reference page.
var (
	actDescribeLoadBalancers = cloud.Action{Product: "slb", Version: slbVersion, Name: "DescribeLoadBalancers",
		Doc: slbDoc + "describeloadbalancers"}
	actDescribeLoadBalancerAttribute = cloud.Action{Product: "slb", Version: slbVersion, Name: "DescribeLoadBalancerAttribute",
		Doc: slbDoc + "describeloadbalancerattribute"}
	actDescribeLoadBalancerListeners = cloud.Action{Product: "slb", Version: slbVersion, Name: "DescribeLoadBalancerListeners",
		Doc: slbDoc + "describeloadbalancerlisteners"}
	actDescribeVServerGroupAttribute = cloud.Action{Product: "slb", Version: slbVersion, Name: "DescribeVServerGroupAttribute",
		Doc: slbDoc + "describevservergroupattribute"}
	actDescribeHealthStatus = cloud.Action{Product: "slb", Version: slbVersion, Name: "DescribeHealthStatus",
		Doc: slbDoc + "describehealthstatus"}
	actDescribeServerCertificates = cloud.Action{Product: "slb", Version: slbVersion, Name: "DescribeServerCertificates",
		Doc: slbDoc + "describeservercertificates"}
	actDescribeVSwitches = cloud.Action{Product: "vpc", Version: vpcVersion, Name: "DescribeVSwitches",
		Doc: "https://www.alibabacloud.com/help/en/vpc/developer-reference/api-vpc-2016-04-28-describevswitches"}
	actListProductQuotas = cloud.Action{Product: "quotas", Version: quotasVersion, Name: "ListProductQuotas",
		Doc: "https://www.alibabacloud.com/help/en/quota-center/developer-reference/api-quotas-2020-05-10-listproductquotas"}
	actListLoadBalancers = cloud.Action{Product: "nlb", Version: nlbVersion, Name: "ListLoadBalancers",
		Doc: nlbDoc + "listloadbalancers"}
	actListListeners = cloud.Action{Product: "nlb", Version: nlbVersion, Name: "ListListeners",
		Doc: nlbDoc + "listlisteners"}
	actListServerGroups = cloud.Action{Product: "nlb", Version: nlbVersion, Name: "ListServerGroups",
		Doc: nlbDoc + "listservergroups"}
	actListServerGroupServers = cloud.Action{Product: "nlb", Version: nlbVersion, Name: "ListServerGroupServers",
		Doc: nlbDoc + "listservergroupservers"}
	actGetListenerHealthStatus = cloud.Action{Product: "nlb", Version: nlbVersion, Name: "GetListenerHealthStatus",
		Doc: nlbDoc + "getlistenerhealthstatus"}
)

// Actions is the registry of every Alibaba Cloud API action the reader calls; deploy/cloud/
// ack-ram-policy.json is generated from it. The credential exchange of RRSA (STS
// AssumeRoleWithOIDC) is not here: it is the SDK obtaining credentials, granted by the role's trust
// policy, not a read the diagnosis makes.
var Actions = []cloud.Action{
	actDescribeLoadBalancers,
	actDescribeLoadBalancerAttribute,
	actDescribeLoadBalancerListeners,
	actDescribeVServerGroupAttribute,
	actDescribeHealthStatus,
	actDescribeServerCertificates,
	actDescribeVSwitches,
	actListProductQuotas,
	actListLoadBalancers,
	actListListeners,
	actListServerGroups,
	actListServerGroupServers,
	actGetListenerHealthStatus,
}

// ramPolicy is a RAM policy document (policy language version 1).
type ramPolicy struct {
	Version   string         `json:"Version"`
	Statement []ramStatement `json:"Statement"`
}

type ramStatement struct {
	Effect   string   `json:"Effect"`
	Action   []string `json:"Action"`
	Resource string   `json:"Resource"`
}

// RAMPolicy is the least-privilege RAM policy for the reader: one statement allowing every action
// of Actions (product:Name, sorted) on every resource, as indented JSON ending in a newline.
func RAMPolicy() []byte {
	names := make([]string, 0, len(Actions))
	for _, a := range Actions {
		names = append(names, a.String())
	}
	slices.Sort(names)
	names = slices.Compact(names)
	// A struct of strings always marshals.
	b, _ := json.MarshalIndent(ramPolicy{
		Version:   "1",
		Statement: []ramStatement{{Effect: "Allow", Action: names, Resource: "*"}},
	}, "", "  ")
	return append(b, '\n')
}
