package snapshot

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Pod is what a snapshot holds of a Pod: the fields the checks read, in the shape of corev1.Pod
// (the same names), so that a store of 100,000 Pods holds a small part of their decoded size. A
// Pod is reduced to this as soon as it is decoded (live reads, serve's informers, input files).
//
// The parts that the Pods of one template repeat are shared, not copied: Pods with equal labels
// point to one label map, Pods with equal containers to one container list, and the Ready
// condition and the grace period are shared the same way (see PodOf). These maps, slices and
// pointers are read-only: nothing may write into a Pod's Labels, Spec.Containers (or what they
// point to), Spec.TerminationGracePeriodSeconds or Status.Conditions; change a DeepCopy, which
// shares nothing, instead.
type Pod struct {
	metav1.TypeMeta `json:",inline"`
	PodMeta         `json:"metadata,omitempty"`
	Spec            PodSpec   `json:"spec"`
	Status          PodStatus `json:"status"`

	// labels and containers hold the shared label map and container list that Labels and
	// Spec.Containers point into, so that they stay in their tables while a Pod uses them;
	// nil when the Pod's own.
	labels     *podLabels
	containers *podContainers
}

// PodMeta is what a Pod keeps of its metadata, with the names of metav1.ObjectMeta: the name,
// namespace, resource version, creation and deletion times, the labels and, of the annotations,
// only the cloud vendors' (keptPodAnnotation). It implements metav1.Object for the informers and
// the stores: a field it does not keep reads as empty, and setting it does nothing.
type PodMeta struct {
	NameMeta
	CreationTimestamp metav1.Time       `json:"creationTimestamp,omitempty"`
	DeletionTimestamp *metav1.Time      `json:"deletionTimestamp,omitempty"`
	Labels            map[string]string `json:"labels,omitempty"`
	Annotations       map[string]string `json:"annotations,omitempty"`
}

// podLabels and podContainers are what the sharing tables hold: a label map and a container
// list that Pods share.
type (
	podLabels     struct{ m map[string]string }
	podContainers struct{ cs []Container }
)

// The tables of the parts Pods share, by a canonical key of their content (see sharedTable for
// their lifetime).
var (
	labelMaps       sharedTable[string, podLabels]
	containerLists  sharedTable[string, podContainers]
	readyConditions sharedTable[corev1.PodCondition, [1]corev1.PodCondition]
	gracePeriods    sharedTable[int64, int64]
)

// PodSpec is what a Pod keeps of its spec.
type PodSpec struct {
	NodeName                      string      `json:"nodeName,omitempty"`
	HostNetwork                   bool        `json:"hostNetwork,omitempty"`
	TerminationGracePeriodSeconds *int64      `json:"terminationGracePeriodSeconds,omitempty"`
	Containers                    []Container `json:"containers"`
}

// Container is what a Pod keeps of a container: its name, image, ports, lifecycle hooks, whether
// it has a readiness probe and its extended resources (a domain-prefixed name such as a cloud's
// ENI resource; cpu, memory and the other native ones go).
type Container struct {
	Name              string                      `json:"name"`
	Image             string                      `json:"image,omitempty"`
	Ports             []corev1.ContainerPort      `json:"ports,omitempty"`
	Lifecycle         *corev1.Lifecycle           `json:"lifecycle,omitempty"`
	HasReadinessProbe bool                        `json:"hasReadinessProbe,omitempty"`
	Resources         corev1.ResourceRequirements `json:"resources,omitempty"`
}

// PodStatus is what a Pod keeps of its status: the phase, the type and status of the Ready
// condition (the only condition, and the only fields of it, the checks read), the reason and
// message of a pod the kubelet gave up on, and its primary IP (the ip-masq-agent check compares
// the cloud controllers' own pod addresses).
type PodStatus struct {
	Phase      corev1.PodPhase       `json:"phase,omitempty"`
	PodIP      string                `json:"podIP,omitempty"`
	Conditions []corev1.PodCondition `json:"conditions,omitempty"`
	Reason     string                `json:"reason,omitempty"`
	Message    string                `json:"message,omitempty"`
}

// keptPodAnnotation reports whether a Pod keeps annotation key: the cloud vendors' own (the
// checks read TKE's networking ones); the others (sidecar status, scrape settings, restarts) can
// be large and no check reads them.
func keptPodAnnotation(key string) bool {
	return strings.HasPrefix(key, "tke.cloud.tencent.com/") || strings.Contains(key, "aliyun.com/")
}

// PodOf reduces a Pod to what a snapshot holds of it. The result shares nothing with p. It shares
// with the other Pods held what they repeat: the strings (namespace, label keys and values, node,
// image, condition status) are interned, and the label map, the container list, the Ready
// condition and the grace period are taken from tables that hold one copy of each distinct value
// for as long as some Pod points to it. The Pods of one template thus hold one label map and one
// container list between them; none of these may be changed (see Pod).
func PodOf(p *corev1.Pod) *Pod {
	out := &Pod{TypeMeta: p.TypeMeta}
	m := &out.PodMeta
	m.Name, m.Namespace, m.ResourceVersion = p.Name, intern(p.Namespace), p.ResourceVersion
	m.CreationTimestamp = p.CreationTimestamp
	if p.DeletionTimestamp != nil {
		t := *p.DeletionTimestamp
		m.DeletionTimestamp = &t
	}
	if p.Labels != nil {
		out.labels = sharedLabels(p.Labels)
		m.Labels = out.labels.m
	}
	for k, v := range p.Annotations {
		if keptPodAnnotation(k) {
			if m.Annotations == nil {
				m.Annotations = map[string]string{}
			}
			m.Annotations[intern(k)] = v
		}
	}
	out.Spec = PodSpec{NodeName: intern(p.Spec.NodeName), HostNetwork: p.Spec.HostNetwork}
	if g := p.Spec.TerminationGracePeriodSeconds; g != nil {
		v := *g
		out.Spec.TerminationGracePeriodSeconds = gracePeriods.get(v, func() *int64 { return &v })
	}
	if len(p.Spec.Containers) == 0 {
		out.Spec.Containers = []Container{}
	} else {
		out.containers = sharedContainers(p.Spec.Containers)
		out.Spec.Containers = out.containers.cs
	}
	out.Status = PodStatus{Phase: corev1.PodPhase(intern(string(p.Status.Phase))), PodIP: p.Status.PodIP, Reason: intern(p.Status.Reason), Message: p.Status.Message}
	for _, c := range p.Status.Conditions {
		if c.Type != corev1.PodReady {
			continue
		}
		key := corev1.PodCondition{Type: corev1.PodReady, Status: corev1.ConditionStatus(intern(string(c.Status)))}
		out.Status.Conditions = readyConditions.get(key, func() *[1]corev1.PodCondition { return &[1]corev1.PodCondition{key} })[:]
		break
	}
	return out
}

// sharedLabels returns the shared copy of a label map, its strings interned. Its key lists the
// pairs in key order, each string prefixed by its length.
func sharedLabels(labels map[string]string) *podLabels {
	keys := make([]string, 0, len(labels))
	for k := range labels {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b []byte
	for _, k := range keys {
		v := labels[k]
		b = strconv.AppendInt(b, int64(len(k)), 10)
		b = append(append(append(b, ':'), k...), ' ')
		b = strconv.AppendInt(b, int64(len(v)), 10)
		b = append(append(append(b, ':'), v...), ' ')
	}
	return labelMaps.get(string(b), func() *podLabels {
		m := make(map[string]string, len(labels))
		for k, v := range labels {
			m[intern(k)] = intern(v)
		}
		return &podLabels{m}
	})
}

// sharedContainers returns the shared copy of what a Pod keeps of its containers. Its key is
// their JSON encoding (struct fields in a fixed order, map keys sorted), so containers whose
// resource quantities are written differently but are equal ("1" and "1000m") share one copy.
func sharedContainers(cs []corev1.Container) *podContainers {
	out := make([]Container, len(cs))
	for i := range cs {
		c := &cs[i]
		oc := &out[i]
		oc.Name, oc.Image = intern(c.Name), intern(c.Image)
		if len(c.Ports) > 0 {
			oc.Ports = make([]corev1.ContainerPort, len(c.Ports))
			for j, cp := range c.Ports {
				cp.Name, cp.Protocol = intern(cp.Name), corev1.Protocol(intern(string(cp.Protocol)))
				oc.Ports[j] = cp
			}
		}
		oc.Lifecycle = c.Lifecycle.DeepCopy()
		oc.HasReadinessProbe = c.ReadinessProbe != nil
		oc.Resources = corev1.ResourceRequirements{Requests: extended(c.Resources.Requests), Limits: extended(c.Resources.Limits)}
	}
	key, err := json.Marshal(out)
	if err != nil {
		return &podContainers{out} // not shared; never met: these types always encode
	}
	return containerLists.get(string(key), func() *podContainers { return &podContainers{out} })
}

// DeepCopyInto copies p into out. The copy shares nothing with p (nor with other Pods): it may be
// changed.
func (p *Pod) DeepCopyInto(out *Pod) {
	*out = *p
	out.labels, out.containers = nil, nil
	if p.DeletionTimestamp != nil {
		t := *p.DeletionTimestamp
		out.DeletionTimestamp = &t
	}
	out.Labels, out.Annotations = maps.Clone(p.Labels), maps.Clone(p.Annotations)
	if g := p.Spec.TerminationGracePeriodSeconds; g != nil {
		v := *g
		out.Spec.TerminationGracePeriodSeconds = &v
	}
	if p.Spec.Containers != nil {
		out.Spec.Containers = make([]Container, len(p.Spec.Containers))
		for i, c := range p.Spec.Containers {
			c.Ports = append([]corev1.ContainerPort(nil), c.Ports...)
			c.Lifecycle = c.Lifecycle.DeepCopy()
			c.Resources = *c.Resources.DeepCopy()
			out.Spec.Containers[i] = c
		}
	}
	if p.Status.Conditions != nil {
		out.Status.Conditions = make([]corev1.PodCondition, len(p.Status.Conditions))
		for i := range p.Status.Conditions {
			p.Status.Conditions[i].DeepCopyInto(&out.Status.Conditions[i])
		}
	}
}

// DeepCopy returns a copy of p.
func (p *Pod) DeepCopy() *Pod {
	if p == nil {
		return nil
	}
	out := new(Pod)
	p.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of p as a runtime.Object.
func (p *Pod) DeepCopyObject() runtime.Object { return p.DeepCopy() }

// Unmarshal decodes a Pod from its protobuf form and keeps what PodOf keeps.
func (p *Pod) Unmarshal(b []byte) error { return unmarshalReduced(b, p, PodOf) }

// fromWire sets p from a Pod as the API or a fake client returns it; false for another type.
func (p *Pod) fromWire(o runtime.Object) bool { return reducedFrom(o, p, PodOf) }

func newPod() *Pod { return &Pod{} }

// The metav1.Object accessors of the fields PodMeta keeps beyond NameMeta.
var _ metav1.Object = &PodMeta{}

// GetCreationTimestamp returns the creation time.
func (m *PodMeta) GetCreationTimestamp() metav1.Time { return m.CreationTimestamp }

// SetCreationTimestamp sets the creation time.
func (m *PodMeta) SetCreationTimestamp(t metav1.Time) { m.CreationTimestamp = t }

// GetDeletionTimestamp returns the deletion time, nil when the Pod is not being deleted.
func (m *PodMeta) GetDeletionTimestamp() *metav1.Time { return m.DeletionTimestamp }

// SetDeletionTimestamp sets the deletion time.
func (m *PodMeta) SetDeletionTimestamp(t *metav1.Time) { m.DeletionTimestamp = t }

// GetLabels returns the labels (shared with other Pods: read-only, see Pod).
func (m *PodMeta) GetLabels() map[string]string { return m.Labels }

// SetLabels sets the labels; the map becomes the Pod's own.
func (m *PodMeta) SetLabels(l map[string]string) { m.Labels = l }

// GetAnnotations returns the kept annotations.
func (m *PodMeta) GetAnnotations() map[string]string { return m.Annotations }

// SetAnnotations sets the annotations.
func (m *PodMeta) SetAnnotations(a map[string]string) { m.Annotations = a }
