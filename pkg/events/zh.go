package events

import (
	"strings"
	"unicode"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// zhEventText is the Chinese wording of a TKE event error, as the controllers' event messages and
// TKE's Chinese event table (Service/Ingress event errors) give it, with its code.
type zhEventText struct {
	code, text string
}

// zhEventTexts are the Chinese event errors of the TKE Service and Ingress controllers, by kind. The
// same code means different things for a Service and an Ingress, and the same words (证书过期)
// have different codes.
var zhEventTexts = map[rules.Kind][]zhEventText{
	rules.Service: {
		{"E4001", "TKE_QCSRoles 授权"},
		{"E4004", "负载均衡数量超出上线"},
		{"E4005", "负载均衡创建参数错误"},
		{"E4008", "子网 IP 不足"},
		{"E4009", "欠费"},
		{"E4011", "使用已有负载均衡不存在"},
		{"E4012", "使用已有负载均衡是其他 TKE 管理的资源"},
		{"E4013", "使用已有负载均衡是其他集群使用的资源"},
		{"E4014", "使用已有负载均衡存在端口冲突"},
		{"E4016", "用户未开通复用功能"},
		{"E4026", "外挂配置未找到"},
		{"E4033", "开启直连，但是没有工作负载后端支持直连接入"},
		{"E4036", "后端四元组冲突"},
		{"E4037", "子网不存在"},
		{"E4062", "证书过期"},
		{"E4075", "跨地域功能，地域 ID 错误"},
	},
	rules.Ingress: {
		{"E4003", "负载均衡数量到上限"},
		{"E4005", "转发规则数量到上限"},
		{"E4008", "TKE_QCSRole 授权被删除"},
		{"E4009", "TLS 字段未配置 Secret 名称"},
		{"E4010", "TLS 字段配置 Secret 无法找到"},
		{"E4011", "TLS 字段配置 Secret 内容错误，没有证书 ID"},
		{"E4012", "证书状态异常"},
		{"E4018", "指定已有负载均衡不存在"},
		{"E4019", "指定已有负载均衡是 TKE 创建的"},
		{"E4020", "指定已有负载均衡是其他 Ingress 使用的"},
		{"E4021", "指定已有负载均衡监听器未排空"},
		{"E4022", "kubernetes.io/ingress.http-rules，注解格式不正确"},
		{"E4023", "kubernetes.io/ingress.https-rules，注解格式不正确"},
		{"E4027", "账户欠费"},
		{"E4031", "转发规则存在不合法字符"},
		{"E4034", "IPv6 CLB，未声明 host 字段。（IPv4 可以不填 Host，默认为 VIP，IPv6 不支持）"},
		{"E4035", "证书 ID 格式错误"},
		{"E4039", "证书过期"},
		{"E4040", "Ingress 存在域名没有声明对应证书。"},
		{"E4041", "Ingress 中转发规则指定的 Service 不存在。"},
		{"E4042", "Ingress 中转发规则指定的 Service 不存在对应转发端口"},
		{"E4043", "Ingress 指定绑定的 TkeServiceConfig 资源不存在"},
		{"E4044", "kubernetes.io/ingress.rule-mix，填了非合法值"},
		{"E4046", "资源带宽注解配置错误，格式错误或带宽范围错误"},
		{"E4047", "Ingress 中转发规则指定的 Service 为 ClusterIP 类型，没有转发端口接入"},
		{"E4048", "Ingress 存在域名声明了多个默认证书"},
		{"E4049", "Ingress 存在某个固定域名声明了多个证书"},
		{"E4051", "用户手动外挂配置指定了系统自动化生成的配置"},
		{"E4052", "Ingress 中转发规则指定的域名不符合正则要求"},
		{"E4053", "子网 IP 用尽，无法创建负载均衡"},
		{"E4054", "后端数量达到上限"},
		{"E4055", "子网不存在或格式错误，无法创建负载均衡"},
		{"E4060", "账户未开白，无法为用户开启 SNAT Pro 功能"},
		{"E4066", "集群初始化失败，CRD 无法创建"},
		{"E4068", "自动重定向规则和用户其他声明规则冲突"},
		{"E4071", "跨地域配置错误，CLB 所在 VPC 和当前集群所在 VPC 不在同一个云联网中"},
		{"E4074", "节点欠费可能，后端绑定失败"},
		{"E4081", "kubernetes.io/ingress.https-rules，注解格式不正确（配置冲突）"},
		{"E4082", "NoSelector Service 不支持绑定，Ingress 在直连场景下，声明使用了类似资源"},
		{"E4084", "跨域绑定 1.0 方案下，不能使用 SNAT Pro 功能"},
		{"E4098", "指定已有负载均衡，负载均衡 ID 格式错误"},
		{"E4101", "指定已有负载均衡监听器存在冲突"},
	},
}

// zhNormalized are zhEventTexts with their white space and punctuation removed (normalizeZh).
var zhNormalized = func() map[rules.Kind][]zhEventText {
	m := map[rules.Kind][]zhEventText{}
	for k, ts := range zhEventTexts {
		for _, t := range ts {
			m[k] = append(m[k], zhEventText{code: t.code, text: normalizeZh(t.text)})
		}
	}
	return m
}()

// normalizeZh drops white space and punctuation (ASCII and full-width alike) and folds ASCII to
// lower case, so that a pasted message matches whatever spacing and commas it was copied with.
func normalizeZh(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsSpace(r) || unicode.IsPunct(r) || unicode.IsSymbol(r) {
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// hasHan reports whether s holds a Chinese character.
func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// zhCodes are the TKE codes whose Chinese event wording occurs in message, for an object of kind.
// When one matched wording contains another (E4081's adds 配置冲突 to E4023's), only the longer
// counts.
func zhCodes(kind rules.Kind, message string) []string {
	if !hasHan(message) {
		return nil
	}
	msg := normalizeZh(message)
	var hits []zhEventText
	for _, t := range zhNormalized[kind] {
		if strings.Contains(msg, t.text) {
			hits = append(hits, t)
		}
	}
	var codes []string
	for _, h := range hits {
		covered := false
		for _, o := range hits {
			if len(o.text) > len(h.text) && strings.Contains(o.text, h.text) {
				covered = true
				break
			}
		}
		if !covered {
			codes = append(codes, h.code)
		}
	}
	return codes
}
