package snapshot_test

import (
	"path/filepath"
	"reflect"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/test/scenario"
)

// TestTrimKeepsChecksInputs: the examples (with their cluster facts, which hold their pods) and the
// corpus give the same check results whether their pods are whole (as read from files) or trimmed
// (as read live).
func TestTrimKeepsChecksInputs(t *testing.T) {
	var files []string
	for _, g := range []string{"../../examples/*/*.yaml", "../../test/corpus/*/*.yaml"} {
		m, err := filepath.Glob(g)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("no examples or corpus files found")
	}
	trimmed := 0
	for _, f := range files {
		t.Run(filepath.ToSlash(f), func(t *testing.T) {
			whole, err := snapshot.FromFiles(scenario.WithFacts(f), nil, "default")
			if err != nil {
				t.Fatal(err)
			}
			cut, err := snapshot.FromFiles(scenario.WithFacts(f), nil, "default")
			if err != nil {
				t.Fatal(err)
			}
			if n := snapshot.TrimPods(cut); n > 0 {
				trimmed++
				if reflect.DeepEqual(whole.Pods.Held(""), cut.Pods.Held("")) && hasTrimmable(whole.Pods.Held("")) {
					t.Fatal("trim changed no pod")
				}
			}
			if got, want := results(t, cut), results(t, whole); !reflect.DeepEqual(got, want) {
				t.Errorf("trimmed pods change the results:\n got %+v\nwant %+v", got, want)
			}
		})
	}
	if trimmed == 0 {
		t.Error("no file with pods: the test compares nothing")
	}
}

func hasTrimmable(pods []*corev1.Pod) bool {
	for _, p := range pods {
		if len(p.Spec.Volumes) > 0 || len(p.Status.ContainerStatuses) > 0 || p.Status.PodIP != "" {
			return true
		}
	}
	return false
}

func results(t *testing.T, s *snapshot.Snapshot) []checks.Result {
	t.Helper()
	var out []checks.Result
	for _, tg := range snapshot.AllTargets(s, "") {
		r, err := checks.Run(s, tg, checks.DetectProvider(s, tg).Provider, checks.All())
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// TestTrimPod: a trimmed pod keeps the fields the checks read and drops the rest.
func TestTrimPod(t *testing.T) {
	grace := int64(40)
	probe := &corev1.Probe{PeriodSeconds: 5}
	lc := &corev1.Lifecycle{PreStop: &corev1.LifecycleHandler{Sleep: &corev1.SleepAction{Seconds: 10}}}
	req := corev1.ResourceList{"tke.cloud.tencent.com/eni-ip": resource.MustParse("1")}
	native := corev1.ResourceList{"tke.cloud.tencent.com/eni-ip": resource.MustParse("1"), corev1.ResourceCPU: resource.MustParse("100m"),
		corev1.ResourceMemory: resource.MustParse("64Mi"), "hugepages-2Mi": resource.MustParse("2Mi")}
	now := metav1.Now()
	pod := &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{Namespace: "shop", Name: "web-0", Labels: map[string]string{"app": "web"},
			Annotations: map[string]string{"tke.cloud.tencent.com/networks": "tke-route-eni"}, DeletionTimestamp: &now},
		Spec: corev1.PodSpec{NodeName: "n1", HostNetwork: true, TerminationGracePeriodSeconds: &grace,
			Volumes:        []corev1.Volume{{Name: "data"}},
			InitContainers: []corev1.Container{{Name: "init"}},
			Containers: []corev1.Container{{Name: "app", Image: "nginx", Ports: []corev1.ContainerPort{{Name: "https", ContainerPort: 8443}},
				Env: []corev1.EnvVar{{Name: "A", Value: "b"}}, VolumeMounts: []corev1.VolumeMount{{Name: "data"}},
				Args: []string{"--x"}, Lifecycle: lc, ReadinessProbe: probe,
				Resources: corev1.ResourceRequirements{Requests: native, Limits: req}},
				{Name: "sidecar", Image: "envoy", Resources: corev1.ResourceRequirements{Requests: corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("1")}}}}},
		Status: corev1.PodStatus{Phase: corev1.PodRunning, PodIP: "10.0.0.1",
			Conditions:        []corev1.PodCondition{{Type: corev1.PodReady, Status: corev1.ConditionTrue}},
			ContainerStatuses: []corev1.ContainerStatus{{Name: "app"}}},
	}
	want := &corev1.Pod{ObjectMeta: pod.ObjectMeta,
		Spec: corev1.PodSpec{NodeName: "n1", HostNetwork: true, TerminationGracePeriodSeconds: &grace,
			Containers: []corev1.Container{{Name: "app", Image: "nginx", Ports: pod.Spec.Containers[0].Ports, Lifecycle: lc,
				ReadinessProbe: probe, Resources: corev1.ResourceRequirements{Requests: req, Limits: req}},
				{Name: "sidecar", Image: "envoy"}}},
		Status: corev1.PodStatus{Phase: corev1.PodRunning, Conditions: pod.Status.Conditions},
	}
	s := snapshot.New(snapshot.Live)
	s.Pods.Add("shop", "web-0", pod)
	snapshot.TrimPods(s)
	if !reflect.DeepEqual(pod, want) {
		t.Errorf("trimmed pod\n got %+v\nwant %+v", pod, want)
	}
}
