package tkechecks

import (
	"slices"
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/changes"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/events"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// tkePrefixes are the annotation keys (or key prefixes) that only TKE's controllers read.
var tkePrefixes = []string{tkeann.PrefixQcloud, tkeann.PrefixTKE, tkeann.PrefixService,
	tkeann.PrefixIngress, tkeann.PrefixLoadBalance, tkeann.PrefixLocalSvc, tkeann.SvcExtensive, tkeann.IngExistLB, tkeann.IngSubnet, tkeann.HTTPRules, tkeann.HTTPSRules,
	tkeann.IngExtensive, tkeann.IngLBID, tkeann.RuleMix, tkeann.IngChargeType, tkeann.IngBandwidth, annCertID,
	// Older TKE Service annotations, still in TKE's Service annotation page.
	tkeann.LegacySvcChargeType, tkeann.LegacySvcBandwidth, tkeann.LoadBalanceType}

// tkeProviderID: TKE nodes carry "qcloud:///<zone>/<instance-id>", zone numeric or named, e.g.
// qcloud:///100003/ins-3ven36lk (kubernetes/autoscaler, cloudprovider/tencentcloud); any "qcloud://"
// form is Tencent's scheme.
func tkeProviderID(id string) bool {
	_, ok := tkeParseProviderID(id)
	return ok
}

// tkeParseProviderID is the one reading of a TKE providerID: the CVM instance id its last segment
// names ("" when that is no "ins-…"), and whether it is Tencent's scheme at all.
func tkeParseProviderID(id string) (instance string, ok bool) {
	if !strings.HasPrefix(id, "qcloud://") || len(id) == len("qcloud://") {
		return "", false
	}
	if last := id[strings.LastIndexByte(id, '/')+1:]; strings.HasPrefix(last, "ins-") {
		instance = last
	}
	return instance, true
}

// Cloud is TKE as the checks see it: its signals, checks, change model, event matcher and reads.
func Cloud() checks.Cloud {
	return checks.Cloud{Name: tkerules.Provider, Checks: slices.Concat(tkeChecks(), tkeCloudChecks()), Side: tkeSide, NeverBound: tkeCreatedForOther, Changes: changes.TKE, Events: &events.TKE, Reads: tkeReads,
		Signals: checks.Signals{Annotations: tkePrefixes, ProviderID: tkeProviderID,
			Components: []checks.Component{{Resource: snapshot.ConfigMaps, Name: tkeConfigCM}, {Resource: snapshot.Deployments, Name: tkeL7Controller}}},
		IngressController: &checks.IngressControllerSpec{Name: "TKE CLB", Classes: []string{"qcloud"}, Controllers: []string{"qcloud", "tencent"}, Classless: true}}
}

func tkeChecks() []checks.Check {
	return slices.Concat(tkeIngressChecks, tkeServiceChecks, tkeClusterChecks, tkeUnknownChecks, tkeConfigFieldChecks)
}
