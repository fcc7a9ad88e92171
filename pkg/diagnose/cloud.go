package diagnose

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/provider"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Cloud is the cloud read of a diagnosis (--cloud): once, after the cluster's, for the load
// balancers, certificates and subnets the targets name, through each provider's reader.
type Cloud struct {
	// Region, when set, is the region to read in; else each reader's region comes from the nodes.
	Region string
	// Timeout bounds each call (0: only the context's deadline bounds them).
	Timeout time.Duration
	// Count, when set, is told each call's action and result ("ok" or a cloud.Class).
	Count func(a cloud.Action, result string)
}

// CloudReaders are the readers of the registry's providers that have one (provider.Reader).
func CloudReaders() map[rules.Provider]provider.Reader { return providers.Readers() }

// Read reads the clouds of targets (their provider, or provider when set) into snap.Clouds. It never
// fails: what it could not read is recorded in the facts, which the cloud checks turn into skips
// naming the action.
func (cl *Cloud) Read(ctx context.Context, snap *snapshot.Snapshot, targets []snapshot.Target, suite *checks.Suite, provider rules.Provider) {
	if suite == nil {
		suite = providers.Suite()
	}
	snap.Clouds = map[string]*cloud.Facts{}
	reqs := suite.CloudRequests(snap, targets, provider)
	nodes, _ := snap.Nodes.List("")
	for p, req := range reqs {
		if _, ok := CloudReaders()[p]; ok {
			snap.Clouds[string(p)] = cl.readProvider(ctx, p, cl.region(p, nodes), req)
		}
	}
}

// region is the region to read provider p's cloud in: Region, else the nodes'.
func (cl *Cloud) region(p rules.Provider, nodes []*corev1.Node) string {
	if cl.Region != "" {
		return cl.Region
	}
	region, _ := CloudReaders()[p].Region(nodes)
	return region
}

// readProvider reads req from provider p's cloud in region; a reader that cannot be made fails
// every item.
func (cl *Cloud) readProvider(ctx context.Context, p rules.Provider, region string, req cloud.Request) *cloud.Facts {
	r, err := CloudReaders()[p].New(provider.ReaderOptions{Region: region, Timeout: cl.Timeout, Count: cl.Count})
	if err != nil {
		f := &cloud.Facts{Provider: string(p), Region: region, ReadAt: time.Now()}
		e := &cloud.ReadError{Class: cloud.Failed, Message: err.Error()}
		if w, ok := err.(words.Worded); ok {
			e.Words = words.Say(w.In(words.English), w.In(words.Chinese))
		}
		f.LoadBalancers.FailAll(e)
		f.Certificates.FailAll(e)
		f.Subnets.FailAll(e)
		f.Quotas.FailAll(e)
		return f
	}
	return r.Read(ctx, req)
}
