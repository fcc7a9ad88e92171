package checks

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/changes"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/events"
)

// TKECloud is Tencent TKE as the checks see it (tke_signals.go), with its change model and event
// matcher: the part of pkg/providers/tke's value whose files are still in the framework packages.
func TKECloud() Cloud {
	c := tkeCloud()
	c.Changes, c.Events = changes.TKE, &events.TKE
	return c
}

// ACKCloud is Alibaba ACK as the checks see it (ack_signals.go), with its change model: the part
// of pkg/providers/ack's value whose files are still in the framework packages.
func ACKCloud() Cloud {
	c := ackCloud()
	c.Changes = changes.ACK
	return c
}
