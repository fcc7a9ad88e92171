package snapshot

import (
	"slices"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Grouping says which manifest files are read as one cluster (a world): cross-object checks (a
// Service's pods, an Ingress's Secrets, the nodes that decide the provider) see only their world.
type Grouping string

// The groupings. In each, files that define the same object (kind, namespace, name) are never
// merged: they go to different worlds, each with the group's other files, so both definitions are
// diagnosed.
const (
	// GroupDir makes the files found in one directory a world, and the files named on the command
	// line (standard input among them) another: naming files together is asking for them together.
	GroupDir Grouping = "dir"
	// GroupFile makes each file a world.
	GroupFile Grouping = "file"
	// GroupAll makes the whole input one world.
	GroupAll Grouping = "all"
)

// Groupings are the values of --group-files, the default first.
var Groupings = []Grouping{GroupDir, GroupFile, GroupAll}

// ParseGrouping reads a --group-files value; "" is GroupDir.
func ParseGrouping(s string) (Grouping, error) {
	if s == "" {
		return GroupDir, nil
	}
	if g := Grouping(s); slices.Contains(Groupings, g) {
		return g, nil
	}
	names := make([]string, len(Groupings))
	for i, g := range Groupings {
		names[i] = string(g)
	}
	return "", words.Errorf("invalid argument %q for --group-files: must be one of: %s",
		"--group-files 的取值 %q 无效：只能是 %s 之一", s, words.List(names))
}

// World is manifest files read as one cluster.
type World struct {
	// Files are the world's files, as locations show them.
	Files []string
	Snap  *Snapshot
	// own are the files whose targets this world diagnoses: a file shared by several worlds of a
	// group is diagnosed in the first.
	own map[string]bool
}

// Owns reports whether target t is diagnosed in this world: it was read from one of the files the
// world owns.
func (w *World) Owns(t Target) bool {
	o, ok := w.Snap.origins[originKey(string(t.Kind), t.Namespace, t.Name)]
	return ok && w.own[o.file]
}

// Input is manifest input read into worlds.
type Input struct {
	Worlds []*World
	// Notes say what the input held besides objects: files left out, objects defined in several
	// files, and how to render a Helm chart or kustomization; each in every language (String is
	// its English).
	Notes []words.Words
	// defs are where each object is defined, by originKey.
	defs map[string][]Location
}

// Definitions returns every place in the input where target t's object is defined, in input order.
func (in *Input) Definitions(t Target) []Location {
	return in.defs[originKey(string(t.Kind), t.Namespace, t.Name)]
}

// LoadWorlds reads the manifests and groups their files into worlds by f.Group.
func (f Files) LoadWorlds() (*Input, error) {
	raw, err := f.read(false)
	if err != nil {
		return nil, err
	}
	in := &Input{defs: map[string][]Location{}}
	if len(raw.skipped) > 0 {
		in.Notes = append(in.Notes, words.Say("skipped %d file(s) that hold no Kubernetes object: %s",
			"跳过了 %d 个不含 Kubernetes 对象的文件：%s", len(raw.skipped), namesOf(raw.skipped, 10)))
	}
	in.Notes = append(in.Notes, raw.hints...)
	in.Notes = append(in.Notes, raw.notes...)
	var keys []string
	groups := map[string][]*manifest{}
	for _, m := range raw.files {
		k := groupKey(f.Group, m)
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], m)
		for _, o := range m.objs {
			if o.id != "" {
				// Within one file the later definition is the object (build warns of the earlier).
				k := o.origin
				l := Location{File: m.shown, Line: int(o.pos.line), Column: int(o.pos.col)}
				if d := in.defs[k]; len(d) > 0 && d[len(d)-1].File == m.shown {
					d[len(d)-1] = l
				} else {
					in.defs[k] = append(d, l)
				}
			}
		}
	}
	for _, k := range keys {
		parts, collisions := split(groups[k])
		in.Notes = append(in.Notes, collisions...)
		shared := map[*manifest]bool{}
		if len(parts) > 1 {
			for _, m := range parts[0].common {
				shared[m] = true
			}
		}
		for i, p := range parts {
			files := p.files()
			snap, err := build(files, shared)
			if err != nil {
				return nil, err
			}
			w := &World{Snap: snap, own: map[string]bool{}}
			for _, m := range files {
				w.Files = append(w.Files, m.shown)
			}
			for _, m := range p.own {
				w.own[m.shown] = true
			}
			if i == 0 {
				for _, m := range p.common {
					w.own[m.shown] = true
				}
			}
			in.Worlds = append(in.Worlds, w)
		}
	}
	return in, nil
}

// groupKey is the group a file belongs to.
func groupKey(g Grouping, m *manifest) string {
	switch g {
	case GroupFile:
		return "file:" + m.shown
	case GroupAll:
		return ""
	}
	return "dir:" + m.dir
}

// part is one world of a group: the files that collide with another file of the group (own), and
// the group's files that collide with none (common, in every part).
type part struct {
	own, common []*manifest
	order       map[*manifest]int
}

// files are the part's files in input order.
func (p part) files() []*manifest {
	out := append(slices.Clone(p.common), p.own...)
	slices.SortFunc(out, func(a, b *manifest) int { return p.order[a] - p.order[b] })
	return out
}

// split divides a group's files where they define the same object: a file goes to the first part
// with no file it collides with. It returns the parts and a note per pair of colliding files.
func split(files []*manifest) ([]part, []words.Words) {
	order := map[*manifest]int{}
	ids := make([]map[string]bool, len(files))
	for i, m := range files {
		order[m] = i
		ids[i] = map[string]bool{}
		for _, o := range m.objs {
			if o.id != "" {
				ids[i][o.id] = true
			}
		}
	}
	shared := func(i, j int) []string {
		var out []string
		for _, o := range files[i].objs {
			if o.id != "" && ids[j][o.id] && !slices.Contains(out, o.id) {
				out = append(out, o.id)
			}
		}
		return out
	}
	collides := make([][]int, len(files))
	var notes []words.Words
	for i := range files {
		for j := i + 1; j < len(files); j++ {
			if both := shared(i, j); len(both) > 0 {
				collides[i] = append(collides[i], j)
				collides[j] = append(collides[j], i)
				notes = append(notes, words.Say("%s and %s both define %s; each is diagnosed without the other",
					"%s 和 %s 都定义了 %s；两者分别单独诊断",
					files[i].shown, files[j].shown, namesOf(both, 3)))
			}
		}
	}
	var common []*manifest
	var owns [][]int
	for i, m := range files {
		if len(collides[i]) == 0 {
			common = append(common, m)
			continue
		}
		placed := false
		for w := range owns {
			if !slices.ContainsFunc(owns[w], func(j int) bool { return slices.Contains(collides[i], j) }) {
				owns[w] = append(owns[w], i)
				placed = true
				break
			}
		}
		if !placed {
			owns = append(owns, []int{i})
		}
	}
	if len(owns) == 0 {
		return []part{{common: common, order: order}}, nil
	}
	parts := make([]part, len(owns))
	for w, idx := range owns {
		parts[w] = part{common: common, order: order}
		for _, i := range idx {
			parts[w].own = append(parts[w].own, files[i])
		}
	}
	return parts, notes
}
