package snapshot

import (
	"fmt"
	"strings"
	"testing"
)

// aliasDocs is n documents, each expanding an anchored list of width items refs times: within the
// budget one by one, past it together when n*width*refs > MaxAliasNodes.
func aliasDocs(n, width, refs int) string {
	var b strings.Builder
	for d := 0; d < n; d++ {
		if d > 0 {
			b.WriteString("---\n")
		}
		fmt.Fprintf(&b, "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: c%d}\nspec:\n  a: &a [%s]\n  b: [%s]\n",
			d, strings.TrimSuffix(strings.Repeat("x, ", width), ", "), strings.TrimSuffix(strings.Repeat("*a, ", refs), ", "))
	}
	return b.String()
}

func TestFilesHostileAliases(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"a mapping that names itself", "apiVersion: v1\nkind: Service\nmetadata: &a {name: m, self: *a}\n",
			[]string{"standard input:3:", "document 1", "alias *a refers to a node that contains it"}},
		{"a sequence that holds itself", "apiVersion: v1\nkind: Service\nmetadata: {name: m}\nspec:\n  ports: &p\n  - *p\n",
			[]string{"standard input:6:", "alias *p"}},
		{"a merge key that merges itself", "apiVersion: v1\nkind: Service\nmetadata: &m\n  name: m\n  <<: *m\n",
			[]string{"standard input:5:", "alias *m"}},
		{"a self alias in the second document", "apiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n---\napiVersion: v1\nkind: Service\nmetadata: &a {name: m, self: [*a]}\n",
			[]string{"standard input:7:", "document 2", "alias *a"}},
		{"expansion bounded per input, not per document", aliasDocs(6, 200, 1000),
			[]string{"standard input:", "document 6", "aliases expand to more than 1048576 nodes in this input"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Files{Paths: []string{"-"}, Stdin: strings.NewReader(tt.in), DefaultNamespace: "default"}.Load()
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error is not one line: %q", err)
			}
		})
	}
	t.Run("aliases within the budget load", func(t *testing.T) {
		if _, err := (Files{Paths: []string{"-"}, Stdin: strings.NewReader(aliasDocs(4, 200, 1000)), DefaultNamespace: "default"}).Load(); err != nil {
			t.Fatal(err)
		}
	})
}

func TestFilesRefusesDuplicateKeys(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"a key written twice", "apiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec:\n  type: LoadBalancer\n  type: ClusterIP\n",
			`standard input:6: document 1: mapping key "type" already defined at line 5`},
		{"in a flow mapping", "apiVersion: v1\nkind: Service\nmetadata: {name: web, name: api}\n",
			`standard input:3: document 1: mapping key "name" already defined at line 3`},
		{"two booleans alike (on, yes)", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata:\n  on: a\n  yes: b\n",
			`standard input:6: document 1: mapping key "true" already defined at line 5`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Files{Paths: []string{"-"}, Stdin: strings.NewReader(tt.in), DefaultNamespace: "default"}.Load()
			if err == nil || err.Error() != tt.want {
				t.Errorf("got %v, want %s", err, tt.want)
			}
		})
	}
	t.Run("a merge key does not count as writing the keys it brings", func(t *testing.T) {
		in := "apiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec:\n  base: &b {type: ClusterIP}\n  ports: [{<<: *b, port: 80}]\n"
		if _, err := (Files{Paths: []string{"-"}, Stdin: strings.NewReader(in), DefaultNamespace: "default"}).Load(); err != nil {
			t.Fatal(err)
		}
	})
}

func TestFilesTypeErrorsNameFieldAndLine(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"ports: 'x'", "apiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec:\n  type: LoadBalancer\n  ports: 'x'\n",
			"standard input:6: document 1: Service web: spec.ports: string where []v1.ServicePort is needed"},
		{"name: 123", "apiVersion: v1\nkind: Service\nmetadata:\n  name: 123\n",
			"standard input:4: document 1: metadata.name: number where string is needed"},
		{"a port of the second item", "apiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec:\n  ports:\n  - port: 80\n  - port: x\n",
			"standard input:7: document 1: Service web: spec.ports[1].port: string where int32 is needed"},
		{"an Ingress rule host", "apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata: {name: ing}\nspec:\n  rules:\n  - host: [a]\n",
			"standard input:6: document 1: Ingress ing: spec.rules[0].host: array where string is needed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Files{Paths: []string{"-"}, Stdin: strings.NewReader(tt.in), DefaultNamespace: "default"}.Load()
			if err == nil || err.Error() != tt.want {
				t.Errorf("got  %v\nwant %s", err, tt.want)
			}
		})
	}
}
