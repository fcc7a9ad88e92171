package tkeann

import "github.com/lbdoctor/kubectl-lbdoctor/pkg/annotations"

// Where the TkeServiceConfig fields are documented.
const (
	// SrcConfigService is TKE "Service 负载均衡配置" (TkeServiceConfig for Services), its full configuration reference.
	SrcConfigService = "https://cloud.tencent.com/document/product/457/45490 (完整配置参考; intl Using TKEServiceConfig to Configure CLBs for Services)"
	// SrcConfigIngress is TKE "Ingress 使用 TkeServiceConfig 配置 CLB", its field list and sample.
	SrcConfigIngress = "https://cloud.tencent.com/document/product/457/45700 (配置说明 and jetty-ingress-config sample; intl https://intl.cloud.tencent.com/document/product/457/37015)"
	// SrcConfigAuto is an automatically created TkeServiceConfig (-auto-ingress-config) quoted in a public blog.
	SrcConfigAuto = "a controller-written <name>-auto-ingress-config quoted in a public blog (fields no vendor page lists)"
)

// ConfigField is one field of the TkeServiceConfig CRD: its documented domain (in Key) and, where the
// document gives them, the bounds or values the checks judge.
type ConfigField struct {
	annotations.Key
	// Min and Max bound an integer field (both 0: not bounded).
	Min, Max int
	// Enum lists the values a string field takes (nil: not judged).
	Enum []string
	// Bool is true for a boolean field.
	Bool bool
}

// ConfigPrefix is where every field path starts.
const ConfigPrefix = "spec.loadBalancer."

const (
	l4 = ConfigPrefix + "l4Listeners[]."
	l7 = ConfigPrefix + "l7Listeners[]."
	// l7Rule is a forwarding rule of an l7 listener's domain.
	l7Rule = l7 + "domains[].rules[]."
)

// configInvalid is what a value outside a field's domain gives.
const (
	configInvalidSvc = "tke.service.serviceconfig-invalid-value"
	configInvalidIng = "tke.ingress.serviceconfig-invalid-value"
)

// ConfigFields is every documented TkeServiceConfig field, layer-4 (Service) first. Paths name list
// items with []; a field under spec.loadBalancer that is neither here nor a container of one is
// unknown.
var ConfigFields = []ConfigField{
	{Key: annotations.Key{Name: l4 + "protocol", Kinds: svc, Domain: "TCP, UDP (the listener's protocol, with its port the anchor of the settings)", Source: SrcConfigService}},
	{Key: annotations.Key{Name: l4 + "port", Kinds: svc, Domain: "integer 1–65535", Outside: configInvalidSvc, Source: SrcConfigService}, Min: 1, Max: 65535},
	{Key: annotations.Key{Name: l4 + "session.enable", Kinds: svc, Domain: boolean, Outside: configInvalidSvc, Source: SrcConfigService}, Bool: true},
	{Key: annotations.Key{Name: l4 + "session.sessionExpireTime", Kinds: svc, Domain: "integer 30–3600 (seconds)", Outside: configInvalidSvc, Source: SrcConfigService}, Min: 30, Max: 3600},
	{Key: annotations.Key{Name: l4 + "healthCheck.enable", Kinds: svc, Domain: boolean, Outside: configInvalidSvc, Source: SrcConfigService}, Bool: true},
	{Key: annotations.Key{Name: l4 + "healthCheck.intervalTime", Kinds: svc, Domain: "integer 5–300 (seconds)", Outside: configInvalidSvc, Source: SrcConfigService}, Min: 5, Max: 300},
	{Key: annotations.Key{Name: l4 + "healthCheck.healthNum", Kinds: svc, Domain: "integer 2–10", Outside: configInvalidSvc, Source: SrcConfigService}, Min: 2, Max: 10},
	{Key: annotations.Key{Name: l4 + "healthCheck.unHealthNum", Kinds: svc, Domain: "integer 2–10", Outside: configInvalidSvc, Source: SrcConfigService}, Min: 2, Max: 10},
	{Key: annotations.Key{Name: l4 + "healthCheck.timeout", Kinds: svc, Domain: "integer 2–60 (seconds), below intervalTime", Outside: configInvalidSvc, Source: SrcConfigService}, Min: 2, Max: 60},
	{Key: annotations.Key{Name: l4 + "scheduler", Kinds: svc, Domain: "WRR, LEAST_CONN", Outside: configInvalidSvc, Source: SrcConfigService}, Enum: []string{"WRR", "LEAST_CONN"}},
	{Key: annotations.Key{Name: ConfigPrefix + "internetMaxBandwidthOut", Kinds: svc, Domain: "integer 0–2048 (Mbit/s), public CLBs only", Outside: configInvalidSvc, Source: SrcConfigService}, Min: 0, Max: 2048},

	{Key: annotations.Key{Name: l7 + "protocol", Kinds: ing, Domain: "HTTP, HTTPS", Outside: configInvalidIng, Source: SrcConfigIngress}, Enum: []string{"HTTP", "HTTPS"}},
	{Key: annotations.Key{Name: l7 + "port", Kinds: ing, Domain: "integer 1–65535", Outside: configInvalidIng, Source: SrcConfigIngress}, Min: 1, Max: 65535},
	{Key: annotations.Key{Name: l7 + "defaultServer", Kinds: ing, Domain: "a domain of the listener (its default server)", Source: SrcConfigIngress + " (intl sample)"}},
	{Key: annotations.Key{Name: l7 + "keepaliveEnable", Kinds: ing, Domain: "0 or 1 (persistent connections to the backends)", Outside: configInvalidIng, Source: SrcConfigIngress + " (intl sample); seed 002 (CLB Loopback)"}, Min: 0, Max: 1},
	{Key: annotations.Key{Name: l7 + "domains[].domain", Kinds: ing, Domain: "a host of the Ingress; empty for the CLB's VIP", Source: SrcConfigIngress}},
	{Key: annotations.Key{Name: l7Rule + "url", Kinds: ing, Domain: "a path of the Ingress", Source: SrcConfigIngress}},
	{Key: annotations.Key{Name: l7Rule + "forwardType", Kinds: ing, Domain: "HTTP, HTTPS (the protocol from the CLB to the backends)", Source: SrcConfigIngress}},
	{Key: annotations.Key{Name: l7Rule + "session.enable", Kinds: ing, Domain: boolean, Outside: configInvalidIng, Source: SrcConfigIngress}, Bool: true},
	{Key: annotations.Key{Name: l7Rule + "session.sessionExpireTime", Kinds: ing, Domain: "integer 30–3600 (seconds)", Outside: configInvalidIng, Source: SrcConfigIngress}, Min: 30, Max: 3600},
	{Key: annotations.Key{Name: l7Rule + "healthCheck.enable", Kinds: ing, Domain: boolean, Outside: configInvalidIng, Source: SrcConfigIngress}, Bool: true},
	{Key: annotations.Key{Name: l7Rule + "healthCheck.intervalTime", Kinds: ing, Domain: "integer 5–300 (seconds)", Outside: configInvalidIng, Source: SrcConfigIngress}, Min: 5, Max: 300},
	{Key: annotations.Key{Name: l7Rule + "healthCheck.healthNum", Kinds: ing, Domain: "integer 2–10", Outside: configInvalidIng, Source: SrcConfigIngress}, Min: 2, Max: 10},
	{Key: annotations.Key{Name: l7Rule + "healthCheck.unHealthNum", Kinds: ing, Domain: "integer 2–10", Outside: configInvalidIng, Source: SrcConfigIngress}, Min: 2, Max: 10},
	{Key: annotations.Key{Name: l7Rule + "healthCheck.timeout", Kinds: ing, Domain: "integer 2–60 (seconds), below intervalTime", Outside: configInvalidIng, Source: SrcConfigIngress + "; " + SrcConfigAuto}, Min: 2, Max: 60},
	{Key: annotations.Key{Name: l7Rule + "healthCheck.httpCheckPath", Kinds: ing, Domain: "path the health check requests", Source: SrcConfigIngress}},
	{Key: annotations.Key{Name: l7Rule + "healthCheck.httpCheckDomain", Kinds: ing, Domain: "a fixed host for the health check (needed under a wildcard domain)", Source: SrcConfigIngress}},
	{Key: annotations.Key{Name: l7Rule + "healthCheck.httpCheckMethod", Kinds: ing, Domain: "HEAD, GET", Source: SrcConfigIngress}},
	{Key: annotations.Key{Name: l7Rule + "healthCheck.httpCode", Kinds: ing, Domain: "bit mask of the healthy status classes", Source: SrcConfigAuto}},
	{Key: annotations.Key{Name: l7Rule + "healthCheck.sourceIpType", Kinds: ing, Domain: "0 or 1 (source address of the probes)", Source: SrcConfigAuto}},
	{Key: annotations.Key{Name: l7Rule + "scheduler", Kinds: ing, Domain: "WRR, LEAST_CONN, IP_HASH", Outside: configInvalidIng, Source: SrcConfigIngress}, Enum: []string{"WRR", "LEAST_CONN", "IP_HASH"}},
}

// ConfigKeys are the fields as keys, for the generated docs.
func ConfigKeys() annotations.Set {
	out := make(annotations.Set, len(ConfigFields))
	for i, f := range ConfigFields {
		out[i] = f.Key
	}
	return out
}
