package ackchecks

import (
	"fmt"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
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
		out = append(out, FxNode(fmt.Sprintf("w%03d", i), mods...))
	}
	return out
}

func TestACKServiceChecks(t *testing.T) {
	eni := ackann.BackendType
	s1 := Anns(eni, "eni", "spec", "slb.s1.small")
	drainOff := func(p *corev1.Pod) { p.Spec.Containers[0].ReadinessProbe = nil }
	httpsPod := func(p *corev1.Pod) {
		p.Spec.Containers[0].Ports = []corev1.ContainerPort{{Name: "https", ContainerPort: 8443}}
	}
	otherSvc := func(ann map[string]string) *corev1.Service {
		s := Service("other", corev1.ServiceTypeLoadBalancer)
		s.Labels = map[string]string{ackann.LabelLBID: "lb-bp1o94dp5i6earr9g6d1l"}
		for k, v := range ann {
			s.Annotations[ackann.Prefix+k] = v
		}
		return s
	}
	const lbID = "lb-bp1o94dp5i6earr9g6d1l"
	reuse := Anns("id", lbID, "force-override-listeners", "true")
	// reuseWith is reuse plus more suffix/value pairs.
	reuseWith := func(kv ...string) map[string]string {
		return Anns(append([]string{"id", lbID, "force-override-listeners", "true"}, kv...)...)
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
	var cases []SvcCase
	for _, v := range values {
		key := v.key
		if !strings.Contains(key, "/") {
			key = ackann.Prefix + key
		}
		cases = append(cases, ACKCase(v.key+"="+v.bad, Objs(ACKSvc(Anns(key, v.bad))), Objs(ACKSvc(Anns(key, v.good))),
			ackrules.ServiceInvalidAnnotation, checks.AnnPath(key)))
	}
	cases = append(cases, []SvcCase{
		ACKCase("backend-type value", Objs(ACKSvc(Anns(eni, "ENI", "spec", "slb.s1.small"))), Objs(ACKSvc(s1)),
			ackrules.ServiceIgnoredAnnotationValue, checks.AnnPath(ackann.BackendType)),
		ACKCase("vswitch id format", Objs(ACKSvc(Anns("address-type", "intranet", "vswitch-id", "vs-123"))),
			Objs(ACKSvc(Anns("address-type", "intranet", "vswitch-id", "vsw-bp15c2q7jvz9n0abcdefg"), statusIP("192.168.0.10"))),
			ackrules.ServiceInvalidAnnotation, ACKPath("vswitch-id")),
		ACKCase("misspelt suffix", Objs(ACKSvc(Anns("health-check-intreval", "5"))), Objs(ACKSvc(Anns("health-check-interval", "5"))),
			ackrules.ServiceUnknownAnnotation, ACKPath("health-check-intreval")),
		ACKCase("misspelt prefix", Objs(ACKSvc(Anns("service.beta.kubernetes.io/alibaba-cloud-loadbalance-scheduler", "wrr"))), Objs(ACKSvc(Anns("scheduler", "wrr"))),
			ackrules.ServiceUnknownAnnotation, checks.AnnPath("service.beta.kubernetes.io/alibaba-cloud-loadbalance-scheduler")),
		ACKCase("legacy and current keys disagree", Objs(ACKSvc(Anns("scheduler", "wrr", ackann.LegacyPrefix+"scheduler", "rr"))),
			Objs(ACKSvc(Anns("scheduler", "wrr", ackann.LegacyPrefix+"scheduler", "wrr"))),
			ackrules.ServiceLegacyAnnotationConflict, checks.AnnPath(ackann.LegacyPrefix+"scheduler")),
		ACKCase("sticky session without type", Objs(ACKSvc(Anns("sticky-session", "on"))),
			Objs(ACKSvc(Anns("sticky-session", "on", "sticky-session-type", "insert", "cookie-timeout", "1800"))),
			ackrules.ServiceAnnotationDependency, ACKPath("sticky-session")),
		ACKCase("insert without cookie-timeout", Objs(ACKSvc(Anns("sticky-session", "on", "sticky-session-type", "insert"))),
			Objs(ACKSvc(Anns("sticky-session", "on", "sticky-session-type", "insert", "cookie-timeout", "1800"))),
			ackrules.ServiceAnnotationDependency, ACKPath("sticky-session-type")),
		ACKCase("server without cookie", Objs(ACKSvc(Anns("sticky-session", "on", "sticky-session-type", "server"))),
			Objs(ACKSvc(Anns("sticky-session", "on", "sticky-session-type", "server", "cookie", "SESSION"))),
			ackrules.ServiceAnnotationDependency, ACKPath("sticky-session-type")),
		ACKCase("acl on without id", Objs(ACKSvc(Anns("acl-status", "on", "acl-type", "white"))),
			Objs(ACKSvc(Anns("acl-status", "on", "acl-type", "white", "acl-id", "acl-bp1l0kk4gxce43g1abcde"))),
			ackrules.ServiceAnnotationDependency, ACKPath("acl-status")),
		ACKCase("acl id and type without acl-status: never enforced", Objs(ACKSvc(Anns("acl-type", "white", "acl-id", "acl-bp1l0kk4gxce43g1abcde"))),
			Objs(ACKSvc(Anns("acl-status", "on", "acl-type", "white", "acl-id", "acl-bp1l0kk4gxce43g1abcde"))),
			ackrules.ServiceAnnotationDependency, ACKPath("acl-id")),
		ACKCase("acl type alone, acl-status off on purpose", Objs(ACKSvc(Anns("acl-type", "black"))),
			Objs(ACKSvc(Anns("acl-status", "off", "acl-type", "black"))),
			ackrules.ServiceAnnotationDependency, ACKPath("acl-type")),
		ACKCase("drain timeout without connection-drain", Objs(ACKSvc(Anns("connection-drain-timeout", "30"))),
			Objs(ACKSvc(Anns("connection-drain", "on", "connection-drain-timeout", "30"))),
			ackrules.ServiceAnnotationDependency, ACKPath("connection-drain-timeout")),
		ACKCase("vswitch on internet CLB", Objs(ACKSvc(Anns("vswitch-id", "vsw-bp15c2q7jvz9n0abcdefg"))),
			Objs(ACKSvc(Anns("vswitch-id", "vsw-bp15c2q7jvz9n0abcdefg", "address-type", "intranet"), statusIP("192.168.0.10"))),
			ackrules.ServiceAnnotationDependency, ACKPath("vswitch-id")),
		ACKCase("https without certificate", Objs(ACKSvc(Anns("protocol-port", "https:80"))),
			Objs(ACKSvc(Anns("protocol-port", "https:80", "cert-id", "1231579085529123_166d1a6d7e3"))),
			ackrules.ServiceAnnotationDependency, ACKPath("protocol-port")),
		ACKCase("spec on PayByCLCU (seed 003)", Objs(ACKSvc(Anns("instance-charge-type", "PayByCLCU", "spec", "slb.s1.small"))),
			Objs(ACKSvc(Anns("instance-charge-type", "PayByCLCU"))), ackrules.ServiceCLCUSpec, ACKPath("spec")),
		ACKCase("reuse without override", Objs(ACKSvc(Anns("id", "lb-bp1o94dp5i6earr9g6d1l"))), Objs(ACKSvc(reuse)),
			ackrules.ServiceReuseWithoutOverride, ACKPath("id")),
		ACKCase("ENI with named targetPort", Objs(ACKSvc(s1, TargetPort(0, intstr.FromString("http"))), FxDeployment(ackCCMName, OldNamedPortCCM)),
			Objs(ACKSvc(s1), FxDeployment(ackCCMName, OldNamedPortCCM)),
			ackrules.ServiceENIStringTargetPort, "spec.ports[0].targetPort"),
		ACKCase("ENI on shared spec", Objs(ACKSvc(Anns(eni, "eni", "spec", "slb.s0.share"))), Objs(ACKSvc(s1)),
			ackrules.ServiceENISharedSpec, ACKPath("spec")),
		{Name: "ENI on Flannel DaemonSet",
			Bad:   Objs(ACKSvc(s1), FxNode("n1"), FxPod("web-1", "n1", true), FxDaemonSet("kube-flannel-ds", "flannel:v0.15")),
			Fixed: Objs(ACKSvc(s1), FxNode("n1"), FxPod("web-1", "n1", true), FxDaemonSet("terway-eniip", "terway:v1.9")),
			Want:  ackrules.ServiceENIFlannel, Path: checks.AnnPath(ackann.BackendType)},
		{Name: "ENI on Flannel pods", Bad: Objs(ACKSvc(s1), FxNode("n1"), FxPod("web-1", "n1", true), func() runtime.Object {
			p := FxPod("kube-flannel-x", "n1", true)
			p.Namespace, p.Labels = "kube-system", map[string]string{"app": "flannel"}
			return p
		}(), FxDaemonSet("kube-proxy", "kube-proxy:v1.30")),
			Fixed: Objs(ACKSvc(s1), FxNode("n1"), FxPod("web-1", "n1", true), FxDaemonSet("terway", "terway:v1.9")),
			Want:  ackrules.ServiceENIFlannel, Path: checks.AnnPath(ackann.BackendType)},
		{Name: "backend quota in Cluster mode",
			Bad:   append(Objs(ACKSvc(nil), FxPod("web-1", "w000", true)), manyNodes(201)...),
			Fixed: append(Objs(ACKSvc(Anns("backend-label", "pool=lb")), FxPod("web-1", "w000", true), FxNode("lb1", NodeLabel("pool", "lb"))), manyNodes(201)...),
			Want:  ackrules.ServiceBackendQuota, Path: "spec.externalTrafficPolicy"},
		ACKCase("no ready pod: a consequence of no-endpoints", Objs(ACKSvc(nil), FxPod("web-1", "n1", false), FxPod("web-2", "n2", false)), Objs(ACKSvc(nil)),
			ackrules.ServiceNoAvailableNodes, "spec.selector").ConsequenceOf(rules.GenericServiceNoEndpoints),
		ACKCase("Local pods only on master", Objs(ACKSvc(Anns("scheduler", "wrr"), ETPLocal), FxNode("n1", NodeLabel("node-role.kubernetes.io/master", "")),
			FxPod("web-2", "n1", true)), Objs(ACKSvc(Anns("scheduler", "wrr"), ETPLocal)),
			ackrules.ServiceNoAvailableNodes, "spec.selector"),
		ACKCase("backend-label filters every node", Objs(ACKSvc(Anns("backend-label", "pool=none"))), Objs(ACKSvc(nil)),
			ackrules.ServiceNoAvailableNodes, ACKPath("backend-label")),
		ACKCase("HTTPS listener to 443", Objs(ACKSvc(Anns("protocol-port", "https:443", "cert-id", "123_abc"), AddPort("https", 443, intstr.FromInt32(443)))),
			Objs(ACKSvc(Anns("protocol-port", "https:443", "cert-id", "123_abc"), AddPort("https", 443, intstr.FromInt32(8080)))),
			ackrules.ServiceHTTPSToHTTPSBackend, "spec.ports[1].targetPort"),
		ACKCase("HTTPS listener to container port named https", Objs(ACKSvc(Anns("protocol-port", "https:443", "cert-id", "123_abc"), AddPort("https", 443, intstr.FromInt32(8443))),
			FxPod("web-1", "n1", true, httpsPod)),
			Objs(ACKSvc(Anns("protocol-port", "https:443", "cert-id", "123_abc"), AddPort("https", 443, intstr.FromInt32(8080)))),
			ackrules.ServiceHTTPSToHTTPSBackend, "spec.ports[1].targetPort"),
		ACKCase("reuse a CCM-created CLB", Objs(ACKSvc(reuse), otherSvc(nil)), Objs(ACKSvc(reuse), otherSvc(Anns("id", "lb-bp1o94dp5i6earr9g6d1l"))),
			ackrules.ServiceReuseCCMLB, ACKPath("id")),
		ACKCase("intranet type on public CLB", Objs(ACKSvc(Anns("address-type", "intranet"))), Objs(ACKSvc(Anns("address-type", "intranet"), statusIP("192.168.3.4"))),
			ackrules.ServiceAddressTypeImmutable, ACKPath("address-type")),
		// Without evidence of a change the resource group finding is only a reminder, under its own rule.
		ACKCase("resource group on existing CLB", Objs(ACKSvc(Anns("resource-group-id", "rg-acfmz7u4zzfsabc"))),
			Objs(ACKSvc(Anns("resource-group-id", "rg-acfmz7u4zzfsabc"), func(s *corev1.Service) { s.Status = corev1.ServiceStatus{} })),
			ackrules.ServiceResourceGroupFixed, ACKPath("resource-group-id")).Severity(rules.Info),
		ACKCase("rolling update without drain or probes", Objs(ACKSvc(nil), FxPod("web-1", "n1", true, drainOff)),
			Objs(ACKSvc(Anns("connection-drain", "on", "connection-drain-timeout", "30")), FxPod("web-1", "n1", true, drainOff)),
			ackrules.ServiceRollingUpdate503, ACKPath("connection-drain")),
		ACKCase("grace period shorter than preStop + 30s", Objs(ACKSvc(nil), FxPod("web-1", "n1", true, func(p *corev1.Pod) {
			p.Spec.Containers[0].Lifecycle.PreStop.Exec.Command = []string{"/bin/sh", "-c", "sleep 45"}
		})), Objs(ACKSvc(nil)), ackrules.ServiceRollingUpdate503, ACKPath("connection-drain")),
		ACKCase("Local without weighted scheduler", Objs(ACKSvc(nil, ETPLocal)), Objs(ACKSvc(Anns("scheduler", "wrr"), ETPLocal)),
			ackrules.ServiceUnevenLoad, ACKPath("scheduler")),
		ACKCase("Local without weighted scheduler on a reused CLB whose listeners are the user's",
			Objs(ACKSvc(Anns("id", lbID, "force-override-listeners", "true"), ETPLocal)), Objs(ACKSvc(Anns("id", lbID), ETPLocal)),
			ackrules.ServiceUnevenLoad, ACKPath("scheduler")),
		ACKCase("nodePort in ip_local_port_range", Objs(ACKSvc(nil, func(s *corev1.Service) { s.Spec.Ports[0].NodePort = 32768 })),
			Objs(ACKSvc(nil, func(s *corev1.Service) { s.Spec.Ports[0].NodePort = 32767 })),
			ackrules.ServiceNodePortLocalPortRange, "spec.ports[0].nodePort"),
		ACKCase("old CCM Deployment", Objs(ACKSvc(nil), FxDeployment("cloud-controller-manager", "registry/acs/cloud-controller-manager-amd64:v1.9.3.164-g2105d2e-aliyun")),
			Objs(ACKSvc(nil), FxDeployment("cloud-controller-manager", "registry/acs/cloud-controller-manager-amd64:"+ackEventsCCM)),
			ackrules.ServiceOldCCMNoEvents, ccmImagePath),
		{Name: "old CCM DaemonSet",
			Bad:   Objs(ACKSvc(nil), FxNode("n1"), FxPod("web-1", "n1", true), FxDaemonSet("cloud-controller-manager", "cloud-controller-manager:v1.9.3.59-ge3bc999-aliyun")),
			Fixed: Objs(ACKSvc(nil), FxNode("n1"), FxPod("web-1", "n1", true), FxDaemonSet("cloud-controller-manager", "cloud-controller-manager:v2.1.0")),
			Want:  ackrules.ServiceOldCCMNoEvents, Path: "kube-system/daemonset/cloud-controller-manager.spec.template.spec.containers[0].image"},
		ACKCase("reuse on a CCM older than v1.9.3.105", Objs(ACKSvc(reuse), FxDeployment("cloud-controller-manager", "registry/acs/cloud-controller-manager-amd64:v1.9.3.59-ge3bc999-aliyun")),
			Objs(ACKSvc(reuse), FxDeployment("cloud-controller-manager", "registry/acs/cloud-controller-manager-amd64:"+ackReuseCCM)),
			ackrules.ServiceReuseOldCCM, ccmImagePath),
		// The id was added after a kubectl apply without it, to the CLB CCM bound (and so created).
		ACKCase("id added to the CCM-created CLB", Objs(ACKSvc(reuse, CCMLabel(lbID), LastApplied(Anns(ackann.Prefix+"scheduler", "wrr")))),
			Objs(ACKSvc(reuse, CCMLabel(lbID), LastApplied(Anns(ackann.Prefix+"id", lbID, ackann.Prefix+"force-override-listeners", "true")))),
			ackrules.ServiceOrphanOnDelete, ACKPath("id")),
		ACKCase("id added to the CCM-created CLB, legacy key applied", Objs(ACKSvc(reuse, CCMLabel(lbID), LastApplied(nil))),
			Objs(ACKSvc(reuse, CCMLabel(lbID), LastApplied(Anns(ackann.LegacyPrefix+"id", lbID)))),
			ackrules.ServiceOrphanOnDelete, ACKPath("id")),
		// Without an apply record nothing tells when the annotation came: no finding.
		ACKCase("id on a Service without apply record", Objs(ACKSvc(reuse, CCMLabel(lbID), LastApplied(nil))),
			Objs(ACKSvc(reuse, CCMLabel(lbID))), ackrules.ServiceOrphanOnDelete, ACKPath("id")),
		ACKCase("reused intranet CLB by address", Objs(ACKSvc(reuse, statusIP("192.168.0.50"))),
			Objs(ACKSvc(reuseWith("protocol-port", "http:80"), statusIP("192.168.0.50"))), // layer 7
			ackrules.ServiceIntranetLBLoopback, ACKPath("id")),
		ACKCase("reused intranet CLB by annotation", Objs(ACKSvc(reuseWith("address-type", "intranet"), func(s *corev1.Service) { s.Status = corev1.ServiceStatus{} })),
			Objs(ACKSvc(reuseWith("address-type", "intranet"))), // the known address is public
			ackrules.ServiceIntranetLBLoopback, ACKPath("id")),
		{Name: "CLB annotations on a NodePort Service", Bad: WithObjs(ACKHealthy(), Objs(Service("web", nodePort, SvcAnn(ackann.Prefix+"scheduler", "wrr")))),
			Fixed: WithObjs(ACKHealthy(), Objs(ACKSvc(Anns("scheduler", "wrr")))),
			Want:  ackrules.ServiceListenerOnNodePort, Path: "spec.type"},
		{Name: "legacy CLB annotation on a ClusterIP Service", Bad: WithObjs(ACKHealthy(), Objs(Service("web", clusterIP, SvcAnn(ackann.LegacyPrefix+"address-type", "intranet")))),
			Fixed: WithObjs(ACKHealthy(), Objs(Service("web", clusterIP, SvcAnn(ackann.BackendType, "eni")))),
			Want:  ackrules.ServiceListenerOnNodePort, Path: "spec.type"},
		SvcCase{Name: "LoadBalancer retyped to NodePort", Bad: WithObjs(ACKHealthy(), Objs(Service("web", nodePort, CCMLabel(lbID)))),
			Fixed: WithObjs(ACKHealthy(), Objs(Service("web", nodePort))),
			Want:  ackrules.ServiceTypeChangeDeletesLB, Path: "metadata.labels[" + ackann.LabelLBID + "]"}.Severity(rules.Info),
		// A reused CLB is kept when the type changes.
		{Name: "reused CLB retyped to NodePort", Bad: WithObjs(ACKHealthy(), Objs(Service("web", nodePort, CCMLabel(lbID)))),
			Fixed: WithObjs(ACKHealthy(), Objs(Service("web", nodePort, CCMLabel(lbID), SvcAnn(ackann.Prefix+"id", lbID)))),
			Want:  ackrules.ServiceTypeChangeDeletesLB, Path: "metadata.labels[" + ackann.LabelLBID + "]"},
	}...)
	runServiceCases(t, ackrules.Provider, cases)
}

func TestACKResourceGroupChangedSinceApply(t *testing.T) {
	svc := ACKSvc(Anns("resource-group-id", "rg-newgroup12345"))
	svc.Annotations["kubectl.kubernetes.io/last-applied-configuration"] =
		`{"metadata":{"annotations":{"` + ackann.Prefix + `resource-group-id":"rg-oldgroup12345"}}}`
	res := diagnose(t, Fixture(t, WithObjs(ACKHealthy(), Objs(svc))...), snapshot.KindService, "web", ackrules.Provider)
	for _, f := range res.Findings {
		if f.Rule == ackrules.ServiceResourceGroupImmutable && f.EffectiveSeverity() == rules.Error && f.Change != nil {
			return
		}
	}
	t.Errorf("want the change model's error %s, got %v", ackrules.ServiceResourceGroupImmutable, ByRule(res))
}

func TestACKValidIsClean(t *testing.T) {
	svc := ACKSvc(Anns("scheduler", "wrr", "connection-drain", "on", "connection-drain-timeout", "30", "health-check-interval", "5",
		"protocol-port", "https:443,http:80", "cert-id", "1231579085529123_166d1a6d7e3"), AddPort("https", 443, intstr.FromInt32(8080)))
	res := diagnose(t, Fixture(t, WithObjs(ACKHealthy(), Objs(svc))...), snapshot.KindService, "web", ackrules.Provider)
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
	s, err := snapshot.FromFiles(nil, nil, NS)
	if err != nil {
		t.Fatal(err)
	}
	svc := ACKSvc(Anns(ackann.BackendType, "eni", "spec", "slb.s1.small", "id", "lb-bp1o94dp5i6earr9g6d1l", "force-override-listeners", "true",
		"protocol-port", "https:443", "cert-id", "123_abc"), AddPort("https", 443, intstr.FromInt32(8443)))
	if err := s.Add(svc); err != nil {
		t.Fatal(err)
	}
	res := diagnose(t, s, snapshot.KindService, "web", ackrules.Provider)
	for _, f := range res.Findings {
		if f.Source == "check" {
			t.Errorf("an unknown object became finding %s at %s: %s", f.Rule, f.Path, f.Message)
		}
	}
	skipped := SkippedChecks(res)
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
	res := diagnose(t, Fixture(t, ACKSvc(Anns(ackann.BackendType, "eni", "spec", "slb.s1.small")), FxNode("n1"), FxPod("web-1", "n1", true)),
		snapshot.KindService, "web", ackrules.Provider)
	skipped := SkippedChecks(res)
	if !skipped["ack-eni"] || !skipped["ack-ccm-version"] {
		t.Errorf("want ack-eni and ack-ccm-version skipped, got %+v", res.Skipped)
	}
	if got := ByRule(res); len(got[ackrules.ServiceENIFlannel])+len(got[ackrules.ServiceOldCCMNoEvents]) > 0 {
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
	clcuSpec := Anns("instance-charge-type", "PayByCLCU", "spec", "slb.s1.small")
	bound := statusIP("47.96.10.21")
	pending := func(s *corev1.Service) { s.Status = corev1.ServiceStatus{} }
	tests := []struct {
		name string
		svc  *corev1.Service
		path string
		sev  rules.Severity
		none bool
	}{
		{name: "created with both: spec ignored", svc: ACKSvc(clcuSpec, pending), path: ACKPath("spec"), sev: rules.Info},
		{name: "existing CLB, no apply record: no change shows", svc: ACKSvc(clcuSpec, bound), path: ACKPath("spec"), sev: rules.Info},
		{name: "existing CLB, same spec at the last apply", svc: ACKSvc(clcuSpec, bound, LastApplied(full("instance-charge-type", "PayByCLCU", "spec", "slb.s1.small"))),
			path: ACKPath("spec"), sev: rules.Info},
		{name: "existing CLB, spec added since the last apply", svc: ACKSvc(clcuSpec, bound, LastApplied(full("instance-charge-type", "PayByCLCU"))),
			path: ACKPath("spec"), sev: rules.Error},
		{name: "existing CLB, spec changed since the last apply", svc: ACKSvc(clcuSpec, bound, LastApplied(full("instance-charge-type", "PayByCLCU", "spec", "slb.s2.small"))),
			path: ACKPath("spec"), sev: rules.Error},
		{name: "pending Service, spec added since the last apply: created as PayByCLCU", svc: ACKSvc(clcuSpec, pending, LastApplied(full("instance-charge-type", "PayByCLCU"))),
			path: ACKPath("spec"), sev: rules.Info},
		{name: "existing CLB moved from PayByCLCU to PayBySpec", svc: ACKSvc(Anns("instance-charge-type", "PayBySpec", "spec", "slb.s1.small"), bound,
			LastApplied(full("instance-charge-type", "PayByCLCU"))), path: ACKPath("instance-charge-type"), sev: rules.Error},
		{name: "PayBySpec with a spec", svc: ACKSvc(Anns("instance-charge-type", "PayBySpec", "spec", "slb.s1.small"), bound), none: true},
		{name: "PayByCLCU without spec", svc: ACKSvc(Anns("instance-charge-type", "PayByCLCU"), bound), none: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := diagnose(t, Fixture(t, WithObjs(ACKHealthy(), Objs(tt.svc))...), snapshot.KindService, "web", ackrules.Provider)
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
