package snapshot

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestLocate(t *testing.T) {
	in := filepath.Join("testdata", "inputs")
	helm := filepath.Join(in, "helm-stream.yaml")
	svc := Target{Kind: KindService, Namespace: "default", Name: "web"}
	ing := Target{Kind: KindIngress, Namespace: "default", Name: "web"}
	tests := []struct {
		name      string
		file      string
		target    Target
		path      string
		line, col int
	}{
		{"annotation key", helm, svc, "metadata.annotations[service.kubernetes.io/tke-existed-lbid]", 9, 5},
		{"entry inside an annotation's value: the annotation", helm, svc, "metadata.annotations[service.kubernetes.io/tke-existed-lbid][3]", 9, 5},
		{"absent annotation: the annotations", helm, svc, "metadata.annotations[service.kubernetes.io/other]", 8, 3},
		{"absent field: its nearest written ancestor", helm, svc, "spec.selector", 10, 1},
		{"list item", helm, svc, "spec.ports[0].port", 13, 5},
		{"field of a list item", helm, ing, "spec.tls[0].secretName", 26, 5},
		{"absent field of a list item: the item", helm, ing, "spec.tls[1].secretName", 27, 5},
		{"index past the list: the list", helm, ing, "spec.tls[7]", 24, 3},
		{"no path: the object", helm, ing, "", 19, 1},
		{"another object, dotted key", helm, svc, "default/configmap/settings.data.app.conf", 37, 3},
		{"another object absent from the input: the target", helm, svc, "kube-system/configmap/nope.data.x", 4, 1},
		{"object inside a List", filepath.Join(in, "kustomize-list.yaml"), Target{Kind: KindService, Namespace: "pay", Name: "api"}, "spec.type", 10, 5},
		{"JSON indented with tabs", filepath.Join(in, "tabbed.json"), Target{Kind: KindService, Namespace: "default", Name: "json-svc"},
			"metadata.annotations[service.kubernetes.io/tke-existed-lbid]", 7, 4},
		{"second value of a JSON stream", filepath.Join(in, "items.json"), Target{Kind: KindService, Namespace: "js", Name: "two"},
			"metadata.annotations[service.kubernetes.io/tke-existed-lbid]", 2, 96},
		{"pretty value after a JSON stream's lines", filepath.Join(in, "items.json"), Target{Kind: KindIngress, Namespace: "js", Name: "three"},
			"metadata.name", 6, 16},
		{"CRLF line endings", "crlf", ing, "spec.tls[1]", 27, 5},
		{"through an alias: the anchored node", filepath.Join(in, "anchors.yaml"), Target{Kind: KindService, Namespace: "default", Name: "anchored"},
			"spec.selector.app", 6, 5},
		{"field of an aliased list item", filepath.Join(in, "anchors.yaml"), Target{Kind: KindService, Namespace: "default", Name: "anchored"},
			"spec.ports[1].port", 11, 21},
		{"item after an alias", filepath.Join(in, "anchors.yaml"), Target{Kind: KindService, Namespace: "default", Name: "anchored"},
			"spec.ports[2].port", 14, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := tt.file
			if file == "crlf" {
				file = crlf(t, helm)
			}
			s, err := Files{Paths: []string{file}, DefaultNamespace: "default"}.Load()
			if err != nil {
				t.Fatal(err)
			}
			got := s.Locate(tt.target, tt.path)
			if got == nil || got.Line != tt.line || got.Column != tt.col || !strings.HasSuffix(got.File, filepath.Base(file)) {
				t.Errorf("Locate(%q) = %#v, want %s:%d:%d", tt.path, got, filepath.Base(file), tt.line, tt.col)
			}
		})
	}
	t.Run("file relative to the working directory", func(t *testing.T) {
		s, err := FromFiles([]string{helm}, nil, "default")
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Locate(svc, "spec"); got == nil || got.File != helm {
			t.Errorf("file %+v, want %s", got, helm)
		}
		abs, _ := filepath.Abs(helm)
		s, err = FromFiles([]string{abs}, nil, "default")
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Locate(svc, "spec"); got == nil || got.File != helm {
			t.Errorf("absolute path under the working directory: file %+v, want %s", got, helm)
		}
	})
	t.Run("live objects have no location", func(t *testing.T) {
		if got := New(Live).Locate(svc, "spec"); got != nil {
			t.Errorf("live location %+v", got)
		}
	})
}
