package scenario

import (
	"path/filepath"
	"slices"
	"testing"
)

func TestWithFacts(t *testing.T) {
	root := filepath.Join("..", "..")
	for _, tt := range []struct {
		name, file string
		want       []string
	}{
		{"example with facts", "examples/ack-service/broken.yaml", []string{"examples/ack-service/broken.yaml", "test/scenario/facts/ack-service/broken.yaml"}},
		{"example without facts", "examples/tke-ingress/fixed.yaml", []string{"examples/tke-ingress/fixed.yaml"}},
		{"not an example", "test/e2e/testdata/service.yaml", []string{"test/e2e/testdata/service.yaml"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var want []string
			for _, f := range tt.want {
				want = append(want, filepath.Join(root, f))
			}
			if got := WithFacts(filepath.Join(root, tt.file)); !slices.Equal(got, want) {
				t.Errorf("got %v, want %v", got, want)
			}
		})
	}
}

// TestEveryFactsFileHasItsExample: a facts file whose example is gone or renamed would be loaded
// by nothing.
func TestEveryFactsFileHasItsExample(t *testing.T) {
	facts, err := filepath.Glob(filepath.Join("facts", "*", "*.yaml"))
	if err != nil || len(facts) == 0 {
		t.Fatalf("no facts files: %v", err)
	}
	for _, f := range facts {
		t.Run(filepath.ToSlash(f), func(t *testing.T) {
			example := filepath.Join("..", "..", "examples", filepath.Base(filepath.Dir(f)), filepath.Base(f))
			if got := WithFacts(example); len(got) != 2 {
				t.Errorf("%s has no example %s", f, example)
			}
		})
	}
}
