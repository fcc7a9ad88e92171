package engine

import (
	"fmt"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/kind"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// benchTargets is the size of the benchmarks' index: 10,000 targets in 70 namespaces, as issue
// 27's cluster has 140 per namespace.
const benchTargets, benchPerNS = 10000, 140

func benchTarget(i int) snapshot.Target {
	return snapshot.Target{Kind: kind.Service, Namespace: fmt.Sprint("ns-", i/benchPerNS), Name: fmt.Sprint("svc-", i)}
}

// benchReads is what a LoadBalancer Service of issue 27's cluster reads.
func benchReads(t snapshot.Target) []snapshot.Request {
	return []snapshot.Request{
		{Resource: snapshot.Nodes},
		{Resource: snapshot.IngressClasses},
		{Resource: snapshot.ConfigMaps, Namespace: "kube-system", Name: "tke-service-controller-config"},
		{Resource: snapshot.Events, Kind: t.Kind, Namespace: t.Namespace, Name: t.Name, PerTarget: true},
		{Resource: snapshot.EndpointSlices, Namespace: t.Namespace, LabelSelector: "kubernetes.io/service-name=" + t.Name, PerTarget: true},
		{Resource: snapshot.Pods, Namespace: t.Namespace, LabelSelector: "app=" + t.Name, PerTarget: true},
		{Resource: snapshot.Secrets, Namespace: t.Namespace, Name: t.Name + "-tls", PerTarget: true},
		{Resource: snapshot.Deployments, Namespace: t.Namespace, PerTarget: true},
	}
}

func benchIndex() (*index, [][]snapshot.Request) {
	x := newIndex()
	reqs := make([][]snapshot.Request, benchTargets)
	for i := range benchTargets {
		reqs[i] = benchReads(benchTarget(i))
		x.set(benchTarget(i), reqs[i])
	}
	return x, reqs
}

// BenchmarkIndexSet sets a target's reads again, unchanged, as each re-diagnosis does.
func BenchmarkIndexSet(b *testing.B) {
	x, reqs := benchIndex()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		j := i % benchTargets
		x.set(benchTarget(j), reqs[j])
	}
}

// BenchmarkIndexReplace drops a target and sets it again, as a deleted and re-created Service does.
func BenchmarkIndexReplace(b *testing.B) {
	x, reqs := benchIndex()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		j := i % benchTargets
		x.drop(benchTarget(j))
		x.set(benchTarget(j), reqs[j])
	}
}

// BenchmarkIndexAffectedPod finds the targets of a Pod's change: the one of its namespace's
// selections that selects it.
func BenchmarkIndexAffectedPod(b *testing.B) {
	x, _ := benchIndex()
	t := benchTarget(benchTargets / 2)
	p := &metav1.ObjectMeta{Namespace: t.Namespace, Name: "p", Labels: map[string]string{"app": t.Name}}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		out := map[snapshot.Target]bool{}
		x.affected(snapshot.Pods, p.Namespace, p.Name, []metav1.Object{p}, out)
		if len(out) != 1 {
			b.Fatalf("%d targets affected, want 1", len(out))
		}
	}
}

// BenchmarkIndexAffectedNode finds the targets of a Node's change: every target.
func BenchmarkIndexAffectedNode(b *testing.B) {
	x, _ := benchIndex()
	n := &metav1.ObjectMeta{Name: "node-1"}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		out := make(map[snapshot.Target]bool, benchTargets)
		x.affected(snapshot.Nodes, "", n.Name, []metav1.Object{n}, out)
		if len(out) != benchTargets {
			b.Fatalf("%d targets affected, want %d", len(out), benchTargets)
		}
	}
}
