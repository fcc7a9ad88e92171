package cmd

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
)

// folderRoots are the trees of real and example manifests the folder properties are tested over.
var folderRoots = []string{"../../examples", "../../test/corpus"}

// reportKey names a report: its target and the file:line it was read from.
func reportKey(r report.Report) string {
	origin := "?"
	if r.Origin != nil {
		origin = r.Origin.String()
	}
	return fmt.Sprintf("%s %s/%s @%s", r.Target.Kind, r.Target.Namespace, r.Target.Name, origin)
}

// findingKeys names each finding of a report by rule, path and location.
func findingKeys(r report.Report) []string {
	var out []string
	for _, f := range r.Findings {
		loc := "-"
		if f.Location != nil {
			loc = f.Location.String()
		}
		out = append(out, fmt.Sprintf("%s %s %s", f.Rule, f.Path, loc))
	}
	return out
}

// diagnoseAll runs -A -o json --show-ok over args and returns the reports by reportKey.
func diagnoseAll(t *testing.T, args ...string) map[string][]report.Report {
	t.Helper()
	out, stderr, code := run(t, append(args, "-A", "-o", "json", "--show-ok", "--fail-on", "none")...)
	if code != ExitOK {
		t.Fatalf("%v: exit %d: %s", args, code, stderr)
	}
	var l report.List
	if err := json.Unmarshal([]byte(out), &l); err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	m := map[string][]report.Report{}
	for _, r := range l.Items {
		m[reportKey(r)] = append(m[reportKey(r)], r)
	}
	return m
}

// TestFolderKeepsEveryFileFinding: every finding that -f F reports about F's objects is reported by
// -f DIR -R too, for F's own directory and for the tree's root (same rule, object, file:line);
// an object defined in several files gets a report per definition, each naming the others.
func TestFolderKeepsEveryFileFinding(t *testing.T) {
	for _, root := range folderRoots {
		t.Run(filepath.Base(root), func(t *testing.T) {
			whole := diagnoseAll(t, "-f", root, "-R")
			files, findings := 0, 0
			dirs := map[string]map[string][]report.Report{}
			err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
				if err != nil || d.IsDir() || !manifestName(path) {
					return err
				}
				dir := filepath.Dir(path)
				if dirs[dir] == nil {
					dirs[dir] = diagnoseAll(t, "-f", dir, "-R")
				}
				files++
				for key, reps := range diagnoseAll(t, "-f", path) {
					findings += len(reps[0].Findings)
					if len(reps) != 1 {
						t.Errorf("%s: %d reports of %s from one file", path, len(reps), key)
					}
					for name, folder := range map[string]map[string][]report.Report{dir: dirs[dir], root: whole} {
						got, ok := folder[key]
						if !ok {
							t.Errorf("-f %s -R has no report of %s", name, key)
							continue
						}
						if len(got) != 1 {
							t.Errorf("-f %s -R: %d reports of %s", name, len(got), key)
						}
						have := map[string]bool{}
						for _, k := range findingKeys(got[0]) {
							have[k] = true
						}
						for _, k := range findingKeys(reps[0]) {
							if !have[k] {
								t.Errorf("-f %s -R lost %s of %s", name, k, key)
							}
						}
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if files == 0 || findings == 0 {
				t.Fatalf("%d files, %d findings compared", files, findings)
			}
			t.Logf("%d files in %d directories, %d findings compared", files, len(dirs), findings)
		})
	}
}

// TestFolderDuplicateIdentities: in each tree, the reports of an object defined in several files
// say where each other definition is.
func TestFolderDuplicateIdentities(t *testing.T) {
	dups := 0
	for _, root := range folderRoots {
		byTarget := map[string][]report.Report{}
		for _, reps := range diagnoseAll(t, "-f", root, "-R") {
			for _, r := range reps {
				k := fmt.Sprintf("%s %s/%s", r.Target.Kind, r.Target.Namespace, r.Target.Name)
				byTarget[k] = append(byTarget[k], r)
			}
		}
		for k, reps := range byTarget {
			if len(reps) == 1 {
				if n := len(reps[0].AlsoDefinedAt); n != 0 {
					t.Errorf("%s: one report, but %d other definitions", k, n)
				}
				continue
			}
			dups++
			for _, r := range reps {
				named := map[string]bool{}
				for _, d := range r.AlsoDefinedAt {
					if d == *r.Origin {
						t.Errorf("%s names its own definition as another", k)
					}
					named[d.String()] = true
				}
				for _, o := range reps {
					if o.Origin != r.Origin && *o.Origin != *r.Origin && !named[o.Origin.String()] {
						t.Errorf("%s @%v does not name the definition at %v", k, r.Origin, o.Origin)
					}
				}
			}
		}
	}
	if dups == 0 {
		t.Error("no object is defined twice in the trees; the test proves nothing")
	}
}

// manifestName reports whether a file is read from a directory.
func manifestName(path string) bool {
	switch filepath.Ext(path) {
	case ".yaml", ".yml", ".json":
		return true
	}
	return false
}
