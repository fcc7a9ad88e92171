package cmd

import (
	"net"
	"testing"

	"k8s.io/cli-runtime/pkg/genericiooptions"
)

// TestServeDefaultBind: outside a pod serve listens on the loopback interface only; in a pod (the
// kubelet's KUBERNETES_SERVICE_HOST/PORT set) on every interface, where its Service and the
// NetworkPolicy of deploy/serve.yaml apply. /report is off unless --serve-report.
func TestServeDefaultBind(t *testing.T) {
	tests := []struct {
		name, host, port string
		wantBind         string
		loopback         bool
	}{
		{name: "outside a cluster", wantBind: "127.0.0.1:8080", loopback: true},
		{name: "only the host variable (not a pod)", host: "10.96.0.1", wantBind: "127.0.0.1:8080", loopback: true},
		{name: "in a pod", host: "10.96.0.1", port: "443", wantBind: ":8080"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("KUBERNETES_SERVICE_HOST", tc.host)
			t.Setenv("KUBERNETES_SERVICE_PORT", tc.port)
			root := NewCommand(genericiooptions.NewTestIOStreamsDiscard())
			serve, _, err := root.Find([]string{"serve"})
			if err != nil {
				t.Fatal(err)
			}
			bind := serve.Flags().Lookup("metrics-bind-address")
			if bind == nil || bind.DefValue != tc.wantBind {
				t.Fatalf("--metrics-bind-address default %v, want %q", bind, tc.wantBind)
			}
			host, _, err := net.SplitHostPort(bind.DefValue)
			if err != nil {
				t.Fatal(err)
			}
			if ip := net.ParseIP(host); (ip != nil && ip.IsLoopback()) != tc.loopback {
				t.Errorf("default host %q: loopback %v, want %v", host, ip != nil && ip.IsLoopback(), tc.loopback)
			}
			if r := serve.Flags().Lookup("serve-report"); r == nil || r.DefValue != "false" {
				t.Errorf("--serve-report default %v, want false", r)
			}
		})
	}
}
