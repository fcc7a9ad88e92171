package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/test/scenario"
)

// TestPositionsOfExamples: every finding of every examples/*/broken.yaml, diagnosed with its
// cluster facts, names the file, line and column of its field, or of the field's nearest written
// ancestor. The expected place is found in the files' text by indentation, independently of the
// YAML parser the plugin uses.
func TestPositionsOfExamples(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	files, err := filepath.Glob(filepath.Join("examples", "*", "broken.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.ToSlash(f), func(t *testing.T) {
			inputs := scenario.WithFacts(f)
			lines := map[string][]string{}
			args := []string{"-A", "-o", "json"}
			for _, in := range inputs {
				b, err := os.ReadFile(in)
				if err != nil {
					t.Fatal(err)
				}
				lines[in] = strings.Split(string(b), "\n")
				args = append(args, "-f", in)
			}
			out, stderr, code := run(t, args...)
			if code != ExitFindings {
				t.Fatalf("exit %d, want 1: %s", code, stderr)
			}
			var list report.List
			if err := json.Unmarshal([]byte(out), &list); err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, r := range list.Items {
				for _, fd := range r.Findings {
					n++
					kind, ns, name, path := string(r.Target.Kind), r.Target.Namespace, r.Target.Name, fd.Path
					if m := otherObject.FindStringSubmatch(fd.Path); m != nil {
						ns, kind, name, path = m[1], m[2], m[3], m[4]
					}
					in, lo, hi := "", -1, -1
					for _, file := range inputs {
						if lo, hi = objectLines(lines[file], kind, ns, name); lo >= 0 {
							in = file
							break
						}
					}
					if lo < 0 {
						t.Fatalf("%s: no %s %s/%s in the text of %v", fd.Rule, kind, ns, name, inputs)
					}
					line, col := fieldPlace(lines[in], lo, hi, path)
					if fd.Location == nil || fd.Location.File != filepath.ToSlash(in) || fd.Location.Line != line || fd.Location.Column != col {
						t.Errorf("%s %s: location %+v, want %s line %d column %d", fd.Rule, fd.Path, fd.Location, in, line, col)
					}
				}
			}
			if n == 0 {
				t.Error("no findings in a broken example")
			}
		})
	}
}

// otherObject matches a path that names a field of another object: [namespace/]kind/name.field.
var otherObject = regexp.MustCompile(`^(?:([a-z0-9-]+)/)?([a-z]+)/([a-z0-9-]+)(?:\.(.*))?$`)

// pathPart matches one part of a report path: a field name or a [selector].
var pathPart = regexp.MustCompile(`\.?([^.\[\]]+)|\[([^\]]*)\]`)

func indentOf(l string) int { return len(l) - len(strings.TrimLeft(l, " ")) }

// blank is true for lines without content: empty or a comment.
func blank(l string) bool {
	s := strings.TrimSpace(l)
	return s == "" || strings.HasPrefix(s, "#")
}

// objectLines returns the 0-based line range of the document that holds the object.
func objectLines(lines []string, kind, ns, name string) (int, int) {
	start := 0
	for i := 0; i <= len(lines); i++ {
		if i < len(lines) && lines[i] != "---" {
			continue
		}
		doc := lines[start:i]
		ok := false
		for _, l := range doc {
			if strings.EqualFold(strings.TrimSpace(strings.SplitN(l, "#", 2)[0]), "kind: "+kind) && indentOf(l) == 0 {
				ok = true
			}
		}
		if ok {
			if ml, _ := findKey(lines, start, i, "metadata"); ml >= 0 {
				_, mhi := valueBlock(lines, ml, i)
				nl, _ := findKey(lines, ml+1, mhi, "name")
				sl, _ := findKey(lines, ml+1, mhi, "namespace")
				if nl >= 0 && scalarOf(lines[nl]) == name && (ns == "" || sl < 0 || scalarOf(lines[sl]) == ns) {
					return start, i
				}
			}
		}
		start = i + 1
	}
	return -1, -1
}

// scalarOf is the plain value of a "key: value  # comment" line.
func scalarOf(l string) string {
	_, v, _ := strings.Cut(l, ":")
	return strings.Trim(strings.TrimSpace(strings.SplitN(v, "#", 2)[0]), `"'`)
}

// childIndent is the indentation of the first line with content in [lo, hi), or -1.
func childIndent(lines []string, lo, hi int) int {
	for i := lo; i < hi; i++ {
		if !blank(lines[i]) {
			return indentOf(lines[i])
		}
	}
	return -1
}

// findKey returns the line of key among the entries of the mapping in [lo, hi), and its column.
func findKey(lines []string, lo, hi int, key string) (int, int) {
	ci := childIndent(lines, lo, hi)
	for i := lo; i < hi; i++ {
		if blank(lines[i]) || indentOf(lines[i]) != ci {
			continue
		}
		s := lines[i][ci:]
		if strings.HasPrefix(s, key+":") || strings.HasPrefix(s, `"`+key+`":`) {
			return i, ci + 1
		}
	}
	return -1, 0
}

// valueBlock is the line range of the value under the entry on line at: the lines after it that are
// indented deeper, or a sequence at the same indentation.
func valueBlock(lines []string, at, hi int) (int, int) {
	in := indentOf(lines[at])
	end := at + 1
	for end < hi && (blank(lines[end]) || indentOf(lines[end]) > in ||
		indentOf(lines[end]) == in && strings.HasPrefix(lines[end][in:], "- ")) {
		end++
	}
	return at + 1, end
}

// fieldPlace walks path through the object in lines [lo, hi) by indentation and returns the
// 1-based line and column of the deepest part written (the object's first line when none is).
func fieldPlace(orig []string, lo, hi int, path string) (int, int) {
	lines := append([]string(nil), orig...) // items are un-dashed below
	line, col := -1, 1
	for i := lo; i < hi; i++ {
		if !blank(lines[i]) {
			line = i
			break
		}
	}
	blo, bhi := lo, hi
	for _, m := range pathPart.FindAllStringSubmatch(path, -1) {
		key, sel := m[1], m[2]
		if m[1] == "" {
			key = sel
		}
		if n, ok := index(sel, m[0]); ok {
			ci := childIndent(lines, blo, bhi)
			var items []int
			for i := blo; i < bhi; i++ {
				if !blank(lines[i]) && indentOf(lines[i]) == ci && strings.HasPrefix(lines[i][ci:], "- ") {
					items = append(items, i)
				}
			}
			if n >= len(items) {
				break
			}
			end := bhi
			if n+1 < len(items) {
				end = items[n+1]
			}
			at := items[n]
			lines[at] = lines[at][:ci] + "  " + lines[at][ci+2:]
			line, col = at, ci+3
			blo, bhi = at, end
			continue
		}
		at, c := findKey(lines, blo, bhi, key)
		if at < 0 {
			break
		}
		line, col = at, c
		blo, bhi = valueBlock(lines, at, bhi)
	}
	return line + 1, col
}

// index reads a [N] selector.
func index(sel, whole string) (int, bool) {
	if !strings.HasPrefix(whole, "[") {
		return 0, false
	}
	n := 0
	for _, r := range sel {
		if r < '0' || r > '9' {
			return 0, false
		}
		n = n*10 + int(r-'0')
	}
	return n, sel != ""
}
