package snapshot

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/testutil"
)

// tree writes files (path relative to a temporary directory → body) and returns the directory.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, body := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		testutil.WriteFile(t, filepath.Dir(p), filepath.Base(p), body)
	}
	return root
}

func svcYAML(name string, annotations ...string) string {
	s := "apiVersion: v1\nkind: Service\nmetadata:\n  name: " + name + "\n  namespace: shop\n"
	if len(annotations) > 0 {
		s += "  annotations:\n"
		for _, a := range annotations {
			s += "    " + a + "\n"
		}
	}
	return s + "spec:\n  type: LoadBalancer\n  ports: [{port: 80}]\n"
}

const nodeYAML = "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nspec: {providerID: 'qcloud:///100003/ins-1'}\n"

// worldView is what a test compares of a world: its files (base names) and its owned targets.
type worldView struct {
	files, owned []string
}

func view(t *testing.T, in *Input, root string) []worldView {
	t.Helper()
	var out []worldView
	for _, w := range in.Worlds {
		var v worldView
		for _, f := range w.Files {
			rel, err := filepath.Rel(root, f)
			if err != nil {
				rel = f
			}
			v.files = append(v.files, filepath.ToSlash(rel))
		}
		for _, tg := range AllTargets(w.Snap, "") {
			if w.Owns(tg) {
				v.owned = append(v.owned, tg.Name)
			}
		}
		out = append(out, v)
	}
	return out
}

func TestLoadWorlds(t *testing.T) {
	root := tree(t, map[string]string{
		"tke/broken.yaml":              svcYAML("web", "service.kubernetes.io/tke-existed-lbid: lb-1"),
		"tke/fixed.yaml":               svcYAML("web"),
		"tke/nodes.yaml":               nodeYAML,
		"tke/other.yaml":               svcYAML("api"),
		"ack/svc.yaml":                 svcYAML("shop"),
		"ack/again/svc.yaml":           svcYAML("shop"),
		"ack/README.md":                "# not read\n",
		"ack/values.yaml":              "replicas: 3\nimage: nginx\n",
		"ack/package.json":             `{"name": "x", "version": "1.0.0"}`,
		"ack/list.json":                `[1, 2, 3]`,
		"ack/chart/Chart.yaml":         "apiVersion: v2\nname: c\nversion: 0.1.0\n",
		"ack/chart/templates/s":        "x",
		"ack/chart/templates/svc.yaml": "apiVersion: v1\nkind: Service\nmetadata:\n  name: {{ .Release.Name }}\n",
	})
	tests := []struct {
		name  string
		group Grouping
		want  []worldView
	}{
		{"a directory is a world, split where files define one object", GroupDir, []worldView{
			{[]string{"ack/again/svc.yaml"}, []string{"shop"}},
			{[]string{"ack/svc.yaml"}, []string{"shop"}},
			{[]string{"tke/broken.yaml", "tke/nodes.yaml", "tke/other.yaml"}, []string{"api", "web"}},
			{[]string{"tke/fixed.yaml", "tke/nodes.yaml", "tke/other.yaml"}, []string{"web"}},
		}},
		{"a file is a world", GroupFile, []worldView{
			{[]string{"ack/again/svc.yaml"}, []string{"shop"}},
			{[]string{"ack/svc.yaml"}, []string{"shop"}},
			{[]string{"tke/broken.yaml"}, []string{"web"}},
			{[]string{"tke/fixed.yaml"}, []string{"web"}},
			{[]string{"tke/nodes.yaml"}, nil},
			{[]string{"tke/other.yaml"}, []string{"api"}},
		}},
		{"the input is a world, still split where files define one object", GroupAll, []worldView{
			{[]string{"ack/again/svc.yaml", "tke/broken.yaml", "tke/nodes.yaml", "tke/other.yaml"}, []string{"api", "shop", "web"}},
			{[]string{"ack/svc.yaml", "tke/fixed.yaml", "tke/nodes.yaml", "tke/other.yaml"}, []string{"shop", "web"}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, err := Files{Paths: []string{root}, Recursive: true, DefaultNamespace: "default", Group: tt.group}.LoadWorlds()
			if err != nil {
				t.Fatal(err)
			}
			got := view(t, in, root)
			if len(got) != len(tt.want) {
				t.Fatalf("worlds %+v, want %+v", got, tt.want)
			}
			for i := range got {
				slices.Sort(got[i].owned)
				if !slices.Equal(got[i].files, tt.want[i].files) || !slices.Equal(got[i].owned, tt.want[i].owned) {
					t.Errorf("world %d: %+v, want %+v", i, got[i], tt.want[i])
				}
			}
			web := Target{Kind: KindService, Namespace: "shop", Name: "web"}
			defs := in.Definitions(web)
			if len(defs) != 2 || !strings.HasSuffix(defs[0].File, "broken.yaml") || !strings.HasSuffix(defs[1].File, "fixed.yaml") || defs[0].Line != 1 {
				t.Errorf("definitions of %s: %+v", web, defs)
			}
			notes := notesOf(in)
			for _, want := range []string{"values.yaml", "package.json", "list.json", "Chart.yaml", "helm template"} {
				if !strings.Contains(notes, want) {
					t.Errorf("notes lack %q:\n%s", want, notes)
				}
			}
			if strings.Contains(notes, "README.md") || strings.Contains(notes, "templates/svc.yaml") {
				t.Errorf("notes name a file that is not read:\n%s", notes)
			}
		})
	}
}

// TestLoadWorldsProviderEvidenceStaysInItsWorld: nodes of one directory are no evidence in another.
func TestLoadWorldsProviderEvidenceStaysInItsWorld(t *testing.T) {
	root := tree(t, map[string]string{"a/nodes.yaml": nodeYAML, "b/svc.yaml": svcYAML("web")})
	in, err := Files{Paths: []string{root}, Recursive: true, DefaultNamespace: "default"}.LoadWorlds()
	if err != nil {
		t.Fatal(err)
	}
	if len(in.Worlds) != 2 {
		t.Fatalf("%d worlds", len(in.Worlds))
	}
	nodes, _ := in.Worlds[1].Snap.Nodes.List("")
	if len(nodes) != 0 {
		t.Errorf("the Service's world holds the other directory's nodes: %d", len(nodes))
	}
	// Files named together on the command line are asked for together: one world.
	named := []string{filepath.Join(root, "a", "nodes.yaml"), filepath.Join(root, "b", "svc.yaml")}
	in, err = Files{Paths: named, DefaultNamespace: "default"}.LoadWorlds()
	if err != nil {
		t.Fatal(err)
	}
	if len(in.Worlds) != 1 {
		t.Fatalf("named files: %d worlds, want 1", len(in.Worlds))
	}
	if nodes, _ := in.Worlds[0].Snap.Nodes.List(""); len(nodes) != 1 {
		t.Errorf("named files: the world holds %d nodes, want 1", len(nodes))
	}
}

func TestLoadWorldsKustomization(t *testing.T) {
	root := tree(t, map[string]string{
		"base/kustomization.yaml": "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources: [svc.yaml]\npatches:\n- path: patch.yaml\npatchesStrategicMerge:\n- psm.yaml\n",
		"base/svc.yaml":           svcYAML("web"),
		"base/patch.yaml":         "apiVersion: v1\nkind: Service\nmetadata: {name: web, namespace: shop}\n",
		"base/psm.yaml":           "apiVersion: v1\nkind: Service\nmetadata: {name: web, namespace: shop}\n",
	})
	in, err := Files{Paths: []string{root}, Recursive: true, DefaultNamespace: "default"}.LoadWorlds()
	if err != nil {
		t.Fatal(err)
	}
	if len(in.Worlds) != 1 || len(in.Worlds[0].Files) != 1 || filepath.Base(in.Worlds[0].Files[0]) != "svc.yaml" {
		t.Fatalf("worlds %+v", view(t, in, root))
	}
	notes := notesOf(in)
	for _, want := range []string{"kustomization.yaml", "patch.yaml", "psm.yaml", "kustomize build"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
}

func TestLoadWorldsErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		path  string
		want  []string
	}{
		{"a Kubernetes file that does not parse", map[string]string{"d/ok.yaml": svcYAML("a"), "d/bad.yaml": "apiVersion: v1\nkind: [Service\n"},
			"d", []string{"bad.yaml:2:", "not valid YAML"}},
		{"a Kubernetes file with a document that is no object", map[string]string{"d/bad.yaml": svcYAML("a") + "---\n- x\n"},
			"d", []string{"bad.yaml:", "document 2 is not a Kubernetes object"}},
		{"only a Helm chart", map[string]string{"c/Chart.yaml": "apiVersion: v2\nname: c\n", "c/templates/svc.yaml": "kind: Service\n"},
			"c", []string{"no Kubernetes objects in", "Chart.yaml", "helm template"}},
		{"a named file that holds no object", map[string]string{"values.yaml": "replicas: 3\n"},
			"values.yaml", []string{"values.yaml:1:", "not a Kubernetes object"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := tree(t, tt.files)
			_, err := Files{Paths: []string{filepath.Join(root, tt.path)}, Recursive: true, DefaultNamespace: "default"}.LoadWorlds()
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

func TestParseGrouping(t *testing.T) {
	for _, g := range Groupings {
		if got, err := ParseGrouping(string(g)); err != nil || got != g {
			t.Errorf("%s: %v %v", g, got, err)
		}
	}
	if _, err := ParseGrouping("bogus"); err == nil || !strings.Contains(err.Error(), "dir, file, all") {
		t.Errorf("bogus: %v", err)
	}
}

func TestLoadWorldsFileGivenTwice(t *testing.T) {
	root := tree(t, map[string]string{"svc.yaml": svcYAML("web")})
	p := filepath.Join(root, "svc.yaml")
	in, err := Files{Paths: []string{p, p, root}, DefaultNamespace: "default"}.LoadWorlds()
	if err != nil {
		t.Fatal(err)
	}
	if len(in.Worlds) != 1 || len(in.Worlds[0].Files) != 1 || len(in.Notes) != 0 {
		t.Errorf("a file given three times: %d worlds, files %v, notes %q", len(in.Worlds), in.Worlds[0].Files, in.Notes)
	}
}

func TestLoadWorldsTwiceInOneFile(t *testing.T) {
	root := tree(t, map[string]string{"a.yaml": svcYAML("web") + "---\n" + svcYAML("web")})
	in, err := Files{Paths: []string{filepath.Join(root, "a.yaml")}, DefaultNamespace: "default"}.LoadWorlds()
	if err != nil {
		t.Fatal(err)
	}
	defs := in.Definitions(Target{Kind: KindService, Namespace: "shop", Name: "web"})
	if len(in.Worlds) != 1 || len(defs) != 1 || defs[0].Line == 1 || len(in.Worlds[0].Snap.Warnings) != 1 {
		t.Errorf("worlds %d, definitions %+v, warnings %q", len(in.Worlds), defs, in.Worlds[0].Snap.Warnings)
	}
}

// notesOf is the English of in's notes, a line each.
func notesOf(in *Input) string {
	lines := make([]string, len(in.Notes))
	for i, n := range in.Notes {
		lines[i] = n.String()
	}
	return strings.Join(lines, "\n")
}
