// Command genrbac writes deploy/rbac.yaml, the ClusterRole kubectl lbdoctor needs, generated from the
// resource registry (pkg/snapshot) with the custom resources and notes pkg/checks registers.
//
//	go run ./hack/genrbac > deploy/rbac.yaml
package main

import (
	"fmt"
	"os"

	// The checks register their custom resources and notes.
	_ "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func main() {
	if _, err := os.Stdout.Write(snapshot.ClusterRoleYAML()); err != nil {
		fmt.Fprintln(os.Stderr, "genrbac:", err)
		os.Exit(1)
	}
}
