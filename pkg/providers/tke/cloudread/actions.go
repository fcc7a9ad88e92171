package cloudread

import (
	"encoding/json"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
)

// API versions of the products read.
const (
	clbVersion = "2018-03-17"
	vpcVersion = "2017-03-12"
	sslVersion = "2019-12-05"
)

// The actions the reader calls, each with its API reference page.
var (
	describeLoadBalancers = cloud.Action{Product: "clb", Version: clbVersion, Name: "DescribeLoadBalancers",
		Doc: "https://www.tencentcloud.com/document/api/214/33830"}
	describeListeners = cloud.Action{Product: "clb", Version: clbVersion, Name: "DescribeListeners",
		Doc: "https://www.tencentcloud.com/document/api/214/33831"}
	describeTargets = cloud.Action{Product: "clb", Version: clbVersion, Name: "DescribeTargets",
		Doc: "https://www.tencentcloud.com/document/api/214/33824"}
	describeTargetHealth = cloud.Action{Product: "clb", Version: clbVersion, Name: "DescribeTargetHealth",
		Doc: "https://www.tencentcloud.com/document/api/214/33825"}
	// The action's own page was not found in the stored reference; its answer is the Quota data
	// structure, whose QuotaId values name the quotas read.
	describeQuota = cloud.Action{Product: "clb", Version: clbVersion, Name: "DescribeQuota",
		Doc: "https://www.tencentcloud.com/document/api/214/30694#Quota"}
	describeSubnets = cloud.Action{Product: "vpc", Version: vpcVersion, Name: "DescribeSubnets",
		Doc: "https://www.tencentcloud.com/document/api/215/15784"}
	// describeCertificate answers a certificate's metadata only (domain, SANs, validity, status);
	// the body and key are DescribeCertificateDetail's and DownloadCertificate's, never called.
	describeCertificate = cloud.Action{Product: "ssl", Version: sslVersion, Name: "DescribeCertificate",
		Doc: "https://www.tencentcloud.com/document/api/1007/36588"}
)

// Actions is the registry of every Tencent Cloud API action the reader calls. The CAM policy in
// deploy/cloud/tke-cam-policy.json is generated from it (CAMPolicy), and a call of any other
// action fails without being sent.
var Actions = []cloud.Action{
	describeLoadBalancers, describeListeners, describeTargets, describeTargetHealth, describeQuota,
	describeSubnets, describeCertificate,
}

// perSecond is each action's request-rate limit as its reference page states it ("A maximum of N
// requests can be initiated per second for this API"); the reader stays under it. DescribeQuota's
// is not known and is taken as CLB's usual 20.
var perSecond = map[string]float64{
	describeLoadBalancers.Name: 20,
	describeListeners.Name:     20,
	describeTargets.Name:       20,
	describeTargetHealth.Name:  20,
	describeQuota.Name:         20,
	describeSubnets.Name:       100,
	describeCertificate.Name:   10,
}

// camPolicy is a Tencent Cloud CAM policy document: version 2.0, one statement per effect
// (https://intl.cloud.tencent.com/document/product/598/10603, "Policy Syntax").
type camPolicy struct {
	Version   string         `json:"version"`
	Statement []camStatement `json:"statement"`
}

type camStatement struct {
	Effect   string   `json:"effect"`
	Action   []string `json:"action"`
	Resource []string `json:"resource"`
}

// CAMPolicy renders the registry as the least-privilege CAM policy a reader's credentials need:
// one allow statement of every action, as product:Action, on every resource.
func CAMPolicy() []byte {
	p := camPolicy{Version: "2.0", Statement: []camStatement{{Effect: "allow", Resource: []string{"*"}}}}
	for _, a := range Actions {
		p.Statement[0].Action = append(p.Statement[0].Action, a.String())
	}
	b, _ := json.MarshalIndent(p, "", "  ") // strings only: it cannot fail
	return append(b, '\n')
}
