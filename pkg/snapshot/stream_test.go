package snapshot

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"testing"
	"testing/iotest"

	"google.golang.org/protobuf/encoding/protowire"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	kresource "k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer/protobuf"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/client-go/kubernetes/fake"
	"k8s.io/client-go/kubernetes/scheme"
)

// richPod sets every field the Pod skip tree drops and every field PodOf keeps.
func richPod(name string) *corev1.Pod {
	grace := int64(45)
	probe := &corev1.Probe{ProbeHandler: corev1.ProbeHandler{HTTPGet: &corev1.HTTPGetAction{Path: "/healthz", Port: intstr.FromString("http")}}}
	ctr := func(n string) corev1.Container {
		return corev1.Container{Name: n, Image: "nginx:1.27", Command: []string{"nginx"}, Args: []string{"-g", "daemon off;"},
			Ports: []corev1.ContainerPort{{Name: "https", ContainerPort: 8443}},
			Env:   []corev1.EnvVar{{Name: "A", Value: "b"}}, EnvFrom: []corev1.EnvFromSource{{Prefix: "X"}},
			Resources: corev1.ResourceRequirements{
				Requests: corev1.ResourceList{"cpu": kresource.MustParse("100m"), "tke.cloud.tencent.com/eni-ip": kresource.MustParse("1")},
				Limits:   corev1.ResourceList{"memory": kresource.MustParse("1Gi")}},
			VolumeMounts:  []corev1.VolumeMount{{Name: "v", MountPath: "/v"}},
			VolumeDevices: []corev1.VolumeDevice{{Name: "d", DevicePath: "/dev/d"}},
			LivenessProbe: probe, ReadinessProbe: probe, StartupProbe: probe,
			Lifecycle:       &corev1.Lifecycle{PreStop: &corev1.LifecycleHandler{Exec: &corev1.ExecAction{Command: []string{"sleep", "10"}}}},
			SecurityContext: &corev1.SecurityContext{RunAsNonRoot: new(bool)}}
	}
	return &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "shop", UID: "u-" + "1", Labels: map[string]string{"app": "web"},
			Annotations:   map[string]string{"a": "b"},
			ManagedFields: []metav1.ManagedFieldsEntry{{Manager: "kubectl", FieldsV1: &metav1.FieldsV1{Raw: []byte(`{"f:spec":{}}`)}}}},
		Spec: corev1.PodSpec{
			Volumes:                       []corev1.Volume{{Name: "v", VolumeSource: corev1.VolumeSource{EmptyDir: &corev1.EmptyDirVolumeSource{}}}},
			InitContainers:                []corev1.Container{ctr("init")},
			Containers:                    []corev1.Container{ctr("app"), ctr("sidecar")},
			NodeName:                      "10.0.0.1",
			HostNetwork:                   true,
			SecurityContext:               &corev1.PodSecurityContext{RunAsNonRoot: new(bool)},
			Affinity:                      &corev1.Affinity{NodeAffinity: &corev1.NodeAffinity{}},
			Tolerations:                   []corev1.Toleration{{Key: "k", Operator: corev1.TolerationOpExists}},
			HostAliases:                   []corev1.HostAlias{{IP: "1.2.3.4", Hostnames: []string{"h"}}},
			DNSConfig:                     &corev1.PodDNSConfig{Nameservers: []string{"8.8.8.8"}},
			ReadinessGates:                []corev1.PodReadinessGate{{ConditionType: "x"}},
			EphemeralContainers:           []corev1.EphemeralContainer{{EphemeralContainerCommon: corev1.EphemeralContainerCommon{Name: "debug"}}},
			TopologySpreadConstraints:     []corev1.TopologySpreadConstraint{{MaxSkew: 1, TopologyKey: "zone"}},
			TerminationGracePeriodSeconds: &grace,
		},
		Status: corev1.PodStatus{Phase: corev1.PodRunning, Reason: "r", Message: "m", PodIP: "10.1.0.1",
			PodIPs:                     []corev1.PodIP{{IP: "10.1.0.1"}},
			HostIPs:                    []corev1.HostIP{{IP: "10.0.0.1"}},
			Conditions:                 []corev1.PodCondition{{Type: corev1.PodReady, Status: corev1.ConditionTrue}},
			ContainerStatuses:          []corev1.ContainerStatus{{Name: "app", Ready: true}},
			InitContainerStatuses:      []corev1.ContainerStatus{{Name: "init"}},
			EphemeralContainerStatuses: []corev1.ContainerStatus{{Name: "debug"}},
		},
	}
}

func protobufList(t *testing.T, l runtime.Object) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := protobuf.NewSerializer(scheme.Scheme, scheme.Scheme).Encode(l, &b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func podList(cont string, names ...string) *corev1.PodList {
	l := &corev1.PodList{TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "PodList"}, ListMeta: metav1.ListMeta{Continue: cont, ResourceVersion: "7"}}
	for _, n := range names {
		l.Items = append(l.Items, *richPod(n))
	}
	return l
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

func TestReadPage(t *testing.T) {
	want := podList("next-token", "a", "b", "c")
	data := protobufList(t, want)
	for name, wrap := range map[string]func(io.Reader) io.Reader{
		"whole":        func(r io.Reader) io.Reader { return r },
		"byte by byte": iotest.OneByteReader,
		"half reads":   iotest.HalfReader,
	} {
		t.Run(name, func(t *testing.T) {
			cr := &countingReader{r: wrap(bytes.NewReader(data))}
			var token string
			readAt := -1
			items, err := readAllOf(cr, newPod, skipPod, func(c string) {
				token, readAt = c, cr.n
			})
			if err != nil {
				t.Fatal(err)
			}
			if token != "next-token" {
				t.Errorf("continue = %q, want next-token", token)
			}
			if name == "byte by byte" && readAt >= len(data)/2 {
				t.Errorf("continue token seen after %d of %d bytes: the next page would not start early", readAt, len(data))
			}
			if len(items) != len(want.Items) {
				t.Fatalf("%d items, want %d", len(items), len(want.Items))
			}
			for i, got := range items {
				if w := PodOf(&want.Items[i]); !equality.Semantic.DeepEqual(got, w) {
					gj, _ := json.Marshal(got)
					wj, _ := json.Marshal(w)
					t.Errorf("item %d:\n got %s\nwant %s", i, gj, wj)
				}
			}
		})
	}
}

func TestReadPageServices(t *testing.T) {
	svc := corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: "s", Namespace: "n",
		Annotations:   map[string]string{"service.kubernetes.io/tke-existed-lbid": "lb-1"},
		ManagedFields: []metav1.ManagedFieldsEntry{{Manager: "m"}}},
		Spec: corev1.ServiceSpec{Type: corev1.ServiceTypeLoadBalancer, Ports: []corev1.ServicePort{{Port: 443, TargetPort: intstr.FromInt32(8443)}}}}
	data := protobufList(t, &corev1.ServiceList{TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "ServiceList"}, Items: []corev1.Service{svc}})
	var token *string
	items, err := readAllOf(bytes.NewReader(data), func() *corev1.Service { return &corev1.Service{} }, skipMeta, func(c string) { token = &c })
	if err != nil {
		t.Fatal(err)
	}
	if token == nil || *token != "" {
		t.Errorf("continue callback: %v, want called with the empty token", token)
	}
	want := svc.DeepCopy()
	want.ManagedFields = nil
	if len(items) != 1 || !equality.Semantic.DeepEqual(items[0], want) {
		t.Errorf("items = %+v, want the Service without managed fields", items)
	}
}

func TestReadPageJSON(t *testing.T) {
	l := podList("tok", "a")
	data, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	var token string
	items, err := readAllOf(bytes.NewReader(data), func() *corev1.Pod { return &corev1.Pod{} }, skipPod, func(c string) { token = c })
	if err != nil {
		t.Fatal(err)
	}
	if token != "tok" || len(items) != 1 || items[0].Name != "a" {
		t.Errorf("token %q, %d items", token, len(items))
	}
}

func TestReadPageBad(t *testing.T) {
	good := protobufList(t, podList("", "a", "b"))
	withEncoding := append(append([]byte{}, good...), protowire.AppendString(protowire.AppendTag(nil, 3, protowire.BytesType), "gzip")...)
	for name, data := range map[string][]byte{
		"truncated":        good[:len(good)-40],
		"cut in the head":  good[:6],
		"content encoding": withEncoding,
		"not an answer":    []byte("k8s\x00\xff\xff\xff"),
		"empty":            nil,
	} {
		t.Run(name, func(t *testing.T) {
			_, err := readAllOf(bytes.NewReader(data), func() *corev1.Pod { return &corev1.Pod{} }, skipPod, func(string) {})
			if err == nil {
				t.Fatal("no error")
			}
		})
	}
}

// FuzzReadPage holds that no answer, however cut or corrupted, panics the reader.
func FuzzReadPage(f *testing.F) {
	good := protobufList(&testing.T{}, podList("tok", "a", "b"))
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add([]byte(`{"kind":"PodList","apiVersion":"v1","items":[{}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = readAllOf(bytes.NewReader(data), func() *corev1.Pod { return &corev1.Pod{} }, skipPod, func(string) {})
	})
}

func TestNamespaceHalves(t *testing.T) {
	nsObj := func(name string) runtime.Object { return &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}} }
	base := metav1.ListOptions{Limit: 2000, FieldSelector: "status.phase!=Succeeded"}
	t.Run("two halves", func(t *testing.T) {
		var objs []runtime.Object
		names := []string{"shop", "default", "kube-system", "pay", "ads"}
		for _, n := range names {
			objs = append(objs, nsObj(n))
		}
		f := &fetcher{ctx: context.Background(), c: Clients{Kube: fake.NewSimpleClientset(objs...)}}
		parts := f.namespaceHalves(base)
		if len(parts) != 2 {
			t.Fatalf("%d parts, want 2", len(parts))
		}
		// Each namespace is excluded by exactly one part, so it is read by the other one.
		for _, n := range names {
			excluded := 0
			for _, p := range parts {
				sel, err := fields.ParseSelector(p.FieldSelector)
				if err != nil {
					t.Fatal(err)
				}
				if p.Limit != base.Limit {
					t.Errorf("limit %d, want %d", p.Limit, base.Limit)
				}
				if !sel.Matches(fields.Set{"metadata.namespace": n, "status.phase": "Running"}) {
					excluded++
				}
				if sel.Matches(fields.Set{"metadata.namespace": n, "status.phase": "Succeeded"}) {
					t.Errorf("part %q reads Succeeded pods", p.FieldSelector)
				}
			}
			if excluded != 1 {
				t.Errorf("namespace %s excluded by %d parts, want 1", n, excluded)
			}
		}
	})
	for name, objs := range map[string][]runtime.Object{
		"one namespace":  {nsObj("default")},
		"too many names": manyNamespaces(nsObj, 200),
	} {
		t.Run(name, func(t *testing.T) {
			f := &fetcher{ctx: context.Background(), c: Clients{Kube: fake.NewSimpleClientset(objs...)}}
			if parts := f.namespaceHalves(base); len(parts) != 1 || parts[0] != base {
				t.Errorf("parts %+v, want the LIST unchanged", parts)
			}
		})
	}
}

func manyNamespaces(mk func(string) runtime.Object, n int) []runtime.Object {
	var out []runtime.Object
	for i := range n {
		out = append(out, mk(fmt.Sprintf("team-%03d-applications", i)))
	}
	return out
}

// TestPageReaderWindow reads a long answer through the window readPage uses: every read sees the
// answer's bytes, and the buffer stays a few reads wide, not the answer's size.
func TestPageReaderWindow(t *testing.T) {
	data := make([]byte, 8<<20)
	for i := range data {
		data[i] = byte(i * 7 % 251)
	}
	steps := []int{3000, 20, 600 << 10, 1, 5000} // items of a list, one larger than a read
	p := &pageReader{r: bytes.NewReader(data)}
	maxCap := 0
	for off, i := 0, 0; off < len(data); i++ {
		n := min(steps[i%len(steps)], len(data)-off)
		if ok, err := p.fill(off + n); err != nil || !ok {
			t.Fatalf("fill(%d) = %v, %v", off+n, ok, err)
		}
		if !bytes.Equal(p.at(off, off+n), data[off:off+n]) {
			t.Fatalf("bytes %d..%d differ from the answer's", off, off+n)
		}
		off += n
		p.discard(off)
		maxCap = max(maxCap, cap(p.buf))
	}
	if ok, _ := p.fill(len(data) + 1); ok {
		t.Error("fill past the end reported more bytes")
	}
	if maxCap > 2<<20 {
		t.Errorf("buffer grew to %d bytes for an answer of %d", maxCap, len(data))
	}
}

// TestSelectedListHoldsItsSelection: a LIST with a label selector holds the objects it picks, not
// its namespace; another selection of that namespace stays unknown until it is read.
func TestSelectedListHoldsItsSelection(t *testing.T) {
	pod := func(name, app string) *corev1.Pod {
		return &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "shop", Labels: map[string]string{"app": app}}}
	}
	svc := func(app string) *corev1.Service {
		return &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: app, Namespace: "shop"}, Spec: corev1.ServiceSpec{Selector: map[string]string{"app": app}}}
	}
	cs := fake.NewSimpleClientset(pod("web-1", "web"), pod("api-1", "api"))
	f := &fetcher{ctx: context.Background(), c: Clients{Kube: cs}, snap: New(Live)}
	web := Request{Resource: Pods, Namespace: "shop", LabelSelector: "app=web"}
	api := Request{Resource: Pods, Namespace: "shop", LabelSelector: "app=api"}
	f.request(web)
	f.wait()
	if err := f.snap.Known(web); err != nil {
		t.Errorf("the read selection: %v", err)
	}
	if err := f.snap.Known(api); !IsUnknown(err) {
		t.Errorf("another selection of the namespace: %v, want unknown", err)
	}
	if _, err := f.snap.Pods.List("shop"); !IsUnknown(err) {
		t.Errorf("the namespace: %v, want unknown", err)
	}
	if got, err := f.snap.BackendPods(svc("web")); err != nil || len(got) != 1 || got[0].Name != "web-1" {
		t.Errorf("BackendPods(web) = %v, %v", got, err)
	}
	if _, err := f.snap.BackendPods(svc("api")); !IsUnknown(err) {
		t.Errorf("BackendPods(api) before its read: %v, want unknown", err)
	}
	f.request(api)
	f.wait()
	if got, err := f.snap.BackendPods(svc("api")); err != nil || len(got) != 1 || got[0].Name != "api-1" {
		t.Errorf("BackendPods(api) = %v, %v", got, err)
	}
}

// readAllOf is readPage collecting every object it hands over.
func readAllOf[T protoObject](body io.Reader, newObj func() T, skip skipTree, cont func(string)) ([]T, error) {
	var items []T
	err := readPage(body, newObj, skip, cont, func(b []T) { items = append(items, b...) })
	return items, err
}

// TestReadPageBatches: a long answer is handed over readBatch objects at a time, in order.
func TestReadPageBatches(t *testing.T) {
	names := make([]string, 2*readBatch+7)
	for i := range names {
		names[i] = fmt.Sprintf("p-%04d", i)
	}
	data := protobufList(t, podList("", names...))
	var sizes []int
	var got []string
	err := readPage(bytes.NewReader(data), func() *corev1.Pod { return &corev1.Pod{} }, skipPod, func(string) {}, func(b []*corev1.Pod) {
		sizes = append(sizes, len(b))
		for _, p := range b {
			got = append(got, p.Name)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{readBatch, readBatch, 7}; !slices.Equal(sizes, want) {
		t.Errorf("batches %v, want %v", sizes, want)
	}
	if !slices.Equal(got, names) {
		t.Errorf("objects out of order or missing: %d of %d", len(got), len(names))
	}
}
