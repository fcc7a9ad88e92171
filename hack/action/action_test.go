package action

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/testutil"
)

var brokenExamples = []string{
	"examples/ack-service/broken.yaml",
	"examples/tke-ingress/broken.yaml",
	"examples/tke-internal-ingress/broken.yaml",
	"examples/tke-service/broken.yaml",
}

// warningOnly holds one Ingress whose only finding is a warning (tke.ingress.E4051).
const warningOnly = "hack/action/testdata/warning.yaml"

// runner is the RUNNER_OS and RUNNER_ARCH GitHub sets on a runner of the local platform.
func runner() (string, string) {
	os := map[string]string{"linux": "Linux", "darwin": "macOS", "windows": "Windows"}[runtime.GOOS]
	arch := map[string]string{"amd64": "X64", "arm64": "ARM64"}[runtime.GOARCH]
	return os, arch
}

// actionRun is what one run of hack/action/run.sh left behind.
type actionRun struct {
	code    int
	stderr  string
	outputs map[string]string
	sarif   string
	temp    string
	summary string
}

// runAction runs hack/action/run.sh as the action's first step does, with the runner's GITHUB_*
// and RUNNER_* variables simulated; env adds or overrides variables (INPUT_*, RUNNER_*).
func runAction(t *testing.T, releases, workspace string, env map[string]string) actionRun {
	t.Helper()
	tmp := t.TempDir()
	r := actionRun{temp: filepath.Join(tmp, "runner-temp"), sarif: filepath.Join(tmp, "lbdoctor.sarif"), outputs: map[string]string{}}
	out := filepath.Join(tmp, "github-output")
	osName, arch := runner()
	vars := map[string]string{
		"PATH":                  os.Getenv("PATH"),
		"HOME":                  tmp,
		"KUBECONFIG":            filepath.Join(tmp, "no-kubeconfig"),
		"RUNNER_OS":             osName,
		"RUNNER_ARCH":           arch,
		"RUNNER_TEMP":           r.temp,
		"GITHUB_WORKSPACE":      workspace,
		"GITHUB_OUTPUT":         out,
		"GITHUB_PATH":           filepath.Join(tmp, "github-path"),
		"GITHUB_STEP_SUMMARY":   filepath.Join(tmp, "step-summary.md"),
		"GITHUB_ACTIONS":        "true",
		"LBDOCTOR_RELEASES_URL": releases,
		"LBDOCTOR_SARIF":        r.sarif,
		"INPUT_VERSION":         testVersion,
	}
	for k, v := range env {
		vars[k] = v
	}
	cmd := exec.Command("bash", "run.sh")
	for k, v := range vars {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		r.code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	r.stderr = stderr.String()
	if body, err := os.ReadFile(vars["GITHUB_STEP_SUMMARY"]); err == nil {
		r.summary = string(body)
	}
	if body, err := os.ReadFile(out); err == nil {
		for _, line := range strings.Split(strings.TrimSpace(string(body)), "\n") {
			if k, v, ok := strings.Cut(line, "="); ok {
				r.outputs[k] = v
			}
		}
	}
	return r
}

// sarifLog is the part of a SARIF 2.1.0 log the tests read.
type sarifLog struct {
	Version string `json:"version"`
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name  string `json:"name"`
				Rules []struct {
					ID string `json:"id"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Results []struct {
			RuleID    string `json:"ruleId"`
			Level     string `json:"level"`
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI string `json:"uri"`
					} `json:"artifactLocation"`
					Region struct {
						StartLine int `json:"startLine"`
					} `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
		} `json:"results"`
	} `json:"runs"`
}

// jsonRules runs the binary with -o json on files (relative to root) and returns the rule ids of
// its findings, sorted and distinct.
func jsonRules(t *testing.T, files []string) []string {
	t.Helper()
	args := []string{"-A", "-o", "json", "--fail-on", "none"}
	for _, f := range files {
		args = append(args, "-f", f)
	}
	cmd := exec.Command(binary(t), args...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "KUBECONFIG="+filepath.Join(t.TempDir(), "none"))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	var list struct {
		Items []struct {
			Findings []struct {
				Rule string `json:"rule"`
			} `json:"findings"`
		} `json:"items"`
	}
	if err := json.Unmarshal(out, &list); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, it := range list.Items {
		for _, f := range it.Findings {
			ids = append(ids, f.Rule)
		}
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

func readSARIF(t *testing.T, path string) sarifLog {
	t.Helper()
	body, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	testutil.ValidateSARIF(t, body)
	var log sarifLog
	if err := json.Unmarshal(body, &log); err != nil {
		t.Fatalf("%s is not JSON: %v", path, err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("SARIF version %q with %d runs, want 2.1.0 with one run", log.Version, len(log.Runs))
	}
	return log
}

// TestActionScript runs the action's script against a release served from 127.0.0.1 and examples/.
func TestActionScript(t *testing.T) {
	if _, arch := runner(); arch == "" {
		t.Skipf("no release for %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	rel := release(t)
	releases := serve(t, rel)
	repo, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}

	t.Run("broken examples fail on error and are reported", func(t *testing.T) {
		r := runAction(t, releases, repo, map[string]string{"INPUT_PATHS": strings.Join(brokenExamples, "\n"), "INPUT_FAIL_ON": "error"})
		if r.code != 0 || r.outputs["exit-code"] != "1" {
			t.Fatalf("script exit %d, exit-code output %q; want 0 and 1\n%s", r.code, r.outputs["exit-code"], r.stderr)
		}
		if !strings.Contains(r.stderr, "sha256 of "+archiveName()+" verified") {
			t.Errorf("stderr does not say the checksum was verified:\n%s", r.stderr)
		}
		if r.outputs["sarif"] != r.sarif || r.outputs["version"] != testVersion {
			t.Errorf("outputs %v, want sarif=%s version=%s", r.outputs, r.sarif, testVersion)
		}
		log := readSARIF(t, r.sarif)
		var ids []string
		levels := map[string]int{}
		for _, res := range log.Runs[0].Results {
			ids = append(ids, res.RuleID)
			levels[res.Level]++
			if len(res.Locations) == 0 {
				t.Errorf("result %s has no location", res.RuleID)
				continue
			}
			loc := res.Locations[0].PhysicalLocation
			if !slices.Contains(brokenExamples, loc.ArtifactLocation.URI) || loc.Region.StartLine < 1 {
				t.Errorf("result %s at %s:%d, want a line of one of %v", res.RuleID, loc.ArtifactLocation.URI, loc.Region.StartLine, brokenExamples)
			}
		}
		slices.Sort(ids)
		ids = slices.Compact(ids)
		if want := jsonRules(t, brokenExamples); !slices.Equal(ids, want) {
			t.Errorf("SARIF rule ids %v, want those of -o json %v", ids, want)
		}
		if levels["error"] == 0 {
			t.Errorf("no result at level error: %v", levels)
		}
		for _, id := range ids {
			if !strings.Contains(r.summary, "["+id+"]") {
				t.Errorf("the job summary does not show %s:\n%s", id, r.summary)
			}
		}
	})

	tests := []struct {
		name     string
		env      map[string]string
		wantCode string
	}{
		{"fixed example passes, latest release", map[string]string{"INPUT_PATHS": "examples/tke-ingress/fixed.yaml", "INPUT_VERSION": "latest"}, "0"},
		{"fail-on none passes broken", map[string]string{"INPUT_PATHS": brokenExamples[1], "INPUT_FAIL_ON": "none"}, "0"},
		{"fail-on error fails broken", map[string]string{"INPUT_PATHS": brokenExamples[1], "INPUT_FAIL_ON": "error"}, "1"},
		{"version without v", map[string]string{"INPUT_PATHS": brokenExamples[0], "INPUT_VERSION": strings.TrimPrefix(testVersion, "v")}, "1"},
		{"a warning passes fail-on error", map[string]string{"INPUT_PATHS": warningOnly, "INPUT_FAIL_ON": "error"}, "0"},
		{"a warning fails fail-on warning", map[string]string{"INPUT_PATHS": warningOnly, "INPUT_FAIL_ON": "warning"}, "1"},
		{"a warning fails fail-on info", map[string]string{"INPUT_PATHS": warningOnly, "INPUT_FAIL_ON": "info"}, "1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runAction(t, releases, repo, tt.env)
			if r.code != 0 || r.outputs["exit-code"] != tt.wantCode {
				t.Fatalf("script exit %d, exit-code output %q; want 0 and %s\n%s", r.code, r.outputs["exit-code"], tt.wantCode, r.stderr)
			}
			log := readSARIF(t, r.sarif)
			if tt.env["INPUT_PATHS"] == warningOnly {
				res := log.Runs[0].Results
				if len(res) != 1 || res[0].RuleID != "tke.ingress.E4051" || res[0].Level != "warning" {
					t.Errorf("results %+v, want the one warning tke.ingress.E4051", res)
				}
			}
		})
	}

	t.Run("base-ref preflights against the base branch", func(t *testing.T) {
		if _, err := exec.LookPath("git"); err != nil {
			t.Skip("no git")
		}
		// A TKE Ingress moved to nginx: the change deletes its CLB (tke.ingress.change-deletes-lb).
		pair := filepath.Join(root, "test", "corpus", "pairs", "tke", "030-ingress-class-to-nginx")
		ws := t.TempDir()
		git := func(args ...string) {
			t.Helper()
			cmd := exec.Command("git", append([]string{"-c", "user.name=lbdoctor", "-c", "user.email=lbdoctor@example.com", "-c", "init.defaultBranch=main"}, args...)...)
			cmd.Dir = ws
			cmd.Env = append(os.Environ(), "HOME="+ws, "GIT_CONFIG_NOSYSTEM=1")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("git %v: %v\n%s", args, err, out)
			}
		}
		write := func(from string) {
			t.Helper()
			body, err := os.ReadFile(filepath.Join(pair, from))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Join(ws, "k8s"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(ws, "k8s", "ingress.yaml"), body, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		git("init", "-q")
		write("now.yaml")
		git("add", "k8s")
		git("commit", "-q", "-m", "base")
		git("checkout", "-q", "-b", "change")
		write("new.yaml")
		git("commit", "-q", "-am", "change")

		tests := []struct {
			name, ref, failOn, want string
			wantRule                bool
		}{
			{"class change against main fails", "main", "error", "1", true},
			{"fail-on none passes", "main", "none", "0", true},
			{"no change against itself", "change", "error", "0", false},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := runAction(t, releases, ws, map[string]string{"INPUT_PATHS": "k8s", "INPUT_PROVIDER": "tke", "INPUT_BASE_REF": tt.ref, "INPUT_FAIL_ON": tt.failOn})
				if r.code != 0 || r.outputs["exit-code"] != tt.want {
					t.Fatalf("script exit %d, exit-code output %q; want 0 and %s\n%s", r.code, r.outputs["exit-code"], tt.want, r.stderr)
				}
				var ids []string
				for _, res := range readSARIF(t, r.sarif).Runs[0].Results {
					ids = append(ids, res.RuleID)
				}
				if got := slices.Contains(ids, "tke.ingress.change-deletes-lb"); got != tt.wantRule {
					t.Errorf("SARIF rule ids %v: tke.ingress.change-deletes-lb reported %v, want %v", ids, got, tt.wantRule)
				}
			})
		}
		r := runAction(t, releases, ws, map[string]string{"INPUT_PATHS": "k8s", "INPUT_PROVIDER": "tke", "INPUT_BASE_REF": "main", "INPUT_FAIL_ON": "warning"})
		if r.code != 2 {
			t.Errorf("fail-on warning with base-ref: script exit %d, want 2 (refused)\n%s", r.code, r.stderr)
		}
	})

	t.Run("recursive", func(t *testing.T) {
		ws := t.TempDir()
		body, err := os.ReadFile(filepath.Join(root, brokenExamples[1]))
		if err != nil {
			t.Fatal(err)
		}
		deep := filepath.Join(ws, "deploy", "shop")
		if err := os.MkdirAll(deep, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(deep, "ingress.yaml"), body, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, tt := range []struct{ recursive, want string }{{"true", "1"}, {"false", "2"}} {
			r := runAction(t, releases, ws, map[string]string{"INPUT_PATHS": "deploy", "INPUT_RECURSIVE": tt.recursive})
			if r.code != 0 || r.outputs["exit-code"] != tt.want {
				t.Errorf("recursive=%s: script exit %d, exit-code output %q; want 0 and %s\n%s", tt.recursive, r.code, r.outputs["exit-code"], tt.want, r.stderr)
			}
			if tt.want == "1" {
				log := readSARIF(t, r.sarif)
				if n := len(log.Runs[0].Results); n == 0 || log.Runs[0].Results[0].Locations[0].PhysicalLocation.ArtifactLocation.URI != "deploy/shop/ingress.yaml" {
					t.Errorf("recursive=%s: %d results, want some in deploy/shop/ingress.yaml", tt.recursive, n)
				}
			} else if r.outputs["sarif"] != "" {
				t.Errorf("recursive=%s: sarif output %q for a failed run, want none (nothing to upload)", tt.recursive, r.outputs["sarif"])
			}
		}
	})
}

// TestActionRefuses: the script installs nothing it cannot verify and says why.
func TestActionRefuses(t *testing.T) {
	if _, arch := runner(); arch == "" {
		t.Skipf("no release for %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	repo, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		spoil   func(t *testing.T, dir string)
		env     map[string]string
		wantErr string
	}{
		{"corrupted archive", func(t *testing.T, dir string) {
			p := filepath.Join(dir, archiveName())
			body, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			body[len(body)/2] ^= 0xff
			if err := os.WriteFile(p, body, 0o644); err != nil {
				t.Fatal(err)
			}
		}, nil, "sha256 mismatch for " + archiveName()},
		{"archive missing from checksums.txt", func(t *testing.T, dir string) {
			if err := os.WriteFile(filepath.Join(dir, "checksums.txt"), []byte(strings.Repeat("0", 64)+"  other.tar.gz\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}, nil, "has no line for " + archiveName()},
		{"release not published", nil, map[string]string{"INPUT_VERSION": "v9.9.9"}, "cannot download"},
		{"unsupported architecture", nil, map[string]string{"RUNNER_ARCH": "ARM"}, "unsupported runner architecture"},
		{"no release for the platform", nil, map[string]string{"RUNNER_OS": "Windows", "RUNNER_ARCH": "ARM64"}, "no kubectl-lbdoctor release for windows/arm64"},
		{"version not semver", nil, map[string]string{"INPUT_VERSION": "main"}, "not vX.Y.Z or latest"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := release(t)
			if tt.spoil != nil {
				tt.spoil(t, dir)
			}
			env := map[string]string{"INPUT_PATHS": brokenExamples[0]}
			for k, v := range tt.env {
				env[k] = v
			}
			r := runAction(t, serve(t, dir), repo, env)
			if r.code == 0 || !strings.Contains(r.stderr, tt.wantErr) {
				t.Fatalf("script exit %d, stderr:\n%s\nwant a failure saying %q", r.code, r.stderr, tt.wantErr)
			}
			if _, ok := r.outputs["exit-code"]; ok {
				t.Errorf("the lint ran (outputs %v) although the install failed", r.outputs)
			}
			if m, _ := filepath.Glob(filepath.Join(r.temp, "kubectl-lbdoctor", "*", "kubectl-lbdoctor*")); len(m) > 0 {
				t.Errorf("installed %v although the install failed", m)
			}
		})
	}
}

// TestActionManifest: action.yml parses, its inputs are the ones run.sh reads, and its steps run
// the script, upload the SARIF whatever happened and then fail by the saved exit code.
func TestActionManifest(t *testing.T) {
	body, err := os.ReadFile(filepath.Join(root, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var action struct {
		Name   string                       `json:"name"`
		Inputs map[string]map[string]string `json:"inputs"`
		Runs   struct {
			Using string `json:"using"`
			Steps []struct {
				ID   string            `json:"id"`
				If   string            `json:"if"`
				Uses string            `json:"uses"`
				Run  string            `json:"run"`
				Env  map[string]string `json:"env"`
				With map[string]string `json:"with"`
			} `json:"steps"`
		} `json:"runs"`
	}
	if err := yaml.Unmarshal(body, &action); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	script, err := os.ReadFile("run.sh")
	if err != nil {
		t.Fatal(err)
	}
	if action.Runs.Using != "composite" || len(action.Runs.Steps) != 3 {
		t.Fatalf("runs.using %q with %d steps, want a composite action of 3 steps", action.Runs.Using, len(action.Runs.Steps))
	}
	lint, upload, fail := action.Runs.Steps[0], action.Runs.Steps[1], action.Runs.Steps[2]

	wantInputs := []string{"base-ref", "fail-on", "paths", "provider", "recursive", "upload", "version"}
	var got []string
	for name := range action.Inputs {
		got = append(got, name)
	}
	slices.Sort(got)
	if !slices.Equal(got, wantInputs) {
		t.Errorf("inputs %v, want %v", got, wantInputs)
	}
	for _, name := range wantInputs {
		t.Run(name, func(t *testing.T) {
			in := action.Inputs[name]
			if in["description"] == "" {
				t.Errorf("input %s has no description", name)
			}
			if name == "upload" {
				if !strings.Contains(upload.If, "inputs.upload == 'true'") {
					t.Errorf("the upload step's if %q does not read inputs.upload", upload.If)
				}
				return
			}
			env := "INPUT_" + strings.ToUpper(strings.ReplaceAll(name, "-", "_"))
			if lint.Env[env] != "${{ inputs."+name+" }}" {
				t.Errorf("the lint step passes %s as %q, want ${{ inputs.%s }}", env, lint.Env[env], name)
			}
			if !strings.Contains(string(script), "${"+env+":-"+in["default"]+"}") {
				t.Errorf("run.sh does not read %s with the input's default %q", env, in["default"])
			}
		})
	}
	if lint.ID != "lint" || !strings.Contains(lint.Run, `"$GITHUB_ACTION_PATH/hack/action/run.sh"`) {
		t.Errorf("the first step (id %q) runs %q, want id lint running $GITHUB_ACTION_PATH/hack/action/run.sh", lint.ID, lint.Run)
	}
	if !strings.HasPrefix(upload.Uses, "github/codeql-action/upload-sarif@v3") || !strings.Contains(upload.If, "always()") ||
		upload.With["sarif_file"] != "${{ steps.lint.outputs.sarif }}" {
		t.Errorf("upload step uses %q if %q with %v; want upload-sarif@v3, always(), the lint step's sarif", upload.Uses, upload.If, upload.With)
	}
	if fail.Env["CODE"] != "${{ steps.lint.outputs.exit-code }}" || !strings.Contains(fail.Run, `exit "$CODE"`) {
		t.Errorf("the last step does not exit by the lint's exit code: env %v, run %q", fail.Env, fail.Run)
	}
	for _, out := range []string{"exit-code", "sarif"} {
		if !strings.Contains(string(script), `echo "`+out+`=`) {
			t.Errorf("run.sh writes no %s output", out)
		}
	}
}

// TestReleaseNames: run.sh downloads the archive and checksum names hack/dist.sh publishes, for
// the platforms it builds.
func TestReleaseNames(t *testing.T) {
	dist, err := os.ReadFile(filepath.Join(root, "hack", "dist.sh"))
	if err != nil {
		t.Fatal(err)
	}
	script, err := os.ReadFile("run.sh")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`name="kubectl-lbdoctor_${VERSION}_${goos}_${goarch}"`, `"$DIST_DIR/$name.tar.gz"`, `"../../$name.zip"`, "checksums.txt",
		"PLATFORMS=${PLATFORMS:-linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64}"} {
		if !bytes.Contains(dist, []byte(s)) {
			t.Errorf("hack/dist.sh no longer has %s: update run.sh and this test", s)
		}
	}
	for _, s := range []string{`name="kubectl-lbdoctor_${v}_${plat}.${ext}"`, `"$releases/download/$v/checksums.txt"`,
		`linux/amd64 | linux/arm64 | darwin/amd64 | darwin/arm64) echo "${os}_${arch} tar.gz"`, `windows/amd64) echo "${os}_${arch} zip"`} {
		if !bytes.Contains(script, []byte(s)) {
			t.Errorf("run.sh no longer has %s", s)
		}
	}
}
