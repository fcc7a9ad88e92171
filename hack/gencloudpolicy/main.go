// Command gencloudpolicy writes a cloud's least-privilege access policy, generated from the action
// registry of its --cloud reader:
//
//	go run ./hack/gencloudpolicy -provider tke > deploy/cloud/tke-cam-policy.json
//	go run ./hack/gencloudpolicy -provider ack > deploy/cloud/ack-ram-policy.json
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	ack "github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/cloudread"
	tke "github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/cloudread"
)

// policies are the providers' policy generators and their registries, by provider name.
var policies = map[string]struct {
	render  func() []byte
	actions []cloud.Action
}{
	"tke": {tke.CAMPolicy, tke.Actions},
	"ack": {ack.RAMPolicy, ack.Actions},
}

func main() {
	provider := flag.String("provider", "", "the provider whose policy to write: "+strings.Join(names(), ", "))
	flag.Parse()
	p, ok := policies[*provider]
	if !ok {
		fmt.Fprintf(os.Stderr, "gencloudpolicy: -provider must be one of %s\n", strings.Join(names(), ", "))
		os.Exit(2)
	}
	for _, a := range p.actions {
		if !a.ReadOnly() {
			fmt.Fprintf(os.Stderr, "gencloudpolicy: %s is not a read-only action\n", a)
			os.Exit(1)
		}
	}
	if _, err := os.Stdout.Write(p.render()); err != nil {
		fmt.Fprintln(os.Stderr, "gencloudpolicy:", err)
		os.Exit(1)
	}
}

func names() []string {
	var ns []string
	for n := range policies {
		ns = append(ns, n)
	}
	slices.Sort(ns)
	return ns
}
