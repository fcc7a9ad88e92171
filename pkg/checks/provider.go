package checks

import (
	"strings"

	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// Annotation keys (or key prefixes) that only one cloud's controllers read.
var (
	tkePrefixes = []string{"service.kubernetes.io/qcloud-", "service.kubernetes.io/tke-", "service.cloud.tencent.com/",
		"ingress.cloud.tencent.com/", annSvcLBID, annSvcExtensive, annExistLB, annIngSubnet, annHTTPRules, annHTTPSRules,
		annIngExtensive, annIngLBID, annRuleMix, annChargeType, annBandwidth, annCertID}
	ackPrefixes = []string{"service.beta.kubernetes.io/alibaba-cloud-", "service.beta.kubernetes.io/alicloud-", annBackendType}
)

// DetectProvider infers the cloud from, in order: the target's annotations and ingress class, node
// provider IDs, and well-known kube-system objects. It returns Generic when nothing tells.
func DetectProvider(s *snapshot.Snapshot, t snapshot.Target) rules.Provider {
	var ann map[string]string
	switch t.Kind {
	case snapshot.KindService:
		if svc, err := s.Services.Get(t.Namespace, t.Name); err == nil {
			ann = svc.Annotations
		}
	case snapshot.KindIngress:
		if ing, err := s.Ingresses.Get(t.Namespace, t.Name); err == nil {
			ann = ing.Annotations
			if ann[annIngressClass] == "qcloud" || (ing.Spec.IngressClassName != nil && *ing.Spec.IngressClassName == "qcloud") {
				return rules.TKE
			}
		}
	}
	for k := range ann {
		if hasAnyPrefix(k, tkePrefixes) {
			return rules.TKE
		}
		if hasAnyPrefix(k, ackPrefixes) {
			return rules.ACK
		}
	}
	return ClusterProvider(s)
}

// ClusterProvider infers the cloud from nodes and kube-system objects alone.
func ClusterProvider(s *snapshot.Snapshot) rules.Provider {
	if nodes, err := s.Nodes.List(""); err == nil {
		for _, n := range nodes {
			switch {
			case strings.HasPrefix(n.Spec.ProviderID, "qcloud://"):
				return rules.TKE
			case strings.HasPrefix(n.Spec.ProviderID, "alicloud://"):
				return rules.ACK
			}
		}
	}
	if _, err := s.ConfigMaps.Get("kube-system", "tke-config"); err == nil {
		return rules.TKE
	}
	if _, err := s.Deployments.Get("kube-system", "l7-lb-controller"); err == nil {
		return rules.TKE
	}
	// Many clouds run a "cloud-controller-manager"; only Alibaba's image names it.
	for _, name := range []string{"cloud-controller-manager", "ack-cloud-controller-manager"} {
		if d, err := s.Deployments.Get("kube-system", name); err == nil && alibabaImage(d.Spec.Template.Spec) {
			return rules.ACK
		}
		if d, err := s.DaemonSets.Get("kube-system", name); err == nil && alibabaImage(d.Spec.Template.Spec) {
			return rules.ACK
		}
	}
	return rules.Generic
}

func alibabaImage(spec corev1.PodSpec) bool {
	for _, c := range spec.Containers {
		if strings.Contains(c.Image, "aliyun") || strings.Contains(c.Image, "alibaba") || strings.Contains(c.Image, "/acs/") {
			return true
		}
	}
	return false
}

func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
