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
	lists := map[string]func() ([]kruntime.Object, error){
		"pods": func() ([]kruntime.Object, error) {
			l, err := kube.CoreV1().Pods("").List(ctx, metav1.ListOptions{})
			return items(l, err)
		},
		"services": func() ([]kruntime.Object, error) {
			l, err := kube.CoreV1().Services("").List(ctx, metav1.ListOptions{})
			return items(l, err)
		},
		"endpointslices": func() ([]kruntime.Object, error) {
			l, err := kube.DiscoveryV1().EndpointSlices("").List(ctx, metav1.ListOptions{})
			return items(l, err)
		},
		"ingresses": func() ([]kruntime.Object, error) {
			l, err := kube.NetworkingV1().Ingresses("").List(ctx, metav1.ListOptions{})
			return items(l, err)
		},
		"secrets": func() ([]kruntime.Object, error) {
			l, err := kube.CoreV1().Secrets("").List(ctx, metav1.ListOptions{})
			return items(l, err)
		},
		"events": func() ([]kruntime.Object, error) {
			l, err := kube.CoreV1().Events("").List(ctx, metav1.ListOptions{})
			return items(l, err)
		},
	}
	info, _ := kruntime.SerializerInfoForMediaType(scheme.Codecs.SupportedMediaTypes(), "application/vnd.kubernetes.protobuf")
	for _, name := range []string{"pods", "services", "endpointslices", "ingresses", "secrets", "events"} {
		objs, err := lists[name]()
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

func items(l kruntime.Object, err error) ([]kruntime.Object, error) {
	if err != nil {
		return nil, err
	}
	return meta.ExtractList(l)
}

func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}
