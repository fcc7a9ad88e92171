package checks_test

import (
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// Cloud fixtures: a healthy world (cloudWorld) for the Service web and the Ingress bar of each
// provider (cloudObjects), which each cloud rule's emission changes in one way.
const (
	fxLB     = "lb-web00001"
	fxIP     = "203.0.113.10"
	fxSubnet = "subnet-web00001"
	fxCert   = "cert-web0001"
)

// fxReadAt is the time of the fixtures' cloud read.
var fxReadAt = time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)

// cloudTKEService is a TKE LoadBalancer Service bound to fxLB with an internal-CLB subnet.
func cloudTKEService() *corev1.Service {
	s := Service("web", corev1.ServiceTypeLoadBalancer, SvcAnn(tkeann.LoadBalanceID, fxLB), SvcAnn(tkeann.InternalSubnetID, fxSubnet))
	s.Status.LoadBalancer.Ingress = []corev1.LoadBalancerIngress{{IP: fxIP}}
	return s
}

// cloudTKEIngress is a TKE CLB Ingress bound to fxLB, with TLS for shop.example.com.
func cloudTKEIngress() *networkingv1.Ingress {
	ing := Ingress(IngAnn(tkeann.IngLBID, fxLB), IngTLS("tls", "shop.example.com"))
	ing.Status.LoadBalancer.Ingress = []networkingv1.IngressLoadBalancerIngress{{IP: fxIP}}
	return ing
}

// cloudACKService is an ACK Service bound to fxLB (CCM's label), HTTPS on 80 with fxCert, on a
// vSwitch.
func cloudACKService() *corev1.Service {
	s := ACKSvc(Anns("protocol-port", "https:80", "cert-id", fxCert, "vswitch-id", fxSubnet, "address-type", "intranet"))
	s.Labels = map[string]string{ackann.LabelLBID: fxLB}
	s.Status.LoadBalancer.Ingress = []corev1.LoadBalancerIngress{{IP: fxIP}}
	return s
}

func cloudObjects(p rules.Provider, k snapshot.Kind) func() []runtime.Object {
	return func() []runtime.Object {
		switch {
		case p == ackrules.Provider:
			return Objs(cloudACKService(), cloudNode("node-1", "cn-hangzhou.i-1", "10.0.0.1"), cloudNode("node-2", "cn-hangzhou.i-2", "10.0.0.2"))
		case k == snapshot.KindIngress:
			return Objs(cloudTKEIngress(), Service("web", corev1.ServiceTypeNodePort),
				cloudNode("node-1", "qcloud:///800002/ins-1", "10.0.0.1"), cloudNode("node-2", "qcloud:///800002/ins-2", "10.0.0.2"))
		}
		return Objs(cloudTKEService(), cloudNode("node-1", "qcloud:///800002/ins-1", "10.0.0.1"), cloudNode("node-2", "qcloud:///800002/ins-2", "10.0.0.2"))
	}
}

// cloudNode is a Ready worker node with a providerID and an InternalIP.
func cloudNode(name, providerID, ip string) *corev1.Node {
	n := node(name, providerID)
	n.TypeMeta = metav1.TypeMeta{APIVersion: "v1", Kind: "Node"}
	n.Status.Conditions = []corev1.NodeCondition{{Type: corev1.NodeReady, Status: corev1.ConditionTrue}}
	n.Status.Addresses = []corev1.NodeAddress{{Type: corev1.NodeInternalIP, Address: ip}}
	return n
}

// cloudWorld is a healthy cloud of provider p for the fixtures: fxLB active at fxIP, with the
// listeners the Service and the Ingress ask for, each with two healthy backends, a certificate
// valid for a year that covers shop.example.com, quotas far from their limits, and a subnet with
// free addresses.
func cloudWorld(p rules.Provider, k snapshot.Kind) *cloud.Facts {
	f := &cloud.Facts{Provider: string(p), Region: "ap-guangzhou", ReadAt: fxReadAt}
	hc := &cloud.HealthCheck{Enabled: true, Protocol: "TCP", Timeout: 2, Interval: 5, HealthyThreshold: 3, UnhealthyThreshold: 3}
	backends := func() []*cloud.Backend {
		return []*cloud.Backend{
			{Type: "CVM", InstanceID: "ins-1", IP: "10.0.0.1", Port: 30080, Weight: 10, Health: cloud.Healthy},
			{Type: "CVM", InstanceID: "ins-2", IP: "10.0.0.2", Port: 30080, Weight: 10, Health: cloud.Healthy},
		}
	}
	lb := &cloud.LoadBalancer{ID: fxLB, Product: "clb", Network: cloud.Internal, State: cloud.StateActive, Addresses: []string{fxIP}}
	switch {
	case p == ackrules.Provider:
		lb.Listeners = []*cloud.Listener{{ID: "lsn-80", Protocol: "HTTPS", Port: 80, HealthCheck: hc, Backends: backends(),
			CertificateIDs: []string{fxCert}, Description: "k8s/80/web/default/c1"}}
	case k == snapshot.KindIngress:
		lb.Listeners = []*cloud.Listener{
			{ID: "lsn-80", Protocol: "HTTP", Port: 80,
				Rules: []*cloud.Rule{{ID: "loc-80", Domain: "shop.example.com", URL: "/", HealthCheck: hc, Backends: backends()}}},
			{ID: "lsn-443", Protocol: "HTTPS", Port: 443, CertificateIDs: []string{fxCert},
				Rules: []*cloud.Rule{{ID: "loc-443", Domain: "shop.example.com", URL: "/", HealthCheck: hc, Backends: backends()}}},
		}
	default:
		lb.Listeners = []*cloud.Listener{{ID: "lsn-80", Protocol: "TCP", Port: 80, HealthCheck: hc, Backends: backends()}}
	}
	f.LoadBalancers.Put(fxLB, lb)
	f.Certificates.Put(fxCert, &cloud.Certificate{ID: fxCert, CommonName: "shop.example.com", SANs: []string{"*.example.com"},
		NotBefore: fxReadAt.AddDate(0, -1, 0), NotAfter: fxReadAt.AddDate(1, 0, 0)})
	f.Subnets.Put(fxSubnet, &cloud.Subnet{ID: fxSubnet, VpcID: "vpc-1", Zone: "ap-guangzhou-3", CIDR: "10.0.1.0/24", AvailableIPs: 200})
	f.Quotas.Put("listeners-per-lb/"+fxLB, &cloud.Quota{Name: "listeners-per-lb", VendorName: "TOTAL_LISTENER_QUOTA", Scope: fxLB, Used: 2, Limit: 50})
	return f
}

// lbOf is the fixture's load balancer.
func lbOf(f *cloud.Facts) *cloud.LoadBalancer {
	lb, _ := f.LoadBalancers.Get(fxLB)
	return lb
}

// backendsOf are the backends of the fixture's listener on port 80 (of its rule, on an Ingress's).
func backendsOf(f *cloud.Facts) *[]*cloud.Backend {
	l := ListenerOn(lbOf(f), 80)
	if len(l.Rules) > 0 {
		return &l.Rules[0].Backends
	}
	return &l.Backends
}

// listenerOf is the fixture's listener on port.
func listenerOf(f *cloud.Facts, port int32) *cloud.Listener { return ListenerOn(lbOf(f), port) }

// cloudChanges are, by cloud check, the changes of the healthy world that make each of its rules
// appear on a provider's fixture. Both providers share them: only the rule ids differ.
func cloudChanges(r rules.CloudRules, p rules.Provider) map[rules.ID]func(*cloud.Facts) {
	first := int32(80)
	return map[rules.ID]func(*cloud.Facts){
		r.LBMissing: func(f *cloud.Facts) {
			f.LoadBalancers = cloud.Table[*cloud.LoadBalancer]{}
			f.LoadBalancers.Missing(fxLB)
		},
		r.LBIsolated: func(f *cloud.Facts) { lbOf(f).State, lbOf(f).StateDetail = cloud.StateIsolated, "arrears" },
		r.LBInactive: func(f *cloud.Facts) { lbOf(f).State = cloud.StateDeleting },
		r.LBAddress:  func(f *cloud.Facts) { lbOf(f).Addresses = []string{"198.51.100.1"} },
		r.ListenerMissing: func(f *cloud.Facts) {
			lbOf(f).Listeners = slices.DeleteFunc(lbOf(f).Listeners, func(l *cloud.Listener) bool { return l.Port == first })
		},
		r.ListenerProtocol: func(f *cloud.Facts) { listenerOf(f, first).Protocol = "UDP" },
		r.ListenerExtra: func(f *cloud.Facts) {
			lbOf(f).Listeners = append(lbOf(f).Listeners, &cloud.Listener{ID: "lsn-9000", Protocol: "TCP", Port: 9000})
		},
		r.BackendNone:    func(f *cloud.Facts) { *backendsOf(f) = nil },
		r.BackendMissing: func(f *cloud.Facts) { *backendsOf(f) = (*backendsOf(f))[:1] },
		r.BackendStale: func(f *cloud.Facts) {
			*backendsOf(f) = append(*backendsOf(f), &cloud.Backend{Type: "CVM", InstanceID: "ins-9", IP: "10.0.0.9", Port: 30080, Weight: 10, Health: cloud.Healthy})
		},
		r.BackendKind: func(f *cloud.Facts) {
			*backendsOf(f) = append(*backendsOf(f), &cloud.Backend{Type: "ENI", IP: "172.16.0.9", Port: 8080, Weight: 10, Health: cloud.Healthy})
		},
		r.BackendWeightZero: func(f *cloud.Facts) { (*backendsOf(f))[0].Weight = 0 },
		r.BackendUnhealthy: func(f *cloud.Facts) {
			b := (*backendsOf(f))[1]
			b.Health, b.HealthDetail = cloud.Unhealthy, "connection refused"
		},
		r.CertMissing: func(f *cloud.Facts) {
			f.Certificates = cloud.Table[*cloud.Certificate]{}
			f.Certificates.Missing(fxCert)
		},
		r.CertExpired:  func(f *cloud.Facts) { c, _ := f.Certificates.Get(fxCert); c.NotAfter = fxReadAt.AddDate(0, 0, -2) },
		r.CertExpiring: func(f *cloud.Facts) { c, _ := f.Certificates.Get(fxCert); c.NotAfter = fxReadAt.AddDate(0, 0, 12) },
		r.CertHosts: func(f *cloud.Facts) {
			c, _ := f.Certificates.Get(fxCert)
			c.CommonName, c.SANs = "other.example.org", nil
		},
		r.Quota: func(f *cloud.Facts) {
			q, _ := f.Quotas.Get("listeners-per-lb/" + fxLB)
			q.Used = 46
		},
		r.SubnetIPs: func(f *cloud.Facts) { s, _ := f.Subnets.Get(fxSubnet); s.AvailableIPs = 0 },
	}
}

// withCloudEmissions adds an emission fixture for every cloud rule of both providers to es.
func withCloudEmissions(es map[rules.ID]emission) map[rules.ID]emission {
	for _, pv := range []struct {
		p rules.Provider
		r rules.CloudRules
	}{{tkerules.Provider, tkerules.CloudRules}, {ackrules.Provider, ackrules.CloudRules}} {
		for id, change := range cloudChanges(pv.r, pv.p) {
			if !id.Known() {
				continue
			}
			target := svcWeb
			if id.Rule().Kind == rules.Ingress {
				target = ingBar
			}
			es[id] = emission{target: target, provider: pv.p, objs: cloudObjects(pv.p, target.kind), cloud: change}
		}
	}
	// A port taken on a reused load balancer: TKE's Service has no address yet (a listener on its
	// port is another's); ACK's listener names another owner.
	es[tkerules.CloudListenerTaken] = emission{target: svcWeb, provider: tkerules.Provider, cloud: func(*cloud.Facts) {},
		objs: func() []runtime.Object {
			return Objs(Service("web", corev1.ServiceTypeLoadBalancer, SvcAnn(tkeann.ExistedLBID, fxLB)))
		}}
	es[ackrules.CloudListenerTaken] = emission{target: svcWeb, provider: ackrules.Provider,
		cloud: func(f *cloud.Facts) { listenerOf(f, 80).Description = "k8s/80/shop/other/c1" },
		objs: func() []runtime.Object {
			return Objs(ACKSvc(Anns("id", fxLB, "protocol-port", "https:80", "cert-id", fxCert)))
		}}
	return es
}

// TestCloudHealthyWorld: the healthy cloud of each fixture gives no cloud finding and no skip.
func TestCloudHealthyWorld(t *testing.T) {
	for _, tc := range []struct {
		name   string
		p      rules.Provider
		target emissionTarget
	}{
		{"tke-service", tkerules.Provider, svcWeb},
		{"tke-ingress", tkerules.Provider, ingBar},
		{"ack-service", ackrules.Provider, svcWeb},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := emission{target: tc.target, provider: tc.p, objs: cloudObjects(tc.p, tc.target.kind), cloud: func(*cloud.Facts) {}}
			res := diagnose(t, emissionSnapshot(t, e), tc.target.kind, tc.target.name, tc.p)
			for _, f := range res.Findings {
				if f.Source == SourceCloud {
					t.Errorf("cloud finding %s at %s: %s", f.Rule, f.Path, f.Message)
				}
			}
			for _, s := range res.Skipped {
				if slices.Contains(cloudCheckNames(), s.Check) {
					t.Errorf("cloud check %s skipped: %s", s.Check, s.Reason)
				}
			}
		})
	}
}

func cloudCheckNames() []string {
	var out []string
	for _, ch := range DefaultSuite().Checks() {
		if ch.Emits != nil && ch.Emits[0].Rule().FromCloud() {
			out = append(out, ch.Name)
		}
	}
	return out
}

// TestCloudFindingsSource: a cloud rule's finding is of source cloud, and without a cloud read
// (no --cloud) no cloud check runs or skips.
func TestCloudFindingsSource(t *testing.T) {
	e := builtEmissions()[tkerules.CloudBackendUnhealthy]
	res := diagnose(t, emissionSnapshot(t, e), snapshot.KindService, "web", tkerules.Provider)
	got := ByRule(res)
	if _, ok := got[tkerules.CloudBackendUnhealthy]; !ok {
		t.Fatalf("no %s finding: %v", tkerules.CloudBackendUnhealthy, slices.Collect(maps.Keys(got)))
	}
	for _, f := range res.Findings {
		if f.Rule == tkerules.CloudBackendUnhealthy && f.Source != SourceCloud {
			t.Errorf("source %q, want cloud", f.Source)
		}
	}
	e.cloud = nil
	res = diagnose(t, emissionSnapshot(t, e), snapshot.KindService, "web", tkerules.Provider)
	names := cloudCheckNames()
	for _, f := range res.Findings {
		if f.Source == SourceCloud {
			t.Errorf("without a cloud read: cloud finding %s", f.Rule)
		}
	}
	for _, s := range res.Skipped {
		if slices.Contains(names, s.Check) {
			t.Errorf("without a cloud read: cloud check %s skipped", s.Check)
		}
	}
}

// TestCloudReadFailures: a read that failed is a skip of the checks that needed it, naming the
// action and of the class of the failure, never a finding.
func TestCloudReadFailures(t *testing.T) {
	action := cloud.Action{Product: "clb", Name: "DescribeTargetHealth"}
	for _, tc := range []struct {
		name  string
		fail  func(*cloud.Facts)
		check string
		class snapshot.ReasonClass
		// names is what the skip's reason must name (the action refused).
		names string
	}{
		{"forbidden-health", func(f *cloud.Facts) {
			lbOf(f).SetGap(cloud.PartHealth, &cloud.ReadError{Action: action, Class: cloud.Forbidden, Code: "AuthFailure.UnauthorizedOperation"})
		}, "tke-cloud-backends", snapshot.ReasonForbidden, "clb:DescribeTargetHealth"},
		{"unreachable-all", func(f *cloud.Facts) {
			e := &cloud.ReadError{Action: cloud.Action{Product: "clb", Name: "DescribeLoadBalancers"}, Class: cloud.Unreachable}
			*f = cloud.Facts{Provider: f.Provider, Region: f.Region, ReadAt: f.ReadAt}
			f.LoadBalancers.FailAll(e)
			f.Subnets.FailAll(e)
			f.Certificates.FailAll(e)
			f.Quotas.FailAll(e)
		}, "tke-cloud-lb", snapshot.ReasonReadFailed, "clb:DescribeLoadBalancers"},
		{"no-credentials", func(f *cloud.Facts) {
			e := &cloud.ReadError{Class: cloud.Unauthenticated, Message: "no credentials"}
			*f = cloud.Facts{Provider: f.Provider, Region: f.Region, ReadAt: f.ReadAt}
			f.LoadBalancers.FailAll(e)
			f.Subnets.FailAll(e)
		}, "tke-cloud-subnet", snapshot.ReasonUnauthorized, "credentials"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := emission{target: svcWeb, provider: tkerules.Provider, objs: cloudObjects(tkerules.Provider, snapshot.KindService), cloud: tc.fail}
			res := diagnose(t, emissionSnapshot(t, e), snapshot.KindService, "web", tkerules.Provider)
			for _, f := range res.Findings {
				if f.Source == SourceCloud {
					t.Errorf("failed read became finding %s: %s", f.Rule, f.Message)
				}
			}
			i := slices.IndexFunc(res.Skipped, func(s Skip) bool { return s.Check == tc.check })
			if i < 0 {
				t.Fatalf("no skip of %s; skipped %+v", tc.check, res.Skipped)
			}
			if s := res.Skipped[i]; s.Class != tc.class || !strings.Contains(s.Reason, tc.names) {
				t.Errorf("skip class %s, want %s; reason %q should name %q", s.Class, tc.class, s.Reason, tc.names)
			}
		})
	}
}
