package report

import (
	"bytes"
	"encoding/json"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"

	yamlv3 "go.yaml.in/yaml/v3"
	"sigs.k8s.io/yaml"
)

// jsonKeys lists the object keys of a JSON document in the order they are written, each with the
// path of the object that holds it.
func jsonKeys(t *testing.T, b []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	type frame struct {
		path     string
		object   bool
		wantsKey bool
		key      string
	}
	var stack []frame
	var keys []string
	child := func() string {
		if len(stack) == 0 {
			return ""
		}
		f := &stack[len(stack)-1]
		if f.object {
			f.wantsKey = true
			return f.path + "." + f.key
		}
		return f.path + "[]"
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return keys
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(stack) > 0 && stack[len(stack)-1].object && stack[len(stack)-1].wantsKey {
			if d, ok := tok.(json.Delim); !ok || d != '}' {
				f := &stack[len(stack)-1]
				f.key, f.wantsKey = tok.(string), false
				keys = append(keys, f.path+"."+f.key)
				continue
			}
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, frame{path: child(), object: true, wantsKey: true})
		case json.Delim('['):
			stack = append(stack, frame{path: child()})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			if len(stack) > 0 && stack[len(stack)-1].object {
				stack[len(stack)-1].wantsKey = true
			}
		default:
			child()
		}
	}
}

// yamlKeys lists the mapping keys of a YAML document in the order they are written, as jsonKeys does.
func yamlKeys(t *testing.T, b []byte) []string {
	t.Helper()
	var doc yamlv3.Node
	if err := yamlv3.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	var keys []string
	var walk func(n *yamlv3.Node, path string)
	walk = func(n *yamlv3.Node, path string) {
		switch n.Kind {
		case yamlv3.DocumentNode:
			walk(n.Content[0], path)
		case yamlv3.MappingNode:
			for i := 0; i < len(n.Content); i += 2 {
				keys = append(keys, path+"."+n.Content[i].Value)
				walk(n.Content[i+1], path+"."+n.Content[i].Value)
			}
		case yamlv3.SequenceNode:
			for _, c := range n.Content {
				walk(c, path+"[]")
			}
		}
	}
	walk(&doc, "")
	return keys
}

func TestYAMLKeepsTheReportsOrder(t *testing.T) {
	varied := variedReports(t)
	tests := []struct {
		name    string
		reports []Report
		list    bool
	}{
		{"one report", varied[1:2], false},
		{"clean report", varied[:1], false},
		{"list", varied, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var j, y bytes.Buffer
			for f, b := range map[Format]*bytes.Buffer{JSON: &j, YAML: &y} {
				if err := NewWriter(b, f, false, false).Write(tt.reports, tt.list); err != nil {
					t.Fatal(err)
				}
			}
			jk, yk := jsonKeys(t, j.Bytes()), yamlKeys(t, y.Bytes())
			if !slices.Equal(jk, yk) {
				t.Errorf("YAML keys differ from JSON's order:\nyaml %v\njson %v", yk, jk)
			}
			prefix := ""
			if tt.list {
				prefix = ".items[]"
			}
			if ti, fi := slices.Index(yk, prefix+".target"), slices.Index(yk, prefix+".findings"); ti < 0 || fi < 0 || ti > fi {
				t.Errorf("target at %d, findings at %d: want target first", ti, fi)
			}
			if tt.list {
				var fromJSON, fromYAML List
				decodeBoth(t, j.Bytes(), y.Bytes(), &fromJSON, &fromYAML)
				if !reflect.DeepEqual(fromJSON, fromYAML) {
					t.Errorf("YAML decodes to another list than JSON:\n%+v\n%+v", fromYAML, fromJSON)
				}
			} else {
				var fromJSON, fromYAML Report
				decodeBoth(t, j.Bytes(), y.Bytes(), &fromJSON, &fromYAML)
				if !reflect.DeepEqual(fromJSON, fromYAML) {
					t.Errorf("YAML decodes to another report than JSON:\n%+v\n%+v", fromYAML, fromJSON)
				}
			}
			if strings.Contains(y.String(), "\\u") {
				t.Errorf("YAML escapes text it can write as is:\n%s", y.String())
			}
		})
	}
}

func decodeBoth(t *testing.T, j, y []byte, fromJSON, fromYAML any) {
	t.Helper()
	if err := json.Unmarshal(j, fromJSON); err != nil {
		t.Fatal(err)
	}
	if err := yaml.UnmarshalStrict(y, fromYAML); err != nil {
		t.Fatalf("%v\n%s", err, y)
	}
}
