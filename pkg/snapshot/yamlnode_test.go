package snapshot

import (
	"reflect"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
	sigsyaml "sigs.k8s.io/yaml"
)

// normalize turns every number into float64, the form sigs.k8s.io/yaml's JSON round trip gives.
func normalize(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = normalize(e)
		}
	case []any:
		for i, e := range x {
			x[i] = normalize(e)
		}
	case int64:
		return float64(x)
	}
	return v
}

// TestToValueMatchesKubectlDecoding: a document decodes to the same data as through
// sigs.k8s.io/yaml, the YAML 1.1 decoder kubectl and the API machinery use (unquoted on is true).
func TestToValueMatchesKubectlDecoding(t *testing.T) {
	tests := []struct{ name, doc string }{
		{"scalars", "s: text\nq: \"on\"\nn: 42\nneg: -7\nhex: 0x1F\nf: 1.5\nexp: 1e3\nnull1: ~\nnull2:\nt: true\n"},
		{"YAML 1.1 booleans", "a: on\nb: off\nc: yes\nd: no\ne: Y\nf: 'yes'\n"},
		{"nested", "metadata:\n  annotations:\n    k: \"1\"\n    v: 2\nspec:\n  ports:\n  - {port: 80, name: http}\n  - port: 443\n"},
		{"anchors and merge keys", "base: &b {x: 1, y: 2}\nother:\n  <<: *b\n  y: 3\nlist: [*b]\n"},
		{"block scalars", "a: |\n  line one\n  line two\nb: >\n  folded\n  text\n"},
		{"timestamps stay strings", "d: 2020-01-01\n"},
		{"JSON", `{"a": [1, 2, {"b": null}], "c": "d"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var n yaml.Node
			if err := yaml.Unmarshal([]byte(tt.doc), &n); err != nil {
				t.Fatal(err)
			}
			budget := MaxAliasNodes
			got, err := toValue(&n, &budget)
			if err != nil {
				t.Fatal(err)
			}
			var want map[string]any
			if err := sigsyaml.Unmarshal([]byte(tt.doc), &want); err != nil {
				t.Fatal(err)
			}
			if g := normalize(got); !reflect.DeepEqual(g, normalize(want)) {
				t.Errorf("got  %#v\nwant %#v", g, want)
			}
		})
	}
}

func TestToValueBoundsAliasExpansion(t *testing.T) {
	doc := "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
	prev := "a"
	for _, name := range strings.Split("b c d e f g h i", " ") {
		doc += name + ": &" + name + " [" + strings.Repeat("*"+prev+", ", 9) + "*" + prev + "]\n"
		prev = name
	}
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(doc), &n); err != nil {
		t.Fatal(err)
	}
	budget := MaxAliasNodes
	if _, err := toValue(&n, &budget); err == nil {
		t.Error("a document expanding to 10^9 nodes was converted")
	}
}
