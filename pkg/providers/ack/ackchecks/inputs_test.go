package ackchecks

import "testing"

// TestACKIDOf: the id the matching inputs read is the one CCM's annotation order gives.
func TestACKIDOf(t *testing.T) {
	for _, ann := range []map[string]string{nil, {ackIDKeys[0]: "a"}, {ackIDKeys[1]: "b"}, {ackIDKeys[0]: "", ackIDKeys[1]: "b"}, {ackIDKeys[0]: "a", ackIDKeys[1]: "b"}} {
		if got, want := ackIDOf(ann), ackAnns(ann).value("id"); got != want {
			t.Errorf("ackIDOf(%v) = %q, ackAnns says %q", ann, got, want)
		}
	}
}
