package main

import (
	"os"
	"strings"
	"testing"

	"k8s.io/cli-runtime/pkg/genericiooptions"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cmd"
)

// TestReadmesLinkEachOther: README.md links the Chinese README at its top, which links back.
func TestReadmesLinkEachOther(t *testing.T) {
	for _, d := range []struct{ file, link string }{
		{"../../README.md", "(README.zh-CN.md)"},
		{"../../README.zh-CN.md", "(README.md)"},
	} {
		b, err := os.ReadFile(d.file)
		if err != nil {
			t.Fatal(err)
		}
		top := strings.Join(strings.SplitN(string(b), "\n", 6)[:5], "\n")
		if !strings.Contains(top, d.link) {
			t.Errorf("%s does not link %s in its first lines", d.file, d.link)
		}
	}
}

// TestReadmeZhFlags: every kubectl lbdoctor command line of README.zh-CN.md names a command and
// flags the plugin has.
func TestReadmeZhFlags(t *testing.T) {
	b, err := os.ReadFile("../../README.zh-CN.md")
	if err != nil {
		t.Fatal(err)
	}
	root := cmd.NewCommand(genericiooptions.NewTestIOStreamsDiscard())
	n := 0
	for _, line := range strings.Split(string(b), "\n") {
		if i := strings.Index(line, " #"); i >= 0 {
			line = line[:i]
		}
		i := strings.Index(line, "kubectl lbdoctor ")
		if i < 0 || strings.Contains(line, "`") {
			continue
		}
		n++
		args := strings.Fields(line[i+len("kubectl lbdoctor "):])
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			c, rest, err := root.Find(args)
			if err != nil {
				t.Fatalf("no such command: %v", err)
			}
			fs := c.Flags()
			fs.AddFlagSet(c.InheritedFlags())
			for _, a := range rest {
				switch {
				case strings.HasPrefix(a, "--"):
					name, _, _ := strings.Cut(strings.TrimPrefix(a, "--"), "=")
					if fs.Lookup(name) == nil {
						t.Errorf("%s has no flag --%s", c.CommandPath(), name)
					}
				case strings.HasPrefix(a, "-") && len(a) == 2:
					if fs.ShorthandLookup(a[1:]) == nil {
						t.Errorf("%s has no flag %s", c.CommandPath(), a)
					}
				}
			}
		})
	}
	if n < 5 {
		t.Errorf("found %d command lines in README.zh-CN.md; the quick start has more", n)
	}
}
