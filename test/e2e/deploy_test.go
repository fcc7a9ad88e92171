//go:build e2e

package e2e

import (
	"strings"
	"testing"
)

// TestServeManifestsApply loads deploy/rbac.yaml and deploy/serve.yaml into the API server (it
// validates every object) and asks the API server's authorizer what the serve ServiceAccount may
// do: read and watch what the engine reads, nothing more.
func TestServeManifestsApply(t *testing.T) {
	apply(t, "deploy/rbac.yaml")
	apply(t, "deploy/serve.yaml")
	sa := "--as=system:serviceaccount:lbdoctor-system:lbdoctor"
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"watch", "services", "-A"}, "yes"},
		{[]string{"list", "ingresses.networking.k8s.io", "-A"}, "yes"},
		{[]string{"watch", "secrets", "-A"}, "yes"},
		{[]string{"watch", "events.events.k8s.io", "-A"}, "yes"},
		{[]string{"watch", "endpointslices.discovery.k8s.io", "-A"}, "yes"},
		{[]string{"list", "nodes"}, "yes"},
		{[]string{"create", "events", "-n", "default"}, "no"},
		{[]string{"update", "services", "-n", "default"}, "no"},
		{[]string{"delete", "ingresses.networking.k8s.io", "-n", "default"}, "no"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			r := kubectl(t, env.kubeconfig, append(append([]string{"auth", "can-i"}, tt.args...), sa)...)
			if got := strings.TrimSpace(r.stdout); got != tt.want {
				t.Errorf("can-i %v = %q, want %q (stderr %s)", tt.args, got, tt.want, r.stderr)
			}
		})
	}
}
