package snapshot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
