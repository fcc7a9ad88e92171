package snapshot

import (
	corev1 "k8s.io/api/core/v1"
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
