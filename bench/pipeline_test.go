package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/bench/synth"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// fixture is the synthetic cluster of BENCH_SCALE (default 1: 7,000 targets), built once per process
// and never inside a benchmark's timer.
type fixture struct {
	cluster   *synth.Cluster
	objs      []runtime.Object
	snap      *snapshot.Snapshot
	targets   []snapshot.Target
	providers []rules.Provider
}

var (
	fixOnce sync.Once
	fix     fixture
	fixErr  error
)

func load(tb testing.TB, sz synth.Sizes) fixture {
	fixOnce.Do(func() {
		c := synth.Generate(sz)
		objs := c.Objects()
		s, err := synth.Snapshot(objs)
		if err != nil {
			fixErr = err
			return
		}
		targets := snapshot.AllTargets(s, "")
		detected := make([]rules.Provider, len(targets))
		for i, t := range targets {
			detected[i] = providers.Suite().DetectProvider(s, t).Provider
		}
		fix = fixture{cluster: c, objs: objs, snap: s, targets: targets, providers: detected}
	})
	if fixErr != nil {
		tb.Fatal(fixErr)
	}
	return fix
}

// testSizes are the synthetic cluster's sizes for a test: BENCH_SCALE, 0.1 unless set, to keep
// `go test ./...` quick.
func testSizes(t *testing.T) synth.Sizes {
	if os.Getenv("BENCH_SCALE") == "" {
		return synth.DefaultSizes().Scale(0.1)
	}
	sz, err := synth.SizesFromEnv()
	if err != nil {
		t.Fatal(err)
	}
	return sz
}

func benchFixture(b *testing.B) fixture {
	sz, err := synth.SizesFromEnv()
	if err != nil {
		b.Fatal(err)
	}
	return load(b, sz)
}

// BenchmarkSnapshotBuild is the baseline: filling the stores from the decoded objects.
func BenchmarkSnapshotBuild(b *testing.B) {
	f := benchFixture(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := synth.Snapshot(f.objs); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(f.objs)), "objects")
}

// BenchmarkPipelineAll is what `kubectl lbdoctor -A` does after reading: detect the provider and
// run every check for every target.
func BenchmarkPipelineAll(b *testing.B) {
	f := benchFixture(b)
	all := providers.Suite().Checks()
	b.ReportAllocs()
	for b.Loop() {
		// Every pass builds its indexes again and has one suite, as one run of the plugin does.
		f.snap.ForgetDerived()
		su := checks.NewSuiteOf(providers.Suite().Clouds(), all)
		for _, t := range f.targets {
			if _, err := su.Run(f.snap, t, su.DetectProvider(f.snap, t).Provider); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(f.targets)), "targets")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(f.targets)), "ns/target")
}

// BenchmarkDiagnoseAll is what the plugin does per target of a cluster-wide run after reading:
// PipelineAll plus the report of each target (report.Build).
func BenchmarkDiagnoseAll(b *testing.B) {
	f := benchFixture(b)
	all := providers.Suite().Checks()
	b.ReportAllocs()
	for b.Loop() {
		f.snap.ForgetDerived()
		su := checks.NewSuiteOf(providers.Suite().Clouds(), all)
		for _, t := range f.targets {
			det := su.DetectProvider(f.snap, t)
			res, err := su.Run(f.snap, t, det.Provider)
			if err != nil {
				b.Fatal(err)
			}
			rep, err := report.Build(res, f.snap.Source, f.snap.Incomplete)
			if err != nil {
				b.Fatal(err)
			}
			rep.Provider.SetEvidence(det.Evidence)
		}
	}
	b.ReportMetric(float64(len(f.targets)), "targets")
}

// BenchmarkPipelinePerCheck runs each check of providers.Suite().Checks() alone over every target (providers
// detected outside the timer), so one slow check stands out.
func BenchmarkPipelinePerCheck(b *testing.B) {
	f := benchFixture(b)
	for _, ch := range providers.Suite().Checks() {
		list := []checks.Check{ch}
		b.Run(ch.Name+"/"+string(ch.Kind), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				f.snap.ForgetDerived()
				su := checks.NewSuiteOf(providers.Suite().Clouds(), list)
				for i, t := range f.targets {
					if _, err := su.Run(f.snap, t, f.providers[i]); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// TestSyntheticFindings runs the pipeline once on the synthetic cluster (BENCH_SCALE, 0.1 unless
// set, to keep `go test ./...` quick) and logs, per injected mistake, the rules it produced, and
// the findings on targets meant to be healthy. -v shows the table; it fails only when the pipeline
// errors.
func TestSyntheticFindings(t *testing.T) {
	f := load(t, testSizes(t))
	byMistake := map[string]map[rules.ID]int{}
	targetsOf := map[string]int{}
	for i, tg := range f.targets {
		res, err := providers.Suite().Run(f.snap, tg, f.providers[i])
		if err != nil {
			t.Fatal(err)
		}
		m := f.cluster.Mistakes[synth.Key(string(tg.Kind), tg.Namespace, tg.Name)]
		label := string(tg.Kind) + " " + string(f.providers[i]) + " " + m
		if m == "" {
			label += "(healthy)"
		}
		targetsOf[label]++
		if byMistake[label] == nil {
			byMistake[label] = map[rules.ID]int{}
		}
		for _, fd := range res.Findings {
			byMistake[label][fd.Rule]++
		}
	}
	labels := make([]string, 0, len(byMistake))
	for l := range byMistake {
		labels = append(labels, l)
	}
	sort.Strings(labels)
	var sb strings.Builder
	for _, l := range labels {
		ids := make([]string, 0, len(byMistake[l]))
		for id, n := range byMistake[l] {
			ids = append(ids, fmt.Sprintf("%s×%d", id, n))
		}
		sort.Strings(ids)
		fmt.Fprintf(&sb, "%-60s %5d targets: %s\n", l, targetsOf[l], strings.Join(ids, " "))
	}
	t.Logf("%d targets (%s)\n%s", len(f.targets), f.cluster.Sizes, sb.String())
}

// BenchmarkPlanRound is one round of the live fetcher's planning on every target: the provider
// detection, which checks apply, and the reads their inputs name.
func BenchmarkPlanRound(b *testing.B) {
	f := benchFixture(b)
	plan := providers.Suite().Plan("")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f.snap.ForgetDerived()
		n := 0
		for _, t := range f.targets {
			for _, r := range plan.Target(f.snap, t, nil) {
				if f.snap.Known(r) == nil {
					n++
				}
			}
		}
		if n == 0 {
			b.Fatal("no read planned")
		}
	}
}

// diagnoseAll builds the report of every target as `kubectl lbdoctor -A` does.
func diagnoseAll(tb testing.TB, f fixture) []report.Report {
	f.snap.ForgetDerived()
	reports := make([]report.Report, len(f.targets))
	for i, t := range f.targets {
		res, err := providers.Suite().Run(f.snap, t, f.providers[i])
		if err != nil {
			tb.Fatal(err)
		}
		if reports[i], err = report.Build(res, f.snap.Source, f.snap.Incomplete); err != nil {
			tb.Fatal(err)
		}
	}
	return reports
}

// sameAsWholeEncoding fails unless Writer.Write's JSON and SARIF of reports are the bytes of
// encoding the whole List and SARIF log at once.
func sameAsWholeEncoding(tb testing.TB, reports []report.Report) {
	for _, c := range []struct {
		format report.Format
		v      any
	}{{report.JSON, report.NewList(reports)}, {report.SARIF, report.NewSARIF(reports, "v0")}} {
		var want, got bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetIndent("", "  ")
		if err := enc.Encode(c.v); err != nil {
			tb.Fatal(err)
		}
		w := report.NewWriter(&got, c.format, false, false)
		w.Version = "v0"
		if err := w.Write(reports, true); err != nil {
			tb.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			tb.Fatalf("-o %s of %d reports differs from encoding the whole value (%d vs %d bytes)", c.format, len(reports), got.Len(), want.Len())
		}
	}
}

// TestWriteJSONOfSyntheticCluster checks the streamed -o json and -o sarif on the synthetic
// cluster (BENCH_SCALE, 0.1 unless set).
func TestWriteJSONOfSyntheticCluster(t *testing.T) {
	sameAsWholeEncoding(t, diagnoseAll(t, load(t, testSizes(t))))
}

// BenchmarkWriteJSON writes the reports of every target as `-o json` and `-o sarif` do, to
// io.Discard. encode is the former path (the whole List encoded into one buffer, then indented into
// another); stream is Writer.Write.
func BenchmarkWriteJSON(b *testing.B) {
	reports := diagnoseAll(b, benchFixture(b))
	sameAsWholeEncoding(b, reports)
	whole := func(v func() any) func() error {
		return func() error {
			enc := json.NewEncoder(io.Discard)
			enc.SetIndent("", "  ")
			return enc.Encode(v())
		}
	}
	write := func(f report.Format) func() error {
		w := report.NewWriter(io.Discard, f, false, false)
		return func() error { return w.Write(reports, true) }
	}
	for _, c := range []struct {
		name string
		run  func() error
	}{
		{"encode", whole(func() any { return report.NewList(reports) })},
		{"stream", write(report.JSON)},
		{"encode-sarif", whole(func() any { return report.NewSARIF(reports, "") })},
		{"stream-sarif", write(report.SARIF)},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := c.run(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
