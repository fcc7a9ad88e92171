package checks

import (
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// tkePrefixes are the annotation keys (or key prefixes) that only TKE's controllers read.
var tkePrefixes = []string{tkeann.PrefixQcloud, tkeann.PrefixTKE, tkeann.PrefixService,
	tkeann.PrefixIngress, tkeann.LoadBalanceID, tkeann.SvcExtensive, tkeann.IngExistLB, tkeann.IngSubnet, tkeann.HTTPRules, tkeann.HTTPSRules,
	tkeann.IngExtensive, tkeann.IngLBID, tkeann.RuleMix, tkeann.IngChargeType, tkeann.IngBandwidth, annCertID,
	// Older TKE Service annotations, still in TKE's Service annotation page.
	tkeann.LegacySvcChargeType, tkeann.LegacySvcBandwidth, tkeann.LoadBalanceType}

// tkeProviderID: TKE nodes carry "qcloud:///<zone>/<instance-id>", zone numeric or named, e.g.
// qcloud:///100003/ins-3ven36lk (kubernetes/autoscaler, cloudprovider/tencentcloud); any "qcloud://"
// form is Tencent's scheme.
func tkeProviderID(id string) bool {
	return strings.HasPrefix(id, "qcloud://") && len(id) > len("qcloud://")
}

// tkeCloud is TKE as the checks see it.
func tkeCloud() Cloud {
	return Cloud{Name: tkerules.Provider, Checks: concatChecks(tkeChecks(), tkeCloudChecks()), side: tkeSide,
		Signals: Signals{Annotations: tkePrefixes, ProviderID: tkeProviderID,
			Components: []Component{{Resource: snapshot.ConfigMaps, Name: tkeConfigCM}, {Resource: snapshot.Deployments, Name: tkeL7Controller}}},
		IngressController: &IngressControllerSpec{Name: "TKE CLB", Classes: []string{"qcloud"}, Controllers: []string{"qcloud", "tencent"}, Classless: true}}
}

func tkeChecks() []Check {
	return concatChecks(tkeIngressChecks, tkeServiceChecks, tkeClusterChecks, tkeUnknownChecks, tkeConfigFieldChecks)
}
