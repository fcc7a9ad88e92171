package changes

import "github.com/lbdoctor/kubectl-lbdoctor/pkg/words"

// sayKey names a wording of sayings.
type sayKey int

// The wordings of the change model's consequences; sayNone is no words at all.
const (
	sayNone sayKey = iota
	sayAddressNote
	sayACKReusedListenersGone
	sayACKDeletesLB
	sayACKRebindFromOwn
	sayACKReuseRemoved
	sayACKOrphan
	sayACKRebind
	sayACKAddressType
	sayACKResourceGroup
	sayACKFixedAttr
	sayACKIPVersion
	sayACKVSwitch
	sayACKListenersOfPortsGone
	sayACKBackendType
	sayACKHealthCheck
	sayACKScheduler
	sayACKBackends
	sayACKCLCUToSpec
	sayACKCLCUSpec
	sayPodENIs
	sayNodesECS
	sayPrimaryZone
	sayBackupZone
	sayNetworkType
	sayAddress
	sayTKEReusedListenersGone
	sayTKEDeletesLB
	sayLBDeleted
	sayTKERefused
	sayTKESwitchToExisting
	sayTKESwitchToCreated
	sayTKEMoveToOtherExisting
	sayTKEPublicToPrivate
	sayTKEPrivateToPublic
	sayTKEOtherSubnet
	sayTKEOtherVPC
	sayTKEListenersOfPortsGone
	sayTKEDirectAccess
	sayTKEBackends
	sayTKEIngressDeletesLB
	sayTKEIngressDeletesListeners
	sayTKEGroupAfterCreation
	sayTKEHTTPSGone
	sayTrafficLocal
	sayTrafficCluster
	saySelector
	sayIngressBackend
	sayACKChargeIntranet
	sayACKBandwidthByTraffic
	sayNLBIPVersion
	sayNLBZoneMapsRemoved
	sayTKEOtherZone
	sayTKETLSMovesHTTP
	sayLBClassImmutable
	sayNLBDeleted
	sayACKChargeNextDay
	sayCount // number of wordings; keep last
)

// sayings are the wordings, with the same verbs in both languages (explicit indexes where the
// order differs). The Chinese ones use the vendors' own terms (负载均衡, 监听器, 后端服务器, 证书 …);
// the controllers' quoted error texts stay as the controllers write them.
var sayings = [sayCount]words.Phrase{
	sayAddressNote:             {En: " (%s)", Zh: "（%s）"},
	sayACKReusedListenersGone:  {En: "CCM deletes this Service's listeners (%s) from the reused CLB %s; the CLB stays", Zh: "CCM 会从复用的 CLB %[2]s 上删除该 Service 的监听（%[1]s），CLB 本身保留"},
	sayACKDeletesLB:            {En: "CCM deletes the CLB it created for this Service and its address is released%s", Zh: "CCM 会删除它为该 Service 创建的 CLB，其地址随之释放%s"},
	sayACKRebindFromOwn:        {En: "the Service is bound to the CLB CCM created for it; CCM refuses to move it to CLB %s (\"service has been associated with ip\"), and the CCM-made CLB would no longer be deleted with the Service", Zh: "该 Service 已绑定到 CCM 为它创建的 CLB；CCM 拒绝把它迁移到 CLB %s（\"service has been associated with ip\"），而且 CCM 创建的那个 CLB 将不再随 Service 一起删除"},
	sayACKReuseRemoved:         {En: "CCM looks for a CLB of its own, finds none while the status holds the address of %s, and stops syncing the Service", Zh: "CCM 会去找它自己创建的 CLB，但 status 中仍是 %s 的地址，找不到后便停止同步该 Service"},
	sayACKOrphan:               {En: "CLB %s is the one CCM made for this Service (label %s): with the annotation CCM counts it as reused, and a reused CLB is kept when the Service is deleted", Zh: "CLB %s 是 CCM 为该 Service 创建的实例（标签 %s）：加上该注解后，CCM 会把它当作复用的 CLB，而复用的 CLB 在删除 Service 时会被保留"},
	sayACKRebind:               {En: "CCM does not move a Service to another CLB: it refuses the sync and the Service stays on %s", Zh: "CCM 不会把 Service 迁移到另一个 CLB：同步被拒绝，Service 仍留在 %s 上"},
	sayACKAddressType:          {En: "CCM refuses the sync (\"can not change LoadBalancer AddressType once created\") and the CLB keeps its %s address%s", Zh: "CCM 拒绝同步（\"can not change LoadBalancer AddressType once created\"），CLB 仍使用原来的 %s 地址%s"},
	sayACKResourceGroup:        {En: "the CLB's resource group is fixed at creation: CCM refuses every sync (\"can not change ResourceGroupId once created\") until the value is restored or removed", Zh: "CLB 的资源组在创建时就已确定：在恢复原值或删除该注解之前，CCM 会拒绝每一次同步（\"can not change ResourceGroupId once created\"）"},
	sayACKFixedAttr:            {En: "the CLB's %s is fixed at creation: CCM refuses the sync and the CLB keeps the old one", Zh: "CLB 的%s在创建时就已确定：CCM 拒绝同步，CLB 保持原值"},
	sayACKIPVersion:            {En: "the CLB's IP version is fixed at creation: CCM refuses the sync (\"can not change LoadBalancer AddressIPVersion once created\")", Zh: "CLB 的 IP 版本在创建时就已确定：CCM 拒绝同步（\"can not change LoadBalancer AddressIPVersion once created\"）"},
	sayACKVSwitch:              {En: "will not take effect: the CLB stays in the vSwitch it was created in; CCM reads vswitch-id only at creation and records no error", Zh: "不会生效：CLB 仍位于创建时所在的交换机（vSwitch）中；CCM 只在创建时读取 vswitch-id，也不会记录任何错误"},
	sayACKListenersOfPortsGone: {En: "CCM deletes the listeners of %s from the reused CLB %s", Zh: "CCM 会从复用的 CLB %[2]s 上删除 %[1]s 的监听"},
	sayACKBackendType:          {En: "CCM replaces every backend of the CLB: %s take the place of %s", Zh: "CCM 会替换 CLB 的全部后端服务器：由%s取代%s"},
	sayACKHealthCheck:          {En: "the CLB's health check changes; backends that do not answer the new one are taken out of service", Zh: "CLB 的健康检查随之改变；不响应新健康检查的后端服务器会被摘除"},
	sayACKScheduler:            {En: "the CLB spreads new connections over its backends differently", Zh: "CLB 会以不同的方式把新连接分配给后端服务器"},
	sayACKBackends:             {En: "CCM rewrites the CLB's backend servers from the new setting on the next sync", Zh: "CCM 会在下次同步时按新设置重写 CLB 的后端服务器"},
	sayACKCLCUToSpec:           {En: "a PayByCLCU CLB cannot move to pay-by-specification: the sync fails and the CLB stays PayByCLCU", Zh: "按 CLCU 计费（PayByCLCU）的 CLB 不能改为按规格计费：同步失败，CLB 仍按 PayByCLCU 计费"},
	sayACKCLCUSpec:             {En: "the CLB is PayByCLCU, which takes no specification: the sync fails with \"instanceChargeType of loadbalancer is PayByCLCU\"", Zh: "该 CLB 按 CLCU 计费（PayByCLCU），不接受规格设置：同步失败，报错 \"instanceChargeType of loadbalancer is PayByCLCU\""},
	sayPodENIs:                 {En: "pod ENIs", Zh: " Pod 的弹性网卡（ENI）"},
	sayNodesECS:                {En: "nodes (ECS)", Zh: "节点（ECS）"},
	sayPrimaryZone:             {En: "primary zone", Zh: "主可用区"},
	sayBackupZone:              {En: "backup zone", Zh: "备可用区"},
	sayNetworkType:             {En: "network type", Zh: "网络类型"},
	sayAddress:                 {En: "address", Zh: "地址"},
	sayTKEReusedListenersGone:  {En: "TKE deletes this Service's listeners (%s) from the existing CLB %s; the CLB stays", Zh: "TKE 会从已有的 CLB %[2]s 上删除该 Service 的监听器（%[1]s），CLB 本身保留"},
	sayLBDeleted:               {En: "the cloud's service controller deletes the Service's load balancer and its address is released%s", Zh: "云的服务控制器会删除该 Service 的负载均衡，其地址随之释放%s"},
	sayTKEDeletesLB:            {En: "TKE deletes the CLB it created for this Service and its address is released%s", Zh: "TKE 会删除它为该 Service 创建的 CLB，其地址随之释放%s"},
	sayTKERefused:              {En: "TKE refuses to %s; the Service keeps its current CLB with an error event", Zh: "TKE 拒绝%s；Service 保留当前的 CLB，并产生一条错误事件"},
	sayTKESwitchToExisting:     {En: "switch from the CLB it created to an existing one (older controllers released the created CLB)", Zh: "从它创建的 CLB 切换到已有的 CLB（旧版本控制器会释放原先创建的 CLB）"},
	sayTKESwitchToCreated:      {En: "switch from an existing CLB to one it creates (older controllers deleted the listeners and built a new CLB)", Zh: "从已有的 CLB 切换到由它创建的 CLB（旧版本控制器会删除监听器并新建 CLB）"},
	sayTKEMoveToOtherExisting:  {En: "move the Service to another existing CLB", Zh: "把 Service 迁移到另一个已有的 CLB"},
	sayTKEPublicToPrivate:      {En: "switch the CLB from public to private", Zh: "把 CLB 从公网切换为内网"},
	sayTKEPrivateToPublic:      {En: "switch the CLB from private to public", Zh: "把 CLB 从内网切换为公网"},
	sayTKEOtherSubnet:          {En: "move the private CLB to another subnet", Zh: "把内网 CLB 迁移到另一个子网"},
	sayTKEOtherVPC:             {En: "move the CLB to another VPC or region", Zh: "把 CLB 迁移到另一个 VPC 或地域"},
	sayTKEListenersOfPortsGone: {En: "TKE deletes the listeners of %s from the existing CLB %s", Zh: "TKE 会从已有的 CLB %[2]s 上删除 %[1]s 的监听器"},
	sayTKEDirectAccess:         {En: "TKE replaces every backend of the CLB: pods directly take the place of nodes, or the reverse", Zh: "TKE 会替换 CLB 的全部后端服务器：由 Pod 直连取代节点，或者反过来"},
	sayTKEBackends:             {En: "TKE rebinds the CLB's backends from the new setting", Zh: "TKE 会按新设置重新绑定 CLB 的后端服务器"},
	sayTKEIngressDeletesLB:     {En: "TKE stops managing the Ingress and deletes the CLB it created for it%s", Zh: "TKE 不再管理该 Ingress，并删除它为该 Ingress 创建的 CLB%s"},
	sayTKEIngressDeletesListeners: {En: "TKE stops managing the Ingress and deletes its listeners from the existing CLB %s",
		Zh: "TKE 不再管理该 Ingress，并从已有的 CLB %s 上删除它的监听器"},
	sayTKEGroupAfterCreation: {En: "CLB sharing is only enabled when the Ingress is created with it; TKE does not enable it now", Zh: "只有在创建 Ingress 时就开启，CLB 复用才会生效；TKE 现在不会再开启它"},
	sayTKEHTTPSGone:          {En: "TKE deletes the CLB's HTTPS listener (443) and its certificates", Zh: "TKE 会删除 CLB 的 HTTPS 监听器（443）及其证书"},
	sayTrafficLocal:          {En: "only nodes running a backend pod stay backends of the load balancer, and pods start to see client source addresses", Zh: "只有运行着后端 Pod 的节点还是负载均衡的后端服务器，Pod 开始能看到客户端源地址"},
	sayTrafficCluster:        {En: "every node becomes a backend of the load balancer, and pods no longer see client source addresses", Zh: "每个节点都成为负载均衡的后端服务器，Pod 不再能看到客户端源地址"},
	saySelector:              {En: "the Service's endpoints, and so the load balancer's backends, become the pods the new selector picks", Zh: "Service 的 Endpoints，也就是负载均衡的后端服务器，变为新选择器选中的 Pod"},
	sayACKChargeIntranet:     {En: "will not take effect: CCM changes the billing method and bandwidth only of an Internet-facing CLB, and this one is intranet (no error is recorded)", Zh: "不会生效：CCM 只修改公网 CLB 的计费方式和带宽，而该 CLB 是私网的（不会记录任何错误）"},
	sayACKBandwidthByTraffic: {En: "will not take effect: CCM changes the bandwidth only with charge-type paybybandwidth (no error is recorded)", Zh: "不会生效：只有 charge-type 为 paybybandwidth 时 CCM 才修改带宽（不会记录任何错误）"},
	sayNLBIPVersion:          {En: "the NLB's IP version is fixed at creation: CCM fails the sync (\"AddressIpVersion cannot be changed\")", Zh: "NLB 的 IP 版本在创建时就已确定：CCM 同步失败（\"AddressIpVersion cannot be changed\"）"},
	sayNLBZoneMapsRemoved:    {En: "CCM needs zone-maps for an NLB it made: every sync fails with \"ParameterMissing, zone mappings are required\"", Zh: "CCM 创建的 NLB 必须有 zone-maps：之后每次同步都失败，报错 \"ParameterMissing, zone mappings are required\""},
	sayTKEOtherZone:          {En: "move the public CLB to another zone", Zh: "把公网 CLB 迁移到另一个可用区"},
	sayTKETLSMovesHTTP:       {En: "without kubernetes.io/ingress.rule-mix TKE serves the Ingress by HTTPS only once it has TLS: its rules leave the HTTP listener (80)", Zh: "未设置 kubernetes.io/ingress.rule-mix 时，Ingress 一旦配置 TLS，TKE 就只以 HTTPS 提供服务：它的规则会离开 HTTP 监听器（80）"},
	sayLBClassImmutable:      {En: "the API server refuses the apply (\"may not change once set\"): a LoadBalancer Service keeps its loadBalancerClass", Zh: "API Server 拒绝此次 apply（\"may not change once set\"）：LoadBalancer Service 的 loadBalancerClass 不能更改"},
	sayNLBDeleted:            {En: "CCM deletes the NLB it created for this Service and its address is released%s", Zh: "CCM 会删除它为该 Service 创建的 NLB，其地址随之释放%s"},
	sayACKChargeNextDay:      {En: "will not take effect now: a CLB moved from pay-by-bandwidth to pay-by-traffic keeps pay-by-bandwidth until the next day (CCM's e2e test: \"paybytraffic are effective the next day\"), and CCM records no error", Zh: "不会立即生效：CLB 从按带宽计费改为按流量计费后，当天仍按带宽计费，次日才生效（CCM 的 e2e 测试：\"paybytraffic are effective the next day\"），CCM 也不会记录任何错误"},
	sayIngressBackend:        {En: "requests for %s%s go to %s once the controller syncs", Zh: "控制器同步后，发往 %s%s 的请求将转发到 %s"},
}

// say is the wording k with its facts.
func say(k sayKey, args ...any) words.Words { return sayings[k].With(args...) }

// ConsequenceIn is the change's consequence in lang.
func (c Change) ConsequenceIn(lang words.Lang) string { return c.Says.In(lang) }

// Words is the change's message in every language: old → new; consequence (Message in English).
// A change without Says (made by hand) words its English Consequence.
func (c Change) Words() words.Words {
	says := c.Says
	if says.IsZero() {
		says = words.Say("%s", "%s", c.Consequence)
	}
	return words.Say("%s → %s; %s", "%s → %s；%s", shown(c.Old), shown(c.New), says)
}

// shown is Shown in every language.
func shown(v string) any {
	if v == "" {
		return words.Say("(unset)", "（未设置）")
	}
	return Shown(v)
}

// worded sets each change's Consequence, its English wording.
func worded(cs []Change) []Change {
	for i := range cs {
		cs[i].Consequence = cs[i].Says.In(words.English)
	}
	return cs
}
