package bench

import (
	"context"
	"os"
	"runtime"
	"testing"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/tools/clientcmd"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestStoredSizes measures what serve's store holds per object of each kind: the objects of
// $KUBECONFIG's cluster are encoded as the API server sends them (protobuf), decoded again and reduced
// as the informers' transform does, and the live heap they keep is divided by their count. It is
// skipped unless BENCH_SIZES is set.
//
//	BENCH_SIZES=1 KUBECONFIG=… go test -run TestStoredSizes -v ./bench/
func TestStoredSizes(t *testing.T) {
	if os.Getenv("BENCH_SIZES") == "" {
		t.Skip("BENCH_SIZES is not set")
	}
	cfg, err := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(clientcmd.NewDefaultClientConfigLoadingRules(),
		&clientcmd.ConfigOverrides{}).ClientConfig()
	if err != nil {
		t.Fatal(err)
	}
	cfg.ContentType = "application/vnd.kubernetes.protobuf"
	kube := kubernetes.NewForConfigOrDie(cfg)
	ctx := context.Background()
	info, _ := kruntime.SerializerInfoForMediaType(scheme.Codecs.SupportedMediaTypes(), "application/vnd.kubernetes.protobuf")
	for _, name := range []string{snapshot.Pods, snapshot.Services, snapshot.EndpointSlices, snapshot.Ingresses, snapshot.Secrets, snapshot.Events} {
		list, _, _, ok := snapshot.ListWatchFuncs(snapshot.Clients{Kube: kube}, name, "")
		if !ok {
			t.Fatalf("no LIST for %s", name)
		}
		l, err := list(ctx, metav1.ListOptions{})
		if err != nil {
			t.Fatal(err)
		}
		objs, err := meta.ExtractList(l)
		if err != nil {
			t.Fatal(err)
		}
		if len(objs) == 0 {
			continue
		}
		var wire [][]byte
		for _, o := range objs {
			if gvks, _, err := scheme.Scheme.ObjectKinds(o); err == nil {
				o.GetObjectKind().SetGroupVersionKind(gvks[0])
			}
			b, err := kruntime.Encode(info.Serializer, o)
			if err != nil {
				t.Fatal(err)
			}
			wire = append(wire, b)
		}
		objs = nil
		held := make([]kruntime.Object, len(wire))
		before := liveHeap()
		for i, b := range wire {
			o, _, err := info.Serializer.Decode(b, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			held[i] = snapshot.Reduce(o)
		}
		after := liveHeap()
		t.Logf("%-15s %7d objects, %6d bytes each kept (%d wire bytes, heap %d -> %d)", name, len(held), (after-before)/uint64(len(held)), len(wire[0]), before, after)
		runtime.KeepAlive(held)
	}
}

func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}
