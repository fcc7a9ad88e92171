package cmd

import (
	"maps"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// registerKubeconfigCompletions completes the kubeconfig flags as kubectl completes its own:
// --context, --cluster and --user from the kubeconfig (no API call), -n/--namespace from a LIST of
// namespaces made with the flags given before it. Whatever fails completes nothing.
func (o *Options) registerKubeconfigCompletions(cmd *cobra.Command) {
	_ = cmd.RegisterFlagCompletionFunc("context", o.fromKubeconfig(func(c clientcmdapi.Config) []string {
		return slices.Sorted(maps.Keys(c.Contexts))
	}, completeContexts))
	_ = cmd.RegisterFlagCompletionFunc("cluster", o.fromKubeconfig(func(c clientcmdapi.Config) []string {
		return slices.Sorted(maps.Keys(c.Clusters))
	}, withPrefix))
	_ = cmd.RegisterFlagCompletionFunc("user", o.fromKubeconfig(func(c clientcmdapi.Config) []string {
		return slices.Sorted(maps.Keys(c.AuthInfos))
	}, withPrefix))
	_ = cmd.RegisterFlagCompletionFunc("namespace", func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		return o.namespaces(toComplete), cobra.ShellCompDirectiveNoFileComp
	})
}

// fromKubeconfig completes a flag with complete over the names pick takes from the kubeconfig.
func (o *Options) fromKubeconfig(pick func(clientcmdapi.Config) []string, complete func(names []string, toComplete string) []string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		raw, err := o.ConfigFlags.ToRawKubeConfigLoader().RawConfig()
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return complete(pick(raw), toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// withPrefix keeps the names that start with prefix.
func withPrefix(names []string, prefix string) []string {
	var out []string
	for _, n := range names {
		if strings.HasPrefix(n, prefix) {
			out = append(out, n)
		}
	}
	return out
}

// completeContexts completes --context, which also takes a list (a,b diagnoses both): the contexts
// that start with toComplete, and, when toComplete is contexts then a comma, each context not yet
// listed after them (a context named with a comma cannot be listed).
func completeContexts(known []string, toComplete string) []string {
	out := withPrefix(known, toComplete)
	i := strings.LastIndex(toComplete, ",")
	if i < 0 {
		return out
	}
	listed := strings.Split(toComplete[:i], ",")
	for _, n := range listed {
		if !slices.Contains(known, strings.TrimSpace(n)) {
			return out
		}
	}
	for _, n := range withPrefix(known, toComplete[i+1:]) {
		if !strings.Contains(n, ",") && !slices.Contains(listed, n) && !slices.Contains(out, toComplete[:i+1]+n) {
			out = append(out, toComplete[:i+1]+n)
		}
	}
	return out
}

// namespaces lists the cluster's namespaces that start with prefix; nil when the list fails.
func (o *Options) namespaces(prefix string) []string {
	return withPrefix(o.completionList(snapshot.NamespaceNames), prefix)
}
