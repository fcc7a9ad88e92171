package rules

// Chinese texts the two halves (Service, Ingress) of a generic rule share word for word in English.
const (
	zhGenericUnmatchedFix = "阅读这条消息：它通常会指出失败的云 API 调用及其错误。如果其中带有云服务的错误码，" +
		"请到该云厂商的 API 错误码参考中查找。"
	zhGenericUnmatchedRisk   = "控制器所报告的那件事会一直失败，直到有人去读这条消息。"
	zhGenericProviderCounted = "lbdoctor 按证据更充分的那家云进行诊断（报告中的 provider 字段说明选了哪家以及原因），" +
		"并跳过另一家云的检查。"
	zhGenericProviderRerun = "如果诊断选错了云，请用 --provider tke 或 --provider ack 重新运行。"
)
