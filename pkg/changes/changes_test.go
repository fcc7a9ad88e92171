package changes

import (
	"strconv"
	"strings"
	"testing"
	"unicode"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/annotations"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

const (
	ackID  = ackann.Prefix + "id"
	ackOv  = ackann.Prefix + "force-override-listeners"
	lbA    = "lb-bp1aaaaaaaaaaaaaaaaa1"
	lbB    = "lb-bp1bbbbbbbbbbbbbbbbb2"
	tkeLBA = "lb-4ymlu8dc"
)

// svc is a LoadBalancer Service with an address, edited by the options.
func svc(opts ...func(*corev1.Service)) *corev1.Service {
	s := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: "default", Annotations: map[string]string{}},
		Spec: corev1.ServiceSpec{Type: corev1.ServiceTypeLoadBalancer, Selector: map[string]string{"app": "web"},
			Ports: []corev1.ServicePort{{Port: 80, Protocol: corev1.ProtocolTCP}, {Port: 443, Protocol: corev1.ProtocolTCP}}},
		Status: corev1.ServiceStatus{LoadBalancer: corev1.LoadBalancerStatus{Ingress: []corev1.LoadBalancerIngress{{IP: "47.96.10.20"}}}}}
	for _, o := range opts {
		o(s)
	}
	return s
}

func ann(kv ...string) func(*corev1.Service) {
	return func(s *corev1.Service) {
		for i := 0; i+1 < len(kv); i += 2 {
			s.Annotations[kv[i]] = kv[i+1]
		}
	}
}

func typ(t corev1.ServiceType) func(*corev1.Service) {
	return func(s *corev1.Service) { s.Spec.Type = t }
}

func onlyPort80(s *corev1.Service) { s.Spec.Ports = s.Spec.Ports[:1] }

func nlb(s *corev1.Service) {
	c := NLBClass
	s.Spec.LoadBalancerClass = &c
}

func local(s *corev1.Service) {
	s.Spec.ExternalTrafficPolicy = corev1.ServiceExternalTrafficPolicyLocal
}

func pending(s *corev1.Service) { s.Status = corev1.ServiceStatus{} }

func hostnameOnly(s *corev1.Service) {
	s.Status.LoadBalancer.Ingress = []corev1.LoadBalancerIngress{{Hostname: "clb.example.com"}}
}

// ccmLabel is the label CCM writes on a Service it bound to CLB id.
func ccmLabel(id string) func(*corev1.Service) {
	return func(s *corev1.Service) { s.Labels = map[string]string{ackann.LabelLBID: id} }
}

func TestServiceChanges(t *testing.T) {
	cases := []struct {
		name       string
		p          rules.Provider
		now, after *corev1.Service
		want       rules.ID // zero: no change finding (benign)
		class      rules.ChangeClass
		field      string
	}{
		// ACK, rejected.
		{"ack address type internet to intranet", ackrules.Provider, svc(), svc(ann(ackann.Prefix+"address-type", "intranet")),
			ackrules.ServiceAddressTypeImmutable, rules.ChangeRejected, annPath(ackann.Prefix + "address-type")},
		{"ack resource group set on an existing CLB", ackrules.Provider, svc(), svc(ann(ackann.Prefix+"resource-group-id", "rg-aek2aaaaaaaaaaa")),
			ackrules.ServiceResourceGroupImmutable, rules.ChangeRejected, annPath(ackann.Prefix + "resource-group-id")},
		{"ack PayByCLCU to PayBySpec", ackrules.Provider, svc(ann(ackann.Prefix+"instance-charge-type", "PayByCLCU")), svc(ann(ackann.Prefix+"instance-charge-type", "PayBySpec")),
			ackrules.ServiceCLCUSpec, rules.ChangeRejected, annPath(ackann.Prefix + "instance-charge-type")},
		{"ack spec added to a PayByCLCU CLB", ackrules.Provider, svc(ann(ackann.Prefix+"instance-charge-type", "PayByCLCU")),
			svc(ann(ackann.Prefix+"instance-charge-type", "PayByCLCU", ackann.Prefix+"spec", "slb.s1.small")),
			ackrules.ServiceCLCUSpec, rules.ChangeRejected, annPath(ackann.Prefix + "spec")},
		{"ack master zone changed", ackrules.Provider, svc(ann(ackann.Prefix+"master-zoneid", "cn-hangzhou-k")), svc(ann(ackann.Prefix+"master-zoneid", "cn-hangzhou-j")),
			ackrules.ServiceFixedAtCreation, rules.ChangeRejected, annPath(ackann.Prefix + "master-zoneid")},
		{"ack ipv4 to ipv6", ackrules.Provider, svc(), svc(ann(ackann.Prefix+"ip-version", "ipv6")),
			ackrules.ServiceFixedAtCreation, rules.ChangeRejected, annPath(ackann.Prefix + "ip-version")},
		{"ack CCM-made CLB to a reused one", ackrules.Provider, svc(), svc(ann(ackID, lbA)),
			ackrules.ServiceLBRebind, rules.ChangeRejected, annPath(ackID)},
		{"ack reused CLB to another", ackrules.Provider, svc(ann(ackID, lbA)), svc(ann(ackID, lbB)),
			ackrules.ServiceLBRebind, rules.ChangeRejected, annPath(ackID)},
		{"ack reuse annotation removed", ackrules.Provider, svc(ann(ackID, lbA)), svc(),
			ackrules.ServiceReuseRemoved, rules.ChangeRejected, annPath(ackID)},
		{"ack reuse annotation removed, the apply record has it", ackrules.Provider, svc(ccmLabel(lbA), ann(ackID, lbA, corev1.LastAppliedConfigAnnotation, `{"metadata":{"annotations":{"`+ackID+`":"`+lbA+`"}}}`)),
			svc(ccmLabel(lbA)), ackrules.ServiceReuseRemoved, rules.ChangeRejected, annPath(ackID)},
		{"ack legacy key of the reuse annotation", ackrules.Provider, svc(), svc(ann(ackann.LegacyPrefix+"id", lbA)),
			ackrules.ServiceLBRebind, rules.ChangeRejected, annPath(ackann.LegacyPrefix + "id")},
		{"ack spec added while the billing is written down as PayByCLCU", ackrules.Provider, svc(),
			svc(ann(ackann.Prefix+"instance-charge-type", "PayByCLCU", ackann.Prefix+"spec", "slb.s1.small")),
			ackrules.ServiceCLCUSpec, rules.ChangeRejected, annPath(ackann.Prefix + "spec")},
		{"ack PayByCLCU dropped next to a spec (pay-by-specification)", ackrules.Provider,
			svc(ann(ackann.Prefix+"instance-charge-type", "PayByCLCU", ackann.Prefix+"spec", "slb.s1.small")), svc(ann(ackann.Prefix+"spec", "slb.s1.small")),
			ackrules.ServiceCLCUSpec, rules.ChangeRejected, annPath(ackann.Prefix + "instance-charge-type")},
		{"ack CCM-made CLB bound by label to another reused one", ackrules.Provider, svc(ccmLabel(lbA)), svc(ccmLabel(lbA), ann(ackID, lbB)),
			ackrules.ServiceLBRebind, rules.ChangeRejected, annPath(ackID)},
		{"ack reused CLB to another, no address in the input", ackrules.Provider, svc(ann(ackID, lbA), ccmLabel(lbA), pending), svc(ann(ackID, lbB), ccmLabel(lbA), pending),
			ackrules.ServiceLBRebind, rules.ChangeRejected, annPath(ackID)},
		// ACK, a change the controller takes whose consequence comes later (no class).
		{"ack id of the CCM-made CLB added", ackrules.Provider, svc(ccmLabel(lbA)), svc(ccmLabel(lbA), ann(ackID, lbA, ackOv, "true")),
			ackrules.ServiceOrphanOnDelete, "", annPath(ackID)},
		{"ack id of the CCM-made CLB added under the legacy key", ackrules.Provider, svc(ccmLabel(lbA)), svc(ccmLabel(lbA), ann(ackann.LegacyPrefix+"id", lbA)),
			ackrules.ServiceOrphanOnDelete, "", annPath(ackann.LegacyPrefix + "id")},
		{"ack id added by hand to the CCM-made CLB removed again", ackrules.Provider,
			svc(ccmLabel(lbA), ann(ackID, lbA, corev1.LastAppliedConfigAnnotation, `{"metadata":{"annotations":null}}`)), svc(ccmLabel(lbA)), rules.ID{}, "", ""},
		// ACK, destructive.
		{"ack LoadBalancer to ClusterIP deletes the CCM-made CLB", ackrules.Provider, svc(), svc(typ(corev1.ServiceTypeClusterIP)),
			ackrules.ServiceChangeDeletesLB, rules.ChangeDestructive, "spec.type"},
		{"ack port dropped on a reused CLB with listeners managed", ackrules.Provider, svc(ann(ackID, lbA, ackOv, "true")), svc(ann(ackID, lbA, ackOv, "true"), onlyPort80),
			ackrules.ServiceReusedListenersRemoved, rules.ChangeDestructive, "spec.ports"},
		{"ack reused CLB Service retyped", ackrules.Provider, svc(ann(ackID, lbA, ackOv, "true")), svc(ann(ackID, lbA, ackOv, "true"), typ(corev1.ServiceTypeNodePort)),
			ackrules.ServiceReusedListenersRemoved, rules.ChangeDestructive, "spec.type"},
		// ACK, disruptive.
		{"ack scheduler changed", ackrules.Provider, svc(ann(ackann.Prefix+"scheduler", "wrr")), svc(ann(ackann.Prefix+"scheduler", "rr")),
			ackrules.ServiceBackendChange, rules.ChangeDisruptive, annPath(ackann.Prefix + "scheduler")},
		{"ack backend type to eni", ackrules.Provider, svc(), svc(ann(ackann.BackendType, "eni")),
			ackrules.ServiceBackendChange, rules.ChangeDisruptive, annPath(ackann.BackendType)},
		{"ack traffic policy to Local", ackrules.Provider, svc(), svc(local),
			rules.GenericServiceTrafficPolicyChange, rules.ChangeDisruptive, "spec.externalTrafficPolicy"},
		// ACK, benign.
		{"ack identical", ackrules.Provider, svc(ann(ackann.Prefix+"address-type", "intranet")), svc(ann(ackann.Prefix+"address-type", "intranet")), rules.ID{}, "", ""},
		{"ack bandwidth changed with charge-type paybybandwidth", ackrules.Provider, svc(ann(ackann.Prefix+"charge-type", "paybybandwidth", ackann.Prefix+"bandwidth", "10")),
			svc(ann(ackann.Prefix+"charge-type", "paybybandwidth", ackann.Prefix+"bandwidth", "20")), rules.ID{}, "", ""},
		{"ack pay-by-traffic to pay-by-bandwidth on an Internet CLB", ackrules.Provider, svc(ann(ackann.Prefix+"charge-type", "paybytraffic")), svc(ann(ackann.Prefix+"charge-type", "paybybandwidth")), rules.ID{}, "", ""},
		{"ack vSwitch removed", ackrules.Provider, svc(ann(ackann.Prefix+"vswitch-id", "vsw-a")), svc(), rules.ID{}, "", ""},
		{"nlb ip version removed (compared only when set)", ackrules.Provider, svc(nlb, ann(ackann.Prefix+"ip-version", "DualStack")), svc(nlb), rules.ID{}, "", ""},
		{"nlb ipv4 written out", ackrules.Provider, svc(nlb), svc(nlb, ann(ackann.Prefix+"ip-version", "ipv4")), rules.ID{}, "", ""},
		{"nlb address type changed (applied in place)", ackrules.Provider, svc(nlb), svc(nlb, ann(ackann.Prefix+"address-type", "intranet")), rules.ID{}, "", ""},
		{"nlb zone-maps removed from a reused NLB", ackrules.Provider, svc(nlb, ann(ackID, "nlb-wb7r6dlwetvt5jxxxx", ackann.Prefix+"zone-maps", "cn-hangzhou-a:vsw-1")),
			svc(nlb, ann(ackID, "nlb-wb7r6dlwetvt5jxxxx")), rules.ID{}, "", ""},
		// ACK, changes CCM does not apply (no class: a warning that they will not take effect).
		{"ack vSwitch changed", ackrules.Provider, svc(ann(ackann.Prefix+"vswitch-id", "vsw-a")), svc(ann(ackann.Prefix+"vswitch-id", "vsw-b")),
			ackrules.ServiceChangeIgnored, "", annPath(ackann.Prefix + "vswitch-id")},
		{"ack charge type changed on an intranet CLB", ackrules.Provider, svc(ann(ackann.Prefix+"address-type", "intranet", ackann.Prefix+"charge-type", "paybytraffic")),
			svc(ann(ackann.Prefix+"address-type", "intranet", ackann.Prefix+"charge-type", "paybybandwidth")), ackrules.ServiceChangeIgnored, "", annPath(ackann.Prefix + "charge-type")},
		{"ack bandwidth changed without pay-by-bandwidth", ackrules.Provider, svc(ann(ackann.Prefix+"bandwidth", "10")), svc(ann(ackann.Prefix+"bandwidth", "20")),
			ackrules.ServiceChangeIgnored, "", annPath(ackann.Prefix + "bandwidth")},
		{"ack pay-by-bandwidth to pay-by-traffic on an Internet CLB (the next day)", ackrules.Provider, svc(ann(ackann.Prefix+"charge-type", "paybybandwidth", ackann.Prefix+"bandwidth", "5")),
			svc(ann(ackann.Prefix+"charge-type", "paybytraffic", ackann.Prefix+"bandwidth", "5")), ackrules.ServiceChangeIgnored, "", annPath(ackann.Prefix + "charge-type")},
		// ACK, removals the listener update path does not compare.
		{"ack scheduler removed (compared only when set)", ackrules.Provider, svc(ann(ackann.Prefix+"scheduler", "wrr")), svc(), rules.ID{}, "", ""},
		{"ack health check type removed (compared only when set)", ackrules.Provider, svc(ann(ackann.Prefix+"health-check-type", "http", ackann.Prefix+"health-check-uri", "/healthz")), svc(), rules.ID{}, "", ""},
		{"ack legacy scheduler key removed", ackrules.Provider, svc(ann(ackann.LegacyPrefix+"scheduler", "wrr")), svc(), rules.ID{}, "", ""},
		// NLB, destructive.
		{"nlb LoadBalancer to ClusterIP deletes the CCM-made NLB", ackrules.Provider, svc(nlb, ann(ackann.Prefix+"zone-maps", "cn-hangzhou-a:vsw-1,cn-hangzhou-b:vsw-2")),
			svc(nlb, typ(corev1.ServiceTypeClusterIP), func(s *corev1.Service) { s.Spec.LoadBalancerClass = nil }),
			ackrules.ServiceChangeDeletesLB, rules.ChangeDestructive, "spec.type"},
		// Every cloud: the API server refuses a loadBalancerClass change of a LoadBalancer Service.
		{"ack CLB Service given the NLB class", ackrules.Provider, svc(), svc(nlb), rules.GenericServiceLBClassImmutable, rules.ChangeRejected, "spec.loadBalancerClass"},
		{"ack NLB class removed", ackrules.Provider, svc(nlb), svc(), rules.GenericServiceLBClassImmutable, rules.ChangeRejected, "spec.loadBalancerClass"},
		{"generic class set while pending", rules.Generic, svc(pending), svc(nlb), rules.GenericServiceLBClassImmutable, rules.ChangeRejected, "spec.loadBalancerClass"},
		{"tke class set", tkerules.Provider, svc(), svc(nlb), rules.GenericServiceLBClassImmutable, rules.ChangeRejected, "spec.loadBalancerClass"},
		// NLB, rejected.
		{"nlb ipv4 to DualStack", ackrules.Provider, svc(nlb, ann(ackann.Prefix+"ip-version", "ipv4")), svc(nlb, ann(ackann.Prefix+"ip-version", "DualStack")),
			ackrules.ServiceFixedAtCreation, rules.ChangeRejected, annPath(ackann.Prefix + "ip-version")},
		{"nlb resource group set", ackrules.Provider, svc(nlb), svc(nlb, ann(ackann.Prefix+"resource-group-id", "rg-aek2aaaaaaaaaaa")),
			ackrules.ServiceResourceGroupImmutable, rules.ChangeRejected, annPath(ackann.Prefix + "resource-group-id")},
		{"nlb zone-maps removed from a CCM-made NLB", ackrules.Provider, svc(nlb, ann(ackann.Prefix+"zone-maps", "cn-hangzhou-a:vsw-1,cn-hangzhou-b:vsw-2")), svc(nlb),
			ackrules.ServiceFixedAtCreation, rules.ChangeRejected, annPath(ackann.Prefix + "zone-maps")},
		// TKE, a public CLB's zone.
		{"tke public CLB moved to another zone", tkerules.Provider, svc(ann(tkeann.SvcExtensive, `{"ZoneId":"ap-guangzhou-3"}`)), svc(ann(tkeann.SvcExtensive, `{"ZoneId":"ap-guangzhou-4"}`)),
			tkerules.ServiceCLBSwitchRefused, rules.ChangeRejected, annPath(tkeann.SvcExtensive)},
		{"tke zone parameters removed", tkerules.Provider, svc(ann(tkeann.SvcExtensive, `{"ZoneId":"ap-guangzhou-3"}`)), svc(), rules.ID{}, "", ""},
		{"ack spec s1 to s2 on PayBySpec", ackrules.Provider, svc(ann(ackann.Prefix+"spec", "slb.s1.small")), svc(ann(ackann.Prefix+"spec", "slb.s2.small")), rules.ID{}, "", ""},
		{"ack PayBySpec to PayByCLCU", ackrules.Provider, svc(ann(ackann.Prefix+"instance-charge-type", "PayBySpec")), svc(ann(ackann.Prefix+"instance-charge-type", "PayByCLCU")), rules.ID{}, "", ""},
		{"ack address type internet written out", ackrules.Provider, svc(), svc(ann(ackann.Prefix+"address-type", "internet")), rules.ID{}, "", ""},
		{"ack address type removed (CCM keeps the CLB's)", ackrules.Provider, svc(ann(ackann.Prefix+"address-type", "intranet")), svc(), rules.ID{}, "", ""},
		{"ack reused CLB Service deleted without managed listeners", ackrules.Provider, svc(ann(ackID, lbA)), svc(ann(ackID, lbA), typ(corev1.ServiceTypeClusterIP)), rules.ID{}, "", ""},
		{"ack CLB not made yet", ackrules.Provider, svc(pending), svc(ann(ackann.Prefix+"address-type", "intranet")), rules.ID{}, "", ""},
		{"ack preserve-lb-on-delete keeps the CLB", ackrules.Provider, svc(ann(ackann.Prefix+"preserve-lb-on-delete", "true")),
			svc(ann(ackann.Prefix+"preserve-lb-on-delete", "true"), typ(corev1.ServiceTypeClusterIP)), rules.ID{}, "", ""},
		{"ack port added", ackrules.Provider, svc(onlyPort80), svc(), rules.ID{}, "", ""},
		{"ack reused CLB to another behind an EIP (CCM does not compare)", ackrules.Provider, svc(ann(ackID, lbA)),
			svc(ann(ackID, lbB, ackann.Prefix+"external-ip-type", "eip")), rules.ID{}, "", ""},
		{"ack reused CLB to another with a hostname-only address (CCM does not compare)", ackrules.Provider, svc(ann(ackID, lbA), hostnameOnly),
			svc(ann(ackID, lbB), hostnameOnly), rules.ID{}, "", ""},
		{"ack PayBySpec to PayByCLCU with another spec (spec then ignored)", ackrules.Provider,
			svc(ann(ackann.Prefix+"instance-charge-type", "PayBySpec", ackann.Prefix+"spec", "slb.s1.small")),
			svc(ann(ackann.Prefix+"instance-charge-type", "PayByCLCU", ackann.Prefix+"spec", "slb.s2.small")), rules.ID{}, "", ""},
		{"ack PayByCLCU dropped without a spec", ackrules.Provider, svc(ann(ackann.Prefix+"instance-charge-type", "PayByCLCU")), svc(), rules.ID{}, "", ""},
		{"ack same spec with PayByCLCU", ackrules.Provider, svc(ann(ackann.Prefix+"instance-charge-type", "PayByCLCU", ackann.Prefix+"spec", "slb.s1.small")),
			svc(ann(ackann.Prefix+"instance-charge-type", "PayByCLCU", ackann.Prefix+"spec", "slb.s1.small")), rules.ID{}, "", ""},
		// TKE, rejected.
		{"tke public to private", tkerules.Provider, svc(), svc(ann(tkeann.InternalSubnetID, "subnet-abcd1234")),
			tkerules.ServiceCLBSwitchRefused, rules.ChangeRejected, annPath(tkeann.InternalSubnetID)},
		{"tke private subnet moved", tkerules.Provider, svc(ann(tkeann.InternalSubnetID, "subnet-abcd1234")), svc(ann(tkeann.InternalSubnetID, "subnet-efgh5678")),
			tkerules.ServiceCLBSwitchRefused, rules.ChangeRejected, annPath(tkeann.InternalSubnetID)},
		{"tke created CLB to an existing one", tkerules.Provider, svc(), svc(ann(tkeann.ExistedLBID, tkeLBA)),
			tkerules.ServiceCLBSwitchRefused, rules.ChangeRejected, annPath(tkeann.ExistedLBID)},
		{"tke existing CLB to a created one", tkerules.Provider, svc(ann(tkeann.ExistedLBID, tkeLBA)), svc(),
			tkerules.ServiceCLBSwitchRefused, rules.ChangeRejected, annPath(tkeann.ExistedLBID)},
		// TKE, destructive.
		{"tke LoadBalancer to NodePort deletes the created CLB", tkerules.Provider, svc(), svc(typ(corev1.ServiceTypeNodePort)),
			tkerules.ServiceChangeDeletesLB, rules.ChangeDestructive, "spec.type"},
		{"tke port dropped on an existing CLB", tkerules.Provider, svc(ann(tkeann.ExistedLBID, tkeLBA)), svc(ann(tkeann.ExistedLBID, tkeLBA), onlyPort80),
			tkerules.ServiceReusedListenersRemoved, rules.ChangeDestructive, "spec.ports"},
		// TKE, disruptive.
		{"tke direct access on", tkerules.Provider, svc(), svc(ann("service.cloud.tencent.com/direct-access", "true")),
			tkerules.ServiceBackendChange, rules.ChangeDisruptive, annPath("service.cloud.tencent.com/direct-access")},
		{"tke selector changed", tkerules.Provider, svc(), svc(func(s *corev1.Service) { s.Spec.Selector = map[string]string{"app": "web-v2"} }),
			rules.GenericServiceSelectorChange, rules.ChangeDisruptive, "spec.selector"},
		// No cloud named: what every cloud does.
		{"generic LoadBalancer to ClusterIP deletes the load balancer", rules.Generic, svc(), svc(typ(corev1.ServiceTypeClusterIP)),
			rules.GenericServiceTypeChangeDeletesLB, rules.ChangeDestructive, "spec.type"},
		{"generic LoadBalancer to NodePort deletes the load balancer", rules.Generic, svc(), svc(typ(corev1.ServiceTypeNodePort)),
			rules.GenericServiceTypeChangeDeletesLB, rules.ChangeDestructive, "spec.type"},
		{"generic load balancer not made yet", rules.Generic, svc(pending), svc(typ(corev1.ServiceTypeClusterIP)), rules.ID{}, "", ""},
		// TKE, benign.
		{"tke identical", tkerules.Provider, svc(ann(tkeann.ExistedLBID, tkeLBA)), svc(ann(tkeann.ExistedLBID, tkeLBA)), rules.ID{}, "", ""},
		{"tke subnet ignored on an existing CLB", tkerules.Provider, svc(ann(tkeann.ExistedLBID, tkeLBA)), svc(ann(tkeann.ExistedLBID, tkeLBA, tkeann.InternalSubnetID, "subnet-abcd1234")), rules.ID{}, "", ""},
		{"tke port added on an existing CLB", tkerules.Provider, svc(ann(tkeann.ExistedLBID, tkeLBA), onlyPort80), svc(ann(tkeann.ExistedLBID, tkeLBA)), rules.ID{}, "", ""},
		{"tke creation", tkerules.Provider, nil, svc(), rules.ID{}, "", ""},
		{"tke ClusterIP to LoadBalancer", tkerules.Provider, svc(typ(corev1.ServiceTypeClusterIP), pending), svc(), rules.ID{}, "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			exists := tc.now != nil && Exists(tc.now.Status.LoadBalancer.Ingress, tc.now.Labels)
			got := Service(modelOf(tc.p), tc.now, tc.after, exists)
			if !tc.want.Known() {
				if len(got) != 0 {
					t.Fatalf("want no change finding, got %+v", got)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("want one change of %s, got %+v", tc.want, got)
			}
			if got[0].Rule != tc.want || got[0].Class() != tc.class || got[0].Field != tc.field {
				t.Fatalf("got %s (%s) at %s, want %s (%s) at %s", got[0].Rule, got[0].Class(), got[0].Field, tc.want, tc.class, tc.field)
			}
			if got[0].Consequence == "" {
				t.Fatalf("no consequence")
			}
			if zh := got[0].ConsequenceIn(words.Chinese); !strings.ContainsFunc(zh, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
				t.Errorf("Chinese consequence %q holds no Chinese", zh)
			}
		})
	}
}

func ingress(opts ...func(*networkingv1.Ingress)) *networkingv1.Ingress {
	ing := &networkingv1.Ingress{ObjectMeta: metav1.ObjectMeta{Name: "bar", Namespace: "default", Annotations: map[string]string{}},
		Spec: networkingv1.IngressSpec{
			TLS: []networkingv1.IngressTLS{{Hosts: []string{"shop.example.com"}, SecretName: "shop-tls"}},
			Rules: []networkingv1.IngressRule{{Host: "shop.example.com", IngressRuleValue: networkingv1.IngressRuleValue{HTTP: &networkingv1.HTTPIngressRuleValue{
				Paths: []networkingv1.HTTPIngressPath{{Path: "/", Backend: networkingv1.IngressBackend{Service: &networkingv1.IngressServiceBackend{
					Name: "web", Port: networkingv1.ServiceBackendPort{Number: 80}}}}}}}}}},
		Status: networkingv1.IngressStatus{LoadBalancer: networkingv1.IngressLoadBalancerStatus{Ingress: []networkingv1.IngressLoadBalancerIngress{{IP: "81.71.1.2"}}}}}
	for _, o := range opts {
		o(ing)
	}
	return ing
}

func ingAnn(kv ...string) func(*networkingv1.Ingress) {
	return func(ing *networkingv1.Ingress) {
		for i := 0; i+1 < len(kv); i += 2 {
			ing.Annotations[kv[i]] = kv[i+1]
		}
	}
}

func TestIngressChanges(t *testing.T) {
	noTLS := func(ing *networkingv1.Ingress) { ing.Spec.TLS = nil }
	v2 := func(ing *networkingv1.Ingress) { ing.Spec.Rules[0].HTTP.Paths[0].Backend.Service.Name = "web-v2" }
	newPath := func(ing *networkingv1.Ingress) { ing.Spec.Rules[0].HTTP.Paths[0].Path = "/v2" }
	cases := []struct {
		name       string
		p          rules.Provider
		now, after *networkingv1.Ingress
		want       rules.ID
		class      rules.ChangeClass
	}{
		{"tke class qcloud to nginx", tkerules.Provider, ingress(ingAnn(annotations.IngressClass, "qcloud")), ingress(ingAnn(annotations.IngressClass, "nginx")), tkerules.IngressChangeDeletesLB, rules.ChangeDestructive},
		{"tke class set on an unclassed Ingress", tkerules.Provider, ingress(), ingress(func(i *networkingv1.Ingress) { c := "nginx"; i.Spec.IngressClassName = &c }), tkerules.IngressChangeDeletesLB, rules.ChangeDestructive},
		{"tke enable-group added", tkerules.Provider, ingress(ingAnn(tkeann.IngExistLB, tkeLBA)), ingress(ingAnn(tkeann.IngExistLB, tkeLBA, tkeann.EnableGroup, "true")), tkerules.IngressGroupAfterCreation, rules.ChangeRejected},
		{"tke TLS removed", tkerules.Provider, ingress(), ingress(noTLS), tkerules.IngressHTTPSListenerRemoved, rules.ChangeDisruptive},
		{"tke TLS added without rule-mix", tkerules.Provider, ingress(noTLS), ingress(), tkerules.IngressTLSMovesHTTPRules, rules.ChangeDisruptive},
		{"tke TLS added with rule-mix", tkerules.Provider, ingress(noTLS, ingAnn(tkeann.RuleMix, "true")), ingress(ingAnn(tkeann.RuleMix, "true")), rules.ID{}, ""},
		{"tke rule-mix removed while TLS stays", tkerules.Provider, ingress(ingAnn(tkeann.RuleMix, "true")), ingress(), tkerules.IngressTLSMovesHTTPRules, rules.ChangeDisruptive},
		{"tke rule-mix added while TLS stays", tkerules.Provider, ingress(), ingress(ingAnn(tkeann.RuleMix, "true")), rules.ID{}, ""},
		{"tke backend Service changed", tkerules.Provider, ingress(), ingress(v2), rules.GenericIngressBackendsChange, rules.ChangeDisruptive},
		{"ack backend Service changed", ackrules.Provider, ingress(), ingress(v2), rules.GenericIngressBackendsChange, rules.ChangeDisruptive},
		{"ack TLS removed (no TKE listener)", ackrules.Provider, ingress(), ingress(noTLS), rules.ID{}, ""},
		{"ack class changed (not TKE's)", ackrules.Provider, ingress(), ingress(ingAnn(annotations.IngressClass, "nginx")), rules.ID{}, ""},
		{"tke identical", tkerules.Provider, ingress(ingAnn(annotations.IngressClass, "qcloud")), ingress(ingAnn(annotations.IngressClass, "qcloud")), rules.ID{}, ""},
		{"tke path added", tkerules.Provider, ingress(), ingress(newPath), rules.ID{}, ""},
		{"tke nginx Ingress edited", tkerules.Provider, ingress(ingAnn(annotations.IngressClass, "nginx")), ingress(ingAnn(annotations.IngressClass, "nginx"), noTLS), rules.ID{}, ""},
		{"tke creation", tkerules.Provider, nil, ingress(), rules.ID{}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := Ingress(modelOf(tc.p), tc.now, tc.after, true)
			if !tc.want.Known() {
				if len(got) != 0 {
					t.Fatalf("want no change finding, got %+v", got)
				}
				return
			}
			if len(got) != 1 || got[0].Rule != tc.want || got[0].Class() != tc.class {
				t.Fatalf("want one %s (%s), got %+v", tc.want, tc.class, got)
			}
		})
	}
}

func TestEveryChangeRuleHasClassAndHistory(t *testing.T) {
	for _, r := range rules.All() {
		if r.Change == "" {
			continue
		}
		t.Run(r.ID.String(), func(t *testing.T) {
			if _, ok := r.Decided(rules.ByHistory); !ok {
				t.Errorf("a change rule is decided by the object's history; add a ByHistory decision")
			}
			if _, err := rules.ParseChangeClass(string(r.Change)); err != nil {
				t.Error(err)
			}
			if r.Change.Severity() != r.Severity {
				t.Errorf("class %s gives severity %s, the rule has %s", r.Change, r.Change.Severity(), r.Severity)
			}
		})
	}
}

// TestSayingsComplete: every consequence wording exists in English and in Chinese, the Chinese one
// written in Chinese, and both take the same facts (no missing or extra verb).
func TestSayingsComplete(t *testing.T) {
	for k := sayKey(1); k < sayCount; k++ {
		t.Run(strconv.Itoa(int(k)), func(t *testing.T) {
			en, zh := sayings[k].En, sayings[k].Zh
			if en == "" || zh == "" {
				t.Fatalf("wording %d: English %q, Chinese %q: both are needed", k, en, zh)
			}
			if strings.ContainsFunc(strings.ReplaceAll(en, "%s", ""), unicode.IsLetter) && !strings.ContainsFunc(zh, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
				t.Errorf("wording %d: Chinese %q holds no Chinese", k, zh)
			}
			n := strings.Count(en, "%s")
			args := make([]any, n)
			for i := range args {
				args[i] = "X" + strconv.Itoa(i)
			}
			for _, lang := range []words.Lang{words.English, words.Chinese} {
				got := say(k, args...).In(lang)
				if strings.Contains(got, "%!") {
					t.Errorf("wording %d in %s takes other facts than %d: %q", k, lang, n, got)
				}
				for _, a := range args {
					if !strings.Contains(got, a.(string)) {
						t.Errorf("wording %d in %s drops fact %s: %q", k, lang, a, got)
					}
				}
			}
		})
	}
}

// TestRemovalPerKey: for every key of the update paths, removing the annotation changes nothing when
// the controller compares it only when set, and is a change otherwise.
func TestRemovalPerKey(t *testing.T) {
	sample := map[string]string{"address-type": "intranet", "master-zoneid": "cn-hangzhou-k", "slave-zoneid": "cn-hangzhou-j",
		"network-type": "vpc", "ip": "192.168.0.10", "resource-group-id": "rg-aek2aaaaaaaaaaa", "ip-version": "ipv6",
		"vswitch-id": "vsw-a", "charge-type": "paybybandwidth", "bandwidth": "20", "instance-charge-type": "PayBySpec",
		"spec": "slb.s1.small", "delete-protection": "on", "modification-protection": "ConsoleProtection", "name": "web",
		"zone-maps": "cn-hangzhou-a:vsw-1,cn-hangzhou-b:vsw-2",
		"scheduler": "wrr", "health-check-flag": "on", "health-check-type": "http", "health-check-connect-port": "8080",
		"health-check-uri": "/healthz", "health-check-domain": "www.example.com", "health-check-method": "head",
		"health-check-httpcode": "http_2xx"}
	paths := []struct {
		name   string
		p      Model
		keys   []UpdateKey
		key    func(string) string
		value  func(string) string
		object func(...func(*corev1.Service)) *corev1.Service
	}{
		{"clb", ACK, ACKCLBUpdate, func(s string) string { return ackann.Prefix + s }, func(s string) string { return sample[s] }, svc},
		{"listener", ACK, ACKListenerUpdate, func(s string) string { return ackann.Prefix + s }, func(s string) string { return sample[s] }, svc},
		{"nlb", ACK, ACKNLBUpdate, func(s string) string { return ackann.Prefix + s },
			func(s string) string {
				if s == "ip-version" {
					return "DualStack"
				}
				return sample[s]
			},
			func(o ...func(*corev1.Service)) *corev1.Service { return svc(append(o, nlb)...) }},
		{"tke", TKE, TKEUpdate, func(s string) string { return s }, func(s string) string {
			if s == tkeann.SvcExtensive {
				return `{"ZoneId":"ap-guangzhou-3"}`
			}
			return "x-1"
		}, svc},
	}
	for _, path := range paths {
		for _, k := range path.keys {
			t.Run(path.name+"/"+k.Suffix, func(t *testing.T) {
				if k.Source == "" {
					t.Fatal("no source")
				}
				v := path.value(k.Suffix)
				if v == "" {
					t.Fatalf("no sample value for %s", k.Suffix)
				}
				now := path.object(ann(path.key(k.Suffix), v))
				got := Service(path.p, now, path.object(), true)
				if k.WhenSet && len(got) != 0 {
					t.Errorf("compared only when set, yet removing it gives %+v", got)
				}
				if !k.WhenSet && len(got) == 0 {
					t.Errorf("compared when unset too, yet removing it gives nothing")
				}
			})
		}
	}
}
