package checks

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/changes"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// The change checks run the change model (pkg/changes) on the target. In a preflight the snapshot
// holds each target's object as it is now (snapshot.Prior) and the target as it will be: every
// change is reported. In a plain diagnosis the object is compared with its
// last-applied-configuration record, and only the changes whose consequence is still ahead are
// reported: rejected ones (the controller keeps failing on them; a destructive or disruptive change
// has already taken effect) and those of a rule of no change class (a CLB that will outlive its
// Service). The change check is the one check of the rules it emits: on ACK, what the object alone
// shows of them (ackStanding) is reported only when no change of the rule is known.

// changeRules is every rule of kind k the change models emit, from the catalog as a suite is made
// (a provider's rules may be declared after this package's variables).
func changeRules(k rules.Kind) []rules.ID {
	var out []rules.ID
	for _, r := range rules.All() {
		if r.Kind == k && r.Change != "" {
			out = append(out, r.ID)
		}
	}
	return out
}

// changeChecks run last, so that a change finding can replace a heuristic's.
func changeChecks(clouds []Cloud) []Check {
	emits := changeRules(rules.Service)
	for _, c := range clouds {
		emits = append(emits, c.StandingEmits...)
	}
	return []Check{
		{Name: "service-changes", Kind: rules.Service, Provider: rules.Generic, Run: checkServiceChanges,
			Emits: emits, Inputs: []Input{inRoutingIngresses}},
		{Name: "ingress-changes", Kind: rules.Ingress, Provider: rules.Generic, Run: checkIngressChanges,
			Emits: changeRules(rules.Ingress), Inputs: TargetOnly},
	}
}

// neverBound reports whether the target's provider knows from the snapshot that the load balancer
// the Service now names could never be bound to it (Cloud.NeverBound).
func (c *Context) neverBound(now *corev1.Service) bool {
	cl, _ := c.suite.Cloud(c.Provider)
	return cl.NeverBound != nil && cl.NeverBound(c, now)
}

// changeModel is the change model of the target's provider; the zero Model for none.
func (c *Context) changeModel() changes.Model {
	cl, _ := c.suite.Cloud(c.Provider)
	return cl.Changes
}

// inRoutingIngresses reads the Ingresses of the target's namespace when the edit removes a port of a
// LoadBalancer Service: portsInUse looks for their routes to it.
var inRoutingIngresses = Input{Resource: snapshot.Ingresses, Scope: InNamespace, When: func(c *Context) bool {
	if c.Service == nil {
		return false
	}
	now, _ := priorService(c)
	return now != nil && now.Spec.Type == corev1.ServiceTypeLoadBalancer &&
		slices.ContainsFunc(now.Spec.Ports, func(p corev1.ServicePort) bool {
			return !slices.ContainsFunc(c.Service.Spec.Ports, func(q corev1.ServicePort) bool { return q.Port == p.Port })
		})
}}

// priorService is the Service as it is before the edit (the live or --base object in preflight,
// else its last-applied configuration), and whether the run is a preflight.
func priorService(c *Context) (*corev1.Service, bool) {
	prior, preflight := c.Snap.Prior(c.Target)
	if preflight {
		now, _ := prior.(*corev1.Service)
		return now, true
	}
	return appliedService(c.Service), false
}

func checkServiceChanges(c *Context) error {
	now, preflight := priorService(c)
	reported := map[rules.ID]bool{}
	if now != nil {
		// --base files are what was applied: their load balancer is taken as bound unless the
		// files themselves show it never could be (a TKE CLB made for another object, E4012).
		bound := serviceBound(c, now) || (preflightBase(c, preflight) && !c.neverBound(now))
		exists := preflightBase(c, preflight) || bound
		for _, ch := range append(changes.Service(c.changeModel(), now, c.Service, exists), portsInUse(c, now)...) {
			if ch.Class() == rules.ChangeRejected && !bound && !ch.ByAPIServer {
				// Nothing to refuse: no load balancer is known to be bound yet.
				continue
			}
			if c.emitChange(ch, preflight) {
				reported[ch.Rule] = true
			}
		}
	}
	if cl, _ := c.suite.Cloud(c.Provider); cl.Standing != nil {
		cl.Standing(c, reported)
	}
	return nil
}

func checkIngressChanges(c *Context) error {
	prior, preflight := c.Snap.Prior(c.Target)
	var now *networkingv1.Ingress
	if preflight {
		now, _ = prior.(*networkingv1.Ingress)
	} else {
		now = appliedIngress(c.Ingress)
	}
	if now == nil {
		return nil
	}
	bound := changes.Exists(changes.IngressStatus(now), nil) || ensured(c, string(now.UID))
	bound = bound || preflightBase(c, preflight)
	exists := bound
	for _, ch := range changes.Ingress(c.changeModel(), now, c.Ingress, exists) {
		if ch.Class() == rules.ChangeRejected && !bound {
			continue
		}
		c.emitChange(ch, preflight)
	}
	return nil
}

// A refusal needs evidence that the controller has bound a load balancer to the object as it is
// now: an address in its status, the CLB label CCM writes, or a success event (EnsuredLoadBalancer, the
// reason of the Kubernetes service controller and of CCM, pkg/controller/helper/event.go; TKE's
// "Sync Success"). --base
// files are taken to have a load balancer for what deletes it, but a switch of one never made is
// no switch. On TKE a Service naming an existing CLB that TKE created for another object was never
// bound to it (E4012), whatever address its status shows.

// serviceBound reports the evidence for the Service now.
func serviceBound(c *Context, now *corev1.Service) bool {
	if c.neverBound(now) {
		return false
	}
	return changes.Exists(now.Status.LoadBalancer.Ingress, now.Labels) || ensured(c, string(now.UID))
}

// ensured reports a success event of a load balancer controller about the target (uid of the object
// now): EnsuredLoadBalancer, or TKE's "Ingress Sync Success" / "Service Sync Success" (seed 002).
func ensured(c *Context, uid string) bool {
	evs, err := c.Snap.EventsFor(c.Target.Kind, c.Target.Namespace, c.Target.Name, uid)
	if err != nil {
		return false
	}
	for _, e := range evs {
		if e.Type != corev1.EventTypeWarning && (e.Reason == "EnsuredLoadBalancer" || strings.Contains(e.Message, " Sync Success")) {
			return true
		}
	}
	return false
}

// preflightBase: a preflight against --base files, which are what was applied; their load
// balancers are taken to exist though the files hold no status.
func preflightBase(c *Context, preflight bool) bool {
	return preflight && c.Snap.Source == snapshot.Offline
}

// maxChangeMessage bounds a change's message, which holds the old and new values.
const maxChangeMessage = 1000

// emitChange reports ch, and says whether it did; see the package comment above for preflight
// against plain diagnosis.
func (c *Context) emitChange(ch changes.Change, preflight bool) bool {
	class := ch.Class()
	if !preflight && class != rules.ChangeRejected && class != "" {
		return false
	}
	n := len(c.findings)
	w := ch.Words()
	if en, zh := w.In(words.English), w.In(words.Chinese); len(en) > maxChangeMessage || len(zh) > maxChangeMessage {
		// Clipped in each language; a phrase without facts is printed as it is.
		w = words.Phrase{En: ClipTo(en, maxChangeMessage), Zh: ClipTo(zh, maxChangeMessage)}.With()
	}
	c.Say(ch.Rule, ch.Field, w)
	if len(c.findings) == n {
		return false
	}
	c.findings[n].Change = &ch
	if sev := class.Severity(); class != "" && sev != ch.Rule.Rule().Severity {
		c.findings[n].Severity = &sev
	}
	return true
}

// appliedService is svc as its last-applied-configuration record describes it: the record's
// annotations, and its type, traffic policy, selector and class where the record sets them, over the
// object (status and the rest kept). Nil without a usable record.
func appliedService(svc *corev1.Service) *corev1.Service {
	raw, ok := svc.Annotations[corev1.LastAppliedConfigAnnotation]
	if !ok {
		return nil
	}
	var rec corev1.Service
	if json.Unmarshal([]byte(raw), &rec) != nil {
		return nil
	}
	out := svc.DeepCopy()
	out.Annotations = rec.Annotations
	if rec.Spec.Type != "" {
		out.Spec.Type = rec.Spec.Type
	}
	if rec.Spec.ExternalTrafficPolicy != "" {
		out.Spec.ExternalTrafficPolicy = rec.Spec.ExternalTrafficPolicy
	}
	if rec.Spec.Selector != nil {
		out.Spec.Selector = rec.Spec.Selector
	}
	if rec.Spec.LoadBalancerClass != nil {
		out.Spec.LoadBalancerClass = rec.Spec.LoadBalancerClass
	}
	return out
}

// appliedIngress is ing with the annotations of its last-applied-configuration record; nil
// without a usable record.
func appliedIngress(ing *networkingv1.Ingress) *networkingv1.Ingress {
	ann, ok := changes.LastAppliedAnnotations(ing.Annotations)
	if !ok {
		return nil
	}
	out := ing.DeepCopy()
	out.Annotations = ann
	return out
}

// portsInUse: the ports of the Service now that the edit removes while an Ingress of its namespace
// that the snapshot holds routes to them (by number or name), one change per port. What every
// cluster does; live, Ingresses the run did not read are no evidence.
func portsInUse(c *Context, now *corev1.Service) []changes.Change {
	if now.Spec.Type != corev1.ServiceTypeLoadBalancer || c.Service.Spec.Type != corev1.ServiceTypeLoadBalancer {
		return nil
	}
	keptNum, keptName := map[int32]bool{}, map[string]bool{}
	for _, p := range c.Service.Spec.Ports {
		keptNum[p.Port], keptName[p.Name] = true, true
	}
	var out []changes.Change
	for _, p := range now.Spec.Ports {
		if keptNum[p.Port] {
			continue
		}
		name := p.Name
		if keptName[name] {
			name = "" // the port's name stays (on another number): routes by name still hold
		}
		var users []string
		for _, ing := range c.Snap.Ingresses.Held(now.Namespace) {
			if ingressUsesPort(ing, now.Name, p.Port, name) {
				users = append(users, ing.Namespace+"/"+ing.Name)
			}
		}
		if len(users) == 0 {
			continue
		}
		slices.Sort(users)
		users = slices.Compact(users)
		out = append(out, changes.Change{Rule: rules.GenericServicePortRemovedInUse, Field: "spec.ports",
			Old: fmt.Sprintf("%d/%s", p.Port, orTCP(p.Protocol)), New: "",
			Says: words.Say("Ingress %s routes to this port; its requests fail once the port is gone", "Ingress %s 正转发到该端口；端口删除后这些请求都会失败", words.List(users))})
	}
	for i := range out {
		out[i].Consequence = out[i].Says.In(words.English)
	}
	return out
}

// ingressUsesPort reports whether ing has a backend naming Service svc's port by number num, or by
// name (when name is not "").
func ingressUsesPort(ing *networkingv1.Ingress, svc string, num int32, name string) bool {
	uses := func(b *networkingv1.IngressBackend) bool {
		if b == nil || b.Service == nil || b.Service.Name != svc {
			return false
		}
		return b.Service.Port.Number == num || (name != "" && b.Service.Port.Name == name)
	}
	if uses(ing.Spec.DefaultBackend) {
		return true
	}
	for _, r := range ing.Spec.Rules {
		if r.HTTP == nil {
			continue
		}
		for _, path := range r.HTTP.Paths {
			if uses(&path.Backend) {
				return true
			}
		}
	}
	return false
}

func orTCP(p corev1.Protocol) corev1.Protocol {
	if p == "" {
		return corev1.ProtocolTCP
	}
	return p
}
