package policy

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// clusterNodes stand for the cluster's cloud in the CLI's provider detection (node providerIDs).
var clusterNodes = map[rules.Provider]string{
	rules.TKE: "qcloud:///100003/ins-3ven36lk",
	rules.ACK: "cn-hangzhou.i-bp1c0q8kf0s3ckh0v1x5",
}

// goVerdict runs the real checks offline on a snapshot holding only obj and a node of the cluster's
// cloud, and returns the covered rules that fired.
func goVerdict(t *testing.T, obj runtime.Object, cluster rules.Provider) map[rules.ID]bool {
	t.Helper()
	var b bytes.Buffer
	y, err := yaml.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	b.Write(y)
	fmt.Fprintf(&b, "---\napiVersion: v1\nkind: Node\nmetadata:\n  name: node-1\nspec:\n  providerID: %s\n", clusterNodes[cluster])
	s, err := snapshot.FromFiles([]string{"-"}, &b, "default")
	if err != nil {
		t.Fatalf("snapshot: %v\n%s", err, y)
	}
	var tgt snapshot.Target
	switch o := obj.(type) {
	case *corev1.Service:
		tgt = snapshot.Target{Kind: snapshot.KindService, Namespace: o.Namespace, Name: o.Name}
	case *networkingv1.Ingress:
		tgt = snapshot.Target{Kind: snapshot.KindIngress, Namespace: o.Namespace, Name: o.Name}
	}
	res, err := checks.Run(s, tgt, checks.DetectProvider(s, tgt).Provider, checks.All())
	if err != nil {
		t.Fatal(err)
	}
	out := map[rules.ID]bool{}
	for _, f := range res.Findings {
		if coveredRules[f.Rule] != nil && f.Source != checks.SourceEvent {
			out[f.Rule] = true
		}
	}
	return out
}

var coveredRules = func() map[rules.ID]*Covered {
	m := map[rules.ID]*Covered{}
	for _, p := range Policies() {
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
		byCluster: map[rules.Provider][]compiled{rules.TKE: compileAll(t, rules.TKE), rules.ACK: compileAll(t, rules.ACK)},
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
	for _, cluster := range []rules.Provider{rules.TKE, rules.ACK} {
		want := goVerdict(t, obj, cluster)
		goBy[cluster] = want
		got := evaluate(t, d.byCluster[cluster], obj.DeepCopyObject())
		for id, c := range coveredRules {
			g, w := len(got[id]) > 0, want[id]
			exact := !slices.ContainsFunc(c.Unread, func(k string) bool { _, ok := anns[k]; return ok })
			switch {
			case g && !w:
				t.Errorf("cluster %s: policy fires %s where the check does not: %s\n%s", cluster, id, got[id], dump(obj))
			case w && !g && exact:
				t.Errorf("cluster %s: the check fires %s but the policy does not\n%s", cluster, id, dump(obj))
			case g && w:
				d.fired[id]++
				for _, msg := range got[id] {
					if !strings.HasPrefix(msg, Label(id.Rule())+": "+id.Rule().Title+" — ") {
						t.Errorf("%s message does not start with its code and title: %q", id, msg)
					}
				}
			case !g && !w:
				d.quiet[id]++
			}
		}
	}
	for id, msgs := range evaluate(t, d.all, obj.DeepCopyObject()) {
		if !goBy[rules.TKE][id] || !goBy[rules.ACK][id] {
			t.Errorf("--provider all: policy fires %s where the checks do not on a %s cluster: %s\n%s", id,
				map[bool]string{true: "tke", false: "ack"}[!goBy[rules.TKE][id]], msgs, dump(obj))
		}
	}
}

func dump(obj runtime.Object) string {
	y, _ := yaml.Marshal(obj)
	return string(y)
}

// targets reads the Services and Ingresses of a manifest file, as the CLI reads them.
func targets(t *testing.T, path string) []runtime.Object {
	t.Helper()
	s, err := snapshot.FromFiles([]string{path}, nil, "default")
	if err != nil {
		t.Fatal(err)
	}
	var out []runtime.Object
	for _, svc := range s.Services.Held("") {
		svc = svc.DeepCopy()
		svc.APIVersion, svc.Kind = "v1", "Service"
		out = append(out, svc)
	}
	for _, ing := range s.Ingresses.Held("") {
		ing = ing.DeepCopy()
		ing.APIVersion, ing.Kind = "networking.k8s.io/v1", "Ingress"
		out = append(out, ing)
	}
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
			for _, obj := range targets(t, f) {
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
