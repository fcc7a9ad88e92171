package cmd

import (
	"strings"
	"testing"
)

// TestCloudFlags: --cloud and --cloud-region are on the diagnosis and preflight; a combination that
// cannot read the cloud is a one-line error of exit 2.
func TestCloudFlags(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"region-without-cloud", []string{"svc/web", "--cloud-region", "ap-guangzhou"}},
		{"cloud-offline", []string{"-f", broken, "--cloud"}},
		{"interval-without-watch", []string{"svc/web", "--cloud", "--cloud-interval", "1m"}},
		{"interval-without-cloud", []string{"svc/web", "--watch", "--cloud-interval", "1m"}},
		{"watch-interval-too-short", []string{"svc/web", "--cloud", "--watch", "--cloud-interval", "2s"}},
		{"preflight-region-without-cloud", []string{"preflight", "-f", "x.yaml", "--cloud-region", "cn-hangzhou"}},
		{"serve-region-without-cloud", []string{"serve", "--cloud-region", "cn-hangzhou"}},
		{"serve-interval-without-cloud", []string{"serve", "--cloud-interval", "10m"}},
		{"serve-interval-too-short", []string{"serve", "--cloud", "--cloud-interval", "1s"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, stderr, code := run(t, tc.args...)
			if code != ExitError || !strings.Contains(stderr, "--cloud") || strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
				t.Errorf("exit %d, want %d with one line naming --cloud; stderr %q", code, ExitError, stderr)
			}
		})
	}
}
