package checks

import (
	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/events"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// checkEvents turns the target's events into findings through the event matcher, and says when a
// failing object has no events at all (TKE keeps them about an hour).
func checkEvents(c *Context) error {
	var uid string
	failing := false
	if c.Service != nil {
		uid = string(c.Service.UID)
		failing = c.Service.Spec.Type == corev1.ServiceTypeLoadBalancer && len(c.Service.Status.LoadBalancer.Ingress) == 0
	} else {
		uid = string(c.Ingress.UID)
		failing = len(c.Ingress.Status.LoadBalancer.Ingress) == 0
	}
	evs, err := c.Snap.EventsFor(c.Target.Kind, c.Target.Namespace, c.Target.Name, uid)
	if err != nil {
		return err
	}
	provider := c.Provider
	if provider == rules.Generic {
		provider = ""
	}
	unmatched, none := rules.GenericServiceUnmatchedWarning, rules.GenericServiceNoEvents
	if c.Target.Kind == rules.Ingress {
		unmatched, none = rules.GenericIngressUnmatchedWarning, rules.GenericIngressNoEvents
	}
	for _, e := range evs {
		msg := events.Redact(e.Message)
		ids := events.Match(c.suite.codes, provider, c.Target.Kind, msg)
		if len(ids) == 0 && e.Type == corev1.EventTypeWarning {
			ids = []rules.ID{unmatched}
		}
		for _, id := range ids {
			c.emitEvent(id, e, e.Reason+": "+ClipEnds(msg, 240, 160), id == unmatched)
		}
	}
	if len(evs) == 0 && failing {
		c.Say(none, "status.loadBalancer", words.Say("no address assigned yet and no events found for this object",
			"尚未分配地址，也没有找到该对象的任何事件"))
	}
	return nil
}
