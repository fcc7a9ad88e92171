// Package ackrules is Alibaba ACK's part of the rule catalog: the error messages and API codes the
// ACK cloud controller manager writes into Service events, the problems ACK's documents describe, and
// what the controller does with a change of an existing Service.
package ackrules

import "github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"

// Provider is ACK's provider name, the first part of its rules' ids.
const Provider rules.Provider = "ack"
