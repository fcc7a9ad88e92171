package snapshot

import (
	"encoding/binary"
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

// remember records where the object of originKey key was read.
func (s *Snapshot) remember(key, file string, p pos, value map[string]any) {
	if s.origins == nil {
		s.origins = map[string]origin{}
	}
	s.origins[key] = origin{file: file, pos: p, value: value}
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
	line, col := o.pos.walk(path)
	return &Location{File: o.file, Line: int(line), Column: int(col)}
}

// pos is what an offline snapshot keeps of an object's YAML mapping: where it is written (line and
// col) and, encoded in enc, where each node below it is, the text of each mapping key and the JSON
// kind of each scalar. Scalar values are not kept (so a Secret's keep no key material). A few bytes a
// node, it is a small fraction of the decoded document, which is dropped once its objects are read.
//
// enc holds the nodes in document order (aliases expanded), each as: a header byte (the node's
// kind, kindCodes, plus its JSON kind, jsonKinds, times 8), its line as a signed varint difference
// from the line of the node before it (the object's own line for the first), its column as a
// varint, and for a sequence or mapping the varint count of its items or entries, which follow. A
// mapping entry is its key (line difference, column, length and text) and then its value node.
type pos struct {
	line, col int32
	enc       string
}

// jsonKinds are the JSON kinds of scalar values, as encoding/json names them (see jsonKind).
var jsonKinds = []string{"string", "number", "bool", "null"}

// kindCodes are the node kinds, by their code in a header byte.
var kindCodes = []yaml.Kind{0, yaml.DocumentNode, yaml.SequenceNode, yaml.MappingNode, yaml.ScalarNode, yaml.AliasNode}

// compact makes the positions of node n (aliases followed: their expansion is bounded by the
// input's alias budget, which toValue has already charged for the same nodes).
func compact(n *yaml.Node) pos {
	n = deref(n)
	e := encoder{prev: int32(n.Line)}
	e.node(n)
	return pos{line: int32(n.Line), col: int32(n.Column), enc: string(e.b)}
}

// encoder writes nodes in pos's encoding.
type encoder struct {
	b    []byte
	prev int32
}

func (e *encoder) at(line, col int) {
	e.b = binary.AppendVarint(e.b, int64(int32(line)-e.prev))
	e.b = binary.AppendUvarint(e.b, uint64(uint32(col)))
	e.prev = int32(line)
}

func (e *encoder) node(n *yaml.Node) {
	if n.Kind == yaml.AliasNode {
		if n.Alias == nil {
			e.b = append(e.b, byte(slices.Index(kindCodes, yaml.ScalarNode))|3<<3)
			e.at(n.Line, n.Column)
			return
		}
		e.node(deref(n))
		return
	}
	h := byte(max(slices.Index(kindCodes, n.Kind), 0))
	if n.Kind == yaml.ScalarNode {
		h |= byte(slices.Index(jsonKinds, jsonKind(scalar(n)))) << 3
	}
	e.b = append(e.b, h)
	e.at(n.Line, n.Column)
	switch n.Kind {
	case yaml.SequenceNode:
		e.b = binary.AppendUvarint(e.b, uint64(len(n.Content)))
		for _, c := range n.Content {
			e.node(c)
		}
	case yaml.MappingNode:
		e.b = binary.AppendUvarint(e.b, uint64(len(n.Content)/2))
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			e.at(k.Line, k.Column)
			e.b = binary.AppendUvarint(e.b, uint64(len(k.Value)))
			e.b = append(e.b, k.Value...)
			e.node(n.Content[i+1])
		}
	}
}

// node is one decoded node of a pos: where it is, its kind and JSON kind, and for a sequence or
// mapping the number of its items or entries, which body reads.
type node struct {
	line, col int32
	kind      yaml.Kind
	json      uint8
	n         int
	body      cursor
}

// cursor reads pos's encoding from off; prev is the line of the node read last.
type cursor struct {
	enc  string
	off  int
	prev int32
}

// root is the object's own mapping.
func (p *pos) root() node {
	c := cursor{enc: p.enc, prev: p.line}
	if p.enc == "" {
		return node{line: p.line, col: p.col, kind: yaml.MappingNode}
	}
	return c.node()
}

// uvarint reads a varint (binary.AppendUvarint's encoding).
func (c *cursor) uvarint() uint64 {
	var v uint64
	for shift := 0; c.off < len(c.enc); shift += 7 {
		b := c.enc[c.off]
		c.off++
		v |= uint64(b&0x7f) << shift
		if b < 0x80 {
			break
		}
	}
	return v
}

// varint reads a signed varint (binary.AppendVarint's zig-zag encoding).
func (c *cursor) varint() int64 {
	u := c.uvarint()
	return int64(u>>1) ^ -int64(u&1)
}

func (c *cursor) at() (line, col int32) {
	c.prev += int32(c.varint())
	return c.prev, int32(c.uvarint())
}

// node reads a node's header; its body (when it has one) is read from the cursor it returns.
func (c *cursor) node() node {
	h := c.enc[c.off]
	c.off++
	n := node{kind: kindCodes[min(int(h&7), len(kindCodes)-1)], json: h >> 3}
	n.line, n.col = c.at()
	if n.kind == yaml.SequenceNode || n.kind == yaml.MappingNode {
		n.n = int(c.uvarint())
	}
	n.body = *c
	return n
}

// skip moves c past the body of n, which c has just read.
func (c *cursor) skip(n node) {
	*c = n.body
	for range n.n {
		if n.kind == yaml.MappingNode {
			c.key()
		}
		c.skip(c.node())
	}
}

// key reads a mapping entry's key.
func (c *cursor) key() (line, col int32, key string) {
	line, col = c.at()
	l := int(c.uvarint())
	key = c.enc[c.off : c.off+l]
	c.off += l
	return line, col, key
}

// entry finds key in mapping m: the key's position and the value node (ok false when m has none).
func (m node) entry(key string) (line, col int32, v node, ok bool) {
	c := m.body
	for range m.n {
		kl, kc, k := c.key()
		v := c.node()
		if k == key {
			return kl, kc, v, true
		}
		c.skip(v)
	}
	return 0, 0, node{}, false
}

// item is the i-th item of sequence s.
func (s node) item(i int) node {
	c := s.body
	for range i {
		c.skip(c.node())
	}
	return c.node()
}

// walk follows a report path (spec.tls[2].secretName, metadata.annotations[a.b/c][3]) from the
// object's mapping and returns where the deepest part written is: the key of a mapping entry, the
// item of a sequence, or the object itself.
func (p *pos) walk(path string) (line, col int32) {
	cur := p.root()
	line, col = cur.line, cur.col
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
				if err != nil || i < 0 || i >= cur.n {
					return line, col
				}
				cur = cur.item(i)
				line, col = cur.line, cur.col
			case yaml.MappingNode:
				kl, kc, v, ok := cur.entry(sel)
				if !ok {
					return line, col
				}
				line, col, cur = kl, kc, v
			default:
				return line, col
			}
			continue
		}
		if cur.kind != yaml.MappingNode {
			break
		}
		kl, kc, key, v, ok := cur.longestKey(rest)
		if !ok {
			break
		}
		line, col, cur = kl, kc, v
		rest = rest[len(key):]
	}
	return line, col
}

// longestKey returns the entry of mapping m whose key is the longest that path starts with as a
// whole field (followed by the end, "." or "["): a ConfigMap key may hold dots.
func (m node) longestKey(path string) (line, col int32, key string, v node, ok bool) {
	c := m.body
	for range m.n {
		kl, kc, k := c.key()
		val := c.node()
		if k != "" && strings.HasPrefix(path, k) && (!ok || len(k) > len(key)) &&
			(len(path) == len(k) || path[len(k)] == '.' || path[len(k)] == '[') {
			line, col, key, v, ok = kl, kc, k, val, true
		}
		c.skip(val)
	}
	return line, col, key, v, ok
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
