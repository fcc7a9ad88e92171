package bench

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/cli-runtime/pkg/genericiooptions"
	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/bench/synth"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cmd"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// manifestCount is how many manifest files the offline benchmarks read: one Service or Ingress each.
const manifestCount = 1000

var (
	manifestsOnce sync.Once
	manifestsDir  string
	manifestsErr  error
)

// manifestFiles writes manifestCount Services and Ingresses of the synthetic cluster (about 20 %
// broken) as one file each, once per process, outside any timer.
func manifestFiles(b *testing.B) string {
	manifestsOnce.Do(func() {
		c := synth.Generate(synth.DefaultSizes().Scale(0.2))
		dir, err := os.MkdirTemp("", "lbdoctor-manifests-")
		if err != nil {
			manifestsErr = err
			return
		}
		var objs []any
		for _, s := range c.Services {
			s.TypeMeta.APIVersion, s.TypeMeta.Kind = "v1", "Service"
			objs = append(objs, s)
		}
		for _, ing := range c.Ingresses {
			ing.TypeMeta.APIVersion, ing.TypeMeta.Kind = "networking.k8s.io/v1", "Ingress"
			objs = append(objs, ing)
		}
		if len(objs) < manifestCount {
			manifestsErr = errors.New("the synthetic cluster has too few Services and Ingresses")
			return
		}
		for i, o := range objs[:manifestCount] {
			data, err := yaml.Marshal(o)
			if err != nil {
				manifestsErr = err
				return
			}
			if err := os.WriteFile(filepath.Join(dir, "m"+strconv.Itoa(i)+".yaml"), data, 0o644); err != nil {
				manifestsErr = err
				return
			}
		}
		manifestsDir = dir
	})
	if manifestsErr != nil {
		b.Fatal(manifestsErr)
	}
	return manifestsDir
}

// BenchmarkLintManifestsSARIF is `kubectl lbdoctor -f DIR -A -o sarif` over 1,000 manifest files:
// read and decode with positions, diagnose every target, write SARIF.
func BenchmarkLintManifestsSARIF(b *testing.B) {
	dir := manifestFiles(b)
	b.Setenv("KUBECONFIG", filepath.Join(b.TempDir(), "none"))
	b.ReportAllocs()
	for b.Loop() {
		streams := genericiooptions.IOStreams{In: nil, Out: io.Discard, ErrOut: io.Discard}
		if code := cmd.Execute(streams, []string{"-f", dir, "-A", "-o", "sarif", "--fail-on", "none"}); code != cmd.ExitOK {
			b.Fatalf("exit %d", code)
		}
	}
	b.ReportMetric(manifestCount, "manifests")
}

// BenchmarkLoadManifests is reading the 1,000 files into a snapshot (YAML nodes kept for positions).
func BenchmarkLoadManifests(b *testing.B) {
	dir := manifestFiles(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (snapshot.Files{Paths: []string{dir}, DefaultNamespace: "default"}).Load(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeManifestsWithoutPositions is the reference: the same files through the API
// machinery's YAML decoder into maps, which keeps no positions (what offline mode used before).
func BenchmarkDecodeManifestsWithoutPositions(b *testing.B) {
	dir := manifestFiles(b)
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		b.Fatal(err)
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
