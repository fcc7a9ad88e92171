package snapshot

import (
	"context"
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Names lists the names of the Services or Ingresses (by kind) of namespace ns, in the API server's
// order: what shell completion offers for a target.
func Names(ctx context.Context, c Clients, kind Kind, ns string) ([]string, error) {
	var names []string
	switch kind {
	case KindService:
		l, err := c.Kube.CoreV1().Services(ns).List(ctx, metav1.ListOptions{})
		if err != nil {
			return nil, err
		}
		for _, s := range l.Items {
			names = append(names, s.Name)
		}
	case KindIngress:
		l, err := c.Kube.NetworkingV1().Ingresses(ns).List(ctx, metav1.ListOptions{})
		if err != nil {
			return nil, err
		}
		for _, i := range l.Items {
			names = append(names, i.Name)
		}
	default:
		return nil, fmt.Errorf("no names of kind %q", kind)
	}
	return names, nil
}

// NamespaceNames lists the names of the cluster's namespaces.
func NamespaceNames(ctx context.Context, c Clients) ([]string, error) {
	l, err := c.Kube.CoreV1().Namespaces().List(ctx, metav1.ListOptions{})
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(l.Items))
	for _, ns := range l.Items {
		names = append(names, ns.Name)
	}
	return names, nil
}
