package ackchecks

import (
	"errors"
	"maps"
	"net"
	"regexp"
	"slices"
	"strconv"
	"strings"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/validation"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Facts about the ACK cloud-controller-manager (CCM); its annotation keys are in package ackann.
const (
	// ackBackendQuota is the default number of backend servers per CLB instance.
	ackBackendQuota = 200
	// ackEventsCCM is the first CCM release that records Service sync events.
	ackEventsCCM = "v1.9.3.276-g372aa98-aliyun"
	// ackReuseCCM is the first CCM release that can reuse an existing CLB.
	ackReuseCCM = "v1.9.3.105-gfd4e547-aliyun"
	// ackNamedPortCCM is the first open-source CCM release that resolves a named targetPort for ENI
	// backends from the EndpointSlices (v1.9.3 releases send the port's integer value, 0).
	ackNamedPortCCM = "v2.1.0"
	ackCCMName      = "cloud-controller-manager"
)

var onOff = checks.OneOf("on", "off")

// ackAnnotations is every suffix of ackann.Keys with its check on a CLB Service: the keys the CLB
// controller reads and the NLB-only ones, which it does not.
var ackAnnotations = func() map[string]func(string) error {
	all := maps.Clone(clbAnnotations)
	maps.Copy(all, nlbOnlyOnCLB)
	return all
}()

// clbAnnotations is every CLB annotation suffix CCM reads, with its value check (nil: free text, or
// checked with the Service in checkACKAnnotationLinks). It drives both value validation and the
// misspelling check. A check returns an *ignoredError for a value CCM takes without error but does not
// apply as written (a warning); any other error is a value CCM or the CLB API rejects. Integers are
// read with strconv.Atoi, as CCM does (no spaces); ranges are those of the CLB API. docs/annotation-
// domains.md gives the source of every domain.
var clbAnnotations = map[string]func(string) error{
	"address-type":      checks.OneOf("internet", "intranet"),
	"id":                aliLBID.Validate,
	"name":              nil,
	"resource-group-id": aliRGID.Validate,
	// CCM splits on "," and "="; "k", "k=" and "k=v" are all tags, an item without a key is dropped.
	"additional-resource-tags": ignoredUnless(tagList, words.Say("CCM drops items without a key", "CCM 会丢弃没有键的条目")),
	"delete-protection":        onOff,
	"modification-protection":  checks.OneOf("ConsoleProtection", "NonProtection"),
	"cert-id":                  nil,
	"cacert-id":                nil,
	"cacert":                   nil,
	"protocol-port":            nil, // checkACKPortLists
	"forward-port":             nil, // checkACKPortLists
	"idle-timeout":             checks.AtoiIn(1, 60),
	"request-timeout":          checks.AtoiIn(1, 180),
	"established-timeout":      checks.AtoiIn(10, 900),
	// CLB offers only these predefined policies (no custom ones).
	"tls-cipher-policy": checks.OneOf("tls_cipher_policy_1_0", "tls_cipher_policy_1_1", "tls_cipher_policy_1_2",
		"tls_cipher_policy_1_2_strict", "tls_cipher_policy_1_2_strict_with_1_3"),
	// rr, wrr and wlc are documented for every listener; sch, tch and qch (consistent hashing) exist
	// on performance-guaranteed instances.
	"scheduler":                checks.OneOf("rr", "wrr", "wlc", "sch", "tch", "qch"),
	"connection-drain":         onOff,
	"connection-drain-timeout": checks.AtoiIn(10, 900),
	"vswitch-id":               vswitchID.Validate,
	// The ACK docs name slb-network-type; the open-source CCM declared that key but never read it and
	// now reads network-type.
	"slb-network-type": ignoredUnless(checks.OneOf("classic", "vpc"), words.Say("the open-source CCM reads network-type, not this key",
		"开源版 CCM 读取的是 network-type，而不是这个注解")),
	"network-type": checks.OneOf("classic", "vpc"),
	"charge-type":  checks.OneOf("paybytraffic", "paybybandwidth"),
	// CCM compares with "true" exactly; anything else is false.
	"force-override-listeners": ignoredUnless(checks.OneOf("true", "false"), words.Say("CCM treats every value but \"true\" as false",
		"除 \"true\" 以外的值，CCM 一律视为 false")),
	"master-zoneid": aliZoneID.Validate,
	"slave-zoneid":  aliZoneID.Validate,
	// The console offers 1–5120 Mbit/s for pay-by-bandwidth instances.
	"bandwidth": checks.AtoiIn(1, 5120),
	"spec":      clbSpecName.Validate,
	// CCM compares the charge type case-insensitively (and sends PayByCLCU for any spelling of it).
	"instance-charge-type": checks.OneOfFold("PayBySpec", "PayByCLCU"),
	"ip-version":           checks.OneOf("ipv4", "ipv6"),
	"external-ip-type": ignoredUnless(checks.OneOf("eip"), words.Say("CCM shows the CLB address for any value but \"eip\"",
		"值不是 \"eip\" 时，CCM 一律显示 CLB 的地址")),
	// CCM copies it into status.loadBalancer.ingress[].hostname, which the API server validates.
	"hostname":                     dnsHostname,
	"ip":                           ipAddress,
	"acl-status":                   onOff,
	"acl-id":                       checks.CommaList(aliACLID.Validate),
	"acl-type":                     checks.OneOf("white", "black"),
	"http2-enabled":                onOff,
	"health-check-switch":          onOff,
	"health-check-flag":            onOff,
	"health-check-type":            checks.OneOf("tcp", "http"),
	"health-check-uri":             nil,
	"health-check-connect-port":    healthCheckPort,
	"healthy-threshold":            checks.AtoiIn(2, 10),
	"unhealthy-threshold":          checks.AtoiIn(2, 10),
	"health-check-interval":        checks.AtoiIn(1, 50),
	"health-check-connect-timeout": checks.AtoiIn(1, 300),
	"health-check-timeout":         checks.AtoiIn(1, 300),
	"health-check-domain":          healthCheckDomain,
	"health-check-httpcode":        checks.CommaList(checks.OneOf("http_2xx", "http_3xx", "http_4xx", "http_5xx")),
	"health-check-method":          checks.OneOf("head", "get"),
	"sticky-session":               onOff,
	"sticky-session-type":          checks.OneOf("insert", "server"),
	"cookie-timeout":               checks.AtoiIn(1, 86400),
	"cookie":                       cookieName,
	"persistence-timeout":          checks.AtoiIn(0, 3600),
	"vgroup-port":                  nil, // checkACKPortLists
	"xforwardedfor-proto":          onOff,
	"xforwardedfor-slbport":        onOff,
	"xforwardedfor-clientsrcport":  onOff,
	// CCM enables proxy protocol only for exactly "on".
	"proxy-protocol":    ignoredUnless(onOff, words.Say("CCM treats every value but \"on\" as off", "除 \"on\" 以外的值，CCM 一律视为 off")),
	"domain-extensions": domainExtensions,
	"backend-label":     backendLabel,
	"backend-ip-version": ignoredUnless(checks.OneOfFold("ipv4", "ipv6", "dualstack"), words.Say("CCM attaches IPv4 backends for any other value",
		"值为其他内容时，CCM 挂载 IPv4 后端服务器")),
	// CCM removes unschedulable nodes only for exactly "on".
	"remove-unscheduled-backend": ignoredUnless(onOff, words.Say("CCM keeps unschedulable nodes for every value but \"on\"",
		"值不是 \"on\" 时，CCM 一律保留不可调度的节点")),
	"weight":               checks.AtoiIn(0, 100),
	"default-weight":       checks.AtoiIn(0, 100),
	"ignore-weight-update": ignoredUnless(checks.OneOfFold("on", "off"), ackWeightUpdate),
	// CCM keeps the CLB for any non-empty value, "false" included.
	"preserve-lb-on-delete": ignoredUnless(checks.OneOf("true"), words.Say("CCM keeps the CLB on delete for any non-empty value",
		"只要值非空，CCM 在删除时都会保留 CLB")),
	"type":        nil,
	"tunnel-type": nil,
}

// nlbOnlyOnCLB is every Network Load Balancer (NLB) annotation suffix the CLB controller does not read
// (they share the prefix), with its check on a CLB Service (no loadBalancerClass): a bad value is
// reported as ignored.
var nlbOnlyOnCLB = map[string]func(string) error{
	"zone-maps":               nlbOnly(zoneMaps),
	"security-group-ids":      nlbOnly(checks.CommaList(aliSGID.Validate)),
	"bandwidth-package-id":    nil,
	"cps":                     nlbOnly(checks.AtoiIn(0, 1<<31-1)),
	"preserve-client-ip":      nlbOnly(checks.OneOfFold("on", "off")),
	"server-group-type":       nlbOnly(checks.OneOfFold("Ip", "Instance")),
	"ppv2-pvl-ep-id-enabled":  nlbOnly(checks.OneOfFold("on", "off")),
	"ppv2-pvl-eps-id-enabled": nlbOnly(checks.OneOfFold("on", "off")),
	"ppv2-pvl-vpc-id-enabled": nlbOnly(checks.OneOfFold("on", "off")),
	"ipv6-address-type":       nlbOnly(checks.OneOfFold("internet", "intranet")),
	"cross-zone-enabled":      nlbOnly(checks.OneOf("on", "off")),
	"alpn":                    nlbOnly(checks.OneOfFold("on", "off")),
	"alpn-policy":             nil,
	"listener-port-range":     nil,
	"additional-cert-ids":     nil,
}

// ackWeightUpdate is what CCM does with an ignore-weight-update value other than on or off.
var ackWeightUpdate = words.Say("CCM updates weights for every value but on", "值不是 on 时，CCM 一律会更新权重")

// ignoredError is a value CCM takes without an error but does not apply as written; does says what
// CCM does instead.
type ignoredError struct {
	err  error
	does words.Words
}

func (e *ignoredError) Error() string { return e.In(words.English) }
func (e *ignoredError) Unwrap() error { return e.err }

// In is the error in lang (a worded err is worded in lang too).
func (e *ignoredError) In(lang words.Lang) string {
	return words.Say("%v; %s", "%v；%s", e.err, e.does).In(lang)
}

// ignoredUnless reports what check rejects as a value CCM ignores, doing what does says.
func ignoredUnless(check func(string) error, does words.Words) func(string) error {
	return func(s string) error {
		if err := check(s); err != nil {
			return &ignoredError{err, does}
		}
		return nil
	}
}

// nlbOnly checks an NLB annotation, whose bad value CCM ignores on a CLB Service.
func nlbOnly(check func(string) error) func(string) error {
	return ignoredUnless(check, words.Say("NLB annotation, which CCM does not read on a CLB Service (no loadBalancerClass alibabacloud.com/nlb)",
		"这是 NLB 注解，CCM 在 CLB 类型的 Service（未设置 loadBalancerClass alibabacloud.com/nlb）上不读取它"))
}

// tagList accepts additional-resource-tags items "k", "k=" or "k=v"; an item with an empty key is
// dropped by CCM.
func tagList(s string) error {
	for _, item := range strings.Split(strings.TrimSpace(s), ",") {
		if k, _, _ := strings.Cut(strings.TrimSpace(item), "="); k == "" {
			return words.Errorf("item %q has no key (want k1=v1,k2=v2)", "条目 %q 没有键（应为 k1=v1,k2=v2）", checks.Clip(item))
		}
	}
	return nil
}

// backendLabel accepts the node label list "k1=v1,k2=v2" CCM matches exactly (it trims nothing, so a
// key or value with spaces can match no node).
func backendLabel(s string) error {
	for _, item := range strings.Split(s, ",") {
		parts := strings.Split(item, "=")
		if len(parts) < 2 {
			return words.Errorf("item %q is not key=value (want k1=v1,k2=v2)", "条目 %q 不是 key=value 形式（应为 k1=v1,k2=v2）", checks.Clip(item))
		}
		if parts[0] == "" || strings.ContainsAny(parts[0]+parts[1], " \t") {
			return words.Errorf("item %q has an empty key or spaces, so no node label can match it (want k1=v1,k2=v2)",
				"条目 %q 的键为空或含有空格，因此匹配不到任何节点标签（应为 k1=v1,k2=v2）", checks.Clip(item))
		}
	}
	return nil
}

// domainExtensions accepts "domain:certId[,domain:certId…]" (CCM trims each item and needs exactly
// one colon).
func domainExtensions(s string) error {
	for _, item := range strings.Split(s, ",") {
		if parts := strings.Split(strings.TrimSpace(item), ":"); len(parts) != 2 {
			return words.Errorf("item %q is not domain:certificate-id (want a.example.com:123_abc,b.example.com:456_def)",
				"条目 %q 不是“域名:证书 ID”形式（应为 a.example.com:123_abc,b.example.com:456_def）", checks.Clip(item))
		}
	}
	return nil
}

// zoneMaps accepts the NLB zone list "zone:vswitch[:ipv4[:eip-allocation]]," CCM splits on , and :
// without trimming, so a field with spaces around it reaches the NLB API as written.
func zoneMaps(s string) error {
	for _, item := range strings.Split(s, ",") {
		fields := strings.Split(item, ":")
		if len(fields) < 2 {
			return words.Errorf("item %q is not zone:vswitch-id (want cn-hangzhou-k:vsw-xxx,cn-hangzhou-j:vsw-yyy)",
				"条目 %q 不是“可用区:交换机 ID”形式（应为 cn-hangzhou-k:vsw-xxx,cn-hangzhou-j:vsw-yyy）", checks.Clip(item))
		}
		for _, f := range fields {
			if f != strings.TrimSpace(f) {
				return words.Errorf("item %q has spaces; CCM trims nothing and the NLB API gets the zone or vSwitch id with them (want cn-hangzhou-k:vsw-xxx,cn-hangzhou-j:vsw-yyy)",
					"条目 %q 含有空格；CCM 不会去除空格，NLB API 收到的可用区或交换机 ID 会带着空格（应为 cn-hangzhou-k:vsw-xxx,cn-hangzhou-j:vsw-yyy）", checks.Clip(item))
			}
		}
	}
	return nil
}

// healthCheckDomain accepts $_ip or a domain of 1–80 letters, digits, dots and hyphens (CLB API).
func healthCheckDomain(s string) error {
	if s == "$_ip" || hcDomainRE.MatchString(s) {
		return nil
	}
	return words.Errorf("%q is neither $_ip nor a domain of 1–80 letters, digits, '.' and '-'",
		"%q 既不是 $_ip，也不是由 1–80 个字母、数字、'.' 和 '-' 组成的域名", checks.Clip(s))
}

var hcDomainRE = regexp.MustCompile(`^[A-Za-z0-9.-]{1,80}$`)

// cookieName accepts a server cookie name as the CLB API does: 1–200 printable ASCII characters, no
// comma, semicolon or space, not starting with $.
func cookieName(s string) error {
	if cookieRE.MatchString(s) && !strings.HasPrefix(s, "$") {
		return nil
	}
	return words.Errorf("%q is not a cookie name of 1–200 ASCII characters without ',', ';', spaces or a leading '$'",
		"%q 不是合法的 Cookie 名称：应为 1–200 个 ASCII 字符，不含 ','、';' 和空格，且不以 '$' 开头", checks.Clip(s))
}

var cookieRE = regexp.MustCompile(`^[!-+\--:<-~]{1,200}$`)

// dnsHostname accepts what the API server takes as status.loadBalancer.ingress[].hostname: a DNS-1123
// subdomain that is not an IP address.
func dnsHostname(s string) error {
	if net.ParseIP(s) != nil {
		return words.Errorf("%q is an IP address; the hostname must be a DNS name (use the ip annotation for an address)",
			"%q 是 IP 地址；hostname 必须是 DNS 域名（地址请用 ip 注解设置）", checks.Clip(s))
	}
	if errs := validation.IsDNS1123Subdomain(s); len(errs) > 0 {
		return words.Errorf("%q is not a lowercase DNS name (RFC 1123 subdomain, e.g. www.example.com)",
			"%q 不是小写的 DNS 域名（RFC 1123 子域名，例如 www.example.com）", checks.Clip(s))
	}
	return nil
}

// ipAddress accepts an IPv4 or IPv6 address.
func ipAddress(s string) error {
	if net.ParseIP(s) == nil {
		return words.Errorf("%q is not an IPv4 or IPv6 address (e.g. 192.168.0.10)", "%q 不是 IPv4 或 IPv6 地址（例如 192.168.0.10）", checks.Clip(s))
	}
	return nil
}

// ackSuffixes is the sorted list of known suffixes.
var ackSuffixes = slices.Sorted(maps.Keys(ackAnnotations))

// readSuffixes and readFullKeys are, for a CLB (false) and an NLB (true) Service, the sorted suffixes
// the controller of that product reads and their full keys (BackendType first): the candidates a
// misspelt key is compared with, so that a suggestion never names a key CCM ignores there.
var readSuffixes, readFullKeys = func() (s, full map[bool][]string) {
	s, full = map[bool][]string{}, map[bool][]string{}
	for nlb, m := range map[bool]map[string]func(string) error{false: clbAnnotations, true: nlbAnnotations} {
		s[nlb] = slices.Sorted(maps.Keys(m))
		full[nlb] = []string{ackann.BackendType}
		for _, k := range s[nlb] {
			full[nlb] = append(full[nlb], ackann.Prefix+k)
		}
	}
	return s, full
}()

func healthCheckPort(s string) error {
	if s == "-520" {
		return nil
	}
	if err := checks.AtoiIn(1, 65535)(s); err != nil {
		return words.Errorf("%v, or -520 for the backend port", "%v，或填 -520 表示使用后端端口", err)
	}
	return nil
}

// protoPort is one entry of the protocol-port annotation.
type protoPort struct {
	proto string
	port  int32
}

// parseProtocolPort reads "proto:port[,proto:port…]" with proto one of tcp, udp, http, https.
func parseProtocolPort(s string) ([]protoPort, error) {
	var out []protoPort
	for _, item := range strings.Split(s, ",") {
		proto, port, ok := strings.Cut(strings.TrimSpace(item), ":")
		if !ok {
			return nil, words.Errorf("%q is not protocol:port (e.g. https:443)", "%q 不是“协议:端口”形式（例如 https:443）", checks.Clip(item))
		}
		if err := checks.OneOf("tcp", "udp", "http", "https")(proto); err != nil {
			return nil, words.Errorf("protocol %v", "协议 %v", err)
		}
		n, err := checks.ParseIntRange(port, 1, 65535)
		if err != nil {
			return nil, words.Errorf("port %v", "端口 %v", err)
		}
		out = append(out, protoPort{proto, int32(n)})
	}
	return out, nil
}

// ackAnns reads CLB annotations the way CCM does: the alibaba-cloud key first, then the legacy one.
type ackAnns map[string]string

// get returns the effective value of suffix and the key it came from (the current key when unset).
// An empty value is unset, as for CCM, which uses a value only when it is not "" (a current key
// holding "" still hides the legacy one: CCM's AnnotationRequest.Get returns it).
func (a ackAnns) get(suffix string) (value, key string, set bool) {
	keys := ackKeysOf(suffix)
	for _, k := range keys {
		if v, ok := a[k]; ok {
			return v, k, v != ""
		}
	}
	return "", keys[0], false
}

// ackKeys holds, for every suffix of ackAnnotations, its current and legacy keys: get is asked for
// them many times per Service.
var ackKeys = func() map[string][2]string {
	m := make(map[string][2]string, len(ackAnnotations))
	for s := range ackAnnotations {
		m[s] = [2]string{ackann.Prefix + s, ackann.LegacyPrefix + s}
	}
	return m
}()

// ackKeysOf returns the current and legacy keys of suffix.
func ackKeysOf(suffix string) [2]string {
	if k, ok := ackKeys[suffix]; ok {
		return k
	}
	return [2]string{ackann.Prefix + suffix, ackann.LegacyPrefix + suffix}
}

func (a ackAnns) value(suffix string) string { v, _, _ := a.get(suffix); return v }

// path is the report path of suffix: the key in use, or the current key when unset.
func (a ackAnns) path(suffix string) string { _, k, _ := a.get(suffix); return checks.AnnPath(k) }

// ackCLB is true for a target Service CCM backs with a CLB (see ackCLBService).
func ackCLB(c *checks.Context) bool { return ackCLBService(c.Service) }

// ackENIMode is ackBackendMode's verdict for the target Service.
func ackENIMode(c *checks.Context) bool { eni, _ := ackBackendMode(c.Snap, c.Service); return eni }

func ackReuses(c *checks.Context) bool {
	_, _, set := ackAnns(c.Service.Annotations).get("id")
	return ackCLB(c) && set
}

// ackNotLB is true for a Service that is not of type LoadBalancer, which CCM gives no CLB.
func ackNotLB(c *checks.Context) bool { return c.Service.Spec.Type != corev1.ServiceTypeLoadBalancer }

// ackCLBKeys lists the CLB annotation keys (current or legacy prefix) of ann, sorted.
func ackCLBKeys(ann map[string]string) []string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(ann)) {
		if strings.HasPrefix(k, ackann.Prefix) || strings.HasPrefix(k, ackann.LegacyPrefix) {
			out = append(out, k)
		}
	}
	return out
}

func ackNotLBWithAnnotations(c *checks.Context) bool {
	return ackNotLB(c) && len(ackCLBKeys(c.Service.Annotations)) > 0
}

func ackNotLBWithLabel(c *checks.Context) bool {
	return ackNotLB(c) && c.Service.Labels[ackann.LabelLBID] != ""
}

// checkACKAnnotations validates every CLB annotation value, flags unknown (misspelt) keys and
// disagreeing legacy keys, then the rules that tie annotations together. On an NLB Service the values
// are those of the NLB controller (nlbAnnotations) and CLB-only keys are reported as ignored.
func checkACKAnnotations(c *checks.Context) error {
	ann := c.Service.Annotations
	nlb := ackNLB(c)
	for _, key := range slices.Sorted(maps.Keys(ann)) {
		v := ann[key]
		var suffix string
		switch {
		case key == ackann.BackendType:
			// CCM compares with "eni" exactly; any other non-empty value means ECS backends.
			if err := checks.OneOf("eni", "ecs")(v); err != nil && v != "" {
				c.Say(ackrules.ServiceIgnoredAnnotationValue, checks.AnnPath(key), words.Say("%v; CCM attaches nodes (ecs) for every value but \"eni\"",
					"%v；值不是 \"eni\" 时，CCM 一律挂载节点（ecs）", err))
			}
			continue
		case strings.HasPrefix(key, ackann.Prefix):
			suffix = strings.TrimPrefix(key, ackann.Prefix)
		case strings.HasPrefix(key, ackann.LegacyPrefix):
			suffix = strings.TrimPrefix(key, ackann.LegacyPrefix)
			if cur, ok := ann[ackann.Prefix+suffix]; ok && cur != v {
				c.Say(ackrules.ServiceLegacyAnnotationConflict, checks.AnnPath(key), words.Say(
					"legacy key says %q but %s%s says %q; CCM uses the latter",
					"旧版注解的值为 %q，而 %s%s 的值为 %q；CCM 以后者为准", checks.Clip(v), ackann.Prefix, suffix, checks.Clip(cur)))
			}
		default:
			// A misspelt prefix: close to a known full key.
			if strings.HasPrefix(key, "service.beta.kubernetes.io/") {
				if best, d := checks.Nearest(key, readFullKeys[nlb]); d > 0 && d <= 2 {
					c.Say(ackrules.ServiceUnknownAnnotation, checks.AnnPath(key), words.Say("CCM does not read this key; did you mean %s?",
						"CCM 不读取这个注解；是不是想写 %s？", best))
				}
			}
			continue
		}
		check, known := ackAnnotations[suffix]
		if known && nlb {
			var read bool
			if check, read = nlbCheck(suffix); !read {
				c.Say(ackrules.ServiceIgnoredAnnotationValue, checks.AnnPath(key), words.Say(
					"%s is a CLB annotation, which CCM does not read on an NLB Service (loadBalancerClass %s)",
					"%s 是 CLB 注解，CCM 在 NLB 类型的 Service（loadBalancerClass %s）上不读取它", checks.Clip(suffix), ackNLBClass))
				continue
			}
		}
		switch {
		case !known:
			c.Say(ackrules.ServiceUnknownAnnotation, checks.AnnPath(key), words.Say("%q is not a CLB annotation CCM reads%s",
				"%q 不是 CCM 读取的 CLB 注解%s", checks.Clip(suffix), suggestion(suffix, nlb)))
		case v == "":
			// CCM reads an empty value as unset (get).
		case check != nil:
			if err := check(v); err != nil {
				var ig *ignoredError
				if errors.As(err, &ig) {
					c.Say(ackrules.ServiceIgnoredAnnotationValue, checks.AnnPath(key), words.Say("%s: %v", "注解 %s 的值不会按所写生效：%v", checks.Clip(suffix), err))
				} else {
					c.Say(ackrules.ServiceInvalidAnnotation, checks.AnnPath(key), words.Say("%s: %v", "注解 %s 的值无效：%v", checks.Clip(suffix), err))
				}
			}
		}
	}
	if nlb {
		checkNLBAnnotationLinks(c, ackAnns(ann))
		return nil
	}
	checkACKAnnotationLinks(c, ackAnns(ann))
	return nil
}

// suggestion names the suffix nearest to s that CCM reads on the Service's product (NLB when nlb), when
// it is close enough to be a typo.
func suggestion(s string, nlb bool) words.Words {
	if s == "backend-type" {
		return words.Say("; the backend type is set with %s", "；后端类型由 %s 设置", ackann.BackendType)
	}
	if best, ok := nearestRead(s, nlb); ok {
		return words.Say("; did you mean %s%s?", "；是不是想写 %s%s？", ackann.Prefix, best)
	}
	return words.Words{}
}

// nearestRead is the suffix nearest to s among those CCM reads on the product (NLB when nlb), and
// whether it is close enough to be what a typo of s meant.
func nearestRead(s string, nlb bool) (string, bool) {
	best, d := checks.Nearest(s, readSuffixes[nlb])
	return best, d <= 2 || d*3 <= len(s)
}

// checkACKAnnotationLinks checks annotations that only work together. The missing companions of one
// annotation are one finding.
func checkACKAnnotationLinks(c *checks.Context, a ackAnns) {
	var order []string
	missing := map[string][]words.Words{} // path -> "why; key is missing"
	need := func(when bool, suffix, companion string, why words.Words) {
		if _, _, set := a.get(companion); when && !set {
			p := a.path(suffix)
			if missing[p] == nil {
				order = append(order, p)
			}
			missing[p] = append(missing[p], words.Say("%s; %s%s is missing", "%s；缺少 %s%s", why, ackann.Prefix, companion))
		}
	}
	defer func() {
		for _, p := range order {
			c.Say(ackrules.ServiceAnnotationDependency, p, checks.JoinWords(missing[p]))
		}
	}()
	sticky := a.value("sticky-session") == "on"
	need(sticky, "sticky-session", "sticky-session-type", words.Say("sticky-session is on", "sticky-session 已开启"))
	need(sticky && a.value("sticky-session-type") == "insert", "sticky-session-type", "cookie-timeout",
		words.Say("sticky-session-type insert needs a cookie lifetime", "sticky-session-type 为 insert 时需要 Cookie 超时时间"))
	need(sticky && a.value("sticky-session-type") == "server", "sticky-session-type", "cookie",
		words.Say("sticky-session-type server needs the cookie name", "sticky-session-type 为 server 时需要 Cookie 名称"))
	acl := a.value("acl-status") == "on"
	aclOn := words.Say("acl-status is on", "acl-status 已开启")
	need(acl, "acl-status", "acl-id", aclOn)
	need(acl, "acl-status", "acl-type", aclOn)
	// CCM sends acl-status only when it is set and changes the ACL id and type only while it is on
	// (clbv1/listeners.go isNeedUpdate, provider slb/listener.go): a list given without it is never
	// enforced.
	for _, s := range []string{"acl-id", "acl-type"} {
		if a.value(s) != "" {
			need(true, s, "acl-status", words.Say("the ACL is enforced only once acl-status is on", "只有 acl-status 为 on 时该 ACL 才会生效"))
			break
		}
	}
	// The drain timeout is applied only while connection-drain is on (isNeedUpdate).
	need(a.value("connection-drain-timeout") != "", "connection-drain-timeout", "connection-drain",
		words.Say("the drain timeout applies only with connection-drain on", "只有 connection-drain 为 on 时排空超时才会生效"))
	if _, _, set := a.get("vswitch-id"); set && a.value("address-type") != "intranet" {
		var typ any = checks.Clip(a.value("address-type"))
		if typ == "" {
			typ = words.Say("internet (default)", "internet（默认）")
		}
		c.Say(ackrules.ServiceAnnotationDependency, a.path("vswitch-id"), words.Say(
			"a vSwitch applies only to an intranet CLB, but address-type is %q",
			"交换机（vSwitch）只对内网 CLB 生效，但 address-type 为 %q", typ))
	}
	protos := checkACKPortLists(c, a)
	https := false
	for _, p := range protos {
		https = https || p == "https"
	}
	need(https, "protocol-port", "cert-id", words.Say("an https listener needs a certificate", "https 监听需要证书"))
	sayReuseWithoutOverride(c, a, "CLB")
}

func orDefault(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

// ccmPortEntry walks the entries of a "a:b,c:d" annotation the way CCM does for one Service port:
// in order, failing at the first malformed one (bad) and stopping at the first whose field key
// equals port. reached is how many entries CCM looked at.
func ccmPortEntry(entries []string, port string, key int, bad func(parts []string) error) (match []string, reached int, err error) {
	for i, e := range entries {
		parts := strings.Split(e, ":")
		if err := bad(parts); err != nil {
			return nil, i + 1, words.Errorf("entry %q: %v", "条目 %q：%v", checks.Clip(e), err)
		}
		if parts[key] == port {
			return parts, i + 1, nil
		}
	}
	return nil, len(entries), nil
}

// checkACKPortLists checks protocol-port, forward-port and vgroup-port against the Service ports as
// CCM reads them (split on "," and ":", nothing trimmed, ports compared as text). A malformed entry
// CCM reaches is an error; entries naming no Service port are skipped by CCM (a warning). It returns
// the listener protocol CCM uses for each Service port.
func checkACKPortLists(c *checks.Context, a ackAnns) map[int32]string {
	svc := c.Service
	protos := map[int32]string{}
	for _, p := range svc.Spec.Ports {
		protos[p.Port] = strings.ToLower(orDefault(string(p.Protocol), "TCP"))
	}
	ports := make([]string, len(svc.Spec.Ports))
	for i, p := range svc.Spec.Ports {
		ports[i] = strconv.Itoa(int(p.Port))
	}
	// unmatched lists the entries no Service port matched, for a warning.
	unmatched := func(entries []string, key int, used map[int]bool) []string {
		var out []string
		for i, e := range entries {
			if !used[i] {
				out = append(out, e)
			}
		}
		return out
	}
	walk := func(suffix string, key int, portsOf []string, bad func([]string) error) ([]string, map[string][]string, bool) {
		v, _, set := a.get(suffix)
		if !set || v == "" {
			return nil, nil, false
		}
		entries := strings.Split(v, ",")
		used, matches := map[int]bool{}, map[string][]string{}
		for _, p := range portsOf {
			m, reached, err := ccmPortEntry(entries, p, key, bad)
			if err != nil {
				c.Say(ackrules.ServiceInvalidAnnotation, a.path(suffix), words.Say("%s: %v (CCM fails on it while looking for port %s)",
					"%s：%v（CCM 查找端口 %s 时会因此失败）", suffix, err, p))
				return nil, nil, false
			}
			if m != nil {
				used[reached-1] = true
				matches[p] = m
			}
		}
		if rest := unmatched(entries, key, used); len(rest) > 0 {
			c.Say(ackrules.ServiceIgnoredAnnotationValue, a.path(suffix), words.Say(
				"%s: entries %s name no port of the Service (ports: %s); CCM skips them",
				"%s：条目 %s 不对应 Service 的任何端口（端口：%s）；CCM 会跳过它们",
				suffix, checks.ListWords(quoteAll(rest), 8), checks.ServicePorts(svc)))
		}
		return entries, matches, true
	}
	_, pm, _ := walk("protocol-port", 1, ports, func(parts []string) error {
		if len(parts) < 2 {
			return words.Errorf("not protocol:port (e.g. https:443)", "不是“协议:端口”形式（例如 https:443）")
		}
		if err := checks.OneOf("http", "https", "tcp", "udp")(parts[0]); err != nil {
			return words.Errorf("protocol %v", "协议 %v", err)
		}
		return nil
	})
	for _, p := range svc.Spec.Ports {
		if m := pm[strconv.Itoa(int(p.Port))]; m != nil {
			protos[p.Port] = m[0]
		}
	}
	// forward-port is read only for http listeners.
	var httpPorts []string
	for _, p := range svc.Spec.Ports {
		if protos[p.Port] == "http" {
			httpPorts = append(httpPorts, strconv.Itoa(int(p.Port)))
		}
	}
	if v, _, set := a.get("forward-port"); set && v != "" && len(httpPorts) == 0 {
		c.Say(ackrules.ServiceIgnoredAnnotationValue, a.path("forward-port"), words.Say(
			"forward-port applies to http listeners and the Service has none (protocol-port gives no http port); CCM ignores it",
			"forward-port 只作用于 http 监听，而该 Service 没有 http 监听（protocol-port 未给出 http 端口）；CCM 会忽略它"))
	} else if _, fm, ok := walk("forward-port", 0, httpPorts, func(parts []string) error {
		if len(parts) != 2 {
			return words.Errorf("not listener:target (e.g. 80:443)", "不是“监听端口:目标端口”形式（例如 80:443）")
		}
		return nil
	}); ok {
		for _, p := range httpPorts {
			if m := fm[p]; m != nil {
				if err := checks.AtoiIn(1, 65535)(m[1]); err != nil {
					c.Say(ackrules.ServiceInvalidAnnotation, a.path("forward-port"), words.Say("forward-port: target of listener %s: %v",
						"forward-port：监听 %s 的目标端口：%v", p, err))
				}
			}
		}
	}
	// vgroup-port is read only when an existing CLB is reused.
	if v, _, set := a.get("vgroup-port"); set && v != "" {
		if _, _, reuse := a.get("id"); !reuse || a.value("id") == "" {
			c.Say(ackrules.ServiceIgnoredAnnotationValue, a.path("vgroup-port"), words.Say(
				"vgroup-port applies only to a reused CLB (%sid is not set); CCM ignores it",
				"vgroup-port 只对复用的 CLB 生效（未设置 %sid）；CCM 会忽略它", ackann.Prefix))
		} else {
			_, vm, _ := walk("vgroup-port", 1, ports, func(parts []string) error {
				if len(parts) < 2 {
					return words.Errorf("not vserver-group-id:port (e.g. rsp-xxx:443)", "不是“虚拟服务器组 ID:端口”形式（例如 rsp-xxx:443）")
				}
				return nil
			})
			for _, p := range ports {
				if m := vm[p]; m != nil {
					if err := spacedGroupID(m[0], p); err != nil {
						c.Say(ackrules.ServiceInvalidAnnotation, a.path("vgroup-port"), words.Say("vgroup-port: %v", "vgroup-port：%v", err))
					}
				}
			}
		}
	}
	return protos
}

func quoteAll(s []string) []string {
	out := make([]string, len(s))
	for i, e := range s {
		out[i] = strconv.Quote(checks.Clip(e))
	}
	return out
}
