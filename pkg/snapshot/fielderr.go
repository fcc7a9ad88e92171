package snapshot

import (
	"encoding/json"
	"errors"
	"math"
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
func fieldError(u *unstructured.Unstructured, node *pos) (line int, err error, ok bool) {
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
func metadataError(u *unstructured.Unstructured, node *pos) (line int, err error, bad bool) {
	for _, f := range []string{"name", "namespace", "generateName"} {
		if v, found, _ := unstructured.NestedFieldNoCopy(u.Object, "metadata", f); found && v != nil {
			if _, isString := v.(string); !isString {
				return typeError(node, "metadata."+f, jsonKind(v), "string")
			}
		}
	}
	return 0, nil, false
}

// typeError is the error of field (a dotted path without indices) of the object at p holding a
// got (a JSON kind) where want is needed.
func typeError(p *pos, field, got, want string) (int, error, bool) {
	line, path, ok := findField(p.root(), strings.Split(field, "."), "", got)
	if !ok {
		line, path = p.line, field
	}
	return int(line), words.Errorf("%s: %s where %s is needed", "%s：此处为 %s，需要 %s", path, got, want), true
}

// findField follows the names of parts from n down, trying each item of a sequence, to the first
// value of JSON kind got; it returns that node's line and its path with indices.
func findField(n node, parts []string, path, got string) (int32, string, bool) {
	if len(parts) == 0 {
		if n.jsonKind() == got {
			return n.line, path, true
		}
		return 0, "", false
	}
	switch n.kind {
	case yaml.SequenceNode:
		c := n.body
		for i := range n.n {
			item := c.node()
			if line, p, ok := findField(item, parts, path+"["+strconv.Itoa(i)+"]", got); ok {
				return line, p, true
			}
			c.skip(item)
		}
	case yaml.MappingNode:
		_, _, v, ok := n.entry(parts[0])
		if !ok {
			return 0, "", false
		}
		if path != "" {
			path += "."
		}
		return findField(v, parts[1:], path+parts[0], got)
	}
	return 0, "", false
}

// jsonKind is the JSON kind of the value a node converts to, as encoding/json names it.
func (n node) jsonKind() string {
	switch n.kind {
	case yaml.MappingNode:
		return "object"
	case yaml.SequenceNode:
		return "array"
	}
	if int(n.json) < len(jsonKinds) {
		return jsonKinds[n.json]
	}
	return ""
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

// portRangeError is the error of a port number of Service u (read from node: spec.ports[].port,
// targetPort or nodePort) too large for int32, which decoding into the typed Service would wrap
// silently; kubectl's decoding refuses it. Numbers within int32 but not ports are a finding of the
// checks (generic.service.port-invalid).
func portRangeError(u *unstructured.Unstructured, node *pos) (line int, err error, bad bool) {
	if u.GetKind() != "Service" || u.GetAPIVersion() != "v1" {
		return 0, nil, false
	}
	ports, _, _ := unstructured.NestedFieldNoCopy(u.Object, "spec", "ports")
	list, _ := ports.([]any)
	for i, p := range list {
		m, _ := p.(map[string]any)
		for _, f := range []string{"port", "targetPort", "nodePort"} {
			var text string
			switch v := m[f].(type) {
			case int64:
				if v >= math.MinInt32 && v <= math.MaxInt32 {
					continue
				}
				text = strconv.FormatInt(v, 10)
			case float64:
				if v >= math.MinInt32 && v <= math.MaxInt32 {
					continue
				}
				text = strconv.FormatFloat(v, 'g', -1, 64)
			default:
				continue
			}
			path := "spec.ports[" + strconv.Itoa(i) + "]." + f
			line, _ := node.walk(path)
			return int(line), words.Errorf("%s: number %s is out of the int32 range (a port is 1–65535)",
				"%s：数字 %s 超出 int32 范围（端口应为 1–65535）", path, text), true
		}
	}
	return 0, nil, false
}
