package checks

import (
	"slices"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// genericChecks are the provider-independent checks that run before every provider's, in order.
func genericChecks() []Check { return slices.Concat(independentChecks, serviceChecks) }

// independentChecks run for every provider.
var independentChecks = []Check{
	{Name: "ingress-class", Kind: rules.Ingress, Provider: rules.Generic, Run: checkIngressClass,
		Emits: []rules.ID{rules.GenericIngressOtherController},
		Inputs: []Input{{Resource: snapshot.IngressClasses, Scope: Referenced, Names: func(c *Context) []string {
			if c.Ingress.Spec.IngressClassName == nil {
				return nil
			}
			return []string{*c.Ingress.Spec.IngressClassName}
		}}}},
	{Name: "events", Kind: rules.Service, Provider: rules.Generic, Run: checkEvents,
		Emits:  []rules.ID{rules.GenericServiceNoEvents, rules.GenericServiceUnmatchedWarning},
		Inputs: []Input{inEvents}},
	{Name: "events", Kind: rules.Ingress, Provider: rules.Generic, Run: checkEvents,
		Emits:  []rules.ID{rules.GenericIngressNoEvents, rules.GenericIngressUnmatchedWarning},
		Inputs: []Input{inEvents}},
	{Name: "provider-conflict", Kind: rules.Service, Provider: rules.Generic, Run: checkProviderConflict, Emits: []rules.ID{rules.GenericServiceProviderConflict},
		Inputs: []Input{{Scope: Derived, Derive: detectionReads}}},
	{Name: "provider-conflict", Kind: rules.Ingress, Provider: rules.Generic, Run: checkProviderConflict, Emits: []rules.ID{rules.GenericIngressProviderConflict},
		Inputs: []Input{{Scope: Derived, Derive: detectionReads}}},
}

// detectionReads are the reads of provider detection, for the checks that detect it too.
func detectionReads(c *Context) []snapshot.Request {
	var out []snapshot.Request
	for _, in := range c.suite.DetectionInputs() {
		out = in.appendRequests(out, c)
	}
	return out
}

func IsNotFound(err error) bool { return snapshot.IsNotFound(err) }
