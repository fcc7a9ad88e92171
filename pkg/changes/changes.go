// Package changes is the change model: given a Service or an Ingress as it is now and as it will be
// after an edit, it lists the changed fields a cloud controller treats specially, each with the rule
// that says what the controller does with it (rules.ChangeClass: rejected, destructive or
// disruptive). A change the controller simply applies (benign) gives nothing.
//
// The model is a pure function of the two objects. It knows the "now" object's load balancer exists
// when the object is a LoadBalancer Service (or, for an Ingress, one its controller serves): the
// preflight reads the live object, --base reads what was applied, and the plain diagnosis reads the
// object against its last-applied-configuration record.
package changes

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Change is one changed field and what the controller does with it.
type Change struct {
	Rule rules.ID
	// Field is the report path of the field, e.g. metadata.annotations[service.kubernetes.io/tke-existed-lbid].
	Field string
	// Old and New are the values before and after; "" is not set.
	Old, New string
	// Consequence says in one sentence, in English, what the controller does with this change.
	Consequence string
	// Says is the consequence in every language (ConsequenceIn; Words is the whole message).
	Says words.Words
	// ByAPIServer: the Kubernetes API server refuses the edit itself, whether or not a load
	// balancer was ever made.
	ByAPIServer bool
}

// Class is the change's class, from its rule; none for a change the controller takes whose
// consequence comes later (ack.service.orphan-on-delete: the CLB will outlive the Service).
func (c Change) Class() rules.ChangeClass { return c.Rule.Rule().Change }

// Message is the change's facts as one line: old → new, consequence (the finding's path names
// the field).
func (c Change) Message() string { return c.Words().In(words.English) }

// Shown is a value as a message shows it: quoted, or "(unset)". Long values are cut.
func Shown(v string) string {
	if v == "" {
		return "(unset)"
	}
	if len(v) > 120 {
		v = v[:120] + "…"
	}
	return strconv.Quote(v)
}

// Exists reports whether the load balancer of a Service or an Ingress shows in the object: an
// address in its status, or (ACK) the CLB id CCM writes into a label when it binds a Service. A
// Service still waiting for its load balancer has neither.
func Exists(status []corev1.LoadBalancerIngress, labels map[string]string) bool {
	return len(status) > 0 || labels[ackann.LabelLBID] != ""
}

// Model is a provider's change model: what its controllers do with an edit of a LoadBalancer
// Service (Service) or of an Ingress they serve (Ingress). A nil func adds nothing of its kind; the
// framework adds what every controller does. The zero Model is that of no cloud.
type Model struct {
	Service func(now, after *corev1.Service) []Change
	Ingress func(now, after *networkingv1.Ingress) []Change
}

// Service lists the changes between a Service now and after, for the controller of the provider
// whose change model is m (the zero Model: what every cloud's service controller does). exists
// says the load balancer exists (Exists of now, or assumed for --base files, which are what was
// applied). A nil now (a creation), a now that is not a LoadBalancer Service or a load balancer not
// made yet gives none.
func Service(m Model, now, after *corev1.Service, exists bool) []Change {
	if now == nil || after == nil || !isLB(now) {
		return nil
	}
	if o, n := lbClass(now), lbClass(after); isLB(after) && o != n {
		// The API server refuses the whole edit: nothing else of it reaches a controller.
		return worded([]Change{{Rule: rules.GenericServiceLBClassImmutable, Field: "spec.loadBalancerClass", Old: o, New: n,
			Says: say(sayLBClassImmutable), ByAPIServer: true}})
	}
	if !exists {
		return nil
	}
	var out []Change
	switch {
	case m.Service != nil:
		out = m.Service(now, after)
	case !isLB(after):
		// No cloud's model: what every cloud's service controller does.
		out = []Change{{Rule: rules.GenericServiceTypeChangeDeletesLB, Field: "spec.type", Old: string(now.Spec.Type), New: string(after.Spec.Type),
			Says: say(sayLBDeleted, addressNote(now.Status.LoadBalancer.Ingress))}}
	}
	if isLB(after) {
		out = append(out, genericService(now, after)...)
	}
	return worded(out)
}

// Ingress lists the changes between an Ingress now and after, for the controller of the provider
// whose change model is m; a
// nil now (a creation) or a load balancer not made yet (exists, as for Service) gives none.
func Ingress(m Model, now, after *networkingv1.Ingress, exists bool) []Change {
	if now == nil || after == nil || !exists {
		return nil
	}
	var out []Change
	if m.Ingress != nil {
		out = m.Ingress(now, after)
	}
	return worded(append(out, genericIngress(now, after)...))
}

// lbClass is the Service's loadBalancerClass, "" when unset.
func lbClass(svc *corev1.Service) string {
	if svc.Spec.LoadBalancerClass == nil {
		return ""
	}
	return *svc.Spec.LoadBalancerClass
}

// isLB reports whether svc is a LoadBalancer Service.
func isLB(svc *corev1.Service) bool { return svc.Spec.Type == corev1.ServiceTypeLoadBalancer }

// annPath is the report path of annotation key.
func annPath(key string) string { return "metadata.annotations[" + key + "]" }

// genericService: what every cloud controller does with externalTrafficPolicy and selector edits.
func genericService(now, after *corev1.Service) []Change {
	var out []Change
	policy := func(s *corev1.Service) string {
		if s.Spec.ExternalTrafficPolicy == "" {
			return string(corev1.ServiceExternalTrafficPolicyCluster)
		}
		return string(s.Spec.ExternalTrafficPolicy)
	}
	if o, n := policy(now), policy(after); o != n {
		out = append(out, Change{Rule: rules.GenericServiceTrafficPolicyChange, Field: "spec.externalTrafficPolicy", Old: o, New: n,
			Says: trafficConsequence(n)})
	}
	if o, n := labelString(now.Spec.Selector), labelString(after.Spec.Selector); o != n {
		out = append(out, Change{Rule: rules.GenericServiceSelectorChange, Field: "spec.selector", Old: o, New: n,
			Says: say(saySelector)})
	}
	return out
}

func trafficConsequence(to string) words.Words {
	if to == string(corev1.ServiceExternalTrafficPolicyLocal) {
		return say(sayTrafficLocal)
	}
	return say(sayTrafficCluster)
}

// labelString is a label map as sorted k=v pairs.
func labelString(m map[string]string) string {
	kv := make([]string, 0, len(m))
	for k, v := range m {
		kv = append(kv, k+"="+v)
	}
	slices.Sort(kv)
	return strings.Join(kv, ",")
}

// portKey names a Service port as a listener: protocol and port.
func portKey(p corev1.ServicePort) string {
	proto := p.Protocol
	if proto == "" {
		proto = corev1.ProtocolTCP
	}
	return fmt.Sprintf("%d/%s", p.Port, proto)
}

// removedPorts lists the ports of now that after lacks, in now's order.
func removedPorts(now, after *corev1.Service) []string {
	keep := map[string]bool{}
	for _, p := range after.Spec.Ports {
		keep[portKey(p)] = true
	}
	var out []string
	for _, p := range now.Spec.Ports {
		if k := portKey(p); !keep[k] {
			out = append(out, k)
		}
	}
	return out
}

// valueChanges lists a change of rule id for each key whose value differs between now and after;
// consequence words it from the key.
func valueChanges(id rules.ID, now, after map[string]string, keys []string, consequence func(key, old, new string) words.Words) []Change {
	var out []Change
	for _, k := range keys {
		if o, n := now[k], after[k]; o != n {
			out = append(out, Change{Rule: id, Field: annPath(k), Old: o, New: n, Says: consequence(k, o, n)})
		}
	}
	return out
}

// LastAppliedAnnotations returns the annotations recorded by the last `kubectl apply`
// (kubectl.kubernetes.io/last-applied-configuration); ok is false when there is no usable record.
func LastAppliedAnnotations(ann map[string]string) (map[string]string, bool) {
	raw, ok := ann[corev1.LastAppliedConfigAnnotation]
	if !ok {
		return nil, false
	}
	var obj struct {
		Metadata struct {
			Annotations map[string]string `json:"annotations"`
		} `json:"metadata"`
	}
	if err := json.Unmarshal([]byte(raw), &obj); err != nil {
		return nil, false
	}
	return obj.Metadata.Annotations, true
}
