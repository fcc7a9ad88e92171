// Command lintgen writes the synthetic generator's Services, Ingresses and the TLS Secrets they name
// as manifest files (synth.WriteManifests) for the manifest-linting benchmark, bench/lint.sh.
//
//	lintgen -dir DIR [-files 1000]
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/lbdoctor/kubectl-lbdoctor/bench/synth"
)

func main() {
	dir := flag.String("dir", "", "folder to write the manifests into (must be empty or absent)")
	files := flag.Int("files", 1000, "number of manifest files")
	flag.Parse()
	if err := run(*dir, *files); err != nil {
		fmt.Fprintln(os.Stderr, "lintgen:", err)
		os.Exit(2)
	}
}

func run(dir string, files int) error {
	if dir == "" || files < 10 {
		return errors.New("want -dir DIR and -files of at least 10")
	}
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return fmt.Errorf("%s is not empty", dir)
	}
	c := synth.Generate(synth.ManifestSizes(files))
	n, err := c.WriteManifests(dir)
	if err != nil {
		return err
	}
	fmt.Printf("files=%d services=%d ingresses=%d secrets=%d broken_targets=%d\n",
		n, len(c.Services), len(c.Ingresses), len(c.Secrets), len(c.Mistakes))
	return nil
}
