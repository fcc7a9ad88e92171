//go:build e2e

package e2e

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"k8s.io/client-go/tools/clientcmd"
)

// TestCompletionThroughKubectl completes as a shell does: kubectl __complete lbdoctor … runs the
// shipped kubectl_complete-lbdoctor from PATH, which asks the plugin. Namespaces come from the real
// API server, contexts from the kubeconfig.
func TestCompletionThroughKubectl(t *testing.T) {
	script, err := os.ReadFile(filepath.Join(repoRoot, "kubectl_complete-lbdoctor"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(env.binDir, "kubectl_complete-lbdoctor"), script, 0o755); err != nil {
		t.Fatal(err)
	}
	apply(t, "test/e2e/testdata/complete-namespaces.yaml")
	kc, err := clientcmd.LoadFromFile(env.kubeconfig)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"namespaces", []string{"-n", "complete-"}, []string{"complete-alpha", "complete-beta"}},
		{"namespaces after a target", []string{"svc/web", "--namespace", "complete-b"}, []string{"complete-beta"}},
		{"namespaces of the context given", []string{"--context", kc.CurrentContext, "-n", "complete-a"}, []string{"complete-alpha"}},
		{"contexts", []string{"--context", ""}, slices.Sorted(maps.Keys(kc.Contexts))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := kubectl(t, env.kubeconfig, append([]string{"__complete", "lbdoctor"}, tt.args...)...)
			if r.code != 0 {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			var got []string
			for _, l := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
				if l != "" && !strings.HasPrefix(l, ":") {
					got = append(got, l)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
