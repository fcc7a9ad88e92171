package bench

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/cli-runtime/pkg/genericiooptions"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cmd"
)

// BenchmarkLintManifestsSARIF is `kubectl lbdoctor -f DIRS -A -o sarif` over the 1,000 manifest
// files of BenchmarkLintFiles: read and decode with positions, diagnose every target, write SARIF.
func BenchmarkLintManifestsSARIF(b *testing.B) {
	b.Setenv("KUBECONFIG", filepath.Join(b.TempDir(), "none"))
	dirs, _ := manifests(b, 1000)
	b.ReportAllocs()
	for b.Loop() {
		streams := genericiooptions.IOStreams{In: strings.NewReader(""), Out: io.Discard, ErrOut: io.Discard}
		if code := cmd.Execute(streams, []string{"-f", dirs, "-A", "-o", "sarif", "--fail-on", "none"}); code != cmd.ExitOK {
			b.Fatalf("exit %d", code)
		}
	}
}

// BenchmarkDecodeManifestsWithoutPositions is the reference for BenchmarkLintRead: the same files
// through the API machinery's YAML decoder into maps, which keeps no positions (what offline mode
// used before).
func BenchmarkDecodeManifestsWithoutPositions(b *testing.B) {
	dirs, _ := manifests(b, 1000)
	var files []string
	for _, d := range strings.Split(dirs, ",") {
		fs, err := filepath.Glob(filepath.Join(d, "*.yaml"))
		if err != nil {
			b.Fatal(err)
		}
		files = append(files, fs...)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, f := range files {
			r, err := os.Open(f)
			if err != nil {
				b.Fatal(err)
			}
			dec := utilyaml.NewYAMLOrJSONDecoder(bufio.NewReader(r), 4096)
			for {
				var m map[string]any
				if err := dec.Decode(&m); err != nil {
					if !errors.Is(err, io.EOF) {
						b.Fatal(err)
					}
					break
				}
			}
			r.Close()
		}
	}
}
