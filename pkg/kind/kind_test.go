package kind

import (
	"encoding/json"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want Kind
		ok   bool
	}{
		{"service", Service, true},
		{"Service", Service, true},
		{" SVC ", Service, true},
		{"services", Service, true},
		{"ingress", Ingress, true},
		{"ING", Ingress, true},
		{"Ingresses", Ingress, true},
		{"pod", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := Parse(tt.in)
			if (err == nil) != tt.ok || got != tt.want {
				t.Errorf("Parse(%q) = %q, %v", tt.in, got, err)
			}
		})
	}
}

// TestJSON: a kind is written as the API spells it and read in any spelling Parse accepts.
func TestJSON(t *testing.T) {
	b, err := json.Marshal(struct{ K Kind }{Service})
	if err != nil || string(b) != `{"K":"Service"}` {
		t.Fatalf("marshal: %s %v", b, err)
	}
	var back struct{ K Kind }
	if err := json.Unmarshal([]byte(`{"K":"ingress"}`), &back); err != nil || back.K != Ingress {
		t.Errorf("unmarshal: %q %v", back.K, err)
	}
	if err := json.Unmarshal([]byte(`{"K":"Pod"}`), &back); err == nil {
		t.Errorf("unmarshal of Pod should fail")
	}
	if Ingress.Lower() != "ingress" {
		t.Errorf("Lower = %q", Ingress.Lower())
	}
}
