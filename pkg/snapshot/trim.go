package snapshot

import (
	"strings"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// trim drops, from an object read live, the fields no check reads, so a cluster-wide run holds less:
// most of a Pod (see trimPod); live reads also drop managed fields (TrimLive). Objects from input
// files are kept whole; the checks see the same fields either way.
func trim(o runtime.Object) {
	if p, ok := o.(*corev1.Pod); ok {
		trimPod(p)
	}
}

// trimPod keeps what the checks read of a pod: its metadata; the node, host networking and grace
// period; each container's name, image, ports, extended resources (a domain-prefixed name such as a
// cloud's ENI resource; cpu, memory and the other native ones go), lifecycle and readiness probe;
// the phase and conditions. Volumes, environment, init containers, scheduling constraints and
// container statuses go.
func trimPod(p *corev1.Pod) {
	cs := make([]corev1.Container, len(p.Spec.Containers))
	for i, c := range p.Spec.Containers {
		cs[i] = corev1.Container{Name: c.Name, Image: c.Image, Ports: c.Ports, Lifecycle: c.Lifecycle,
			ReadinessProbe: c.ReadinessProbe,
			Resources:      corev1.ResourceRequirements{Requests: extended(c.Resources.Requests), Limits: extended(c.Resources.Limits)}}
	}
	p.Spec = corev1.PodSpec{NodeName: p.Spec.NodeName, HostNetwork: p.Spec.HostNetwork,
		TerminationGracePeriodSeconds: p.Spec.TerminationGracePeriodSeconds, Containers: cs}
	p.Status = corev1.PodStatus{Phase: p.Status.Phase, Conditions: p.Status.Conditions,
		Reason: p.Status.Reason, Message: p.Status.Message}
}

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
