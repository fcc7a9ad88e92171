// Command genrampolicy writes deploy/cloud/ack-ram-policy.json, the least-privilege RAM policy of
// the Alibaba Cloud reader (--cloud on ACK), generated from its action registry.
//
//	go run ./hack/genrampolicy > deploy/cloud/ack-ram-policy.json
package main

import (
	"fmt"
	"os"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/cloudread"
)

func main() {
	if _, err := os.Stdout.Write(cloudread.RAMPolicy()); err != nil {
		fmt.Fprintln(os.Stderr, "genrampolicy:", err)
		os.Exit(1)
	}
}
