package cloudread

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"testing"
)

// TestRAMPolicyIsGenerated: deploy/cloud/ack-ram-policy.json is what make cloud-policy writes, a
// RAM policy that allows exactly the registry's actions, every one of them read-only.
func TestRAMPolicyIsGenerated(t *testing.T) {
	shipped, err := os.ReadFile("../../../../deploy/cloud/ack-ram-policy.json")
	if err != nil {
		t.Fatal(err)
	}
	t.Run("same file", func(t *testing.T) {
		if !bytes.Equal(shipped, RAMPolicy()) {
			t.Error("deploy/cloud/ack-ram-policy.json is stale: run make cloud-policy")
		}
	})
	t.Run("the registry's actions, read-only", func(t *testing.T) {
		var p struct {
			Version   string
			Statement []struct {
				Effect   string
				Action   []string
				Resource string
			}
		}
		dec := json.NewDecoder(bytes.NewReader(shipped))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		if p.Version != "1" || len(p.Statement) != 1 || p.Statement[0].Effect != "Allow" || p.Statement[0].Resource != "*" {
			t.Fatalf("policy %+v", p)
		}
		var want []string
		for _, a := range Actions {
			if !a.ReadOnly() {
				t.Errorf("%s is not read-only", a)
			}
			want = append(want, a.String())
		}
		slices.Sort(want)
		if got := p.Statement[0].Action; !slices.Equal(got, want) {
			t.Errorf("allows %v, want %v", got, want)
		}
	})
}
