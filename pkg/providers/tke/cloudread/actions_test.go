package cloudread

import (
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
)

// TestActionsCalledAreRegistered reads everything a request can name (the scenario of
// TestReadMapping) and checks the actions the simulated cloud received against the registry:
// each one registered and read-only, and each registered one called.
func TestActionsCalledAreRegistered(t *testing.T) {
	s, u := simOf(t, "TestReadMapping")
	read(t, reader(t, u, nil), cloud.Request{
		LoadBalancerIDs: []string{"lb-pub00001", "lb-int00001"}, CertificateIDs: []string{"cert-aaa"},
		SubnetIDs: []string{"subnet-aaa"}, Quotas: true,
	})
	called := map[string]bool{}
	for _, r := range s.Requests() {
		called[r.Service+":"+r.Action] = true
		i := slices.IndexFunc(Actions, func(a cloud.Action) bool {
			return a.Product == r.Service && a.Name == r.Action && a.Version == r.Version
		})
		if i < 0 {
			t.Errorf("%s:%s %s was called and is not in Actions", r.Service, r.Action, r.Version)
			continue
		}
		if !Actions[i].ReadOnly() {
			t.Errorf("%s was called and is not read-only", Actions[i])
		}
		if r.Code != "" {
			t.Errorf("%s:%s was answered %s", r.Service, r.Action, r.Code)
		}
	}
	for _, a := range Actions {
		if !called[a.String()] {
			t.Errorf("%s is registered and was never called", a)
		}
	}
}

func TestActionsRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, a := range Actions {
		t.Run(a.String(), func(t *testing.T) {
			if !a.ReadOnly() {
				t.Errorf("%s is not a read-only action", a)
			}
			if seen[a.String()] {
				t.Errorf("%s is registered twice", a)
			}
			seen[a.String()] = true
			if u, err := url.Parse(a.Doc); err != nil || u.Scheme != "https" || u.Host == "" {
				t.Errorf("Doc %q is not a reference page address", a.Doc)
			}
			if a.Version == "" || perSecond[a.Name] <= 0 {
				t.Errorf("%s has no version or no rate limit", a)
			}
		})
	}
}

// TestCAMPolicyIsGenerated: deploy/cloud/tke-cam-policy.json is what CAMPolicy renders (make
// cloud-policy writes it), and grants exactly the registry's actions, allowed, on every resource.
func TestCAMPolicyIsGenerated(t *testing.T) {
	shipped, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "deploy", "cloud", "tke-cam-policy.json"))
	if err != nil {
		t.Fatal(err)
	}
	if string(shipped) != string(CAMPolicy()) {
		t.Errorf("deploy/cloud/tke-cam-policy.json is stale: run make cloud-policy")
	}
	var p camPolicy
	if err := json.Unmarshal(shipped, &p); err != nil {
		t.Fatal(err)
	}
	if p.Version != "2.0" || len(p.Statement) != 1 {
		t.Fatalf("policy = %+v, want version 2.0 and one statement", p)
	}
	st := p.Statement[0]
	var want []string
	for _, a := range Actions {
		want = append(want, a.String())
	}
	if st.Effect != "allow" || !slices.Equal(st.Resource, []string{"*"}) || !slices.Equal(st.Action, want) {
		t.Errorf("statement = %+v, want allow %v on *", st, want)
	}
}
