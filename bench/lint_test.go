package bench

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/cli-runtime/pkg/genericiooptions"

	"github.com/lbdoctor/kubectl-lbdoctor/bench/synth"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cmd"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// manifests writes files synthetic manifests into a temporary folder and returns the -f value
// naming its namespace folders (comma-separated), and the cluster they came from.
func manifests(tb testing.TB, files int) (string, *synth.Cluster) {
	tb.Helper()
	dir := tb.TempDir()
	c := synth.Generate(synth.ManifestSizes(files))
	n, err := c.WriteManifests(dir)
	if err != nil {
		tb.Fatal(err)
	}
	if n != files {
		tb.Fatalf("wrote %d files, want %d", n, files)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		tb.Fatal(err)
	}
	var dirs []string
	for _, e := range entries {
		dirs = append(dirs, filepath.Join(dir, e.Name()))
	}
	return strings.Join(dirs, ","), c
}

// lint runs kubectl-lbdoctor -f dirs -A -o json in process and returns its exit code.
func lint(out io.Writer, dirs string) int {
	streams := genericiooptions.IOStreams{In: strings.NewReader(""), Out: out, ErrOut: io.Discard}
	return cmd.Execute(streams, []string{"-f", dirs, "-A", "-o", "json"})
}

// TestLintManifests: the written manifests read back as every Service and Ingress of the generator,
// and the lint reports findings on the targets given a mistake.
func TestLintManifests(t *testing.T) {
	t.Setenv("KUBECONFIG", filepath.Join(t.TempDir(), "none"))
	dirs, c := manifests(t, 100)
	snap, err := snapshot.FromFiles(strings.Split(dirs, ","), nil, "default")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(snapshot.AllTargets(snap, "")), len(c.Services)+len(c.Ingresses); got != want {
		t.Fatalf("%d targets read back, want %d", got, want)
	}
	var out bytes.Buffer
	if code := lint(&out, dirs); code != cmd.ExitFindings {
		t.Fatalf("exit %d, want %d", code, cmd.ExitFindings)
	}
	var list struct {
		Items []struct {
			Target struct {
				Kind, Namespace, Name string
			} `json:"target"`
			Findings []struct {
				Rule string `json:"rule"`
			} `json:"findings"`
		} `json:"items"`
	}
	if err := json.Unmarshal(out.Bytes(), &list); err != nil {
		t.Fatal(err)
	}
	flagged := 0
	for _, it := range list.Items {
		if c.Mistakes[synth.Key(it.Target.Kind, it.Target.Namespace, it.Target.Name)] != "" && len(it.Findings) > 0 {
			flagged++
		}
	}
	if len(c.Mistakes) == 0 || flagged == 0 {
		t.Errorf("%d of %d targets with a mistake have findings", flagged, len(c.Mistakes))
	}
}

// BenchmarkLintFiles is bench/lint.sh's lbdoctor command in process: 1,000 manifest files read,
// checked and written as JSON.
func BenchmarkLintFiles(b *testing.B) {
	b.Setenv("KUBECONFIG", filepath.Join(b.TempDir(), "none"))
	dirs, _ := manifests(b, 1000)
	b.ReportAllocs()
	for b.Loop() {
		if code := lint(io.Discard, dirs); code > cmd.ExitFindings {
			b.Fatalf("exit %d", code)
		}
	}
}

// BenchmarkLintRead is the reading part of BenchmarkLintFiles: the files into an offline snapshot.
func BenchmarkLintRead(b *testing.B) {
	dirs, _ := manifests(b, 1000)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := snapshot.FromFiles(strings.Split(dirs, ","), nil, "default"); err != nil {
			b.Fatal(err)
		}
	}
}
