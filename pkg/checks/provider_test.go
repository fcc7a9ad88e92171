package checks_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/annotations"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func TestProviderOfID(t *testing.T) {
	tests := []struct {
		id   string
		want rules.Provider
	}{
		{"cn-hangzhou.i-bp1h4adlltjc1d48goaq", ackrules.Provider},
		{"cn-beijing.i-2zeabcdefghijklmnop", ackrules.Provider},
		{"ap-southeast-1.i-t4n0a1b2c3d4e5f6g7h8", ackrules.Provider},
		{"us-west-1.i-rj9a1b2c3d4e5f6g7h8", ackrules.Provider},
		{"eu-central-1.i-gw8a1b2c3d4e5f6g7h8", ackrules.Provider},
		{"cn-shanghai-finance-1.i-uf6a1b2c3d4e5f6", ackrules.Provider},
		{"cn-north-2-gov-1.i-a1b2c3d4e5", ackrules.Provider},
		{"alicloud://cn-hangzhou.i-v98dklsmnxkkgiiil7", ackrules.Provider},
		{"qcloud:///100003/ins-3ven36lk", tkerules.Provider},
		{"qcloud:///ap-guangzhou-3/ins-abcd1234", tkerules.Provider},
		{"qcloud://ins-abcd1234", tkerules.Provider},
		{"", rules.Generic},
		{"aws:///us-west-2a/i-0abcdef1234567890", rules.Generic},
		{"gce://my-project/us-central1-a/gke-node-1", rules.Generic},
		{"azure:///subscriptions/s/resourceGroups/g/providers/Microsoft.Compute/virtualMachines/vm", rules.Generic},
		{"kind://docker/kind/kind-control-plane", rules.Generic},
		{"openstack:///8f3b2c1d-0000-4000-8000-000000000000", rules.Generic},
		{"node-1.example.com", rules.Generic},
		{"ip-10-0-0-1.us-west-2.compute.internal", rules.Generic},
		{"foo.i-bar", rules.Generic},
		{"cn-hangzhou.ins-3ven36lk", rules.Generic},
		{"cn-hangzhou.i-", rules.Generic},
		{"cn-hangzhou", rules.Generic},
		{"i-bp1h4adlltjc1d48goaq", rules.Generic},
		{"CN-HANGZHOU.I-BP1H4ADLLTJC", rules.Generic},
		{"cn-hangzhou.i-bp1.extra", rules.Generic},
		{"x.cn-hangzhou.i-bp1", rules.Generic},
		{"us-west-2a/i-0abcdef1234567890", rules.Generic},
		{"10.0.1.11", rules.Generic},
		{"alicloud://", rules.Generic},
		{"alicloud://not-an-instance", rules.Generic},
		{"qcloud://", rules.Generic},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			if got := providerOfID(tt.id); got != tt.want {
				t.Errorf("provider of node providerID %q = %s, want %s", tt.id, got, tt.want)
			}
		})
	}
}

func node(name, providerID string) *corev1.Node {
	return &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: name}, Spec: corev1.NodeSpec{ProviderID: providerID}}
}

// lbWith is LoadBalancer Service web with the given annotation keys and values.
func lbWith(kv ...string) *corev1.Service {
	s := Service("web", corev1.ServiceTypeLoadBalancer)
	for i := 0; i+1 < len(kv); i += 2 {
		s.Annotations[kv[i]] = kv[i+1]
	}
	return s
}

func ccm(image string) *appsv1.Deployment {
	return &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: "cloud-controller-manager", Namespace: "kube-system"},
		Spec: appsv1.DeploymentSpec{Template: corev1.PodTemplateSpec{Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "ccm", Image: image}}}}}}
}

func TestDetectProvider(t *testing.T) {
	lb := lbWith
	tkeCM := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "tke-config", Namespace: "kube-system"}}
	tests := []struct {
		name         string
		objs         []runtime.Object
		want         rules.Provider
		evidence     string
		conflicts    int
		conflictText string
	}{
		{"TKE annotation", []runtime.Object{lb(tkeann.ExistedLBID, "lb-12345678")}, tkerules.Provider,
			"annotation " + tkeann.ExistedLBID, 0, ""},
		{"TKE Service Local mode annotation alone", []runtime.Object{lb(tkeann.LocalOnlyPodNodes, "true")}, tkerules.Provider,
			"annotation " + tkeann.LocalOnlyPodNodes, 0, ""},
		{"ACK annotation", []runtime.Object{lb(ackann.Prefix+"spec", "slb.s1.small")}, ackrules.Provider,
			"annotation " + ackann.Prefix + "spec", 0, ""},
		{"several ACK annotations", []runtime.Object{lb(ackann.Prefix+"spec", "slb.s1.small", ackann.Prefix+"scheduler", "wrr")},
			ackrules.Provider, "annotation " + ackann.Prefix + "scheduler and 1 more", 0, ""},
		{"bare ACK node providerID", []runtime.Object{lb(), node("n1", "cn-beijing.i-2zeabcdefgh")}, ackrules.Provider,
			"node providerID cn-beijing.i-2zeabcdefgh", 0, ""},
		{"alicloud node", []runtime.Object{lb(), node("n1", "alicloud://cn-hangzhou.i-bp1abc")}, ackrules.Provider,
			"node providerID alicloud://cn-hangzhou.i-bp1abc", 0, ""},
		{"qcloud node", []runtime.Object{lb(), node("n1", "qcloud:///100003/ins-3ven36lk"), node("n2", "qcloud:///100004/ins-4abc")},
			tkerules.Provider, "node providerID qcloud:///100003/ins-3ven36lk and 1 more", 0, ""},
		{"AWS nodes stay generic", []runtime.Object{lb(), node("n1", "aws:///us-west-1a/i-0abcdef1234567890")}, rules.Generic,
			"no cloud-specific signal", 0, ""},
		{"tke-config", []runtime.Object{lb(), tkeCM}, tkerules.Provider, "kube-system ConfigMap tke-config", 0, ""},
		{"Alibaba CCM", []runtime.Object{lb(),
			ccm("registry.cn-hangzhou.aliyuncs.com/acs/cloud-controller-manager-amd64:v1.9.3.276-g372aa98-aliyun")}, ackrules.Provider,
			"kube-system Deployment cloud-controller-manager (Alibaba image)", 0, ""},
		{"another cloud's CCM", []runtime.Object{lb(), ccm("registry.k8s.io/cloud-controller-manager:v1.30.0")}, rules.Generic,
			"no cloud-specific signal", 0, ""},
		{"nothing tells", []runtime.Object{lb()}, rules.Generic, "no cloud-specific signal", 0, ""},
		{"annotation majority wins", []runtime.Object{lb(tkeann.ExistedLBID, "lb-1", tkeann.LoadBalanceID, "lb-1", ackann.Prefix+"spec", "slb.s1.small")},
			tkerules.Provider, "annotation " + tkeann.LoadBalanceID + " and 1 more", 1, "annotation " + ackann.Prefix + "spec"},
		{"annotation tie goes to the nodes", []runtime.Object{lb(tkeann.ExistedLBID, "lb-1", ackann.Prefix+"spec", "slb.s1.small"),
			node("n1", "cn-hangzhou.i-bp1abc")}, ackrules.Provider, "node providerID cn-hangzhou.i-bp1abc", 1, "annotation " + tkeann.ExistedLBID},
		{"tie everywhere goes to ack", []runtime.Object{lb(tkeann.ExistedLBID, "lb-1", ackann.Prefix+"spec", "slb.s1.small")}, ackrules.Provider,
			"annotation " + ackann.Prefix + "spec; tied with tke signals, ack chosen", 1, "annotation " + tkeann.ExistedLBID},
		{"annotations outrank nodes of the other cloud", []runtime.Object{lb(ackann.Prefix+"spec", "slb.s1.small"),
			node("n1", "qcloud:///100003/ins-1"), node("n2", "qcloud:///100003/ins-2")}, ackrules.Provider,
			"annotation " + ackann.Prefix + "spec", 2, "node providerID qcloud:///100003/ins-1"},
		{"conflicts are counted beyond the ones kept", []runtime.Object{lb(ackann.Prefix+"spec", "slb.s1.small"),
			node("n1", "qcloud:///100003/ins-1"), node("n2", "qcloud:///100003/ins-2"), node("n3", "qcloud:///100003/ins-3"),
			node("n4", "qcloud:///100003/ins-4"), node("n5", "qcloud:///100003/ins-5")}, ackrules.Provider,
			"annotation " + ackann.Prefix + "spec", 5, "node providerID qcloud:///100003/ins-1"},
		{"node majority across clouds", []runtime.Object{lb(), node("a", "qcloud:///100003/ins-1"),
			node("b", "cn-hangzhou.i-bp1abc"), node("c", "cn-hangzhou.i-bp1abd")}, ackrules.Provider,
			"node providerID cn-hangzhou.i-bp1abc and 1 more", 1, "node providerID qcloud:///100003/ins-1"},
		{"ACK NLB class", []runtime.Object{nlbSvc("web")}, ackrules.Provider, "loadBalancerClass " + "alibabacloud.com/nlb", 0, ""},
		{"ACK NLB class outranks TKE nodes", []runtime.Object{nlbSvc("web"), node("n1", "qcloud:///100003/ins-1")}, ackrules.Provider,
			"loadBalancerClass " + "alibabacloud.com/nlb", 1, "node providerID qcloud:///100003/ins-1"},
		{"ACK NLB class outranks a TKE annotation", []runtime.Object{nlbSvc("web", tkeann.ExistedLBID, "lb-1")}, ackrules.Provider,
			"loadBalancerClass " + "alibabacloud.com/nlb", 1, "annotation " + tkeann.ExistedLBID},
		{"another class is no signal", []runtime.Object{withLBClass(lb(), "example.com/lb")}, rules.Generic,
			"no cloud-specific signal", 0, ""},
		{"nodes outrank kube-system objects", []runtime.Object{lb(), node("n1", "cn-hangzhou.i-bp1abc"), tkeCM}, ackrules.Provider,
			"node providerID cn-hangzhou.i-bp1abc", 1, "kube-system ConfigMap tke-config"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Fixture(t, tt.objs...)
			got := DefaultSuite().DetectProvider(s, snapshot.Target{Kind: snapshot.KindService, Namespace: ns, Name: "web"})
			if got.Provider != tt.want || got.Evidence.String() != tt.evidence {
				t.Errorf("got %s (%s), want %s (%s)", got.Provider, got.Evidence, tt.want, tt.evidence)
			}
			if got.ConflictCount != tt.conflicts || len(got.Conflicts) != min(tt.conflicts, MaxConflicts) {
				t.Fatalf("conflicts %+v, want %d", got.Conflicts, tt.conflicts)
			}
			if tt.conflicts > 0 && got.Conflicts[0].Text.String() != tt.conflictText {
				t.Errorf("first conflict %q, want %q", got.Conflicts[0].Text, tt.conflictText)
			}
		})
	}
}

func TestDetectProviderIngress(t *testing.T) {
	albClass := "alb"
	className := func(ing *networkingv1.Ingress) {
		delete(ing.Annotations, annotations.IngressClass)
		c := "qcloud"
		ing.Spec.IngressClassName = &c
	}
	tests := []struct {
		name      string
		objs      []runtime.Object
		want      rules.Provider
		evidence  string
		conflicts int
	}{
		{"class annotation", []runtime.Object{Ingress()}, tkerules.Provider, "ingress class qcloud", 0},
		{"ingressClassName", []runtime.Object{Ingress(className)}, tkerules.Provider, "ingress class qcloud", 0},
		{"class outranks ACK nodes", []runtime.Object{Ingress(), node("n1", "cn-beijing.i-2zeabc")}, tkerules.Provider,
			"ingress class qcloud", 1},
		{"no class, ACK nodes", []runtime.Object{Ingress(func(ing *networkingv1.Ingress) { ing.Annotations = nil }),
			node("n1", "cn-beijing.i-2zeabc")}, ackrules.Provider, "node providerID cn-beijing.i-2zeabc", 0},
		{"ALB IngressClass", []runtime.Object{withClass(&albClass), ingressClass(albClass, "ingress.k8s.alibabacloud/alb")},
			ackrules.Provider, "IngressClass alb (controller ingress.k8s.alibabacloud/alb)", 0},
		{"AWS ALB IngressClass", []runtime.Object{withClass(&albClass), ingressClass(albClass, "ingress.k8s.aws/alb")},
			rules.Generic, "no cloud-specific signal", 0},
		{"alb class without its IngressClass", []runtime.Object{withClass(&albClass)}, rules.Generic, "no cloud-specific signal", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := DefaultSuite().DetectProvider(Fixture(t, tt.objs...), snapshot.Target{Kind: snapshot.KindIngress, Namespace: ns, Name: "bar"})
			if got.Provider != tt.want || got.Evidence.String() != tt.evidence || got.ConflictCount != tt.conflicts {
				t.Errorf("got %s (%s) conflicts %+v, want %s (%s) %d", got.Provider, got.Evidence, got.Conflicts,
					tt.want, tt.evidence, tt.conflicts)
			}
		})
	}
}

func TestClusterProvider(t *testing.T) {
	s := Fixture(t, Service("web", corev1.ServiceTypeLoadBalancer, SvcAnn(tkeann.ExistedLBID, "lb-1")),
		node("n1", "cn-beijing.i-2zeabc"))
	if got := DefaultSuite().ClusterProvider(s); got.Provider != ackrules.Provider || got.ConflictCount != 0 {
		t.Errorf("cluster: %+v", got)
	}
}

func TestProviderConflictFinding(t *testing.T) {
	tests := []struct {
		name string
		kind snapshot.Kind
		objs []runtime.Object
		want rules.ID
		path string
	}{
		{"service with both clouds' annotations", snapshot.KindService,
			[]runtime.Object{lbWith(tkeann.ExistedLBID, "lb-1", tkeann.LoadBalanceID, "lb-1", ackann.Prefix+"spec", "slb.s1.small")},
			rules.GenericServiceProviderConflict, AnnPath(ackann.Prefix + "spec")},
		{"ACK annotations on TKE nodes", snapshot.KindService,
			[]runtime.Object{Service("web", corev1.ServiceTypeLoadBalancer, SvcAnn(ackann.Prefix+"spec", "slb.s1.small")), node("10.0.1.11", "qcloud:///100003/ins-1")},
			rules.GenericServiceProviderConflict, "node/10.0.1.11.spec.providerID"},
		{"qcloud ingress on ACK nodes", snapshot.KindIngress,
			[]runtime.Object{Ingress(), node("n1", "cn-beijing.i-2zeabc")},
			rules.GenericIngressProviderConflict, "node/n1.spec.providerID"},
		{"agreeing evidence", snapshot.KindService,
			[]runtime.Object{Service("web", corev1.ServiceTypeLoadBalancer, SvcAnn(tkeann.ExistedLBID, "lb-1")), node("n1", "qcloud:///100003/ins-1")},
			rules.ID{}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name := "web"
			if tt.kind == snapshot.KindIngress {
				name = "bar"
			}
			s := Fixture(t, tt.objs...)
			det := DefaultSuite().DetectProvider(s, snapshot.Target{Kind: tt.kind, Namespace: ns, Name: name})
			for _, p := range []rules.Provider{det.Provider, rules.Generic} {
				res := diagnose(t, s, tt.kind, name, p)
				got := ByRule(res)
				conflicts := len(got[rules.GenericServiceProviderConflict]) + len(got[rules.GenericIngressProviderConflict])
				if !tt.want.Known() {
					if conflicts != 0 {
						t.Errorf("provider %s: unexpected conflict finding %v", p, got)
					}
					continue
				}
				if conflicts != 1 || len(got[tt.want]) != 1 || got[tt.want][0] != tt.path {
					t.Errorf("provider %s: want one %s at %s, got %v", p, tt.want, tt.path, got)
				}
			}
		})
	}
}

// mixedCluster is a snapshot whose evidence points to both clouds many times over: a Service with
// TKE and ACK annotations in equal numbers, nodes of both clouds, and both clouds' kube-system objects.
func mixedCluster(seed uint64) []runtime.Object {
	ann := map[string]string{}
	for i := range 15 {
		ann[fmt.Sprintf("%sextra-%02d", ackann.Prefix, i)] = "x"
		ann[fmt.Sprintf("service.cloud.tencent.com/extra-%02d", i)] = "x"
		ann[fmt.Sprintf("example.com/other-%02d", i)] = "x"
	}
	svc := Service("web", corev1.ServiceTypeLoadBalancer)
	svc.Annotations = ann
	objs := []runtime.Object{svc, Ingress(func(ing *networkingv1.Ingress) {
		ing.Annotations[ackann.Prefix+"spec"] = "slb.s1.small"
	}), &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "tke-config", Namespace: "kube-system"}},
		ccm("registry.cn-hangzhou.aliyuncs.com/acs/cloud-controller-manager:v2.9.0")}
	for i := range 40 {
		id := fmt.Sprintf("qcloud:///100003/ins-%04d", i)
		if i%2 == 1 {
			id = fmt.Sprintf("cn-hangzhou.i-bp1%04d", i)
		}
		objs = append(objs, node(fmt.Sprintf("node-%02d", i), id))
	}
	r := rand.New(rand.NewPCG(seed, seed))
	r.Shuffle(len(objs), func(i, j int) { objs[i], objs[j] = objs[j], objs[i] })
	return objs
}

// TestDetectProviderDeterministic: the same objects, added in any order, give the same detection and
// the same findings, run after run.
func TestDetectProviderDeterministic(t *testing.T) {
	targets := []snapshot.Target{{Kind: snapshot.KindService, Namespace: ns, Name: "web"},
		{Kind: snapshot.KindIngress, Namespace: ns, Name: "bar"}}
	var first []Detection
	var firstRes []Result
	for run := range 50 {
		s := Fixture(t, mixedCluster(uint64(run))...)
		for i, tg := range targets {
			det := DefaultSuite().DetectProvider(s, tg)
			res, err := DefaultSuite().Run(s, tg, det.Provider)
			if err != nil {
				t.Fatal(err)
			}
			if run == 0 {
				first, firstRes = append(first, det), append(firstRes, res)
				continue
			}
			if !reflect.DeepEqual(det, first[i]) {
				t.Fatalf("run %d %v: detection %+v, first run %+v", run, tg, det, first[i])
			}
			if !reflect.DeepEqual(res, firstRes[i]) {
				t.Fatalf("run %d %v: findings differ from the first run", run, tg)
			}
		}
	}
	if first[0].Provider != ackrules.Provider || !strings.HasSuffix(first[0].Evidence.String(), "ack chosen") {
		t.Errorf("service: %s (%s), want the documented tie-break to ack", first[0].Provider, first[0].Evidence)
	}
	if first[1].Provider != tkerules.Provider || first[1].Evidence.String() != "ingress class qcloud" {
		t.Errorf("ingress: %s (%s)", first[1].Provider, first[1].Evidence)
	}
}

// withLBClass sets spec.loadBalancerClass on svc.
func withLBClass(svc *corev1.Service, class string) *corev1.Service {
	svc.Spec.LoadBalancerClass = &class
	return svc
}

// nlbSvc is a LoadBalancer Service of the ACK NLB class with annotations kv (key, value, …).
func nlbSvc(name string, kv ...string) *corev1.Service {
	s := withLBClass(Service(name, corev1.ServiceTypeLoadBalancer), "alibabacloud.com/nlb")
	for i := 0; i+1 < len(kv); i += 2 {
		s.Annotations[kv[i]] = kv[i+1]
	}
	return s
}

// providerOfID is the cloud of the default suite whose signals claim a node providerID, or Generic.
func providerOfID(id string) rules.Provider {
	for _, c := range DefaultSuite().Clouds() {
		if c.Signals.ProviderID(id) {
			return c.Name
		}
	}
	return rules.Generic
}
