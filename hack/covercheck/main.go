// Command covercheck reads a Go coverage profile written by the whole unit suite (go test
// -coverpkg=… -coverprofile=FILE ./...) and fails when a package's statement coverage is below its
// floor. A block counts as covered when any test binary ran it.
//
//	go run ./hack/covercheck FILE pkg/cmd=80 pkg/snapshot=80
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path"
	"sort"
	"strconv"
	"strings"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: covercheck PROFILE DIR=PERCENT...")
		os.Exit(2)
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "covercheck:", err)
		os.Exit(2)
	}
	defer f.Close()
	cov, err := perPackage(f)
	if err != nil {
		fmt.Fprintln(os.Stderr, "covercheck:", err)
		os.Exit(2)
	}
	failed := false
	for _, arg := range os.Args[2:] {
		dir, floorText, ok := strings.Cut(arg, "=")
		floor, err := strconv.ParseFloat(floorText, 64)
		if !ok || err != nil {
			fmt.Fprintf(os.Stderr, "covercheck: %q is not DIR=PERCENT\n", arg)
			os.Exit(2)
		}
		c, found := cov.of(dir)
		switch {
		case !found:
			fmt.Printf("covercheck: %s: no statement in the profile\n", dir)
			failed = true
		case c < floor:
			fmt.Printf("covercheck: %s: %.1f%% of statements, below %.0f%%\n", dir, c, floor)
			failed = true
		default:
			fmt.Printf("covercheck: %s: %.1f%% of statements (floor %.0f%%)\n", dir, c, floor)
		}
	}
	if failed {
		os.Exit(1)
	}
}

// counts holds, per package import path, its statements and the covered ones.
type counts map[string][2]int

// of is the coverage percentage of the package whose import path ends with dir.
func (c counts) of(dir string) (float64, bool) {
	keys := make([]string, 0, len(c))
	for k := range c {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if k == dir || strings.HasSuffix(k, "/"+dir) {
			n := c[k]
			if n[0] == 0 {
				return 0, false
			}
			return 100 * float64(n[1]) / float64(n[0]), true
		}
	}
	return 0, false
}

// perPackage merges the profile's blocks (the same block appears once per test binary) and sums
// statements per package.
func perPackage(r io.Reader) (counts, error) {
	type block struct {
		stmts   int
		covered bool
	}
	blocks := map[string]block{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if strings.HasPrefix(text, "mode:") || text == "" {
			continue
		}
		fields := strings.Fields(text)
		if len(fields) != 3 {
			return nil, fmt.Errorf("line %d: %q is not a coverage block", line, text)
		}
		stmts, err1 := strconv.Atoi(fields[1])
		count, err2 := strconv.Atoi(fields[2])
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("line %d: %q is not a coverage block", line, text)
		}
		b := blocks[fields[0]]
		b.stmts = stmts
		b.covered = b.covered || count > 0
		blocks[fields[0]] = b
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	out := counts{}
	for pos, b := range blocks {
		file, _, _ := strings.Cut(pos, ":")
		pkg := path.Dir(file)
		n := out[pkg]
		n[0] += b.stmts
		if b.covered {
			n[1] += b.stmts
		}
		out[pkg] = n
	}
	return out, nil
}
