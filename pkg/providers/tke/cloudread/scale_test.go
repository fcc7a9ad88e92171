package cloudread

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/cloudsim/tencent"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
)

// manyLBs is the scenario of testdata/TestReadManyLoadBalancers.yaml with its template load
// balancer copied n times, and the ids to read.
func manyLBs(tb testing.TB, n int) (*tencent.Scenario, []string) {
	tb.Helper()
	scn, err := tencent.LoadScenario(filepath.Join("testdata", "TestReadManyLoadBalancers.yaml"))
	if err != nil {
		tb.Fatal(err)
	}
	tpl := scn.LoadBalancers[0]
	scn.LoadBalancers = nil
	ids := make([]string, n)
	for i := range n {
		lb := tpl
		lb.ID = fmt.Sprintf("lb-%08d", i)
		l := tpl.Listeners[0]
		l.ID = fmt.Sprintf("lbl-%08d", i)
		lb.Listeners = []tencent.Listener{l}
		scn.LoadBalancers = append(scn.LoadBalancers, lb)
		ids[i] = lb.ID
	}
	return scn, ids
}

// requestsPerRead are the requests one read of n load balancers with quotas makes: the
// DescribeLoadBalancers and DescribeTargetHealth batches of 20, one DescribeListeners and one
// DescribeTargets per load balancer (both take a single LoadBalancerId), and one DescribeQuota.
func requestsPerRead(n int) map[string]int {
	batches := (n + lbBatch - 1) / lbBatch
	return map[string]int{
		"DescribeLoadBalancers": batches, "DescribeTargetHealth": batches,
		"DescribeListeners": n, "DescribeTargets": n, "DescribeQuota": 1,
	}
}

// TestReadManyLoadBalancers reads 1,000 load balancers and counts the requests: 2,101 in all
// (50 + 50 batched, 1,000 + 1,000 per instance, 1 quota), 2.1 per load balancer.
func TestReadManyLoadBalancers(t *testing.T) {
	scn, ids := manyLBs(t, 1000)
	s, url := startScenario(t, scn)
	// Asked in reverse, with a duplicate: the reader sorts and dedupes.
	req := cloud.Request{Quotas: true}
	for i := len(ids) - 1; i >= 0; i-- {
		req.LoadBalancerIDs = append(req.LoadBalancerIDs, ids[i])
	}
	req.LoadBalancerIDs = append(req.LoadBalancerIDs, ids[0])
	f := read(t, reader(t, url, nil), req)
	if f.LoadBalancers.Len() != 1000 {
		t.Fatalf("read %d load balancers, want 1000", f.LoadBalancers.Len())
	}
	for _, id := range []string{ids[0], ids[499], ids[999]} {
		lb, err := f.LoadBalancers.Get(id)
		if err != nil || len(lb.Listeners) != 1 || len(lb.Listeners[0].Backends) != 2 || lb.Listeners[0].Backends[1].Health != cloud.Unhealthy {
			t.Errorf("%s = %+v, %v", id, lb, err)
		}
	}
	total := 0
	for action, want := range requestsPerRead(1000) {
		if got := s.Count(action); got != want {
			t.Errorf("%s: %d requests, want %d", action, got, want)
		}
		total += want
	}
	if got := len(s.Requests()); got != total || total != 2101 {
		t.Errorf("%d requests in all, want %d (2101)", got, total)
	}
	for _, r := range s.Requests() {
		if r.Action == "DescribeLoadBalancers" {
			if n := len(r.Params["LoadBalancerIds"].([]any)); n != lbBatch {
				t.Errorf("a DescribeLoadBalancers request named %d ids, want %d", n, lbBatch)
			}
		}
	}
}

// BenchmarkRead reads 1,000 load balancers from the simulated cloud and reports requests per
// read and per load balancer.
func BenchmarkRead(b *testing.B) {
	scn, ids := manyLBs(b, 1000)
	s := tencent.New(scn)
	url, err := s.Start()
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	r, err := New(Options{Region: "ap-guangzhou", Endpoint: url, Credentials: static{id: testID, key: testKey}, Unlimited: true})
	if err != nil {
		b.Fatal(err)
	}
	req := cloud.Request{LoadBalancerIDs: ids, Quotas: true}
	b.ResetTimer()
	for b.Loop() {
		if f := r.Read(b.Context(), req); f.LoadBalancers.Len() != len(ids) {
			b.Fatalf("read %d of %d", f.LoadBalancers.Len(), len(ids))
		}
	}
	b.StopTimer()
	per := float64(len(s.Requests())) / float64(b.N)
	b.ReportMetric(per, "requests/op")
	b.ReportMetric(per/float64(len(ids)), "requests/lb")
}
