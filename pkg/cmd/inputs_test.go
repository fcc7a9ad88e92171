package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/cli-runtime/pkg/genericiooptions"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/testutil"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// runIn is run with stdin.
func runIn(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	t.Setenv("KUBECONFIG", t.TempDir()+"/none")
	code := Execute(genericiooptions.IOStreams{In: strings.NewReader(stdin), Out: &out, ErrOut: &errb}, args)
	return out.String(), errb.String(), code
}

// renderedStream is what helm template or kustomize build prints for the broken examples: every
// object in one stream, each after a --- and a "# Source:" comment.
func renderedStream(t *testing.T, eol string) string {
	t.Helper()
	var b strings.Builder
	for _, f := range []string{"tke-ingress", "tke-service"} {
		body, err := os.ReadFile(filepath.Join("..", "..", "examples", f, "broken.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString("---\n# Source: shop/templates/" + f + ".yaml\n" + string(body))
	}
	return strings.ReplaceAll(b.String(), "\n", eol)
}

func TestStdinStreamDiagnosesEveryTarget(t *testing.T) {
	for _, eol := range []string{"\n", "\r\n"} {
		t.Run(map[string]string{"\n": "LF", "\r\n": "CRLF"}[eol], func(t *testing.T) {
			out, stderr, code := runIn(t, renderedStream(t, eol), "-f", "-", "-A", "-o", "json")
			if code != ExitFindings {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var list report.List
			if err := json.Unmarshal([]byte(out), &list); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range list.Items {
				got = append(got, r.Target.String())
				for _, f := range r.Findings {
					if f.Location == nil || f.Location.File != snapshot.Stdin || f.Location.Line < 1 {
						t.Errorf("%s %s: location %+v, want one in standard input", r.Target, f.Rule, f.Location)
					}
				}
			}
			want := []string{"Service payments/checkout", "Service payments/orders", "Ingress payments/storefront", "Ingress shop/shop-web"}
			if strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("targets %v, want %v", got, want)
			}
		})
	}
}

func TestRecursiveFlag(t *testing.T) {
	body, err := os.ReadFile(broken)
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	sub := filepath.Join(root, "apps", "shop")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	f := testutil.WriteFile(t, sub, "ingress.yaml", string(body))
	t.Run("without -R", func(t *testing.T) {
		_, stderr, code := run(t, "-f", root, "-A")
		if code != ExitError {
			t.Fatalf("exit %d, want 2", code)
		}
		oneLineWith(t, stderr, "-R reads its subdirectories")
	})
	for _, flag := range []string{"-R", "--recursive"} {
		t.Run(flag, func(t *testing.T) {
			out, stderr, code := run(t, "-f", root, flag, "-A")
			if code != ExitFindings {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			// E4009 is on spec.tls[2].secretName: the example's line with secretName: "".
			line := 1 + bytes.Count(body[:bytes.Index(body, []byte(`secretName: ""`))], []byte("\n"))
			if !strings.Contains(out, fmt.Sprintf("spec.tls[2].secretName (%s:%d)", f, line)) {
				t.Errorf("text output does not name file:line of the finding:\n%s", out)
			}
		})
	}
}

func TestNotKubernetesYAMLExit2(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string { return testutil.WriteFile(t, dir, name, body) }
	tests := []struct {
		name  string
		args  []string
		stdin string
		want  string
	}{
		{"prose in a .yaml file", []string{"-f", write("notes.yaml", "# Notes\nChanges: this: that\n")}, "", "notes.yaml:2: document 1 is not valid YAML or JSON"},
		{"a sequence, not an object", []string{"-f", write("seq.yaml", "- a\n- b\n")}, "", "seq.yaml:1: document 1 is not a Kubernetes object"},
		{"a broken document in a stream", []string{"-f", "-", "-A"}, "apiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n---\nkind: [x\n", "standard input:5: document 2 is not valid YAML or JSON"},
		{"a directory of files that hold no object", []string{"-f", dir, "-A"}, "", "no Kubernetes objects in " + dir},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, stderr, code := runIn(t, tt.stdin, tt.args...)
			if code != ExitError {
				t.Fatalf("exit %d, want 2; stdout %q stderr %q", code, out, stderr)
			}
			oneLineWith(t, stderr, tt.want)
		})
	}
}

func TestSARIFOutputAndExitCodes(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want int
	}{
		{"findings fail the run", []string{"-f", broken, "-A", "-o", "sarif"}, ExitFindings},
		{"--fail-on none", []string{"-f", broken, "-A", "-o", "sarif", "--fail-on", "none"}, ExitOK},
		{"clean input", []string{"-f", fixed, "ingress/shop-web", "-n", "shop", "-o", "sarif"}, ExitOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, stderr, code := run(t, tt.args...)
			if code != tt.want {
				t.Fatalf("exit %d, want %d: %s", code, tt.want, stderr)
			}
			testutil.ValidateSARIF(t, []byte(out))
		})
	}
	t.Run("completion and help name sarif", func(t *testing.T) {
		out, _, code := run(t, "__complete", "-o", "")
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if code != ExitOK || strings.Join(lines[:len(lines)-1], " ") != "text json yaml name wide sarif policyreport html" {
			t.Errorf("completion %q", out)
		}
		help, _, _ := run(t, "--help")
		if !strings.Contains(help, "sarif") || !strings.Contains(help, "--recursive") {
			t.Error("help does not name -o sarif and -R")
		}
	})
	t.Run("catalog subcommands refuse sarif", func(t *testing.T) {
		if _, _, code := run(t, "rules", "-o", "sarif"); code != ExitError {
			t.Errorf("rules -o sarif: exit %d, want 2", code)
		}
	})
}

// TestManifestScopeWithoutNamespace: like kubectl's -f, manifest input without -n is diagnosed
// whole (the objects' own namespaces), and -n narrows it.
func TestManifestScopeWithoutNamespace(t *testing.T) {
	stream := renderedStream(t, "\n")
	for _, tc := range []struct {
		name string
		args []string
		none bool
	}{
		{"no -n: every namespace of the input", nil, false},
		{"-n names none of them", []string{"-n", "nowhere"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, stderr, code := runIn(t, stream, append([]string{"-f", "-", "-o", "json"}, tc.args...)...)
			all, _, _ := runIn(t, stream, "-f", "-", "-A", "-o", "json")
			var list, allList report.List
			if err := json.Unmarshal([]byte(all), &allList); err != nil || len(allList.Items) == 0 {
				t.Fatalf("-A: %v, %d targets", err, len(allList.Items))
			}
			if tc.none {
				if code != ExitOK || !strings.Contains(stderr, "nowhere") {
					t.Fatalf("exit %d, stderr %q; want 0 and a note naming the namespace", code, stderr)
				}
				return
			}
			if code != ExitFindings {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if err := json.Unmarshal([]byte(out), &list); err != nil {
				t.Fatal(err)
			}
			if len(list.Items) != len(allList.Items) {
				t.Errorf("%d targets, want the %d of -A", len(list.Items), len(allList.Items))
			}
		})
	}
}
