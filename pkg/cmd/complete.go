package cmd

import (
	"maps"
	"slices"

	"github.com/spf13/cobra"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/cli"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// registerKubeconfigCompletions completes the kubeconfig flags as kubectl completes its own:
// --context, --cluster and --user from the kubeconfig (no API call), -n/--namespace from a LIST of
// namespaces made with the flags given before it. Whatever fails completes nothing.
func (o *Options) registerKubeconfigCompletions(cmd *cobra.Command) {
	_ = cmd.RegisterFlagCompletionFunc("context", o.fromKubeconfig(func(c clientcmdapi.Config) []string {
		return slices.Sorted(maps.Keys(c.Contexts))
	}, cli.CompleteContexts))
	_ = cmd.RegisterFlagCompletionFunc("cluster", o.fromKubeconfig(func(c clientcmdapi.Config) []string {
		return slices.Sorted(maps.Keys(c.Clusters))
	}, cli.WithPrefix))
	_ = cmd.RegisterFlagCompletionFunc("user", o.fromKubeconfig(func(c clientcmdapi.Config) []string {
		return slices.Sorted(maps.Keys(c.AuthInfos))
	}, cli.WithPrefix))
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

// namespaces lists the cluster's namespaces that start with prefix; nil when the list fails.
func (o *Options) namespaces(prefix string) []string {
	return cli.WithPrefix(o.completionList(snapshot.NamespaceNames), prefix)
}
