package diagnose

import (
	"slices"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Offline reads manifest input into one batch per world (the files read as one cluster): the
// targets named (when ns is "", no -n was given: each in the namespace the input defines it in, as
// kubectl get -f does), each in the world that defines it (one no world defines goes to the first, whose
// diagnosis says it is not found), or else every LoadBalancer Service and Ingress a world defines in
// namespace ns ("" for all) that sel matches. It returns the input too, for its notes and for
// Options.Input.
func Offline(files snapshot.Files, targets []snapshot.Target, ns string, sel snapshot.Selector) ([]Batch, *snapshot.Input, error) {
	in, err := files.LoadWorlds()
	if err != nil {
		return nil, nil, err
	}
	if ns == "" {
		if targets, err = inputNamespaces(in, targets); err != nil {
			return nil, nil, err
		}
	}
	var out []Batch
	for _, w := range in.Worlds {
		b := Batch{Snap: w.Snap}
		if len(targets) > 0 {
			for _, t := range targets {
				if w.Owns(t) {
					b.Targets = append(b.Targets, t)
				}
			}
		} else {
			var own []snapshot.Target
			for _, t := range snapshot.AllTargets(w.Snap, ns) {
				if w.Owns(t) {
					own = append(own, t)
				}
			}
			if b.Targets, err = selectTargets(w.Snap, own, sel); err != nil {
				return nil, nil, err
			}
		}
		w.Snap.Targets = b.Targets
		out = append(out, b)
	}
	for _, t := range targets {
		if !slices.ContainsFunc(in.Worlds, func(w *snapshot.World) bool { return w.Owns(t) }) {
			out[0].Targets = append(out[0].Targets, t)
			out[0].Snap.Targets = out[0].Targets
		}
	}
	return out, in, nil
}

// selectTargets keeps the targets that match sel (metadata.name and metadata.namespace: the fields
// the API server selects on for both kinds).
func selectTargets(snap *snapshot.Snapshot, targets []snapshot.Target, sel snapshot.Selector) ([]snapshot.Target, error) {
	match, err := sel.Matcher("offline")
	if match == nil || err != nil {
		return targets, err
	}
	var out []snapshot.Target
	for _, t := range targets {
		if match(Meta(snap, t).Labels, t.Name, t.Namespace) {
			out = append(out, t)
		}
	}
	return out, nil
}

// inputNamespaces gives each target the namespace the input defines its object in, for a run
// without -n: the one namespace when exactly one object of the target's kind and name is in the
// input; an error naming them all when objects of that kind and name are in several namespaces; the
// target as parsed when there is none (its diagnosis then says it is not found).
func inputNamespaces(in *snapshot.Input, targets []snapshot.Target) ([]snapshot.Target, error) {
	var out []snapshot.Target
	for _, t := range targets {
		var where []string
		for _, w := range in.Worlds {
			for _, ns := range namespacesOf(w.Snap, t) {
				if !slices.Contains(where, ns) {
					where = append(where, ns)
				}
			}
		}
		switch {
		case len(where) == 1:
			t.Namespace = where[0]
		case len(where) > 1:
			slices.Sort(where)
			for i := range where {
				where[i] = report.Printable(where[i])
			}
			return nil, words.Errorf("%s %q is defined in several namespaces of the input (%s); choose one with -n NAMESPACE",
				"输入中多个命名空间都定义了 %s %q（%s）；请用 -n NAMESPACE 选择其一", t.Kind.Lower(), t.Name, words.List(where))
		}
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out, nil
}

// namespacesOf returns the namespaces in which snap holds an object of t's kind and name.
func namespacesOf(snap *snapshot.Snapshot, t snapshot.Target) []string {
	var out []string
	if t.Kind == snapshot.KindService {
		svcs, _ := snap.Services.List("")
		for _, o := range svcs {
			if o.Name == t.Name {
				out = append(out, o.Namespace)
			}
		}
		return out
	}
	ings, _ := snap.Ingresses.List("")
	for _, o := range ings {
		if o.Name == t.Name {
			out = append(out, o.Namespace)
		}
	}
	return out
}
