package checks

import (
	"fmt"
	"slices"
	"strings"

	corev1 "k8s.io/api/core/v1"
)

// Note is a remark on the target as a whole, not a finding: it never counts toward the exit code.
type Note struct {
	// Reason is a stable word for the case, e.g. NoteNotLoadBalancer.
	Reason string
	// Message says it in one line.
	Message string
}

// NoteNotLoadBalancer: the target is a Service of a type no cloud load balancer is made for.
const NoteNotLoadBalancer = "NotLoadBalancer"

// notLoadBalancer is the note on a Service that is not of type LoadBalancer (ClusterIP, headless,
// NodePort, ExternalName): what was checked (applied, the checks that ran or were skipped) and why
// little applies. nil for a LoadBalancer Service.
func notLoadBalancer(svc *corev1.Service, applied []string) *Note {
	typ := svc.Spec.Type
	switch typ {
	case corev1.ServiceTypeLoadBalancer:
		return nil
	case "":
		typ = corev1.ServiceTypeClusterIP
	}
	checked := "no check applies"
	if len(applied) > 0 {
		checked = "only the checks " + strings.Join(slices.Compact(applied), ", ") + " apply"
	}
	return &Note{Reason: NoteNotLoadBalancer, Message: fmt.Sprintf(
		"%s Service: no cloud load balancer is made for this type, so %s; diagnose the LoadBalancer Service or the Ingress in front of it",
		typ, checked)}
}
