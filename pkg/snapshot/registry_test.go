package snapshot

import (
	"slices"
	"testing"

	"k8s.io/apimachinery/pkg/runtime/schema"
)

// TestRegistryEntries: each kind is one entry, complete, read-only, and the built-in table's
// entries are the ones the fetcher, Lookup and ClusterScoped answer with.
func TestRegistryEntries(t *testing.T) {
	seen := map[schema.GroupResource]bool{}
	for _, e := range Registry() {
		gr := e.GroupResource()
		t.Run(gr.String(), func(t *testing.T) {
			if seen[gr] {
				t.Fatalf("%s registered twice", gr)
			}
			seen[gr] = true
			if e.GVR.Version == "" || e.Kind == "" || e.Why == "" {
				t.Errorf("incomplete entry: %+v", e)
			}
			if len(e.Verbs) == 0 {
				t.Error("no verb issued")
			}
			for _, v := range slices.Concat(e.Verbs, e.Granted) {
				if !slices.Contains(verbOrder, v) {
					t.Errorf("verb %q: the tool only reads", v)
				}
			}
			for _, v := range e.Granted {
				if slices.Contains(e.Verbs, v) {
					t.Errorf("%s both issued and listed as granted only", v)
				}
			}
			if l := Lookup(gr); l == nil || l.Kind != e.Kind {
				t.Errorf("Lookup(%s) = %+v", gr, l)
			}
		})
	}
	for _, r := range resources {
		e := r.entry()
		if got := ClusterScoped(r.name()); got != !e.Namespaced {
			t.Errorf("ClusterScoped(%s) = %v, entry Namespaced %v", r.name(), got, e.Namespaced)
		}
		if !slices.Equal(e.Verbs, readVerbs) {
			t.Errorf("%s: verbs %v; the table's kinds are read with get, list and watch", r.name(), e.Verbs)
		}
		if got := EntryOf(Request{Resource: r.name()}); got != e {
			t.Errorf("EntryOf(%s) is not the table's entry", r.name())
		}
	}
	if EntryOf(Request{Resource: Events}) != eventsEntry {
		t.Error("EntryOf(events) is not the events entry")
	}
}

// TestRBACRuleFromRegistry: the rule a forbidden read names is the registry's group and resource,
// in the form the reports have always used.
func TestRBACRuleFromRegistry(t *testing.T) {
	tests := []struct {
		verb            Verb
		group, resource string
		ns              string
		want            string
	}{
		{VerbList, "", Pods, "", `list pods (apiGroups: [""]) cluster-wide`},
		{VerbGet, "networking.k8s.io", Ingresses, "shop", "get ingresses (apiGroups: [networking.k8s.io]) in namespace shop"},
		{VerbList, "example.com", "widgets", "a", "list widgets (apiGroups: [example.com]) in namespace a"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := entryFor(tt.group, tt.resource).rbacRule(tt.verb, tt.ns); got != tt.want {
				t.Errorf("rbacRule = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestRBACRulesGroupByVerbs: one rule per group and verb set, every registered resource in one.
func TestRBACRulesGroupByVerbs(t *testing.T) {
	n := 0
	seen := map[[2]string]bool{}
	for _, r := range RBACRules() {
		for i, res := range r.Resources {
			if seen[[2]string{r.Group, res}] {
				t.Errorf("%s.%s in two rules", res, r.Group)
			}
			seen[[2]string{r.Group, res}] = true
			if !slices.Equal(r.Entries[i].Grants(), r.Verbs) {
				t.Errorf("%s.%s grants %v in a rule of %v", res, r.Group, r.Entries[i].Grants(), r.Verbs)
			}
			n++
		}
	}
	if n != len(Registry()) {
		t.Errorf("%d resources in rules, %d registered", n, len(Registry()))
	}
}

// TestClusterScopedKindFromRegistry: offline, the registry's cluster-scoped kinds get no default
// namespace; namespaced ones do.
func TestClusterScopedKindFromRegistry(t *testing.T) {
	for gk, want := range map[schema.GroupKind]bool{
		{Kind: "Node"}: true, {Group: "networking.k8s.io", Kind: "IngressClass"}: true, {Kind: "Namespace"}: true,
		{Group: "admissionregistration.k8s.io", Kind: "ValidatingWebhookConfiguration"}: true, {Kind: "ClusterRole"}: true,
		{Kind: "Service"}: false, {Group: "apps", Kind: "Deployment"}: false, {Group: "example.com", Kind: "Widget"}: false,
	} {
		if got := clusterScopedKind(gk); got != want {
			t.Errorf("clusterScopedKind(%s) = %v, want %v", gk, got, want)
		}
	}
}
