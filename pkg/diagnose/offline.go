package diagnose

import (
	"slices"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// Offline reads manifest input into one batch per world (the files read as one cluster): the
// targets named, each in the world that defines it (one no world defines goes to the first, whose
// diagnosis says it is not found), or else every LoadBalancer Service and Ingress a world defines in
// namespace ns ("" for all) that sel matches. It returns the input too, for its notes and for
// Options.Input.
func Offline(files snapshot.Files, targets []snapshot.Target, ns string, sel snapshot.Selector) ([]Batch, *snapshot.Input, error) {
	in, err := files.LoadWorlds()
	if err != nil {
		return nil, nil, err
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
