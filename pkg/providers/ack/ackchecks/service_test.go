package ackchecks

import (
	"fmt"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func statusIP(ip string) func(*corev1.Service) {
	return func(s *corev1.Service) { s.Status.LoadBalancer.Ingress = []corev1.LoadBalancerIngress{{IP: ip}} }
}

func manyNodes(n int, mods ...func(*corev1.Node)) []runtime.Object {
	var out []runtime.Object
	for i := 0; i < n; i++ {
		out = append(out, checkstest.FxNode(fmt.Sprintf("w%03d", i), mods...))
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
		s := checkstest.Service("other", corev1.ServiceTypeLoadBalancer)
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
	var cases []checkstest.SvcCase
	for _, v := range values {
		key := v.key
		if !strings.Contains(key, "/") {
			key = ackann.Prefix + key
		}
		cases = append(cases, ackCase(v.key+"="+v.bad, checkstest.Objs(ackSvc(m(key, v.bad))), checkstest.Objs(ackSvc(m(key, v.good))),
			ackrules.ServiceInvalidAnnotation, checks.AnnPath(key)))
	}
	cases = append(cases, []checkstest.SvcCase{
		ackCase("backend-type value", checkstest.Objs(ackSvc(m(eni, "ENI", "spec", "slb.s1.small"))), checkstest.Objs(ackSvc(s1)),
			ackrules.ServiceIgnoredAnnotationValue, checks.AnnPath(ackann.BackendType)),
		ackCase("vswitch id format", checkstest.Objs(ackSvc(m("address-type", "intranet", "vswitch-id", "vs-123"))),
			checkstest.Objs(ackSvc(m("address-type", "intranet", "vswitch-id", "vsw-bp15c2q7jvz9n0abcdefg"), statusIP("192.168.0.10"))),
			ackrules.ServiceInvalidAnnotation, a("vswitch-id")),
		ackCase("misspelt suffix", checkstest.Objs(ackSvc(m("health-check-intreval", "5"))), checkstest.Objs(ackSvc(m("health-check-interval", "5"))),
			ackrules.ServiceUnknownAnnotation, a("health-check-intreval")),
		ackCase("misspelt prefix", checkstest.Objs(ackSvc(m("service.beta.kubernetes.io/alibaba-cloud-loadbalance-scheduler", "wrr"))), checkstest.Objs(ackSvc(m("scheduler", "wrr"))),
			ackrules.ServiceUnknownAnnotation, checks.AnnPath("service.beta.kubernetes.io/alibaba-cloud-loadbalance-scheduler")),
		ackCase("legacy and current keys disagree", checkstest.Objs(ackSvc(m("scheduler", "wrr", ackann.LegacyPrefix+"scheduler", "rr"))),
			checkstest.Objs(ackSvc(m("scheduler", "wrr", ackann.LegacyPrefix+"scheduler", "wrr"))),
			ackrules.ServiceLegacyAnnotationConflict, checks.AnnPath(ackann.LegacyPrefix+"scheduler")),
		ackCase("sticky session without type", checkstest.Objs(ackSvc(m("sticky-session", "on"))),
			checkstest.Objs(ackSvc(m("sticky-session", "on", "sticky-session-type", "insert", "cookie-timeout", "1800"))),
			ackrules.ServiceAnnotationDependency, a("sticky-session")),
		ackCase("insert without cookie-timeout", checkstest.Objs(ackSvc(m("sticky-session", "on", "sticky-session-type", "insert"))),
			checkstest.Objs(ackSvc(m("sticky-session", "on", "sticky-session-type", "insert", "cookie-timeout", "1800"))),
			ackrules.ServiceAnnotationDependency, a("sticky-session-type")),
		ackCase("server without cookie", checkstest.Objs(ackSvc(m("sticky-session", "on", "sticky-session-type", "server"))),
			checkstest.Objs(ackSvc(m("sticky-session", "on", "sticky-session-type", "server", "cookie", "SESSION"))),
			ackrules.ServiceAnnotationDependency, a("sticky-session-type")),
		ackCase("acl on without id", checkstest.Objs(ackSvc(m("acl-status", "on", "acl-type", "white"))),
			checkstest.Objs(ackSvc(m("acl-status", "on", "acl-type", "white", "acl-id", "acl-bp1l0kk4gxce43g1abcde"))),
			ackrules.ServiceAnnotationDependency, a("acl-status")),
		ackCase("vswitch on internet CLB", checkstest.Objs(ackSvc(m("vswitch-id", "vsw-bp15c2q7jvz9n0abcdefg"))),
			checkstest.Objs(ackSvc(m("vswitch-id", "vsw-bp15c2q7jvz9n0abcdefg", "address-type", "intranet"), statusIP("192.168.0.10"))),
			ackrules.ServiceAnnotationDependency, a("vswitch-id")),
		ackCase("https without certificate", checkstest.Objs(ackSvc(m("protocol-port", "https:80"))),
			checkstest.Objs(ackSvc(m("protocol-port", "https:80", "cert-id", "1231579085529123_166d1a6d7e3"))),
			ackrules.ServiceAnnotationDependency, a("protocol-port")),
		ackCase("spec on PayByCLCU (seed 003)", checkstest.Objs(ackSvc(m("instance-charge-type", "PayByCLCU", "spec", "slb.s1.small"))),
			checkstest.Objs(ackSvc(m("instance-charge-type", "PayByCLCU"))), ackrules.ServiceCLCUSpec, a("spec")),
		ackCase("reuse without override", checkstest.Objs(ackSvc(m("id", "lb-bp1o94dp5i6earr9g6d1l"))), checkstest.Objs(ackSvc(reuse)),
			ackrules.ServiceReuseWithoutOverride, a("id")),
		ackCase("ENI with named targetPort", checkstest.Objs(ackSvc(s1, targetPort(0, intstr.FromString("http"))), checkstest.FxDeployment(ackCCMName, checkstest.OldNamedPortCCM)),
			checkstest.Objs(ackSvc(s1), checkstest.FxDeployment(ackCCMName, checkstest.OldNamedPortCCM)),
			ackrules.ServiceENIStringTargetPort, "spec.ports[0].targetPort"),
		ackCase("ENI on shared spec", checkstest.Objs(ackSvc(m(eni, "eni", "spec", "slb.s0.share"))), checkstest.Objs(ackSvc(s1)),
			ackrules.ServiceENISharedSpec, a("spec")),
		{Name: "ENI on Flannel DaemonSet",
			Bad:   checkstest.Objs(ackSvc(s1), checkstest.FxNode("n1"), checkstest.FxPod("web-1", "n1", true), checkstest.FxDaemonSet("kube-flannel-ds", "flannel:v0.15")),
			Fixed: checkstest.Objs(ackSvc(s1), checkstest.FxNode("n1"), checkstest.FxPod("web-1", "n1", true), checkstest.FxDaemonSet("terway-eniip", "terway:v1.9")),
			Want:  ackrules.ServiceENIFlannel, Path: checks.AnnPath(ackann.BackendType)},
		{Name: "ENI on Flannel pods", Bad: checkstest.Objs(ackSvc(s1), checkstest.FxNode("n1"), checkstest.FxPod("web-1", "n1", true), func() runtime.Object {
			p := checkstest.FxPod("kube-flannel-x", "n1", true)
			p.Namespace, p.Labels = "kube-system", map[string]string{"app": "flannel"}
			return p
		}(), checkstest.FxDaemonSet("kube-proxy", "kube-proxy:v1.30")),
			Fixed: checkstest.Objs(ackSvc(s1), checkstest.FxNode("n1"), checkstest.FxPod("web-1", "n1", true), checkstest.FxDaemonSet("terway", "terway:v1.9")),
			Want:  ackrules.ServiceENIFlannel, Path: checks.AnnPath(ackann.BackendType)},
		{Name: "backend quota in Cluster mode",
			Bad:   append(checkstest.Objs(ackSvc(nil), checkstest.FxPod("web-1", "w000", true)), manyNodes(201)...),
			Fixed: append(checkstest.Objs(ackSvc(m("backend-label", "pool=lb")), checkstest.FxPod("web-1", "w000", true), checkstest.FxNode("lb1", checkstest.NodeLabel("pool", "lb"))), manyNodes(201)...),
			Want:  ackrules.ServiceBackendQuota, Path: "spec.externalTrafficPolicy"},
		ackCase("no ready pod: a consequence of no-endpoints", checkstest.Objs(ackSvc(nil), checkstest.FxPod("web-1", "n1", false), checkstest.FxPod("web-2", "n2", false)), checkstest.Objs(ackSvc(nil)),
			ackrules.ServiceNoAvailableNodes, "spec.selector").ConsequenceOf(rules.GenericServiceNoEndpoints),
		ackCase("Local pods only on master", checkstest.Objs(ackSvc(m("scheduler", "wrr"), checkstest.ETPLocal), checkstest.FxNode("n1", checkstest.NodeLabel("node-role.kubernetes.io/master", "")),
			checkstest.FxPod("web-2", "n1", true)), checkstest.Objs(ackSvc(m("scheduler", "wrr"), checkstest.ETPLocal)),
			ackrules.ServiceNoAvailableNodes, "spec.selector"),
		ackCase("backend-label filters every node", checkstest.Objs(ackSvc(m("backend-label", "pool=none"))), checkstest.Objs(ackSvc(nil)),
			ackrules.ServiceNoAvailableNodes, a("backend-label")),
		ackCase("HTTPS listener to 443", checkstest.Objs(ackSvc(m("protocol-port", "https:443", "cert-id", "123_abc"), addPort("https", 443, intstr.FromInt32(443)))),
			checkstest.Objs(ackSvc(m("protocol-port", "https:443", "cert-id", "123_abc"), addPort("https", 443, intstr.FromInt32(8080)))),
			ackrules.ServiceHTTPSToHTTPSBackend, "spec.ports[1].targetPort"),
		ackCase("HTTPS listener to container port named https", checkstest.Objs(ackSvc(m("protocol-port", "https:443", "cert-id", "123_abc"), addPort("https", 443, intstr.FromInt32(8443))),
			checkstest.FxPod("web-1", "n1", true, httpsPod)),
			checkstest.Objs(ackSvc(m("protocol-port", "https:443", "cert-id", "123_abc"), addPort("https", 443, intstr.FromInt32(8080)))),
			ackrules.ServiceHTTPSToHTTPSBackend, "spec.ports[1].targetPort"),
		ackCase("reuse a CCM-created CLB", checkstest.Objs(ackSvc(reuse), otherSvc(nil)), checkstest.Objs(ackSvc(reuse), otherSvc(m("id", "lb-bp1o94dp5i6earr9g6d1l"))),
			ackrules.ServiceReuseCCMLB, a("id")),
		ackCase("intranet type on public CLB", checkstest.Objs(ackSvc(m("address-type", "intranet"))), checkstest.Objs(ackSvc(m("address-type", "intranet"), statusIP("192.168.3.4"))),
			ackrules.ServiceAddressTypeImmutable, a("address-type")),
		// Without evidence of a change the resource group finding is only a reminder, under its own rule.
		ackCase("resource group on existing CLB", checkstest.Objs(ackSvc(m("resource-group-id", "rg-acfmz7u4zzfsabc"))),
			checkstest.Objs(ackSvc(m("resource-group-id", "rg-acfmz7u4zzfsabc"), func(s *corev1.Service) { s.Status = corev1.ServiceStatus{} })),
			ackrules.ServiceResourceGroupFixed, a("resource-group-id")).Severity(rules.Info),
		ackCase("rolling update without drain or probes", checkstest.Objs(ackSvc(nil), checkstest.FxPod("web-1", "n1", true, drainOff)),
			checkstest.Objs(ackSvc(m("connection-drain", "on", "connection-drain-timeout", "30")), checkstest.FxPod("web-1", "n1", true, drainOff)),
			ackrules.ServiceRollingUpdate503, a("connection-drain")),
		ackCase("grace period shorter than preStop + 30s", checkstest.Objs(ackSvc(nil), checkstest.FxPod("web-1", "n1", true, func(p *corev1.Pod) {
			p.Spec.Containers[0].Lifecycle.PreStop.Exec.Command = []string{"/bin/sh", "-c", "sleep 45"}
		})), checkstest.Objs(ackSvc(nil)), ackrules.ServiceRollingUpdate503, a("connection-drain")),
		ackCase("Local without weighted scheduler", checkstest.Objs(ackSvc(nil, checkstest.ETPLocal)), checkstest.Objs(ackSvc(m("scheduler", "wrr"), checkstest.ETPLocal)),
			ackrules.ServiceUnevenLoad, a("scheduler")),
		ackCase("nodePort in ip_local_port_range", checkstest.Objs(ackSvc(nil, func(s *corev1.Service) { s.Spec.Ports[0].NodePort = 32768 })),
			checkstest.Objs(ackSvc(nil, func(s *corev1.Service) { s.Spec.Ports[0].NodePort = 32767 })),
			ackrules.ServiceNodePortLocalPortRange, "spec.ports[0].nodePort"),
		ackCase("old CCM Deployment", checkstest.Objs(ackSvc(nil), checkstest.FxDeployment("cloud-controller-manager", "registry/acs/cloud-controller-manager-amd64:v1.9.3.164-g2105d2e-aliyun")),
			checkstest.Objs(ackSvc(nil), checkstest.FxDeployment("cloud-controller-manager", "registry/acs/cloud-controller-manager-amd64:"+ackEventsCCM)),
			ackrules.ServiceOldCCMNoEvents, ccmImagePath),
		{Name: "old CCM DaemonSet",
			Bad:   checkstest.Objs(ackSvc(nil), checkstest.FxNode("n1"), checkstest.FxPod("web-1", "n1", true), checkstest.FxDaemonSet("cloud-controller-manager", "cloud-controller-manager:v1.9.3.59-ge3bc999-aliyun")),
			Fixed: checkstest.Objs(ackSvc(nil), checkstest.FxNode("n1"), checkstest.FxPod("web-1", "n1", true), checkstest.FxDaemonSet("cloud-controller-manager", "cloud-controller-manager:v2.1.0")),
			Want:  ackrules.ServiceOldCCMNoEvents, Path: "kube-system/daemonset/cloud-controller-manager.spec.template.spec.containers[0].image"},
		ackCase("reuse on a CCM older than v1.9.3.105", checkstest.Objs(ackSvc(reuse), checkstest.FxDeployment("cloud-controller-manager", "registry/acs/cloud-controller-manager-amd64:v1.9.3.59-ge3bc999-aliyun")),
			checkstest.Objs(ackSvc(reuse), checkstest.FxDeployment("cloud-controller-manager", "registry/acs/cloud-controller-manager-amd64:"+ackReuseCCM)),
			ackrules.ServiceReuseOldCCM, ccmImagePath),
		// The id was added after a kubectl apply without it, to the CLB CCM bound (and so created).
		ackCase("id added to the CCM-created CLB", checkstest.Objs(ackSvc(reuse, ccmLabel(lbID), lastApplied(m(ackann.Prefix+"scheduler", "wrr")))),
			checkstest.Objs(ackSvc(reuse, ccmLabel(lbID), lastApplied(m(ackann.Prefix+"id", lbID, ackann.Prefix+"force-override-listeners", "true")))),
			ackrules.ServiceOrphanOnDelete, a("id")),
		ackCase("id added to the CCM-created CLB, legacy key applied", checkstest.Objs(ackSvc(reuse, ccmLabel(lbID), lastApplied(nil))),
			checkstest.Objs(ackSvc(reuse, ccmLabel(lbID), lastApplied(m(ackann.LegacyPrefix+"id", lbID)))),
			ackrules.ServiceOrphanOnDelete, a("id")),
		// Without an apply record nothing tells when the annotation came: no finding.
		ackCase("id on a Service without apply record", checkstest.Objs(ackSvc(reuse, ccmLabel(lbID), lastApplied(nil))),
			checkstest.Objs(ackSvc(reuse, ccmLabel(lbID))), ackrules.ServiceOrphanOnDelete, a("id")),
		ackCase("reused intranet CLB by address", checkstest.Objs(ackSvc(reuse, statusIP("192.168.0.50"))),
			checkstest.Objs(ackSvc(reuseWith("protocol-port", "http:80"), statusIP("192.168.0.50"))), // layer 7
			ackrules.ServiceIntranetLBLoopback, a("id")),
		ackCase("reused intranet CLB by annotation", checkstest.Objs(ackSvc(reuseWith("address-type", "intranet"), func(s *corev1.Service) { s.Status = corev1.ServiceStatus{} })),
			checkstest.Objs(ackSvc(reuseWith("address-type", "intranet"))), // the known address is public
			ackrules.ServiceIntranetLBLoopback, a("id")),
		{Name: "CLB annotations on a NodePort Service", Bad: checkstest.WithObjs(ackHealthy(), checkstest.Objs(checkstest.Service("web", nodePort, checkstest.SvcAnn(ackann.Prefix+"scheduler", "wrr")))),
			Fixed: checkstest.WithObjs(ackHealthy(), checkstest.Objs(ackSvc(m("scheduler", "wrr")))),
			Want:  ackrules.ServiceListenerOnNodePort, Path: "spec.type"},
		{Name: "legacy CLB annotation on a ClusterIP Service", Bad: checkstest.WithObjs(ackHealthy(), checkstest.Objs(checkstest.Service("web", clusterIP, checkstest.SvcAnn(ackann.LegacyPrefix+"address-type", "intranet")))),
			Fixed: checkstest.WithObjs(ackHealthy(), checkstest.Objs(checkstest.Service("web", clusterIP, checkstest.SvcAnn(ackann.BackendType, "eni")))),
			Want:  ackrules.ServiceListenerOnNodePort, Path: "spec.type"},
		checkstest.SvcCase{Name: "LoadBalancer retyped to NodePort", Bad: checkstest.WithObjs(ackHealthy(), checkstest.Objs(checkstest.Service("web", nodePort, ccmLabel(lbID)))),
			Fixed: checkstest.WithObjs(ackHealthy(), checkstest.Objs(checkstest.Service("web", nodePort))),
			Want:  ackrules.ServiceTypeChangeDeletesLB, Path: "metadata.labels[" + ackann.LabelLBID + "]"}.Severity(rules.Info),
		// A reused CLB is kept when the type changes.
		{Name: "reused CLB retyped to NodePort", Bad: checkstest.WithObjs(ackHealthy(), checkstest.Objs(checkstest.Service("web", nodePort, ccmLabel(lbID)))),
			Fixed: checkstest.WithObjs(ackHealthy(), checkstest.Objs(checkstest.Service("web", nodePort, ccmLabel(lbID), checkstest.SvcAnn(ackann.Prefix+"id", lbID)))),
			Want:  ackrules.ServiceTypeChangeDeletesLB, Path: "metadata.labels[" + ackann.LabelLBID + "]"},
	}...)
	runServiceCases(t, ackrules.Provider, cases)
}

func TestACKResourceGroupChangedSinceApply(t *testing.T) {
	svc := ackSvc(m("resource-group-id", "rg-newgroup12345"))
	svc.Annotations["kubectl.kubernetes.io/last-applied-configuration"] =
		`{"metadata":{"annotations":{"` + ackann.Prefix + `resource-group-id":"rg-oldgroup12345"}}}`
	res := diagnose(t, checkstest.Fixture(t, checkstest.WithObjs(ackHealthy(), checkstest.Objs(svc))...), snapshot.KindService, "web", ackrules.Provider)
	for _, f := range res.Findings {
		if f.Rule == ackrules.ServiceResourceGroupImmutable && f.EffectiveSeverity() == rules.Error && f.Change != nil {
			return
		}
	}
	t.Errorf("want the change model's error %s, got %v", ackrules.ServiceResourceGroupImmutable, checkstest.ByRule(res))
}

func TestACKValidIsClean(t *testing.T) {
	svc := ackSvc(m("scheduler", "wrr", "connection-drain", "on", "connection-drain-timeout", "30", "health-check-interval", "5",
		"protocol-port", "https:443,http:80", "cert-id", "1231579085529123_166d1a6d7e3"), addPort("https", 443, intstr.FromInt32(8080)))
	res := diagnose(t, checkstest.Fixture(t, checkstest.WithObjs(ackHealthy(), checkstest.Objs(svc))...), snapshot.KindService, "web", ackrules.Provider)
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
	s, err := snapshot.FromFiles(nil, nil, checkstest.NS)
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
	skipped := checkstest.SkippedChecks(res)
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
	res := diagnose(t, checkstest.Fixture(t, ackSvc(m(ackann.BackendType, "eni", "spec", "slb.s1.small")), checkstest.FxNode("n1"), checkstest.FxPod("web-1", "n1", true)),
		snapshot.KindService, "web", ackrules.Provider)
	skipped := checkstest.SkippedChecks(res)
	if !skipped["ack-eni"] || !skipped["ack-ccm-version"] {
		t.Errorf("want ack-eni and ack-ccm-version skipped, got %+v", res.Skipped)
	}
	if got := checkstest.ByRule(res); len(got[ackrules.ServiceENIFlannel])+len(got[ackrules.ServiceOldCCMNoEvents]) > 0 {
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
			res := diagnose(t, checkstest.Fixture(t, checkstest.WithObjs(ackHealthy(), checkstest.Objs(tt.svc))...), snapshot.KindService, "web", ackrules.Provider)
			var got []checks.Finding
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
