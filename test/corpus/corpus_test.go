package corpus

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"k8s.io/cli-runtime/pkg/genericiooptions"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cmd"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
)

// diagnose runs `kubectl lbdoctor -f FILE -A -o json --fail-on none` in process and returns the
// output and the decoded list.
func diagnose(t *testing.T, path string) ([]byte, report.List) {
	t.Helper()
	var out, errb bytes.Buffer
	streams := genericiooptions.IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errb}
	if code := cmd.Execute(streams, []string{"-f", path, "-A", "-o", "json", "--fail-on", "none"}); code != cmd.ExitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var l report.List
	if err := json.Unmarshal(out.Bytes(), &l); err != nil {
		t.Fatalf("decoding report list: %v\n%s", err, out.String())
	}
	return out.Bytes(), l
}

// TestCorpusOffline diagnoses every corpus file offline: a clean file raises no error-severity
// finding (warnings are logged), a broken one raises at least its expected codes or rule ids, the
// provider matches the declared one, and a second run prints the same report byte for byte. Files
// marked lbdoctor-known-bug are expected to fail; a marked file that passes fails, so that the
// marker is removed with the fix.
func TestCorpusOffline(t *testing.T) {
	files, err := Files(".")
	if err != nil {
		t.Fatal(err)
	}
	groups := map[string]bool{}
	for _, m := range files {
		groups[m.Group()] = true
	}
	for _, g := range []string{"tke", "ack", "generic"} {
		if !groups[g] {
			t.Fatalf("corpus directory %s/ holds no file", g)
		}
	}
	var rows []row
	for _, m := range files {
		t.Run(m.Name, func(t *testing.T) {
			first, l := diagnose(t, m.Path)
			v := Evaluate(m, l)
			problems := v.Problems(m, false)
			if again, _ := diagnose(t, m.Path); !bytes.Equal(first, again) {
				problems = append(problems, "two runs on the same file printed different reports")
			}
			rows = append(rows, row{m, v, problems})
			if m.NeedsLive != "" && len(v.Missing) > 0 {
				t.Logf("not provable offline (%s): %s", m.NeedsLive, strings.Join(v.Missing, ", "))
			}
			if m.Clean() && len(v.Warnings) > 0 {
				t.Logf("warnings on a clean file: %s", strings.Join(v.Warnings, ", "))
			}
			judge(t, m, problems)
		})
	}
	logSummary(t, rows)
}

// judge fails the test for problems, or logs them when the file is a known bug.
func judge(t *testing.T, m Meta, problems []string) {
	t.Helper()
	switch {
	case m.KnownBug != "" && len(problems) > 0:
		t.Logf("expected failure (known bug: %s): %s", m.KnownBug, strings.Join(problems, "; "))
	case m.KnownBug != "":
		t.Errorf("marked lbdoctor-known-bug (%s) but passes: remove the marker", m.KnownBug)
	default:
		for _, p := range problems {
			t.Error(p)
		}
	}
}

func TestParseHeader(t *testing.T) {
	tests := []struct {
		name, header string
		want         Meta
		wantErr      bool
	}{
		{name: "clean", header: "# source: https://example.com/doc\n# lbdoctor-source-kind: doc-sample\n# lbdoctor-expect: clean\n",
			want: Meta{Source: "https://example.com/doc", SourceKind: DocSample}},
		{name: "broken with options", header: "# source: s\n# lbdoctor-source-kind: event\n# lbdoctor-expect: E4009, ack.service.lb-rebind\n" +
			"# lbdoctor-provider: ack\n# lbdoctor-forbid: tke.ingress.E4022\n# lbdoctor-needs-live: why\n# lbdoctor-offline-only: upper\n# lbdoctor-known-bug: bug\n",
			want: Meta{Source: "s", SourceKind: EventKind, Expect: []string{"E4009", "ack.service.lb-rebind"}, Provider: "ack",
				Forbid: []string{"tke.ingress.E4022"}, NeedsLive: "why", OfflineOnly: "upper", KnownBug: "bug"}},
		{name: "header ends at the first document", header: "# source: s\n# lbdoctor-source-kind: doc-sample\n---\n# lbdoctor-expect: clean\n", wantErr: true},
		{name: "no source", header: "# lbdoctor-source-kind: doc-sample\n# lbdoctor-expect: clean\n", wantErr: true},
		{name: "unknown source kind", header: "# source: s\n# lbdoctor-source-kind: blog\n# lbdoctor-expect: clean\n", wantErr: true},
		{name: "misspelt forbidden rule", header: "# source: s\n# lbdoctor-source-kind: doc-sample\n# lbdoctor-expect: clean\n# lbdoctor-forbid: tke.ingres.E4022\n", wantErr: true},
		{name: "unknown expected code", header: "# source: s\n# lbdoctor-source-kind: doc-sample\n# lbdoctor-expect: E9999\n", wantErr: true},
		{name: "empty expectation", header: "# source: s\n# lbdoctor-source-kind: doc-sample\n# lbdoctor-expect: ,\n", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "f.yaml")
			if err := os.WriteFile(path, []byte(tt.header+"---\napiVersion: v1\nkind: Service\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			got, err := Parse(path)
			if tt.wantErr {
				if err == nil {
					t.Fatalf("Parse = %+v, want an error", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tt.want.Path = path
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Parse = %+v, want %+v", got, tt.want)
			}
		})
	}
}

type row struct {
	m        Meta
	v        Verdict
	problems []string
}

type tally struct{ files, clean, broken, falseErr, falseWarn, missed, liveOnly, wrongProvider int }

func (a *tally) add(r row) {
	a.files++
	if r.m.Clean() {
		a.clean++
		if len(r.v.Errors) > 0 {
			a.falseErr++
		}
		if len(r.v.Warnings) > 0 {
			a.falseWarn++
		}
	} else {
		a.broken++
		switch {
		case len(r.v.Missing) > 0 && r.m.NeedsLive != "":
			a.liveOnly++
		case len(r.v.Missing) > 0:
			a.missed++
		}
	}
	if len(r.v.WrongProvider) > 0 {
		a.wrongProvider++
	}
}

// logSummary prints, under -v, one line per file and the false-positive and missed counts by
// provider directory and by source kind.
func logSummary(t *testing.T, rows []row) {
	var b strings.Builder
	fmt.Fprintf(&b, "\n%-52s %-8s %-26s %3s %3s  %s\n", "FILE", "KIND", "EXPECT", "ERR", "WRN", "RESULT")
	by := map[string]*tally{}
	get := func(k string) *tally {
		if by[k] == nil {
			by[k] = &tally{}
		}
		return by[k]
	}
	for _, r := range rows {
		expect := "clean"
		if !r.m.Clean() {
			expect = strings.Join(r.m.Expect, ",")
		}
		result := "ok"
		if len(r.problems) > 0 {
			result = strings.Join(r.problems, "; ")
			if r.m.KnownBug != "" {
				result = "known bug: " + result
			}
		}
		kind := map[string]string{DocSample: "doc", ControllerWritten: "ctrl", EventKind: "event"}[r.m.SourceKind]
		fmt.Fprintf(&b, "%-52s %-8s %-26s %3d %3d  %s\n", r.m.Name, kind, expect, len(r.v.Errors), len(r.v.Warnings), result)
		get("all").add(r)
		get("provider " + r.m.Group()).add(r)
		get("source " + r.m.SourceKind).add(r)
	}
	keys := make([]string, 0, len(by))
	for k := range by {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Fprintf(&b, "\n%-30s %5s %5s %6s %9s %10s %6s %9s %9s\n", "GROUP", "FILES", "CLEAN", "BROKEN", "FALSE-ERR", "FALSE-WARN", "MISSED", "LIVE-ONLY", "WRONG-PRV")
	for _, k := range keys {
		a := by[k]
		fmt.Fprintf(&b, "%-30s %5d %5d %6d %9d %10d %6d %9d %9d\n", k, a.files, a.clean, a.broken, a.falseErr, a.falseWarn, a.missed, a.liveOnly, a.wrongProvider)
	}
	t.Log(b.String())
}
