package policy

import "github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackchecks"

import "github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkechecks"

import "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"

// DefaultCatalog is TKE's and ACK's policies, for this package's tests, which cannot import the
// registry (pkg/providers imports this package); providers.Catalog is the same outside them.
func DefaultCatalog() Catalog {
	return Catalog{Sets: []Set{tkeSet(), ackSet()}, Suite: checks.NewSuite(tkechecks.Cloud(), ackchecks.Cloud())}
}
