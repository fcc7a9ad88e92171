package scenario

import (
	"os"
	"path/filepath"
)

// FactsDir holds, per example, what a real cluster would add to it and a bare API server cannot:
// nodes, kube-system components, and the pods and EndpointSlices controllers would have made.
// make demo and the tests load it on top of the example; a user's kubectl apply never sees it.
const FactsDir = "test/scenario/facts"

// WithFacts returns an example file followed by its facts file when it has one:
// ROOT/examples/NAME/FILE comes with ROOT/test/scenario/facts/NAME/FILE. Any other file comes alone.
func WithFacts(file string) []string {
	dir := filepath.Dir(file)
	if filepath.Base(filepath.Dir(dir)) != "examples" {
		return []string{file}
	}
	facts := filepath.Join(filepath.Dir(filepath.Dir(dir)), FactsDir, filepath.Base(dir), filepath.Base(file))
	if _, err := os.Stat(facts); err != nil {
		return []string{file}
	}
	return []string{file, facts}
}
