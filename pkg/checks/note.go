package checks

import (
	"fmt"
	"slices"
	"strings"

	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// Note is a remark on the target as a whole, not a finding: it never counts toward the exit code.
type Note struct {
	// Reason is a stable word for the case, e.g. NoteNotLoadBalancer.
	Reason string
	// Message says it in one line, in English (MessageIn words it in any language).
	Message string

	// typ and applied are the facts of a NoteNotLoadBalancer.
	typ     corev1.ServiceType
	applied []string
}

// MessageIn is the note's message in lang.
func (n Note) MessageIn(lang rules.Lang) string {
	if lang != rules.Chinese || n.Reason != NoteNotLoadBalancer {
		return n.Message
	}
	checked := "没有适用的检查"
	if len(n.applied) > 0 {
		checked = "只有检查 " + strings.Join(n.applied, ", ") + " 适用"
	}
	return fmt.Sprintf("%s 类型的 Service：云厂商不会为这种类型创建负载均衡，因此%s；请诊断它前面的 LoadBalancer Service 或 Ingress", n.typ, checked)
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
	applied = slices.Compact(slices.Clone(applied))
	checked := "no check applies"
	if len(applied) > 0 {
		checked = "only the checks " + strings.Join(applied, ", ") + " apply"
	}
	return &Note{Reason: NoteNotLoadBalancer, Message: fmt.Sprintf(
		"%s Service: no cloud load balancer is made for this type, so %s; diagnose the LoadBalancer Service or the Ingress in front of it",
		typ, checked), typ: typ, applied: applied}
}
