// Package tkeann declares every annotation key of Tencent TKE's service and Ingress controllers that
// the vendor documents, once: the key, the kinds it is written on, its value domain and its source.
// Checks, the change model, the admission policies and docs/annotation-domains.md use these names; a
// key written on a TKE object that is not here gets tke.service.unknown-annotation or
// tke.ingress.unknown-annotation (a warning naming the nearest key).
package tkeann

import "github.com/lbdoctor/kubectl-lbdoctor/pkg/annotations"

// Where the keys are documented.
const (
	// SrcService is TKE "Service Annotation 说明" (intl: Service Annotation).
	SrcService = "https://cloud.tencent.com/document/product/457/51258 (intl https://intl.cloud.tencent.com/document/product/457/39142)"
	// SrcIngress is TKE "Ingress Annotation 说明" (tencentyun/qcloud-documents, CLB类型Ingress/IngressAnnotation说明.md).
	SrcIngress = "TKE Ingress Annotation 说明 (tencentyun/qcloud-documents 控制台指南（新版）/Ingress管理/CLB类型Ingress/IngressAnnotation说明.md)"
	// SrcIngressCodes is seed 000, the TKE Ingress error codes.
	SrcIngressCodes = "seed 000 (TKE Ingress error codes)"
	// SrcServiceCrossRegion is TKE "Service 跨域绑定".
	SrcServiceCrossRegion = "https://cloud.tencent.com/document/product/457/59094 (Service cross-region binding)"
	// SrcIngressGroup is TKE's page on several Ingresses sharing one CLB.
	SrcIngressGroup = "https://cloud.tencent.com/document/product/457/127545"
	// SrcLive is a live TKE Service, as the controller left it, quoted in a public log.
	SrcLive = "a synced TKE Service quoted in a public controller log (no vendor page lists the keys the controller writes)"
	// SrcLiveIngress is a TKE Ingress exported from a cluster in a public README, as the controller left it.
	SrcLiveIngress = "a synced TKE Ingress exported in a public project's README (no vendor page lists the keys the controller writes)"
	// SrcIngressIntl is the intl edition of the Ingress annotation page.
	SrcIngressIntl = "TKE Ingress Annotation (intl edition, tencentyun/intlcloud-documents)"
	// SrcIngress2026 is the 2026 edition of the Ingress annotation page (457/56112), as a public tccli
	// guide mirrors it: key, type and minimum controller version.
	SrcIngress2026 = "https://cloud.tencent.com/document/product/457/56112 (2026 edition, as mirrored with types and versions in a public tccli guide)"
	// SrcLoopback is seed 002, "CLB Loopback".
	SrcLoopback = "seed 002 (CLB Loopback); https://www.tencentcloud.com/document/product/457/42976"
)

// Key prefixes only TKE's keys use.
const (
	PrefixQcloud      = "service.kubernetes.io/qcloud-"
	PrefixTKE         = "service.kubernetes.io/tke-"
	PrefixLoadBalance = "service.kubernetes.io/loadbalance-"
	PrefixLocalSvc    = "service.kubernetes.io/local-svc-"
	PrefixService     = "service.cloud.tencent.com/"
	PrefixIngress     = "ingress.cloud.tencent.com/"
)

// OwnPrefixes are the prefixes no one but TKE writes keys under.
var OwnPrefixes = []string{PrefixService, PrefixIngress, PrefixQcloud, PrefixTKE, PrefixLoadBalance, PrefixLocalSvc}

// Service annotation keys.
const (
	LoadBalanceID        = "service.kubernetes.io/loadbalance-id"
	ExistedLBID          = "service.kubernetes.io/tke-existed-lbid"
	InternalSubnetID     = "service.kubernetes.io/qcloud-loadbalancer-internal-subnetid"
	LocalOnlyPodNodes    = "service.kubernetes.io/local-svc-only-bind-node-with-pod"
	LocalWeightedBalance = "service.cloud.tencent.com/local-svc-weighted-balance"
	BackendsLabel        = "service.kubernetes.io/qcloud-loadbalancer-backends-label"
	SvcDirectAccess      = "service.cloud.tencent.com/direct-access"
	SvcServiceConfig     = "service.cloud.tencent.com/tke-service-config"
	SvcServiceConfigAuto = "service.cloud.tencent.com/tke-service-config-auto"
	NatIPv6              = "service.kubernetes.io/loadbalance-nat-ipv6"
	LoadBalanceType      = "service.kubernetes.io/loadbalance-type"
	SpecifyProtocol      = "service.cloud.tencent.com/specify-protocol"
	SvcExtensive         = "service.kubernetes.io/service.extensiveParameters"
	SvcGraceShutdown     = "service.cloud.tencent.com/enable-grace-shutdown"
	SvcGraceShutdownTKEX = "service.cloud.tencent.com/enable-grace-shutdown-tkex"
	SvcChargeType        = "service.kubernetes.io/qcloud-loadbalancer-internet-charge-type"
	SvcBandwidth         = "service.kubernetes.io/qcloud-loadbalancer-internet-max-bandwidth-out"
	LegacySvcChargeType  = "kubernetes.io/service.internetChargeType"
	LegacySvcBandwidth   = "kubernetes.io/service.internetMaxBandwidthOut"
	SecurityGroups       = "service.cloud.tencent.com/security-groups"
	PassToTarget         = "service.cloud.tencent.com/pass-to-target"
	ModifyProtection     = "service.cloud.tencent.com/modification-protection"
	SvcCrossRegion       = "service.cloud.tencent.com/cross-region-id"
	SvcCrossVPC          = "service.cloud.tencent.com/cross-vpc-id"
	PreventLoopback      = "service.cloud.tencent.com/prevent-loopback"
	LBRsWeight           = "service.cloud.tencent.com/lb-rs-weight"
	ShareExistedLB       = "service.kubernetes.io/qcloud-share-existed-lb"
	// ClientToken, SourceEndpoints, SyncBegin and SyncEnd are written by the service controller on the
	// Services it syncs.
	ClientToken     = "service.cloud.tencent.com/client-token"
	SourceEndpoints = "service.cloud.tencent.com/loadbalancer-source-endpoints"
	SyncBegin       = "service.cloud.tencent.com/sync-begin-time"
	SyncEnd         = "service.cloud.tencent.com/sync-end-time"
	// SvcMode "skip" leaves the CLB, its listeners and backends in place when the Service goes.
	SvcMode = "service.cloud.tencent.com/mode"
)

// Ingress annotation keys (kubernetes.io/ingress.class is annotations.IngressClass).
const (
	IngLBID              = "kubernetes.io/ingress.qcloud-loadbalance-id"
	IngNatIPv6           = "ingress.cloud.tencent.com/loadbalance-nat-ipv6"
	IngIPv6              = "ingress.cloud.tencent.com/loadbalance-ipv6"
	IngChargeType        = "kubernetes.io/ingress.internetChargeType"
	IngBandwidth         = "kubernetes.io/ingress.internetMaxBandwidthOut"
	IngExtensive         = "kubernetes.io/ingress.extensiveParameters"
	IngSubnet            = "kubernetes.io/ingress.subnetId"
	IngExistLB           = "kubernetes.io/ingress.existLbId"
	RuleMix              = "kubernetes.io/ingress.rule-mix"
	HTTPRules            = "kubernetes.io/ingress.http-rules"
	HTTPSRules           = "kubernetes.io/ingress.https-rules"
	IngDirectAccess      = "ingress.cloud.tencent.com/direct-access"
	IngServiceConfig     = "ingress.cloud.tencent.com/tke-service-config"
	IngServiceConfigAuto = "ingress.cloud.tencent.com/tke-service-config-auto"
	RewriteSupport       = "ingress.cloud.tencent.com/rewrite-support"
	AutoRewrite          = "ingress.cloud.tencent.com/auto-rewrite"
	IngCrossRegion       = "ingress.cloud.tencent.com/cross-region-id"
	IngCrossVPC          = "ingress.cloud.tencent.com/cross-vpc-id"
	IngGraceShutdown     = "ingress.cloud.tencent.com/enable-grace-shutdown"
	EnableGroup          = "ingress.cloud.tencent.com/enable-group"
	IngGraceShutdownTKEX = "ingress.cloud.tencent.com/enable-grace-shutdown-tkex"
	IngSecurityGroups    = "ingress.cloud.tencent.com/security-groups"
	IngPassToTarget      = "ingress.cloud.tencent.com/pass-to-target"
	IngModifyProtection  = "ingress.cloud.tencent.com/modification-protection"
	IngDeleteProtection  = "ingress.cloud.tencent.com/deletion-protection"
	IngRetainLB          = "ingress.cloud.tencent.com/loadbalance-retain"
	IngListenPorts       = "ingress.cloud.tencent.com/listen-ports"
	IngRewriteCode       = "ingress.cloud.tencent.com/auto-rewrite-code"
	IngGraceDeletion     = "ingress.cloud.tencent.com/enable-grace-deletion"
	IngLBRsWeight        = "ingress.cloud.tencent.com/lb-rs-weight"
	IngMixTargetPrefer   = "ingress.cloud.tencent.com/mix-target-prefer"
	IngCertificate       = "ingress.cloud.tencent.com/certificate"
	IngMode              = "ingress.cloud.tencent.com/mode"
	// IngClientToken is written by the Ingress controller on the Ingresses it syncs.
	IngClientToken = "ingress.cloud.tencent.com/client-token"
)

// Value domains shared by several keys.
const (
	boolean    = "true, false"
	readOnly   = "read-only: written by the controller"
	chargeType = "BANDWIDTH_POSTPAID_BY_HOUR, TRAFFIC_POSTPAID_BY_HOUR"
	groups     = "up to 5 security group ids sg-xxxxxxxx, comma-separated"
	rsWeights  = "JSON: default weight and per-port, per-workload weights"
	syncMode   = "skip (controller v2.10.0 or later)"
)

// What the checks report outside a domain.
const (
	invalidBool  = "tke.service.invalid-bool (warning)"
	svcInvalid   = "tke.service.invalid-annotation-value (warning)"
	ingInvalid   = "tke.ingress.invalid-annotation-value (warning)"
	notJudgedYet = ""
)

const (
	svc = annotations.Service
	ing = annotations.Ingress
)

// Keys is every documented TKE key, Services first, in the order of their pages.
var Keys = annotations.Set{
	{Name: LoadBalanceID, Kinds: svc, Domain: readOnly + " (CLB id)", Source: SrcService},
	{Name: ExistedLBID, Kinds: svc, Domain: "CLB id lb-xxxxxxxx", Outside: "tke.service.E4011", Source: SrcService + "; https://cloud.tencent.com/document/product/457/45491"},
	{Name: InternalSubnetID, Kinds: svc, Domain: "subnet id subnet-xxxxxxxx", Outside: "tke.service.E4037", Source: SrcService},
	{Name: LocalOnlyPodNodes, Kinds: svc, Domain: boolean, Source: SrcService + "; https://cloud.tencent.com/document/product/457/45492"},
	{Name: LocalWeightedBalance, Kinds: svc, Domain: boolean, Source: SrcService + "; https://cloud.tencent.com/document/product/457/45492"},
	{Name: BackendsLabel, Kinds: svc, Domain: "label selector matching nodes", Outside: "tke.service.backends-label-invalid, tke.service.backends-label-no-nodes", Source: SrcService},
	{Name: SvcDirectAccess, Kinds: svc, Domain: boolean, Outside: invalidBool, Source: SrcService + "; https://cloud.tencent.com/document/product/457/41897"},
	{Name: SvcServiceConfig, Kinds: svc, Domain: "name of a TkeServiceConfig in the Service's namespace", Outside: "tke.service.E4026", Source: SrcService + "; https://cloud.tencent.com/document/product/457/45490"},
	{Name: SvcServiceConfigAuto, Kinds: svc, Domain: boolean, Outside: invalidBool, Source: SrcService + "; https://cloud.tencent.com/document/product/457/45490"},
	{Name: NatIPv6, Kinds: svc, Domain: readOnly + " (IPv6 address)", Source: SrcService},
	{Name: LoadBalanceType, Kinds: svc, Domain: "yunapi_clb, classic, yunapiv3_forward_clb (deprecated)", Outside: notJudgedYet, Source: SrcService},
	{Name: SpecifyProtocol, Kinds: svc, Domain: "JSON: listener port → protocols (TCP, UDP, TCP_SSL, HTTP, HTTPS) and their settings", Source: SrcService + "; https://cloud.tencent.com/document/product/457/51259"},
	{Name: SvcExtensive, Kinds: svc, Domain: "JSON object of CreateLoadBalancer parameters", Outside: "tke.service.E4005", Source: SrcService + "; seed 001 (E4005)"},
	{Name: SvcGraceShutdown, Kinds: svc, Domain: boolean, Source: SrcService + "; https://cloud.tencent.com/document/product/457/60064"},
	{Name: SvcGraceShutdownTKEX, Kinds: svc, Domain: boolean, Source: SrcService + " (intl page)"},
	{Name: SvcChargeType, Kinds: svc, Domain: chargeType, Outside: svcInvalid, Source: SrcService},
	{Name: SvcBandwidth, Kinds: svc, Domain: "integer 1–2048 (Mbit/s)", Source: SrcService},
	{Name: LegacySvcChargeType, Kinds: svc, Domain: chargeType, Source: SrcService + " (older page)"},
	{Name: LegacySvcBandwidth, Kinds: svc, Domain: "integer 1–2048 (Mbit/s)", Source: SrcService + " (older page)"},
	{Name: SecurityGroups, Kinds: svc, Domain: groups, Source: SrcService + " (intl page)"},
	{Name: PassToTarget, Kinds: svc, Domain: boolean, Source: SrcService + " (intl page)"},
	{Name: ModifyProtection, Kinds: svc, Domain: boolean, Source: "public TKE Service manifests (no vendor page in the stored material)"},
	{Name: SvcCrossRegion, Kinds: svc, Domain: "region id (ap-guangzhou)", Outside: "tke.service.E4075", Source: SrcServiceCrossRegion},
	{Name: SvcCrossVPC, Kinds: svc, Domain: "VPC id vpc-xxxxxxxx", Outside: "tke.service.invalid-vpc-id", Source: SrcServiceCrossRegion},
	{Name: PreventLoopback, Kinds: svc, Domain: boolean, Outside: invalidBool, Source: SrcLoopback},
	{Name: LBRsWeight, Kinds: svc, Domain: rsWeights, Source: "imroc/tke-guide docs/networking/traffic-lossless-upgrade.md"},
	{Name: ShareExistedLB, Kinds: svc, Domain: boolean, Source: "TKE 多Service复用CLB (tencentyun/qcloud-documents, older page)"},
	{Name: ClientToken, Kinds: svc, Domain: readOnly, Source: SrcLive},
	{Name: SourceEndpoints, Kinds: svc, Domain: readOnly + " (JSON)", Source: SrcLive},
	{Name: SyncBegin, Kinds: svc, Domain: readOnly + " (RFC 3339 time)", Source: SrcLive},
	{Name: SyncEnd, Kinds: svc, Domain: readOnly + " (RFC 3339 time)", Source: SrcLive},
	{Name: SvcMode, Kinds: svc, Domain: syncMode, Source: SrcService + " (2026 edition: sync mode)"},

	{Name: annotations.IngressClass, Kinds: ing, Domain: "qcloud (or unset) for the TKE Ingress controller", Source: SrcIngress},
	{Name: IngLBID, Kinds: ing, Domain: readOnly + " (CLB id)", Source: SrcIngress},
	{Name: IngNatIPv6, Kinds: ing, Domain: readOnly + " (IPv6 address)", Source: SrcIngress},
	{Name: IngIPv6, Kinds: ing, Domain: readOnly + " (IPv6 address)", Source: SrcIngress},
	{Name: IngChargeType, Kinds: ing, Domain: chargeType + ", BANDWIDTH_PACKAGE", Outside: "tke.ingress.E4045", Source: SrcIngress + "; " + SrcIngressCodes + " (E4045)"},
	{Name: IngBandwidth, Kinds: ing, Domain: "integer 1–2048 (Mbit/s)", Outside: "tke.ingress.E4046", Source: SrcIngress + "; " + SrcIngressCodes + " (E4046)"},
	{Name: IngExtensive, Kinds: ing, Domain: "JSON object of CreateLoadBalancer parameters", Outside: "tke.ingress.E4026", Source: SrcIngress + "; " + SrcIngressCodes + " (E4026)"},
	{Name: IngSubnet, Kinds: ing, Domain: "subnet id subnet-xxxxxxxx", Outside: ingInvalid, Source: SrcIngress},
	{Name: IngExistLB, Kinds: ing, Domain: "CLB id lb-xxxxxxxx, without other listeners", Outside: "tke.ingress.E4019, E4020, E4101", Source: SrcIngress},
	{Name: RuleMix, Kinds: ing, Domain: boolean, Outside: "tke.ingress.E4044", Source: SrcIngress + "; https://cloud.tencent.com/document/product/457/45693"},
	{Name: HTTPRules, Kinds: ing, Domain: "JSON list of {host, path, backend}", Outside: "tke.ingress.E4022", Source: SrcIngress + "; " + SrcIngressCodes + " (E4022)"},
	{Name: HTTPSRules, Kinds: ing, Domain: "JSON list of {host, path, backend}", Outside: "tke.ingress.E4023", Source: SrcIngress + "; " + SrcIngressCodes + " (E4023)"},
	{Name: IngDirectAccess, Kinds: ing, Domain: boolean, Outside: "tke.ingress.E4037", Source: SrcIngress + "; " + SrcIngressCodes + " (E4037)"},
	{Name: IngServiceConfig, Kinds: ing, Domain: "name of a TkeServiceConfig in the Ingress's namespace", Outside: "tke.ingress.E4043", Source: SrcIngress + "; https://cloud.tencent.com/document/product/457/45700"},
	{Name: IngServiceConfigAuto, Kinds: ing, Domain: boolean, Outside: "tke.ingress.E4050", Source: SrcIngress + "; " + SrcIngressCodes + " (E4050)"},
	{Name: RewriteSupport, Kinds: ing, Domain: boolean, Source: SrcIngress},
	{Name: AutoRewrite, Kinds: ing, Domain: boolean, Source: SrcIngress},
	{Name: IngCrossRegion, Kinds: ing, Domain: "region id (ap-guangzhou)", Outside: ingInvalid, Source: SrcIngress + "; https://cloud.tencent.com/document/product/457/59095"},
	{Name: IngCrossVPC, Kinds: ing, Domain: "VPC id vpc-xxxxxxxx", Outside: ingInvalid, Source: SrcIngress + "; https://cloud.tencent.com/document/product/457/59095"},
	{Name: IngGraceShutdown, Kinds: ing, Domain: boolean, Source: SrcIngress + "; https://cloud.tencent.com/document/product/457/60065"},
	{Name: EnableGroup, Kinds: ing, Domain: boolean, Outside: "tke.ingress.group-unsupported", Source: SrcIngressGroup},
	{Name: IngGraceShutdownTKEX, Kinds: ing, Domain: boolean, Source: SrcIngressIntl},
	{Name: IngSecurityGroups, Kinds: ing, Domain: groups, Source: SrcIngressIntl},
	{Name: IngPassToTarget, Kinds: ing, Domain: boolean, Source: SrcIngressIntl},
	{Name: IngModifyProtection, Kinds: ing, Domain: boolean, Source: SrcIngress2026},
	{Name: IngDeleteProtection, Kinds: ing, Domain: boolean, Source: SrcIngress2026},
	{Name: IngRetainLB, Kinds: ing, Domain: boolean, Source: SrcIngress2026},
	{Name: IngListenPorts, Kinds: ing, Domain: "JSON list of {protocol: port} objects (HTTP, HTTPS)", Source: SrcIngress2026},
	{Name: IngRewriteCode, Kinds: ing, Domain: "JSON: a default redirect code and per-host codes", Source: SrcIngress2026},
	{Name: IngGraceDeletion, Kinds: ing, Domain: boolean, Source: SrcIngress2026},
	{Name: IngLBRsWeight, Kinds: ing, Domain: rsWeights, Source: SrcIngress2026},
	{Name: IngMixTargetPrefer, Kinds: ing, Domain: "ipv4, ipv6", Source: SrcIngress2026},
	{Name: IngCertificate, Kinds: ing, Domain: "JSON list of {hosts, qcloud_cert_id} (instead of spec.tls)", Source: SrcIngress2026},
	{Name: IngMode, Kinds: ing, Domain: syncMode, Source: SrcIngress2026},
	{Name: IngClientToken, Kinds: ing, Domain: readOnly, Source: SrcLiveIngress},
}
