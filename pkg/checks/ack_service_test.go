package checks

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

const newCCM = "registry-cn-hangzhou.ack.aliyuncs.com/acs/cloud-controller-manager-amd64:v2.10.0"

// ackHealthy are the cluster objects of a sound ACK cluster around Service web: two workers with a
// ready pod each, Terway, and a recent CCM.
func ackHealthy() []runtime.Object {
	return objs(fxNode("n1"), fxNode("n2"), fxPod("web-1", "n1", true), fxPod("web-2", "n2", true),
		fxDeployment("cloud-controller-manager", newCCM), fxDaemonSet("terway-eniip", "terway:v1.9"))
}

// ackSvc is LoadBalancer Service web with CLB annotations given by suffix ("backend-type" and full keys
// are taken as they are).
func ackSvc(ann map[string]string, mods ...func(*corev1.Service)) *corev1.Service {
	s := service("web", corev1.ServiceTypeLoadBalancer)
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

// ackCase builds a case whose bad and fixed snapshots are ackHealthy() with the given objects in
// front (objects of the same kind and name replace the healthy ones).
func ackCase(name string, bad, fixed []runtime.Object, want rules.ID, path string) svcCase {
	return svcCase{name: name, bad: withObjs(ackHealthy(), bad), fixed: withObjs(ackHealthy(), fixed), want: want, path: path}
}

func a(suffix string) string { return AnnPath(ackann.Prefix + suffix) }

func m(kv ...string) map[string]string {
	out := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i]] = kv[i+1]
	}
	return out
}

func targetPort(i int, tp intstr.IntOrString) func(*corev1.Service) {
	return func(s *corev1.Service) { s.Spec.Ports[i].TargetPort = tp }
}

func addPort(name string, port int32, tp intstr.IntOrString) func(*corev1.Service) {
	return func(s *corev1.Service) {
		s.Spec.Ports = append(s.Spec.Ports, corev1.ServicePort{Name: name, Port: port, TargetPort: tp, Protocol: corev1.ProtocolTCP})
	}
}

func statusIP(ip string) func(*corev1.Service) {
	return func(s *corev1.Service) { s.Status.LoadBalancer.Ingress = []corev1.LoadBalancerIngress{{IP: ip}} }
}

// ccmLabel is the label CCM puts on a Service bound to CLB id.
func ccmLabel(id string) func(*corev1.Service) {
	return func(s *corev1.Service) { s.Labels = map[string]string{ackann.LabelLBID: id} }
}

// lastApplied records ann (full keys) as the annotations of the last kubectl apply.
func lastApplied(ann map[string]string) func(*corev1.Service) {
	return func(s *corev1.Service) {
		b, _ := json.Marshal(map[string]any{"metadata": map[string]any{"annotations": ann}})
		s.Annotations["kubectl.kubernetes.io/last-applied-configuration"] = string(b)
	}
}

func manyNodes(n int, mods ...func(*corev1.Node)) []runtime.Object {
	var out []runtime.Object
	for i := 0; i < n; i++ {
		out = append(out, fxNode(fmt.Sprintf("w%03d", i), mods...))
	}
	return out
}

func TestACKServiceChecks(t *testing.T) {
	eni := ackann.BackendType
	s1 := m(eni, "eni", "spec", "slb.s1.small")
	drainOff := func(p *corev1.Pod) { p.Spec.Containers[0].ReadinessProbe = nil }
	httpsPod := func(p *corev1.Pod) {
		p.Spec.Containers[0].Ports = []corev1.ContainerPort{{Name: "https", ContainerPort: 8443}}
	}
	otherSvc := func(ann map[string]string) *corev1.Service {
		s := service("other", corev1.ServiceTypeLoadBalancer)
		s.Labels = map[string]string{ackann.LabelLBID: "lb-bp1o94dp5i6earr9g6d1l"}
		for k, v := range ann {
			s.Annotations[ackann.Prefix+k] = v
		}
		return s
	}
	const lbID = "lb-bp1o94dp5i6earr9g6d1l"
	reuse := m("id", lbID, "force-override-listeners", "true")
	// reuseWith is reuse plus more suffix/value pairs.
	reuseWith := func(kv ...string) map[string]string {
		return m(append([]string{"id", lbID, "force-override-listeners", "true"}, kv...)...)
	}
	ccmImagePath := "kube-system/deployment/cloud-controller-manager.spec.template.spec.containers[0].image"
	nodePort, clusterIP := corev1.ServiceTypeNodePort, corev1.ServiceTypeClusterIP
	// Annotation values CCM rejects or ignores, each with a corrected value (suffixes under ackann.Prefix,
	// or full keys).
	values := []struct{ key, bad, good string }{
		{"address-type", "Internet", "internet"},
		{"scheduler", "round-robin", "wrr"},
		{"health-check-interval", "60", "50"},
		{"health-check-connect-timeout", "5s", "5"},
		{"charge-type", "PayByTraffic", "paybytraffic"},
		{"instance-charge-type", "PayByLCU", "paybyclcu"}, // CCM compares case-insensitively
		{ackann.LegacyPrefix + "persistence-timeout", "7200", "3600"},
		{"protocol-port", "ftp:80", "tcp:80"},
		{"protocol-port", "udp:53, tcp:80", "udp:53,tcp:80"}, // CCM trims nothing: " tcp" is no protocol
		{"health-check-connect-port", "-1", "-520"},
		{"health-check-httpcode", "http_2xx,200", "http_2xx,http_3xx"},
		{"cookie-timeout", "0", "1800"},
		{"bandwidth", "10M", "10"},
		{"acl-type", "allow", "white"},
		{"id", "lb-XYZ", "lb-bp1o94dp5i6earr9g6d1l"},
	}
	var cases []svcCase
	for _, v := range values {
		key := v.key
		if !strings.Contains(key, "/") {
			key = ackann.Prefix + key
		}
		cases = append(cases, ackCase(v.key+"="+v.bad, objs(ackSvc(m(key, v.bad))), objs(ackSvc(m(key, v.good))),
			ackrules.ServiceInvalidAnnotation, AnnPath(key)))
	}
	cases = append(cases, []svcCase{
		ackCase("backend-type value", objs(ackSvc(m(eni, "ENI", "spec", "slb.s1.small"))), objs(ackSvc(s1)),
			ackrules.ServiceIgnoredAnnotationValue, AnnPath(ackann.BackendType)),
		ackCase("vswitch id format", objs(ackSvc(m("address-type", "intranet", "vswitch-id", "vs-123"))),
			objs(ackSvc(m("address-type", "intranet", "vswitch-id", "vsw-bp15c2q7jvz9n0abcdefg"), statusIP("192.168.0.10"))),
			ackrules.ServiceInvalidAnnotation, a("vswitch-id")),
		ackCase("misspelt suffix", objs(ackSvc(m("health-check-intreval", "5"))), objs(ackSvc(m("health-check-interval", "5"))),
			ackrules.ServiceUnknownAnnotation, a("health-check-intreval")),
		ackCase("misspelt prefix", objs(ackSvc(m("service.beta.kubernetes.io/alibaba-cloud-loadbalance-scheduler", "wrr"))), objs(ackSvc(m("scheduler", "wrr"))),
			ackrules.ServiceUnknownAnnotation, AnnPath("service.beta.kubernetes.io/alibaba-cloud-loadbalance-scheduler")),
		ackCase("legacy and current keys disagree", objs(ackSvc(m("scheduler", "wrr", ackann.LegacyPrefix+"scheduler", "rr"))),
			objs(ackSvc(m("scheduler", "wrr", ackann.LegacyPrefix+"scheduler", "wrr"))),
			ackrules.ServiceLegacyAnnotationConflict, AnnPath(ackann.LegacyPrefix+"scheduler")),
		ackCase("sticky session without type", objs(ackSvc(m("sticky-session", "on"))),
			objs(ackSvc(m("sticky-session", "on", "sticky-session-type", "insert", "cookie-timeout", "1800"))),
			ackrules.ServiceAnnotationDependency, a("sticky-session")),
		ackCase("insert without cookie-timeout", objs(ackSvc(m("sticky-session", "on", "sticky-session-type", "insert"))),
			objs(ackSvc(m("sticky-session", "on", "sticky-session-type", "insert", "cookie-timeout", "1800"))),
			ackrules.ServiceAnnotationDependency, a("sticky-session-type")),
		ackCase("server without cookie", objs(ackSvc(m("sticky-session", "on", "sticky-session-type", "server"))),
			objs(ackSvc(m("sticky-session", "on", "sticky-session-type", "server", "cookie", "SESSION"))),
			ackrules.ServiceAnnotationDependency, a("sticky-session-type")),
		ackCase("acl on without id", objs(ackSvc(m("acl-status", "on", "acl-type", "white"))),
			objs(ackSvc(m("acl-status", "on", "acl-type", "white", "acl-id", "acl-bp1l0kk4gxce43g1abcde"))),
			ackrules.ServiceAnnotationDependency, a("acl-status")),
		ackCase("vswitch on internet CLB", objs(ackSvc(m("vswitch-id", "vsw-bp15c2q7jvz9n0abcdefg"))),
			objs(ackSvc(m("vswitch-id", "vsw-bp15c2q7jvz9n0abcdefg", "address-type", "intranet"), statusIP("192.168.0.10"))),
			ackrules.ServiceAnnotationDependency, a("vswitch-id")),
		ackCase("https without certificate", objs(ackSvc(m("protocol-port", "https:80"))),
			objs(ackSvc(m("protocol-port", "https:80", "cert-id", "1231579085529123_166d1a6d7e3"))),
			ackrules.ServiceAnnotationDependency, a("protocol-port")),
		ackCase("spec on PayByCLCU (seed 003)", objs(ackSvc(m("instance-charge-type", "PayByCLCU", "spec", "slb.s1.small"))),
			objs(ackSvc(m("instance-charge-type", "PayByCLCU"))), ackrules.ServiceCLCUSpec, a("spec")),
		ackCase("reuse without override", objs(ackSvc(m("id", "lb-bp1o94dp5i6earr9g6d1l"))), objs(ackSvc(reuse)),
			ackrules.ServiceReuseWithoutOverride, a("id")),
		ackCase("ENI with named targetPort", objs(ackSvc(s1, targetPort(0, intstr.FromString("http"))), fxDeployment(ackCCMName, oldNamedPortCCM)),
			objs(ackSvc(s1), fxDeployment(ackCCMName, oldNamedPortCCM)),
			ackrules.ServiceENIStringTargetPort, "spec.ports[0].targetPort"),
		ackCase("ENI on shared spec", objs(ackSvc(m(eni, "eni", "spec", "slb.s0.share"))), objs(ackSvc(s1)),
			ackrules.ServiceENISharedSpec, a("spec")),
		{name: "ENI on Flannel DaemonSet",
			bad:   objs(ackSvc(s1), fxNode("n1"), fxPod("web-1", "n1", true), fxDaemonSet("kube-flannel-ds", "flannel:v0.15")),
			fixed: objs(ackSvc(s1), fxNode("n1"), fxPod("web-1", "n1", true), fxDaemonSet("terway-eniip", "terway:v1.9")),
			want:  ackrules.ServiceENIFlannel, path: AnnPath(ackann.BackendType)},
		{name: "ENI on Flannel pods", bad: objs(ackSvc(s1), fxNode("n1"), fxPod("web-1", "n1", true), func() runtime.Object {
			p := fxPod("kube-flannel-x", "n1", true)
			p.Namespace, p.Labels = "kube-system", map[string]string{"app": "flannel"}
			return p
		}(), fxDaemonSet("kube-proxy", "kube-proxy:v1.30")),
			fixed: objs(ackSvc(s1), fxNode("n1"), fxPod("web-1", "n1", true), fxDaemonSet("terway", "terway:v1.9")),
			want:  ackrules.ServiceENIFlannel, path: AnnPath(ackann.BackendType)},
		{name: "backend quota in Cluster mode",
			bad:   append(objs(ackSvc(nil), fxPod("web-1", "w000", true)), manyNodes(201)...),
			fixed: append(objs(ackSvc(m("backend-label", "pool=lb")), fxPod("web-1", "w000", true), fxNode("lb1", nodeLabel("pool", "lb"))), manyNodes(201)...),
			want:  ackrules.ServiceBackendQuota, path: "spec.externalTrafficPolicy"},
		ackCase("no ready pod: a consequence of no-endpoints", objs(ackSvc(nil), fxPod("web-1", "n1", false), fxPod("web-2", "n2", false)), objs(ackSvc(nil)),
			ackrules.ServiceNoAvailableNodes, "spec.selector").consequenceOf(rules.GenericServiceNoEndpoints),
		ackCase("Local pods only on master", objs(ackSvc(m("scheduler", "wrr"), etpLocal), fxNode("n1", nodeLabel("node-role.kubernetes.io/master", "")),
			fxPod("web-2", "n1", true)), objs(ackSvc(m("scheduler", "wrr"), etpLocal)),
			ackrules.ServiceNoAvailableNodes, "spec.selector"),
		ackCase("backend-label filters every node", objs(ackSvc(m("backend-label", "pool=none"))), objs(ackSvc(nil)),
			ackrules.ServiceNoAvailableNodes, a("backend-label")),
		ackCase("HTTPS listener to 443", objs(ackSvc(m("protocol-port", "https:443", "cert-id", "123_abc"), addPort("https", 443, intstr.FromInt32(443)))),
			objs(ackSvc(m("protocol-port", "https:443", "cert-id", "123_abc"), addPort("https", 443, intstr.FromInt32(8080)))),
			ackrules.ServiceHTTPSToHTTPSBackend, "spec.ports[1].targetPort"),
		ackCase("HTTPS listener to container port named https", objs(ackSvc(m("protocol-port", "https:443", "cert-id", "123_abc"), addPort("https", 443, intstr.FromInt32(8443))),
			fxPod("web-1", "n1", true, httpsPod)),
			objs(ackSvc(m("protocol-port", "https:443", "cert-id", "123_abc"), addPort("https", 443, intstr.FromInt32(8080)))),
			ackrules.ServiceHTTPSToHTTPSBackend, "spec.ports[1].targetPort"),
		ackCase("reuse a CCM-created CLB", objs(ackSvc(reuse), otherSvc(nil)), objs(ackSvc(reuse), otherSvc(m("id", "lb-bp1o94dp5i6earr9g6d1l"))),
			ackrules.ServiceReuseCCMLB, a("id")),
		ackCase("intranet type on public CLB", objs(ackSvc(m("address-type", "intranet"))), objs(ackSvc(m("address-type", "intranet"), statusIP("192.168.3.4"))),
			ackrules.ServiceAddressTypeImmutable, a("address-type")),
		// Without evidence of a change the resource group finding is only a reminder, under its own rule.
		ackCase("resource group on existing CLB", objs(ackSvc(m("resource-group-id", "rg-acfmz7u4zzfsabc"))),
			objs(ackSvc(m("resource-group-id", "rg-acfmz7u4zzfsabc"), func(s *corev1.Service) { s.Status = corev1.ServiceStatus{} })),
			ackrules.ServiceResourceGroupFixed, a("resource-group-id")).severity(rules.Info),
		ackCase("rolling update without drain or probes", objs(ackSvc(nil), fxPod("web-1", "n1", true, drainOff)),
			objs(ackSvc(m("connection-drain", "on", "connection-drain-timeout", "30")), fxPod("web-1", "n1", true, drainOff)),
			ackrules.ServiceRollingUpdate503, a("connection-drain")),
		ackCase("grace period shorter than preStop + 30s", objs(ackSvc(nil), fxPod("web-1", "n1", true, func(p *corev1.Pod) {
			p.Spec.Containers[0].Lifecycle.PreStop.Exec.Command = []string{"/bin/sh", "-c", "sleep 45"}
		})), objs(ackSvc(nil)), ackrules.ServiceRollingUpdate503, a("connection-drain")),
		ackCase("Local without weighted scheduler", objs(ackSvc(nil, etpLocal)), objs(ackSvc(m("scheduler", "wrr"), etpLocal)),
			ackrules.ServiceUnevenLoad, a("scheduler")),
		ackCase("nodePort in ip_local_port_range", objs(ackSvc(nil, func(s *corev1.Service) { s.Spec.Ports[0].NodePort = 32768 })),
			objs(ackSvc(nil, func(s *corev1.Service) { s.Spec.Ports[0].NodePort = 32767 })),
			ackrules.ServiceNodePortLocalPortRange, "spec.ports[0].nodePort"),
		ackCase("old CCM Deployment", objs(ackSvc(nil), fxDeployment("cloud-controller-manager", "registry/acs/cloud-controller-manager-amd64:v1.9.3.164-g2105d2e-aliyun")),
			objs(ackSvc(nil), fxDeployment("cloud-controller-manager", "registry/acs/cloud-controller-manager-amd64:"+ackEventsCCM)),
			ackrules.ServiceOldCCMNoEvents, ccmImagePath),
		{name: "old CCM DaemonSet",
			bad:   objs(ackSvc(nil), fxNode("n1"), fxPod("web-1", "n1", true), fxDaemonSet("cloud-controller-manager", "cloud-controller-manager:v1.9.3.59-ge3bc999-aliyun")),
			fixed: objs(ackSvc(nil), fxNode("n1"), fxPod("web-1", "n1", true), fxDaemonSet("cloud-controller-manager", "cloud-controller-manager:v2.1.0")),
			want:  ackrules.ServiceOldCCMNoEvents, path: "kube-system/daemonset/cloud-controller-manager.spec.template.spec.containers[0].image"},
		ackCase("reuse on a CCM older than v1.9.3.105", objs(ackSvc(reuse), fxDeployment("cloud-controller-manager", "registry/acs/cloud-controller-manager-amd64:v1.9.3.59-ge3bc999-aliyun")),
			objs(ackSvc(reuse), fxDeployment("cloud-controller-manager", "registry/acs/cloud-controller-manager-amd64:"+ackReuseCCM)),
			ackrules.ServiceReuseOldCCM, ccmImagePath),
		// The id was added after a kubectl apply without it, to the CLB CCM bound (and so created).
		ackCase("id added to the CCM-created CLB", objs(ackSvc(reuse, ccmLabel(lbID), lastApplied(m(ackann.Prefix+"scheduler", "wrr")))),
			objs(ackSvc(reuse, ccmLabel(lbID), lastApplied(m(ackann.Prefix+"id", lbID, ackann.Prefix+"force-override-listeners", "true")))),
			ackrules.ServiceOrphanOnDelete, a("id")),
		ackCase("id added to the CCM-created CLB, legacy key applied", objs(ackSvc(reuse, ccmLabel(lbID), lastApplied(nil))),
			objs(ackSvc(reuse, ccmLabel(lbID), lastApplied(m(ackann.LegacyPrefix+"id", lbID)))),
			ackrules.ServiceOrphanOnDelete, a("id")),
		// Without an apply record nothing tells when the annotation came: no finding.
		ackCase("id on a Service without apply record", objs(ackSvc(reuse, ccmLabel(lbID), lastApplied(nil))),
			objs(ackSvc(reuse, ccmLabel(lbID))), ackrules.ServiceOrphanOnDelete, a("id")),
		ackCase("reused intranet CLB by address", objs(ackSvc(reuse, statusIP("192.168.0.50"))),
			objs(ackSvc(reuseWith("protocol-port", "http:80"), statusIP("192.168.0.50"))), // layer 7
			ackrules.ServiceIntranetLBLoopback, a("id")),
		ackCase("reused intranet CLB by annotation", objs(ackSvc(reuseWith("address-type", "intranet"), func(s *corev1.Service) { s.Status = corev1.ServiceStatus{} })),
			objs(ackSvc(reuseWith("address-type", "intranet"))), // the known address is public
			ackrules.ServiceIntranetLBLoopback, a("id")),
		{name: "CLB annotations on a NodePort Service", bad: withObjs(ackHealthy(), objs(service("web", nodePort, svcAnn(ackann.Prefix+"scheduler", "wrr")))),
			fixed: withObjs(ackHealthy(), objs(ackSvc(m("scheduler", "wrr")))),
			want:  ackrules.ServiceListenerOnNodePort, path: "spec.type"},
		{name: "legacy CLB annotation on a ClusterIP Service", bad: withObjs(ackHealthy(), objs(service("web", clusterIP, svcAnn(ackann.LegacyPrefix+"address-type", "intranet")))),
			fixed: withObjs(ackHealthy(), objs(service("web", clusterIP, svcAnn(ackann.BackendType, "eni")))),
			want:  ackrules.ServiceListenerOnNodePort, path: "spec.type"},
		svcCase{name: "LoadBalancer retyped to NodePort", bad: withObjs(ackHealthy(), objs(service("web", nodePort, ccmLabel(lbID)))),
			fixed: withObjs(ackHealthy(), objs(service("web", nodePort))),
			want:  ackrules.ServiceTypeChangeDeletesLB, path: "metadata.labels[" + ackann.LabelLBID + "]"}.severity(rules.Info),
		// A reused CLB is kept when the type changes.
		{name: "reused CLB retyped to NodePort", bad: withObjs(ackHealthy(), objs(service("web", nodePort, ccmLabel(lbID)))),
			fixed: withObjs(ackHealthy(), objs(service("web", nodePort, ccmLabel(lbID), svcAnn(ackann.Prefix+"id", lbID)))),
			want:  ackrules.ServiceTypeChangeDeletesLB, path: "metadata.labels[" + ackann.LabelLBID + "]"},
	}...)
	runServiceCases(t, ackrules.Provider, cases)
}

func TestACKResourceGroupChangedSinceApply(t *testing.T) {
	svc := ackSvc(m("resource-group-id", "rg-newgroup12345"))
	svc.Annotations["kubectl.kubernetes.io/last-applied-configuration"] =
		`{"metadata":{"annotations":{"` + ackann.Prefix + `resource-group-id":"rg-oldgroup12345"}}}`
	res := diagnose(t, fixture(t, withObjs(ackHealthy(), objs(svc))...), snapshot.KindService, "web", ackrules.Provider)
	for _, f := range res.Findings {
		if f.Rule == ackrules.ServiceResourceGroupImmutable && f.EffectiveSeverity() == rules.Error && f.Change != nil {
			return
		}
	}
	t.Errorf("want the change model's error %s, got %v", ackrules.ServiceResourceGroupImmutable, byRule(res))
}

func TestACKValidIsClean(t *testing.T) {
	svc := ackSvc(m("scheduler", "wrr", "connection-drain", "on", "connection-drain-timeout", "30", "health-check-interval", "5",
		"protocol-port", "https:443,http:80", "cert-id", "1231579085529123_166d1a6d7e3"), addPort("https", 443, intstr.FromInt32(8080)))
	res := diagnose(t, fixture(t, withObjs(ackHealthy(), objs(svc))...), snapshot.KindService, "web", ackrules.Provider)
	for _, f := range res.Findings {
		if f.Source == "check" {
			t.Errorf("unexpected finding %s at %s: %s", f.Rule, f.Path, f.Message)
		}
	}
	if len(res.Skipped) > 0 {
		t.Errorf("unexpected skips: %+v", res.Skipped)
	}
}

// TestACKUnknownObjectsSkip: with only the Service known (offline input without cluster objects),
// every check that needs more is skipped and none of their rules is reported.
func TestACKUnknownObjectsSkip(t *testing.T) {
	s, err := snapshot.FromFiles(nil, nil, ns)
	if err != nil {
		t.Fatal(err)
	}
	svc := ackSvc(m(ackann.BackendType, "eni", "spec", "slb.s1.small", "id", "lb-bp1o94dp5i6earr9g6d1l", "force-override-listeners", "true",
		"protocol-port", "https:443", "cert-id", "123_abc"), addPort("https", 443, intstr.FromInt32(8443)))
	if err := s.Add(svc); err != nil {
		t.Fatal(err)
	}
	res := diagnose(t, s, snapshot.KindService, "web", ackrules.Provider)
	for _, f := range res.Findings {
		if f.Source == "check" {
			t.Errorf("an unknown object became finding %s at %s: %s", f.Rule, f.Path, f.Message)
		}
	}
	skipped := skippedChecks(res)
	for _, name := range []string{"ack-eni", "ack-backends", "ack-https-backend", "ack-rolling-update", "ack-ccm-version", "ack-reuse-ccm-version", "service-endpoints"} {
		if !skipped[name] {
			t.Errorf("want %s skipped, got %+v", name, res.Skipped)
		}
	}
	// ack-lb-reuse and ack-reused-ports are AddOnly: they run on what the input holds and say so.
	partial := map[string]bool{}
	for _, p := range res.Partial {
		partial[p.Check] = true
	}
	if len(res.Partial) != 2 || !partial["ack-lb-reuse"] || !partial["ack-reused-ports"] || skipped["ack-lb-reuse"] || skipped["ack-reused-ports"] {
		t.Errorf("want ack-lb-reuse and ack-reused-ports partial, not skipped: partial %+v", res.Partial)
	}
}

// TestACKClusterObjectsAbsent: a complete snapshot without CCM or CNI objects (managed control
// plane, unknown plugin) skips those checks rather than guessing.
func TestACKClusterObjectsAbsent(t *testing.T) {
	res := diagnose(t, fixture(t, ackSvc(m(ackann.BackendType, "eni", "spec", "slb.s1.small")), fxNode("n1"), fxPod("web-1", "n1", true)),
		snapshot.KindService, "web", ackrules.Provider)
	skipped := skippedChecks(res)
	if !skipped["ack-eni"] || !skipped["ack-ccm-version"] {
		t.Errorf("want ack-eni and ack-ccm-version skipped, got %+v", res.Skipped)
	}
	if got := byRule(res); len(got[ackrules.ServiceENIFlannel])+len(got[ackrules.ServiceOldCCMNoEvents]) > 0 {
		t.Errorf("absent cluster objects became findings: %v", got)
	}
}

// TestACKCLCUSpecByHistory: a specification with PayByCLCU is an error only when the Service shows a
// change on an existing CLB; at creation the specification is ignored (info).
func TestACKCLCUSpecByHistory(t *testing.T) {
	full := func(kv ...string) map[string]string {
		out := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			out[ackann.Prefix+kv[i]] = kv[i+1]
		}
		return out
	}
	clcuSpec := m("instance-charge-type", "PayByCLCU", "spec", "slb.s1.small")
	bound := statusIP("47.96.10.21")
	pending := func(s *corev1.Service) { s.Status = corev1.ServiceStatus{} }
	tests := []struct {
		name string
		svc  *corev1.Service
		path string
		sev  rules.Severity
		none bool
	}{
		{name: "created with both: spec ignored", svc: ackSvc(clcuSpec, pending), path: a("spec"), sev: rules.Info},
		{name: "existing CLB, no apply record: no change shows", svc: ackSvc(clcuSpec, bound), path: a("spec"), sev: rules.Info},
		{name: "existing CLB, same spec at the last apply", svc: ackSvc(clcuSpec, bound, lastApplied(full("instance-charge-type", "PayByCLCU", "spec", "slb.s1.small"))),
			path: a("spec"), sev: rules.Info},
		{name: "existing CLB, spec added since the last apply", svc: ackSvc(clcuSpec, bound, lastApplied(full("instance-charge-type", "PayByCLCU"))),
			path: a("spec"), sev: rules.Error},
		{name: "existing CLB, spec changed since the last apply", svc: ackSvc(clcuSpec, bound, lastApplied(full("instance-charge-type", "PayByCLCU", "spec", "slb.s2.small"))),
			path: a("spec"), sev: rules.Error},
		{name: "pending Service, spec added since the last apply: created as PayByCLCU", svc: ackSvc(clcuSpec, pending, lastApplied(full("instance-charge-type", "PayByCLCU"))),
			path: a("spec"), sev: rules.Info},
		{name: "existing CLB moved from PayByCLCU to PayBySpec", svc: ackSvc(m("instance-charge-type", "PayBySpec", "spec", "slb.s1.small"), bound,
			lastApplied(full("instance-charge-type", "PayByCLCU"))), path: a("instance-charge-type"), sev: rules.Error},
		{name: "PayBySpec with a spec", svc: ackSvc(m("instance-charge-type", "PayBySpec", "spec", "slb.s1.small"), bound), none: true},
		{name: "PayByCLCU without spec", svc: ackSvc(m("instance-charge-type", "PayByCLCU"), bound), none: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := diagnose(t, fixture(t, withObjs(ackHealthy(), objs(tt.svc))...), snapshot.KindService, "web", ackrules.Provider)
			var got []Finding
			for _, f := range res.Findings {
				if f.Rule == ackrules.ServiceCLCUSpec {
					got = append(got, f)
				}
			}
			if tt.none {
				if len(got) > 0 {
					t.Errorf("want none, got %+v", got)
				}
				return
			}
			if len(got) != 1 || got[0].Path != tt.path || got[0].EffectiveSeverity() != tt.sev {
				t.Fatalf("want one %s at %s, got %+v", tt.sev, tt.path, got)
			}
		})
	}
}
