package cmd

import (
	"context"
	"errors"

	"github.com/spf13/cobra"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func (o *Options) loadLive(ctx context.Context) (*snapshot.Snapshot, []snapshot.Target, error) {
	return nil, nil, errors.New("live mode is not available yet; pass -f FILE")
}

func (o *Options) completeTargets(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return nil, cobra.ShellCompDirectiveNoFileComp
}
