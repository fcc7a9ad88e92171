package report_test

import (
	"path/filepath"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/diagnose"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/test/corpus"
)

// TestHoldCorpus: the reports of the examples and of every corpus file come back from
// report.Hold equal, with the same outputs in every language (report.CheckHold).
func TestHoldCorpus(t *testing.T) {
	report.CheckHold(t, scenarios(t))
	files, err := corpus.Files(filepath.Join("..", "..", "test", "corpus"))
	if err != nil || len(files) == 0 {
		t.Fatalf("corpus: %d files, %v", len(files), err)
	}
	for _, m := range files {
		t.Run(m.Name, func(t *testing.T) {
			batches, in, err := diagnose.Offline(snapshot.Files{Paths: []string{m.Path}, Group: snapshot.GroupFile}, nil, "", snapshot.Selector{})
			if err != nil {
				t.Skipf("offline: %v", err)
			}
			rs, err := diagnose.All(batches, diagnose.Options{Input: in})
			if err != nil {
				t.Skipf("diagnosis: %v", err)
			}
			report.CheckHold(t, rs)
		})
	}
}
