package engine

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/kind"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestIDSet: a set holds each id added, once, whether in its slice or, past minBits ids and a
// bitset's size, in its bitset, yields them in order, and says when it is empty.
func TestIDSet(t *testing.T) {
	for _, tc := range []struct {
		name     string
		n, ids   int // ids added (every step-th), ids in use
		step     int
		wantBits bool
	}{
		{name: "one", n: 1, ids: 10, step: 1},
		{name: "minBits", n: minBits, ids: 50000, step: 7},
		{name: "few of many ids", n: 3 * minBits, ids: 50000, step: 101},
		{name: "every id", n: 3 * minBits, ids: 3 * minBits, step: 1, wantBits: true},
		{name: "most of many ids", n: 5000, ids: 10000, step: 2, wantBits: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s idSet
			var want []uint32
			// Added backwards and twice: the set keeps them sorted and once.
			for i := tc.n - 1; i >= 0; i-- {
				id := uint32(i * tc.step)
				s.add(id, tc.ids)
				s.add(id, tc.ids)
				want = append(want, id)
			}
			slices.Sort(want)
			if got := slices.Collect(s.all()); !slices.Equal(got, want) {
				t.Fatalf("holds %v, want %v", got, want)
			}
			if (s.bits != nil) != tc.wantBits {
				t.Errorf("bitset in use: %v with %d of %d ids", s.bits != nil, tc.n, tc.ids)
			}
			if s.len() != tc.n {
				t.Errorf("len = %d, want %d", s.len(), tc.n)
			}
			for i, id := range want {
				if empty := s.remove(id); empty != (i == len(want)-1) {
					t.Fatalf("remove %d of %d: empty = %v", i+1, len(want), empty)
				}
				s.remove(id) // a second remove changes nothing
				if got := slices.Collect(s.all()); !slices.Equal(got, want[i+1:]) {
					t.Fatalf("after removing %d: holds %v, want %v", i+1, got, want[i+1:])
				}
			}
			if s.bits != nil || s.few != nil {
				t.Errorf("an empty set holds %+v", s)
			}
		})
	}
}

func svc(i int) snapshot.Target {
	return snapshot.Target{Kind: kind.Service, Namespace: "ns", Name: fmt.Sprint("svc-", i)}
}

// reads is what target i of TestIndex reads: the nodes, its events and those of a Pod, its
// Secret, the Pods two selectors select (one label's value, and a set; each shared by the targets
// of the same i%3), a Pod selection of namespace "other" that does not parse, and the ConfigMaps
// with an annotation value.
func reads(i int) []snapshot.Request {
	t := svc(i)
	return []snapshot.Request{
		{Resource: snapshot.Nodes},
		{Resource: snapshot.Events, Kind: t.Kind, Namespace: t.Namespace, Name: t.Name},
		{Resource: snapshot.Events, Kind: "Pod", Namespace: t.Namespace, Name: fmt.Sprint("p-", i%2)},
		{Resource: snapshot.Secrets, Namespace: "ns", Name: fmt.Sprint("tls-", i)},
		{Resource: snapshot.Pods, Namespace: "ns", LabelSelector: fmt.Sprint("app=a", i%3)},
		{Resource: snapshot.Pods, Namespace: "ns", LabelSelector: fmt.Sprint("tier in (b", i%3, ")")},
		{Resource: snapshot.Pods, Namespace: "other", LabelSelector: "app in (("},
		{Resource: snapshot.ConfigMaps, Only: snapshot.Match{Key: "owner", Value: t.Name}},
	}
}

func pod(name string, lbls map[string]string) metav1.Object {
	return &metav1.ObjectMeta{Namespace: "ns", Name: name, Labels: lbls}
}

// TestOneLabel: only a selector of one label's value, with nothing else in it, is indexed by the
// value.
func TestOneLabel(t *testing.T) {
	for _, tc := range []struct {
		selector, key, value string
		ok                   bool
	}{
		{"app=web", "app", "web", true},
		{"kubernetes.io/service-name=svc-1", "kubernetes.io/service-name", "svc-1", true},
		{"app=", "app", "", true},
		{"app==web", "", "", false},
		{"app!=web", "", "", false},
		{"app=web,tier=db", "", "", false},
		{"app = web", "", "", false},
		{"app in (web)", "", "", false},
		{"app", "", "", false},
		{"=web", "", "", false},
	} {
		t.Run(tc.selector, func(t *testing.T) {
			key, value, ok := oneLabel(tc.selector)
			if key != tc.key || value != tc.value || ok != tc.ok {
				t.Errorf("oneLabel = %q, %q, %v; want %q, %q, %v", key, value, ok, tc.key, tc.value, tc.ok)
			}
		})
	}
}

// TestIndex: the index finds the targets that read an object; a selector string is parsed once
// for every target that reads it; a target's reads replaced leave none of the old behind; and once
// every target is dropped the index holds nothing.
func TestIndex(t *testing.T) {
	const n = 200 // past a bitset's size, for the nodes
	x := newIndex()
	for i := range n {
		x.set(svc(i), reads(i))
		x.set(svc(i), reads(i)) // set again: the same reads
	}
	affected := func(resource, ns, name string, objs ...metav1.Object) map[snapshot.Target]bool {
		out := map[snapshot.Target]bool{}
		x.affected(resource, ns, name, objs, out)
		return out
	}
	targets := func(keep func(i int) bool) map[snapshot.Target]bool {
		out := map[snapshot.Target]bool{}
		for i := range n {
			if keep(i) {
				out[svc(i)] = true
			}
		}
		return out
	}
	for _, tc := range []struct {
		name string
		got  map[snapshot.Target]bool
		want map[snapshot.Target]bool
	}{
		{"nodes: every target", affected(snapshot.Nodes, "", "node-1", pod("node-1", nil)),
			targets(func(int) bool { return true })},
		{"a Secret: its target", affected(snapshot.Secrets, "ns", "tls-7"), targets(func(i int) bool { return i == 7 })},
		{"a Secret of no target", affected(snapshot.Secrets, "ns", "other"), targets(func(int) bool { return false })},
		{"a Pod: the targets whose label value selects it", affected(snapshot.Pods, "ns", "p", pod("p", map[string]string{"app": "a1"})),
			targets(func(i int) bool { return i%3 == 1 })},
		{"a Pod: the targets whose set selects it", affected(snapshot.Pods, "ns", "p", pod("p", map[string]string{"tier": "b2"})),
			targets(func(i int) bool { return i%3 == 2 })},
		{"a Pod: the targets that selected it before or after", affected(snapshot.Pods, "ns", "p", pod("p", map[string]string{"app": "a0"}), pod("p", map[string]string{"tier": "b1"})),
			targets(func(i int) bool { return i%3 != 2 })},
		{"a Pod selected by no target", affected(snapshot.Pods, "ns", "p", pod("p", map[string]string{"app": "b1"})),
			targets(func(int) bool { return false })},
		{"a Pod of the namespace whose selector does not parse: every target", affected(snapshot.Pods, "other", "p", pod("p", nil)),
			targets(func(int) bool { return true })},
		{"a ConfigMap with the annotation", affected(snapshot.ConfigMaps, "ns", "cm",
			&metav1.ObjectMeta{Namespace: "ns", Name: "cm", Annotations: map[string]string{"owner": "svc-5"}}), targets(func(i int) bool { return i == 5 })},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !maps.Equal(tc.got, tc.want) {
				t.Errorf("affected %d targets, want %d", len(tc.got), len(tc.want))
			}
		})
	}
	t.Run("events", func(t *testing.T) {
		out := map[snapshot.Target]bool{}
		x.eventsOf(snapshot.ObjectRef{Kind: string(kind.Service), Namespace: "ns", Name: "svc-3", UID: "u"}, out)
		if want := targets(func(i int) bool { return i == 3 }); !maps.Equal(out, want) {
			t.Errorf("a target's events affect %v, want it only", out)
		}
		out = map[snapshot.Target]bool{}
		x.eventsOf(snapshot.ObjectRef{Kind: "Pod", Namespace: "ns", Name: "p-1"}, out)
		if want := targets(func(i int) bool { return i%2 == 1 }); !maps.Equal(out, want) {
			t.Errorf("a Pod's events affect %d targets, want %d", len(out), len(want))
		}
		if len(x.events) != 2 {
			t.Errorf("%d events entries, want 2 (the Pods'; a target's own are a flag)", len(x.events))
		}
	})
	t.Run("one entry per selector", func(t *testing.T) {
		if len(x.equal) != 3 || len(x.selected) != 3 {
			t.Errorf("%d label values and %d selections held, want 3 (a0-a2) and 3 (b0-b2)", len(x.equal), len(x.selected))
		}
		want := len(targets(func(i int) bool { return i%3 == 1 }))
		e := x.selected[selKey{snapshot.Pods, "ns", "tier in (b1)"}]
		if e == nil || e.set.len() != want {
			t.Fatalf("selection tier in (b1): %+v, want %d targets", e, want)
		}
		eq := x.equal[eqKey{snapshot.Pods, "ns", "app", "a1"}]
		if eq == nil || eq.set.len() != want {
			t.Fatalf("label value app=a1: %+v, want %d targets", eq, want)
		}
		x.set(svc(1), reads(1))
		if x.selected[selKey{snapshot.Pods, "ns", "tier in (b1)"}] != e || x.equal[eqKey{snapshot.Pods, "ns", "app", "a1"}] != eq {
			t.Errorf("setting a target's reads again made a new entry")
		}
	})
	t.Run("reads replaced", func(t *testing.T) {
		x.set(svc(7), []snapshot.Request{{Resource: snapshot.Nodes}})
		if got := affected(snapshot.Secrets, "ns", "tls-7"); len(got) != 0 {
			t.Errorf("a replaced read still affects %v", got)
		}
		if _, ok := x.exact[objKey{snapshot.Secrets, "ns", "tls-7"}]; ok {
			t.Error("the replaced read's entry is left behind")
		}
	})
	t.Run("all dropped", func(t *testing.T) {
		for i := range n {
			x.drop(svc(i))
			x.drop(svc(i)) // a second drop changes nothing
		}
		if len(x.ids) != 0 || len(x.exact) != 0 || len(x.selected) != 0 || len(x.byNS) != 0 || len(x.equal) != 0 || len(x.events) != 0 || len(x.matched) != 0 {
			t.Errorf("an index of no target holds ids %d, exact %d, selected %d, byNS %d, equal %d, events %d, matched %d",
				len(x.ids), len(x.exact), len(x.selected), len(x.byNS), len(x.equal), len(x.events), len(x.matched))
		}
		for id, t0 := range x.names {
			if t0 != (snapshot.Target{}) || x.deps[id] != nil || x.ownEvents[id] {
				t.Errorf("id %d still names %v with %d reads", id, t0, len(x.deps[id]))
			}
		}
		// Ids are reused.
		x.set(svc(0), reads(0))
		if len(x.names) != n {
			t.Errorf("%d ids after reuse, want %d", len(x.names), n)
		}
	})
}
