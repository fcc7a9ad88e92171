package checks

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/annotations"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// healthy are the objects a valid TKE Ingress needs besides itself.
func healthy() []runtime.Object {
	return []runtime.Object{
		service("web", corev1.ServiceTypeNodePort),
		certSecret("tls", map[string]string{"qcloud_cert_id": "YCOLTUdr"}),
		tkeServiceConfig("bar-config", map[string]any{}),
	}
}

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
		{name: "E4009 empty secretName", bad: ingress(ingTLS("")), fixed: ingress(ingTLS("tls")),
			want: tkerules.IngressE4009, path: "spec.tls[0].secretName"},
		{name: "E4010 secret missing", bad: ingress(ingTLS("nope")), fixed: ingress(ingTLS("tls")),
			want: tkerules.IngressE4010, path: "spec.tls[0].secretName"},
		{name: "E4011 no qcloud_cert_id", bad: ingress(ingTLS("tls")),
			badObjs: []runtime.Object{certSecret("tls", map[string]string{"tls.crt": "x", "tls.key": "y"})},
			fixed:   ingress(ingTLS("tls")), want: tkerules.IngressE4011, path: "spec.tls[0].secretName"},
		{name: "E4011 annotation differs from secret", bad: ingress(ingTLS("tls"), ingAnn(annCertID, "Abcd1234")),
			fixed: ingress(ingTLS("tls"), ingAnn(annCertID, "YCOLTUdr")), want: tkerules.IngressE4011, path: AnnPath(annCertID)},
		{name: "E4035 malformed cert id", bad: ingress(ingTLS("tls")),
			badObjs: []runtime.Object{certSecret("tls", map[string]string{"qcloud_cert_id": "YCOLTU"})},
			fixed:   ingress(ingTLS("tls")), want: tkerules.IngressE4035, path: "spec.tls[0].secretName"},
		{name: "E4035 trailing newline", bad: ingress(ingTLS("tls")),
			badObjs: []runtime.Object{certSecret("tls", map[string]string{"qcloud_cert_id": "YCOLTUdr\n"})},
			fixed:   ingress(ingTLS("tls")), want: tkerules.IngressE4035, path: "spec.tls[0].secretName"},
		{name: "E4013 rule without http", bad: ingress(func(i *networkingv1.Ingress) {
			i.Spec.Rules = append(i.Spec.Rules, networkingv1.IngressRule{Host: "x.example.com"})
		}), fixed: ingress(), want: tkerules.IngressE4013, path: "spec.rules[1].http"},
		{name: "E4022 http-rules not JSON", bad: ingress(ingAnn(tkeann.HTTPRules, `[{"path":"/a"`)),
			fixed: ingress(ingAnn(tkeann.HTTPRules, `[{"path":"/a","backend":{"serviceName":"web","servicePort":"80"}}]`)),
			want:  tkerules.IngressE4022, path: AnnPath(tkeann.HTTPRules)},
		{name: "E4023 https-rules without serviceName", bad: ingress(ingAnn(tkeann.HTTPSRules, `[{"path":"/a","backend":{"servicePort":80}}]`)),
			fixed: ingress(ingAnn(tkeann.HTTPSRules, `[{"path":"/a","backend":{"serviceName":"web","servicePort":80}}]`)),
			want:  tkerules.IngressE4023, path: AnnPath(tkeann.HTTPSRules) + "[0]"},
		{name: "E4022 rewrite entry without rewrite-support",
			bad:   ingress(ingAnn(tkeann.HTTPRules, `[{"path":"/v1","rewrite":{"port":80,"path":"/a"}}]`)),
			fixed: ingress(ingAnn(tkeann.HTTPRules, `[{"path":"/v1","rewrite":{"port":80,"path":"/a"}}]`), ingAnn(tkeann.RewriteSupport, "true")),
			want:  tkerules.IngressE4022, path: AnnPath(tkeann.HTTPRules) + "[0]"},
		{name: "E4022 bad entry does not hide the next entry's missing backend (W1000)",
			bad:   ingress(ingAnn(tkeann.HTTPRules, `[{"path":"/a","backend":{"servicePort":80}},{"path":"/b","backend":{"serviceName":"nope","servicePort":80}}]`)),
			fixed: ingress(ingAnn(tkeann.HTTPRules, `[{"path":"/a","backend":{"serviceName":"web","servicePort":80}},{"path":"/b","backend":{"serviceName":"web","servicePort":80}}]`)),
			want:  tkerules.IngressW1000, path: AnnPath(tkeann.HTTPRules) + "[1].backend"},
		{name: "service-config-conflict named and auto config", bad: ingress(ingAnn(tkeann.IngServiceConfig, "bar-config"), ingAnn(tkeann.IngServiceConfigAuto, "true")),
			fixed: ingress(ingAnn(tkeann.IngServiceConfig, "bar-config"), ingAnn(tkeann.IngServiceConfigAuto, "false")),
			want:  tkerules.IngressConfigConflict, path: AnnPath(tkeann.IngServiceConfig)},
		{name: "cross-region-id holds a zone", bad: ingress(ingAnn(tkeann.IngCrossRegion, "ap-guangzhou-3")),
			fixed: ingress(ingAnn(tkeann.IngCrossRegion, "ap-guangzhou")), want: tkerules.IngressInvalidAnnotationValue, path: AnnPath(tkeann.IngCrossRegion)},
		{name: "cross-vpc-id malformed", bad: ingress(ingAnn(tkeann.IngCrossVPC, "vpc-646VHCJJ")),
			fixed: ingress(ingAnn(tkeann.IngCrossVPC, "vpc-646vhcjj")), want: tkerules.IngressInvalidAnnotationValue, path: AnnPath(tkeann.IngCrossVPC)},
		{name: "E4026 extensiveParameters not an object", bad: ingress(ingAnn(tkeann.IngExtensive, `["IPv4"]`)),
			fixed: ingress(ingAnn(tkeann.IngExtensive, `{"AddressIPVersion":"IPv4"}`)), want: tkerules.IngressE4026, path: AnnPath(tkeann.IngExtensive)},
		{name: "E4044 rule-mix not bool", bad: ingress(ingAnn(tkeann.RuleMix, "on")), fixed: ingress(ingAnn(tkeann.RuleMix, "true")),
			want: tkerules.IngressE4044, path: AnnPath(tkeann.RuleMix)},
		{name: "E4031 regex path", bad: ingress(ingPath("/api/.*")), fixed: ingress(ingPath("/api")),
			want: tkerules.IngressE4031, path: "spec.rules[0].http.paths[0].path"},
		{name: "E4031 path without leading slash", bad: ingress(ingPath("api")), fixed: ingress(ingPath("/api")),
			want: tkerules.IngressE4031, path: "spec.rules[0].http.paths[0].path"},
		{name: "E4031 path too long", bad: ingress(ingPath("/" + string(make121()))), fixed: ingress(ingPath("/ok")),
			want: tkerules.IngressE4031, path: "spec.rules[0].http.paths[0].path"},
		{name: "E4031 path in http-rules", bad: ingress(ingAnn(tkeann.HTTPRules, `[{"path":"/a b","backend":{"serviceName":"web","servicePort":80}}]`)),
			fixed: ingress(ingAnn(tkeann.HTTPRules, `[{"path":"/a-b","backend":{"serviceName":"web","servicePort":80}}]`)),
			want:  tkerules.IngressE4031, path: AnnPath(tkeann.HTTPRules) + "[0].path"},
		{name: "E4032 pure IPv6", bad: ingress(ingAnn(tkeann.IngExtensive, `{"AddressIPVersion":"IPv6FullChain"}`)),
			fixed: ingress(ingAnn(tkeann.IngExtensive, `{"AddressIPVersion":"IPV6"}`)), want: tkerules.IngressE4032, path: AnnPath(tkeann.IngExtensive)},
		{name: "E4034 pure IPv6 without host", bad: ingress(ingHost(""), ingAnn(tkeann.IngExtensive, `{"AddressIPVersion":"IPv6FullChain"}`)),
			fixed: ingress(ingAnn(tkeann.IngExtensive, `{"AddressIPVersion":"IPv6FullChain"}`)), want: tkerules.IngressE4034, path: "spec.rules[0].http.paths[0]"},
		{name: "E4037 direct-access not bool", bad: ingress(ingAnn(tkeann.IngDirectAccess, "yes")), fixed: ingress(ingAnn(tkeann.IngDirectAccess, "false")),
			want: tkerules.IngressE4037, path: AnnPath(tkeann.IngDirectAccess)},
		{name: "E4050 service-config-auto not bool", bad: ingress(ingAnn(tkeann.IngServiceConfigAuto, "enabled")), fixed: ingress(ingAnn(tkeann.IngServiceConfigAuto, "true")),
			want: tkerules.IngressE4050, path: AnnPath(tkeann.IngServiceConfigAuto)},
		{name: "E4051 reserved config name", bad: ingress(ingAnn(tkeann.IngServiceConfig, "bar-auto-ingress-config")),
			fixed: ingress(ingAnn(tkeann.IngServiceConfig, "bar-config")), want: tkerules.IngressE4051, path: AnnPath(tkeann.IngServiceConfig)},
		{name: "E4043 TkeServiceConfig missing", bad: ingress(ingAnn(tkeann.IngServiceConfig, "absent")),
			fixed: ingress(ingAnn(tkeann.IngServiceConfig, "bar-config")), want: tkerules.IngressE4043, path: AnnPath(tkeann.IngServiceConfig)},
		{name: "E4040 host without certificate", bad: ingress(ingTLS("tls", "other.example.com")),
			fixed: ingress(ingTLS("tls", "*.example.com")), want: tkerules.IngressE4040, path: "spec.tls"},
		{name: "E4048 two default certificates", bad: ingress(ingTLS("tls"), ingTLS("tls")),
			fixed: ingress(ingTLS("tls")), want: tkerules.IngressE4048, path: "spec.tls[1]"},
		{name: "E4049 one host two certificates", bad: ingress(ingTLS("tls", "shop.example.com"), ingTLS("tls2", "shop.example.com")),
			badObjs: []runtime.Object{certSecret("tls2", map[string]string{"qcloud_cert_id": "Zk3mQ9aB"})},
			fixed:   ingress(ingTLS("tls", "shop.example.com")), want: tkerules.IngressE4049, path: "spec.tls[1].hosts"},
		{name: "E4041 backend missing", bad: ingress(ingBackend("gone", 80)), fixed: ingress(),
			want: tkerules.IngressE4041, path: "spec.rules[0].http.paths[0].backend"},
		{name: "W1000 annotation backend missing", bad: ingress(ingAnn(tkeann.HTTPRules, `[{"path":"/a","backend":{"serviceName":"gone","servicePort":80}}]`)),
			fixed: ingress(ingAnn(tkeann.HTTPRules, `[{"path":"/a","backend":{"serviceName":"web","servicePort":80}}]`)),
			want:  tkerules.IngressW1000, path: AnnPath(tkeann.HTTPRules) + "[0].backend"},
		{name: "E4042 backend port missing", bad: ingress(ingBackend("web", 8080)), fixed: ingress(),
			want: tkerules.IngressE4042, path: "spec.rules[0].http.paths[0].backend"},
		{name: "E4047 ClusterIP backend", bad: ingress(), badObjs: []runtime.Object{service("web", corev1.ServiceTypeClusterIP)},
			fixed: ingress(), want: tkerules.IngressE4047, path: "spec.rules[0].http.paths[0].backend"},
		{name: "E4082 selector-less backend with direct access", bad: ingress(ingAnn(tkeann.IngDirectAccess, "true")),
			badObjs: []runtime.Object{service("web", corev1.ServiceTypeClusterIP, func(s *corev1.Service) { s.Spec.Selector = nil })},
			fixed:   ingress(ingAnn(tkeann.IngDirectAccess, "true")), want: tkerules.IngressE4082, path: "spec.rules[0].http.paths[0].backend"},
		{name: "E4045 charge type", bad: ingress(ingAnn(tkeann.IngChargeType, "POSTPAID")), fixed: ingress(ingAnn(tkeann.IngChargeType, "TRAFFIC_POSTPAID_BY_HOUR")),
			want: tkerules.IngressE4045, path: AnnPath(tkeann.IngChargeType)},
		{name: "E4046 bandwidth out of range", bad: ingress(ingAnn(tkeann.IngBandwidth, "0")), fixed: ingress(ingAnn(tkeann.IngBandwidth, "2048")),
			want: tkerules.IngressE4046, path: AnnPath(tkeann.IngBandwidth)},
		{name: "E4046 bandwidth not a number", bad: ingress(ingAnn(tkeann.IngBandwidth, "10M")), fixed: ingress(ingAnn(tkeann.IngBandwidth, "10")),
			want: tkerules.IngressE4046, path: AnnPath(tkeann.IngBandwidth)},
		{name: "E4052 uppercase host", bad: ingress(ingHost("Shop.example.com")), fixed: ingress(),
			want: tkerules.IngressE4052, path: "spec.rules[0].host"},
		{name: "E4052 host without dot", bad: ingress(ingHost("localhost")), fixed: ingress(ingHost("*.example.com")),
			want: tkerules.IngressE4052, path: "spec.rules[0].host"},
		{name: "E4055 subnet id format", bad: ingress(ingAnn(tkeann.IngSubnet, "subnet-123")), fixed: ingress(ingAnn(tkeann.IngSubnet, "subnet-ewhltulw")),
			want: tkerules.IngressE4055, path: AnnPath(tkeann.IngSubnet)},
		{name: "E4043 TkeServiceConfig in another namespace", bad: ingress(ingAnn(tkeann.IngServiceConfig, "bar-config")),
			badObjs: []runtime.Object{inNamespace("other", tkeServiceConfig("bar-config", map[string]any{}))},
			fixed:   ingress(ingAnn(tkeann.IngServiceConfig, "bar-config")), want: tkerules.IngressE4043, path: AnnPath(tkeann.IngServiceConfig)},
		{name: "E4098 existing lb id format", bad: ingress(ingAnn(tkeann.IngExistLB, "LB-4YMLU8DC")), fixed: ingress(ingAnn(tkeann.IngExistLB, "lb-4ymlu8dc")),
			want: tkerules.IngressE4098, path: AnnPath(tkeann.IngExistLB)},
		{name: "E4019 existing lb created by TKE", bad: ingress(ingAnn(tkeann.IngExistLB, "lb-4ymlu8dc")),
			badObjs: []runtime.Object{service("other", corev1.ServiceTypeLoadBalancer, svcAnn(tkeann.LoadBalanceID, "lb-4ymlu8dc"))},
			fixed:   ingress(ingAnn(tkeann.IngExistLB, "lb-aaaabbbb")), want: tkerules.IngressE4019, path: AnnPath(tkeann.IngExistLB)},
		{name: "E4020 existing lb used by another ingress", bad: ingress(ingAnn(tkeann.IngExistLB, "lb-4ymlu8dc")),
			badObjs: []runtime.Object{func() runtime.Object {
				o := ingress(ingAnn(tkeann.IngExistLB, "lb-4ymlu8dc"))
				o.Name = "other"
				return o
			}()},
			fixed: ingress(ingAnn(tkeann.IngExistLB, "lb-aaaabbbb")), want: tkerules.IngressE4020, path: AnnPath(tkeann.IngExistLB)},
		{name: "E4101 listener collision on 80/443", bad: ingress(ingAnn(tkeann.IngExistLB, "lb-4ymlu8dc")),
			badObjs: []runtime.Object{service("other", corev1.ServiceTypeLoadBalancer, svcAnn(tkeann.ExistedLBID, "lb-4ymlu8dc"))},
			fixed:   ingress(ingAnn(tkeann.IngExistLB, "lb-aaaabbbb")), want: tkerules.IngressE4101, path: AnnPath(tkeann.IngExistLB)},
		{name: "E4101 not for a UDP port 80 on the same lb", bad: ingress(ingAnn(tkeann.IngExistLB, "lb-4ymlu8dc")),
			badObjs: []runtime.Object{service("other", corev1.ServiceTypeLoadBalancer, svcAnn(tkeann.ExistedLBID, "lb-4ymlu8dc"))},
			fixed:   ingress(ingAnn(tkeann.IngExistLB, "lb-4ymlu8dc")), fixedObjs: []runtime.Object{service("other", corev1.ServiceTypeLoadBalancer, svcAnn(tkeann.ExistedLBID, "lb-4ymlu8dc"),
				func(s *corev1.Service) { s.Spec.Ports[0].Protocol = corev1.ProtocolUDP })},
			want: tkerules.IngressE4101, path: AnnPath(tkeann.IngExistLB)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			badRes := diagnose(t, fixture(t, withObjs(append([]runtime.Object{tt.bad}, healthy()...), tt.badObjs)...), snapshot.KindIngress, "bar", tkerules.Provider)
			assertTKEWords(t, badRes, false)
			bad := byRule(badRes)
			if !containsPath(bad[tt.want], tt.path) {
				t.Errorf("bad: want %s at %s, got %v", tt.want, tt.path, bad)
			}
			fixed := byRule(diagnose(t, fixture(t, withObjs(append([]runtime.Object{tt.fixed}, healthy()...), tt.fixedObjs)...), snapshot.KindIngress, "bar", tkerules.Provider))
			if len(fixed[tt.want]) > 0 {
				t.Errorf("fixed: %s still reported at %v", tt.want, fixed[tt.want])
			}
		})
	}
}

func TestTKEIngressValidIsClean(t *testing.T) {
	ing := ingress(ingTLS("tls"), ingAnn(tkeann.IngServiceConfig, "bar-config"), func(i *networkingv1.Ingress) {
		i.Status.LoadBalancer.Ingress = []networkingv1.IngressLoadBalancerIngress{{IP: "203.0.113.10"}}
	})
	res := diagnose(t, fixture(t, append([]runtime.Object{ing}, healthy()...)...),
		snapshot.KindIngress, "bar", tkerules.Provider)
	for _, f := range res.Findings {
		if f.Source == "check" {
			t.Errorf("unexpected finding %s at %s: %s", f.Rule, f.Path, f.Message)
		}
	}
}

func TestOtherControllerGetsNoCLBFindings(t *testing.T) {
	nginx := "nginx"
	ing := ingress(ingHost("Bad_Host"), func(i *networkingv1.Ingress) {
		delete(i.Annotations, annotations.IngressClass)
		i.Spec.IngressClassName = &nginx
	})
	got := byRule(diagnose(t, fixture(t, ing), snapshot.KindIngress, "bar", tkerules.Provider))
	if len(got[rules.GenericIngressOtherController]) != 1 {
		t.Errorf("want %s, got %v", rules.GenericIngressOtherController, got)
	}
	if len(got[tkerules.IngressE4052]) > 0 {
		t.Errorf("CLB checks ran on an nginx Ingress: %v", got)
	}
}

func TestUnknownObjectsSkipNotFind(t *testing.T) {
	s := snapshot.New("test")
	ing := ingress(ingTLS("tls"))
	if err := s.Add(ing); err != nil {
		t.Fatal(err)
	}
	s.Secrets.MarkGap(ns, snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden, RBAC: "get secrets in namespace default"})
	res := diagnose(t, s, snapshot.KindIngress, "bar", tkerules.Provider)
	got := byRule(res)
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

func withObjs(base, replace []runtime.Object) []runtime.Object {
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

func containsPath(paths []string, p string) bool {
	for _, x := range paths {
		if x == p {
			return true
		}
	}
	return false
}

func make121() []byte {
	b := make([]byte, 121)
	for i := range b {
		b[i] = 'a'
	}
	return b
}
