package tkechecks

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// tkeReads say why TKE's checks read built-in kinds (deploy/rbac.yaml's comments). The custom
// resources they read carry their own note (ServiceConfigs).
var tkeReads = []checks.ReadNote{
	{Resource: snapshot.Secrets, Text: "only the qcloud_cert_id of the TLS Secrets Ingresses reference, and of the certificate Secrets a Service's specify-protocol names, is compared"},
	{Resource: snapshot.Pods, Text: "in " + tkeSysNS + ": the pods of the " + tkeServiceController + " and " + tkeL7Controller +
		" Deployments (their pod IPs, compared with ip-masq-agent's nonMasqueradeSrcCIDRs)"},
	{Resource: snapshot.ConfigMaps, Text: "in " + tkeSysNS + ": " + tkeServiceCtrlCM + " (GlobalRouteDirectAccess, VERSION, EnableIngressController), " + tkeConfigCM + ", " +
		tkeIPMasqCM + ", " + tkeKubeProxy + ", and those the " + tkeL7Controller + "'s environment names"},
}
