package policy_test

import (
	"path/filepath"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/policy"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/policy/policytest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/test/corpus"
)

// TestCorpusGate holds the Deny-bound policies to the corpus as a gate would meet it: no object of
// a clean file is refused, and every broken file whose expected rule is enforced by Deny and found by
// the checks on one of its objects alone has that object refused with a message naming the rule.
func TestCorpusGate(t *testing.T) {
	files, err := corpus.Files(filepath.Join("..", "..", "test", "corpus"))
	if err != nil {
		t.Fatal(err)
	}
	deny := map[rules.ID]bool{}
	covered := map[rules.ID]policy.Covered{}
	for _, p := range policy.DefaultCatalog().Policies() {
		for _, c := range p.Rules {
			deny[c.Rule], covered[c.Rule] = !p.WarnOnly, c
		}
	}
	compiled := map[rules.Provider][]compiled{}
	var cleanFiles, brokenGated, brokenDenied, leftToCLI int
	for _, m := range files {
		cluster := rules.Provider(m.Provider)
		if cluster != tkerules.Provider && cluster != ackrules.Provider {
			continue // the policies judge objects of a cloud; generic files name none
		}
		if compiled[cluster] == nil {
			compiled[cluster] = compileAll(t, cluster)
		}
		ps := compiled[cluster]
		objs, err := policytest.Targets(m.Path)
		if err != nil {
			t.Fatalf("%s: %v", m.Name, err)
		}
		if m.Clean() {
			cleanFiles++
			for _, o := range objs {
				if msg, denied := denial(t, ps, o.DeepCopyObject()); denied {
					t.Errorf("%s: clean file, but the policies refuse it: %s", m.Name, msg)
				}
			}
			continue
		}
		for _, e := range m.Expect {
			for _, r := range rules.Lookup(e, cluster, "") {
				if !deny[r.ID] {
					continue
				}
				found := false
				for _, o := range objs {
					v, err := policytest.GoVerdict(o.DeepCopyObject(), cluster)
					if err != nil {
						t.Fatal(err)
					}
					if !v[r.ID] {
						continue
					}
					found = true
					if !covered[r.ID].Exact(o.(metav1.Object).GetAnnotations()) {
						leftToCLI++ // a partial rule: this instance is the CLI's (policy --list says which)
						continue
					}
					if msg, denied := denial(t, ps, o.DeepCopyObject()); !denied || !strings.Contains(msg, policy.Label(r)+": ") {
						t.Errorf("%s: the checks find %s on the object alone, but Deny does not refuse it with that rule (denied %v: %s)", m.Name, r.ID, denied, msg)
					} else {
						brokenDenied++
					}
				}
				if found {
					brokenGated++
				}
			}
		}
	}
	t.Logf("%d clean files, none refused; %d expected rules enforced by Deny and found on one object: %d refusals naming them, %d instances left to the CLI (partial rules)",
		cleanFiles, brokenGated, brokenDenied, leftToCLI)
}
