package cmd

import (
	"strings"
	"testing"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/engine"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
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

func TestTransitions(t *testing.T) {
	tgt := snapshot.Target{Kind: snapshot.KindIngress, Namespace: "shop", Name: "web"}
	now := time.Date(2026, 11, 23, 16, 0, 0, 0, time.UTC)
	e4009 := finding(rules.TKEIngressE4009, "spec.tls[2].secretName", "empty", checks.SourceCheck)
	e4011 := finding(rules.TKEIngressE4011, "spec.tls[0]", "no key", checks.SourceCheck)
	event := finding(rules.TKEIngressE4011, "", "first message", checks.SourceEvent)
	eventLater := event
	eventLater.Message, eventLater.Count = "second message", 3
	tests := []struct {
		name          string
		before, after []report.Finding
		deleted       bool
		want          []string
	}{
		{"same findings again", []report.Finding{e4009, e4011}, []report.Finding{e4011, e4009}, false, nil},
		{"fix clears one", []report.Finding{e4009, e4011}, []report.Finding{e4011}, false, []string{"cleared E4009"}},
		{"new one appears", []report.Finding{e4011}, []report.Finding{e4009, e4011}, false, []string{"appeared E4009"}},
		{"an event's newer message is the same finding", []report.Finding{event}, []report.Finding{eventLater}, false, nil},
		{"target deleted", []report.Finding{e4009}, nil, true, []string{"cleared E4009 deleted"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, tr := range engine.Transitions(now, tgt, tt.before, tt.after, tt.deleted) {
				s := tr.Change + " " + tr.Code
				if tr.TargetDeleted {
					s += " deleted"
				}
				got = append(got, s)
			}
			if strings.Join(got, ";") != strings.Join(tt.want, ";") {
				t.Fatalf("transitions %v, want %v", got, tt.want)
			}
		})
	}
}
