package report

import (
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// TestUndetectedNote: a report whose cloud could not be told says so, and names --provider, unless a
// note of its own explains it; a change it reports (a preflight) says so even then, since the
// cloud's own controller was not judged.
func TestUndetectedNote(t *testing.T) {
	change := Finding{Rule: rules.GenericServiceTypeChangeDeletesLB, Change: &Change{Class: rules.ChangeDestructive, Field: "spec.type"}}
	plain := Finding{Rule: rules.GenericServiceTypeChangeDeletesLB}
	note := &Note{Reason: "NotLoadBalancer"}
	tests := []struct {
		name string
		r    Report
		want bool
	}{
		{"undetected, no note", Report{Provider: Provider{Undetected: true}}, true},
		{"undetected, a note", Report{Provider: Provider{Undetected: true}, Note: note, Findings: []Finding{plain}}, false},
		{"undetected, a note and a change", Report{Provider: Provider{Undetected: true}, Note: note, Findings: []Finding{change}}, true},
		{"a cloud told", Report{Provider: Provider{Name: "ack"}, Findings: []Finding{change}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.r.undetectedNote(); got != tt.want {
				t.Fatalf("undetectedNote() = %v, want %v", got, tt.want)
			}
		})
	}
}
