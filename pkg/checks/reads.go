package checks

import (
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// Why each provider's checks read built-in kinds, in the registry (deploy/rbac.yaml's comments). The
// custom resources the checks read are registered where they are declared (tkeServiceConfigs).
func init() {
	core := func(resource string) schema.GroupResource { return schema.GroupResource{Resource: resource} }
	snapshot.AddNote(core(snapshot.Secrets), snapshot.Note{Provider: string(tkerules.Provider),
		Text: "only the qcloud_cert_id of the TLS Secrets Ingresses reference is compared"})
	snapshot.AddNote(core(snapshot.ConfigMaps), snapshot.Note{Provider: string(ackrules.Provider),
		Text: KubeSystem + "/" + ackCloudConfigCM + " (the CCM's serviceBackendType and disablePublicSLB; the " +
			"credentials the same file may hold are never kept)"})
	snapshot.AddNote(core(snapshot.Pods), snapshot.Note{Provider: string(tkerules.Provider),
		Text: "in " + tkeSysNS + ": the pods of the " + tkeServiceController + " and " + tkeL7Controller +
			" Deployments (their pod IPs, compared with ip-masq-agent's nonMasqueradeSrcCIDRs)"})
	snapshot.AddNote(core(snapshot.ConfigMaps), snapshot.Note{Provider: string(tkerules.Provider),
		Text: "in " + tkeSysNS + ": " + tkeServiceCtrlCM + " (GlobalRouteDirectAccess, VERSION, EnableIngressController), " + tkeConfigCM + ", " +
			tkeIPMasqCM + ", " + tkeKubeProxy + ", and those the " + tkeL7Controller + "'s environment names"})
}
