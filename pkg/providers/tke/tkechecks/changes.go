package tkechecks

import (
	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
)

// tkeCreatedForOther reports whether the CLB the TKE Service now names (tke-existed-lbid) is one
// TKE created for another Service or Ingress of the snapshot: TKE refuses to bind it (E4012).
func tkeCreatedForOther(c *checks.Context, now *corev1.Service) bool {
	id := now.Annotations[tkeann.ExistedLBID]
	if id == "" {
		return false
	}
	// What the snapshot holds (the lists may be unread live: then no such evidence).
	for _, s := range c.Snap.Services.Held("") {
		if s.Annotations[tkeann.LoadBalanceID] == id && s.Annotations[tkeann.ExistedLBID] == "" && (s.Namespace != now.Namespace || s.Name != now.Name) {
			return true
		}
	}
	for _, i := range c.Snap.Ingresses.Held("") {
		if i.Annotations[tkeann.IngLBID] == id && i.Annotations[tkeann.IngExistLB] == "" {
			return true
		}
	}
	return false
}
