// Command kubectl-lbdoctor is the kubectl plugin entry point.
package main

import (
	"os"

	"k8s.io/cli-runtime/pkg/genericiooptions"
	_ "k8s.io/client-go/plugin/pkg/client/auth" // cloud auth providers in kubeconfigs

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cmd"
)

func main() {
	streams := genericiooptions.IOStreams{In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr}
	os.Exit(cmd.Execute(streams, os.Args[1:]))
}
