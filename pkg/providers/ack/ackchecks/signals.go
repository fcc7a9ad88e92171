package ackchecks

import (
	"regexp"
	"slices"
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/changes"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// ackPrefixes are the annotation keys (or key prefixes) that only ACK's controllers read.
var ackPrefixes = []string{ackann.FamilyPrefix, ackann.LegacyFamilyPrefix, ackann.BackendType}

// ackProviderIDRE: ACK nodes carry "<region-id>.<instance-id>", e.g. cn-hangzhou.i-bp1…, optionally
// prefixed "alicloud://" (kubernetes/cloud-provider-alibaba-cloud docs/getting-started.md and its
// NodeFromProviderID; the Kubernetes "Cloud Providers" page, Alibaba section:
// kubelet --provider-id=${REGION_ID}.${INSTANCE_ID}). An Alibaba region id is a geography prefix and a
// place, optionally with numbered or special parts: cn-hangzhou, ap-southeast-1, us-west-1,
// eu-central-1, cn-shanghai-finance-1, cn-north-2-gov-1.
var ackProviderIDRE = regexp.MustCompile(`^(?:cn|ap|us|eu|me|na|sa|af)-[a-z]+(?:-[a-z0-9]+)*\.(i-[a-z0-9]+)$`)

func ackProviderID(id string) bool {
	_, ok := ackParseProviderID(id)
	return ok
}

// ackParseProviderID is the one reading of an ACK providerID (ackProviderIDRE): the ECS instance id
// it names, and whether it is ACK's at all.
func ackParseProviderID(id string) (instance string, ok bool) {
	m := ackProviderIDRE.FindStringSubmatch(strings.TrimPrefix(id, "alicloud://"))
	if m == nil {
		return "", false
	}
	return m[1], true
}

// alibabaImage reports whether a container image is Alibaba's.
func alibabaImage(image string) bool {
	return strings.Contains(image, "aliyun") || strings.Contains(image, "alibaba") || strings.Contains(image, "/acs/")
}

// Cloud is ACK as the checks see it. Many clouds run a "cloud-controller-manager"; only Alibaba's
// image names it.
func Cloud() checks.Cloud {
	alibaba := words.Phrase{En: "Alibaba", Zh: "阿里云"}
	var ccm []checks.Component
	for _, name := range []string{"cloud-controller-manager", "ack-cloud-controller-manager"} {
		ccm = append(ccm, checks.Component{Resource: snapshot.Deployments, Name: name, Image: alibabaImage, Vendor: alibaba},
			checks.Component{Resource: snapshot.DaemonSets, Name: name, Image: alibabaImage, Vendor: alibaba})
	}
	return checks.Cloud{Name: ackrules.Provider, Checks: slices.Concat(ackServiceChecks, ackCloudChecks()), Side: ackSide, NeverBound: ackLostCLB, Standing: ackStanding, Changes: changes.ACK, StandingEmits: ackStandingEmits, Reads: ackReads,
		Signals: checks.Signals{Annotations: ackPrefixes, LoadBalancerClasses: []string{ackNLBClass}, ProviderID: ackProviderID, Components: ccm}}
}
