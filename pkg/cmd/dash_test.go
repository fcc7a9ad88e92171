package cmd

import (
	"os"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/testutil"
)

// TestFilesAfterDash: arguments after -- are manifest files, as pre-commit appends them to the
// hook's entry; they read the same as -f FILE.
func TestFilesAfterDash(t *testing.T) {
	body, err := os.ReadFile(broken)
	if err != nil {
		t.Fatal(err)
	}
	comma := testutil.WriteFile(t, t.TempDir(), "a,b.yaml", string(body))
	const other = "../../examples/ack-service/fixed.yaml"
	tests := []struct {
		name     string
		args     []string
		wantCode int
		// sameAs is the -f command line whose output this one must print.
		sameAs  []string
		wantErr string
	}{
		{"one file after dash", []string{"-A", "-o", "json", "--", broken}, ExitFindings, []string{"-A", "-o", "json", "-f", broken}, ""},
		{"two files after dash", []string{"-A", "-o", "json", "--", broken, other}, ExitFindings, []string{"-A", "-o", "json", "-f", broken, "-f", other}, ""},
		{"-f and files after dash", []string{"-A", "-o", "json", "-f", other, "--", broken}, ExitFindings, []string{"-A", "-o", "json", "-f", other, "-f", broken}, ""},
		{"comma kept in a file name", []string{"-A", "-o", "json", "--", comma}, ExitFindings, nil, ""},
		{"target before dash", []string{"ingress/shop-web", "-n", "shop", "-o", "json", "--", broken}, ExitFindings, nil, ""},
		{"nothing after dash", []string{"-A", "--"}, ExitError, nil, "-- must be followed by manifest files"},
		{"missing file after dash", []string{"-A", "--", "no-such.yaml"}, ExitError, nil, "no-such.yaml"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := run(t, tt.args...)
			if code != tt.wantCode {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tt.wantCode, errOut)
			}
			if tt.sameAs != nil {
				if want, _, _ := run(t, tt.sameAs...); out != want {
					t.Errorf("output differs from %v:\n%s\nwant:\n%s", tt.sameAs, out, want)
				}
			}
			if tt.wantErr != "" && !strings.Contains(errOut, tt.wantErr) {
				t.Errorf("stderr %q, want %q", errOut, tt.wantErr)
			}
		})
	}
}
