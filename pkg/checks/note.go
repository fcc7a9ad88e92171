package checks

import (
	"slices"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
	corev1 "k8s.io/api/core/v1"
)

// Note is a remark on the target as a whole, not a finding: it never counts toward the exit code.
type Note struct {
	// Reason is a stable word for the case, e.g. NoteNotLoadBalancer.
	Reason string
	// Message says it in one line, in English (Words words it in any language).
	Message string

	// words is Message in every language.
	words words.Words
}

// Words is the note's message in every language.
func (n Note) Words() words.Words {
	if n.words.IsZero() {
		return words.Say("%s", "%s", n.Message)
	}
	return n.words
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
	checked := words.Say("no check applies", "没有适用的检查")
	if len(applied) > 0 {
		checked = words.Say("only the checks %s apply", "只有检查 %s 适用", words.List(applied))
	}
	w := words.Say("%s Service: no cloud load balancer is made for this type, so %s; diagnose the LoadBalancer Service or the Ingress in front of it",
		"%s 类型的 Service：云厂商不会为这种类型创建负载均衡，因此%s；请诊断它前面的 LoadBalancer Service 或 Ingress", typ, checked)
	return &Note{Reason: NoteNotLoadBalancer, Message: w.In(words.English), words: w}
}
