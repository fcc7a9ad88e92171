package snapshot

import (
	"strings"

	corev1 "k8s.io/api/core/v1"
)

// extended returns the extended resources of rl (names with a domain prefix), nil when there are none.
func extended(rl corev1.ResourceList) corev1.ResourceList {
	var out corev1.ResourceList
	for name, q := range rl {
		if strings.Contains(string(name), "/") {
			if out == nil {
				out = corev1.ResourceList{}
			}
			out[name] = q
		}
	}
	return out
}
