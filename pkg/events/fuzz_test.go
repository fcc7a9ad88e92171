package events

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// FuzzMatch feeds event messages to the matcher and the redactor: no panic, results are catalog
// rules of the asked kind, and redaction never grows a credential back.
func FuzzMatch(f *testing.F) {
	files, _ := filepath.Glob("testdata/*_samples.yaml")
	for _, file := range files {
		b, _ := os.ReadFile(file)
		var samples []sample
		_ = yaml.Unmarshal(b, &samples)
		for _, s := range samples {
			f.Add(s.Message)
		}
	}
	f.Add("AccessKeyId=AKID&Signature=x Authorization: Bearer abc https://u:p@h/ eyJa.eyJb.c")
	f.Add(strings.Repeat("E4011 ", 1000))
	f.Fuzz(func(t *testing.T, msg string) {
		for _, kind := range []rules.Kind{rules.Service, rules.Ingress} {
			for _, id := range Match(tkeOnly, "", kind, msg) {
				r, ok := rules.Get(id)
				if !ok || r.Kind != kind {
					t.Fatalf("Match returned %s for kind %s", id, kind)
				}
			}
		}
		red := Redact(msg)
		if Redact(red) != red {
			t.Fatalf("Redact is not idempotent: %q -> %q", red, Redact(red))
		}
	})
}
