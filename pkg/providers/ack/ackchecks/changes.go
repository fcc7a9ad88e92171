package ackchecks

import (
	"strings"

	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// ackStanding reports, for a Service of a CLB, what the ACK Service alone shows of the change rules, each unless a change
// of its rule was reported: the CLB the Service is bound to against the one its annotation names, a
// CLB address of the other type than address-type, and a specification next to PayByCLCU billing.
func ackStanding(c *checks.Context, reported map[rules.ID]bool) {
	if !ackCLB(c) {
		return
	}
	if !reported[ackrules.ServiceLBRebind] && ackReuses(c) {
		checkACKRebind(c)
	}
	if !reported[ackrules.ServiceAddressTypeImmutable] {
		checkACKAddressType(c)
	}
	if !reported[ackrules.ServiceCLCUSpec] {
		checkACKCLCUSpec(c)
	}
}

// ackStandingEmits are the rules the service-changes check reports for ACK beyond the change
// models' rules.
var ackStandingEmits = []rules.ID{ackrules.ServiceOrphanOnDelete, ackrules.ServiceChangeIgnored}

// ackLostCLB reports whether the Service's events show that CCM has no CLB bound to it: it found
// none of its own while the status holds an address (ackrules.ServiceLBNotFound's event). The
// address in the status is then no evidence of a binding, so a preflight refuses nothing of it, and
// lb-not-found's fix (naming the hand-made CLB that holds the address) is no move.
func ackLostCLB(c *checks.Context, now *corev1.Service) bool {
	if now.Annotations[ackann.Prefix+"id"] != "" || now.Annotations[ackann.LegacyPrefix+"id"] != "" {
		return false
	}
	evs, err := c.Snap.EventsFor(c.Target.Kind, c.Target.Namespace, c.Target.Name, string(now.UID))
	if err != nil {
		return false
	}
	for _, e := range evs {
		if e.Type != corev1.EventTypeWarning {
			continue
		}
		for _, m := range ackrules.ServiceLBNotFound.Rule().Match {
			if strings.Contains(e.Message, m) {
				return true
			}
		}
	}
	return false
}
