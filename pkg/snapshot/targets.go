package snapshot

import (
	"cmp"
	"slices"

	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/kind"
)

// AllTargets returns every LoadBalancer Service and every Ingress the snapshot holds in namespace ns
// ("" for all), Services first, each sorted by namespace and name.
func AllTargets(s *Snapshot, ns string) []Target {
	var out []Target
	svcs, _ := s.Services.List(ns)
	for _, svc := range svcs {
		if svc.Spec.Type == corev1.ServiceTypeLoadBalancer {
			out = append(out, Target{Kind: KindService, Namespace: svc.Namespace, Name: svc.Name})
		}
	}
	ings, _ := s.Ingresses.List(ns)
	for _, ing := range ings {
		out = append(out, Target{Kind: KindIngress, Namespace: ing.Namespace, Name: ing.Name})
	}
	return out
}

// CompareTargets orders targets as AllTargets lists them: by kind (Services first), then namespace
// and name.
func CompareTargets(a, b Target) int {
	return cmp.Or(
		cmp.Compare(slices.Index(kind.All(), a.Kind), slices.Index(kind.All(), b.Kind)),
		cmp.Compare(a.Namespace, b.Namespace),
		cmp.Compare(a.Name, b.Name))
}
