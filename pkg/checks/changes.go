package checks

import (
	"encoding/json"
	"slices"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/changes"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// The change checks run the change model (pkg/changes) on the target. In a preflight the snapshot
// holds each target's object as it is now (snapshot.Prior) and the target as it will be: every
// change is reported, and its finding replaces a history heuristic's finding of the same rule and
// field (the model knows the change; the heuristic guessed it). In a plain diagnosis the object is
// compared with its last-applied-configuration record, and only rejected changes are reported (the
// controller keeps failing on them; a destructive or disruptive change has already taken effect),
// each only when no other check reported its rule.

// serviceChangeRules and ingressChangeRules are every rule the change model emits, by kind.
var (
	serviceChangeRules = changeRules(rules.Service)
	ingressChangeRules = changeRules(rules.Ingress)
)

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
var changeChecks = []Check{
	{Name: "service-changes", Kind: rules.Service, Provider: rules.Generic, Run: checkServiceChanges,
		Emits: serviceChangeRules, Inputs: targetOnly},
	{Name: "ingress-changes", Kind: rules.Ingress, Provider: rules.Generic, Run: checkIngressChanges,
		Emits: ingressChangeRules, Inputs: targetOnly},
}

func checkServiceChanges(c *Context) error {
	prior, preflight := c.Snap.Prior(c.Target)
	var now *corev1.Service
	if preflight {
		now, _ = prior.(*corev1.Service)
	} else {
		now = appliedService(c.Service)
	}
	if now == nil {
		return nil
	}
	exists := preflightBase(c, preflight) || changes.Exists(now.Status.LoadBalancer.Ingress, now.Labels)
	for _, ch := range changes.Service(c.Provider, now, c.Service, exists) {
		c.emitChange(ch, preflight)
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
	exists := preflightBase(c, preflight) || changes.Exists(changes.IngressStatus(now), nil)
	for _, ch := range changes.Ingress(c.Provider, now, c.Ingress, exists) {
		c.emitChange(ch, preflight)
	}
	return nil
}

// preflightBase: a preflight against --base files, which are what was applied; their load
// balancers are taken to exist though the files hold no status.
func preflightBase(c *Context, preflight bool) bool {
	return preflight && c.Snap.Source == snapshot.Offline
}

// maxChangeMessage bounds a change's message, which holds the old and new values.
const maxChangeMessage = 1000

// emitChange reports ch; see the package comment above for preflight against plain diagnosis.
func (c *Context) emitChange(ch changes.Change, preflight bool) {
	if !preflight {
		if ch.Class() != rules.ChangeRejected || slices.ContainsFunc(c.findings, func(f Finding) bool { return f.Rule == ch.Rule }) {
			return
		}
	} else {
		path := clipTo(ch.Field, maxPath)
		c.findings = slices.DeleteFunc(c.findings, func(f Finding) bool {
			return f.Rule == ch.Rule && f.Path == path && f.Source == SourceCheck
		})
	}
	n := len(c.findings)
	if w := ch.Words(); len(w.In(rules.English)) <= maxChangeMessage {
		c.Say(ch.Rule, ch.Field, w)
	} else {
		// A clipped message is left in English.
		c.Emit(ch.Rule, ch.Field, "%s", clipTo(w.In(rules.English), maxChangeMessage))
	}
	if len(c.findings) > n {
		ch := ch
		c.findings[n].Change = &ch
		if sev := ch.Class().Severity(); sev != ch.Rule.Rule().Severity {
			c.findings[n].Severity = &sev
		}
	}
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
	ann, ok := lastAppliedAnnotations(ing.Annotations)
	if !ok {
		return nil
	}
	out := ing.DeepCopy()
	out.Annotations = ann
	return out
}
