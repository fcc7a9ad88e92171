package bench

import (
	"encoding/json"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/par"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
)

// TestParallelDiagnosis holds that diagnosing the targets side by side on a sealed snapshot (as
// pkg/cmd does) gives the reports of diagnosing them one after the other, derived data included
// (each pass starts cold). `go test -race -run TestParallelDiagnosis ./bench/` checks that the
// checks and the snapshot's memo share nothing unguarded.
func TestParallelDiagnosis(t *testing.T) {
	f := load(t, testSizes(t))
	want := diagnoseAll(t, f)

	f.snap.ForgetDerived()
	f.snap.Seal()
	got := make([]report.Report, len(f.targets))
	errs := make([]error, len(f.targets))
	par.Each(len(f.targets), func(i int) {
		res, err := providers.Suite().Run(f.snap, f.targets[i], providers.Suite().DetectProvider(f.snap, f.targets[i]).Provider)
		if err == nil {
			got[i], err = report.Build(res, f.snap.Source, f.snap.Incomplete)
		}
		errs[i] = err
	})
	for i, err := range errs {
		if err != nil {
			t.Fatalf("%s: %v", f.targets[i], err)
		}
	}
	wj, _ := json.Marshal(want)
	gj, _ := json.Marshal(got)
	if string(wj) != string(gj) {
		for i := range want {
			a, _ := json.Marshal(want[i])
			b, _ := json.Marshal(got[i])
			if string(a) != string(b) {
				t.Fatalf("%s differs:\n sequential %s\n   parallel %s", f.targets[i], a, b)
			}
		}
	}
	if len(f.targets) < 100 {
		t.Fatalf("only %d targets: the test proves little", len(f.targets))
	}
}

// TestParallelPlanning holds that planning the targets side by side on a sealed snapshot (as the
// live fetcher's rounds do) asks for the reads of planning them one after the other.
func TestParallelPlanning(t *testing.T) {
	f := load(t, testSizes(t))
	plan := providers.Suite().Plan("")
	f.snap.ForgetDerived()
	want := make([]string, len(f.targets))
	for i, tg := range f.targets {
		for _, r := range plan.Target(f.snap, tg, nil) {
			want[i] += r.String() + ";"
		}
	}
	f.snap.ForgetDerived()
	f.snap.Seal()
	got := make([]string, len(f.targets))
	par.Each(len(f.targets), func(i int) {
		for _, r := range plan.Target(f.snap, f.targets[i], nil) {
			got[i] += r.String() + ";"
		}
	})
	planned := 0
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("%s: parallel planning asks %s, sequential %s", f.targets[i], got[i], want[i])
		}
		if want[i] != "" {
			planned++
		}
	}
	if planned < 100 {
		t.Fatalf("only %d targets plan a read: the test proves little", planned)
	}
}
