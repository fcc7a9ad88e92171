// Package synth generates a large, deterministic synthetic TKE/ACK cluster for benchmarks: typed
// objects that bench/loadgen loads into an API server and that Snapshot turns into an in-memory
// snapshot for the Go benchmarks of the check pipeline.
//
// The same Sizes always give the same objects (fixed PCG seed). About 80 % of the targets are
// healthy; the rest carry one realistic mistake each (malformed JSON annotations, bad cloud ids,
// invalid ACK values, named targetPorts with ENI backends, missing TLS Secrets, selectors that match
// nothing, pods that are not ready, …), recorded in Cluster.Mistakes.
package synth

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	networkingv1 "k8s.io/api/networking/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/intstr"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// Sizes is how many objects of each kind the cluster holds.
type Sizes struct {
	Namespaces int
	Nodes      int
	// Services are all of type LoadBalancer: even ones TKE-annotated, odd ones ACK-annotated.
	Services       int
	PodsPerService int
	// Ingresses are all of class qcloud; the first half has TLS.
	Ingresses int
	// Secrets carry qcloud_cert_id (or fail to), one per TLS Ingress while they last.
	Secrets int
	// Events are core/v1 events about the Services and Ingresses.
	Events int
	// BrokenPercent is the share of targets given a mistake.
	BrokenPercent int
}

// DefaultSizes is the benchmark's full-size cluster.
func DefaultSizes() Sizes {
	return Sizes{Namespaces: 50, Nodes: 200, Services: 5000, PodsPerService: 2, Ingresses: 2000,
		Secrets: 1000, Events: 5000, BrokenPercent: 20}
}

// Scale multiplies every count by f (at least 1 of each); PodsPerService and BrokenPercent stay.
func (s Sizes) Scale(f float64) Sizes {
	n := func(v int) int { return max(1, int(math.Round(float64(v)*f))) }
	s.Namespaces, s.Nodes, s.Services = n(s.Namespaces), n(s.Nodes), n(s.Services)
	s.Ingresses, s.Secrets, s.Events = n(s.Ingresses), n(s.Secrets), n(s.Events)
	return s
}

// String is a one-line description of the sizes.
func (s Sizes) String() string {
	return fmt.Sprintf("namespaces=%d nodes=%d services=%d pods=%d endpointslices=%d ingresses=%d secrets=%d events=%d broken=%d%%",
		s.Namespaces, s.Nodes, s.Services, s.Services*s.PodsPerService, s.Services, s.Ingresses, s.Secrets, s.Events, s.BrokenPercent)
}

// ScaleFromEnv reads BENCH_SCALE (default 1: the full size).
func ScaleFromEnv() (float64, error) {
	v := os.Getenv("BENCH_SCALE")
	if v == "" {
		return 1, nil
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f <= 0 || f > 10 {
		return 0, fmt.Errorf("BENCH_SCALE=%q: want a number in (0, 10]", v)
	}
	return f, nil
}

// PodsPerServiceFromEnv reads BENCH_PODS_PER_SERVICE (default DefaultSizes' 2).
func PodsPerServiceFromEnv() (int, error) {
	v := os.Getenv("BENCH_PODS_PER_SERVICE")
	if v == "" {
		return DefaultSizes().PodsPerService, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > 100 {
		return 0, fmt.Errorf("BENCH_PODS_PER_SERVICE=%q: want a whole number in [1, 100]", v)
	}
	return n, nil
}

// SizesFromEnv is DefaultSizes scaled by BENCH_SCALE, with BENCH_PODS_PER_SERVICE.
func SizesFromEnv() (Sizes, error) {
	f, err := ScaleFromEnv()
	if err != nil {
		return Sizes{}, err
	}
	pods, err := PodsPerServiceFromEnv()
	if err != nil {
		return Sizes{}, err
	}
	sz := DefaultSizes().Scale(f)
	sz.PodsPerService = pods
	return sz, nil
}

// Cluster is a generated cluster, as typed objects in creation order per kind. Objects carry
// deterministic uids so events can point at them; a loader must drop them and repoint the events
// at the uids the API server assigns.
type Cluster struct {
	Sizes          Sizes
	Namespaces     []*corev1.Namespace
	Nodes          []*corev1.Node
	Services       []*corev1.Service
	Pods           []*corev1.Pod
	EndpointSlices []*discoveryv1.EndpointSlice
	Secrets        []*corev1.Secret
	Ingresses      []*networkingv1.Ingress
	Events         []*corev1.Event
	// ConfigMaps and DaemonSets are the kube-system objects the TKE cluster checks read: the
	// kube-proxy ConfigMap (mode ipvs) and DaemonSet (a fixed TKE build), and ip-masq-agent-config.
	ConfigMaps []*corev1.ConfigMap
	DaemonSets []*appsv1.DaemonSet
	// Mistakes maps "Service/ns/name" and "Ingress/ns/name" to the mistake injected; healthy targets
	// are absent.
	Mistakes map[string]string
	// Healthy is a healthy TKE LoadBalancer Service (public CLB, two ready pods, an address).
	Healthy types.NamespacedName
}

// Seed is the fixed PCG seed of the generator.
var Seed = [2]uint64{0x1bd0c70, 0xbe7c4}

// BaseTime is the fixed "now" of the generated cluster (creation and event times derive from it).
var BaseTime = time.Date(2026, 5, 4, 8, 0, 0, 0, time.UTC)

// Key is the Mistakes key of an object.
func Key(kind, ns, name string) string { return kind + "/" + ns + "/" + name }

type gen struct {
	r *rand.Rand
	c *Cluster
	// svcsByNS lists the Service indexes of each namespace (Ingress backends are picked from them).
	svcsByNS [][]int
	podSeq   int
	// brokenTKE/brokenACK/brokenIng are targets with a mistake, for the failure events.
	brokenTKE, brokenACK, brokenIng []int
}

// Generate builds the cluster of the given sizes.
func Generate(sz Sizes) *Cluster {
	g := &gen{r: rand.New(rand.NewPCG(Seed[0], Seed[1])), c: &Cluster{Sizes: sz, Mistakes: map[string]string{}}}
	g.namespaces()
	g.nodes()
	g.kubeSystem()
	g.services()
	g.ingresses()
	g.events()
	return g.c
}

const alnum = "abcdefghijklmnopqrstuvwxyz0123456789"

// str is n random characters of alphabet.
func (g *gen) str(n int, alphabet string) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[g.r.IntN(len(alphabet))]
	}
	return string(b)
}

func (g *gen) uid() types.UID {
	return types.UID(fmt.Sprintf("%08x-%04x-4%03x-%04x-%012x", g.r.Uint32(), g.r.Uint32()&0xffff,
		g.r.Uint32()&0xfff, 0x8000|g.r.Uint32()&0x3fff, g.r.Uint64()&0xffffffffffff))
}

func (g *gen) meta(ns, name string, labels, ann map[string]string) metav1.ObjectMeta {
	return metav1.ObjectMeta{Namespace: ns, Name: name, Labels: labels, Annotations: ann, UID: g.uid(),
		CreationTimestamp: metav1.NewTime(BaseTime.Add(-time.Duration(24+g.r.IntN(24*60)) * time.Hour))}
}

// pick returns one of the choices.
func pick[T any](g *gen, choices []T) T { return choices[g.r.IntN(len(choices))] }

func (g *gen) broken() bool { return g.r.IntN(100) < g.c.Sizes.BrokenPercent }

var teams = []string{"shop", "payments", "search", "media", "identity", "logistics", "ads", "growth", "infra", "data"}

func (g *gen) namespaces() {
	g.svcsByNS = make([][]int, g.c.Sizes.Namespaces)
	for i := range g.c.Sizes.Namespaces {
		name := fmt.Sprintf("%s-%02d", teams[i%len(teams)], i)
		g.c.Namespaces = append(g.c.Namespaces, &corev1.Namespace{
			ObjectMeta: g.meta("", name, map[string]string{"team": teams[i%len(teams)]}, nil)})
	}
}

// nodes are all TKE (qcloud) CVMs: a real cluster has one provider, and ACK vs TKE of each target is
// decided by its own annotations (DetectProvider reads those before the node providerIDs).
func (g *gen) nodes() {
	zones := []string{"100003", "100004", "100006"}
	for i := range g.c.Sizes.Nodes {
		ip := fmt.Sprintf("10.0.%d.%d", 1+i/250, 1+i%250)
		zone := zones[i%len(zones)]
		ins := "ins-" + g.str(8, alnum)
		n := &corev1.Node{
			ObjectMeta: g.meta("", ip, map[string]string{
				"kubernetes.io/hostname": ip, "kubernetes.io/os": "linux", "kubernetes.io/arch": "amd64",
				"beta.kubernetes.io/os": "linux", "beta.kubernetes.io/arch": "amd64",
				"node.kubernetes.io/instance-type": "SA2.2XLARGE16", "topology.kubernetes.io/region": "gz",
				"topology.kubernetes.io/zone": zone, "cloud.tencent.com/node-instance-id": ins,
			}, map[string]string{"node.alpha.kubernetes.io/ttl": "0"}),
			Spec: corev1.NodeSpec{ProviderID: "qcloud:///" + zone + "/" + ins, PodCIDR: fmt.Sprintf("172.16.%d.0/24", i%256)},
			Status: corev1.NodeStatus{
				Capacity:    resources("8", "32Gi", "61"),
				Allocatable: resources("7900m", "29Gi", "61"),
				Conditions: []corev1.NodeCondition{
					nodeCond(corev1.NodeMemoryPressure, corev1.ConditionFalse, "KubeletHasSufficientMemory"),
					nodeCond(corev1.NodeDiskPressure, corev1.ConditionFalse, "KubeletHasNoDiskPressure"),
					nodeCond(corev1.NodePIDPressure, corev1.ConditionFalse, "KubeletHasSufficientPID"),
					nodeCond(corev1.NodeReady, corev1.ConditionTrue, "KubeletReady"),
				},
				Addresses: []corev1.NodeAddress{{Type: corev1.NodeInternalIP, Address: ip}, {Type: corev1.NodeHostName, Address: ip}},
				NodeInfo: corev1.NodeSystemInfo{KubeletVersion: "v1.30.0-tke.8", KubeProxyVersion: "v1.30.0-tke.8",
					OperatingSystem: "linux", Architecture: "amd64", ContainerRuntimeVersion: "containerd://1.6.9-tke.8",
					OSImage: "TencentOS Server 3.1 (Final)", KernelVersion: "5.4.241-1-tlinux4-0017.7"},
				DaemonEndpoints: corev1.NodeDaemonEndpoints{KubeletEndpoint: corev1.DaemonEndpoint{Port: 10250}},
			},
		}
		g.c.Nodes = append(g.c.Nodes, n)
	}
}

func resources(cpu, mem, pods string) corev1.ResourceList {
	return corev1.ResourceList{corev1.ResourceCPU: resource.MustParse(cpu), corev1.ResourceMemory: resource.MustParse(mem),
		corev1.ResourcePods: resource.MustParse(pods)}
}

func nodeCond(t corev1.NodeConditionType, s corev1.ConditionStatus, reason string) corev1.NodeCondition {
	ts := metav1.NewTime(BaseTime.Add(-time.Hour))
	return corev1.NodeCondition{Type: t, Status: s, Reason: reason, LastHeartbeatTime: ts, LastTransitionTime: ts}
}

func (g *gen) kubeSystem() {
	const ks = "kube-system"
	g.c.ConfigMaps = append(g.c.ConfigMaps,
		&corev1.ConfigMap{ObjectMeta: g.meta(ks, "kube-proxy", map[string]string{"k8s-app": "kube-proxy"}, nil),
			Data: map[string]string{"config.conf": "apiVersion: kubeproxy.config.k8s.io/v1alpha1\nkind: KubeProxyConfiguration\n" +
				"clientConnection:\n  kubeconfig: /var/lib/kube-proxy/kubeconfig\nmode: ipvs\nipvs:\n  scheduler: rr\n  strictARP: false\n" +
				"clusterCIDR: 172.16.0.0/16\n"}},
		&corev1.ConfigMap{ObjectMeta: g.meta(ks, "ip-masq-agent-config", nil, nil),
			Data: map[string]string{"config": "nonMasqueradeCIDRs:\n  - 172.16.0.0/16\n  - 10.0.0.0/16\nmasqLinkLocal: true\nresyncInterval: 1m0s\n"}})
	labels := map[string]string{"k8s-app": "kube-proxy"}
	g.c.DaemonSets = append(g.c.DaemonSets, &appsv1.DaemonSet{
		ObjectMeta: g.meta(ks, "kube-proxy", labels, nil),
		Spec: appsv1.DaemonSetSpec{
			Selector: &metav1.LabelSelector{MatchLabels: labels},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: labels},
				Spec: corev1.PodSpec{HostNetwork: true, PriorityClassName: "system-node-critical",
					Containers: []corev1.Container{{Name: "kube-proxy", Image: "ccr.ccs.tencentyun.com/tkeimages/kube-proxy:v1.30.0-tke.8",
						Command:         []string{"kube-proxy", "--config=/var/lib/kube-proxy/config.conf", "--hostname-override=$(NODE_NAME)"},
						SecurityContext: &corev1.SecurityContext{Privileged: ptr(true)}}}},
			},
		},
	})
}

func ptr[T any](v T) *T { return &v }

var appWords = []string{"web", "api", "checkout", "search", "cart", "gateway", "auth", "media", "report", "orders"}

// Service mistakes. The generic ones apply to either provider.
var (
	tkeServiceMistakes = []string{"tke-extensive-json", "tke-bad-existed-lbid", "tke-zone-as-region", "tke-bad-subnet",
		"tke-direct-access-not-bool", "tke-direct-access-no-eni", "selector-typo", "pods-not-ready", "local-traffic-policy"}
	ackServiceMistakes = []string{"ack-bad-scheduler", "ack-eni-string-targetport", "ack-annotation-typo",
		"ack-sticky-without-type", "ack-vswitch-on-internet", "ack-legacy-conflict", "ack-health-interval-range",
		"selector-typo", "pods-not-ready", "local-traffic-policy"}
)

// backendMistake says the mistake is about backends: the CLB exists (the Service has an address).
func backendMistake(m string) bool {
	return m == "" || m == "selector-typo" || m == "pods-not-ready" || m == "local-traffic-policy"
}

const (
	tkeAnn = "service.kubernetes.io/"
	tkeCld = "service.cloud.tencent.com/"
	ackAnn = "service.beta.kubernetes.io/alibaba-cloud-loadbalancer-"
)

func (g *gen) services() {
	sz := g.c.Sizes
	for i := range sz.Services {
		nsIdx := i % sz.Namespaces
		ns := g.c.Namespaces[nsIdx].Name
		name := fmt.Sprintf("%s-%04d", appWords[i%len(appWords)], i)
		tke := i%2 == 0
		mistake := ""
		if g.broken() {
			if tke {
				mistake = pick(g, tkeServiceMistakes)
			} else {
				mistake = pick(g, ackServiceMistakes)
			}
		}
		ann := g.serviceAnnotations(tke, mistake)
		selector := map[string]string{"app": name}
		svc := &corev1.Service{
			ObjectMeta: g.meta(ns, name, map[string]string{"app": name, "team": teams[nsIdx%len(teams)]}, ann),
			Spec: corev1.ServiceSpec{
				Type:     corev1.ServiceTypeLoadBalancer,
				Selector: selector,
				Ports: []corev1.ServicePort{{Name: "http", Protocol: corev1.ProtocolTCP, Port: 80, TargetPort: intstr.FromInt32(8080)},
					{Name: "https", Protocol: corev1.ProtocolTCP, Port: 443, TargetPort: intstr.FromInt32(8443)}},
				ExternalTrafficPolicy: corev1.ServiceExternalTrafficPolicyCluster,
				// 5,000 LoadBalancer Services would exhaust the default NodePort range (30000-32767) of
				// the benchmark's API server; CLBs that bind pods or nodes directly need none.
				AllocateLoadBalancerNodePorts: ptr(false),
				SessionAffinity:               corev1.ServiceAffinityNone,
			},
		}
		switch mistake {
		case "selector-typo":
			svc.Spec.Selector = map[string]string{"app": name + "-v2"}
		case "local-traffic-policy":
			svc.Spec.ExternalTrafficPolicy = corev1.ServiceExternalTrafficPolicyLocal
		case "ack-eni-string-targetport":
			svc.Spec.Ports[0].TargetPort = intstr.FromString("http")
			svc.Spec.Ports[1].TargetPort = intstr.FromString("https")
		}
		if backendMistake(mistake) {
			// A public CLB gets a public VIP, an internal one (TKE subnet, ACK intranet) a VPC address.
			ip := fmt.Sprintf("%d.%d.%d.%d", 43+i%3, 137+(i/65025)%8, (i/255)%255, 1+i%254)
			if ann[tkeAnn+"qcloud-loadbalancer-internal-subnetid"] != "" || ann[ackAnn+"address-type"] == "intranet" {
				ip = fmt.Sprintf("10.%d.%d.%d", 8+(i/65025)%4, (i/254)%255, 1+i%254)
			}
			svc.Status.LoadBalancer.Ingress = []corev1.LoadBalancerIngress{{IP: ip}}
		}
		if mistake != "" {
			g.c.Mistakes[Key("Service", ns, name)] = mistake
			if tke {
				g.brokenTKE = append(g.brokenTKE, i)
			} else {
				g.brokenACK = append(g.brokenACK, i)
			}
		} else if tke && g.c.Healthy.Name == "" && ann[tkeAnn+"qcloud-loadbalancer-internal-subnetid"] == "" {
			g.c.Healthy = types.NamespacedName{Namespace: ns, Name: name}
		}
		g.c.Services = append(g.c.Services, svc)
		g.svcsByNS[nsIdx] = append(g.svcsByNS[nsIdx], i)
		g.backends(svc, name, mistake)
	}
}

func (g *gen) serviceAnnotations(tke bool, mistake string) map[string]string {
	a := map[string]string{}
	if tke {
		if g.r.IntN(10) < 6 || mistake == "tke-extensive-json" {
			a[tkeAnn+"service.extensiveParameters"] = fmt.Sprintf(`{"InternetAccessible":{"InternetChargeType":"TRAFFIC_POSTPAID_BY_HOUR","InternetMaxBandwidthOut":%d}}`, pick(g, []int{10, 20, 50, 100}))
		} else {
			a[tkeAnn+"qcloud-loadbalancer-internal-subnetid"] = "subnet-" + g.str(8, alnum)
			a[tkeCld+"prevent-loopback"] = "true"
		}
		switch mistake {
		case "tke-extensive-json": // a trailing comma
			a[tkeAnn+"service.extensiveParameters"] = `{"InternetAccessible":{"InternetChargeType":"TRAFFIC_POSTPAID_BY_HOUR","InternetMaxBandwidthOut":10,}}`
		case "tke-bad-existed-lbid": // a truncated id copied from the console
			a[tkeAnn+"tke-existed-lbid"] = "lb-" + g.str(5, alnum)
		case "tke-zone-as-region": // an availability zone where a region is wanted
			a[tkeCld+"cross-region-id"] = pick(g, []string{"ap-guangzhou-3", "ap-shanghai-2", "ap-beijing-6"})
			a[tkeCld+"cross-vpc-id"] = "vpc-" + g.str(8, alnum)
		case "tke-bad-subnet": // upper case and too short
			delete(a, tkeAnn+"service.extensiveParameters")
			a[tkeAnn+"qcloud-loadbalancer-internal-subnetid"] = "subnet-" + g.str(3, "ABCDEFGH")
			a[tkeCld+"prevent-loopback"] = "true"
		case "tke-direct-access-not-bool":
			a[tkeCld+"direct-access"] = "yes"
		case "tke-direct-access-no-eni": // direct access on a cluster without VPC-CNI
			a[tkeCld+"direct-access"] = "true"
		}
		return a
	}
	intranet := g.r.IntN(10) < 3
	a[ackAnn+"spec"] = pick(g, []string{"slb.s1.small", "slb.s2.small", "slb.s2.medium"})
	a[ackAnn+"scheduler"] = "wrr"
	a[ackAnn+"connection-drain"] = "on"
	a[ackAnn+"connection-drain-timeout"] = "30"
	if intranet {
		a[ackAnn+"address-type"] = "intranet"
		a[ackAnn+"vswitch-id"] = "vsw-" + g.str(21, alnum)
	} else {
		a[ackAnn+"address-type"] = "internet"
	}
	switch mistake {
	case "ack-bad-scheduler": // values are case-sensitive
		a[ackAnn+"scheduler"] = pick(g, []string{"WRR", "round-robin", "lc"})
	case "ack-eni-string-targetport":
		a["service.beta.kubernetes.io/backend-type"] = "eni"
	case "ack-annotation-typo":
		delete(a, ackAnn+"scheduler")
		a[ackAnn+"shceduler"] = "wrr"
	case "ack-sticky-without-type":
		a[ackAnn+"sticky-session"] = "on"
	case "ack-vswitch-on-internet":
		a[ackAnn+"address-type"] = "internet"
		a[ackAnn+"vswitch-id"] = "vsw-" + g.str(21, alnum)
	case "ack-legacy-conflict":
		a[ackAnn+"address-type"] = "internet"
		delete(a, ackAnn+"vswitch-id")
		a["service.beta.kubernetes.io/alicloud-loadbalancer-address-type"] = "intranet"
	case "ack-health-interval-range":
		a[ackAnn+"health-check-flag"] = "on"
		a[ackAnn+"health-check-type"] = "tcp"
		a[ackAnn+"health-check-interval"] = "100"
	}
	return a
}

// backends adds the Service's pods (Running on spread nodes) and its EndpointSlice.
func (g *gen) backends(svc *corev1.Service, app, mistake string) {
	sz := g.c.Sizes
	hash := g.str(10, "bcdfghjklmnpqrstvwxz2456789")
	slice := &discoveryv1.EndpointSlice{
		ObjectMeta: g.meta(svc.Namespace, svc.Name+"-"+g.str(5, "bcdfghjklmnpqrstvwxz2456789"), map[string]string{
			discoveryv1.LabelServiceName: svc.Name, discoveryv1.LabelManagedBy: "endpointslice-controller.k8s.io"}, nil),
		AddressType: discoveryv1.AddressTypeIPv4,
		Ports: []discoveryv1.EndpointPort{{Name: ptr("http"), Protocol: ptr(corev1.ProtocolTCP), Port: ptr(int32(8080))},
			{Name: ptr("https"), Protocol: ptr(corev1.ProtocolTCP), Port: ptr(int32(8443))}},
		Endpoints: []discoveryv1.Endpoint{},
	}
	ready := mistake != "pods-not-ready"
	for range sz.PodsPerService {
		n := g.podSeq
		g.podSeq++
		node := g.c.Nodes[g.r.IntN(len(g.c.Nodes))]
		podIP := fmt.Sprintf("172.16.%d.%d", (n/250)%256, 2+n%250)
		p := g.pod(svc.Namespace, app+"-"+hash[:9]+"-"+g.str(5, "bcdfghjklmnpqrstvwxz2456789"), app, hash[:9], node, podIP, ready)
		g.c.Pods = append(g.c.Pods, p)
		if mistake == "selector-typo" {
			continue // nothing matches the selector: the slice stays empty
		}
		zone := node.Labels["topology.kubernetes.io/zone"]
		slice.Endpoints = append(slice.Endpoints, discoveryv1.Endpoint{
			Addresses:  []string{podIP},
			Conditions: discoveryv1.EndpointConditions{Ready: ptr(ready), Serving: ptr(ready), Terminating: ptr(false)},
			NodeName:   ptr(node.Name), Zone: &zone,
			TargetRef: &corev1.ObjectReference{Kind: "Pod", Namespace: p.Namespace, Name: p.Name},
		})
	}
	g.c.EndpointSlices = append(g.c.EndpointSlices, slice)
}

func (g *gen) pod(ns, name, app, hash string, node *corev1.Node, ip string, ready bool) *corev1.Pod {
	started := metav1.NewTime(BaseTime.Add(-time.Duration(1+g.r.IntN(72)) * time.Hour))
	cond := corev1.ConditionTrue
	cs := corev1.ContainerStatus{Name: "app", Image: "nginx:1.27.3", ImageID: "docker.io/library/nginx@sha256:" + g.str(64, "0123456789abcdef"),
		ContainerID: "containerd://" + g.str(64, "0123456789abcdef"), Ready: true, Started: ptr(true),
		State: corev1.ContainerState{Running: &corev1.ContainerStateRunning{StartedAt: started}}}
	if !ready {
		cond = corev1.ConditionFalse
		cs.Ready, cs.Started, cs.RestartCount = false, ptr(false), int32(5+g.r.IntN(40))
		cs.State = corev1.ContainerState{Waiting: &corev1.ContainerStateWaiting{Reason: "CrashLoopBackOff",
			Message: "back-off 5m0s restarting failed container=app pod=" + name}}
	}
	pc := func(t corev1.PodConditionType, s corev1.ConditionStatus) corev1.PodCondition {
		return corev1.PodCondition{Type: t, Status: s, LastTransitionTime: started}
	}
	return &corev1.Pod{
		ObjectMeta: g.meta(ns, name, map[string]string{"app": app, "pod-template-hash": hash}, nil),
		Spec: corev1.PodSpec{
			NodeName:                      node.Name,
			TerminationGracePeriodSeconds: ptr(int64(45)),
			Containers: []corev1.Container{{
				Name: "app", Image: "nginx:1.27.3",
				Ports: []corev1.ContainerPort{{Name: "http", ContainerPort: 8080, Protocol: corev1.ProtocolTCP},
					{Name: "https", ContainerPort: 8443, Protocol: corev1.ProtocolTCP}},
				Resources: corev1.ResourceRequirements{Requests: corev1.ResourceList{
					corev1.ResourceCPU: resource.MustParse("100m"), corev1.ResourceMemory: resource.MustParse("128Mi")}},
				ReadinessProbe: &corev1.Probe{ProbeHandler: corev1.ProbeHandler{HTTPGet: &corev1.HTTPGetAction{
					Path: "/healthz", Port: intstr.FromString("http")}}, PeriodSeconds: 5},
				Lifecycle: &corev1.Lifecycle{PreStop: &corev1.LifecycleHandler{Exec: &corev1.ExecAction{Command: []string{"sleep", "10"}}}},
			}},
		},
		Status: corev1.PodStatus{
			Phase: corev1.PodRunning,
			Conditions: []corev1.PodCondition{pc(corev1.PodInitialized, corev1.ConditionTrue), pc(corev1.PodReady, cond),
				pc(corev1.ContainersReady, cond), pc(corev1.PodScheduled, corev1.ConditionTrue)},
			HostIP: node.Name, HostIPs: []corev1.HostIP{{IP: node.Name}},
			PodIP: ip, PodIPs: []corev1.PodIP{{IP: ip}},
			StartTime: &started, QOSClass: corev1.PodQOSBurstable,
			ContainerStatuses: []corev1.ContainerStatus{cs},
		},
	}
}

// Ingress mistakes; the tls- ones apply only to Ingresses with TLS.
var (
	ingressMistakes = []string{"host-uppercase-in-rules-annotation", "http-rules-json", "backend-service-missing",
		"backend-port-missing", "path-regex", "bandwidth-zero", "bad-exist-lbid"}
	tlsMistakes = []string{"tls-secret-no-cert-id", "tls-secret-missing", "tls-cert-id-whitespace", "tls-cert-id-malformed"}
)

func (g *gen) ingresses() {
	sz := g.c.Sizes
	withTLS := sz.Ingresses / 2
	for i := range sz.Ingresses {
		nsIdx := i % sz.Namespaces
		ns := g.c.Namespaces[nsIdx].Name
		name := fmt.Sprintf("%s-ing-%04d", appWords[i%len(appWords)], i)
		host := fmt.Sprintf("%s-%04d.%s.example.com", appWords[i%len(appWords)], i, teams[nsIdx%len(teams)])
		tls := i < withTLS
		mistake := ""
		if g.broken() {
			choices := ingressMistakes
			if tls {
				choices = append(append([]string{}, ingressMistakes...), tlsMistakes...)
			}
			mistake = pick(g, choices)
		}
		ann := map[string]string{"kubernetes.io/ingress.class": "qcloud"}
		if g.r.IntN(3) == 0 {
			ann["kubernetes.io/ingress.internetChargeType"] = "TRAFFIC_POSTPAID_BY_HOUR"
			ann["kubernetes.io/ingress.internetMaxBandwidthOut"] = strconv.Itoa(pick(g, []int{10, 50, 100}))
		}
		svcs := g.svcsByNS[nsIdx]
		main := g.c.Services[svcs[g.r.IntN(len(svcs))]]
		api := g.c.Services[svcs[g.r.IntN(len(svcs))]]
		mainName, apiName, apiPort := main.Name, api.Name, int32(80)
		path, pathType := "/api", networkingv1.PathTypePrefix
		switch mistake {
		case "host-uppercase-in-rules-annotation": // the API server rejects it in spec; TKE reads the annotation too
			ann["kubernetes.io/ingress.http-rules"] = fmt.Sprintf(`[{"host":"%s","path":"/static","backend":{"serviceName":"%s","servicePort":"80"}}]`,
				"Static-"+host, mainName)
		case "http-rules-json": // unquoted key
			ann["kubernetes.io/ingress.http-rules"] = fmt.Sprintf(`[{"host":"%s","path":"/static",backend:{"serviceName":"%s","servicePort":80}}]`, host, mainName)
		case "backend-service-missing":
			apiName = apiName + "-v2"
		case "backend-port-missing":
			apiPort = 8080
		case "path-regex":
			path, pathType = "/api/(.*)", networkingv1.PathTypeImplementationSpecific
		case "bandwidth-zero":
			ann["kubernetes.io/ingress.internetChargeType"] = "TRAFFIC_POSTPAID_BY_HOUR"
			ann["kubernetes.io/ingress.internetMaxBandwidthOut"] = "0"
		case "bad-exist-lbid":
			ann["kubernetes.io/ingress.existLbId"] = "lb-" + g.str(4, alnum)
		}
		backend := func(svc string, port int32) networkingv1.IngressBackend {
			return networkingv1.IngressBackend{Service: &networkingv1.IngressServiceBackend{Name: svc,
				Port: networkingv1.ServiceBackendPort{Number: port}}}
		}
		ing := &networkingv1.Ingress{
			ObjectMeta: g.meta(ns, name, map[string]string{"app": mainName}, ann),
			Spec: networkingv1.IngressSpec{Rules: []networkingv1.IngressRule{{Host: host, IngressRuleValue: networkingv1.IngressRuleValue{
				HTTP: &networkingv1.HTTPIngressRuleValue{Paths: []networkingv1.HTTPIngressPath{
					{Path: "/", PathType: ptr(networkingv1.PathTypePrefix), Backend: backend(mainName, 80)},
					{Path: path, PathType: ptr(pathType), Backend: backend(apiName, apiPort)},
				}}}}}},
		}
		if tls {
			ing.Spec.TLS = []networkingv1.IngressTLS{{Hosts: []string{host}, SecretName: name + "-cert"}}
			g.tlsSecret(ns, name+"-cert", mistake)
		}
		if mistake == "" || mistake == "backend-service-missing" || mistake == "backend-port-missing" {
			ing.Status.LoadBalancer.Ingress = []networkingv1.IngressLoadBalancerIngress{{IP: fmt.Sprintf("106.55.%d.%d", (i/254)%255, 1+i%254)}}
		}
		if mistake != "" {
			g.c.Mistakes[Key("Ingress", ns, name)] = mistake
			g.brokenIng = append(g.brokenIng, i)
		}
		g.c.Ingresses = append(g.c.Ingresses, ing)
	}
	// Secrets beyond the TLS Ingresses: application secrets no Ingress names.
	for i := len(g.c.Secrets); i < sz.Secrets; i++ {
		ns := g.c.Namespaces[i%sz.Namespaces].Name
		g.c.Secrets = append(g.c.Secrets, &corev1.Secret{ObjectMeta: g.meta(ns, fmt.Sprintf("app-config-%04d", i), nil, nil),
			Type: corev1.SecretTypeOpaque, Data: map[string][]byte{"DB_PASSWORD": []byte(g.str(24, alnum))}})
	}
}

// tlsSecret adds the Secret a TLS Ingress names, while the Secrets budget lasts (a TLS Ingress past it
// names a Secret that does not exist, as does the tls-secret-missing mistake).
func (g *gen) tlsSecret(ns, name, mistake string) {
	if len(g.c.Secrets) >= g.c.Sizes.Secrets {
		return
	}
	certID := g.str(8, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
	s := &corev1.Secret{ObjectMeta: g.meta(ns, name, nil, nil), Type: corev1.SecretTypeOpaque,
		Data: map[string][]byte{"qcloud_cert_id": []byte(certID)}}
	switch mistake {
	case "tls-secret-missing":
		s.Name = name + "-old" // the Ingress names a Secret that was renamed
	case "tls-secret-no-cert-id": // a plain kubernetes.io/tls Secret
		s.Type = corev1.SecretTypeTLS
		s.Data = map[string][]byte{"tls.crt": []byte("-----BEGIN CERTIFICATE-----\n" + g.str(900, alnum) + "\n-----END CERTIFICATE-----\n"),
			"tls.key": []byte("-----BEGIN PRIVATE KEY-----\n" + g.str(1600, alnum) + "\n-----END PRIVATE KEY-----\n")}
	case "tls-cert-id-whitespace": // echo instead of echo -n
		s.Data["qcloud_cert_id"] = []byte(certID + "\n")
	case "tls-cert-id-malformed":
		s.Data["qcloud_cert_id"] = []byte("cert-" + certID[:4])
	}
	g.c.Secrets = append(g.c.Secrets, s)
}

// tkeServiceEvent is the controller's failure message for a TKE Service mistake.
var tkeServiceEvent = map[string]string{
	"tke-extensive-json":         `ServiceError. ErrorCode: E4005 Details: create lb error: InvalidParameterValue. OriginError: service.kubernetes.io/service.extensiveParameters is not valid JSON`,
	"tke-bad-existed-lbid":       `Error syncing load balancer: failed to ensure load balancer: ServiceErrorCode{Code:"E4011",Message:"LB resource specified in service.kubernetes.io/tke-existed-lbid does not exist"}`,
	"tke-zone-as-region":         `Error syncing load balancer: failed to ensure load balancer: ServiceErrorCode{Code:"E4075",Message:"service.cloud.tencent.com/cross-region-id is not a valid region"}`,
	"tke-bad-subnet":             `Error syncing load balancer: failed to ensure load balancer: Code:"E4037" CreateLoadBalancer Invoke vpc failed: subnet not exists`,
	"tke-direct-access-not-bool": `Error syncing load balancer: failed to ensure load balancer: ServiceErrorCode{Code:"E4033",Message:"service.cloud.tencent.com/direct-access is invalid"}`,
	"tke-direct-access-no-eni":   `Error syncing load balancer: failed to ensure load balancer: ServiceErrorCode{Code:"E4033",Message:"service.cloud.tencent.com/direct-access is true but no backend pod supports direct access"}`,
}

// tkeServiceOther are failures that happen to any TKE Service now and then.
var tkeServiceOther = []string{
	`Error syncing load balancer: failed to ensure load balancer: ServiceErrorCode{Code:"E4004",Message:"CreateLoadBalancer LimitExceeded",Retry:false}`,
	`Error syncing load balancer: failed to ensure load balancer: {Code:"E4008", Message:"create lb error: ResourceInsufficient, subnet has no available ip"}`,
	`Error syncing load balancer: failed to ensure load balancer: ServiceError. ErrorCode: E4036 Details: RegisterTargets InvalidParameter: duplicate target`,
}

var tkeIngressEvent = map[string]string{
	"host-uppercase-in-rules-annotation": `E4052 Ingress Host Invalid`,
	"http-rules-json":                    `IngressError. ErrorCode: E4022 Details: kubernetes.io/ingress.http-rules unmarshal failed`,
	"backend-service-missing":            `IngressErrorCode{Code:"E4041",Message:"Service not found"}`,
	"backend-port-missing":               `IngressErrorCode{Code:"E4042",Message:"Service port not found"}`,
	"path-regex":                         `E4031 Ingress rule invalid. Invalid path.`,
	"bandwidth-zero":                     `IngressErrorCode{Code:"E4046",Message:"internetMaxBandwidthOut is invalid"}`,
	"bad-exist-lbid":                     `IngressError. ErrorCode: E4098 Details: kubernetes.io/ingress.existLbId is malformed`,
	"tls-secret-no-cert-id":              `IngressErrorCode{Code:"E4011",Message:"Secret has no qcloud cert id"}`,
	"tls-secret-missing":                 `IngressErrorCode{Code:"E4010",Message:"Secret not found"}`,
	"tls-cert-id-whitespace":             `IngressError. ErrorCode: E4035 Details: certificate id invalid`,
	"tls-cert-id-malformed":              `IngressError. ErrorCode: E4035 Details: certificate id invalid`,
}

var ackServiceEvent = map[string]string{
	"ack-eni-string-targetport": `Error syncing load balancer [lb-bp1%s]: Message: SDK.ServerError Status Code: 400 Code: InvalidParameter Message: The specified Port must be between 1 and 65535.`,
}

var ackServiceOther = []string{
	`Error syncing load balancer [lb-bp1%s]: Message: SDK.ServerError Status Code: 400 Code: Throttling`,
	`Error syncing load balancer [lb-bp1%s]: Message: SDK.ServerError Status Code: 400 Code: VSwitchAvailableIpNotExist Message: The specified VSwitch has no available ip.`,
	`Error syncing load balancer [lb-bp1%s]: Message: The backend server number has reached to the quota limit of this load balancers.`,
}

// events writes Sizes.Events events: half TKE failures with codes (about broken TKE Services and
// Ingresses), a tenth documented ACK failures (about broken ACK Services), the rest Normal sync
// events about any target.
func (g *gen) events() {
	sz := g.c.Sizes
	for i := range sz.Events {
		var (
			kind, ns, name, reason, msg, component string
			uid                                    types.UID
			typ                                    = corev1.EventTypeWarning
		)
		svcEvent := func(idx int) {
			s := g.c.Services[idx]
			kind, ns, name, uid = "Service", s.Namespace, s.Name, s.UID
		}
		switch slot := i % 10; {
		case slot < 5 && len(g.brokenTKE)+len(g.brokenIng) > 0:
			if k := g.r.IntN(len(g.brokenTKE) + len(g.brokenIng)); k < len(g.brokenTKE) {
				svcEvent(g.brokenTKE[k])
				reason, component = "SyncLoadBalancerFailed", "service-controller"
				if m, ok := tkeServiceEvent[g.c.Mistakes[Key(kind, ns, name)]]; ok {
					msg = m
				} else {
					msg = pick(g, tkeServiceOther)
				}
			} else {
				ing := g.c.Ingresses[g.brokenIng[k-len(g.brokenTKE)]]
				kind, ns, name, uid = "Ingress", ing.Namespace, ing.Name, ing.UID
				reason, component = "EnsureServiceFailed", "loadbalancer-controller"
				msg = tkeIngressEvent[g.c.Mistakes[Key(kind, ns, name)]]
			}
		case slot == 5 && len(g.brokenACK) > 0:
			svcEvent(g.brokenACK[g.r.IntN(len(g.brokenACK))])
			reason, component = "SyncLoadBalancerFailed", "cloud-controller-manager"
			tmpl, ok := ackServiceEvent[g.c.Mistakes[Key(kind, ns, name)]]
			if !ok {
				tmpl = pick(g, ackServiceOther)
			}
			msg = fmt.Sprintf(tmpl, g.str(18, alnum))
		default:
			typ = corev1.EventTypeNormal
			if k := g.r.IntN(len(g.c.Services) + len(g.c.Ingresses)); k < len(g.c.Services) {
				svcEvent(k)
				reason, msg, component = "EnsuredLoadBalancer", "Ensured load balancer", "service-controller"
				if k%2 == 1 {
					component = "cloud-controller-manager"
				}
			} else {
				ing := g.c.Ingresses[k-len(g.c.Services)]
				kind, ns, name, uid = "Ingress", ing.Namespace, ing.Name, ing.UID
				reason, msg, component = "EnsureIngressSuccess", "Ingress Sync Success. RetrunCode: S2009", "loadbalancer-controller"
			}
		}
		apiVersion := "v1"
		if kind == "Ingress" {
			apiVersion = "networking.k8s.io/v1"
		}
		last := BaseTime.Add(-time.Duration(g.r.IntN(3600)) * time.Second)
		count := int32(1 + g.r.IntN(30))
		ev := &corev1.Event{
			ObjectMeta: g.meta(ns, fmt.Sprintf("%s.%016x", name, g.r.Uint64()), nil, nil),
			InvolvedObject: corev1.ObjectReference{Kind: kind, Namespace: ns, Name: name, UID: uid, APIVersion: apiVersion,
				ResourceVersion: strconv.Itoa(1000 + g.r.IntN(1_000_000))},
			Reason: reason, Message: msg, Type: typ, Count: count,
			Source:         corev1.EventSource{Component: component},
			FirstTimestamp: metav1.NewTime(last.Add(-time.Duration(count) * time.Minute)), LastTimestamp: metav1.NewTime(last),
			ReportingController: component, ReportingInstance: component + "-" + g.str(5, alnum),
		}
		g.c.Events = append(g.c.Events, ev)
	}
}

// Objects returns every object in creation order: namespaces, kube-system objects, nodes, Services,
// pods, EndpointSlices, Secrets, Ingresses, events.
func (c *Cluster) Objects() []runtime.Object {
	var out []runtime.Object
	out = appendAll(out, c.Namespaces)
	out = appendAll(out, c.ConfigMaps)
	out = appendAll(out, c.DaemonSets)
	out = appendAll(out, c.Nodes)
	out = appendAll(out, c.Services)
	out = appendAll(out, c.Pods)
	out = appendAll(out, c.EndpointSlices)
	out = appendAll(out, c.Secrets)
	out = appendAll(out, c.Ingresses)
	return appendAll(out, c.Events)
}

func appendAll[T runtime.Object](out []runtime.Object, objs []T) []runtime.Object {
	for _, o := range objs {
		out = append(out, o)
	}
	return out
}

// Snapshot builds an in-memory live snapshot of objs, as complete as after cluster-wide lists, with
// every LoadBalancer Service and Ingress as targets. Namespaces are skipped (snapshots hold none).
func Snapshot(objs []runtime.Object) (*snapshot.Snapshot, error) {
	s := snapshot.New("live")
	for _, o := range objs {
		if _, ok := o.(*corev1.Namespace); ok {
			continue
		}
		if err := s.Add(o); err != nil {
			return nil, err
		}
	}
	s.MarkComplete()
	s.Targets = snapshot.AllTargets(s, "")
	return s, nil
}
