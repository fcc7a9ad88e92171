package snapshot_test

import (
	"reflect"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestPodOf: a reduced pod keeps the fields the checks read (the types let a check read no other)
// and drops the rest, including the annotations, conditions and condition fields no check reads.
func TestPodOf(t *testing.T) {
	grace := int64(40)
	probe := &corev1.Probe{PeriodSeconds: 5}
	lc := &corev1.Lifecycle{PreStop: &corev1.LifecycleHandler{Sleep: &corev1.SleepAction{Seconds: 10}}}
	req := corev1.ResourceList{"tke.cloud.tencent.com/eni-ip": resource.MustParse("1")}
	native := corev1.ResourceList{"tke.cloud.tencent.com/eni-ip": resource.MustParse("1"), corev1.ResourceCPU: resource.MustParse("100m"),
		corev1.ResourceMemory: resource.MustParse("64Mi"), "hugepages-2Mi": resource.MustParse("2Mi")}
	now := metav1.Now()
	owner := []metav1.OwnerReference{{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "web-7d9", UID: "u1"}}
	ready := corev1.PodCondition{Type: corev1.PodReady, Status: corev1.ConditionFalse, Reason: "ContainersNotReady",
		Message: "containers with unready status: [app]", LastTransitionTime: now}
	pod := &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{Namespace: "shop", Name: "web-0", Labels: map[string]string{"app": "web"},
			Annotations: map[string]string{"tke.cloud.tencent.com/networks": "tke-route-eni", "k8s.aliyun.com/eni": "true",
				"sidecar.istio.io/status": `{"initContainers":["istio-init"]}`, "kubectl.kubernetes.io/restartedAt": "2026-01-01"},
			DeletionTimestamp: &now, OwnerReferences: owner, GenerateName: "web-", Generation: 1, UID: "u-web-0", Finalizers: []string{"f"},
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
	want := &snapshot.Pod{PodMeta: snapshot.PodMeta{NameMeta: snapshot.NameMeta{Namespace: "shop", Name: "web-0"}, Labels: map[string]string{"app": "web"},
		Annotations:       map[string]string{"tke.cloud.tencent.com/networks": "tke-route-eni", "k8s.aliyun.com/eni": "true"},
		DeletionTimestamp: &now},
		Spec: snapshot.PodSpec{NodeName: "n1", HostNetwork: true, TerminationGracePeriodSeconds: &grace,
			Containers: []snapshot.Container{{Name: "app", Image: "nginx", Ports: pod.Spec.Containers[0].Ports, Lifecycle: lc,
				HasReadinessProbe: true, Resources: corev1.ResourceRequirements{Requests: req, Limits: req}},
				{Name: "sidecar", Image: "envoy"}}},
		Status: snapshot.PodStatus{Phase: corev1.PodRunning, PodIP: "10.0.0.1", Reason: "r", Message: "m",
			Conditions: []corev1.PodCondition{{Type: corev1.PodReady, Status: corev1.ConditionFalse}}},
	}
	before := pod.DeepCopy()
	for name, got := range map[string]*snapshot.Pod{"PodOf": snapshot.PodOf(pod), "Reduce": snapshot.Reduce(pod.DeepCopy()).(*snapshot.Pod)} {
		t.Run(name, func(t *testing.T) {
			if !samePod(got, want) {
				t.Errorf("reduced pod\n got %+v\nwant %+v", got, want)
			}
			if c := got.DeepCopy(); !samePod(c, got) || &c.Spec.Containers[0] == &got.Spec.Containers[0] {
				t.Error("DeepCopy is not an equal, separate copy")
			}
		})
	}
	if !reflect.DeepEqual(pod, before) {
		t.Error("PodOf changed its argument")
	}
	t.Run("metadata accessor", func(t *testing.T) {
		m, err := meta.Accessor(snapshot.PodOf(pod))
		if err != nil {
			t.Fatal(err)
		}
		m.SetResourceVersion("7")
		m.SetOwnerReferences(owner)
		if m.GetNamespace() != "shop" || m.GetName() != "web-0" || m.GetResourceVersion() != "7" || m.GetUID() != "" || m.GetOwnerReferences() != nil {
			t.Errorf("accessor reads %s/%s rv %q uid %q owners %v", m.GetNamespace(), m.GetName(), m.GetResourceVersion(), m.GetUID(), m.GetOwnerReferences())
		}
	})
	t.Run("added through Add", func(t *testing.T) {
		s := snapshot.New(snapshot.Live)
		if err := s.Add(pod); err != nil {
			t.Fatal(err)
		}
		got, err := s.Pods.Get("shop", "web-0")
		if err != nil {
			t.Fatal(err)
		}
		if !samePod(got, want) {
			t.Errorf("added pod\n got %+v\nwant %+v", got, want)
		}
	})
}

// samePod compares what a Pod exposes (its unexported fields say only what it shares).
func samePod(a, b *snapshot.Pod) bool {
	return reflect.DeepEqual(a.TypeMeta, b.TypeMeta) && reflect.DeepEqual(a.PodMeta, b.PodMeta) &&
		reflect.DeepEqual(a.Spec, b.Spec) && reflect.DeepEqual(a.Status, b.Status)
}

// templatePod is a pod of a ReplicaSet's template, built anew (no map or slice in common with
// another call's): name, node and readiness are its own.
func templatePod(name, node string, ready corev1.ConditionStatus, cpu string) *corev1.Pod {
	grace := int64(45)
	return &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{Namespace: "shop", Name: name, Labels: map[string]string{"app": "web", "pod-template-hash": "7d9"}},
		Spec: corev1.PodSpec{NodeName: node, TerminationGracePeriodSeconds: &grace,
			Containers: []corev1.Container{{Name: "app", Image: "nginx:1.27", Ports: []corev1.ContainerPort{{Name: "http", ContainerPort: 8080, Protocol: corev1.ProtocolTCP}},
				Resources: corev1.ResourceRequirements{Requests: corev1.ResourceList{"tke.cloud.tencent.com/eni-ip": resource.MustParse(cpu),
					corev1.ResourceCPU: resource.MustParse("100m")}},
				ReadinessProbe: &corev1.Probe{PeriodSeconds: 5},
				Lifecycle:      &corev1.Lifecycle{PreStop: &corev1.LifecycleHandler{Exec: &corev1.ExecAction{Command: []string{"sleep", "10"}}}}}}},
		Status: corev1.PodStatus{Phase: corev1.PodRunning, Conditions: []corev1.PodCondition{
			{Type: corev1.PodScheduled, Status: corev1.ConditionTrue}, {Type: corev1.PodReady, Status: ready, LastTransitionTime: metav1.Now()}}},
	}
}

// TestPodOfShares: the pods of one template share one label map, one container list, one grace
// period and (when equally ready) one Ready condition; pods that differ share nothing of what
// differs, and neither reducing nor changing a copy of one pod changes another.
func TestPodOfShares(t *testing.T) {
	mapOf := func(m map[string]string) uintptr { return reflect.ValueOf(m).Pointer() }
	a := snapshot.PodOf(templatePod("web-a", "n1", corev1.ConditionTrue, "1"))
	aBefore := a.DeepCopy()
	tests := []struct {
		name                          string
		pod                           *corev1.Pod
		labels, containers, condition bool // shared with a
	}{
		{"same template", templatePod("web-b", "n2", corev1.ConditionTrue, "1"), true, true, true},
		{"same template, quantity written otherwise", templatePod("web-c", "n2", corev1.ConditionTrue, "1000m"), true, true, true},
		{"same template, not ready", templatePod("web-d", "n1", corev1.ConditionFalse, "1"), true, true, false},
		{"other labels", func() *corev1.Pod {
			p := templatePod("api-a", "n1", corev1.ConditionTrue, "1")
			p.Labels["app"] = "api"
			return p
		}(), false, true, true},
		{"other image", func() *corev1.Pod {
			p := templatePod("web-e", "n1", corev1.ConditionTrue, "1")
			p.Spec.Containers[0].Image = "nginx:1.28"
			return p
		}(), true, false, true},
		{"other preStop", func() *corev1.Pod {
			p := templatePod("web-f", "n1", corev1.ConditionTrue, "1")
			p.Spec.Containers[0].Lifecycle.PreStop.Exec.Command[1] = "20"
			return p
		}(), true, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := tt.pod.DeepCopy()
			b := snapshot.PodOf(tt.pod)
			if got := mapOf(a.Labels) == mapOf(b.Labels); got != tt.labels {
				t.Errorf("labels shared: %v, want %v", got, tt.labels)
			}
			if got := &a.Spec.Containers[0] == &b.Spec.Containers[0]; got != tt.containers {
				t.Errorf("containers shared: %v, want %v", got, tt.containers)
			}
			if got := &a.Status.Conditions[0] == &b.Status.Conditions[0]; got != tt.condition {
				t.Errorf("Ready condition shared: %v, want %v", got, tt.condition)
			}
			if a.Spec.TerminationGracePeriodSeconds != b.Spec.TerminationGracePeriodSeconds {
				t.Error("grace period not shared")
			}
			if !samePod(b, snapshot.PodOf(src)) {
				t.Error("a shared part differs from what the pod says")
			}
			// The reduced pod holds nothing of its source: changing the source changes nothing held.
			tt.pod.Labels["app"] = "changed"
			tt.pod.Spec.Containers[0].Ports[0].ContainerPort = 1
			tt.pod.Spec.Containers[0].Lifecycle.PreStop.Exec.Command[0] = "changed"
			*tt.pod.Spec.TerminationGracePeriodSeconds = 1
			if !samePod(b, snapshot.PodOf(src)) {
				t.Error("changing the source changed the reduced pod")
			}
			// A DeepCopy shares nothing: changing it changes no other pod.
			c := b.DeepCopy()
			c.Labels["app"] = "changed"
			c.Spec.Containers[0].Image = "changed"
			c.Spec.Containers[0].Ports[0].ContainerPort = 1
			c.Spec.Containers[0].Lifecycle.PreStop.Exec.Command[0] = "changed"
			*c.Spec.TerminationGracePeriodSeconds = 1
			c.Status.Conditions[0].Status = "changed"
			if !samePod(b, snapshot.PodOf(src)) || !samePod(a, aBefore) {
				t.Error("changing a DeepCopy changed a reduced pod")
			}
		})
	}
	if !samePod(a, aBefore) {
		t.Error("reducing other pods changed the first")
	}
}
