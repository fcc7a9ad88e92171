package tkerules

// Chinese risk texts shared by TKE Service rules; riskTKE* in tke_service.go say the same in English (the "不修改可能存在的风险"
// column of the Service table).
const (
	zhRiskTKEClusterWide   = "影响整个集群：问题修复之前，负载均衡控制器无法为任何 Service 完成工作。"
	zhRiskTKENoTraffic     = "新的负载均衡或监听器一直建立不起来，该 Service 没有流量接入。"
	zhRiskTKESyncBlocked   = "整个 Service 的同步一直被阻塞；之后的变更（包括 CLB 上的后端更新）可能永远不会生效。"
	zhRiskTKEBackendUpdate = "后端注册可能失败，工作负载滚动更新时可能断流。"
)
