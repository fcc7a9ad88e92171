package checks_test

import (
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/intstr"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// domainCase is one annotation value and what the ACK annotation check must say of it: want is the
// rule of the finding at path (none of the value rules when want is nil), facts are strings the
// finding's message must hold (the allowed values, range or format).
type domainCase struct {
	name  string
	ann   map[string]string
	mods  []func(*corev1.Service)
	want  *rules.ID
	path  string
	facts []string
}

func ruleOf(id rules.ID) *rules.ID { return &id }

// ackValueRules are the rules a domain check emits.
var ackValueRules = []rules.ID{ackrules.ServiceInvalidAnnotation, ackrules.ServiceIgnoredAnnotationValue}

func TestACKAnnotationDomains(t *testing.T) {
	invalid, ignored := ruleOf(ackrules.ServiceInvalidAnnotation), ruleOf(ackrules.ServiceIgnoredAnnotationValue)
	ok := func(name, suffix, value string, kv ...string) domainCase {
		return domainCase{name: name, ann: Anns(append([]string{suffix, value}, kv...)...), path: ACKPath(suffix)}
	}
	bad := func(name string, want *rules.ID, suffix, value string, facts ...string) domainCase {
		return domainCase{name: name, ann: Anns(suffix, value), want: want, path: ACKPath(suffix), facts: facts}
	}
	tls := []string{"tls_cipher_policy_1_0", "tls_cipher_policy_1_1", "tls_cipher_policy_1_2",
		"tls_cipher_policy_1_2_strict", "tls_cipher_policy_1_2_strict_with_1_3"}
	https443 := AddPort("https", 443, intstr.FromInt32(8443))
	reuse := []string{"id", "lb-bp1o94dp5i6earr9g6d1l", "force-override-listeners", "true"}
	cases := []domainCase{
		// Closed sets.
		ok("tls policy strict with 1.3", "tls-cipher-policy", "tls_cipher_policy_1_2_strict_with_1_3"),
		ok("tls policy 1.0", "tls-cipher-policy", "tls_cipher_policy_1_0"),
		bad("tls policy unknown", invalid, "tls-cipher-policy", "tls_cipher_policy_1_3", tls...),
		ok("health check method get", "health-check-method", "get"),
		bad("health check method upper case", invalid, "health-check-method", "GET", "head", "get"),
		ok("network type vpc", "network-type", "vpc"),
		bad("network type", invalid, "network-type", "alibaba", "classic", "vpc"),
		bad("slb-network-type is not read by the open-source CCM", ignored, "slb-network-type", "VPC", "classic", "vpc"),
		ok("instance charge type any case", "instance-charge-type", "paybyclcu"),
		bad("instance charge type", invalid, "instance-charge-type", "PayByTraffic", "PayBySpec", "PayByCLCU"),
		ok("backend ip version dual stack", "backend-ip-version", "DualStack"),
		bad("backend ip version", ignored, "backend-ip-version", "v6", "ipv4", "ipv6", "dualstack"),
		// Values CCM compares with one exact spelling.
		ok("proxy protocol on", "proxy-protocol", "on"),
		bad("proxy protocol true", ignored, "proxy-protocol", "true", "on", "off"),
		bad("remove unscheduled true", ignored, "remove-unscheduled-backend", "true", "on", "off"),
		bad("force override True", ignored, "force-override-listeners", "True", "true", "false"),
		ok("preserve on delete", "preserve-lb-on-delete", "true"),
		bad("preserve on delete false still preserves", ignored, "preserve-lb-on-delete", "false", "true"),
		ok("external ip type eip", "external-ip-type", "eip"),
		bad("external ip type", ignored, "external-ip-type", "EIP", "eip"),
		ok("ignore weight update ON", "ignore-weight-update", "ON"),
		// Typed formats.
		ok("hostname", "hostname", "www.example.com"),
		bad("hostname upper case", invalid, "hostname", "WWW.example.com", "RFC 1123"),
		bad("hostname is an ip", invalid, "hostname", "10.0.0.1", "IP address"),
		ok("ip v4", "ip", "192.168.0.10"),
		ok("ip v6", "ip", "2408:4005::10"),
		bad("ip", invalid, "ip", "192.168.0.300", "IPv4 or IPv6"),
		ok("zone id", "master-zoneid", "cn-hangzhou-k"),
		ok("zone id with digit", "slave-zoneid", "ap-southeast-1a"),
		bad("zone id", invalid, "master-zoneid", "Hangzhou K", "cn-hangzhou-k"),
		ok("health check domain $_ip", "health-check-domain", "$_ip"),
		ok("health check domain", "health-check-domain", "Health.example-1.com"),
		bad("health check domain", invalid, "health-check-domain", "example.com/health", "$_ip", "1–80"),
		ok("cookie with underscore", "cookie", "session_id"),
		bad("cookie with semicolon", invalid, "cookie", "a;b", "1–200"),
		bad("cookie starting with $", invalid, "cookie", "$sid", "'$'"),
		ok("tags with bare key", "additional-resource-tags", "k1=v1,k2=,k3"),
		bad("tags item without key", ignored, "additional-resource-tags", "k1=v1,=v2", "k1=v1,k2=v2"),
		ok("domain extensions", "domain-extensions", "a.example.com:123_abc, b.example.com:456_def"),
		bad("domain extensions", invalid, "domain-extensions", "a.example.com", "domain:certificate-id"),
		ok("acl ids", "acl-id", "acl-bp1l0kk4gxce43g1xxxxx,acl-bp1l0kk4gxce43g1yyyyy"),
		ok("backend label", "backend-label", "k1=v1,k2=v2"),
		bad("backend label with space", invalid, "backend-label", "k1=v1, k2=v2", "k1=v1,k2=v2"),
		// Integers as strconv.Atoi reads them, with the API range.
		ok("idle timeout", "idle-timeout", "60"),
		bad("idle timeout out of range", invalid, "idle-timeout", "61", "1–60"),
		bad("idle timeout with a space", invalid, "idle-timeout", " 30", "1–60"),
		bad("established timeout not an integer", invalid, "established-timeout", "30s", "10–900"),
		bad("default weight", invalid, "default-weight", "150", "0–100"),
		bad("health check port", invalid, "health-check-connect-port", "0", "1–65535", "-520"),
		// NLB annotations on a CLB Service: CCM does not read them.
		ok("zone maps", "zone-maps", "cn-hangzhou-k:vsw-bp1aaaaaaaa,cn-hangzhou-j:vsw-bp1bbbbbbbb"),
		bad("zone maps", ignored, "zone-maps", "cn-hangzhou-k", "zone:vswitch-id"),
		bad("server group type", ignored, "server-group-type", "ENI", "Ip", "Instance"),
		ok("server group type any case", "server-group-type", "ip"),
		bad("security group ids", ignored, "security-group-ids", "sg-1,sg-2", "sg-"),
		bad("cps", ignored, "cps", "many", "not an integer"),
		// Port lists, walked as CCM walks them.
		ok("protocol port", "protocol-port", "http:80"),
		{name: "protocol-port entry after the match is never read", ann: Anns("protocol-port", "tcp:80,ftp:81"),
			want: ignored, path: ACKPath("protocol-port"), facts: []string{`"ftp:81"`}},
		{name: "protocol-port malformed entry before the match", ann: Anns("protocol-port", "ftp:81,tcp:80"),
			want: invalid, path: ACKPath("protocol-port"), facts: []string{"http", "https", "tcp", "udp"}},
		{name: "protocol-port port the Service lacks", ann: Anns("protocol-port", "https:443", "cert-id", "123_abc"),
			want: ignored, path: ACKPath("protocol-port"), facts: []string{`"https:443"`, "80"}},
		{name: "protocol-port both ports", ann: Anns("protocol-port", "http:80,https:443", "cert-id", "123_abc"),
			mods: []func(*corev1.Service){https443}, path: ACKPath("protocol-port")},
		{name: "forward-port http to https", ann: Anns("protocol-port", "http:80,https:443", "cert-id", "123_abc", "forward-port", "80:443"),
			mods: []func(*corev1.Service){https443}, path: ACKPath("forward-port")},
		{name: "forward-port malformed", ann: Anns("protocol-port", "http:80", "forward-port", "80-443"),
			want: invalid, path: ACKPath("forward-port"), facts: []string{"80:443"}},
		{name: "forward-port target not an integer", ann: Anns("protocol-port", "http:80", "forward-port", "80:https"),
			want: invalid, path: ACKPath("forward-port"), facts: []string{"1–65535"}},
		{name: "forward-port without an http listener", ann: Anns("forward-port", "80:443"),
			want: ignored, path: ACKPath("forward-port"), facts: []string{"http"}},
		{name: "vgroup-port without a reused CLB", ann: Anns("vgroup-port", "rsp-bp1aaaaaaaa:80"),
			want: ignored, path: ACKPath("vgroup-port"), facts: []string{"id"}},
		{name: "vgroup-port on a reused CLB", ann: Anns(append(reuse, "vgroup-port", "rsp-bp1aaaaaaaa:80")...), path: ACKPath("vgroup-port")},
		{name: "vgroup-port malformed", ann: Anns(append(reuse, "vgroup-port", "rsp-bp1aaaaaaaa")...),
			want: invalid, path: ACKPath("vgroup-port"), facts: []string{"vserver-group-id:port"}},
		{name: "vgroup-port port the Service lacks", ann: Anns(append(reuse, "vgroup-port", "rsp-bp1aaaaaaaa:80,rsp-bp1bbbbbbbb:8080")...),
			want: ignored, path: ACKPath("vgroup-port"), facts: []string{"rsp-bp1bbbbbbbb:8080"}},
		// backend-type: anything but eni means ECS backends.
		{name: "backend-type eni", ann: Anns(ackann.BackendType, "eni", "spec", "slb.s1.small"), path: AnnPath(ackann.BackendType)},
		{name: "backend-type Eni", ann: Anns(ackann.BackendType, "Eni"), want: ignored, path: AnnPath(ackann.BackendType), facts: []string{"eni", "ecs"}},
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			res := diagnose(t, Fixture(t, WithObjs(ACKHealthy(), Objs(ACKSvc(tt.ann, tt.mods...)))...), snapshot.KindService, "web", ackrules.Provider)
			var got []Finding
			for _, f := range res.Findings {
				for _, id := range ackValueRules {
					if f.Rule == id && f.Path == tt.path {
						got = append(got, f)
					}
				}
			}
			if tt.want == nil {
				if len(got) > 0 {
					t.Fatalf("want no value finding at %s, got %s: %s", tt.path, got[0].Rule, got[0].Message)
				}
				return
			}
			if len(got) != 1 || got[0].Rule != *tt.want {
				t.Fatalf("want one %s at %s, got %v", *tt.want, tt.path, got)
			}
			for _, fact := range tt.facts {
				if !strings.Contains(got[0].Message, fact) {
					t.Errorf("finding %q does not name %q", got[0].Message, fact)
				}
			}
		})
	}
}

func TestTKEServiceAnnotationDomains(t *testing.T) {
	for _, tt := range []struct {
		name, key, value string
		want             bool
	}{
		{"charge type by bandwidth", tkeann.SvcChargeType, "BANDWIDTH_POSTPAID_BY_HOUR", false},
		{"charge type by traffic", tkeann.SvcChargeType, "TRAFFIC_POSTPAID_BY_HOUR", false},
		{"charge type lower case", tkeann.SvcChargeType, "traffic_postpaid_by_hour", true},
		{"charge type of the Ingress only", tkeann.SvcChargeType, "BANDWIDTH_PACKAGE", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res := diagnose(t, Fixture(t, LBSvc(SvcAnn(tt.key, tt.value))), snapshot.KindService, "web", tkerules.Provider)
			var got []Finding
			for _, f := range res.Findings {
				if f.Rule == tkerules.ServiceInvalidAnnotationValue && f.Path == AnnPath(tt.key) {
					got = append(got, f)
				}
			}
			if !tt.want {
				if len(got) > 0 {
					t.Fatalf("want no finding, got %s", got[0].Message)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("want one %s at %s, got %v", tkerules.ServiceInvalidAnnotationValue, AnnPath(tt.key), res.Findings)
			}
			for _, v := range []string{"BANDWIDTH_POSTPAID_BY_HOUR", "TRAFFIC_POSTPAID_BY_HOUR"} {
				if !strings.Contains(got[0].Message, v) {
					t.Errorf("finding %q does not name %q", got[0].Message, v)
				}
			}
		})
	}
}
