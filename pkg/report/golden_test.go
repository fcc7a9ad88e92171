package report_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/diagnose"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/golden")

// golden compares got with testdata/golden/name, or rewrites it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./pkg/report/ -run %s -update)", err, t.Name())
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the output (go test ./pkg/report/ -run %s -update rewrites it); got:\n%s", path, t.Name(), got)
	}
}

// scenarios are the reports of the examples' broken manifests, one world each.
func scenarios(t *testing.T) []report.Report {
	t.Helper()
	files, err := filepath.Glob("../../examples/*/broken.yaml")
	if err != nil || len(files) < 4 {
		t.Fatalf("examples: %v %v", files, err)
	}
	var all []report.Report
	for _, f := range files {
		batches, in, err := diagnose.Offline(snapshot.Files{Paths: []string{f}, Group: snapshot.GroupFile}, nil, "", snapshot.Selector{})
		if err != nil {
			t.Fatal(err)
		}
		rs, err := diagnose.All(batches, diagnose.Options{Input: in})
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, rs...)
	}
	return all
}

// TestGoldenText is the text report (--fix-hints, wrapped at 100 columns) of the same scenarios in
// each language.
func TestGoldenText(t *testing.T) {
	reports := scenarios(t)
	for _, lang := range []words.Lang{words.English, words.Chinese} {
		t.Run(string(lang), func(t *testing.T) {
			var buf bytes.Buffer
			w := report.NewWriter(&buf, report.Text, true, false)
			w.Lang, w.Width, w.ShowOK = lang, 100, true
			if err := w.Write(reports, true); err != nil {
				t.Fatal(err)
			}
			golden(t, "report."+string(lang)+".txt", buf.Bytes())
			han := strings.IndexFunc(buf.String(), func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0
			if han != (lang == words.Chinese) {
				t.Errorf("%s report: holds Chinese = %v", lang, han)
			}
			for _, r := range reports {
				for _, f := range r.Findings {
					if !strings.Contains(buf.String(), "["+f.Rule.String()+"]") {
						t.Errorf("%s report lacks rule id %s", lang, f.Rule)
					}
				}
			}
		})
	}
}

// TestGoldenWideMixedWidth: -o wide and the text summary table with Chinese kubeconfig context names
// (CLUSTER column) and Chinese rule titles keep their columns aligned by display width.
func TestGoldenWideMixedWidth(t *testing.T) {
	reports := scenarios(t)[:4]
	for i, name := range []string{"生产-北京", "prod-sh", "测试集群", "dev"} {
		reports[i].Cluster = name
	}
	for _, f := range []report.Format{report.Wide, report.Text} {
		t.Run(string(f), func(t *testing.T) {
			var buf bytes.Buffer
			w := report.NewWriter(&buf, f, false, false)
			w.Lang = words.Chinese
			if err := w.Write(reports, true); err != nil {
				t.Fatal(err)
			}
			out := buf.String()
			if f == report.Text {
				out = out[:strings.Index(out, "\n\n")+1] // the summary table and total
			}
			golden(t, "mixed."+string(f)+".txt", []byte(out))
			lines := strings.Split(strings.TrimSpace(out), "\n")
			col := func(line, cell string) int {
				i := strings.Index(line, cell)
				if i < 0 {
					t.Fatalf("no %q in %q", cell, line)
				}
				return report.DisplayWidth(line[:i])
			}
			// The PROVIDER column starts at the same cell in the header and every row.
			want := col(lines[0], "PROVIDER")
			for i, r := range reports {
				if got := col(lines[i+1], " "+string(r.Provider.Name)+" ") + 1; got != want {
					t.Errorf("row %d: provider at cell %d, header at %d:\n%s", i, got, want, out)
				}
			}
		})
	}
}

// TestRuleTableMixedWidth: the rules list in Chinese aligns its columns by display width.
func TestRuleTableMixedWidth(t *testing.T) {
	rs := rules.AllIn([]rules.Rule{tkerules.IngressE4011.Rule(), tkerules.ServiceCLBLoopback.Rule(), tkerules.IngressE4035.Rule()}, words.Chinese)
	var buf bytes.Buffer
	if err := report.WriteRuleTable(&buf, rs); err != nil {
		t.Fatal(err)
	}
	golden(t, "rules.zh.txt", buf.Bytes())
}
