// Command kubectl-lbdoctor is the kubectl plugin entry point.
package main

import (
	"os"
	"runtime/debug"

	"k8s.io/cli-runtime/pkg/genericiooptions"
	_ "k8s.io/client-go/plugin/pkg/client/auth" // cloud auth providers in kubeconfigs

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cmd"
)

// gcPercent is the garbage collector's target unless GOGC is set: the heap may grow to 1.5× what is
// live rather than 2×. A cluster-wide run holds the cluster's objects while it decodes more, so the
// peak memory falls by about a quarter (bench/RESULTS.md) for about a tenth more CPU time in the GC.
const gcPercent = 50

func main() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(gcPercent)
	}
	streams := genericiooptions.IOStreams{In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr}
	os.Exit(cmd.Execute(streams, os.Args[1:]))
}
