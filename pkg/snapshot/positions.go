package snapshot

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// origin is where an object of a manifest input was read: its file (as shown) and its YAML mapping.
type origin struct {
	file string
	node *yaml.Node
}

// originKey is how a report path names an object: namespace/kind/name with the kind in lower case,
// or kind/name for a cluster-scoped object (see checks' objPath).
func originKey(kind, ns, name string) string {
	k := strings.ToLower(kind) + "/" + name
	if ns != "" {
		k = ns + "/" + k
	}
	return k
}

// remember records where an object was read.
func (s *Snapshot) remember(kind, ns, name, file string, n *yaml.Node) {
	if s.origins == nil {
		s.origins = map[string]origin{}
	}
	s.origins[originKey(kind, ns, name)] = origin{file: file, node: n}
}

// Locate returns where the field at path of target t is written in the input: the field, else its
// nearest written ancestor, else the object. A path that starts with another object
// (kube-system/configmap/name.data.key) is looked up in that object when the input holds it. nil
// when the object was not read from a file (live mode).
func (s *Snapshot) Locate(t Target, path string) *Location {
	if len(s.origins) == 0 {
		return nil
	}
	if o, rest, ok := s.pathObject(path); ok {
		return o.locate(rest)
	}
	o, ok := s.origins[originKey(string(t.Kind), t.Namespace, t.Name)]
	if !ok {
		return nil
	}
	return o.locate(path)
}

// pathObject finds the object a path of the form [namespace/]kind/name[.field] names, trying each
// dot as the end of the name (names may hold dots).
func (s *Snapshot) pathObject(path string) (origin, string, bool) {
	if len(s.origins) == 0 || !strings.Contains(path, "/") {
		return origin{}, "", false
	}
	for i := len(path); i > 0; i = strings.LastIndexByte(path[:i], '.') {
		if o, ok := s.origins[path[:i]]; ok {
			return o, strings.TrimPrefix(path[i:], "."), true
		}
	}
	return origin{}, "", false
}

func (o origin) locate(path string) *Location {
	n := walk(o.node, path)
	return &Location{File: o.file, Line: n.Line, Column: n.Column}
}

// walk follows a report path (spec.tls[2].secretName, metadata.annotations[a.b/c][3]) from the
// object's mapping and returns the node of the deepest part written: the key of a mapping entry,
// the item of a sequence, or the object itself.
func walk(obj *yaml.Node, path string) *yaml.Node {
	best, cur := obj, deref(obj)
	rest := path
	for rest != "" {
		if rest[0] == '.' {
			rest = rest[1:]
			continue
		}
		if rest[0] == '[' {
			end := strings.IndexByte(rest, ']')
			if end < 0 {
				break
			}
			sel := rest[1:end]
			rest = rest[end+1:]
			switch cur.Kind {
			case yaml.SequenceNode:
				i, err := strconv.Atoi(sel)
				if err != nil || i < 0 || i >= len(cur.Content) {
					return best
				}
				cur = deref(cur.Content[i])
				best = cur
			case yaml.MappingNode:
				k, v := entry(cur, sel)
				if k == nil {
					return best
				}
				best, cur = k, deref(v)
			default:
				return best
			}
			continue
		}
		if cur.Kind != yaml.MappingNode {
			break
		}
		k, v := longestKey(cur, rest)
		if k == nil {
			break
		}
		best, cur = k, deref(v)
		rest = rest[len(k.Value):]
	}
	return best
}

// entry returns the key and value nodes of key in mapping m.
func entry(m *yaml.Node, key string) (*yaml.Node, *yaml.Node) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i], m.Content[i+1]
		}
	}
	return nil, nil
}

// longestKey returns the entry of mapping m whose key is the longest that path starts with as a
// whole field (followed by the end, "." or "["): a ConfigMap key may hold dots.
func longestKey(m *yaml.Node, path string) (*yaml.Node, *yaml.Node) {
	var k, v *yaml.Node
	for i := 0; i+1 < len(m.Content); i += 2 {
		key := m.Content[i].Value
		if key == "" || !strings.HasPrefix(path, key) || (k != nil && len(key) <= len(k.Value)) {
			continue
		}
		if len(path) == len(key) || path[len(key)] == '.' || path[len(key)] == '[' {
			k, v = m.Content[i], m.Content[i+1]
		}
	}
	return k, v
}

// deref follows aliases and documents to the node they stand for.
func deref(n *yaml.Node) *yaml.Node {
	for i := 0; i < 100 && n != nil; i++ {
		switch {
		case n.Kind == yaml.AliasNode && n.Alias != nil:
			n = n.Alias
		case n.Kind == yaml.DocumentNode && len(n.Content) == 1:
			n = n.Content[0]
		default:
			return n
		}
	}
	return n
}
