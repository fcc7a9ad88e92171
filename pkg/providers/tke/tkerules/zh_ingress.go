package tkerules

// Recurring Chinese texts of the TKE Ingress catalog: the risk texts of the Ingress table (its "不修改可能存在的风险"
// column, tkeIngressRisk* in tke_ingress.go) and fixes the English repeats word for word in several rules.
const (
	zhTKEIngressRiskNoTraffic = "CLB 上不会新增任何配置：该 Ingress 所需的负载均衡实例、监听器或转发规则缺失，" +
		"因此它新增的路由没有流量接入。"
	zhTKEIngressRiskSyncBlocked = "该 Ingress 整体停止同步，之后的任何变更（包括其 Service 背后的 Pod 被替换）" +
		"都可能无法更新到 CLB 的后端。"
	zhTKEIngressRiskClusterWide = "影响整个集群：Ingress 控制器无法正常工作，集群内所有 CLB 类型的 Ingress 都得不到同步。"
	zhTKEIngressRiskBackends    = "后端绑定或解绑可能失败；滚动更新期间 CLB 可能没有可用的后端，导致断流。"

	// zhTKEIngressRiskTransient is the risk of an internal error the controller retries (E5003, E5008).
	zhTKEIngressRiskTransient = "错误持续期间同步会推迟；若错误一直存在，CLB 上的配置会始终落后于该 Ingress。"
	// zhTKEIngressFixRulesJSON is the fix of E4022 and E4023.
	zhTKEIngressFixRulesJSON = "将该注解改写为 JSON 数组，例如 " +
		`'[{"path":"/abc","backend":{"serviceName":"nginx-service-2","servicePort":"8080"}}]'` +
		"；也可以在 TKE 控制台中编辑该 Ingress，由控制台自动生成该注解。"
	// zhTKEIngressFixTKEConfig is the fix of E6001 and E6002.
	zhTKEIngressFixTKEConfig = "先用 kubectl get configmap -n kube-system tke-config 检查；按集群的实际值重建它" +
		"（kubectl create configmap tke-config -n kube-system --from-literal=TKE_REGION=<region> " +
		"--from-literal=TKE_VPC_ID=<vpc-id>），并确认 l7-lb-controller Deployment 通过 configMapKeyRef 从中读取 " +
		"TKE_REGION 和 TKE_VPC_ID。"
)
