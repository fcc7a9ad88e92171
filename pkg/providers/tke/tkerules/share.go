package tkerules

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Rules of a Service and an Ingress that share one existing CLB.
var (
	ServicePortTakenByIngress = rules.Uncoded(Provider, rules.Service, "port-taken-by-ingress", rules.Error, rules.Details{
		Title: "A Service port is the HTTP/HTTPS listener of an Ingress on its CLB",
		Cause: "A Service and an Ingress may use one existing CLB, but not the same listener: the Ingress controller " +
			"holds TCP port 80 (HTTP) and, with TLS, 443 (HTTPS) of the CLB its kubernetes.io/ingress.existLbId names, " +
			"and a Service reusing that CLB through service.kubernetes.io/tke-existed-lbid declares the same port.",
		Fix: "Move the Service to a port the Ingress does not listen on, or give the Service or the Ingress a CLB of its own.",
		Risk: "Whichever controller syncs second finds the listener taken: the Service's listener is not created, or the " +
			"Ingress reports E4101 and stops syncing.",
		Doc: rules.DocTKEIngressBasics,
		Decides: []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the Ingresses that use the CLB", Zh: "使用同一 CLB 的 Ingress"},
			IfUnknown: rules.UnknownSkips}},
		Zh: rules.Text{
			Title: "Service 的端口是同一 CLB 上 Ingress 的 HTTP/HTTPS 监听器",
			Cause: "Service 和 Ingress 可以共用一个已有 CLB，但不能共用同一个监听器：Ingress 控制器占用其 kubernetes.io/ingress.existLbId " +
				"所指 CLB 的 TCP 80 端口（HTTP），配置了 TLS 时还有 443 端口（HTTPS）；通过 service.kubernetes.io/tke-existed-lbid 复用该 CLB 的 Service 声明了同一个端口。",
			Fix:  "把 Service 改到 Ingress 不监听的端口，或者为 Service 或 Ingress 单独使用一个 CLB。",
			Risk: "后同步的一方会发现监听器已被占用：Service 的监听器创建不出来，或者 Ingress 报 E4101 并停止同步。",
		},
	})
)
