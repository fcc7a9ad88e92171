package snapshot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/testutil"
)

func TestFromFilesListAndNamespaceDefault(t *testing.T) {
	s, err := FromFiles([]string{"testdata/list.yaml"}, nil, "team")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Services.Get("team", "a"); err != nil {
		t.Errorf("service without namespace should land in the default namespace: %v", err)
	}
	if _, err := s.Secrets.Get("other", "s"); err != nil {
		t.Errorf("secret: %v", err)
	}
	// Absent from the input is unknown, not missing.
	if _, err := s.Secrets.Get("other", "nope"); !IsUnknown(err) {
		t.Errorf("absent secret: got %v, want UnknownError", err)
	}
	if _, err := s.Pods.List("team"); !IsUnknown(err) {
		t.Errorf("pods absent from the input: got %v, want UnknownError", err)
	}
	if _, err := s.EventsFor(KindService, "team", "a", ""); !IsUnknown(err) {
		t.Errorf("events absent from the input: got %v, want UnknownError", err)
	}
}

func TestFromFilesConvertsBetaIngress(t *testing.T) {
	s, err := FromFiles([]string{"testdata/v1beta1.yaml"}, nil, "default")
	if err != nil {
		t.Fatal(err)
	}
	ing, err := s.Ingresses.Get("shop", "old")
	if err != nil {
		t.Fatal(err)
	}
	if ing.Spec.DefaultBackend == nil || ing.Spec.DefaultBackend.Service.Name != "default-svc" || ing.Spec.DefaultBackend.Service.Port.Number != 80 {
		t.Errorf("default backend: %+v", ing.Spec.DefaultBackend)
	}
	b := ing.Spec.Rules[0].HTTP.Paths[0].Backend.Service
	if b.Name != "web" || b.Port.Name != "http" || ing.Spec.Rules[0].Host != "Shop.Example.com" {
		t.Errorf("rule backend: %+v host %q", b, ing.Spec.Rules[0].Host)
	}
	evs, err := s.EventsFor(KindIngress, "shop", "old", "uid-x")
	if err != nil || len(evs) != 1 || evs[0].Count != 2 {
		t.Errorf("events: %v %+v", err, evs)
	}
}

func TestFromFilesErrors(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	line := "# " + strings.Repeat("x", 1022) + "\n"
	for i := 0; i < (MaxInputBytes>>10)+2; i++ {
		f.WriteString(line)
	}
	f.Close()
	empty := t.TempDir()
	tests := []struct {
		name, path, want string
	}{
		{"missing file", "testdata/nope.yaml", "cannot read"},
		{"invalid yaml", "testdata/invalid.yaml", "not valid YAML"},
		{"too large", big, "exceeds"},
		{"empty directory", empty, "no .yaml"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := FromFiles([]string{tt.path}, nil, "default")
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want error containing %q", err, tt.want)
			}
		})
	}
}

func TestStoreSemantics(t *testing.T) {
	st := newStore[string]("things")
	st.Add("a", "x", "X")
	st.MarkAbsent("a", "gone")
	if _, err := st.Get("a", "gone"); !IsNotFound(err) {
		t.Errorf("absent: %v", err)
	}
	if _, err := st.Get("a", "other"); !IsUnknown(err) {
		t.Errorf("never fetched: %v", err)
	}
	st.MarkListed("a")
	if _, err := st.Get("a", "other"); !IsNotFound(err) {
		t.Errorf("listed namespace: %v", err)
	}
	st.MarkGap("b", Gap{Reason: "forbidden", RBAC: "list things in namespace b"})
	_, err := st.List("b")
	if !IsUnknown(err) || !strings.Contains(err.Error(), "needs RBAC: list things") {
		t.Errorf("gap: %v", err)
	}
}

func TestFromFilesEmptyAndDuplicates(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string { return testutil.WriteFile(t, dir, name, body) }
	svc := "apiVersion: v1\nkind: Service\nmetadata: {name: x, namespace: a}\nspec: {type: LoadBalancer}\n"
	empty := write("empty.yaml", "---\n# nothing\n---\n")
	one := write("one.yaml", svc)
	two := write("two.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: a}\n---\n"+svc)
	t.Run("empty file among others", func(t *testing.T) {
		_, err := FromFiles([]string{one, empty}, nil, "default")
		if err == nil || !strings.Contains(err.Error(), "no Kubernetes objects in "+empty) {
			t.Errorf("got %v", err)
		}
	})
	t.Run("empty path", func(t *testing.T) {
		if _, err := FromFiles([]string{""}, nil, "default"); err == nil {
			t.Errorf("empty path accepted")
		}
	})
	t.Run("duplicate across files", func(t *testing.T) {
		s, err := FromFiles([]string{one, two}, nil, "default")
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0].String(), "Service a/x") ||
			!strings.Contains(s.Warnings[0].String(), one+" document 1") || !strings.Contains(s.Warnings[0].String(), two+" document 2") {
			t.Errorf("warnings %q", s.Warnings)
		}
	})
	t.Run("duplicate inside a List", func(t *testing.T) {
		list := write("list.yaml", "apiVersion: v1\nkind: List\nitems:\n- {apiVersion: v1, kind: Service, metadata: {name: x, namespace: a}}\n- {apiVersion: v1, kind: Service, metadata: {name: x, namespace: a}}\n")
		s, err := FromFiles([]string{list}, nil, "default")
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0].String(), "document 1 item 1") || !strings.Contains(s.Warnings[0].String(), "document 1 item 2") {
			t.Errorf("warnings %q", s.Warnings)
		}
	})
	t.Run("distinct objects", func(t *testing.T) {
		s, err := FromFiles([]string{two}, nil, "default")
		if err != nil || len(s.Warnings) != 0 {
			t.Errorf("%v %q", err, s.Warnings)
		}
	})
}
