// Package ackann declares every annotation key of Alibaba Cloud ACK's cloud-controller-manager (CCM)
// that the tool knows, once: the key, the kinds it is written on, its value domain and its source.
// CLB and NLB keys share Prefix (and the legacy LegacyPrefix, which CCM reads when the current key is
// absent). The value checks in pkg/checks (ackAnnotations) are keyed by these suffixes; a key under the
// prefixes that is not here gets ack.service.unknown-annotation. CCM paths are in
// kubernetes/cloud-provider-alibaba-cloud at commit eeb0ddc687ee (pkg/controller/service/...).
package ackann

import "github.com/lbdoctor/kubectl-lbdoctor/pkg/annotations"

// The key prefixes and keys outside them.
const (
	// Prefix is the prefix of every CLB and NLB annotation CCM reads.
	Prefix = "service.beta.kubernetes.io/alibaba-cloud-loadbalancer-"
	// LegacyPrefix is the pre-2019 prefix, read when the key under Prefix is absent
	// (reconcile/annotation/annotations.go:165).
	LegacyPrefix = "service.beta.kubernetes.io/alicloud-loadbalancer-"
	// BackendType selects ENI (pod) or ECS (node) backends.
	BackendType = "service.beta.kubernetes.io/backend-type"
	// Class, when not empty, hands a Service to another load balancer controller: CCM leaves it alone
	// (helper.LoadBalancerClass), as it does a Service with the tunnel-type annotation.
	Class = "service.beta.kubernetes.io/class"
	// TunnelType, present with any value, makes CCM leave the Service alone (helper.IsTunnelTypeService).
	TunnelType = Prefix + "tunnel-type"
	// LabelLBID is the label CCM puts on every Service it has bound to a load balancer.
	LabelLBID = "service.k8s.alibaba/loadbalancer-id"
	// VendorPrefix is the Kubernetes prefix both clouds' keys, and upstream ones, sit under.
	VendorPrefix = "service.beta.kubernetes.io/"
	// FamilyPrefix and LegacyFamilyPrefix start every ACK key, the load balancer ones included.
	FamilyPrefix       = "service.beta.kubernetes.io/alibaba-cloud-"
	LegacyFamilyPrefix = "service.beta.kubernetes.io/alicloud-"
)

// SrcAnnotations is ACK's page on configuring CLB instances with Service annotations.
const SrcAnnotations = "https://www.alibabacloud.com/help/en/ack/ack-managed-and-ack-dedicated/user-guide/add-annotations-to-the-yaml-file-of-a-service-to-configure-clb-instances"

const svc = annotations.Service

// Keys is every ACK Service key the tool knows: BackendType, then the load balancer keys under Prefix.
var Keys = append(annotations.Set{
	{Name: BackendType, Kinds: svc, Domain: "eni, ecs", Outside: "warning: anything but exactly `eni` means ECS", Source: "controller/helper/service_utils.go:78-80; " + SrcAnnotations},
}, withPrefix(suffixKeys)...)

// Suffixes are the load balancer keys without Prefix, in order.
func Suffixes() []string {
	out := make([]string, len(suffixKeys))
	for i, k := range suffixKeys {
		out[i] = k.Suffix
	}
	return out
}

// suffixKey is a key under Prefix.
type suffixKey struct{ Suffix, Domain, Outside, Source string }

func withPrefix(ks []suffixKey) annotations.Set {
	out := make(annotations.Set, len(ks))
	for i, k := range ks {
		out[i] = annotations.Key{Name: Prefix + k.Suffix, Kinds: svc, Domain: k.Domain, Outside: k.Outside, Source: k.Source}
	}
	return out
}

// suffixKeys: domains and the severity outside them are those the checks in pkg/checks enforce
// (ackAnnotations and nlbCheck); "CCM docs/usage.md" is the CCM's annotation table.
var suffixKeys = []suffixKey{
	{Suffix: "address-type", Domain: "internet, intranet", Outside: "error", Source: "CCM docs/usage.md"},
	{Suffix: "id", Domain: "CLB id lb-xxxxxxxx", Outside: "error", Source: "CCM docs/usage.md"},
	{Suffix: "name", Domain: "", Outside: "", Source: "CCM docs/usage.md (free text)"},
	{Suffix: "resource-group-id", Domain: "resource group id rg-xxxxxxxx", Outside: "error", Source: "CCM docs/usage.md"},
	{Suffix: "additional-resource-tags", Domain: "items `k`, `k=`, `k=v` separated by `,`", Outside: "warning: an item without a key is dropped", Source: "reconcile/annotation/annotations.go:238-262"},
	{Suffix: "delete-protection", Domain: "on, off", Outside: "error", Source: "CCM docs/usage.md"},
	{Suffix: "modification-protection", Domain: "ConsoleProtection, NonProtection", Outside: "error", Source: "CCM docs/usage.md"},
	{Suffix: "cert-id", Domain: "", Outside: "", Source: "CCM docs/usage.md (free text)"},
	{Suffix: "cacert-id", Domain: "", Outside: "", Source: "CCM docs/usage.md (free text)"},
	{Suffix: "cacert", Domain: "", Outside: "", Source: "CCM docs/usage.md (free text)"},
	{Suffix: "protocol-port", Domain: "`proto:port` items, proto exactly http, https, tcp or udp", Outside: "error for a malformed entry CCM reaches; warning for entries no Service port matches", Source: "clbv1/listeners.go:711-737: for each Service port CCM walks the items in order, nothing trimmed, failing on the first malformed one and stopping at the first whose port text equals the Service port"},
	{Suffix: "forward-port", Domain: "`listener:target` items, exactly one `:`; target an integer port", Outside: "error for a malformed reached entry or a non-integer target; warning when no http listener exists or an entry names no http listener", Source: "clbv1/listeners.go:224 (read only for http listeners), 618-643"},
	{Suffix: "idle-timeout", Domain: "integer 1–60", Outside: "error", Source: "Atoi at clbv1/listeners.go:236; range: model/load_balancer.go (ListenerAttribute comments) and CLB API"},
	{Suffix: "request-timeout", Domain: "integer 1–180", Outside: "error", Source: "clbv1/listeners.go:245; model/load_balancer.go"},
	{Suffix: "established-timeout", Domain: "integer 10–900", Outside: "error", Source: "clbv1/listeners.go:202; model/load_balancer.go"},
	{Suffix: "tls-cipher-policy", Domain: "tls_cipher_policy_1_0, _1_1, _1_2, _1_2_strict, _1_2_strict_with_1_3", Outside: "error", Source: "CLB TLS security policies (https://www.alibabacloud.com/help/en/slb/classic-load-balancer/user-guide/tls-security-policies: CLB has no custom policies); CCM passes the value through, clbv1/listeners.go:212"},
	{Suffix: "scheduler", Domain: "rr, wrr, wlc, sch, tch, qch", Outside: "error", Source: "CLB API Scheduler; passed through, clbv1/listeners.go:188"},
	{Suffix: "connection-drain", Domain: "on, off", Outside: "error", Source: "CCM docs/usage.md"},
	{Suffix: "connection-drain-timeout", Domain: "integer 10–900", Outside: "error", Source: "clbv1/listeners.go:269; model/load_balancer.go"},
	{Suffix: "vswitch-id", Domain: "vSwitch id vsw-xxxxxxxx", Outside: "error", Source: "CCM docs/usage.md"},
	{Suffix: "slb-network-type", Domain: "classic, vpc", Outside: "warning: the open-source CCM never read this key (declared, then renamed to network-type in commit ba4191857)", Source: "CCM docs/usage.md:829 (annotation table)"},
	{Suffix: "network-type", Domain: "classic, vpc", Outside: "error", Source: "model/load_balancer.go:84-85 (ClassicNetworkType, VpcNetworkType); read at clbv1/loadbalancer.go:276"},
	{Suffix: "charge-type", Domain: "paybytraffic, paybybandwidth", Outside: "error", Source: "CCM docs/usage.md:830; annotations.go:53"},
	{Suffix: "force-override-listeners", Domain: "true, false", Outside: "warning: only exactly `true` overrides", Source: "reconcile/annotation/annotations.go:270"},
	{Suffix: "master-zoneid", Domain: "zone id, lower-case words joined by `-` (cn-hangzhou-k)", Outside: "error", Source: "CLB API MasterZoneId/SlaveZoneId; read at clbv1/loadbalancer.go:264-265"},
	{Suffix: "slave-zoneid", Domain: "zone id, lower-case words joined by `-` (cn-hangzhou-k)", Outside: "error", Source: "CLB API MasterZoneId/SlaveZoneId; read at clbv1/loadbalancer.go:264-265"},
	{Suffix: "bandwidth", Domain: "integer 1–5120", Outside: "error", Source: "Atoi at clbv1/loadbalancer.go:250; CLB API Bandwidth"},
	{Suffix: "spec", Domain: "CLB spec slb.sN.xxx (slb.s1.small)", Outside: "error", Source: "CCM docs/usage.md"},
	{Suffix: "instance-charge-type", Domain: "PayBySpec, PayByCLCU, any letter case", Outside: "error", Source: "model/load_balancer.go:37-43 (strings.EqualFold)"},
	{Suffix: "ip-version", Domain: "ipv4, ipv6", Outside: "error", Source: "CCM docs/usage.md (ip-version row)"},
	{Suffix: "external-ip-type", Domain: "eip", Outside: "warning: any other value shows the CLB address", Source: "clbv1/service_controller.go:410"},
	{Suffix: "hostname", Domain: "DNS-1123 subdomain, not an IP", Outside: "error: the status update is refused", Source: "copied to status.loadBalancer.ingress[].hostname at clbv1/service_controller.go:419; the API server validates it (k8s.io/kubernetes pkg/apis/core/validation ValidateLoadBalancerStatus)"},
	{Suffix: "ip", Domain: "IPv4 or IPv6 address", Outside: "error", Source: "sent as the CLB Address, clbv1/loadbalancer.go:272"},
	{Suffix: "acl-status", Domain: "on, off", Outside: "error", Source: "CCM docs/usage.md"},
	{Suffix: "acl-id", Domain: "comma-separated acl- ids", Outside: "error", Source: "split on `,` at clbv1/listeners.go:1149-1153"},
	{Suffix: "acl-type", Domain: "white, black", Outside: "error", Source: "CCM docs/usage.md"},
	{Suffix: "http2-enabled", Domain: "on, off", Outside: "error", Source: "CCM docs/usage.md"},
	{Suffix: "health-check-switch", Domain: "on, off", Outside: "error", Source: "CCM docs/usage.md"},
	{Suffix: "health-check-flag", Domain: "on, off", Outside: "error", Source: "CCM docs/usage.md"},
	{Suffix: "health-check-type", Domain: "tcp, http", Outside: "error", Source: "CCM docs/usage.md"},
	{Suffix: "health-check-uri", Domain: "", Outside: "", Source: "CCM docs/usage.md (free text)"},
	{Suffix: "health-check-connect-port", Domain: "-520 or 1–65535", Outside: "error", Source: "clbv1/listeners.go:333; CCM docs/usage.md"},
	{Suffix: "healthy-threshold", Domain: "integer 2–10", Outside: "error", Source: "clbv1/listeners.go:309,317; CCM docs/usage.md"},
	{Suffix: "unhealthy-threshold", Domain: "integer 2–10", Outside: "error", Source: "clbv1/listeners.go:309,317; CCM docs/usage.md"},
	{Suffix: "health-check-interval", Domain: "integer 1–50", Outside: "error", Source: "clbv1/listeners.go:341; CCM docs/usage.md"},
	{Suffix: "health-check-connect-timeout", Domain: "integer 1–300", Outside: "error", Source: "clbv1/listeners.go:325,364; CCM docs/usage.md"},
	{Suffix: "health-check-timeout", Domain: "integer 1–300", Outside: "error", Source: "clbv1/listeners.go:325,364; CCM docs/usage.md"},
	{Suffix: "health-check-domain", Domain: "`$_ip`, or 1–80 letters, digits, `.`, `-`", Outside: "error", Source: "CCM docs/usage.md (health-check-domain row); CLB API HealthCheckDomain"},
	{Suffix: "health-check-httpcode", Domain: "comma-separated http_2xx, http_3xx, http_4xx, http_5xx", Outside: "error", Source: "CCM docs/usage.md"},
	{Suffix: "health-check-method", Domain: "head, get (lower case)", Outside: "error", Source: "CLB API HealthCheckMethod; passed through, clbv1/listeners.go:371"},
	{Suffix: "sticky-session", Domain: "on, off", Outside: "error", Source: "CCM docs/usage.md"},
	{Suffix: "sticky-session-type", Domain: "insert, server", Outside: "error", Source: "CCM docs/usage.md"},
	{Suffix: "cookie-timeout", Domain: "integer 1–86400", Outside: "error", Source: "clbv1/listeners.go:282; model/load_balancer.go (CookieTimeout 1~86400; CCM docs/usage.md says 1–8640, the API says 86400)"},
	{Suffix: "cookie", Domain: "1–200 printable ASCII, no `,` `;` space, not starting with `$`", Outside: "error", Source: "CLB API Cookie; CCM docs/usage.md (cookie row)"},
	{Suffix: "persistence-timeout", Domain: "integer 0–3600", Outside: "error", Source: "clbv1/listeners.go:193; CCM docs/usage.md"},
	{Suffix: "vgroup-port", Domain: "`vserver-group-id:port` items", Outside: "warning without `id` (read only for a reused CLB) or for entries naming no Service port; error for a malformed reached entry", Source: "clbv1/listeners.go:180, 740-753"},
	{Suffix: "xforwardedfor-proto", Domain: "on, off", Outside: "error", Source: "CCM docs/usage.md"},
	{Suffix: "xforwardedfor-slbport", Domain: "on, off", Outside: "error", Source: "CCM docs/usage.md"},
	{Suffix: "xforwardedfor-clientsrcport", Domain: "on, off", Outside: "error", Source: "CCM docs/usage.md"},
	{Suffix: "proxy-protocol", Domain: "on, off", Outside: "warning: only exactly `on` enables it", Source: "clbv1/listeners.go:221"},
	{Suffix: "domain-extensions", Domain: "`domain:cert-id` items, exactly one `:` each", Outside: "error", Source: "clbv1/listeners.go:1177-1195"},
	{Suffix: "backend-label", Domain: "`k=v` items, no spaces", Outside: "error (CCM errors on an item without `=`; spaces make no node match)", Source: "reconcile/backend/backend.go:153-167"},
	{Suffix: "backend-ip-version", Domain: "ipv4, ipv6, dualstack, any case", Outside: "warning: any other value gives IPv4 backends", Source: "reconcile/backend/backend.go:89-95"},
	{Suffix: "remove-unscheduled-backend", Domain: "on, off", Outside: "warning: only exactly `on` removes nodes", Source: "reconcile/backend/backend.go:200"},
	{Suffix: "weight", Domain: "integer 0–100", Outside: "error", Source: "clbv1/vgroups.go:524,538"},
	{Suffix: "default-weight", Domain: "integer 0–100", Outside: "error", Source: "clbv1/vgroups.go:524,538"},
	{Suffix: "ignore-weight-update", Domain: "on, off, any case", Outside: "warning: only `on` (EqualFold)", Source: "clbv1/vgroups.go:532"},
	{Suffix: "preserve-lb-on-delete", Domain: "true", Outside: "warning: any non-empty value keeps the CLB, `false` included", Source: "clbv1/loadbalancer.go:273"},
	{Suffix: "type", Domain: "", Outside: "", Source: "CCM docs/usage.md (free text)"},
	{Suffix: "tunnel-type", Domain: "", Outside: "", Source: "CCM docs/usage.md (free text)"},
	{Suffix: "zone-maps", Domain: "zone:vswitch[:ip[:allocation]] items (NLB only)", Outside: "warning on a CLB Service: CCM does not read NLB keys there (helper/service_utils.go:98 NeedCLB)", Source: "nlbv2/loadbalancer.go:639"},
	{Suffix: "security-group-ids", Domain: "comma-separated sg- ids (NLB only)", Outside: "warning on a CLB Service: CCM does not read NLB keys there (helper/service_utils.go:98 NeedCLB)", Source: "pkg/controller/service/nlbv2"},
	{Suffix: "bandwidth-package-id", Domain: "", Outside: "", Source: "CCM docs/usage.md (free text)"},
	{Suffix: "cps", Domain: "integer (NLB only)", Outside: "warning on a CLB Service: CCM does not read NLB keys there (helper/service_utils.go:98 NeedCLB)", Source: "nlbv2/listeners.go:217"},
	{Suffix: "preserve-client-ip", Domain: "on, off, any case (NLB only)", Outside: "warning on a CLB Service: CCM does not read NLB keys there (helper/service_utils.go:98 NeedCLB)", Source: "pkg/controller/service/nlbv2"},
	{Suffix: "server-group-type", Domain: "Ip, Instance, any case (NLB only)", Outside: "warning on a CLB Service: CCM does not read NLB keys there (helper/service_utils.go:98 NeedCLB)", Source: "nlbv2/server_groups.go:1204-1210"},
	{Suffix: "ppv2-pvl-ep-id-enabled", Domain: "on, off, any case (NLB only)", Outside: "warning on a CLB Service: CCM does not read NLB keys there (helper/service_utils.go:98 NeedCLB)", Source: "pkg/controller/service/nlbv2"},
	{Suffix: "ppv2-pvl-eps-id-enabled", Domain: "on, off, any case (NLB only)", Outside: "warning on a CLB Service: CCM does not read NLB keys there (helper/service_utils.go:98 NeedCLB)", Source: "pkg/controller/service/nlbv2"},
	{Suffix: "ppv2-pvl-vpc-id-enabled", Domain: "on, off, any case (NLB only)", Outside: "warning on a CLB Service: CCM does not read NLB keys there (helper/service_utils.go:98 NeedCLB)", Source: "pkg/controller/service/nlbv2"},
	{Suffix: "ipv6-address-type", Domain: "internet, intranet, any case (NLB only)", Outside: "warning on a CLB Service: CCM does not read NLB keys there (helper/service_utils.go:98 NeedCLB)", Source: "pkg/controller/service/nlbv2"},
	{Suffix: "cross-zone-enabled", Domain: "on, off (NLB only)", Outside: "warning on a CLB Service: CCM does not read NLB keys there (helper/service_utils.go:98 NeedCLB)", Source: "pkg/controller/service/nlbv2"},
	{Suffix: "alpn", Domain: "on, off, any case (NLB only)", Outside: "warning on a CLB Service: CCM does not read NLB keys there (helper/service_utils.go:98 NeedCLB)", Source: "pkg/controller/service/nlbv2"},
	{Suffix: "alpn-policy", Domain: "", Outside: "", Source: "CCM docs/usage.md (free text)"},
	{Suffix: "listener-port-range", Domain: "", Outside: "", Source: "CCM docs/usage.md (free text)"},
	{Suffix: "additional-cert-ids", Domain: "", Outside: "", Source: "CCM docs/usage.md (free text)"},
}
