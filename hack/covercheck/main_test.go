package main

import (
	"strings"
	"testing"
)

func TestPerPackage(t *testing.T) {
	// Two test binaries report the same blocks of pkg/a; pkg/b is another package.
	profile := `mode: set
example.com/m/pkg/a/a.go:1.1,2.2 3 0
example.com/m/pkg/a/a.go:3.1,4.2 1 1
example.com/m/pkg/b/b.go:1.1,2.2 4 0
example.com/m/pkg/a/a.go:1.1,2.2 3 1
example.com/m/pkg/a/a.go:3.1,4.2 1 0
`
	c, err := perPackage(strings.NewReader(profile))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		dir   string
		want  float64
		found bool
	}{
		{"pkg/a", 100, true},
		{"pkg/b", 0, true},
		{"a", 100, true},
		{"pkg/c", 0, false},
	} {
		t.Run(tc.dir, func(t *testing.T) {
			got, found := c.of(tc.dir)
			if got != tc.want || found != tc.found {
				t.Errorf("of(%q) = %v, %v; want %v, %v", tc.dir, got, found, tc.want, tc.found)
			}
		})
	}
	if _, err := perPackage(strings.NewReader("mode: set\nnot a block\n")); err == nil {
		t.Error("a malformed line gave no error")
	}
}
