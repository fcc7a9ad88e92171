package cmd

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// TestOneFindingPerProblem holds every manifest of examples/ and test/corpus/, diagnosed offline
// through the command (-f FILE -A -o json), to "one cause, one finding": no report names one rule at
// one path twice, as two findings or as a finding and a consequence folded under another; and no
// report holds as findings both rules of a pair whose fixes contradict (rules.OppositeFixes).
func TestOneFindingPerProblem(t *testing.T) {
	files := 0
	for _, root := range folderRoots {
		err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !manifestName(path) {
				return err
			}
			files++
			t.Run(filepath.ToSlash(path), func(t *testing.T) {
				for key, reps := range diagnoseAll(t, "-f", path) {
					for _, r := range reps {
						for _, p := range oneProblemOnce(r) {
							t.Errorf("%s: %s", key, p)
						}
					}
				}
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files == 0 {
		t.Fatal("no manifest found")
	}
}

// oneProblemOnce lists how a report breaks "one cause, one finding".
func oneProblemOnce(r report.Report) []string {
	var out []string
	seen := map[string]string{}
	note := func(id rules.ID, path, as string) {
		k := id.String() + " at " + path
		if prev, ok := seen[k]; ok {
			out = append(out, k+" is reported twice: "+prev+" and "+as)
		}
		seen[k] = as
	}
	top := map[rules.ID]bool{}
	for _, f := range r.Findings {
		top[f.Rule] = true
		note(f.Rule, f.Path, "a finding")
		for _, c := range f.Consequences {
			note(c.Rule, c.Path, "a consequence of "+f.Rule.String())
		}
	}
	for _, pair := range rules.OppositeFixes() {
		if top[pair[0]] && top[pair[1]] {
			out = append(out, "both "+pair[0].String()+" and "+pair[1].String()+", whose fixes contradict, are findings")
		}
	}
	return out
}
