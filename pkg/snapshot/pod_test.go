package snapshot_test

import (
	"reflect"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestPodOf: a reduced pod keeps the fields the checks read (the types let a check read no other)
// and drops the rest, including the annotations and conditions no check reads.
func TestPodOf(t *testing.T) {
	grace := int64(40)
	probe := &corev1.Probe{PeriodSeconds: 5}
	lc := &corev1.Lifecycle{PreStop: &corev1.LifecycleHandler{Sleep: &corev1.SleepAction{Seconds: 10}}}
	req := corev1.ResourceList{"tke.cloud.tencent.com/eni-ip": resource.MustParse("1")}
	native := corev1.ResourceList{"tke.cloud.tencent.com/eni-ip": resource.MustParse("1"), corev1.ResourceCPU: resource.MustParse("100m"),
		corev1.ResourceMemory: resource.MustParse("64Mi"), "hugepages-2Mi": resource.MustParse("2Mi")}
	now := metav1.Now()
	owner := []metav1.OwnerReference{{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "web-7d9", UID: "u1"}}
	ready := corev1.PodCondition{Type: corev1.PodReady, Status: corev1.ConditionFalse, Reason: "ContainersNotReady"}
	pod := &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{Namespace: "shop", Name: "web-0", Labels: map[string]string{"app": "web"},
			Annotations: map[string]string{"tke.cloud.tencent.com/networks": "tke-route-eni", "k8s.aliyun.com/eni": "true",
				"sidecar.istio.io/status": `{"initContainers":["istio-init"]}`, "kubectl.kubernetes.io/restartedAt": "2026-01-01"},
			DeletionTimestamp: &now, OwnerReferences: owner,
			ManagedFields: []metav1.ManagedFieldsEntry{{Manager: "kubelet"}}},
		Spec: corev1.PodSpec{NodeName: "n1", HostNetwork: true, TerminationGracePeriodSeconds: &grace,
			Volumes:        []corev1.Volume{{Name: "data"}},
			InitContainers: []corev1.Container{{Name: "init"}},
			Containers: []corev1.Container{{Name: "app", Image: "nginx", Ports: []corev1.ContainerPort{{Name: "https", ContainerPort: 8443}},
				Env: []corev1.EnvVar{{Name: "A", Value: "b"}}, VolumeMounts: []corev1.VolumeMount{{Name: "data"}},
				Args: []string{"--x"}, Lifecycle: lc, ReadinessProbe: probe,
				Resources: corev1.ResourceRequirements{Requests: native, Limits: req}},
				{Name: "sidecar", Image: "envoy", Resources: corev1.ResourceRequirements{Requests: corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("1")}}}}},
		Status: corev1.PodStatus{Phase: corev1.PodRunning, PodIP: "10.0.0.1", Reason: "r", Message: "m",
			Conditions:        []corev1.PodCondition{{Type: corev1.PodScheduled, Status: corev1.ConditionTrue}, ready},
			ContainerStatuses: []corev1.ContainerStatus{{Name: "app"}}},
	}
	want := &snapshot.Pod{ObjectMeta: metav1.ObjectMeta{Namespace: "shop", Name: "web-0", Labels: map[string]string{"app": "web"},
		Annotations:       map[string]string{"tke.cloud.tencent.com/networks": "tke-route-eni", "k8s.aliyun.com/eni": "true"},
		DeletionTimestamp: &now, OwnerReferences: owner},
		Spec: snapshot.PodSpec{NodeName: "n1", HostNetwork: true, TerminationGracePeriodSeconds: &grace,
			Containers: []snapshot.Container{{Name: "app", Image: "nginx", Ports: pod.Spec.Containers[0].Ports, Lifecycle: lc,
				ReadinessProbe: probe, Resources: corev1.ResourceRequirements{Requests: req, Limits: req}},
				{Name: "sidecar", Image: "envoy"}}},
		Status: snapshot.PodStatus{Phase: corev1.PodRunning, Reason: "r", Message: "m", Conditions: []corev1.PodCondition{ready}},
	}
	before := pod.DeepCopy()
	for name, got := range map[string]*snapshot.Pod{"PodOf": snapshot.PodOf(pod), "Reduce": snapshot.Reduce(pod.DeepCopy()).(*snapshot.Pod)} {
		t.Run(name, func(t *testing.T) {
			if !reflect.DeepEqual(got, want) {
				t.Errorf("reduced pod\n got %+v\nwant %+v", got, want)
			}
			if c := got.DeepCopy(); !reflect.DeepEqual(c, got) || &c.Spec.Containers[0] == &got.Spec.Containers[0] {
				t.Error("DeepCopy is not an equal, separate copy")
			}
		})
	}
	if !reflect.DeepEqual(pod, before) {
		t.Error("PodOf changed its argument")
	}
	t.Run("added through Add", func(t *testing.T) {
		s := snapshot.New(snapshot.Live)
		if err := s.Add(pod); err != nil {
			t.Fatal(err)
		}
		got, err := s.Pods.Get("shop", "web-0")
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("added pod\n got %+v\nwant %+v", got, want)
		}
	})
}
