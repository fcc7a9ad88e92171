package snapshot

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// TestFileErrorsWorded: every error a user's manifest input can give is worded in both languages
// (English without Han, the same as Error(); Chinese with Han and no glossary variant), keeps the
// file's name and line as they are, and still wraps what callers look for (errors.Is, errors.As).
func TestFileErrorsWorded(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	empty := t.TempDir()
	chart := filepath.Join(dir, "chart")
	write("chart/Chart.yaml", "apiVersion: v2\nname: c\n")
	tests := []struct {
		name  string
		paths []string
		recur bool
		frag  string // a fragment of the English message, to tell the cases apart
		keep  string // a fact the Chinese keeps
		is    error  // what errors.Is must still find, when set
	}{
		{"missing file", []string{filepath.Join(dir, "nope.yaml")}, false, "cannot read", "nope.yaml", fs.ErrNotExist},
		{"no path", []string{""}, false, "-f needs", "-f", nil},
		{"empty directory", []string{empty}, false, "-R reads", empty, nil},
		{"empty directory tree", []string{empty}, true, "subdirectories", empty, nil},
		{"only a Helm chart", []string{chart}, false, "no Kubernetes objects", "helm template", nil},
		{"bad YAML", []string{write("bad.yaml", "a: [\n")}, false, "not valid YAML", "bad.yaml", nil},
		{"not an object", []string{write("seq.yaml", "- apiVersion: v1\n- kind: Service\n")}, false, "not a Kubernetes object", "seq.yaml:1", nil},
		{"no kind", []string{write("nokind.yaml", "apiVersion: v1\nmetadata:\n  name: x\n")}, false, "has no kind", "nokind.yaml:1", nil},
		{"no apiVersion", []string{write("noversion.yaml", "kind: Service\nmetadata:\n  name: x\n")}, false, "no apiVersion", "Service", nil},
		{"missing name", []string{write("noname.yaml", "apiVersion: v1\nkind: Service\nmetadata: {}\n")}, false, "no metadata.name", "metadata.name", nil},
		{"list item not an object", []string{write("list.yaml", "apiVersion: v1\nkind: List\nitems:\n- 3\n")}, false, "is not an object", "List", nil},
		{"mapping key not a scalar", []string{write("key.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  ? [a]\n  : b\n")}, false, "must be a scalar", "key.yaml", nil},
		{"merge key without a mapping", []string{write("merge.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  <<: 3\n")}, false, "merge key", "merge.yaml", nil},
		{"Ingress of an unknown version", []string{write("ing.yaml", "apiVersion: extensions/v1\nkind: Ingress\nmetadata:\n  name: x\n")}, false, "unsupported apiVersion", "extensions/v1", nil},
		{"Ingress that does not decode", []string{write("ing2.yaml", "apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: x\nspec:\n  rules: 3\n")}, false, "Ingress x", "ing2.yaml", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Files{Paths: tt.paths, Recursive: tt.recur, DefaultNamespace: "default"}.Load()
			if err == nil {
				t.Fatal("no error")
			}
			en := err.Error()
			if !strings.Contains(en, tt.frag) {
				t.Errorf("error %q, want the case of %q", en, tt.frag)
			}
			var w words.Worded
			if !errors.As(err, &w) {
				t.Fatalf("error %q is not worded", en)
			}
			if got := w.In(words.English); got != en || words.HasHan(got) {
				t.Errorf("In(English) = %q, Error() = %q", got, en)
			}
			zh := w.In(words.Chinese)
			if !words.HasHan(zh) || strings.Contains(zh, "%!") || !strings.Contains(zh, tt.keep) {
				t.Errorf("In(Chinese) = %q, want Chinese keeping %q", zh, tt.keep)
			}
			if bad := rules.MisusedTerms(zh, rules.Generic); len(bad) > 0 {
				t.Errorf("In(Chinese) = %q: %v", zh, bad)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("errors.Is(%q, %v) = false", en, tt.is)
			}
			var pe *fs.PathError
			if tt.is == fs.ErrNotExist && !errors.As(err, &pe) {
				t.Errorf("errors.As(%q, *fs.PathError) = false", en)
			}
		})
	}
}

// TestInputNotesWorded: the notes and warnings of manifest input (files left out, an object given
// twice, files defining the same object) are worded in both languages; String is the English.
func TestInputNotesWorded(t *testing.T) {
	dir := t.TempDir()
	svc := "apiVersion: v1\nkind: Service\nmetadata:\n  name: x\n  namespace: a\n"
	for name, body := range map[string]string{"one.yaml": svc + "---\n" + svc, "two.yaml": svc, "values.yaml": "replicas: 3\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	in, err := Files{Paths: []string{dir}, DefaultNamespace: "default", Group: GroupAll}.LoadWorlds()
	if err != nil {
		t.Fatal(err)
	}
	var all []words.Words
	all = append(all, in.Notes...)
	for _, w := range in.Worlds {
		all = append(all, w.Snap.Warnings...)
	}
	if len(all) < 3 {
		t.Fatalf("notes %v, want the skipped file, the collision and the repeat", all)
	}
	for _, w := range all {
		en, zh := w.In(words.English), w.In(words.Chinese)
		if en != w.String() || words.HasHan(en) || !words.HasHan(zh) || !strings.Contains(zh, "yaml") {
			t.Errorf("note %q / %q", en, zh)
		}
	}
}
