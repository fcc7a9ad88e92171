package ackchecks

import (
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

// ackIngressControllers are Alibaba Cloud's ALB and MSE Ingress controllers, which the catalog does not
// cover yet.
var ackIngressControllers = []checks.KnownController{
	{Name: "ALB", Classes: []string{"alb"}, Controllers: []string{"ingress.k8s.alibabacloud/alb"}},
	{Name: "MSE", Classes: []string{"mse"}, Controllers: []string{"mse.alibabacloud.com/ingress"}},
}

// ackProviderID reports whether a node's providerID is ACK's (ackann.ParseProviderID).
func ackProviderID(id string) bool {
	_, _, ok := ackann.ParseProviderID(id)
	return ok
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
		Signals: checks.Signals{Annotations: ackPrefixes, LoadBalancerClasses: []string{ackNLBClass}, ProviderID: ackProviderID, Components: ccm,
			IngressControllers: ackIngressControllers}}
}
