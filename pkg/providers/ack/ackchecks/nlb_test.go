package ackchecks

import (
	"testing"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

const testZoneMaps = "cn-hangzhou-i:vsw-bp1f3k8x2q9nyt0m5d4aa,cn-hangzhou-j:vsw-bp1g7r2m5k0cz3h8w1xbb"

// nlbClass makes the Service an ACK NLB Service.
func nlbClass(s *corev1.Service) { c := ackNLBClass; s.Spec.LoadBalancerClass = &c }

func noStatus(s *corev1.Service) { s.Status.LoadBalancer.Ingress = nil }

func udpPorts(s *corev1.Service) {
	for i := range s.Spec.Ports {
		s.Spec.Ports[i].Protocol = corev1.ProtocolUDP
	}
}

// TestACKNLBAnnotations: each NLB domain and dependency of the nlbv2 controller. A case with want
// set expects that rule at path; a case without expects no annotation finding (ack.service.
// invalid-annotation, annotation-dependency, ignored-annotation-value) at any path.
func TestACKNLBAnnotations(t *testing.T) {
	annRules := []rules.ID{ackrules.ServiceInvalidAnnotation, ackrules.ServiceAnnotationDependency, ackrules.ServiceIgnoredAnnotationValue}
	zm := "zone-maps"
	tests := []struct {
		name string
		ann  map[string]string
		mods []func(*corev1.Service)
		want rules.ID
		sev  rules.Severity
		path string
	}{
		// A reused NLB gets listeners only with force-override-listeners "true" (nlbv2/model_applier.go).
		{name: "reused NLB without override", ann: Anns("id", "nlb-wb7r6dlwetvt5jxxxx"),
			want: ackrules.ServiceReuseWithoutOverride, sev: rules.Warning, path: ACKPath("id")},
		// zone-maps (nlbv2/loadbalancer.go BuildLocalModel, parseZoneMappings)
		{name: "zone-maps two zones", ann: Anns(zm, testZoneMaps)},
		{name: "zone-maps with ipv4 and eip", ann: Anns(zm, "cn-hangzhou-i:vsw-bp1f3k8x2q9nyt0m5d4aa:192.168.0.10:eip-bp1xxxxxxxx")},
		{name: "zone-maps item without vswitch", ann: Anns(zm, "cn-hangzhou-i"), want: ackrules.ServiceInvalidAnnotation, sev: rules.Error, path: ACKPath(zm)},
		{name: "zone-maps with a space after the comma", ann: Anns(zm, "cn-hangzhou-i:vsw-bp1f3k8x2q9nyt0m5d4aa, cn-hangzhou-j:vsw-bp1g7r2m5k0cz3h8w1xbb"),
			want: ackrules.ServiceInvalidAnnotation, sev: rules.Error, path: ACKPath(zm)},
		{name: "vgroup-port id with a space on a reused NLB", ann: Anns("id", "nlb-wb7r6dlwetvt5jxxxx", "vgroup-port", "sgp-a:443, sgp-b:80"),
			want: ackrules.ServiceInvalidAnnotation, sev: rules.Error, path: ACKPath("vgroup-port")},
		{name: "zone-maps trailing comma", ann: Anns(zm, testZoneMaps+","), want: ackrules.ServiceInvalidAnnotation, sev: rules.Error, path: ACKPath(zm)},
		{name: "new NLB without zone-maps", ann: Anns(), mods: fns(noStatus), want: ackrules.ServiceAnnotationDependency, sev: rules.Error, path: ACKPath(zm)},
		{name: "new NLB with empty zone-maps", ann: Anns(zm, ""), mods: fns(noStatus), want: ackrules.ServiceAnnotationDependency, sev: rules.Error, path: ACKPath(zm)},
		{name: "provisioned NLB without zone-maps warns", ann: Anns(), want: ackrules.ServiceAnnotationDependency, sev: rules.Warning, path: ACKPath(zm)},
		{name: "reused NLB needs no zone-maps", ann: Anns("id", "nlb-wb7r6dlwetvt5jxxxx"), mods: fns(noStatus)},
		{name: "legacy zone-maps key", ann: Anns(ackann.LegacyPrefix+zm, testZoneMaps)},
		// cross-zone-enabled (model.ParseFlagType)
		{name: "cross-zone on", ann: Anns(zm, testZoneMaps, "cross-zone-enabled", "on")},
		{name: "cross-zone OFF any case", ann: Anns(zm, testZoneMaps, "cross-zone-enabled", "OFF")},
		{name: "cross-zone true", ann: Anns(zm, testZoneMaps, "cross-zone-enabled", "true"), want: ackrules.ServiceInvalidAnnotation, sev: rules.Error, path: ACKPath("cross-zone-enabled")},
		// address types and ip version (model/nlb GetAddressType, GetAddressIpVersion)
		{name: "address-type Intranet", ann: Anns(zm, testZoneMaps, "address-type", "Intranet")},
		{name: "address-type vpc", ann: Anns(zm, testZoneMaps, "address-type", "vpc"), want: ackrules.ServiceInvalidAnnotation, sev: rules.Error, path: ACKPath("address-type")},
		{name: "ip-version DualStack", ann: Anns(zm, testZoneMaps, "ip-version", "DualStack", "ipv6-address-type", "internet")},
		{name: "ip-version dualstack lower", ann: Anns(zm, testZoneMaps, "ip-version", "dualstack")},
		{name: "ip-version ipv6", ann: Anns(zm, testZoneMaps, "ip-version", "ipv6"), want: ackrules.ServiceInvalidAnnotation, sev: rules.Error, path: ACKPath("ip-version")},
		{name: "ipv6-address-type public", ann: Anns(zm, testZoneMaps, "ipv6-address-type", "public"), want: ackrules.ServiceInvalidAnnotation, sev: rules.Error, path: ACKPath("ipv6-address-type")},
		// server-group-type (server_groups.go setServerGroupAttributeFromAnno)
		{name: "server-group-type ip", ann: Anns(zm, testZoneMaps, "server-group-type", "ip")},
		{name: "server-group-type eni", ann: Anns(zm, testZoneMaps, "server-group-type", "eni"), want: ackrules.ServiceInvalidAnnotation, sev: rules.Error, path: ACKPath("server-group-type")},
		// integers (strconv.Atoi, no range in the controller)
		{name: "cps 100", ann: Anns(zm, testZoneMaps, "cps", "100")},
		{name: "cps ten", ann: Anns(zm, testZoneMaps, "cps", "ten"), want: ackrules.ServiceInvalidAnnotation, sev: rules.Error, path: ACKPath("cps")},
		{name: "idle-timeout 900 (above the CLB's 60)", ann: Anns(zm, testZoneMaps, "idle-timeout", "900")},
		{name: "idle-timeout 20s", ann: Anns(zm, testZoneMaps, "idle-timeout", "20s"), want: ackrules.ServiceInvalidAnnotation, sev: rules.Error, path: ACKPath("idle-timeout")},
		{name: "connection-drain-timeout 5 (below the CLB's 10)", ann: Anns(zm, testZoneMaps, "connection-drain", "on", "connection-drain-timeout", "5")},
		{name: "default-weight 101", ann: Anns(zm, testZoneMaps, "default-weight", "101"), want: ackrules.ServiceInvalidAnnotation, sev: rules.Error, path: ACKPath("default-weight")},
		// health check numbers are parsed only with the flag on
		{name: "health check http", ann: Anns(zm, testZoneMaps, "health-check-flag", "on", "health-check-type", "http", "health-check-uri", "/",
			"health-check-domain", "example.com", "healthy-threshold", "4", "unhealthy-threshold", "4", "health-check-connect-timeout", "12", "health-check-interval", "5")},
		{name: "health check UDP type", ann: Anns(zm, testZoneMaps, "health-check-flag", "on", "health-check-type", "UDP"), mods: fns(udpPorts)},
		{name: "health check bad interval, flag on", ann: Anns(zm, testZoneMaps, "health-check-flag", "On", "health-check-interval", "5s"),
			want: ackrules.ServiceInvalidAnnotation, sev: rules.Error, path: ACKPath("health-check-interval")},
		{name: "health check bad interval, flag off", ann: Anns(zm, testZoneMaps, "health-check-flag", "off", "health-check-interval", "5s")},
		// flags compared with "on": anything else is off
		{name: "proxy-protocol ON", ann: Anns(zm, testZoneMaps, "proxy-protocol", "ON")},
		{name: "proxy-protocol true", ann: Anns(zm, testZoneMaps, "proxy-protocol", "true"), want: ackrules.ServiceIgnoredAnnotationValue, sev: rules.Warning, path: ACKPath("proxy-protocol")},
		{name: "preserve-client-ip yes", ann: Anns(zm, testZoneMaps, "preserve-client-ip", "yes"), want: ackrules.ServiceIgnoredAnnotationValue, sev: rules.Warning, path: ACKPath("preserve-client-ip")},
		// protocol-port (listeners.go nlbListenerProtocol)
		{name: "protocol-port tcpssl with cert", ann: Anns(zm, testZoneMaps, "protocol-port", "tcpssl:80", "cert-id", "123-cn-hangzhou")},
		{name: "protocol-port https", ann: Anns(zm, testZoneMaps, "protocol-port", "https:80", "cert-id", "123-cn-hangzhou"),
			want: ackrules.ServiceInvalidAnnotation, sev: rules.Error, path: ACKPath("protocol-port")},
		{name: "protocol-port tcpssl without cert", ann: Anns(zm, testZoneMaps, "protocol-port", "TCPSSL:80"),
			want: ackrules.ServiceAnnotationDependency, sev: rules.Error, path: ACKPath("protocol-port")},
		// listener-port-range (listeners.go portRange, ENI only, checkListenersPortOverlap)
		{name: "port range with eni", ann: Anns(zm, testZoneMaps, ackann.BackendType, "eni", "listener-port-range", "80-400:80")},
		{name: "port range with ecs", ann: Anns(zm, testZoneMaps, ackann.BackendType, "ecs", "listener-port-range", "80-400:80"),
			want: ackrules.ServiceAnnotationDependency, sev: rules.Error, path: ACKPath("listener-port-range")},
		{name: "port range, backend type unknown", ann: Anns(zm, testZoneMaps, "listener-port-range", "80-400:80"),
			want: ackrules.ServiceAnnotationDependency, sev: rules.Warning, path: ACKPath("listener-port-range")},
		{name: "port range reversed", ann: Anns(zm, testZoneMaps, ackann.BackendType, "eni", "listener-port-range", "400-80:80"),
			want: ackrules.ServiceInvalidAnnotation, sev: rules.Error, path: ACKPath("listener-port-range")},
		{name: "port range overlaps a port", ann: Anns(zm, testZoneMaps, ackann.BackendType, "eni", "listener-port-range", "80-443:80"),
			mods: fns(AddPort("https", 443, intstr.FromInt32(8443))), want: ackrules.ServiceInvalidAnnotation, sev: rules.Error, path: ACKPath("listener-port-range")},
		{name: "port ranges of two protocols", ann: Anns(zm, testZoneMaps, ackann.BackendType, "eni", "listener-port-range", "80-443:80,50-100:443"),
			mods: fns(AddPort("https", 443, intstr.FromInt32(80)), func(s *corev1.Service) { s.Spec.Ports[1].Protocol = corev1.ProtocolUDP })},
		// reuse: vgroup-port and weight
		{name: "vgroup-port and weight on a reused NLB", ann: Anns("id", "nlb-wb7r6dlwetvt5jxxxx", "vgroup-port", "sgp-xxxxxxxx:80", "weight", "60")},
		{name: "vgroup-port without colon", ann: Anns("id", "nlb-wb7r6dlwetvt5jxxxx", "vgroup-port", "sgp-xxxxxxxx"),
			want: ackrules.ServiceInvalidAnnotation, sev: rules.Error, path: ACKPath("vgroup-port")},
		{name: "weight 120 on a reused NLB", ann: Anns("id", "nlb-wb7r6dlwetvt5jxxxx", "vgroup-port", "sgp-xxxxxxxx:80", "weight", "120"),
			want: ackrules.ServiceInvalidAnnotation, sev: rules.Error, path: ACKPath("weight")},
		{name: "CLB id on an NLB", ann: Anns("id", "lb-bp1o94dp5i6earr9g6d1l"), want: ackrules.ServiceInvalidAnnotation, sev: rules.Error, path: ACKPath("id")},
		{name: "source ranges on a reused NLB", ann: Anns("id", "nlb-wb7r6dlwetvt5jxxxx"),
			mods: fns(func(s *corev1.Service) { s.Spec.LoadBalancerSourceRanges = []string{"10.0.0.0/8"} }),
			want: ackrules.ServiceIgnoredAnnotationValue, sev: rules.Warning, path: "spec.loadBalancerSourceRanges"},
		// CLB-only keys and CLB domains do not apply
		{name: "CLB spec on an NLB", ann: Anns(zm, testZoneMaps, "spec", "slb.s1.small"), want: ackrules.ServiceIgnoredAnnotationValue, sev: rules.Warning, path: ACKPath("spec")},
		{name: "NLB scheduler Sch", ann: Anns(zm, testZoneMaps, "scheduler", "Sch")},
		{name: "NLB tls policy id", ann: Anns(zm, testZoneMaps, "tls-cipher-policy", "tls_cipher_policy_1_0")},
		{name: "override on a reused NLB", ann: Anns("id", "nlb-wb7r6dlwetvt5jxxxx", "force-override-listeners", "false")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svc := ACKSvc(tt.ann, append([]func(*corev1.Service){nlbClass}, tt.mods...)...)
			res := diagnose(t, Fixture(t, WithObjs(ACKHealthy(), Objs(svc))...), snapshot.KindService, "web", ackrules.Provider)
			if !tt.want.Known() {
				for _, f := range res.Findings {
					for _, r := range annRules {
						if f.Rule == r {
							t.Errorf("unexpected %s at %s: %s", f.Rule, f.Path, f.Message)
						}
					}
				}
				return
			}
			for _, f := range res.Findings {
				if f.Rule == tt.want && f.Path == tt.path {
					if f.EffectiveSeverity() != tt.sev {
						t.Errorf("%s at %s has severity %s, want %s", f.Rule, f.Path, f.EffectiveSeverity(), tt.sev)
					}
					return
				}
			}
			t.Errorf("want %s at %s; got %+v", tt.want, tt.path, res.Findings)
		})
	}
}

// TestACKNLBSkipsCLBChecks: CLB-only checks (backend quota, unweighted scheduler, PayByCLCU spec,
// address type fixed at creation) say nothing about an NLB Service.
func TestACKNLBSkipsCLBChecks(t *testing.T) {
	clbOnly := []rules.ID{ackrules.ServiceBackendQuota, ackrules.ServiceUnevenLoad, ackrules.ServiceCLCUSpec,
		ackrules.ServiceAddressTypeImmutable, ackrules.ServiceNodePortLocalPortRange}
	svc := ACKSvc(Anns("id", "nlb-wb7r6dlwetvt5jxxxx", "instance-charge-type", "PayByCLCU", "spec", "slb.s1.small", "address-type", "intranet"),
		nlbClass, func(s *corev1.Service) {
			s.Spec.ExternalTrafficPolicy = corev1.ServiceExternalTrafficPolicyLocal
			s.Spec.Ports[0].NodePort = 32770
		})
	res := diagnose(t, Fixture(t, WithObjs(ACKHealthy(), Objs(svc))...), snapshot.KindService, "web", ackrules.Provider)
	for _, f := range res.Findings {
		for _, r := range clbOnly {
			if f.Rule == r {
				t.Errorf("CLB-only %s on an NLB Service at %s", f.Rule, f.Path)
			}
		}
	}
}

// fns lists Service modifiers.
func fns(f ...func(*corev1.Service)) []func(*corev1.Service) { return f }
