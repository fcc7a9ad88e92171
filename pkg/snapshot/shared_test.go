package snapshot

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestSharedTableShrinks: the sharing tables do not keep what no Pod uses any more, so that serve's
// tables do not grow as Pods come and go.
func TestSharedTableShrinks(t *testing.T) {
	tables := []struct {
		name string
		len  func() int
	}{
		{"label maps", labelMaps.len},
		{"container lists", containerLists.len},
	}
	before := make([]int, len(tables))
	for i, tb := range tables {
		before[i] = tb.len()
	}
	pods := make([]*Pod, 100)
	for i := range pods {
		pods[i] = PodOf(&corev1.Pod{
			ObjectMeta: metav1.ObjectMeta{Namespace: "shop", Name: fmt.Sprint("web-", i), Labels: map[string]string{"app": fmt.Sprint("shrink-", i/2)}},
			Spec:       corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Image: fmt.Sprint("shrink:", i/2)}}},
		})
	}
	for i, tb := range tables {
		t.Run(tb.name, func(t *testing.T) {
			if got := tb.len() - before[i]; got != 50 {
				t.Errorf("%d entries for 100 pods of 50 templates, want 50", got)
			}
		})
	}
	runtime.KeepAlive(pods)
	pods = nil
	for i, tb := range tables {
		t.Run(tb.name+" released", func(t *testing.T) {
			// Cleanups run after a collection, on their own goroutine.
			for deadline := time.Now().Add(5 * time.Second); tb.len() > before[i] && time.Now().Before(deadline); {
				runtime.GC()
				time.Sleep(10 * time.Millisecond)
			}
			if got := tb.len(); got > before[i] {
				t.Errorf("%d entries once the pods are gone, want at most %d", got, before[i])
			}
		})
	}
}
