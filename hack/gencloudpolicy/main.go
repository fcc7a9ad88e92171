// Command gencloudpolicy writes a cloud's least-privilege access policy, generated from the action
// registry of its --cloud reader (the provider registry's Reader.Policy):
//
//	go run ./hack/gencloudpolicy -provider tke > deploy/cloud/tke-cam-policy.json
//	go run ./hack/gencloudpolicy -list    # each provider with a reader and its policy file
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/provider"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
)

func main() {
	list := flag.Bool("list", false, "print each provider with a cloud reader and its policy file under deploy/cloud, one a line")
	name := flag.String("provider", "", "the provider whose policy to write: "+strings.Join(names(), ", "))
	flag.Parse()
	if *list {
		for _, p := range providers.All() {
			if p.Reader != nil {
				fmt.Printf("%s %s\n", p.Name, p.Reader.PolicyFile)
			}
		}
		return
	}
	r, ok := reader(*name)
	if !ok {
		fmt.Fprintf(os.Stderr, "gencloudpolicy: -provider must be one of %s\n", strings.Join(names(), ", "))
		os.Exit(2)
	}
	for _, a := range r.Actions {
		if !a.ReadOnly() {
			fmt.Fprintf(os.Stderr, "gencloudpolicy: %s is not a read-only action\n", a)
			os.Exit(1)
		}
	}
	if _, err := os.Stdout.Write(r.Policy()); err != nil {
		fmt.Fprintln(os.Stderr, "gencloudpolicy:", err)
		os.Exit(1)
	}
}

// reader is the cloud reader of the provider named name.
func reader(name string) (*provider.Reader, bool) {
	for _, p := range providers.All() {
		if string(p.Name) == name && p.Reader != nil {
			return p.Reader, true
		}
	}
	return nil, false
}

// names are the providers with a cloud reader, in the registry's order.
func names() []string {
	var ns []string
	for _, p := range providers.All() {
		if p.Reader != nil {
			ns = append(ns, string(p.Name))
		}
	}
	return ns
}
