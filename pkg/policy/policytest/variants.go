package policytest

import (
	"strings"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/annotations"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/policy"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackchecks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
)

// Annotation keys the variants set besides the clouds' (package tkeann and ackann).
const (
	lastApplied = "kubectl.kubernetes.io/last-applied-configuration"
)

// values are TKE annotation values around every boundary the covered rules draw: booleans in each
// spelling strconv.ParseBool takes, integers at and beyond the range, signs, padding, leading zeros,
// overflow, each id format with one character off, enum members in the wrong case.
var values = []string{
	"", " ", "true", "false", "TRUE", "True", "tRUE", " true ", "1", "0", "t", "F", "yes", "on",
	"-1", "2048", "2049", "+5", "-0", "007", " 42 ", "4 2", "1e3", "0x10", "99999999999999999999", "000000000000000000000000007",
	"lb-abcd1234", "lb-ABCD1234", "lb-abcd123", "lb-abcd12345", " lb-abcd1234", "subnet-ewhltulw", "subnet-ewhltul",
	"vpc-646vhcjj", "vpc-646VHCJJ", "ap-guangzhou", "ap-guangzhou-3", "ap-shanghai-fsi", "na-siliconvalley", "cn-hangzhou",
	"TRAFFIC_POSTPAID_BY_HOUR", "BANDWIDTH_PACKAGE", "traffic", "x-auto-ingress-config", "my-config", "x-auto-service-config",
	"x-auto-service-config-2", strings.Repeat("a", 200), "ü", "\t1\n",
}

var (
	tkeServiceKeys = []string{tkeann.ExistedLBID, tkeann.InternalSubnetID, tkeann.SvcServiceConfig, tkeann.SvcServiceConfigAuto, tkeann.SvcDirectAccess,
		tkeann.SvcCrossRegion, tkeann.SvcCrossVPC, tkeann.PreventLoopback, tkeann.SvcChargeType}
	tkeIngressKeys = []string{tkeann.RuleMix, tkeann.IngDirectAccess, tkeann.IngServiceConfig, tkeann.IngServiceConfigAuto, tkeann.IngChargeType,
		tkeann.IngBandwidth, tkeann.IngSubnet, tkeann.IngExistLB, tkeann.IngCrossRegion, tkeann.IngCrossVPC}
)

func lbService(anns map[string]string, mods ...func(*corev1.Service)) *corev1.Service {
	svc := &corev1.Service{
		TypeMeta:   metav1.TypeMeta{APIVersion: "v1", Kind: "Service"},
		ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: "default", Annotations: anns},
		Spec: corev1.ServiceSpec{Type: corev1.ServiceTypeLoadBalancer, Selector: map[string]string{"app": "web"},
			Ports: []corev1.ServicePort{{Name: "http", Port: 80, TargetPort: intstr.FromInt32(8080), Protocol: corev1.ProtocolTCP}}},
	}
	for _, m := range mods {
		m(svc)
	}
	return svc
}

func clbIngress(anns map[string]string, mods ...func(*networkingv1.Ingress)) *networkingv1.Ingress {
	pt := networkingv1.PathTypePrefix
	ing := &networkingv1.Ingress{
		TypeMeta:   metav1.TypeMeta{APIVersion: "networking.k8s.io/v1", Kind: "Ingress"},
		ObjectMeta: metav1.ObjectMeta{Name: "shop", Namespace: "default", Annotations: anns},
		Spec: networkingv1.IngressSpec{Rules: []networkingv1.IngressRule{{Host: "shop.example.com",
			IngressRuleValue: networkingv1.IngressRuleValue{HTTP: &networkingv1.HTTPIngressRuleValue{Paths: []networkingv1.HTTPIngressPath{{
				Path: "/", PathType: &pt, Backend: networkingv1.IngressBackend{Service: &networkingv1.IngressServiceBackend{
					Name: "web", Port: networkingv1.ServiceBackendPort{Number: 80}}}}}}}}}},
	}
	for _, m := range mods {
		m(ing)
	}
	return ing
}

func one(k, v string) map[string]string { return map[string]string{k: v} }

// CleanService is a LoadBalancer Service no rule fires on.
func CleanService() *corev1.Service { return lbService(nil) }

// CleanIngress is a CLB Ingress no rule fires on.
func CleanIngress() *networkingv1.Ingress { return clbIngress(nil) }

// Variants are generated Services and Ingresses around every boundary of the covered rules:
// annotation values (valid, at the limits, malformed), hosts, paths, TLS entries, ingress classes and
// mixes of both clouds' annotations.
func Variants() []runtime.Object {
	var objs []runtime.Object
	add := func(o ...runtime.Object) { objs = append(objs, o...) }
	for _, k := range tkeServiceKeys {
		for _, v := range values {
			add(lbService(one(k, v)))
		}
	}
	for _, k := range tkeIngressKeys {
		for _, v := range values {
			add(clbIngress(one(k, v)))
		}
	}
	for _, auto := range []string{"true", "1", "false", "yes"} {
		for _, name := range []string{"", "cfg"} {
			add(lbService(map[string]string{tkeann.SvcServiceConfig: name, tkeann.SvcServiceConfigAuto: auto}),
				clbIngress(map[string]string{tkeann.IngServiceConfig: name, tkeann.IngServiceConfigAuto: auto}))
		}
	}
	add(ingressShapes()...)
	add(ackVariants()...)
	add(providerMixes()...)
	return objs
}

// ingressShapes vary hosts, paths, rules and TLS entries.
func ingressShapes() []runtime.Object {
	var out []runtime.Object
	hosts := []string{"", "shop.example.com", "*.example.com", "localhost", "a.b", "-a.example.com", "a-.example.com",
		"a..example.com", "a_b.example.com", "xn--bcher-kva.example", "*", "*.com", "a.*.com", strings.Repeat("a", 64) + ".com"}
	paths := []string{"", "/", "/api", "/api/v1?x=1", "/a=b", "api", "/api/(.*)", "/中文", "/" + strings.Repeat("a", 119),
		"/" + strings.Repeat("a", 120), "/a b", "/~user", "/a-b.c"}
	for _, h := range hosts {
		out = append(out, clbIngress(nil, func(i *networkingv1.Ingress) { i.Spec.Rules[0].Host = h }))
		out = append(out, clbIngress(nil, func(i *networkingv1.Ingress) {
			i.Spec.Rules[0].Host = h
			i.Spec.Rules[0].HTTP = nil
		}))
	}
	for _, p := range paths {
		out = append(out, clbIngress(nil, func(i *networkingv1.Ingress) { i.Spec.Rules[0].HTTP.Paths[0].Path = p }))
	}
	tlsSets := [][]networkingv1.IngressTLS{
		{{Hosts: []string{"shop.example.com"}, SecretName: "a"}},
		{{Hosts: []string{"shop.example.com"}}},
		{{SecretName: "a"}},
		{{SecretName: "a"}, {SecretName: "b"}},
		{{}, {}},
		{{Hosts: []string{"*.example.com"}, SecretName: "a"}},
		{{Hosts: []string{"*.com"}, SecretName: "a"}},
		{{Hosts: []string{"other.example.com"}, SecretName: "a"}},
		{{Hosts: []string{"shop.example.com"}, SecretName: "a"}, {Hosts: []string{"shop.example.com"}, SecretName: "b"}},
		{{Hosts: []string{"shop.example.com"}, SecretName: "a"}, {Hosts: []string{"shop.example.com"}, SecretName: "a"}},
		{{Hosts: []string{"x.example.com", "shop.example.com"}, SecretName: "a"}, {Hosts: []string{"x.example.com"}}},
	}
	for _, tls := range tlsSets {
		for _, mix := range []string{"", "true", "false", "bad"} {
			anns := map[string]string{}
			if mix != "" {
				anns[tkeann.RuleMix] = mix
			}
			out = append(out, clbIngress(anns, func(i *networkingv1.Ingress) { i.Spec.TLS = tls }))
		}
		out = append(out, clbIngress(one(tkeann.HTTPSRules, `[{"host":"api.example.com","path":"/","backend":{"serviceName":"web","servicePort":80}}]`),
			func(i *networkingv1.Ingress) { i.Spec.TLS = tls }))
	}
	// Classes: only the CLB controller's Ingresses are judged.
	nginx, qcloud, other := "nginx", "qcloud", "custom"
	bad := func(i *networkingv1.Ingress) {
		i.Spec.Rules[0].Host, i.Spec.TLS = "localhost", []networkingv1.IngressTLS{{}}
	}
	for _, cls := range []*string{nil, &nginx, &qcloud, &other} {
		for _, ann := range []string{"", "qcloud", "nginx"} {
			anns := map[string]string{tkeann.IngDirectAccess: "maybe"}
			if ann != "" {
				anns[annotations.IngressClass] = ann
			}
			out = append(out, clbIngress(anns, bad, func(i *networkingv1.Ingress) { i.Spec.IngressClassName = cls }))
			out = append(out, clbIngress(map[string]string{annotations.IngressClass: ann}, bad, func(i *networkingv1.Ingress) { i.Spec.IngressClassName = cls }))
		}
	}
	out = append(out, clbIngress(nil, func(i *networkingv1.Ingress) {
		i.Spec.Rules = append(i.Spec.Rules, networkingv1.IngressRule{Host: "b.example.com"}, networkingv1.IngressRule{Host: "Bad.example.com",
			IngressRuleValue: i.Spec.Rules[0].IngressRuleValue})
	}))
	out = append(out, clbIngress(one(tkeann.HTTPRules, `[{"host":"Bad","path":"x","backend":{"serviceName":"web","servicePort":80}}]`)))
	return out
}

// ackSuffixesWithoutCheck are CLB annotations CCM reads as free text.
var ackSuffixesWithoutCheck = []string{"name", "cert-id", "cookie", "health-check-uri", "tls-cipher-policy", "master-zoneid"}

// ackVariants vary every CLB annotation under both prefixes and the rules that tie them together.
func ackVariants() []runtime.Object {
	f := ackchecks.ExportFacts()
	var out []runtime.Object
	core := []string{"", " ", "true", "99999999999999999999", "000000000000000000000000007", "ü", strings.Repeat("a", 200)}
	for _, a := range policy.ACKSamples() {
		for _, v := range append(core, a.Values...) {
			out = append(out, lbService(one(f.Prefix+a.Suffix, v)))
		}
		for _, v := range a.Values[:3] {
			out = append(out, lbService(one(f.LegacyPrefix+a.Suffix, v)))
		}
	}
	for _, s := range append(ackSuffixesWithoutCheck, "not-a-suffix") {
		for _, v := range core {
			out = append(out, lbService(one(f.Prefix+s, v)), lbService(one(f.LegacyPrefix+s, v)))
		}
	}
	p, l := f.Prefix, f.LegacyPrefix
	for _, k := range []string{p + "shceduler", l + "backend-type", p + "Scheduler", "service.beta.kubernetes.io/alibaba-cloud-loadbalancr-spec",
		"service.beta.kubernetes.io/backend-typ", "service.beta.kubernetes.io/alicloud-loadbalancer", "service.beta.kubernetes.io/aws-load-balancer-type"} {
		out = append(out, lbService(one(k, "x")), lbService(map[string]string{k: "x", p + "spec": "slb.s1.small"}))
	}
	for _, s := range []string{"scheduler", "name", "not-a-suffix"} {
		out = append(out, lbService(map[string]string{f.Prefix + s: "wrr", f.LegacyPrefix + s: "rr"}),
			lbService(map[string]string{f.Prefix + s: "rr", f.LegacyPrefix + s: "rr"}))
	}
	for _, v := range append(core, "eni", "ecs", "ENI", " eni") {
		out = append(out, lbService(one(ackann.BackendType, v)))
	}

	combos := []map[string]string{
		{p + "sticky-session": "on"},
		{p + "sticky-session": "on", p + "sticky-session-type": "insert"},
		{p + "sticky-session": "on", p + "sticky-session-type": "insert", p + "cookie-timeout": "100"},
		{p + "sticky-session": "on", l + "sticky-session-type": "server"},
		{l + "sticky-session": "on", p + "sticky-session-type": "server", l + "cookie": "c"},
		{p + "sticky-session": "off", p + "sticky-session-type": "server"},
		{p + "acl-status": "on"},
		{p + "acl-status": "on", p + "acl-id": "acl-bp1l0kk4gxce43g1xxxxx"},
		{p + "acl-status": "on", l + "acl-id": "x", l + "acl-type": "white"},
		{p + "vswitch-id": "vsw-bp15c2q7jvz9n0xxxxxxx"},
		{p + "vswitch-id": "vsw-bp15c2q7jvz9n0xxxxxxx", p + "address-type": "intranet"},
		{p + "vswitch-id": "x", l + "address-type": "intranet"},
		{p + "vswitch-id": "x", p + "address-type": "internet", l + "address-type": "intranet"},
		{p + "protocol-port": "https:80"},
		{p + "protocol-port": "https:80", p + "cert-id": "c"},
		{p + "protocol-port": "https:443"},
		{p + "protocol-port": "http:80,https:443"},
		{p + "protocol-port": "http:80"},
		{l + "protocol-port": "https:80"},
		{p + "protocol-port": "https:80,bad"},
		{p + "spec": "slb.s1.small", p + "instance-charge-type": "PayByCLCU"},
		{l + "spec": "", l + "instance-charge-type": "PayByCLCU"},
		{p + "spec": "slb.s1.small", p + "instance-charge-type": "PayBySpec"},
		{p + "id": "lb-bp1o94dp5i6earr9g6d1l"},
		{p + "id": "lb-bp1o94dp5i6earr9g6d1l", p + "force-override-listeners": "true"},
		{l + "id": "x", l + "force-override-listeners": "false"},
		{ackann.BackendType: "eni", p + "spec": "slb.s0.share"},
		{ackann.BackendType: "eni", l + "spec": "slb.s0.share"},
		{ackann.BackendType: "ecs", p + "spec": "slb.s0.share"},
		{ackann.BackendType: "eni"},
		{},
	}
	for _, c := range combos {
		out = append(out, lbService(c))
		for _, local := range []bool{false, true} {
			for _, sch := range []string{"", "rr", "wrr", "wlc", "WRR"} {
				anns := map[string]string{}
				for k, v := range c {
					anns[k] = v
				}
				if sch != "" {
					anns[p+"scheduler"] = sch
				}
				out = append(out, lbService(anns, func(s *corev1.Service) {
					if local {
						s.Spec.ExternalTrafficPolicy = corev1.ServiceExternalTrafficPolicyLocal
					}
					s.Spec.Ports = append(s.Spec.Ports, corev1.ServicePort{Name: "https", Port: 443, TargetPort: intstr.FromString("https"), NodePort: 32768})
				}))
			}
		}
	}
	for _, typ := range []corev1.ServiceType{"", corev1.ServiceTypeClusterIP, corev1.ServiceTypeNodePort, corev1.ServiceTypeExternalName} {
		for _, c := range []map[string]string{{}, {p + "address-type": "intranet"}, {l + "id": "lb-bp1o94dp5i6earr9g6d1l"},
			{p + "id": "lb-bp1o94dp5i6earr9g6d1l"}, {ackann.BackendType: "eni"}, {tkeann.ExistedLBID: "lb-abcd1234"}} {
			for _, lbl := range []string{"", "lb-bp1o94dp5i6earr9g6d1l", "lb-other"} {
				out = append(out, lbService(c, func(s *corev1.Service) {
					s.Spec.Type = typ
					if lbl != "" {
						s.Labels = map[string]string{ackann.LabelLBID: lbl}
					}
				}))
			}
		}
	}
	a, b := "lb-bp1o94dp5i6earr9g6d1l", "lb-bp1c0q8kf0s3ckh0v1x5"
	statuses := [][]corev1.LoadBalancerIngress{nil, {{IP: "47.1.2.3"}}, {{Hostname: "lb.example.com"}}, {{IP: "47.1.2.3", Hostname: "lb.example.com"}},
		{{IP: "10.0.0.8"}, {Hostname: "x.example.com"}}}
	for _, st := range statuses {
		for _, lbl := range []string{"", a, b} {
			for _, c := range []map[string]string{{p + "id": a}, {l + "id": a}, {p + "id": a, p + "external-ip-type": "eip"},
				{p + "id": a, lastApplied: `{"metadata":{"annotations":{"` + p + `id":"` + b + `"}}}`}, {}} {
				out = append(out, lbService(c, func(s *corev1.Service) {
					s.Status.LoadBalancer.Ingress = st
					if lbl != "" {
						s.Labels = map[string]string{ackann.LabelLBID: lbl}
					}
				}))
			}
		}
	}
	cls := "example.com/lb"
	out = append(out,
		lbService(one(p+"address-type", "bad"), func(s *corev1.Service) { s.Spec.LoadBalancerClass = &cls }),
		lbService(one(p+"address-type", "bad"), func(s *corev1.Service) { s.Spec.Type = corev1.ServiceTypeNodePort }),
		lbService(one(ackann.BackendType, "eni"), func(s *corev1.Service) { s.Spec.Ports[0].NodePort = 32767 }),
		lbService(one(ackann.BackendType, "eni"), func(s *corev1.Service) { s.Spec.Ports[0].TargetPort = intstr.FromString("8080") }),
	)
	return out
}

// providerMixes carry both clouds' annotations in every balance, so the provider scoping of the
// policies is tested against the CLI's detection.
func providerMixes() []runtime.Object {
	f := ackchecks.ExportFacts()
	var out []runtime.Object
	tke := []string{tkeann.SvcDirectAccess, tkeann.PreventLoopback, tkeann.ShareExistedLB}
	ack := []string{f.Prefix + "scheduler", f.LegacyPrefix + "acl-status", ackann.BackendType}
	for nt := 0; nt <= len(tke); nt++ {
		for na := 0; na <= len(ack); na++ {
			anns := map[string]string{}
			for _, k := range tke[:nt] {
				anns[k] = "maybe"
			}
			for _, k := range ack[:na] {
				anns[k] = "maybe"
			}
			out = append(out, lbService(anns), lbService(anns, func(s *corev1.Service) {
				s.Spec.ExternalTrafficPolicy = corev1.ServiceExternalTrafficPolicyLocal
			}))
			ing := map[string]string{tkeann.IngDirectAccess: "maybe"}
			for k, v := range anns {
				ing[k] = v
			}
			out = append(out, clbIngress(ing), clbIngress(ing, func(i *networkingv1.Ingress) { i.Spec.Rules[0].Host = "localhost" }))
		}
	}
	return out
}
