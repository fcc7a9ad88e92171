package rules

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Term is one entry of the glossary of the vendors' own Chinese words: the word the catalog's
// Chinese texts use for an English term, who uses it, where it was found, and the variants the
// texts must not use instead.
type Term struct {
	// English is the term as the English texts write it.
	English string
	// Chinese is the word every Chinese text writes for it.
	Chinese string
	// Vendors are the providers whose documents use Chinese (TKE, ACK or both). A word only one
	// vendor uses, where the other has its own word for the same English term (监听器 and 监听), is
	// not written in the other vendor's texts.
	Vendors []Provider
	// Seed is the seed document the word was found in (a file of the seeds' INDEX.md) and Line
	// the line of its first use; both are empty for a word the seeds do not hold.
	Seed string
	Line int
	// SeedWord is the seed's own spelling at Line when the catalog writes the word differently
	// (the seed's 账户 for 账号); empty when the seed writes Chinese.
	SeedWord string
	// Where names the row or passage of the seed (the code), or, for a word the seeds do not hold,
	// the stored vendor page it was checked against, or "ours" for a plain rendering of our own.
	Where string
	// Avoid are variants other vendors, other products or older forms use for the same term;
	// no Chinese text of the catalog contains one.
	Avoid []string
}

// Seed documents the glossary cites.
const (
	seedTKEEvents = "001_003e6d03f71f65c9.txt"
)

// Stored vendor pages the glossary cites for ACK's words (no seed is written in Chinese for ACK).
const (
	pageACKCLBAnnotations = "https://help.aliyun.com/document_detail/86531.htm"
)

// Glossary lists the vendors' Chinese terms the catalog uses, in the order docs/glossary.md
// prints them.
var Glossary = []Term{
	{English: "load balancer (CLB)", Chinese: "负载均衡", Vendors: []Provider{TKE, ACK}, Seed: seedTKEEvents, Line: 39,
		Where: "Service E4004 (and throughout); ACK: " + pageACKCLBAnnotations, Avoid: []string{"负载平衡", "负载均衡器"}},
	{English: "CLB instance", Chinese: "负载均衡实例", Vendors: []Provider{TKE, ACK}, Seed: seedTKEEvents, Line: 43,
		Where: "Service E4011", Avoid: []string{"负载平衡实例"}},
	{English: "instance", Chinese: "实例", Vendors: []Provider{TKE, ACK}, Seed: seedTKEEvents, Line: 43,
		Where: "Service E4011; ACK: " + pageACKCLBAnnotations + " (实例计费方式)", Avoid: []string{"执行个体"}},
	{English: "CLB console", Chinese: "负载均衡控制台", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 43,
		Where: "Service E4011"},
	{English: "listener", Chinese: "监听器", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 50,
		Where: "Service E4036 (监听器端口)", Avoid: []string{"侦听器", "监听程序"}},
	{English: "listener", Chinese: "监听", Vendors: []Provider{ACK},
		Where: pageACKCLBAnnotations + " (对CLB、监听和后端服务器组)", Avoid: []string{"侦听", "监听程序"}},
	{English: "backend", Chinese: "后端", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 50,
		Where: "Service E4036 (后端 IP、后端端口)", Avoid: []string{"后台服务器"}},
	{English: "backend server", Chinese: "后端服务器", Vendors: []Provider{ACK},
		Where: pageACKCLBAnnotations, Avoid: []string{"后端伺服器", "后端云服务器", "后台服务器"}},
	{English: "backend server group", Chinese: "后端服务器组", Vendors: []Provider{ACK},
		Where: pageACKCLBAnnotations, Avoid: []string{"后端云服务器组", "目标组"}},
	{English: "backend binding", Chinese: "后端绑定", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 95,
		Where: "Ingress E4074"},
	{English: "four-tuple", Chinese: "四元组", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 50,
		Where: "Service E4036"},
	{English: "certificate", Chinese: "证书", Vendors: []Provider{TKE, ACK}, Seed: seedTKEEvents, Line: 52,
		Where: "Service E4062", Avoid: []string{"憑證", "証書"}},
	{English: "certificate service", Chinese: "证书服务", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 52,
		Where: "Service E4062"},
	{English: "default certificate", Chinese: "默认证书", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 84,
		Where: "Ingress E4048"},
	{English: "domain name (host)", Chinese: "域名", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 77,
		Where: "Ingress E4040"},
	{English: "forwarding rule", Chinese: "转发规则", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 60,
		Where: "Ingress E4005", Avoid: []string{"转送规则", "路由规则"}},
	{English: "forwarding path", Chinese: "转发路径", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 73,
		Where: "Ingress E4031"},
	{English: "redirection", Chinese: "重定向", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 93,
		Where: "Ingress E4068", Avoid: []string{"重导向"}},
	{English: "direct access (Pods bound directly)", Chinese: "直连", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 49,
		Where: "Service E4033 (开启直连)", Avoid: []string{"直通"}},
	{English: "ENI", Chinese: "弹性网卡", Vendors: []Provider{TKE, ACK}, Seed: seedTKEEvents, Line: 49,
		Where: "Service E4033 (弹性网卡网络模式)", Avoid: []string{"弹性网络接口"}},
	{English: "workload", Chinese: "工作负载", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 49,
		Where: "Service E4033"},
	{English: "rolling update", Chinese: "滚动更新", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 49,
		Where: "Service E4033, risk column"},
	{English: "traffic interruption", Chinese: "断流", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 49,
		Where: "Service E4033, risk column"},
	{English: "node", Chinese: "节点", Vendors: []Provider{TKE, ACK}, Seed: seedTKEEvents, Line: 95,
		Where: "Ingress E4074 (节点欠费)", Avoid: []string{"结点"}},
	{English: "cluster", Chinese: "集群", Vendors: []Provider{TKE, ACK}, Seed: seedTKEEvents, Line: 38,
		Where: "Service E4001, risk column (集群维度)"},
	{English: "subnet", Chinese: "子网", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 41,
		Where: "Service E4008 (子网 IP 不足)", Avoid: []string{"子网络"}},
	{English: "vSwitch", Chinese: "交换机", Vendors: []Provider{ACK},
		Where: "https://help.aliyun.com/zh/cs/configure-nlb-instances-by-using-annotations (不同可用区的交换机)"},
	{English: "VPC (Tencent Cloud)", Chinese: "私有网络", Vendors: []Provider{TKE},
		Where: "ours: Tencent Cloud's product name (seed 001 writes the bare VPC, as most texts do)",
		Avoid: []string{"虚拟私有云", "虚拟私有网络"}},
	{English: "VPC (Alibaba Cloud)", Chinese: "专有网络", Vendors: []Provider{ACK},
		Where: "ours: Alibaba Cloud's product name 专有网络 VPC", Avoid: []string{"虚拟私有云", "虚拟私有网络"}},
	{English: "public (internet-facing)", Chinese: "公网", Vendors: []Provider{TKE, ACK}, Seed: seedTKEEvents, Line: 41,
		Where: "Service E4008 (公网类型的负载均衡); ACK: " + pageACKCLBAnnotations + " (internet:服务通过公网访问)"},
	{English: "private (internal) CLB", Chinese: "内网", Vendors: []Provider{TKE},
		Where: "https://cloud.tencent.com/document/product/457/56112 (内网负载均衡)"},
	{English: "private (intranet) CLB", Chinese: "私网", Vendors: []Provider{ACK},
		Where: pageACKCLBAnnotations + " (intranet:服务通过私网访问)"},
	{English: "address type", Chinese: "地址类型", Vendors: []Provider{ACK},
		Where: pageACKCLBAnnotations + " (对应CLB地址类型必须为公网)"},
	{English: "region", Chinese: "地域", Vendors: []Provider{TKE, ACK}, Seed: seedTKEEvents, Line: 53,
		Where: "Service E4075 (地域 ID)"},
	{English: "availability zone", Chinese: "可用区", Vendors: []Provider{TKE, ACK}, Seed: seedTKEEvents, Line: 53,
		Where: "Service E4075 (地域与可用区)", Avoid: []string{"可用区域", "可用性区域", "可用域"}},
	{English: "cross-region", Chinese: "跨地域", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 53,
		Where: "Service E4075; the seed also writes 跨域 (Ingress E4084), we write 跨地域 throughout", Avoid: []string{"跨域", "跨区域"}},
	{English: "Cloud Connect Network (CCN)", Chinese: "云联网", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 94,
		Where: "Ingress E4071"},
	{English: "bandwidth", Chinese: "带宽", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 82,
		Where: "Ingress E4046"},
	{English: "billing mode", Chinese: "计费方式", Vendors: []Provider{TKE, ACK},
		Where: pageACKCLBAnnotations + " (实例计费方式)", Avoid: []string{"付费类型", "付费方式"}},
	{English: "pay-by-specification", Chinese: "按规格计费", Vendors: []Provider{ACK},
		Where: pageACKCLBAnnotations + " (PayBySpec:按规格计费)"},
	{English: "pay-by-CLCU", Chinese: "按使用量计费", Vendors: []Provider{ACK},
		Where: pageACKCLBAnnotations + " (PayByCLCU:按使用量计费)"},
	{English: "specification", Chinese: "规格", Vendors: []Provider{ACK},
		Where: pageACKCLBAnnotations + " (指定负载均衡规格)"},
	{English: "health check", Chinese: "健康检查", Vendors: []Provider{TKE, ACK},
		Where: "ours: the usual word of both vendors' Chinese CLB pages", Avoid: []string{"运行状况检查", "健康检测"}},
	{English: "session persistence", Chinese: "会话保持", Vendors: []Provider{ACK},
		Where: pageACKCLBAnnotations + " (会话保持设置)", Avoid: []string{"粘性会话", "会话粘滞", "会话亲和"}},
	{English: "loopback", Chinese: "回环", Vendors: []Provider{TKE},
		Where: "ours as the Chinese TKE guide writes it (CLB 回环问题); seed 002 is English", Avoid: []string{"环回", "回送"}},
	{English: "annotation", Chinese: "注解", Vendors: []Provider{TKE, ACK}, Seed: seedTKEEvents, Line: 41,
		Where: "Service E4008 (更新 Service 注解); ACK: " + pageACKCLBAnnotations + " (注解的内容区分大小写)",
		Avoid: []string{"注释"}},
	{English: "namespace", Chinese: "命名空间", Vendors: []Provider{TKE, ACK}, Seed: seedTKEEvents, Line: 78,
		Where: "Ingress E4041", Avoid: []string{"名字空间", "名称空间"}},
	{English: "attached configuration (TkeServiceConfig)", Chinese: "外挂配置", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 48,
		Where: "Service E4026"},
	{English: "reuse (an existing CLB)", Chinese: "复用", Vendors: []Provider{TKE, ACK}, Seed: seedTKEEvents, Line: 45,
		Where: "Service E4013"},
	{English: "port conflict", Chinese: "端口冲突", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 46,
		Where: "Service E4014"},
	{English: "allowlist (enable for the account)", Chinese: "开白", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 47,
		Where: "Service E4016 (申请开白)"},
	{English: "in arrears", Chinese: "欠费", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 42,
		Where: "Service E4009"},
	{English: "top up", Chinese: "充值", Vendors: []Provider{TKE, ACK}, Seed: seedTKEEvents, Line: 42,
		Where: "Service E4009"},
	{English: "account", Chinese: "账号", Vendors: []Provider{TKE, ACK}, Seed: seedTKEEvents, Line: 38, SeedWord: "账户",
		Where: "Service E4001; the seed writes 账户 (and 帐户, E4009), we write 账号 throughout, as both consoles do",
		Avoid: []string{"账户", "帐户", "帐号"}},
	{English: "authorization", Chinese: "授权", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 38,
		Where: "Service E4001 (TKE_QCSRoles 授权)"},
	{English: "CAM console", Chinese: "访问管理控制台", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 38,
		Where: "Service E4001"},
	{English: "open a ticket", Chinese: "提交工单", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 39,
		Where: "Service E4004"},
	{English: "quota", Chinese: "配额", Vendors: []Provider{TKE, ACK},
		Where: "ours: seed 001 writes Quota in English (Service E4004)", Avoid: []string{"限额"}},
	{English: "sync", Chinese: "同步", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 6,
		Where: "introduction (作为一个资源整体进行同步)"},
	{English: "event", Chinese: "事件", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 17,
		Where: "how to read events (“事件”页签)"},
	{English: "regular expression", Chinese: "正则", Vendors: []Provider{TKE}, Seed: seedTKEEvents, Line: 73,
		Where: "Ingress E4031"},
	{English: "security group", Chinese: "安全组", Vendors: []Provider{TKE, ACK},
		Where: "ours: both vendors' usual word"},
}

// TermsFor are the glossary's terms that a text about provider p may not use: every variant to
// avoid, and the words of another vendor for an English term p has its own word for (监听器 in
// an ACK text), unless p's own word contains it (监听 in 监听器). Generic texts follow only the
// variants to avoid. The map gives, for each such word, the glossary word to write instead.
func TermsFor(p Provider) map[string]string {
	out := map[string]string{}
	for _, t := range Glossary {
		for _, a := range t.Avoid {
			out[a] = t.Chinese
		}
	}
	if p != TKE && p != ACK {
		return out
	}
	for _, other := range Glossary {
		if slices.Contains(other.Vendors, p) {
			continue
		}
		for _, own := range Glossary {
			if own.English == other.English || sameConcept(own.English, other.English) {
				if slices.Contains(own.Vendors, p) && !strings.Contains(own.Chinese, other.Chinese) {
					out[other.Chinese] = own.Chinese
				}
			}
		}
	}
	return out
}

// bookTitle is a document title in Chinese title marks.
var bookTitle = regexp.MustCompile(`《[^》]*》`)

// sameConcept reports whether two English terms name one thing for different vendors: the same
// words before a bracket ("VPC (Tencent Cloud)" and "VPC (Alibaba Cloud)"), or the same words
// after one ("private (internal) CLB", "private (intranet) CLB").
func sameConcept(a, b string) bool {
	strip := func(s string) string {
		if i := strings.Index(s, " ("); i >= 0 {
			if j := strings.Index(s[i:], ")"); j >= 0 {
				return s[:i] + s[i+j+1:]
			}
		}
		return s
	}
	return strip(a) == strip(b)
}

// MisusedTerms returns, sorted, a message for each word of TermsFor(p) that zh contains; a word
// inside a longer one that zh also contains (侦听 in 侦听器) is named once, as the longer word. A
// document title in 《》 is the vendor's own and is not checked (《Ingress 跨域绑定》).
func MisusedTerms(zh string, p Provider) []string {
	zh = bookTitle.ReplaceAllString(zh, "《》")
	terms := TermsFor(p)
	var found []string
	for bad := range terms {
		if strings.Contains(zh, bad) {
			found = append(found, bad)
		}
	}
	var out []string
	for _, bad := range found {
		inner := slices.ContainsFunc(found, func(o string) bool { return o != bad && strings.Contains(o, bad) })
		if !inner {
			out = append(out, fmt.Sprintf("%q where the glossary writes %q", bad, terms[bad]))
		}
	}
	slices.Sort(out)
	return out
}
