package snapshot

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzFromFiles loads arbitrary bytes as a manifest: an error or a snapshot, never a panic.
func FuzzFromFiles(f *testing.F) {
	// Seeds are the small testdata manifests: with the multi-kilobyte examples as seeds the fuzzing
	// engine stalls after a few executions (every example loads in tests elsewhere).
	seeds, _ := filepath.Glob("testdata/*.yaml")
	for _, p := range seeds {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"apiVersion":"v1","kind":"List","items":[{"apiVersion":"v1","kind":"List","items":[]}]}`))
	f.Add([]byte("apiVersion: networking.k8s.io/v1beta1\nkind: Ingress\nmetadata: {name: x}\nspec: {backend: {servicePort: [1]}}\n"))
	// Aliases: to a containing node, through a merge key, and expanding past the input's budget.
	f.Add([]byte("apiVersion: v1\nkind: Service\nmetadata: &a {name: m, self: *a}\n"))
	f.Add([]byte("apiVersion: v1\nkind: Service\nmetadata: &m\n  name: m\n  <<: *m\n"))
	f.Add([]byte("apiVersion: v1\nkind: Service\nmetadata: {name: m}\nspec:\n  b: &b {type: ClusterIP}\n  ports: [{<<: *b, port: 80}, *b]\n"))
	f.Add([]byte("a: &a [x, x, x, x]\nb: &b [*a, *a, *a, *a]\nc: &c [*b, *b, *b, *b]\napiVersion: v1\nkind: List\nitems: [*c]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := FromFiles([]string{"-"}, bytes.NewReader(data), "default")
		if err != nil {
			return
		}
		for _, tg := range AllTargets(s, "") {
			if tg.Name == "" && tg.Kind != KindService {
				t.Fatalf("target without a name: %+v", tg)
			}
		}
	})
}
