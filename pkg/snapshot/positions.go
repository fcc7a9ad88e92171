package snapshot

import (
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// origin is where an object of a manifest input was read: its file (as shown) and the positions of
// its YAML mapping. value is the object as written, kept only by Files.Load (a preflight's
// Manifest) and only for Services and Ingresses.
type origin struct {
	file  string
	pos   pos
	value map[string]any
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
func (s *Snapshot) remember(kind, ns, name, file string, p pos, value map[string]any) {
	if s.origins == nil {
		s.origins = map[string]origin{}
	}
	s.origins[originKey(kind, ns, name)] = origin{file: file, pos: p, value: value}
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
	n := o.pos.walk(path)
	return &Location{File: o.file, Line: int(n.line), Column: int(n.col)}
}

// pos is what an offline snapshot keeps of a YAML node of an object: where it is written, the key it
// is (for a mapping's key), the JSON kind of its value, and the nodes below it. It is a fraction of
// the decoded document's size, which is dropped once its objects are read; scalar values are not
// kept (so a Secret's keep no key material).
type pos struct {
	line, col int32
	kind      yaml.Kind
	// json is the JSON kind a scalar converts to (jsonKinds).
	json uint8
	// key is the text of a mapping's key node.
	key string
	// content are a sequence's items, or a mapping's keys and values alternating.
	content []pos
}

// jsonKinds are the JSON kinds of scalar values, as encoding/json names them (see jsonKind).
var jsonKinds = []string{"string", "number", "bool", "null"}

// compact makes the positions of node n (aliases followed, each anchored node made once).
func compact(n *yaml.Node) pos {
	c := compacter{}
	return c.make(deref(n))
}

// compacter makes positions, sharing those of anchored nodes.
type compacter struct {
	anchored map[*yaml.Node]pos
	keys     map[string]string
}

func (c *compacter) make(n *yaml.Node) pos {
	if n.Kind == yaml.AliasNode {
		if n.Alias == nil {
			return pos{line: int32(n.Line), col: int32(n.Column), kind: yaml.ScalarNode, json: 3}
		}
		if p, ok := c.anchored[n.Alias]; ok {
			return p
		}
		return c.make(deref(n))
	}
	p := pos{line: int32(n.Line), col: int32(n.Column), kind: n.Kind}
	switch n.Kind {
	case yaml.ScalarNode:
		p.json = uint8(slices.Index(jsonKinds, jsonKind(scalar(n))))
	case yaml.SequenceNode, yaml.MappingNode:
		p.content = make([]pos, len(n.Content))
		for i, e := range n.Content {
			if n.Kind == yaml.MappingNode && i%2 == 0 {
				p.content[i] = pos{line: int32(e.Line), col: int32(e.Column), kind: e.Kind, key: c.key(e.Value)}
				continue
			}
			p.content[i] = c.make(e)
		}
	}
	if n.Anchor != "" {
		if c.anchored == nil {
			c.anchored = map[*yaml.Node]pos{}
		}
		c.anchored[n] = p
	}
	return p
}

// key is one copy of a key's text per object.
func (c *compacter) key(k string) string {
	if c.keys == nil {
		c.keys = map[string]string{}
	}
	if s, ok := c.keys[k]; ok {
		return s
	}
	c.keys[k] = k
	return k
}

// walk follows a report path (spec.tls[2].secretName, metadata.annotations[a.b/c][3]) from the
// object's mapping and returns the node of the deepest part written: the key of a mapping entry,
// the item of a sequence, or the object itself.
func (obj *pos) walk(path string) *pos {
	best, cur := obj, obj
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
			switch cur.kind {
			case yaml.SequenceNode:
				i, err := strconv.Atoi(sel)
				if err != nil || i < 0 || i >= len(cur.content) {
					return best
				}
				cur = &cur.content[i]
				best = cur
			case yaml.MappingNode:
				k, v := cur.entry(sel)
				if k == nil {
					return best
				}
				best, cur = k, v
			default:
				return best
			}
			continue
		}
		if cur.kind != yaml.MappingNode {
			break
		}
		k, v := cur.longestKey(rest)
		if k == nil {
			break
		}
		best, cur = k, v
		rest = rest[len(k.key):]
	}
	return best
}

// entry returns the key and value of key in mapping m.
func (m *pos) entry(key string) (*pos, *pos) {
	for i := 0; i+1 < len(m.content); i += 2 {
		if m.content[i].key == key {
			return &m.content[i], &m.content[i+1]
		}
	}
	return nil, nil
}

// longestKey returns the entry of mapping m whose key is the longest that path starts with as a
// whole field (followed by the end, "." or "["): a ConfigMap key may hold dots.
func (m *pos) longestKey(path string) (*pos, *pos) {
	var k, v *pos
	for i := 0; i+1 < len(m.content); i += 2 {
		key := m.content[i].key
		if key == "" || !strings.HasPrefix(path, key) || (k != nil && len(key) <= len(k.key)) {
			continue
		}
		if len(path) == len(key) || path[len(key)] == '.' || path[len(key)] == '[' {
			k, v = &m.content[i], &m.content[i+1]
		}
	}
	return k, v
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
