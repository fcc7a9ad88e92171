package checkstest

// The objects the checks' tests are built from, shared by the tests of pkg/checks and of each
// provider's checks, and the bad/fixed case runners.

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	admissionv1 "k8s.io/api/admissionregistration/v1"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/intstr"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func TKEServiceConfig(name string, spec map[string]any) *unstructured.Unstructured {
	u := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "cloud.tencent.com/v1alpha1", "kind": "TkeServiceConfig",
		"metadata": map[string]any{"name": name, "namespace": NS},
		"spec":     spec,
	}}
	return u
}

// FxNode is a Ready worker node on Alibaba Cloud.
func FxNode(name string, mods ...func(*corev1.Node)) *corev1.Node {
	n := &corev1.Node{
		TypeMeta:   metav1.TypeMeta{APIVersion: "v1", Kind: "Node"},
		ObjectMeta: metav1.ObjectMeta{Name: name, Labels: map[string]string{"kubernetes.io/hostname": name}},
		Spec:       corev1.NodeSpec{ProviderID: "alicloud://cn-hangzhou.i-" + name},
		Status:     corev1.NodeStatus{Conditions: []corev1.NodeCondition{{Type: corev1.NodeReady, Status: corev1.ConditionTrue}}},
	}
	for _, m := range mods {
		m(n)
	}
	return n
}

func NodeLabel(k, v string) func(*corev1.Node) {
	return func(n *corev1.Node) { n.Labels[k] = v }
}

// FxPod is a pod of app=web on node, ready or not, with a readinessProbe and a graceful stop.
func FxPod(name, node string, ready bool, mods ...func(*corev1.Pod)) *corev1.Pod {
	status := corev1.ConditionFalse
	if ready {
		status = corev1.ConditionTrue
	}
	grace := int64(60)
	p := &corev1.Pod{
		TypeMeta:   metav1.TypeMeta{APIVersion: "v1", Kind: "Pod"},
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: NS, Labels: map[string]string{"app": "web"}, UID: types.UID("uid-" + name)},
		Spec: corev1.PodSpec{NodeName: node, TerminationGracePeriodSeconds: &grace, Containers: []corev1.Container{{
			Name: "web", Image: "nginx:1.27",
			Ports:          []corev1.ContainerPort{{Name: "http", ContainerPort: 8080}},
			ReadinessProbe: &corev1.Probe{ProbeHandler: corev1.ProbeHandler{TCPSocket: &corev1.TCPSocketAction{}}},
			Lifecycle:      &corev1.Lifecycle{PreStop: &corev1.LifecycleHandler{Exec: &corev1.ExecAction{Command: []string{"sleep", "20"}}}},
		}}},
		Status: corev1.PodStatus{Phase: corev1.PodRunning, Conditions: []corev1.PodCondition{{Type: corev1.PodReady, Status: status}}},
	}
	for _, m := range mods {
		m(p)
	}
	return p
}

// FxEP is one endpoint of FxSlice.
type FxEP struct {
	Pod, Node string
	Ready     bool
}

// FxSlice is the EndpointSlice of Service svc.
func FxSlice(svc string, eps ...FxEP) *discoveryv1.EndpointSlice {
	es := &discoveryv1.EndpointSlice{
		TypeMeta:    metav1.TypeMeta{APIVersion: "discovery.k8s.io/v1", Kind: "EndpointSlice"},
		ObjectMeta:  metav1.ObjectMeta{Name: svc + "-abcde", Namespace: NS, Labels: map[string]string{discoveryv1.LabelServiceName: svc}},
		AddressType: discoveryv1.AddressTypeIPv4,
	}
	for i, e := range eps {
		ready, node := e.Ready, e.Node
		es.Endpoints = append(es.Endpoints, discoveryv1.Endpoint{
			Addresses:  []string{"10.0.0." + string(rune('1'+i))},
			Conditions: discoveryv1.EndpointConditions{Ready: &ready},
			NodeName:   &node,
			TargetRef:  &corev1.ObjectReference{Kind: "Pod", Namespace: NS, Name: e.Pod},
		})
	}
	return es
}

func FxDeployment(name, image string) *appsv1.Deployment {
	return &appsv1.Deployment{TypeMeta: metav1.TypeMeta{APIVersion: "apps/v1", Kind: "Deployment"},
		ObjectMeta: KubeSystemMeta(name), Spec: appsv1.DeploymentSpec{Template: OneContainer(name, image)}}
}

func FxDaemonSet(name, image string) *appsv1.DaemonSet {
	return &appsv1.DaemonSet{TypeMeta: metav1.TypeMeta{APIVersion: "apps/v1", Kind: "DaemonSet"},
		ObjectMeta: KubeSystemMeta(name), Spec: appsv1.DaemonSetSpec{Template: OneContainer(name, image)}}
}

func KubeSystemMeta(name string) metav1.ObjectMeta {
	return metav1.ObjectMeta{Name: name, Namespace: "kube-system"}
}

func OneContainer(name, image string) corev1.PodTemplateSpec {
	return corev1.PodTemplateSpec{Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: name, Image: image}}}}
}

func ETPLocal(s *corev1.Service) {
	s.Spec.ExternalTrafficPolicy = corev1.ServiceExternalTrafficPolicyLocal
}

func NoSelector(s *corev1.Service) { s.Spec.Selector = nil }

// SvcCase is one bad/fixed pair for a Service check: bad must report want at path, fixed must not
// report want at all.
type SvcCase struct {
	Name       string
	Bad, Fixed []runtime.Object
	Want       rules.ID
	Path       string
	// Sev, when set, is the Severity the bad finding must have.
	Sev *rules.Severity
	// Under, when set, is the rule whose finding on bad must hold want as a consequence.
	Under rules.ID
}

// ConsequenceOf returns the case with the rule whose finding must hold want as a consequence.
func (c SvcCase) ConsequenceOf(id rules.ID) SvcCase { c.Under = id; return c }

// Severity returns the case with the Severity its bad finding must have.
func (c SvcCase) Severity(s rules.Severity) SvcCase { c.Sev = &s; return c }

func SevOf(s rules.Severity) *rules.Severity { return &s }

func RunServiceCases(t *testing.T, su *checks.Suite, p rules.Provider, cases []SvcCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.Name, func(t *testing.T) {
			bad := Diagnose(t, su, Fixture(t, tt.Bad...), snapshot.KindService, "web", p)
			found := false
			candidates := bad.Findings
			if tt.Under.Known() {
				candidates = nil
				for _, f := range bad.Findings {
					if f.Rule == tt.Under {
						candidates = append(candidates, f.Consequences...)
					}
				}
			}
			for _, f := range candidates {
				if f.Rule == tt.Want && f.Path == tt.Path {
					found = true
					if tt.Sev != nil && f.EffectiveSeverity() != *tt.Sev {
						t.Errorf("bad: %s at %s has severity %v, want %v", tt.Want, tt.Path, f.EffectiveSeverity(), *tt.Sev)
					}
				}
			}
			if !found {
				t.Errorf("bad: want %s at %s (under %v), got %v, consequences of %v: %v (skipped %v)", tt.Want, tt.Path, tt.Under,
					ByRule(bad), tt.Under, ConsequencesOf(bad, tt.Under), bad.Skipped)
			}
			fixedRes := Diagnose(t, su, Fixture(t, tt.Fixed...), snapshot.KindService, "web", p)
			if fixed := Reported(fixedRes); len(fixed[tt.Want]) > 0 {
				t.Errorf("fixed: %s still reported at %v", tt.Want, fixed[tt.Want])
			}
			// Silence must come from the check running, not from it being skipped.
			for _, sk := range fixedRes.Skipped {
				if emits(su, sk.Check, tt.Want) {
					t.Errorf("fixed: %s skipped (%s)", sk.Check, sk.Reason)
				}
			}
		})
	}
}

// emits reports whether the check named name declares rule id.
func emits(su *checks.Suite, name string, id rules.ID) bool {
	for _, c := range su.Checks() {
		for _, e := range c.Emits {
			if c.Name == name && e == id {
				return true
			}
		}
	}
	return false
}

// SkippedChecks is the set of checks that recorded a skip.
func SkippedChecks(res checks.Result) map[string]bool {
	out := map[string]bool{}
	for _, sk := range res.Skipped {
		out[sk.Check] = true
	}
	return out
}

func Objs(o ...runtime.Object) []runtime.Object { return o }

// ACKSvc is LoadBalancer Service web with CLB annotations given by suffix ("backend-type" and full keys
// are taken as they are).
func ACKSvc(ann map[string]string, mods ...func(*corev1.Service)) *corev1.Service {
	s := Service("web", corev1.ServiceTypeLoadBalancer)
	s.Status.LoadBalancer.Ingress = []corev1.LoadBalancerIngress{{IP: "47.96.10.20"}}
	for k, v := range ann {
		if !strings.Contains(k, "/") {
			k = ackann.Prefix + k
		}
		s.Annotations[k] = v
	}
	for _, mod := range mods {
		mod(s)
	}
	return s
}

func Anns(kv ...string) map[string]string {
	out := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i]] = kv[i+1]
	}
	return out
}

func ACKPath(suffix string) string { return checks.AnnPath(ackann.Prefix + suffix) }

// ACKHealthy are the cluster objects of a sound ACK cluster around Service web: two workers with a
// ready pod each, Terway, and a recent CCM.
func ACKHealthy() []runtime.Object {
	return Objs(FxNode("n1"), FxNode("n2"), FxPod("web-1", "n1", true), FxPod("web-2", "n2", true),
		FxDeployment("cloud-controller-manager", NewCCM), FxDaemonSet("terway-eniip", "terway:v1.9"))
}

// LastApplied records ann (full keys) as the annotations of the last kubectl apply.
func LastApplied(ann map[string]string) func(*corev1.Service) {
	return func(s *corev1.Service) {
		b, _ := json.Marshal(map[string]any{"metadata": map[string]any{"annotations": ann}})
		s.Annotations["kubectl.kubernetes.io/last-applied-configuration"] = string(b)
	}
}

// CCMLabel is the label CCM puts on a Service bound to CLB id.
func CCMLabel(id string) func(*corev1.Service) {
	return func(s *corev1.Service) { s.Labels = map[string]string{ackann.LabelLBID: id} }
}

func AddPort(name string, port int32, tp intstr.IntOrString) func(*corev1.Service) {
	return func(s *corev1.Service) {
		s.Spec.Ports = append(s.Spec.Ports, corev1.ServicePort{Name: name, Port: port, TargetPort: tp, Protocol: corev1.ProtocolTCP})
	}
}

const NewCCM = "registry-cn-hangzhou.ack.aliyuncs.com/acs/cloud-controller-manager-amd64:v2.10.0"

func TargetPort(i int, tp intstr.IntOrString) func(*corev1.Service) {
	return func(s *corev1.Service) { s.Spec.Ports[i].TargetPort = tp }
}

// ACKCase builds a case whose bad and fixed snapshots are ACKHealthy() with the given objects in
// front (objects of the same kind and name replace the TKEHealthy ones).
func ACKCase(name string, bad, fixed []runtime.Object, want rules.ID, path string) SvcCase {
	return SvcCase{Name: name, Bad: WithObjs(ACKHealthy(), bad), Fixed: WithObjs(ACKHealthy(), fixed), Want: want, Path: path}
}

// Sibling is LoadBalancer Service name with CLB annotations given by suffix (full keys as they are).
func Sibling(name string, ann map[string]string, mods ...func(*corev1.Service)) *corev1.Service {
	s := ACKSvc(ann, mods...)
	s.Name, s.UID = name, types.UID("uid-"+name)
	s.Spec.Selector = map[string]string{"app": name}
	return s
}

// PoolNodes are n Ready workers named <pool>NNN and labelled pool=<pool>.
func PoolNodes(pool string, n int) []runtime.Object {
	var out []runtime.Object
	for i := 0; i < n; i++ {
		out = append(out, FxNode(fmt.Sprintf("%s%03d", pool, i), NodeLabel("pool", pool)))
	}
	return out
}

// RuleCase diagnoses target Service web in a snapshot of Objs (gap, when set, makes parts of it
// unknown). With path set, rule must be Reported there; without, it must not be Reported at all.
// skip, when set, names a check that must be Reported as skipped.
type RuleCase struct {
	Name string
	Objs []runtime.Object
	Gap  func(*snapshot.Snapshot)
	Rule rules.ID
	Path string
	Skip string
}

func RunRuleCases(t *testing.T, su *checks.Suite, p rules.Provider, cases []RuleCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.Name, func(t *testing.T) {
			s := Fixture(t, tt.Objs...)
			if tt.Gap != nil {
				tt.Gap(s)
			}
			res := Diagnose(t, su, s, snapshot.KindService, "web", p)
			got := ByRule(res)[tt.Rule]
			switch {
			case tt.Path == "" && len(Reported(res)[tt.Rule]) > 0:
				t.Errorf("%s reported at %v, want none", tt.Rule, got)
			case tt.Path != "" && !ContainsPath(got, tt.Path):
				t.Errorf("want %s at %s, got %v (skipped %+v)", tt.Rule, tt.Path, ByRule(res), res.Skipped)
			}
			if skipped := SkippedChecks(res); tt.Skip != "" && !skipped[tt.Skip] {
				t.Errorf("want check %s skipped, got %+v", tt.Skip, res.Skipped)
			} else if tt.Skip == "" && len(res.Skipped) > 0 {
				t.Errorf("unexpected skips: %+v", res.Skipped)
			}
		})
	}
}

func SysConfigMap(name string, data map[string]string) *corev1.ConfigMap {
	return &corev1.ConfigMap{TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "ConfigMap"}, ObjectMeta: KubeSystemMeta(name), Data: data}
}

func NginxWebhook(versions ...string) *admissionv1.ValidatingWebhookConfiguration {
	return &admissionv1.ValidatingWebhookConfiguration{TypeMeta: metav1.TypeMeta{APIVersion: "admissionregistration.k8s.io/v1", Kind: "ValidatingWebhookConfiguration"},
		ObjectMeta: metav1.ObjectMeta{Name: "ingress-nginx-admission"},
		Webhooks: []admissionv1.ValidatingWebhook{{Name: "validate.nginx.ingress.kubernetes.io",
			ClientConfig: admissionv1.WebhookClientConfig{Service: &admissionv1.ServiceReference{Namespace: "ingress-nginx", Name: "ingress-nginx-controller-admission"}},
			Rules: []admissionv1.RuleWithOperations{{Operations: []admissionv1.OperationType{admissionv1.Create, admissionv1.Update},
				Rule: admissionv1.Rule{APIGroups: []string{"networking.k8s.io"}, APIVersions: versions, Resources: []string{"ingresses"}}}}}}}
}

func NginxDeployment(image string) *appsv1.Deployment {
	d := FxDeployment("ingress-nginx-controller", image)
	d.Namespace = "ingress-nginx"
	return d
}

func InternalIngress(mods ...func(*networkingv1.Ingress)) *networkingv1.Ingress {
	return Ingress(append([]func(*networkingv1.Ingress){IngAnn(tkeann.IngSubnet, "subnet-ewhltulw")}, mods...)...)
}

// L7Controller is a correctly wired kube-system/l7-lb-controller with every API host alias (aliases:
// host to IP).
func L7Controller(aliases map[string]string, mods ...func(*appsv1.Deployment)) *appsv1.Deployment {
	d := FxDeployment("l7-lb-controller", "ccr.ccs.tencentyun.com/tkeimages/l7-lb-controller:v2.3.1")
	d.Spec.Template.Spec.Containers[0].Env = []corev1.EnvVar{CMEnv("TKE_REGION", "tke-config"), CMEnv("TKE_VPC_ID", "tke-config")}
	byIP := map[string][]string{}
	for h, ip := range aliases {
		byIP[ip] = append(byIP[ip], h)
	}
	for ip, hs := range byIP {
		d.Spec.Template.Spec.HostAliases = append(d.Spec.Template.Spec.HostAliases, corev1.HostAlias{IP: ip, Hostnames: hs})
	}
	for _, m := range mods {
		m(d)
	}
	return d
}

func L7Config(ls ...any) *unstructured.Unstructured {
	return TKEServiceConfig("bar-config", map[string]any{"loadBalancer": map[string]any{"l7Listeners": ls}})
}

func KubeProxyDS(image string, args ...string) *appsv1.DaemonSet {
	ds := FxDaemonSet("kube-proxy", image)
	ds.Spec.Template.Spec.Containers[0].Args = args
	return ds
}

func IPMasq(body string) *corev1.ConfigMap {
	return SysConfigMap("ip-masq-agent-config", map[string]string{"config": body})
}

func CMEnv(name, cm string) corev1.EnvVar {
	return corev1.EnvVar{Name: name, ValueFrom: &corev1.EnvVarSource{ConfigMapKeyRef: &corev1.ConfigMapKeySelector{
		LocalObjectReference: corev1.LocalObjectReference{Name: cm}, Key: name}}}
}

// NginxPod is a ready NGINX Ingress controller pod of Service web whose preStop runs command, with
// the grace period of the community chart. It has an ENI of its own (VPC-CNI), so direct access can
// bind it.
func NginxPod(name string, command ...string) *corev1.Pod {
	return FxPod(name, "n1", true, func(p *corev1.Pod) {
		p.Annotations = map[string]string{"tke.cloud.tencent.com/networks": "tke-route-eni"}
		grace := int64(300)
		p.Spec.TerminationGracePeriodSeconds = &grace
		ct := &p.Spec.Containers[0]
		ct.Name, ct.Image = "controller", "ccr.ccs.tencentyun.com/tkeimages/nginx-ingress-controller:v1.9.5"
		ct.Lifecycle = nil
		if len(command) > 0 {
			ct.Lifecycle = &corev1.Lifecycle{PreStop: &corev1.LifecycleHandler{Exec: &corev1.ExecAction{Command: command}}}
		}
	})
}

func WithObjs(base, replace []runtime.Object) []runtime.Object {
	type named interface{ GetName() string }
	out := append([]runtime.Object(nil), replace...)
	for _, b := range base {
		dup := false
		for _, r := range replace {
			if r.GetObjectKind().GroupVersionKind().Kind == b.GetObjectKind().GroupVersionKind().Kind && r.(named).GetName() == b.(named).GetName() {
				dup = true
			}
		}
		if !dup {
			out = append(out, b)
		}
	}
	return out
}

// TKEHealthy are the objects a valid TKE Ingress needs besides itself.
func TKEHealthy() []runtime.Object {
	return []runtime.Object{
		Service("web", corev1.ServiceTypeNodePort),
		CertSecret("tls", map[string]string{"qcloud_cert_id": "YCOLTUdr"}),
		TKEServiceConfig("bar-config", map[string]any{}),
	}
}

func ContainsPath(paths []string, p string) bool {
	for _, x := range paths {
		if x == p {
			return true
		}
	}
	return false
}

// LBSvc is the target of the TKE Service tests: LoadBalancer Service web (its pods: FxPod).
func LBSvc(mods ...func(*corev1.Service)) *corev1.Service {
	return Service("web", corev1.ServiceTypeLoadBalancer, mods...)
}

// Grouped is Ingress name in namespace nsName sharing lb-4ymlu8dc as TKE documents it
// (enable-group with existLbId), routing host/.
func Grouped(name, nsName, host string) *networkingv1.Ingress {
	return Ingress(IngAnn(tkeann.IngExistLB, "lb-4ymlu8dc"), IngAnn(tkeann.EnableGroup, "true"), IngHost(host), func(i *networkingv1.Ingress) {
		i.Name, i.Namespace = name, nsName
	})
}

// MergedController is kube-system/tke-service-controller-config of a controller at version, merged or not.
func MergedController(version, merged string) *corev1.ConfigMap {
	return SysConfigMap("tke-service-controller-config", map[string]string{"VERSION": version, "EnableIngressController": merged})
}

// GroupCrowdObjects are Ingress bar and crowd more sharing its CLB.
func GroupCrowdObjects(crowd int) []runtime.Object {
	out := Objs(Grouped("bar", NS, "a.example.com"))
	for i := range crowd {
		out = append(out, Grouped(fmt.Sprintf("peer-%d", i), NS, fmt.Sprintf("h%d.example.com", i)))
	}
	return out
}
