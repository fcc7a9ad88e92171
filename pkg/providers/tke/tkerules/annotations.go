package tkerules

import "github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"

// ServiceUnknownAnnotation and IngressUnknownAnnotation are keys under a TKE prefix that no TKE page
// documents (package tkeann lists those that are): usually a misspelling, which the controller ignores
// without an event. Never an error: a key the vendor added after the inventory is only unknown here.
var (
	ServiceUnknownAnnotation = rules.Uncoded(Provider, rules.Service, "unknown-annotation", rules.Warning, rules.Details{
		Title: "Unrecognised TKE Service annotation (likely a typo)",
		Cause: "An annotation under a TKE prefix (service.kubernetes.io/qcloud-, service.kubernetes.io/tke-, " +
			"service.cloud.tencent.com/ and the like) is not one the TKE Service annotation page documents for a " +
			"Service, usually a misspelling of a real key or an Ingress key written on a Service.",
		Fix: "Rename it to the nearest documented annotation named in the finding. If the key is new, check that " +
			"the installed service-controller is recent enough for it (kubectl -n kube-system get cm " +
			"tke-service-controller-config -o jsonpath='{.data.VERSION}').",
		Risk: "The controller ignores the key without an event; the CLB setting it was meant to make never applies.",
		Doc:  "Tencent TKE, Service annotations (457/51258), annotation list",
		Zh: rules.Text{
			Title: "无法识别的 TKE Service 注解（可能拼写有误）",
			Cause: "某个带 TKE 前缀（service.kubernetes.io/qcloud-、service.kubernetes.io/tke-、service.cloud.tencent.com/ 等）" +
				"的注解，不在 TKE Service Annotation 说明为 Service 列出的注解之中，通常是真实注解拼错了，或把 Ingress 注解写到了 Service 上。",
			Fix: "把它改成检查结果中给出的最接近的已记载注解。如果这是新注解，请确认已安装的 service-controller 版本支持它" +
				"（kubectl -n kube-system get cm tke-service-controller-config -o jsonpath='{.data.VERSION}'）。",
			Risk: "控制器忽略该键且不产生事件；它想要的 CLB 设置始终不会生效。",
		},
	})
	IngressUnknownAnnotation = rules.Uncoded(Provider, rules.Ingress, "unknown-annotation", rules.Warning, rules.Details{
		Title: "Unrecognised TKE Ingress annotation (likely a typo)",
		Cause: "An annotation under a TKE Ingress prefix (ingress.cloud.tencent.com/, or kubernetes.io/ingress. " +
			"close to a TKE key) is not one the TKE Ingress annotation page documents, usually a misspelling of a " +
			"real key or a Service key written on an Ingress.",
		Fix: "Rename it to the nearest documented annotation named in the finding. If the key is new, check that " +
			"the installed l7-lb-controller is recent enough for it.",
		Risk: "The controller ignores the key without an event; the CLB setting it was meant to make never applies.",
		Doc:  "Tencent TKE, Ingress annotations, annotation list",
		Zh: rules.Text{
			Title: "无法识别的 TKE Ingress 注解（可能拼写有误）",
			Cause: "某个带 TKE Ingress 前缀（ingress.cloud.tencent.com/，或与 TKE 注解相近的 kubernetes.io/ingress.）的注解，" +
				"不在 TKE Ingress Annotation 说明列出的注解之中，通常是真实注解拼错了，或把 Service 注解写到了 Ingress 上。",
			Fix:  "把它改成检查结果中给出的最接近的已记载注解。如果这是新注解，请确认已安装的 l7-lb-controller 版本支持它。",
			Risk: "控制器忽略该键且不产生事件；它想要的 CLB 设置始终不会生效。",
		},
	})
)
