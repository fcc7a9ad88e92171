package checks

import (
	"slices"
	"sync"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// All returns every check, in the order they run and report. The list is built once and shared:
// callers must not modify its elements (appending copies it).
func All() []Check { return slices.Clip(allChecks()) }

var allChecks = sync.OnceValue(func() []Check {
	var out []Check
	for _, group := range [][]Check{genericChecks, serviceChecks, tkeIngressChecks, tkeServiceChecks, tkeClusterChecks, ackServiceChecks, changeChecks} {
		out = append(out, group...)
	}
	return out
})

// genericChecks run for every provider.
var genericChecks = []Check{
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
		Inputs: detectionInputs},
	{Name: "provider-conflict", Kind: rules.Ingress, Provider: rules.Generic, Run: checkProviderConflict, Emits: []rules.ID{rules.GenericIngressProviderConflict},
		Inputs: detectionInputs},
}

func isNotFound(err error) bool { return snapshot.IsNotFound(err) }
