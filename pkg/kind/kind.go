// Package kind names the object kinds lbdoctor diagnoses. Targets, snapshots, checks and rules share
// this one type.
package kind

import (
	"fmt"
	"strings"
)

// Kind is the Kubernetes kind of a diagnosed object, spelled as in the API ("Service").
type Kind string

// Kinds.
const (
	Service Kind = "Service"
	Ingress Kind = "Ingress"
)

// All lists the kinds, in report order.
func All() []Kind { return []Kind{Service, Ingress} }

// Lower is the kind as rule ids, docs and the --kind flag spell it: "service".
func (k Kind) Lower() string { return strings.ToLower(string(k)) }

// Parse reads a kind the way kubectl names it, in any case and with surrounding spaces: "service",
// "Services", "svc", "ingress", "ing".
func Parse(s string) (Kind, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "service", "services", "svc":
		return Service, nil
	case "ingress", "ingresses", "ing":
		return Ingress, nil
	}
	return "", fmt.Errorf("unknown kind %q (want service or ingress)", s)
}

// UnmarshalText reads a kind case-insensitively, so "service" and "Service" both decode.
func (k *Kind) UnmarshalText(b []byte) error {
	v, err := Parse(string(b))
	if err != nil {
		return err
	}
	*k = v
	return nil
}
