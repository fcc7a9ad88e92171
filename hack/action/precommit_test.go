package action

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// hook is an entry of .pre-commit-hooks.yaml, the keys pre-commit reads.
type hook struct {
	ID            string   `json:"id"`
	Name          string   `json:"name"`
	Description   string   `json:"description"`
	Language      string   `json:"language"`
	Entry         string   `json:"entry"`
	Args          []string `json:"args"`
	Files         string   `json:"files"`
	Exclude       string   `json:"exclude"`
	RequireSerial bool     `json:"require_serial"`
}

func readHook(t *testing.T) hook {
	t.Helper()
	body, err := os.ReadFile(filepath.Join(root, ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var hooks []hook
	if err := yaml.UnmarshalStrict(body, &hooks); err != nil {
		t.Fatalf(".pre-commit-hooks.yaml: %v", err)
	}
	if len(hooks) != 1 {
		t.Fatalf(".pre-commit-hooks.yaml has %d hooks, want 1", len(hooks))
	}
	return hooks[0]
}

// TestPreCommitManifest: the hook has the keys pre-commit needs, builds with language golang and
// selects manifests, not other YAML.
func TestPreCommitManifest(t *testing.T) {
	h := readHook(t)
	if h.ID != "lbdoctor" || h.Name == "" || h.Language != "golang" || !h.RequireSerial {
		t.Errorf("hook id %q name %q language %q require_serial %v; want lbdoctor, a name, golang, true", h.ID, h.Name, h.Language, h.RequireSerial)
	}
	if f := strings.Fields(h.Entry); len(f) == 0 || f[0] != "kubectl-lbdoctor" {
		t.Errorf("entry %q does not run kubectl-lbdoctor (the binary go install ./... builds from cmd/)", h.Entry)
	}
	if len(h.Args) == 0 || h.Args[len(h.Args)-1] != "--" {
		t.Errorf("args %q do not end with --: the file names pre-commit appends would be read as targets", h.Args)
	}
	if _, err := os.Stat(filepath.Join(root, "cmd", "kubectl-lbdoctor")); err != nil {
		t.Errorf("entry's binary has no main package: %v", err)
	}
	files, err := regexp.Compile(h.Files)
	if err != nil {
		t.Fatalf("files: %v", err)
	}
	exclude, err := regexp.Compile(h.Exclude)
	if err != nil {
		t.Fatalf("exclude: %v", err)
	}
	for path, want := range map[string]bool{
		"examples/tke-ingress/broken.yaml":   true,
		"deploy/shop/ingress.yml":            true,
		"k8s/service.json":                   true,
		".github/workflows/ci.yml":           false,
		".pre-commit-config.yaml":            false,
		"charts/shop/Chart.yaml":             false,
		"charts/shop/values.yaml":            false,
		"charts/shop/values-prod.yaml":       false,
		"charts/shop/templates/ingress.yaml": false,
		"overlays/prod/kustomization.yaml":   false,
		"README.md":                          false,
		"go.mod":                             false,
	} {
		// pre-commit selects a file when files matches (re.search) and exclude does not.
		if got := files.MatchString(path) && !exclude.MatchString(path); got != want {
			t.Errorf("%s selected = %v, want %v", path, got, want)
		}
	}
}

// TestPreCommitRun runs the hook as pre-commit does: entry, then args, then the staged file names,
// from the repository's top directory.
func TestPreCommitRun(t *testing.T) {
	h := readHook(t)
	bin := binary(t)
	tests := []struct {
		name     string
		args     []string // nil: the hook's own
		files    []string
		wantCode int
	}{
		{"one broken file", nil, brokenExamples[1:2], 1},
		{"every broken example", nil, brokenExamples, 1},
		{"a fixed file", nil, []string{"examples/tke-ingress/fixed.yaml"}, 0},
		{"two fixed files of one example each", nil, []string{"examples/tke-ingress/fixed.yaml", "examples/tke-internal-ingress/fixed.yaml"}, 0},
		{"user args ending with --", []string{"--fail-on", "none", "--"}, brokenExamples[1:2], 0},
		{"user args without --", []string{"--fail-on", "none"}, brokenExamples[1:2], 2},
		{"a file that is not a manifest", nil, []string{".pre-commit-hooks.yaml"}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := h.Args
			if tt.args != nil {
				args = tt.args
			}
			argv := append(append(strings.Fields(h.Entry)[1:], args...), tt.files...)
			cmd := exec.Command(bin, argv...)
			cmd.Dir = root
			cmd.Env = append(os.Environ(), "KUBECONFIG="+filepath.Join(t.TempDir(), "none"), "NO_COLOR=1")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			code := 0
			var ee *exec.ExitError
			if err := cmd.Run(); errors.As(err, &ee) {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tt.wantCode {
				t.Fatalf("kubectl-lbdoctor %s: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", strings.Join(argv, " "), code, tt.wantCode, stdout.String(), stderr.String())
			}
			if code == 2 {
				if strings.Count(strings.TrimSpace(stderr.String()), "\n") != 0 || !strings.HasPrefix(stderr.String(), "error: ") {
					t.Errorf("exit 2 without a one-line error: %q", stderr.String())
				}
				return
			}
			if tt.args != nil {
				return
			}
			for _, id := range jsonRules(t, tt.files) {
				if !strings.Contains(stdout.String(), "["+id+"]") {
					t.Errorf("the hook's report does not show %s:\n%s", id, stdout.String())
				}
			}
			if !slices.ContainsFunc(strings.Split(stdout.String(), "\n"), func(l string) bool { return strings.HasPrefix(l, "total: ") }) && len(tt.files) > 1 {
				t.Errorf("no total line for several files:\n%s", stdout.String())
			}
		})
	}
}
