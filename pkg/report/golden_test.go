package report_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/diagnose"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
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
			w.Lang, w.Width, w.ShowOK, w.Titles = lang, 100, true, providers.Titles()
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
			w.Lang, w.Titles = words.Chinese, providers.Titles()
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

// TestWrapWidths: the text report of every example, with --fix-hints, wrapped at 80 and 40 cells in
// both languages: no line is wider than the width unless one unbreakable piece (a URL, a path)
// makes it so, and no Chinese line ends with an opening bracket or quote or starts with closing
// punctuation (Unicode line breaking, UAX #14). Fact lines ("path: message") are held to it too.
func TestWrapWidths(t *testing.T) {
	reports := scenarios(t)
	const opening, closing = "（《“【「『", "）》；，。、：！？」』】”"
	for _, lang := range []words.Lang{words.English, words.Chinese} {
		for _, width := range []int{80, 40} {
			t.Run(fmt.Sprintf("%s/%d", lang, width), func(t *testing.T) {
				var buf bytes.Buffer
				w := report.NewWriter(&buf, report.Text, true, false)
				w.Lang, w.Width, w.ShowOK, w.FixHints, w.Titles = lang, width, true, true, providers.Titles()
				if err := w.Write(reports, true); err != nil {
					t.Fatal(err)
				}
				lines := strings.Split(strings.TrimRight(buf.String(), "\n"), "\n")
				if strings.HasPrefix(lines[0], "OBJECT ") {
					// The summary table is a table, as kubectl get prints one: its rows are not wrapped.
					lines = lines[slices.Index(lines, ""):]
				}
				for _, line := range lines {
					text := strings.TrimLeft(line, " ")
					lead := len(line) - len(text)
					if report.DisplayWidth(line) > width {
						// The longest piece with no space or Han character in it, with the punctuation
						// glued to it (UAX #14 breaks neither before "." nor around quotes).
						longest := ""
						for _, f := range strings.FieldsFunc(text, func(r rune) bool { return unicode.IsSpace(r) || unicode.Is(unicode.Han, r) }) {
							if report.DisplayWidth(f) > report.DisplayWidth(longest) {
								longest = f
							}
						}
						if report.DisplayWidth(longest) <= width-lead-14 {
							t.Errorf("line of %d cells at width %d: %q", report.DisplayWidth(line), width, line)
						}
					}
					if text == "" {
						continue
					}
					if r, _ := utf8.DecodeLastRuneInString(text); strings.ContainsRune(opening, r) {
						t.Errorf("line ends with %q: %q", r, line)
					}
					if r, _ := utf8.DecodeRuneInString(text); strings.ContainsRune(closing, r) {
						t.Errorf("line starts with %q: %q", r, line)
					}
				}
			})
		}
	}
}

// TestChinesePolish scans the Chinese catalog (every rule's title, cause, fix, risk and citation, and
// explain's text of it), and the Chinese text report and SARIF of every example, for the classes of
// testdata/TestChinesePolish/patterns.txt: English labels, spaces between Chinese characters,
// half-width parentheses and commas against Chinese, "等另外 N 个" counts, literal translations, SARIF
// headings ending in 。, an English page named where a Chinese one exists, internal words.
func TestChinesePolish(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", t.Name(), "patterns.txt"))
	if err != nil {
		t.Fatal(err)
	}
	type class struct {
		name string
		re   *regexp.Regexp
	}
	var classes []class
	for _, line := range strings.Split(string(b), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, expr, _ := strings.Cut(line, "\t")
		classes = append(classes, class{name, regexp.MustCompile(expr)})
	}
	texts := map[string]string{}
	for _, r := range rules.All() {
		z := r.Text(words.Chinese)
		texts["catalog "+r.ID.String()] = strings.Join([]string{z.Title, z.Cause, z.Fix, z.Risk, r.DocIn(words.Chinese)}, "\n")
	}
	var details bytes.Buffer
	report.WriteRuleDetails(&details, rules.AllIn(rules.All(), words.Chinese), words.Chinese, providers.Titles())
	texts["explain --lang zh, every rule"] = details.String()
	reports := scenarios(t)
	var out bytes.Buffer
	w := report.NewWriter(&out, report.Text, true, false)
	w.Lang, w.ShowOK, w.FixHints, w.Titles = words.Chinese, true, true, providers.Titles()
	if err := w.Write(reports, true); err != nil {
		t.Fatal(err)
	}
	texts["text report of the examples"] = out.String()
	js, err := json.Marshal(report.NewSARIFIn(reports, "test", words.Chinese))
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	var sarifText []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			sarifText = append(sarifText, strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&").Replace(v))
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(doc)
	texts["SARIF of the examples"] = strings.Join(sarifText, "\n")
	for where, text := range texts {
		for _, c := range classes {
			for _, m := range c.re.FindAllStringIndex(text, 3) {
				from, to := max(0, m[0]-24), min(len(text), m[1]+24)
				for from > 0 && !utf8.RuneStart(text[from]) {
					from--
				}
				for to < len(text) && !utf8.RuneStart(text[to]) {
					to++
				}
				t.Errorf("%s: %s: %q", where, c.name, text[from:to])
			}
		}
	}
}
