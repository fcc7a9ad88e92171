package policy_test

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/policy"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/policy/policytest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

var coveredRules = func() map[rules.ID]*policy.Covered {
	m := map[rules.ID]*policy.Covered{}
	for _, p := range policy.DefaultCatalog().Policies() {
		for i := range p.Rules {
			m[p.Rules[i].Rule] = &p.Rules[i]
		}
	}
	return m
}()

// differ holds the compiled policies of each generation mode.
type differ struct {
	byCluster map[rules.Provider][]compiled
	all       []compiled
	// fired counts, per covered rule, the objects on which both sides fired and on which neither did.
	fired, quiet map[rules.ID]int
}

func newDiffer(t *testing.T) *differ {
	return &differ{
		byCluster: map[rules.Provider][]compiled{tkerules.Provider: compileAll(t, tkerules.Provider), ackrules.Provider: compileAll(t, ackrules.Provider)},
		all:       compileAll(t, ""),
		fired:     map[rules.ID]int{}, quiet: map[rules.ID]int{},
	}
}

// check compares the CEL verdict with the Go verdict on obj, for a cluster of each cloud, and
// checks that the --provider all policies never fire where the checks would not.
func (d *differ) check(t *testing.T, obj runtime.Object) {
	t.Helper()
	anns := obj.(interface{ GetAnnotations() map[string]string }).GetAnnotations()
	goBy := map[rules.Provider]map[rules.ID]bool{}
	for _, cluster := range []rules.Provider{tkerules.Provider, ackrules.Provider} {
		want, err := policytest.GoVerdict(obj, cluster)
		if err != nil {
			t.Fatal(err)
		}
		goBy[cluster] = want
		got := evaluate(t, d.byCluster[cluster], obj.DeepCopyObject())
		for id, c := range coveredRules {
			g, w := len(got[id]) > 0, want[id]
			exact := c.Exact(anns)
			switch {
			case g && !w:
				t.Errorf("cluster %s: policy fires %s where the check does not: %s\n%s", cluster, id, got[id], dump(obj))
			case w && !g && exact:
				t.Errorf("cluster %s: the check fires %s but the policy does not\n%s", cluster, id, dump(obj))
			case g && w:
				d.fired[id]++
				for _, msg := range got[id] {
					if !strings.HasPrefix(msg, policy.Label(id.Rule())+": "+id.Rule().Title+" — ") {
						t.Errorf("%s message does not start with its code and title: %q", id, msg)
					}
				}
			case !g && !w:
				d.quiet[id]++
			}
		}
	}
	for id, msgs := range evaluate(t, d.all, obj.DeepCopyObject()) {
		if !goBy[tkerules.Provider][id] || !goBy[ackrules.Provider][id] {
			t.Errorf("--provider all: policy fires %s where the checks do not on a %s cluster: %s\n%s", id,
				map[bool]string{true: "tke", false: "ack"}[!goBy[tkerules.Provider][id]], msgs, dump(obj))
		}
	}
}

func dump(obj runtime.Object) string {
	y, _ := yaml.Marshal(obj)
	return string(y)
}

// TestDifferentialVariants: on generated objects around every boundary of the covered rules, each
// rule's policy fires exactly when its check does, and each rule is seen both firing and quiet.
func TestDifferentialVariants(t *testing.T) {
	d := newDiffer(t)
	for i, o := range policytest.Variants() {
		t.Run(fmt.Sprint(i), func(t *testing.T) { d.check(t, o) })
	}
	report(t, d)
	for id := range coveredRules {
		if d.fired[id] == 0 || d.quiet[id] == 0 {
			t.Errorf("%s: the variants never make both sides fire (%d) or both stay quiet (%d)", id, d.fired[id], d.quiet[id])
		}
	}
}

// TestDifferentialUpdates: an UPDATE is judged by what it changes. From a clean object to a variant,
// the policies fire exactly as on creating the variant; an update that keeps a problem the object
// already had (a controller's finalizer or label write, say) is never refused.
func TestDifferentialUpdates(t *testing.T) {
	ps := compileAll(t, tkerules.Provider)
	cleanSvc, cleanIng := policytest.CleanService(), policytest.CleanIngress()
	for i, o := range policytest.Variants() {
		if i%3 != 0 {
			continue // a third of the variants is enough here: TestDifferentialVariants covers each value
		}
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			clean := runtime.Object(cleanSvc)
			if _, ok := o.(*networkingv1.Ingress); ok {
				clean = cleanIng
			}
			create := evaluate(t, ps, o.DeepCopyObject())
			fromClean := evaluateOp(t, ps, clean.DeepCopyObject(), o.DeepCopyObject())
			if fmt.Sprint(keys(create)) != fmt.Sprint(keys(fromClean)) {
				t.Errorf("update from a clean object fires %v, create fires %v\n%s", keys(fromClean), keys(create), dump(o))
			}
			touched := o.DeepCopyObject()
			touched.(metav1.Object).SetFinalizers([]string{"example.com/cleanup"})
			touched.(metav1.Object).SetLabels(map[string]string{"touched": "yes"})
			if same := evaluateOp(t, ps, o.DeepCopyObject(), touched); len(same) > 0 {
				t.Errorf("an update that changes only finalizers and labels is refused for %v\n%s", keys(same), dump(o))
			}
		})
	}
}

func keys(v verdict) []string {
	var out []string
	for id := range v {
		out = append(out, id.String())
	}
	sort.Strings(out)
	return out
}

// TestDifferentialCorpus: on every Service and Ingress of the corpus and the examples, each covered
// rule's policy fires exactly when its check does.
func TestDifferentialCorpus(t *testing.T) {
	d := newDiffer(t)
	var files []string
	for _, g := range []string{"../../test/corpus/*/*.yaml", "../../examples/*/*.yaml"} {
		m, err := filepath.Glob(g)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 50 {
		t.Fatalf("only %d corpus and example files found", len(files))
	}
	for _, f := range files {
		t.Run(strings.TrimPrefix(f, "../../"), func(t *testing.T) {
			objs, err := policytest.Targets(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, obj := range objs {
				d.check(t, obj)
			}
		})
	}
	report(t, d)
}

// report logs, per covered rule, how often both sides fired and how often neither did.
func report(t *testing.T, d *differ) {
	t.Helper()
	var ids []rules.ID
	for id := range coveredRules {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return rules.Compare(ids[i], ids[j]) < 0 })
	for _, id := range ids {
		t.Logf("%-45s both fired %4d  both quiet %5d", id, d.fired[id], d.quiet[id])
	}
}
