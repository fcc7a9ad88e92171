// Command genrbac writes deploy/rbac.yaml, the ClusterRole kubectl lbdoctor needs, generated from the
// resource registry (pkg/snapshot) with the custom resources the checks register and the notes of
// every provider (providers.ReadNotes).
//
//	go run ./hack/genrbac > deploy/rbac.yaml
package main

import (
	"fmt"
	"os"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func main() {
	if _, err := os.Stdout.Write(clusterRole()); err != nil {
		fmt.Fprintln(os.Stderr, "genrbac:", err)
		os.Exit(1)
	}
}

// clusterRole is deploy/rbac.yaml.
func clusterRole() []byte { return snapshot.ClusterRoleYAML(providers.ReadNotes()...) }
