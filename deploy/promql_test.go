package deploy_test

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/serve"
)

// promqlKeywords are the PromQL words that are not metric names when they stand alone.
var promqlKeywords = map[string]bool{
	"by": true, "without": true, "on": true, "ignoring": true, "group_left": true, "group_right": true,
	"bool": true, "and": true, "or": true, "unless": true, "offset": true, "atan2": true,
	"inf": true, "nan": true, "start": true, "end": true,
	// Aggregation operators, which may be followed by a grouping clause before their "(".
	"sum": true, "min": true, "max": true, "avg": true, "group": true, "stddev": true, "stdvar": true,
	"count": true, "count_values": true, "bottomk": true, "topk": true, "quantile": true,
	"limitk": true, "limit_ratio": true,
}

// grouping are the keywords followed by a parenthesized list of label names.
var grouping = map[string]bool{"by": true, "without": true, "on": true, "ignoring": true, "group_left": true, "group_right": true}

// histogramSuffixes are the series suffixes a histogram exports besides its name.
var histogramSuffixes = []string{"_bucket", "_sum", "_count"}

// selectorNames returns the metric names the selectors of a PromQL expression use: identifiers
// outside label matchers, strings, durations and grouping lists that are not function calls or
// keywords. It also returns the __name__="..." matchers' values.
func selectorNames(expr string) []string {
	var out []string
	rs := []rune(expr)
	brace, bracket := 0, 0
	skipList := false // inside the label list of by (...), on (...)
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case r == '"' || r == '\'' || r == '`':
			j := i + 1
			for j < len(rs) && rs[j] != r {
				if rs[j] == '\\' && r != '`' {
					j++
				}
				j++
			}
			i = j + 1
			continue
		case r == '#':
			for i < len(rs) && rs[i] != '\n' {
				i++
			}
			continue
		case r == '{':
			brace++
		case r == '}':
			brace--
		case r == '[':
			bracket++
		case r == ']':
			bracket--
		case r == ')':
			skipList = false
		case unicode.IsLetter(r) || r == '_' || r == ':':
			j := i
			for j < len(rs) && (unicode.IsLetter(rs[j]) || unicode.IsDigit(rs[j]) || rs[j] == '_' || rs[j] == ':') {
				j++
			}
			word := string(rs[i:j])
			k := j
			for k < len(rs) && unicode.IsSpace(rs[k]) {
				k++
			}
			next := rune(0)
			if k < len(rs) {
				next = rs[k]
			}
			switch {
			case brace > 0:
				if word == "__name__" {
					// __name__="x": take the quoted value.
					for k < len(rs) && (rs[k] == '=' || rs[k] == '~' || rs[k] == '!' || unicode.IsSpace(rs[k])) {
						k++
					}
					if k < len(rs) && rs[k] == '"' {
						e := strings.IndexRune(string(rs[k+1:]), '"')
						if e >= 0 {
							out = append(out, string(rs[k+1:k+1+e]))
						}
					}
				}
			case bracket > 0, skipList, strings.HasPrefix(word, "$"):
			case grouping[strings.ToLower(word)]:
				if next == '(' {
					skipList = true
					i = k + 1
					continue
				}
			case promqlKeywords[strings.ToLower(word)], next == '(':
			default:
				out = append(out, word)
			}
			i = j
			continue
		case r == '$':
			// A Grafana variable such as $__rate_interval.
			j := i + 1
			for j < len(rs) && (unicode.IsLetter(rs[j]) || unicode.IsDigit(rs[j]) || rs[j] == '_') {
				j++
			}
			i = j
			continue
		case unicode.IsDigit(r) || r == '.':
			// A number or a duration such as 5m: skip its letters too.
			j := i
			for j < len(rs) && (unicode.IsLetter(rs[j]) || unicode.IsDigit(rs[j]) || rs[j] == '.' || rs[j] == '_') {
				j++
			}
			i = j
			continue
		}
		i++
	}
	return out
}

func TestSelectorNames(t *testing.T) {
	for _, tc := range []struct {
		name, expr string
		want       []string
	}{
		{"bare", `up`, []string{"up"}},
		{"matchers", `lbdoctor_findings{severity="error", rule=~"TKE.*"}`, []string{"lbdoctor_findings"}},
		{"aggregation by", `max by (rule, code) (lbdoctor_findings) == 1`, []string{"lbdoctor_findings"}},
		{"by after", `sum(a) by (name) / on(job) group_left(version) b`, []string{"a", "b"}},
		{"function and range", `rate(x_total[5m] offset 1h)`, []string{"x_total"}},
		{"strings", `label_replace(a, "dst", "$1", "src", "(lbdoctor_nope)")`, []string{"a"}},
		{"grafana variables", `rate(a{job=~"$job"}[$__rate_interval])`, []string{"a"}},
		{"numbers", `time() - a > 1e3 and b < 0.5`, []string{"a", "b"}},
		{"name matcher", `{__name__="lbdoctor_targets"}`, []string{"lbdoctor_targets"}},
		{"aggregation before grouping", `count without (le) (a) or topk(3, b)`, []string{"a", "b"}},
		{"quantile", `histogram_quantile(0.99, sum by (le) (rate(h_bucket[1m])))`, []string{"h_bucket"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := selectorNames(tc.expr); !slices.Equal(got, tc.want) {
				t.Errorf("selectorNames(%q) = %q, want %q", tc.expr, got, tc.want)
			}
		})
	}
}

// exportedSeries reports whether name is a series serve exports: a name of serve.Names() or a
// histogram's suffixed series.
func exportedSeries(name string) bool {
	if slices.Contains(serve.Names(), name) {
		return true
	}
	for _, s := range histogramSuffixes {
		if base, ok := strings.CutSuffix(name, s); ok && base == serve.DurationName {
			return true
		}
	}
	return false
}

// dashboard is the part of deploy/grafana-dashboard.json the tests read.
type dashboard struct {
	Templating struct {
		List []struct {
			Name  string `json:"name"`
			Query any    `json:"query"`
		} `json:"list"`
	} `json:"templating"`
	Panels []struct {
		Title   string `json:"title"`
		Targets []struct {
			Expr string `json:"expr"`
		} `json:"targets"`
	} `json:"panels"`
}

func TestDashboardUsesExportedMetrics(t *testing.T) {
	b, err := os.ReadFile("grafana-dashboard.json")
	if err != nil {
		t.Fatal(err)
	}
	var d dashboard
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for _, p := range d.Panels {
		t.Run(p.Title, func(t *testing.T) {
			if len(p.Targets) == 0 {
				t.Fatal("panel has no query")
			}
			for _, q := range p.Targets {
				names := selectorNames(q.Expr)
				if len(names) == 0 {
					t.Errorf("query %q selects no metric", q.Expr)
				}
				for _, n := range names {
					used[n] = true
					if !exportedSeries(n) {
						t.Errorf("query %q uses %s, which serve does not export", q.Expr, n)
					}
				}
			}
		})
	}
	for _, v := range d.Templating.List {
		if s, ok := v.Query.(string); ok && strings.HasPrefix(s, "label_values(") {
			for _, n := range selectorNames(strings.TrimSuffix(strings.TrimPrefix(s, "label_values("), ")")) {
				if n != "job" && !exportedSeries(n) {
					t.Errorf("variable %s uses %s, which serve does not export", v.Name, n)
				}
			}
		}
	}
	for _, want := range []string{serve.FindingsName, serve.TargetsName, serve.SyncedName, serve.FullSyncName, serve.DurationName + "_bucket", serve.SkippedName} {
		if !used[want] {
			t.Errorf("dashboard shows no %s", want)
		}
	}
}
