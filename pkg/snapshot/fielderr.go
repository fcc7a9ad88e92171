package snapshot

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
	"go.yaml.in/yaml/v3"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/client-go/kubernetes/scheme"
)

// fieldError finds, as kubectl's strict decoding does, the field of object u (read from node) whose
// value has the wrong type: its path (spec.ports[1].port) and line. ok is false when u decodes or
// its kind is not a built-in one.
func fieldError(u *unstructured.Unstructured, node *yaml.Node) (line int, err error, ok bool) {
	obj, e := scheme.Scheme.New(u.GroupVersionKind())
	if e != nil {
		return 0, nil, false
	}
	data, e := json.Marshal(u.Object)
	if e != nil {
		return 0, nil, false
	}
	var te *json.UnmarshalTypeError
	if !errors.As(json.Unmarshal(data, obj), &te) || te.Field == "" {
		return 0, nil, false
	}
	got, _, _ := strings.Cut(te.Value, " ")
	return typeError(node, te.Field, got, te.Type.String())
}

// metadataError is the error of a metadata name or namespace of u (read from node) that is no
// string, which unstructured objects read as absent.
func metadataError(u *unstructured.Unstructured, node *yaml.Node) (line int, err error, bad bool) {
	for _, f := range []string{"name", "namespace", "generateName"} {
		if v, found, _ := unstructured.NestedFieldNoCopy(u.Object, "metadata", f); found && v != nil {
			if _, isString := v.(string); !isString {
				return typeError(node, "metadata."+f, jsonKind(v), "string")
			}
		}
	}
	return 0, nil, false
}

// typeError is the error of field (a dotted path without indices) of the object at node holding a
// got (a JSON kind) where want is needed.
func typeError(node *yaml.Node, field, got, want string) (int, error, bool) {
	at, path := findField(deref(node), strings.Split(field, "."), "", got)
	if at == nil {
		at, path = node, field
	}
	return at.Line, words.Errorf("%s: %s where %s is needed", "%s：此处为 %s，需要 %s", path, got, want), true
}

// findField follows the names of parts from n down, trying each item of a sequence, to the first
// value of JSON kind got; it returns that node and its path with indices.
func findField(n *yaml.Node, parts []string, path, got string) (*yaml.Node, string) {
	if n == nil {
		return nil, ""
	}
	if len(parts) == 0 {
		if nodeKind(n) == got {
			return n, path
		}
		return nil, ""
	}
	switch n.Kind {
	case yaml.SequenceNode:
		for i, item := range n.Content {
			if at, p := findField(deref(item), parts, path+"["+strconv.Itoa(i)+"]", got); at != nil {
				return at, p
			}
		}
	case yaml.MappingNode:
		_, v := entry(n, parts[0])
		if v == nil {
			return nil, ""
		}
		if path != "" {
			path += "."
		}
		return findField(deref(v), parts[1:], path+parts[0], got)
	}
	return nil, ""
}

// nodeKind is the JSON kind of the value a node converts to, as encoding/json names it.
func nodeKind(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "object"
	case yaml.SequenceNode:
		return "array"
	}
	return jsonKind(scalar(n))
}

// jsonKind is the JSON kind of a converted value.
func jsonKind(v any) string {
	switch v.(type) {
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	case bool:
		return "bool"
	case nil:
		return "null"
	}
	return "number"
}
