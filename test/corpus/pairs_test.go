package corpus

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/preflight"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func TestChangePairs(t *testing.T) {
	pairs, err := Pairs("pairs")
	if err != nil {
		t.Fatal(err)
	}
	// The rules the change checks emit: the change classes, and the rules of no class a change
	// gives (a change that will not take effect, a CLB that outlives its Service).
	changeRule := map[string]bool{}
	for _, c := range providers.Suite().Checks() {
		if strings.HasSuffix(c.Name, "-changes") {
			for _, id := range c.Emits {
				changeRule[id.String()] = true
			}
		}
	}
	benign := 0
	for _, p := range pairs {
		dir := p.Dir
		if len(p.Expect) == 0 {
			benign++
		}
		t.Run(filepath.ToSlash(dir), func(t *testing.T) {
			prov, err := providers.Parse(p.Provider)
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range p.Expect {
				if _, ok := rules.Parse(id); !ok || !changeRule[id] {
					t.Fatalf("%s is no change rule", id)
				}
			}
			res, err := preflight.Run(context.Background(), preflight.Options{
				Files:    snapshot.Files{Paths: []string{filepath.Join(dir, "new.yaml")}, DefaultNamespace: "default"},
				Base:     &snapshot.Files{Paths: []string{filepath.Join(dir, "now.yaml")}, DefaultNamespace: "default"},
				Provider: prov})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range res.Reports {
				for _, f := range r.Findings {
					if f.Change != nil {
						got = append(got, f.Rule.String())
					}
				}
			}
			slices.Sort(got)
			got = slices.Compact(got) // several fields may change under one rule
			if !slices.Equal(got, p.Expect) {
				t.Fatalf("change findings %v, want %v (source: %s)", got, p.Expect, p.Source)
			}
		})
	}
	if len(pairs) < 25 || benign == 0 {
		t.Fatalf("%d pairs, %d benign: want at least 25, with benign ones", len(pairs), benign)
	}
}
