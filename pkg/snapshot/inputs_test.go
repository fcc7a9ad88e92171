package snapshot

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/testutil"
)

// crlf writes a copy of a fixture with CRLF line endings (Windows editors, some generators).
func crlf(t *testing.T, fixture string) string {
	t.Helper()
	b, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	return testutil.WriteFile(t, t.TempDir(), filepath.Base(fixture), strings.ReplaceAll(string(b), "\n", "\r\n"))
}

func targetNames(s *Snapshot) []string {
	var out []string
	for _, tg := range AllTargets(s, "") {
		out = append(out, tg.String())
	}
	return out
}

func TestFilesLoadsPipelineOutput(t *testing.T) {
	in := filepath.Join("testdata", "inputs")
	tests := []struct {
		name      string
		files     Files
		targets   []string
		configMap string // namespace/name of a ConfigMap the input holds, when any
	}{
		{"helm stream: comments, empty documents, --- with comments",
			Files{Paths: []string{filepath.Join(in, "helm-stream.yaml")}},
			[]string{"Service default/web", "Ingress default/web"}, "default/settings"},
		{"helm stream with CRLF line endings",
			Files{Paths: []string{crlf(t, filepath.Join(in, "helm-stream.yaml"))}},
			[]string{"Service default/web", "Ingress default/web"}, "default/settings"},
		{"kustomize List: only the LoadBalancer Service is a target",
			Files{Paths: []string{filepath.Join(in, "kustomize-list.yaml")}},
			[]string{"Service pay/api"}, ""},
		{"JSON indented with tabs",
			Files{Paths: []string{filepath.Join(in, "tabbed.json")}},
			[]string{"Service default/json-svc"}, ""},
		{"stream of JSON values (jq -c output)",
			Files{Paths: []string{filepath.Join(in, "items.json")}},
			[]string{"Service js/one", "Service js/two", "Ingress js/three"}, ""},
		{"directory without -R: its own files only",
			Files{Paths: []string{filepath.Join(in, "tree")}},
			[]string{"Service t/top"}, ""},
		{"directory with -R: subdirectories too, hidden ones left out",
			Files{Paths: []string{filepath.Join(in, "tree")}, Recursive: true},
			[]string{"Service t/top", "Ingress t/nested"}, ""},
		{"-R on a directory whose manifests are all below it",
			Files{Paths: []string{filepath.Join(in, "deep")}, Recursive: true},
			[]string{"Service d/deep"}, ""},
		{"several paths",
			Files{Paths: []string{filepath.Join(in, "kustomize-list.yaml"), filepath.Join(in, "tabbed.json")}},
			[]string{"Service pay/api", "Service default/json-svc"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.files.DefaultNamespace = "default"
			s, err := tt.files.Load()
			if err != nil {
				t.Fatal(err)
			}
			got := targetNames(s)
			if !sameSet(got, tt.targets) {
				t.Errorf("targets %v, want %v", got, tt.targets)
			}
			if tt.configMap != "" {
				ns, name, _ := strings.Cut(tt.configMap, "/")
				cm, err := s.ConfigMaps.Get(ns, name)
				if err != nil {
					t.Fatal(err)
				}
				if cm.Data["app.conf"] != "listen 80\n" {
					t.Errorf("block scalar read as %q", cm.Data["app.conf"])
				}
			}
		})
	}
}

func TestFilesStdinStream(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "inputs", "helm-stream.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := Files{Paths: []string{"-"}, Stdin: strings.NewReader(string(b)), DefaultNamespace: "shop"}.Load()
	if err != nil {
		t.Fatal(err)
	}
	svc, err := s.Services.Get("shop", "web")
	if err != nil {
		t.Fatal(err)
	}
	if svc.Annotations["service.kubernetes.io/tke-existed-lbid"] != "lb-12345678" {
		t.Errorf("annotations %v", svc.Annotations)
	}
	loc := s.Locate(Target{Kind: KindService, Namespace: "shop", Name: "web"}, "metadata.annotations[service.kubernetes.io/tke-existed-lbid]")
	if loc == nil || *loc != (Location{File: Stdin, Line: 9, Column: 5}) {
		t.Errorf("location %+v", loc)
	}
}

func TestFilesInputErrors(t *testing.T) {
	in := filepath.Join("testdata", "inputs")
	empty := t.TempDir()
	onlySub := t.TempDir()
	if err := os.Mkdir(filepath.Join(onlySub, "charts"), 0o755); err != nil {
		t.Fatal(err)
	}
	testutil.WriteFile(t, filepath.Join(onlySub, "charts"), "svc.yaml", "apiVersion: v1\nkind: Service\nmetadata: {name: x}\n")
	tests := []struct {
		name  string
		files Files
		want  []string
	}{
		{"YAML syntax error names file and line", Files{Paths: []string{filepath.Join(in, "notes.yaml")}},
			[]string{filepath.Join(in, "notes.yaml") + ":2:", "not valid YAML"}},
		{"YAML that is no object names file and line", Files{Paths: []string{filepath.Join(in, "prose.yaml")}},
			[]string{filepath.Join(in, "prose.yaml") + ":1:", "not a Kubernetes object"}},
		{"a syntax error in the middle of a CRLF stream", Files{Paths: []string{crlfBroken(t)}},
			[]string{"broken.yaml:6:", "not valid YAML"}},
		{"unclosed flow sequence: the line where the input ends", Files{Paths: []string{"-"}, Stdin: strings.NewReader("[a, b\n")},
			[]string{"standard input:2:", "not valid YAML"}},
		{"second document not an object", Files{Paths: []string{"-"}, Stdin: strings.NewReader("apiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n---\n- a\n- b\n")},
			[]string{"standard input:5:", "document 2 is not a Kubernetes object"}},
		{"empty directory", Files{Paths: []string{empty}}, []string{"directory " + empty + " holds no .yaml", "-R"}},
		{"empty directory with -R", Files{Paths: []string{empty}, Recursive: true}, []string{"directory " + empty + " holds no .yaml", "nor do its subdirectories"}},
		{"manifests only below, without -R", Files{Paths: []string{onlySub}}, []string{"holds no .yaml", "-R reads its subdirectories"}},
		{"hidden directory is not read with -R", Files{Paths: []string{filepath.Join(in, "tree", ".hidden")}, Recursive: true},
			[]string{"no Kubernetes objects in", "workflow.yaml"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.files.DefaultNamespace = "default"
			_, err := tt.files.Load()
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error is not one line: %q", err)
			}
		})
	}
}

// crlfBroken is a CRLF stream whose second document has a syntax error on line 6.
func crlfBroken(t *testing.T) string {
	return testutil.WriteFile(t, t.TempDir(), "broken.yaml",
		"apiVersion: v1\r\nkind: Namespace\r\nmetadata: {name: a}\r\n---\r\napiVersion: v1\r\nkind: [Service\r\n")
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
