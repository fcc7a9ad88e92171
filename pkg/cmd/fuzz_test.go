package cmd

import (
	"strings"
	"testing"

	"k8s.io/cli-runtime/pkg/genericclioptions"
	"k8s.io/cli-runtime/pkg/genericiooptions"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

var targetSeeds = []string{"svc/foo", "service foo", "ingresses.v1.networking.k8s.io/bar", "svc.v.x/y",
	"ingresses.v.networking.k8s.io/x", "ingress.v.x", "ingress.v", "svc./x", "svc/x svc/x", "ing", "/", ""}

// FuzzParseTargets parses arbitrary target arguments: targets or an error, never a panic.
func FuzzParseTargets(f *testing.F) {
	for _, s := range targetSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		targets, err := snapshot.ParseTargets(strings.Fields(line), "ns", snapshot.ResolveResource)
		if err != nil {
			return
		}
		for i, tg := range targets {
			if tg.Name == "" || strings.Contains(tg.Name, "/") {
				t.Fatalf("bad target %+v from %q", tg, line)
			}
			for _, other := range targets[:i] {
				if other == tg {
					t.Fatalf("target %+v listed twice from %q", tg, line)
				}
			}
		}
	})
}

// FuzzCompleteTargets feeds arbitrary words to shell completion of targets: never a panic. The
// kubeconfig does not exist, so no request leaves the process.
func FuzzCompleteTargets(f *testing.F) {
	for _, s := range targetSeeds {
		f.Add(s, s)
	}
	o := NewOptions(genericiooptions.NewTestIOStreamsDiscard())
	missing := f.TempDir() + "/none"
	o.ConfigFlags = genericclioptions.NewConfigFlags(false)
	o.ConfigFlags.KubeConfig = &missing
	f.Fuzz(func(t *testing.T, args, prefix string) {
		_, _ = o.completeTargets(nil, strings.Fields(args), prefix)
	})
}

func TestCompletionEntryPointDoesNotPanic(t *testing.T) {
	for _, word := range []string{"svc.v.x/y", "ingresses.v.networking.k8s.io/x", "ingress.v.x/"} {
		t.Run(word, func(t *testing.T) {
			out, _, code := run(t, "__complete", word)
			if code != ExitOK || !strings.Contains(out, ":") {
				t.Errorf("__complete %s: exit %d, out %q", word, code, out)
			}
		})
		t.Run("type "+word, func(t *testing.T) {
			if _, _, code := run(t, "__complete", word, ""); code != ExitOK {
				t.Errorf("__complete %s '': exit %d", word, code)
			}
		})
	}
}
