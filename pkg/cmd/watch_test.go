package cmd

import (
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

func TestWatchBadFlags(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"with -f", []string{"-f", broken, "ingress/shop-web", "-n", "shop", "--watch"}, "-f reads files"},
		{"short flag with -f", []string{"-w", "-f", broken}, "-f reads files"},
		{"field selector on spec", []string{"-w", "--field-selector", "spec.type=LoadBalancer"}, "metadata.name and metadata.namespace"},
	}
	kc := fleetKubeconfig(t, map[string]string{"a": refusedServer(t), "b": refusedServer(t)}, "a", "b")
	tests = append(tests, struct {
		name string
		args []string
		want string
	}{"with --all-contexts", []string{"--kubeconfig", kc, "-w", "--all-contexts"}, "one cluster"})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := run(t, tt.args...)
			if code != ExitError || out != "" || !strings.Contains(errOut, tt.want) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit 2 and %q", code, out, errOut, tt.want)
			}
		})
	}
}

func finding(id rules.ID, path, msg string, src checks.Source) report.Finding {
	return report.Finding{Rule: id, Code: id.Rule().Code, Severity: id.Rule().Severity, Path: path, Message: msg, Source: src}
}
