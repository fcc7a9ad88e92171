// Command scenario loads example manifests into the local test cluster (see test/scenario):
//
//	scenario apply STATE FILE...   create the objects, write what was created to STATE (JSON)
//	scenario delete STATE          delete what STATE lists
//
// It reads $KUBECONFIG.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"k8s.io/client-go/tools/clientcmd"

	"github.com/lbdoctor/kubectl-lbdoctor/test/scenario"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "scenario:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) < 2 {
		return fmt.Errorf("usage: scenario apply STATE FILE... | scenario delete STATE")
	}
	cfg, err := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(clientcmd.NewDefaultClientConfigLoadingRules(), nil).ClientConfig()
	if err != nil {
		return err
	}
	l, err := scenario.NewLoader(cfg)
	if err != nil {
		return err
	}
	ctx := context.Background()
	switch args[0] {
	case "apply":
		var refs []scenario.Ref
		for _, f := range args[2:] {
			objs, err := scenario.Read(f)
			if err != nil {
				return err
			}
			r, err := l.Apply(ctx, objs)
			refs = append(refs, r...)
			if werr := write(args[1], refs); werr != nil {
				return werr
			}
			if err != nil {
				return err
			}
		}
		return nil
	case "delete":
		b, err := os.ReadFile(args[1])
		if err != nil {
			return err
		}
		var refs []scenario.Ref
		if err := json.Unmarshal(b, &refs); err != nil {
			return err
		}
		return l.Delete(ctx, refs)
	}
	return fmt.Errorf("unknown command %q", args[0])
}

func write(path string, refs []scenario.Ref) error {
	b, err := json.Marshal(refs)
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o600)
}
