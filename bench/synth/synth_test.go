package synth

import (
	"reflect"
	"testing"

	"k8s.io/apimachinery/pkg/api/meta"
)

func TestGenerateDeterministicAndSized(t *testing.T) {
	sz := DefaultSizes().Scale(0.1)
	a, b := Generate(sz), Generate(sz)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two runs with the same sizes differ")
	}
	if got, want := len(a.Pods), sz.Services*sz.PodsPerService; got != want {
		t.Errorf("pods = %d, want %d", got, want)
	}
	for _, c := range []struct {
		what      string
		got, want int
	}{
		{"namespaces", len(a.Namespaces), sz.Namespaces}, {"nodes", len(a.Nodes), sz.Nodes},
		{"services", len(a.Services), sz.Services}, {"endpointslices", len(a.EndpointSlices), sz.Services},
		{"ingresses", len(a.Ingresses), sz.Ingresses}, {"secrets", len(a.Secrets), sz.Secrets},
		{"events", len(a.Events), sz.Events},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d, want %d", c.what, c.got, c.want)
		}
	}
	targets := sz.Services + sz.Ingresses
	if share := float64(len(a.Mistakes)) / float64(targets); share < 0.15 || share > 0.25 {
		t.Errorf("broken share = %.2f, want about 0.20", share)
	}
	if a.Healthy.Name == "" {
		t.Error("no healthy TKE Service chosen")
	}
	seen := map[string]bool{}
	for _, o := range a.Objects() {
		m, err := meta.Accessor(o)
		if err != nil {
			t.Fatal(err)
		}
		if seen[string(m.GetUID())] {
			t.Fatalf("duplicate uid %s", m.GetUID())
		}
		seen[string(m.GetUID())] = true
	}
	s, err := Snapshot(a.Objects())
	if err != nil {
		t.Fatal(err)
	}
	if got := len(s.Targets); got != targets {
		t.Errorf("snapshot targets = %d, want %d", got, targets)
	}
	if _, err := s.Services.Get(a.Healthy.Namespace, a.Healthy.Name); err != nil {
		t.Errorf("healthy service: %v", err)
	}
}
