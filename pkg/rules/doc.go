package rules

import (
	"cmp"
	"slices"
	"strings"
	"sync"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// docWords word the parts rules' Doc citations are written with. A Doc is English (links.go matches
// the vendor pages on it); DocIn gives it in Chinese by replacing each part it holds with the part's
// Chinese, the longest part first. Every Doc is made of these parts, of quoted controller messages
// (kept verbatim: they are what the controllers print) and of names (annotations, files, codes): a
// test fails on any Chinese Doc with an English sentence left in it, and on a part no Doc uses.
//
// A vendor page is named by its own Chinese title in 《》 where the page has one: seed 001's headings
// and the page titles its links give (Service 使用已有 CLB, Service 负载均衡配置, Ingress 使用
// TkeServiceConfig 配置 CLB, Ingress 跨域绑定, Service Annotation 说明); the stored pages listed in
// docs/sources.md for the others (Service&Ingress 常见报错和处理, the TKE announcement, the ACK
// pages, whose Chinese copy also gives the section titles quoted in “”). docs/sources.md lists where
// each title was seen. A page known only in English (seeds 000 and 002, the international site's
// pages) keeps its English title, marked as an English document. A section whose Chinese title was
// not seen is described in our own words, without quotation marks.
var docWords = []words.Phrase{
	// The cloud APIs' reference pages, by action name (cloud rules).
	{En: DocTKECloudAPI, Zh: "腾讯云 API 文档："},
	{En: DocACKCloudAPI, Zh: "阿里云 API 文档："},
	// Alibaba Cloud ACK: 《Service异常问题排查》 (seed 003 is its English twin) and its sections.
	{En: DocACKEvents, Zh: "阿里云 ACK《Service异常问题排查》“Service异常事件及处理方式”"},
	{En: DocACKSymptoms, Zh: "阿里云 ACK《Service异常问题排查》“排查思路”"},
	{En: "Alibaba ACK, troubleshooting LoadBalancer Services", Zh: "阿里云 ACK《Service异常问题排查》"},
	{En: ", Cannot connect to the backend HTTPS service", Zh: "，“无法连接到后端HTTPS服务”"},
	{En: ", 503 error during application updates", Zh: "，“应用更新过程中访问CLB出现503报错”"},
	{En: ", Uneven load distribution across CLB backends", Zh: "，“CLB负载不均”"},
	{En: ", CLB inaccessible from within the cluster", Zh: "，“集群内无法访问CLB”"},
	{En: ", CLB inaccessible from outside the cluster", Zh: "，“集群外无法访问CLB”"},
	{En: " (a reminder, not the error)", Zh: "（仅作提醒，并非该报错）"},
	// Alibaba Cloud ACK: 《Service FAQ》 (seed 004) and its questions.
	{En: DocACKFAQ, Zh: "阿里云 ACK《Service FAQ》"},
	{En: ", When are SLB instances automatically deleted?", Zh: "，“什么情况下会自动删除SLB？”"},
	{En: ", Why are events for the service and LoadBalancer synchronization process not visible?", Zh: "，“为什么看不到Service与LoadBalancer同步过程的事件Event信息？”"},
	{En: ", Why is a listener not configured when I reuse an existing SLB instance?", Zh: "，“为什么复用已有CLB时没有配置监听？”"},
	{En: ", What to do if a service annotation does not take effect", Zh: "，“Service注解不生效如何处理？”"},
	{En: ", How to correctly configure the NodePort range", Zh: "，如何正确配置 NodePort 范围的问答"},
	{En: ", Why does reusing an existing SLB instance fail?", Zh: "，复用已有 SLB 实例为何失败的问答"},
	{En: ", Why is an SLB IP address inaccessible from within a cluster? (scenario 1)", Zh: "，集群内为何无法访问 SLB IP 地址的问答（场景一）"},
	{En: ", How to configure a listener for a NodePort service", Zh: "，如何为 NodePort 类型的 Service 配置监听的问答"},
	{En: ", What to do if I accidentally delete an SLB instance", Zh: "，误删 SLB 实例后如何处理的问答"},
	{En: ", How are node weights automatically set in Local mode?", Zh: "，Local 模式下节点权重如何自动设置的问答"},
	{En: ", graceful closing of connections when backends are replaced", Zh: "，替换后端时如何优雅关闭连接的问答"},
	{En: ", How do I resolve the issue where the SLB address exposed by a LoadBalancer service is inaccessible from within a Kubernetes cluster?",
		Zh: "，集群内无法访问 LoadBalancer Service 所暴露的 SLB 地址时如何处理的问答"},
	// Alibaba Cloud ACK: 《通过Annotation配置传统型负载均衡CLB》 and 《Service的负载均衡配置注意事项》.
	{En: DocACKAnnotations, Zh: "阿里云 ACK《通过Annotation配置传统型负载均衡CLB》"},
	{En: ", backend server group annotations", Zh: "，后端服务器组的注解"},
	{En: ", listener and CLB annotations", Zh: "，监听与 CLB 的注解"},
	{En: ", usage notes (alicloud renamed to alibaba-cloud)", Zh: "，使用说明（alicloud 更名为 alibaba-cloud）"},
	{En: "; kubernetes/cloud-provider-alibaba-cloud, service controller annotation parsing", Zh: "；阿里云 CCM 源码（kubernetes/cloud-provider-alibaba-cloud）中 service controller 对注解的解析"},
	{En: DocACKUpdate, Zh: "阿里云 ACK《Service的负载均衡配置注意事项》"},
	{En: " (changing a Service from type LoadBalancer removes its SLB configuration; listeners follow the Service when force-override-listeners is true)",
		Zh: "（Service 改为其他类型时其 SLB 配置被移除；force-override-listeners 为 true 时监听随 Service 而变）"},
	// The Alibaba Cloud CCM source.
	{En: DocACKCCM, Zh: "阿里云 CCM 源码（github.com/kubernetes/cloud-provider-alibaba-cloud）："},
	{En: " (Update: \"can not change … once created\")", Zh: "（Update：\"can not change … once created\"）"},
	{En: " (change master zone & slave zone, ipv4 -> ipv6)", Zh: "（更换主备可用区、ipv4 改为 ipv6 的用例）"},
	{En: " (update vsw id: the CLB keeps its vSwitch; charge-type: paybybandwidth -> paybytraffic: effective the next day)", Zh: "（更换交换机 ID 的用例：CLB 仍使用原交换机；charge-type 从 paybybandwidth 改为 paybytraffic 的用例：次日才生效）"},
	{En: " (Update: \"AddressIpVersion cannot be changed\")", Zh: "（Update：\"AddressIpVersion cannot be changed\"）"},
	{En: " (Update compares no vSwitch; \"only internet loadbalancer is allowed to modify bandwidth and pay type\"; bandwidth only with paybybandwidth)",
		Zh: "（Update 不比较交换机；\"only internet loadbalancer is allowed to modify bandwidth and pay type\"；带宽只在 paybybandwidth 时修改）"},
	{En: " (SLB instance reuse: each listening port can be used by only one Service)", Zh: "（复用 SLB 实例：每个监听端口只能供一个 Service 使用）"},
	{En: " (applyLoadBalancer: no CLB found while the Service has an address)", Zh: "（applyLoadBalancer：Service 已有地址却找不到 CLB）"},
	{En: " (disablePublicSLB) and ", Zh: "（disablePublicSLB）与 "},
	{En: " (the cloud-config fields)", Zh: "（cloud-config 的字段）"},
	{En: " (a Service with a master-zoneid that does not exist fails to sync) and ", Zh: "（master-zoneid 指向不存在的可用区时 Service 同步失败）与 "},
	{En: " (zone-maps become the NLB's zone mappings)", Zh: "（zone-maps 即 NLB 的可用区映射）"},
	{En: "NLB DescribeZones (the zones of the region an NLB is deployed in)", Zh: "NLB DescribeZones（查询 NLB 所在地域的可用区）"},
	{En: " (NeedDeleteLoadBalancer) and ", Zh: "（NeedDeleteLoadBalancer）与 "},
	{En: " (deleteLoadBalancer)", Zh: "（deleteLoadBalancer）"},
	{En: " (backends rebuilt from the annotations on each sync)", Zh: "（每次同步都按注解重建后端）"},
	{En: providerIDDoc, Zh: "阿里云 CCM 源码 kubernetes/cloud-provider-alibaba-cloud 的 docs/getting-started.md（ACK 节点的 providerID 为 " +
		"<REGION_ID>.<ECS_ID>，可带 alicloud:// 前缀）；Kubernetes 文档 Cloud Providers 的 Alibaba Cloud 部分" +
		"（kubelet --provider-id=${REGION_ID}.${INSTANCE_ID}）；kubernetes/autoscaler 的 cloudprovider/tencentcloud" +
		"（TKE 节点的 providerID 为 qcloud:///<zone>/<instance-id>）"},
	// Tencent TKE: seed 001 《Service&Ingress 常见报错和处理》 and its sections.
	{En: DocTKEServiceEvents, Zh: "腾讯云 TKE《Service&Ingress 常见报错和处理》“Service Event 报错原因和处理办法”，"},
	{En: DocTKEIngressEvents, Zh: "腾讯云 TKE《Service&Ingress 常见报错和处理》“Ingress Event 报错原因和处理办法”，"},
	{En: DocTKEEventRetention, Zh: "腾讯云 TKE《Service&Ingress 常见报错和处理》“如何查看 Service/Ingress Event 的报错信息？”（事件保留 1 小时）"},
	// Tencent TKE: seed 000, the English Ingress error code list; the Chinese error-code page (the
	// rules' link) is named first.
	{En: DocTKEIngressCodes, Zh: "腾讯云 TKE Ingress 错误码（中文页面《Service&Ingress 常见报错和处理》，英文错误码列表《Ingress Error Codes》），"},
	{En: " Certificate Type Error", Zh: " “Certificate Type Error”"},
	{En: " Certificate Out of Date", Zh: " “Certificate Out of Date”"},
	{En: " (handling method); a hint, not an error code", Zh: "（处理方法）；仅为提示，并非错误码"},
	// Tencent TKE: seed 002, the English fault handling handbook, and its sections.
	{En: DocTKEHandbook, Zh: "腾讯云 TKE 英文文档《Fault Handling》，"},
	{En: "CLB Loopback (Avoiding layer-4 loopback; Analysis of layer-4 loopback problem)", Zh: "“CLB Loopback”（“Avoiding layer-4 loopback”与“Analysis of layer-4 loopback problem”两节）"},
	{En: "CLB Loopback (an Ingress gets layer-7 listeners for ports 80 and 443)", Zh: "“CLB Loopback”（Ingress 会得到 80 和 443 端口的七层监听器）"},
	{En: "CLB Loopback (avoiding layer-7 loopback)", Zh: "“CLB Loopback”（避免七层回环的部分）"},
	{En: "CLB Loopback (Local binds only nodes with a server pod)", Zh: "“CLB Loopback”（Local 只绑定有服务端 Pod 的节点）"},
	{En: "NGINX Ingress appears in Connection Refused", Zh: "“NGINX Ingress appears in Connection Refused”"},
	{En: "CLB Ingress Creation Error", Zh: "“CLB Ingress Creation Error”"},
	{En: " (Norm AssumeTkeCredential); fault handling handbook, Pod Network Inaccessibility (ip-masq-agent-config)",
		Zh: "（Norm AssumeTkeCredential）；英文文档《Fault Handling》，“Pod Network Inaccessibility”（ip-masq-agent-config）"},
	// Tencent TKE: other vendor pages.
	{En: DocTKELifecycle, Zh: "腾讯云 TKE 公告《关于 Service Ingress 组件管理模式升级的通知》（cloud.tencent.com/document/product/457/90598），“Service 组件生命周期管理模式升级”"},
	{En: DocTKEExistingCLB, Zh: "腾讯云 TKE《Service 使用已有 CLB》（cloud.tencent.com/document/product/457/45491），同步与标签"},
	{En: DocTKEServiceProtocol, Zh: "腾讯云 TKE《Service 扩展协议》（cloud.tencent.com/document/product/457/51259），service.cloud.tencent.com/specify-protocol；Service 事件 E4062"},
	{En: DocTKEDirectAccess, Zh: "腾讯云 TKE《使用 LoadBalancer 直连 Pod 模式 Service》（cloud.tencent.com/document/product/457/41897）"},
	{En: ", backend-type (ENI mode)", Zh: "，backend-type（ENI 模式）"},
	{En: DocTKEBackends, Zh: "腾讯云 TKE 关于 Service 后端选择的文档（cloud.tencent.com/document/product/457/45492），“默认后端选择”"},
	{En: " (resources tagged tke-createdBy-flag are deleted with the Service)", Zh: "（带 tke-createdBy-flag 标签的资源随 Service 一起删除）"},
	{En: " (the way round a refused switch goes through ClusterIP or NodePort)", Zh: "（被拒绝的类型切换须经由 ClusterIP 或 NodePort 绕行）"},
	{En: " (a Service that stops using an existing CLB has its listeners deleted, the CLB is kept)", Zh: "（Service 不再使用已有 CLB 时其监听器被删除，CLB 保留）"},
	{En: DocTKEIngressLifecycle, Zh: "腾讯云 TKE 英文文档《Overview》（tencentcloud.com/document/product/457/37013），Ingress 生命周期管理与 kubernetes.io/ingress.class"},
	{En: DocTKEIngressRuleMix, Zh: "腾讯云 TKE《Ingress 混合使用 HTTP 及 HTTPS 协议》（cloud.tencent.com/document/product/457/45693）"},
	{En: DocTKEIngressBasics, Zh: "腾讯云 TKE《Ingress 基本功能》（cloud.tencent.com/document/product/457/31711），使用已有 CLB 的注意事项；Ingress 事件 E4101"},
	{En: DocTKEIngressGroup, Zh: "腾讯云 TKE 多个 Ingress 复用同一个 CLB 的文档（cloud.tencent.com/document/product/457/127545），“注意事项”"},
	{En: "Tencent TKE, Ingress cross-VPC/cross-region binding (https://cloud.tencent.com/document/product/457/59095)",
		Zh: "腾讯云 TKE《Ingress 跨域绑定》（https://cloud.tencent.com/document/product/457/59095）"},
	{En: "Tencent TKE, Service Annotation (tencentcloud.com/document/product/457/39142)", Zh: "腾讯云 TKE 英文文档《Service Annotation》（tencentcloud.com/document/product/457/39142）"},
	{En: "Tencent TKE, Service Annotation 说明 (https://cloud.tencent.com/document/product/457/51258)", Zh: "腾讯云 TKE《Service Annotation 说明》（https://cloud.tencent.com/document/product/457/51258）"},
	{En: "Tencent TKE, Service annotations (457/51258), annotation list", Zh: "腾讯云 TKE《Service Annotation 说明》（457/51258），注解列表"},
	{En: "Tencent TKE, Ingress annotations, annotation list", Zh: "腾讯云 TKE《Ingress Annotation 说明》，注解列表"},
	{En: "Tencent TKE, Service annotations (service.cloud.tencent.com/cross-vpc-id)", Zh: "腾讯云 TKE《Service Annotation 说明》（service.cloud.tencent.com/cross-vpc-id）"},
	{En: "Tencent TKE, Service annotations (service.cloud.tencent.com/direct-access, prevent-loopback, tke-service-config-auto)",
		Zh: "腾讯云 TKE《Service Annotation 说明》（service.cloud.tencent.com/direct-access、prevent-loopback、tke-service-config-auto）"},
	{En: "Tencent TKE, Service backend selection (service.kubernetes.io/qcloud-loadbalancer-backends-label)",
		Zh: "腾讯云 TKE，Service 的后端选择（service.kubernetes.io/qcloud-loadbalancer-backends-label）"},
	{En: "Tencent TKE, Service backend selection (service.kubernetes.io/qcloud-loadbalancer-backends-label: a selector that picks no node drains the backends)",
		Zh: "腾讯云 TKE，Service 的后端选择（service.kubernetes.io/qcloud-loadbalancer-backends-label：选不中任何节点的选择算符会清空后端）"},
	{En: "Tencent TKE, TkeServiceConfig (Ingress)", Zh: "腾讯云 TKE《Ingress 使用 TkeServiceConfig 配置 CLB》"},
	{En: "Tencent TKE, TkeServiceConfig (associated actions between Service and TkeServiceConfig)", Zh: "腾讯云 TKE《Service 负载均衡配置》（Service 与 TkeServiceConfig 的关联行为）"},
	{En: "; no event code", Zh: "；无事件错误码"},
	{En: ", complete configuration reference", Zh: "，“完整配置参考”"},
	{En: ", configuration description and sample", Zh: "，“配置说明”与示例"},
	// Kubernetes itself.
	{En: genericK8sDoc, Zh: "Kubernetes Service 语义"},
	{En: DocK8sServicePorts, Zh: "Kubernetes 文档，Service（端口：port、targetPort、nodePort）"},
	{En: " (externalTrafficPolicy)", Zh: "（externalTrafficPolicy）"},
	{En: " (spec.selector decides the endpoints)", Zh: "（spec.selector 决定端点）"},
	{En: " (spec.loadBalancerClass: immutable while the type stays LoadBalancer; API validation \"may not change once set\")", Zh: "（spec.loadBalancerClass：类型保持 LoadBalancer 时不可更改；API 校验报错 \"may not change once set\"）"},
	{En: " (an Ingress backend names a Service port by number or name)", Zh: "（Ingress 的后端按端口号或端口名引用 Service 端口）"},
	{En: " (the cloud-provider service controller deletes the load balancer of a Service that no longer wants one)", Zh: "（cloud-provider 的服务控制器会删除不再需要负载均衡的 Service 的负载均衡）"},
	{En: " (IngressClass)", Zh: "（IngressClass）"},
	{En: "Kubernetes Ingress semantics (spec.rules[].http.paths[].backend)", Zh: "Kubernetes Ingress 语义（spec.rules[].http.paths[].backend）"},
	{En: "Kubernetes events (kubectl get events --field-selector involvedObject.name=NAME)", Zh: "Kubernetes 事件（kubectl get events --field-selector involvedObject.name=NAME）"},
	// Punctuation between the parts.
	{En: ", \"", Zh: "，\""},
	{En: "; ", Zh: "；"},
}

// docReplacer replaces each docWords part with its Chinese, the longest part first where two start
// at the same place.
var docReplacer = sync.OnceValue(func() *strings.Replacer {
	ws := slices.Clone(docWords)
	slices.SortStableFunc(ws, func(a, b words.Phrase) int { return cmp.Compare(len(b.En), len(a.En)) })
	pairs := make([]string, 0, 2*len(ws))
	for _, w := range ws {
		pairs = append(pairs, w.En, w.Zh)
	}
	return strings.NewReplacer(pairs...)
})

// DocIn is the rule's Doc citation in lang: as written for English, with every part of docWords in
// Chinese for Chinese. Quoted controller messages and names are the same in both.
func (r Rule) DocIn(lang words.Lang) string {
	if lang != words.Chinese {
		return r.Doc
	}
	return docReplacer().Replace(r.Doc)
}
