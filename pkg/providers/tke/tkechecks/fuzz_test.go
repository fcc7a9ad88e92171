package tkechecks

import (
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/changes"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// FuzzParsers feeds one string to every parser of user-controlled text: no panic.
func FuzzParsers(f *testing.F) {
	for _, s := range []string{"true", "2048", "lb-4ymlu8dc", "subnet-ewhltulw", `{"AddressIPVersion":"IPv4"}`,
		`[{"path":"/a","backend":{"serviceName":"web","servicePort":"80"}}]`, "https:443,http:80", "nonMasqueradeCIDRs:\n  - 10.0.0.0/8\n",
		`{"NonMasqueradeCIDRs":["0.0.0.0/0"]}`, "v1.18.4-tke.20", "v1.9.3.276-g372aa98-aliyun", "ccr.ccs.tencentyun.com/k/kube-proxy:v1.20.6-tke.12",
		"k1=v1,k2=v2", `{"metadata":{"annotations":{"a":"b"}}}`, "ap-guangzhou"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_, _ = checks.ParseBool(s)
		_, _ = checks.ParseIntRange(s, 1, 2048)
		for _, id := range []checks.IDFormat{clbID, subnetID, vpcID, regionID} {
			_ = id.Validate(s)
		}
		_, _ = checks.JSONObject(s)
		_, _ = parseRuleAnnotation(s, true)
		if cfg := parseMasqConfig(s); cfg.err == nil {
			_ = coversAll(cfg.dst) || coversAll(cfg.src)
		}
		_, _ = checks.YAMLObject(s)
		if v, err := checks.ParseVersion(s); err == nil {
			_ = v.Compare(v)
		}
		_ = checks.ImageTag(s)
		_, _ = checks.ParseKeyValues(s)
		_, _ = changes.LastAppliedAnnotations(map[string]string{"kubectl.kubernetes.io/last-applied-configuration": s})
	})
}

// fuzzKeys are the annotations whose values the checks parse.
var fuzzKeys = []string{tkeann.HTTPRules, tkeann.HTTPSRules, tkeann.IngExtensive, tkeann.RuleMix, tkeann.IngDirectAccess, tkeann.IngServiceConfig,
	tkeann.IngServiceConfigAuto, tkeann.IngChargeType, tkeann.IngBandwidth, tkeann.IngSubnet, tkeann.IngExistLB, annCertID,
	"service.kubernetes.io/service.extensiveParameters", tkeann.ExistedLBID, "service.kubernetes.io/qcloud-loadbalancer-internal-subnetid",
	"service.cloud.tencent.com/direct-access", "service.cloud.tencent.com/tke-service-config", "service.cloud.tencent.com/cross-region-id",
	ackann.Prefix + "protocol-port", ackann.Prefix + "scheduler", ackann.Prefix + "bandwidth", ackann.Prefix + "health-check-connect-port",
	ackann.Prefix + "sticky-session-type", ackann.Prefix + "id", ackann.Prefix + "address-type", ackann.Prefix + "spec", ackann.LegacyPrefix + "scheduler",
	ackann.Prefix + "shceduler", "kubectl.kubernetes.io/last-applied-configuration"}

// FuzzChecks runs every check on an Ingress and a Service carrying a fuzzed annotation, host,
// path and qcloud_cert_id: no panic, and only declared rules.
func FuzzChecks(f *testing.F) {
	f.Add(uint8(0), `[{"path":"/x"}]`, "shop.example.com", "/", []byte("YCOLTUdr"))
	f.Add(uint8(2), `{"AddressIPVersion":"IPv6FullChain"}`, "", "/a/(.*)", []byte("YCOLTUdr\n"))
	f.Add(uint8(18), "https:443,tcp:99999", "Bad_Host", "", []byte{0xff, 0x00})
	f.Fuzz(func(t *testing.T, k uint8, value, host, path string, certID []byte) {
		key := fuzzKeys[int(k)%len(fuzzKeys)]
		ing := Ingress(IngTLS("tls"), IngAnn(key, value), IngHost(host), IngPath(path))
		svc := Service("web", corev1.ServiceTypeLoadBalancer, SvcAnn(key, value))
		objs := []runtime.Object{ing, svc, CertSecret("tls", map[string]string{"qcloud_cert_id": string(certID)})}
		s := Fixture(t, objs...)
		for _, p := range []rules.Provider{tkerules.Provider, ackrules.Provider} {
			diagnose(t, s, snapshot.KindIngress, "bar", p)
			diagnose(t, s, snapshot.KindService, "web", p)
		}
	})
}

// TestHugeAnnotations gives every parsed annotation a 1 MiB value: the run ends and no finding
// quotes more than a clipped excerpt.
func TestHugeAnnotations(t *testing.T) {
	huge := map[string]string{
		"json":  "[" + strings.Repeat(`{"path":"/a","backend":{"serviceName":"web","servicePort":80}},`, 1<<20/64) + "{}]",
		"plain": strings.Repeat("a", 1<<20),
		"list":  strings.Repeat("https:443,", 1<<20/10),
	}
	for name, v := range huge {
		t.Run(name, func(t *testing.T) {
			ing := Ingress(IngHost("shop.example.com"))
			svc := Service("web", corev1.ServiceTypeLoadBalancer)
			for _, k := range fuzzKeys {
				ing.Annotations[k] = v
				svc.Annotations[k] = v
			}
			s := Fixture(t, ing, svc)
			for _, p := range []rules.Provider{tkerules.Provider, ackrules.Provider} {
				for _, res := range []checks.Result{diagnose(t, s, snapshot.KindIngress, "bar", p), diagnose(t, s, snapshot.KindService, "web", p)} {
					for _, f := range res.Findings {
						if len(f.Message) > 4096 {
							t.Errorf("%s: message of %d bytes quotes the annotation unclipped", f.Rule, len(f.Message))
						}
					}
				}
			}
		})
	}
}

// FuzzIsJSONObject: what isJSONObject accepts, jsonObject decodes (the reverse need not hold:
// jsonObject lets a stray closing bracket follow the object).
func FuzzIsJSONObject(f *testing.F) {
	for _, s := range []string{"", "{}", " {\"a\":1} ", "null", "[]", "{", "{} {}", "{}x", "\t{\"a\":{\"b\":[1,2]}}\n", `{"a":1,"a":2}`,
		"\"{}\"", "{\"a\":\xff}", "{\"\xff\":1}", " \u00a0{}", "{}}", "{}]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_, err := checks.JSONObject(s)
		if checks.IsJSONObject(s) && err != nil {
			t.Errorf("isJSONObject(%q) holds, but jsonObject fails: %v", s, err)
		}
	})
}
