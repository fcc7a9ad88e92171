package diagnose

import (
	"context"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// Cluster is one cluster of a several-cluster run (a kubeconfig context).
type Cluster struct {
	// Name labels the cluster's reports (report.Report.Cluster).
	Name string
	// Collect diagnoses the cluster: its reports and the reads that failed. It is not called when
	// Err is set: why the cluster cannot be diagnosed.
	Collect func(context.Context) ([]report.Report, []snapshot.FailedRead, error)
	Err     error
}

// ClusterResult is what one Cluster gave: its reports, labelled with its name, and its error: Err,
// Collect's, or a read that failed for a reason other than permissions (see Failure).
type ClusterResult struct {
	Reports []report.Report
	Err     error
}

// Clusters diagnoses each cluster, at most parallel at a time, and returns their results in the
// order of cs. When some are still running after wait, waiting hears their names (sorted), once;
// waited tells whether it did.
func Clusters(ctx context.Context, cs []Cluster, parallel int, wait time.Duration, waiting func(names []string)) (results []ClusterResult, waited bool) {
	results = make([]ClusterResult, len(cs))
	sem := make(chan struct{}, parallel)
	var wg sync.WaitGroup
	var mu sync.Mutex
	pending := map[string]bool{}
	timer := time.AfterFunc(wait, func() {
		mu.Lock()
		names := slices.Sorted(maps.Keys(pending))
		mu.Unlock()
		waiting(names)
	})
	for i, c := range cs {
		if c.Err != nil {
			results[i].Err = c.Err
			continue
		}
		mu.Lock()
		pending[c.Name] = true
		mu.Unlock()
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			reports, incomplete, err := c.Collect(ctx)
			if err == nil {
				err = IncompleteError(incomplete)
			}
			for j := range reports {
				reports[j].Cluster = c.Name
			}
			results[i] = ClusterResult{Reports: reports, Err: err}
			mu.Lock()
			delete(pending, c.Name)
			mu.Unlock()
		})
	}
	wg.Wait()
	return results, !timer.Stop()
}
