package ackchecks

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
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
