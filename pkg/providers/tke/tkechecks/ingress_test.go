package tkechecks

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/annotations"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func TestTKEIngressChecks(t *testing.T) {
	tests := []struct {
		name string
		bad  *networkingv1.Ingress
		// extra objects for the bad case, replacing healthy() objects of the same name
		badObjs []runtime.Object
		fixed   *networkingv1.Ingress
		// fixedObjs does the same for the fixed case
		fixedObjs []runtime.Object
		want      rules.ID
		path      string
	}{
		{name: "E4009 empty secretName", bad: Ingress(IngTLS("")), fixed: Ingress(IngTLS("tls")),
			want: tkerules.IngressE4009, path: "spec.tls[0].secretName"},
		{name: "E4010 secret missing", bad: Ingress(IngTLS("nope")), fixed: Ingress(IngTLS("tls")),
			want: tkerules.IngressE4010, path: "spec.tls[0].secretName"},
		{name: "E4011 no qcloud_cert_id", bad: Ingress(IngTLS("tls")),
			badObjs: []runtime.Object{CertSecret("tls", map[string]string{"tls.crt": "x", "tls.key": "y"})},
			fixed:   Ingress(IngTLS("tls")), want: tkerules.IngressE4011, path: "spec.tls[0].secretName"},
		{name: "E4011 annotation differs from secret", bad: Ingress(IngTLS("tls"), IngAnn(annCertID, "Abcd1234")),
			fixed: Ingress(IngTLS("tls"), IngAnn(annCertID, "YCOLTUdr")), want: tkerules.IngressE4011, path: checks.AnnPath(annCertID)},
		{name: "E4035 malformed cert id", bad: Ingress(IngTLS("tls")),
			badObjs: []runtime.Object{CertSecret("tls", map[string]string{"qcloud_cert_id": "YCOLTU"})},
			fixed:   Ingress(IngTLS("tls")), want: tkerules.IngressE4035, path: "spec.tls[0].secretName"},
		{name: "E4035 trailing newline", bad: Ingress(IngTLS("tls")),
			badObjs: []runtime.Object{CertSecret("tls", map[string]string{"qcloud_cert_id": "YCOLTUdr\n"})},
			fixed:   Ingress(IngTLS("tls")), want: tkerules.IngressE4035, path: "spec.tls[0].secretName"},
		{name: "E4013 rule without http", bad: Ingress(func(i *networkingv1.Ingress) {
			i.Spec.Rules = append(i.Spec.Rules, networkingv1.IngressRule{Host: "x.example.com"})
		}), fixed: Ingress(), want: tkerules.IngressE4013, path: "spec.rules[1].http"},
		{name: "E4022 http-rules not JSON", bad: Ingress(IngAnn(tkeann.HTTPRules, `[{"path":"/a"`)),
			fixed: Ingress(IngAnn(tkeann.HTTPRules, `[{"path":"/a","backend":{"serviceName":"web","servicePort":"80"}}]`)),
			want:  tkerules.IngressE4022, path: checks.AnnPath(tkeann.HTTPRules)},
		{name: "E4023 https-rules without serviceName", bad: Ingress(IngAnn(tkeann.HTTPSRules, `[{"path":"/a","backend":{"servicePort":80}}]`)),
			fixed: Ingress(IngAnn(tkeann.HTTPSRules, `[{"path":"/a","backend":{"serviceName":"web","servicePort":80}}]`)),
			want:  tkerules.IngressE4023, path: checks.AnnPath(tkeann.HTTPSRules) + "[0]"},
		{name: "E4022 rewrite entry without rewrite-support",
			bad:   Ingress(IngAnn(tkeann.HTTPRules, `[{"path":"/v1","rewrite":{"port":80,"path":"/a"}}]`)),
			fixed: Ingress(IngAnn(tkeann.HTTPRules, `[{"path":"/v1","rewrite":{"port":80,"path":"/a"}}]`), IngAnn(tkeann.RewriteSupport, "true")),
			want:  tkerules.IngressE4022, path: checks.AnnPath(tkeann.HTTPRules) + "[0]"},
		{name: "E4022 bad entry does not hide the next entry's missing backend (W1000)",
			bad:   Ingress(IngAnn(tkeann.HTTPRules, `[{"path":"/a","backend":{"servicePort":80}},{"path":"/b","backend":{"serviceName":"nope","servicePort":80}}]`)),
			fixed: Ingress(IngAnn(tkeann.HTTPRules, `[{"path":"/a","backend":{"serviceName":"web","servicePort":80}},{"path":"/b","backend":{"serviceName":"web","servicePort":80}}]`)),
			want:  tkerules.IngressW1000, path: checks.AnnPath(tkeann.HTTPRules) + "[1].backend"},
		{name: "service-config-conflict named and auto config", bad: Ingress(IngAnn(tkeann.IngServiceConfig, "bar-config"), IngAnn(tkeann.IngServiceConfigAuto, "true")),
			fixed: Ingress(IngAnn(tkeann.IngServiceConfig, "bar-config"), IngAnn(tkeann.IngServiceConfigAuto, "false")),
			want:  tkerules.IngressConfigConflict, path: checks.AnnPath(tkeann.IngServiceConfig)},
		{name: "cross-region-id holds a zone", bad: Ingress(IngAnn(tkeann.IngCrossRegion, "ap-guangzhou-3")),
			fixed: Ingress(IngAnn(tkeann.IngCrossRegion, "ap-guangzhou")), want: tkerules.IngressInvalidAnnotationValue, path: checks.AnnPath(tkeann.IngCrossRegion)},
		{name: "cross-vpc-id malformed", bad: Ingress(IngAnn(tkeann.IngCrossVPC, "vpc-646VHCJJ")),
			fixed: Ingress(IngAnn(tkeann.IngCrossVPC, "vpc-646vhcjj")), want: tkerules.IngressInvalidAnnotationValue, path: checks.AnnPath(tkeann.IngCrossVPC)},
		{name: "E4026 extensiveParameters not an object", bad: Ingress(IngAnn(tkeann.IngExtensive, `["IPv4"]`)),
			fixed: Ingress(IngAnn(tkeann.IngExtensive, `{"AddressIPVersion":"IPv4"}`)), want: tkerules.IngressE4026, path: checks.AnnPath(tkeann.IngExtensive)},
		{name: "E4044 rule-mix not bool", bad: Ingress(IngAnn(tkeann.RuleMix, "on")), fixed: Ingress(IngAnn(tkeann.RuleMix, "true")),
			want: tkerules.IngressE4044, path: checks.AnnPath(tkeann.RuleMix)},
		{name: "E4031 regex path", bad: Ingress(IngPath("/api/.*")), fixed: Ingress(IngPath("/api")),
			want: tkerules.IngressE4031, path: "spec.rules[0].http.paths[0].path"},
		{name: "E4031 path without leading slash", bad: Ingress(IngPath("api")), fixed: Ingress(IngPath("/api")),
			want: tkerules.IngressE4031, path: "spec.rules[0].http.paths[0].path"},
		{name: "E4031 path too long", bad: Ingress(IngPath("/" + string(make121()))), fixed: Ingress(IngPath("/ok")),
			want: tkerules.IngressE4031, path: "spec.rules[0].http.paths[0].path"},
		{name: "E4031 path in http-rules", bad: Ingress(IngAnn(tkeann.HTTPRules, `[{"path":"/a b","backend":{"serviceName":"web","servicePort":80}}]`)),
			fixed: Ingress(IngAnn(tkeann.HTTPRules, `[{"path":"/a-b","backend":{"serviceName":"web","servicePort":80}}]`)),
			want:  tkerules.IngressE4031, path: checks.AnnPath(tkeann.HTTPRules) + "[0].path"},
		{name: "E4032 pure IPv6", bad: Ingress(IngAnn(tkeann.IngExtensive, `{"AddressIPVersion":"IPv6FullChain"}`)),
			fixed: Ingress(IngAnn(tkeann.IngExtensive, `{"AddressIPVersion":"IPV6"}`)), want: tkerules.IngressE4032, path: checks.AnnPath(tkeann.IngExtensive)},
		{name: "E4034 pure IPv6 without host", bad: Ingress(IngHost(""), IngAnn(tkeann.IngExtensive, `{"AddressIPVersion":"IPv6FullChain"}`)),
			fixed: Ingress(IngAnn(tkeann.IngExtensive, `{"AddressIPVersion":"IPv6FullChain"}`)), want: tkerules.IngressE4034, path: "spec.rules[0].http.paths[0]"},
		{name: "E4037 direct-access not bool", bad: Ingress(IngAnn(tkeann.IngDirectAccess, "yes")), fixed: Ingress(IngAnn(tkeann.IngDirectAccess, "false")),
			want: tkerules.IngressE4037, path: checks.AnnPath(tkeann.IngDirectAccess)},
		{name: "E4050 service-config-auto not bool", bad: Ingress(IngAnn(tkeann.IngServiceConfigAuto, "enabled")), fixed: Ingress(IngAnn(tkeann.IngServiceConfigAuto, "true")),
			want: tkerules.IngressE4050, path: checks.AnnPath(tkeann.IngServiceConfigAuto)},
		{name: "E4051 reserved config name", bad: Ingress(IngAnn(tkeann.IngServiceConfig, "bar-auto-ingress-config")),
			fixed: Ingress(IngAnn(tkeann.IngServiceConfig, "bar-config")), want: tkerules.IngressE4051, path: checks.AnnPath(tkeann.IngServiceConfig)},
		{name: "E4043 TkeServiceConfig missing", bad: Ingress(IngAnn(tkeann.IngServiceConfig, "absent")),
			fixed: Ingress(IngAnn(tkeann.IngServiceConfig, "bar-config")), want: tkerules.IngressE4043, path: checks.AnnPath(tkeann.IngServiceConfig)},
		{name: "E4040 host without certificate", bad: Ingress(IngTLS("tls", "other.example.com")),
			fixed: Ingress(IngTLS("tls", "*.example.com")), want: tkerules.IngressE4040, path: "spec.tls"},
		{name: "E4048 two default certificates", bad: Ingress(IngTLS("tls"), IngTLS("tls")),
			fixed: Ingress(IngTLS("tls")), want: tkerules.IngressE4048, path: "spec.tls[1]"},
		{name: "E4049 one host two certificates", bad: Ingress(IngTLS("tls", "shop.example.com"), IngTLS("tls2", "shop.example.com")),
			badObjs: []runtime.Object{CertSecret("tls2", map[string]string{"qcloud_cert_id": "Zk3mQ9aB"})},
			fixed:   Ingress(IngTLS("tls", "shop.example.com")), want: tkerules.IngressE4049, path: "spec.tls[1].hosts"},
		{name: "E4041 backend missing", bad: Ingress(IngBackend("gone", 80)), fixed: Ingress(),
			want: tkerules.IngressE4041, path: "spec.rules[0].http.paths[0].backend"},
		{name: "W1000 annotation backend missing", bad: Ingress(IngAnn(tkeann.HTTPRules, `[{"path":"/a","backend":{"serviceName":"gone","servicePort":80}}]`)),
			fixed: Ingress(IngAnn(tkeann.HTTPRules, `[{"path":"/a","backend":{"serviceName":"web","servicePort":80}}]`)),
			want:  tkerules.IngressW1000, path: checks.AnnPath(tkeann.HTTPRules) + "[0].backend"},
		{name: "E4042 backend port missing", bad: Ingress(IngBackend("web", 8080)), fixed: Ingress(),
			want: tkerules.IngressE4042, path: "spec.rules[0].http.paths[0].backend"},
		{name: "E4047 ClusterIP backend", bad: Ingress(), badObjs: []runtime.Object{Service("web", corev1.ServiceTypeClusterIP)},
			fixed: Ingress(), want: tkerules.IngressE4047, path: "spec.rules[0].http.paths[0].backend"},
		{name: "E4082 selector-less backend with direct access", bad: Ingress(IngAnn(tkeann.IngDirectAccess, "true")),
			badObjs: []runtime.Object{Service("web", corev1.ServiceTypeClusterIP, func(s *corev1.Service) { s.Spec.Selector = nil })},
			fixed:   Ingress(IngAnn(tkeann.IngDirectAccess, "true")), want: tkerules.IngressE4082, path: "spec.rules[0].http.paths[0].backend"},
		{name: "E4045 charge type", bad: Ingress(IngAnn(tkeann.IngChargeType, "POSTPAID")), fixed: Ingress(IngAnn(tkeann.IngChargeType, "TRAFFIC_POSTPAID_BY_HOUR")),
			want: tkerules.IngressE4045, path: checks.AnnPath(tkeann.IngChargeType)},
		{name: "E4046 bandwidth out of range", bad: Ingress(IngAnn(tkeann.IngBandwidth, "0")), fixed: Ingress(IngAnn(tkeann.IngBandwidth, "2048")),
			want: tkerules.IngressE4046, path: checks.AnnPath(tkeann.IngBandwidth)},
		{name: "E4046 bandwidth not a number", bad: Ingress(IngAnn(tkeann.IngBandwidth, "10M")), fixed: Ingress(IngAnn(tkeann.IngBandwidth, "10")),
			want: tkerules.IngressE4046, path: checks.AnnPath(tkeann.IngBandwidth)},
		{name: "E4052 uppercase host", bad: Ingress(IngHost("Shop.example.com")), fixed: Ingress(),
			want: tkerules.IngressE4052, path: "spec.rules[0].host"},
		{name: "E4052 host without dot", bad: Ingress(IngHost("localhost")), fixed: Ingress(IngHost("*.example.com")),
			want: tkerules.IngressE4052, path: "spec.rules[0].host"},
		{name: "E4055 subnet id format", bad: Ingress(IngAnn(tkeann.IngSubnet, "subnet-123")), fixed: Ingress(IngAnn(tkeann.IngSubnet, "subnet-ewhltulw")),
			want: tkerules.IngressE4055, path: checks.AnnPath(tkeann.IngSubnet)},
		{name: "E4043 TkeServiceConfig in another namespace", bad: Ingress(IngAnn(tkeann.IngServiceConfig, "bar-config")),
			badObjs: []runtime.Object{inNamespace("other", TKEServiceConfig("bar-config", map[string]any{}))},
			fixed:   Ingress(IngAnn(tkeann.IngServiceConfig, "bar-config")), want: tkerules.IngressE4043, path: checks.AnnPath(tkeann.IngServiceConfig)},
		{name: "E4098 existing lb id format", bad: Ingress(IngAnn(tkeann.IngExistLB, "LB-4YMLU8DC")), fixed: Ingress(IngAnn(tkeann.IngExistLB, "lb-4ymlu8dc")),
			want: tkerules.IngressE4098, path: checks.AnnPath(tkeann.IngExistLB)},
		{name: "E4019 existing lb created by TKE", bad: Ingress(IngAnn(tkeann.IngExistLB, "lb-4ymlu8dc")),
			badObjs: []runtime.Object{Service("other", corev1.ServiceTypeLoadBalancer, SvcAnn(tkeann.LoadBalanceID, "lb-4ymlu8dc"))},
			fixed:   Ingress(IngAnn(tkeann.IngExistLB, "lb-aaaabbbb")), want: tkerules.IngressE4019, path: checks.AnnPath(tkeann.IngExistLB)},
		{name: "E4020 existing lb used by another ingress", bad: Ingress(IngAnn(tkeann.IngExistLB, "lb-4ymlu8dc")),
			badObjs: []runtime.Object{func() runtime.Object {
				o := Ingress(IngAnn(tkeann.IngExistLB, "lb-4ymlu8dc"))
				o.Name = "other"
				return o
			}()},
			fixed: Ingress(IngAnn(tkeann.IngExistLB, "lb-aaaabbbb")), want: tkerules.IngressE4020, path: checks.AnnPath(tkeann.IngExistLB)},
		{name: "E4101 listener collision on 80/443", bad: Ingress(IngAnn(tkeann.IngExistLB, "lb-4ymlu8dc")),
			badObjs: []runtime.Object{Service("other", corev1.ServiceTypeLoadBalancer, SvcAnn(tkeann.ExistedLBID, "lb-4ymlu8dc"))},
			fixed:   Ingress(IngAnn(tkeann.IngExistLB, "lb-aaaabbbb")), want: tkerules.IngressE4101, path: checks.AnnPath(tkeann.IngExistLB)},
		{name: "E4101 not for a UDP port 80 on the same lb", bad: Ingress(IngAnn(tkeann.IngExistLB, "lb-4ymlu8dc")),
			badObjs: []runtime.Object{Service("other", corev1.ServiceTypeLoadBalancer, SvcAnn(tkeann.ExistedLBID, "lb-4ymlu8dc"))},
			fixed:   Ingress(IngAnn(tkeann.IngExistLB, "lb-4ymlu8dc")), fixedObjs: []runtime.Object{Service("other", corev1.ServiceTypeLoadBalancer, SvcAnn(tkeann.ExistedLBID, "lb-4ymlu8dc"),
				func(s *corev1.Service) { s.Spec.Ports[0].Protocol = corev1.ProtocolUDP })},
			want: tkerules.IngressE4101, path: checks.AnnPath(tkeann.IngExistLB)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			badRes := diagnose(t, Fixture(t, WithObjs(append([]runtime.Object{tt.bad}, TKEHealthy()...), tt.badObjs)...), snapshot.KindIngress, "bar", tkerules.Provider)
			assertTKEWords(t, badRes, false)
			bad := ByRule(badRes)
			if !ContainsPath(bad[tt.want], tt.path) {
				t.Errorf("bad: want %s at %s, got %v", tt.want, tt.path, bad)
			}
			fixed := ByRule(diagnose(t, Fixture(t, WithObjs(append([]runtime.Object{tt.fixed}, TKEHealthy()...), tt.fixedObjs)...), snapshot.KindIngress, "bar", tkerules.Provider))
			if len(fixed[tt.want]) > 0 {
				t.Errorf("fixed: %s still reported at %v", tt.want, fixed[tt.want])
			}
		})
	}
}

func TestTKEIngressValidIsClean(t *testing.T) {
	ing := Ingress(IngTLS("tls"), IngAnn(tkeann.IngServiceConfig, "bar-config"), func(i *networkingv1.Ingress) {
		i.Status.LoadBalancer.Ingress = []networkingv1.IngressLoadBalancerIngress{{IP: "203.0.113.10"}}
	})
	res := diagnose(t, Fixture(t, append([]runtime.Object{ing}, TKEHealthy()...)...),
		snapshot.KindIngress, "bar", tkerules.Provider)
	for _, f := range res.Findings {
		if f.Source == "check" {
			t.Errorf("unexpected finding %s at %s: %s", f.Rule, f.Path, f.Message)
		}
	}
}

func TestOtherControllerGetsNoCLBFindings(t *testing.T) {
	nginx := "nginx"
	ing := Ingress(IngHost("Bad_Host"), func(i *networkingv1.Ingress) {
		delete(i.Annotations, annotations.IngressClass)
		i.Spec.IngressClassName = &nginx
	})
	got := ByRule(diagnose(t, Fixture(t, ing), snapshot.KindIngress, "bar", tkerules.Provider))
	if len(got[rules.GenericIngressOtherController]) != 1 {
		t.Errorf("want %s, got %v", rules.GenericIngressOtherController, got)
	}
	if len(got[tkerules.IngressE4052]) > 0 {
		t.Errorf("CLB checks ran on an nginx Ingress: %v", got)
	}
}

func TestUnknownObjectsSkipNotFind(t *testing.T) {
	s := snapshot.New("test")
	ing := Ingress(IngTLS("tls"))
	if err := s.Add(ing); err != nil {
		t.Fatal(err)
	}
	s.Secrets.MarkGap(NS, snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden, RBAC: "get secrets in namespace default"})
	res := diagnose(t, s, snapshot.KindIngress, "bar", tkerules.Provider)
	got := ByRule(res)
	if len(got[tkerules.IngressE4010]) > 0 || len(got[tkerules.IngressE4041]) > 0 {
		t.Errorf("an unreadable object became a finding: %v", got)
	}
	skipped := map[string]bool{}
	for _, sk := range res.Skipped {
		skipped[sk.Check] = true
	}
	if !skipped["tke-ingress-tls"] || !skipped["tke-ingress-backends"] {
		t.Errorf("want tls and backend checks skipped, got %+v", res.Skipped)
	}
}

func make121() []byte {
	b := make([]byte, 121)
	for i := range b {
		b[i] = 'a'
	}
	return b
}
