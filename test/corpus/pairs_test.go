package corpus

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/preflight"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// Change pairs: pairs/<provider>/<case>/now.yaml is an object as it is (applied, its load balancer
// made), new.yaml the manifest about to be applied. new.yaml's header names the public source
// (# source:), the source kind, the provider and the change findings the preflight must report
// (# lbdoctor-expect: rule ids, or benign for none).

type pair struct {
	dir, source, provider string
	expect                []string
}

func readPair(t *testing.T, dir string) pair {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "new.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p := pair{dir: dir}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "#") {
			break
		}
		key, val, _ := strings.Cut(strings.TrimSpace(strings.TrimPrefix(line, "#")), ":")
		val = strings.TrimSpace(val)
		switch key {
		case "source":
			p.source = val
		case "lbdoctor-provider":
			p.provider = val
		case "lbdoctor-expect":
			if val != "benign" {
				for _, id := range strings.Split(val, ",") {
					p.expect = append(p.expect, strings.TrimSpace(id))
				}
			}
		}
	}
	if p.source == "" || p.provider == "" {
		t.Fatalf("%s: new.yaml needs # source: and # lbdoctor-provider:", dir)
	}
	return p
}

func TestChangePairs(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("pairs", "*", "*"))
	if err != nil {
		t.Fatal(err)
	}
	benign := 0
	for _, dir := range dirs {
		p := readPair(t, dir)
		if len(p.expect) == 0 {
			benign++
		}
		t.Run(filepath.ToSlash(dir), func(t *testing.T) {
			prov, err := rules.ParseProvider(p.provider)
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range p.expect {
				if r, ok := rules.Parse(id); !ok || r.Rule().Change == "" {
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
			want := slices.Clone(p.expect)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("change findings %v, want %v (source: %s)", got, want, p.source)
			}
		})
	}
	if len(dirs) < 25 || benign == 0 {
		t.Fatalf("%d pairs, %d benign: want at least 25, with benign ones", len(dirs), benign)
	}
}
