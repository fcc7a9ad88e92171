package deploy_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"k8s.io/cli-runtime/pkg/genericiooptions"
	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/hack/modsource"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cmd"
)

// k9sVersion is the k9s release whose plugin schema deploy/k9s/plugins.yaml is validated against.
const k9sVersion = "v0.50.16"

// k9sPlugin is what the tests read of a k9s plugin entry.
type k9sPlugin struct {
	ShortCut string   `json:"shortCut"`
	Scopes   []string `json:"scopes"`
	Command  string   `json:"command"`
	Args     []string `json:"args"`
}

func k9sPlugins(t *testing.T) ([]byte, map[string]k9sPlugin) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("k9s", "plugins.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := yaml.YAMLToJSON(b)
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ Plugins map[string]k9sPlugin }
	if err := yaml.Unmarshal(b, &file); err != nil {
		t.Fatal(err)
	}
	return doc, file.Plugins
}

// TestK9sPluginsSchema validates deploy/k9s/plugins.yaml against the plugins schema the k9s module
// ships (read from the module cache, never copied here).
func TestK9sPluginsSchema(t *testing.T) {
	dir, err := modsource.Dir(context.Background(), "github.com/derailed/k9s", k9sVersion)
	if err != nil {
		t.Fatal(err)
	}
	compile := func(name string) *jsonschema.Schema {
		f, err := os.Open(filepath.Join(dir, "internal", "config", "json", "schemas", name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		s, err := jsonschema.UnmarshalJSON(f)
		if err != nil {
			t.Fatal(err)
		}
		c := jsonschema.NewCompiler()
		if err := c.AddResource(name, s); err != nil {
			t.Fatal(err)
		}
		sch, err := c.Compile(name)
		if err != nil {
			t.Fatal(err)
		}
		return sch
	}
	doc, _ := k9sPlugins(t)
	for _, tc := range []struct {
		name   string
		schema string
		doc    []byte
		valid  bool
	}{
		{name: "shipped file", schema: "plugins.json", doc: doc, valid: true},
		{name: "missing command", schema: "plugins.json", doc: []byte(`{"plugins":{"x":{"shortCut":"Shift-L","description":"d","scopes":["services"]}}}`)},
		{name: "unknown top-level key", schema: "plugins.json", doc: []byte(`{"plugins":{},"plugin":{}}`)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(tc.doc))
			if err != nil {
				t.Fatal(err)
			}
			err = compile(tc.schema).Validate(inst)
			if tc.valid && err != nil {
				t.Fatalf("invalid against k9s %s %s: %v", k9sVersion, tc.schema, err)
			}
			if !tc.valid && err == nil {
				t.Fatal("valid, want invalid (the schema is not checking)")
			}
		})
	}
}

// k9sVar is a k9s variable ($NAME, ${NAMESPACE}); k9s replaces the ones it knows in every argument.
var k9sVar = regexp.MustCompile(`\$\{?!?[A-Za-z][\w-]*`)

// TestK9sPluginsRun runs each plugin's shell command the way k9s does, with kubectl and less
// standing in as recorders, and checks the kubectl lbdoctor command line it gives: the right
// target, flags the real command accepts, and hostile names kept as single arguments.
func TestK9sPluginsRun(t *testing.T) {
	_, plugins := k9sPlugins(t)
	env := map[string]string{"$NAME": "web", "$NAMESPACE": "shop", "$CONTEXT": "prod; touch pwned"}
	for _, tc := range []struct {
		plugin string
		scopes []string
		want   []string
	}{
		{plugin: "lbdoctor-service", scopes: []string{"services"},
			want: []string{"lbdoctor", "service/web", "-n", "shop", "--context", "prod; touch pwned", "--fix-hints", "--color", "always"}},
		{plugin: "lbdoctor-ingress", scopes: []string{"ingresses"},
			want: []string{"lbdoctor", "ingress/web", "-n", "shop", "--context", "prod; touch pwned", "--fix-hints", "--color", "always"}},
		{plugin: "lbdoctor-all", scopes: []string{"services", "ingresses"},
			want: []string{"lbdoctor", "-A", "--context", "prod; touch pwned", "--fix-hints", "--color", "always"}},
	} {
		t.Run(tc.plugin, func(t *testing.T) {
			p, ok := plugins[tc.plugin]
			if !ok {
				t.Fatalf("no plugin %q", tc.plugin)
			}
			if !slices.Equal(p.Scopes, tc.scopes) {
				t.Errorf("scopes = %v, want %v", p.Scopes, tc.scopes)
			}
			if p.Command != "sh" || len(p.Args) < 2 || p.Args[0] != "-c" {
				t.Fatalf("command %q %v: want sh -c SCRIPT", p.Command, p.Args)
			}
			if v := k9sVar.FindString(p.Args[1]); v != "" {
				t.Errorf("script holds k9s variable %s: a name would become shell text", v)
			}
			bin := t.TempDir()
			record := filepath.Join(t.TempDir(), "args")
			writeExec(t, filepath.Join(bin, "kubectl"), "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > "+record+"\n")
			writeExec(t, filepath.Join(bin, "less"), "#!/bin/sh\ncat >/dev/null\n")
			args := slices.Clone(p.Args)
			for i := 2; i < len(args); i++ {
				if v, ok := env[args[i]]; ok {
					args[i] = v
				}
			}
			c := exec.Command(p.Command, args...)
			c.Dir = t.TempDir()
			c.Env = []string{"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH")}
			if out, err := c.CombinedOutput(); err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			b, err := os.ReadFile(record)
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
			if !slices.Equal(got, tc.want) {
				t.Fatalf("kubectl %q, want %q", got, tc.want)
			}
			if entries, _ := os.ReadDir(c.Dir); len(entries) > 0 {
				t.Errorf("the context name ran as a command: %v", entries)
			}
			root := cmd.NewCommand(genericiooptions.NewTestIOStreamsDiscard())
			if err := root.ParseFlags(got[1:]); err != nil {
				t.Errorf("kubectl lbdoctor rejects the plugin's flags: %v", err)
			}
		})
	}
}

func writeExec(t *testing.T, path, script string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
}
