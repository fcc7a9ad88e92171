package ackchecks

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// ackReads say why ACK's checks read built-in kinds (deploy/rbac.yaml's comments).
var ackReads = []checks.ReadNote{
	{Resource: snapshot.ConfigMaps, Text: checks.KubeSystem + "/" + ackCloudConfigCM + " (the CCM's serviceBackendType and disablePublicSLB; the " +
		"credentials the same file may hold are never kept)"},
}
