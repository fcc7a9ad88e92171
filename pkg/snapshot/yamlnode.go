package snapshot

import (
	"math"
	"strconv"
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
	"go.yaml.in/yaml/v3"
)

// Manifests are decoded with go.yaml.in/yaml/v3 into yaml.Node trees, once per document: the nodes
// keep each field's line and column for Locate, and toValue turns them into the JSON-shaped maps
// the unstructured decoding of the objects takes. go.yaml.in/yaml/v3 is the maintained successor
// of gopkg.in/yaml.v3 and already in the module graph (through sigs.k8s.io/yaml); a second YAML
// library with positions (goccy/go-yaml) would only add a dependency.

// MaxAliasNodes bounds the nodes one input (every file and document of an offline run together)
// may expand to through aliases: a "billion laughs" document is a few lines long, and a budget per
// document would let many such documents add up.
const MaxAliasNodes = 1 << 20

// aliasError is a node that cannot be converted (an alias past the budget or to a node that
// contains it, a key written twice), at its line.
type aliasError struct {
	line int
	err  error
}

func (e *aliasError) Error() string { return e.err.Error() }
func (e *aliasError) Unwrap() error { return e.err }

// yaml11Bools are the plain scalars YAML 1.1 (which kubectl, Helm and the API machinery's decoder
// follow) reads as booleans and YAML 1.2 reads as strings: an unquoted on in an annotation reaches
// the cluster as true, not "on".
var yaml11Bools = map[string]bool{"y": true, "Y": true, "yes": true, "Yes": true, "YES": true, "on": true,
	"On": true, "ON": true, "n": false, "N": false, "no": false, "No": false, "NO": false, "off": false,
	"Off": false, "OFF": false}

// toValue converts a node into JSON-shaped data: map[string]any, []any, string, int64, float64,
// bool or nil. budget is what is left of the input's alias expansion (MaxAliasNodes); an alias that
// names a node it is part of, or one past the budget, is an *aliasError.
func toValue(n *yaml.Node, budget *int) (any, error) {
	c := converter{budget: budget, open: map[*yaml.Node]bool{}}
	return c.convert(n, false)
}

// converter turns yaml nodes into values.
type converter struct {
	budget *int
	// open are the anchored nodes being converted: an alias to one of them is a cycle.
	open map[*yaml.Node]bool
}

func (c *converter) convert(n *yaml.Node, aliased bool) (any, error) {
	if aliased {
		if *c.budget--; *c.budget < 0 {
			return nil, &aliasError{n.Line, words.Errorf("aliases expand to more than %d nodes in this input",
				"别名在本次输入中展开超过 %d 个节点", MaxAliasNodes)}
		}
	}
	if n.Anchor != "" {
		c.open[n] = true
		defer delete(c.open, n)
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return c.convert(n.Content[0], aliased)
	case yaml.AliasNode:
		if n.Alias == nil {
			return nil, nil
		}
		if c.open[n.Alias] {
			return nil, &aliasError{n.Line, words.Errorf("alias *%s refers to a node that contains it",
				"别名 *%s 引用了包含它自身的节点", n.Value)}
		}
		return c.convert(n.Alias, true)
	case yaml.SequenceNode:
		out := make([]any, 0, len(n.Content))
		for _, e := range n.Content {
			v, err := c.convert(e, aliased)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case yaml.MappingNode:
		out := make(map[string]any, len(n.Content)/2)
		var lines map[string]int // the line of each key written, when a mapping may repeat one
		if len(n.Content) > 2 {
			lines = make(map[string]int, len(n.Content)/2)
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Kind == yaml.ScalarNode && k.Tag == "!!merge" {
				if err := c.merge(out, v, aliased); err != nil {
					return nil, err
				}
				continue
			}
			if k.Kind != yaml.ScalarNode {
				return nil, words.Errorf("line %d: a mapping key must be a scalar", "第 %d 行：映射的键必须是标量", k.Line)
			}
			key := mapKey(k)
			if first, dup := lines[key]; dup {
				// As kubectl's decoding (sigs.k8s.io/yaml) does, a key written twice is refused.
				return nil, &aliasError{k.Line, words.Errorf("mapping key %q already defined at line %d",
					"映射的键 %q 已在第 %d 行定义", key, first)}
			}
			if lines != nil {
				lines[key] = k.Line
			}
			val, err := c.convert(v, aliased)
			if err != nil {
				return nil, err
			}
			out[key] = val
		}
		return out, nil
	case yaml.ScalarNode:
		return scalar(n), nil
	}
	return nil, nil
}

// mapKey is a mapping key as JSON names it: a YAML 1.1 boolean key (y, on, …) becomes "true" or "false".
func mapKey(k *yaml.Node) string {
	if b, ok := scalar(k).(bool); ok {
		return strconv.FormatBool(b)
	}
	return k.Value
}

// merge applies a << merge key: the entries of a mapping (or of each mapping of a sequence) that
// out does not set yet.
func (c *converter) merge(out map[string]any, v *yaml.Node, aliased bool) error {
	sources := []*yaml.Node{v}
	if d := deref(v); d.Kind == yaml.SequenceNode {
		sources = d.Content
		aliased = aliased || v.Kind == yaml.AliasNode
	}
	for _, s := range sources {
		m, err := c.convert(s, aliased)
		if err != nil {
			return err
		}
		mm, ok := m.(map[string]any)
		if !ok {
			return words.Errorf("line %d: a merge key needs a mapping", "第 %d 行：合并键（<<）需要一个映射", s.Line)
		}
		for k, val := range mm {
			if _, set := out[k]; !set {
				out[k] = val
			}
		}
	}
	return nil
}

// scalar resolves a scalar by its tag; a number JSON cannot hold stays a string.
func scalar(n *yaml.Node) any {
	switch n.ShortTag() {
	case "!!null":
		return nil
	case "!!bool":
		if b, ok := yaml11Bools[n.Value]; ok {
			return b
		}
		b, err := strconv.ParseBool(strings.ToLower(n.Value))
		if err != nil {
			return n.Value
		}
		return b
	case "!!int":
		if i, err := strconv.ParseInt(n.Value, 0, 64); err == nil {
			return i
		}
		if f, err := strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64); err == nil {
			return f
		}
		return n.Value
	case "!!float":
		f, err := strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64)
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return n.Value
		}
		return f
	case "!!str":
		if n.Style == 0 {
			if b, ok := yaml11Bools[n.Value]; ok {
				return b
			}
		}
	}
	return n.Value
}
