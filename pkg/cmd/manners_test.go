package cmd

import (
	"encoding/json"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/buildinfo"
	"github.com/lbdoctor/kubectl-lbdoctor/internal/testutil"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

const selectors = "../../test/e2e/testdata/selectors.yaml"

func targetNames(t *testing.T, out string) []string {
	t.Helper()
	var l report.List
	if err := json.Unmarshal([]byte(out), &l); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	var got []string
	for _, r := range l.Items {
		got = append(got, strings.ToLower(string(r.Target.Kind))+"/"+r.Target.Name)
	}
	return got
}

func TestOfflineSelectors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"none", nil, "service/back service/front ingress/front"},
		{"label", []string{"-l", "tier=front"}, "service/front ingress/front"},
		{"label not", []string{"-l", "tier!=front"}, "service/back"},
		{"label none match", []string{"-l", "tier=nope"}, ""},
		{"field name", []string{"--field-selector", "metadata.name=front"}, "service/front ingress/front"},
		{"field namespace", []string{"--field-selector", "metadata.namespace=other"}, ""},
		{"both", []string{"-l", "tier=front", "--field-selector", "metadata.name!=front"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, stderr, code := run(t, append([]string{"-f", selectors, "-n", "sel", "-o", "json"}, tt.args...)...)
			if code == ExitError {
				t.Fatalf("exit 2: %s", stderr)
			}
			if got := strings.Join(targetNames(t, out), " "); got != tt.want {
				t.Errorf("targets %q, want %q", got, tt.want)
			}
		})
	}
	for _, bad := range []struct {
		name string
		args []string
		want string
	}{
		{"bad label syntax", []string{"-l", "a b"}, "invalid --selector"},
		{"offline field", []string{"--field-selector", "spec.type=LoadBalancer"}, "metadata.name and metadata.namespace"},
		{"selector and target", []string{"-l", "tier=front", "svc/front"}, "either a selector or a target"},
	} {
		t.Run(bad.name, func(t *testing.T) {
			_, stderr, code := run(t, append([]string{"-f", selectors, "-n", "sel"}, bad.args...)...)
			if code != ExitError {
				t.Fatalf("exit %d", code)
			}
			oneLineWith(t, stderr, bad.want)
		})
	}
}

// withIgnore writes the broken TKE Ingress example with an lbdoctor.io/ignore annotation.
func withIgnore(t *testing.T, value string) string {
	t.Helper()
	b, err := os.ReadFile(broken)
	if err != nil {
		t.Fatal(err)
	}
	s := strings.Replace(string(b), "  namespace: shop\n  annotations:\n    kubernetes.io/ingress.class: qcloud\n",
		"  namespace: shop\n  annotations:\n    kubernetes.io/ingress.class: qcloud\n    lbdoctor.io/ignore: "+value+"\n", 1)
	if s == string(b) {
		t.Fatal("fixture: Ingress annotations not found")
	}
	return testutil.WriteFile(t, t.TempDir(), "ignored.yaml", s)
}

func TestIgnoreAnnotationSuppresses(t *testing.T) {
	file := withIgnore(t, `"E4011, tke.ingress.E4051,nonsense"`)
	out, stderr, code := run(t, "-f", file, "ingress/shop-web", "-n", "shop", "-o", "json")
	if code != ExitFindings {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep report.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	for _, f := range rep.Findings {
		if f.Rule == tkerules.IngressE4011 || f.Rule == tkerules.IngressE4051 {
			t.Errorf("%s not suppressed", f.Rule)
		}
	}
	var suppressed []rules.ID
	for _, f := range rep.Suppressed {
		suppressed = append(suppressed, f.Rule)
	}
	if len(suppressed) != 2 || rep.Summary.Suppressed != 2 || rep.Summary.Warning != 0 {
		t.Errorf("suppressed %v, summary %+v", suppressed, rep.Summary)
	}
	if !strings.Contains(stderr, `"nonsense"`) {
		t.Errorf("an unknown ignore entry should be warned about: %q", stderr)
	}
	text, _, _ := run(t, "-f", file, "ingress/shop-web", "-n", "shop", "--color", "never")
	verbose, _, _ := run(t, "-f", file, "ingress/shop-web", "-n", "shop", "--color", "never", "-v", "1")
	if !strings.Contains(text, "2 suppressed") || strings.Contains(text, "SUPPRESSED") {
		t.Errorf("text should count suppressed findings and list them only with -v:\n%s", text)
	}
	if !strings.Contains(verbose, "SUPPRESSED E4011") {
		t.Errorf("-v should list suppressed findings:\n%s", verbose)
	}
}

func TestTextFlags(t *testing.T) {
	quiet, _, _ := run(t, "-f", broken, "ingress/shop-web", "-n", "shop", "-q", "--color", "never")
	if strings.Contains(quiet, "SKIPPED") || !strings.Contains(quiet, "E4011") {
		t.Errorf("-q should hide SKIPPED lines only:\n%s", quiet)
	}
	name, _, _ := run(t, "-f", broken, "-A", "-o", "name")
	if name != "ingress.networking.k8s.io/shop-web\n" {
		t.Errorf("-o name: %q", name)
	}
	wide, _, _ := run(t, "-f", broken, "-A", "-o", "wide", "--no-headers")
	if strings.Contains(wide, "OBJECT") || strings.Contains(wide, "NAMESPACE") || !strings.Contains(wide, "shop-web") {
		t.Errorf("-o wide --no-headers:\n%s", wide)
	}
	okOnly, _, _ := run(t, "-f", fixed, "-A", "--color", "never")
	if strings.Contains(okOnly, "OBJECT") || !strings.Contains(okOnly, "--show-ok") {
		t.Errorf("scope mode without problems should print only the total:\n%s", okOnly)
	}
	all, _, _ := run(t, "-f", fixed, "-A", "--color", "never", "--show-ok")
	if !strings.Contains(all, "ingress/shop/shop-web") {
		t.Errorf("--show-ok should list ok objects:\n%s", all)
	}
	for _, bad := range [][]string{{"-f", broken, "-A", "--sort-by", "age"}, {"explain", "E4011", "-o", "name"}, {"rules", "-o", "sarif"}} {
		if _, stderr, code := run(t, bad...); code != ExitError {
			t.Errorf("%v: exit %d, %s", bad, code, stderr)
		}
	}
}

func TestNoColorCountsOnlyWhenNonEmpty(t *testing.T) {
	was := isTerminal
	isTerminal = func(io.Writer) bool { return true }
	defer func() { isTerminal = was }()
	for _, tt := range []struct {
		value string
		want  bool
	}{{"", true}, {"1", false}, {"false", false}} {
		t.Run("NO_COLOR="+tt.value, func(t *testing.T) {
			t.Setenv("NO_COLOR", tt.value)
			t.Setenv("TERM", "xterm")
			if got, _ := decideColor("auto", os.Stdout); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestExplainManners(t *testing.T) {
	ids := func(t *testing.T, args ...string) []rules.ID {
		t.Helper()
		out, stderr, code := run(t, append(append([]string{"explain"}, args...), "-o", "json")...)
		if code != ExitOK {
			t.Fatalf("explain %v: exit %d %s", args, code, stderr)
		}
		var got []report.RuleView
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatal(err)
		}
		var out2 []rules.ID
		for _, r := range got {
			out2 = append(out2, r.ID)
		}
		return out2
	}
	tests := []struct {
		name string
		args []string
		want rules.ID
	}{
		{"trimmed", []string{"  E4011 \n", "--kind", "ingress"}, tkerules.IngressE4011},
		{"kind ing", []string{"E4011", "--kind", "ing"}, tkerules.IngressE4011},
		{"kind ING", []string{"E4011", "--kind", "ING"}, tkerules.IngressE4011},
		{"kind Svc", []string{"E4011", "--kind", "Svc"}, tkerules.ServiceE4011},
		{"event message", []string{"The specified VSwitch has no available ip."}, ackrules.ServiceVSwitchAvailableIPNotExist},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ids(t, tt.args...)
			if len(got) != 1 || got[0] != tt.want {
				t.Errorf("got %v, want %s", got, tt.want)
			}
		})
	}
	t.Run("provider excludes the code", func(t *testing.T) {
		_, stderr, code := run(t, "explain", "E4011", "--provider", "ack")
		if code != ExitError {
			t.Fatalf("exit %d", code)
		}
		oneLineWith(t, stderr, "tke ingress")
	})
	t.Run("own flags only in help", func(t *testing.T) {
		for _, sub := range []string{"explain", "rules", "version"} {
			out, _, _ := run(t, sub, "--help")
			if strings.Contains(out, "--kubeconfig") || strings.Contains(out, "Global Flags") {
				t.Errorf("%s --help lists the root's flags:\n%s", sub, out)
			}
		}
		if out, _, _ := run(t, "--help"); !strings.Contains(out, "--kubeconfig") {
			t.Errorf("root help lost --kubeconfig")
		}
	})
}

func TestVersionForms(t *testing.T) {
	flag, _, code := run(t, "--version")
	sub, _, _ := run(t, "version")
	if code != ExitOK || flag != sub || !strings.HasPrefix(flag, "kubectl-lbdoctor ") {
		t.Errorf("--version %q, version %q", flag, sub)
	}
	out, _, code := run(t, "version", "-o", "json")
	var v buildinfo.Info
	if err := json.Unmarshal([]byte(out), &v); err != nil || code != ExitOK || v.Version == "" || v.GoVersion == "" {
		t.Errorf("version -o json: %v %+v", err, v)
	}
}

func TestOfflineNamespaceHint(t *testing.T) {
	_, stderr, code := run(t, "-f", broken, "-n", "default", "ingress/shop-web")
	if code != ExitError {
		t.Fatalf("exit %d", code)
	}
	oneLineWith(t, stderr, "the input has shop/shop-web; add -n shop")
}
