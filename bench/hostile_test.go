package bench

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"k8s.io/cli-runtime/pkg/genericiooptions"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/hostile"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cmd"
)

// maxGrowth is the most the time of a hostile shape may grow when its size grows fourfold: 4 is
// linear, 16 quadratic; the margin absorbs fixed costs and noise on a shared machine.
const maxGrowth = 8.0

// BenchmarkHostileScaling runs `kubectl lbdoctor -f FILE -o json` on each shape of
// hostile.Scalings at n and 4n objects in every iteration, reports the ratio of their times and
// fails when it shows superlinear growth (above maxGrowth).
func BenchmarkHostileScaling(b *testing.B) {
	b.Setenv("KUBECONFIG", filepath.Join(b.TempDir(), "none"))
	const n = 500
	for _, s := range hostile.Scalings {
		b.Run(s.Name, func(b *testing.B) {
			small := writeShape(b, s.Gen(n))
			large := writeShape(b, s.Gen(4*n))
			var ts, tl time.Duration
			for b.Loop() {
				ts += timeRun(b, small)
				tl += timeRun(b, large)
			}
			ratio := float64(tl) / float64(ts)
			b.ReportMetric(ratio, "ratio-4n/n")
			if ratio > maxGrowth {
				b.Fatalf("%s: %d objects took %.1f× the time of %d (at most %.0f× for linear cost)", s.Name, 4*n, ratio, n, maxGrowth)
			}
		})
	}
}

func writeShape(b *testing.B, text string) string {
	p := filepath.Join(b.TempDir(), "shape.yaml")
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		b.Fatal(err)
	}
	return p
}

// timeRun is the time of one offline run on file (its findings are errors: any exit but 2 is fine).
func timeRun(b *testing.B, file string) time.Duration {
	streams := genericiooptions.IOStreams{In: strings.NewReader(""), Out: io.Discard, ErrOut: io.Discard}
	start := time.Now()
	if code := cmd.Execute(streams, []string{"-f", file, "-o", "json", "--fail-on", "none"}); code != cmd.ExitOK {
		b.Fatalf("exit %d", code)
	}
	return time.Since(start)
}
