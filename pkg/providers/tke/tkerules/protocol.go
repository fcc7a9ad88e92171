package tkerules

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// protocolSecret is what the extension-protocol Secret rules read: the Secrets the annotation names.
var protocolSecret = []rules.Decision{{By: rules.ByOtherObjects,
	What: words.Phrase{En: "the Secrets named in service.cloud.tencent.com/specify-protocol", Zh: "service.cloud.tencent.com/specify-protocol 中引用的 Secret"}, IfUnknown: rules.UnknownSkips}}

// Rules of the Secrets a Service's extension protocols (TCP_SSL, HTTPS, QUIC) name for their
// certificates; the Service table has a code only for the certificate's expiry (E4062).
var (
	ServiceProtocolSecretMissing = rules.Uncoded(Provider, rules.Service, "protocol-secret-missing", rules.Error, rules.Details{
		Title: "A certificate Secret named in specify-protocol does not exist",
		Cause: "service.cloud.tencent.com/specify-protocol gives a TCP_SSL, HTTPS or QUIC listener a certificate through " +
			"\"tls\": the name of a Secret in the Service's namespace that holds the certificate id (qcloud_cert_id). " +
			"That Secret is not there, so the listener has no certificate.",
		Fix: "Create the Secret in the Service's namespace with the certificate id under qcloud_cert_id (kubectl create secret " +
			"generic <name> -n <namespace> --from-literal=qcloud_cert_id=<cert-id>), or correct the \"tls\" name in the annotation.",
		Risk:    "The listener cannot be created or updated, and the Service's sync fails as a whole.",
		Doc:     rules.DocTKEServiceProtocol,
		Decides: protocolSecret,
		Zh: rules.Text{
			Title: "specify-protocol 中引用的证书 Secret 不存在",
			Cause: "service.cloud.tencent.com/specify-protocol 通过 \"tls\" 为 TCP_SSL、HTTPS 或 QUIC 监听器指定证书：它是 Service 所在命名空间中" +
				"一个存放证书 ID（qcloud_cert_id）的 Secret 的名称。该 Secret 不存在，监听器因此没有证书。",
			Fix: "在 Service 所在命名空间中创建该 Secret，并把证书 ID 写入 qcloud_cert_id（kubectl create secret generic <name> -n <namespace> " +
				"--from-literal=qcloud_cert_id=<cert-id>），或改正注解中 \"tls\" 的名称。",
			Risk: "该监听器无法创建或更新，Service 的整体同步失败。",
		},
	})
	ServiceProtocolSecretNoCert = rules.Uncoded(Provider, rules.Service, "protocol-secret-no-cert", rules.Error, rules.Details{
		Title: "A certificate Secret named in specify-protocol has no qcloud_cert_id",
		Cause: "The Secret that service.cloud.tencent.com/specify-protocol names under \"tls\" exists, but it has no " +
			"qcloud_cert_id key (or it is empty), so there is no CLB certificate id for the listener.",
		Fix: "Store the certificate id in the Secret as data.qcloud_cert_id (for example kubectl create secret generic <name> " +
			"-n <namespace> --from-literal=qcloud_cert_id=<cert-id>).",
		Risk:    "The listener cannot be created or updated, and the Service's sync fails as a whole.",
		Doc:     rules.DocTKEServiceProtocol,
		Decides: protocolSecret,
		Zh: rules.Text{
			Title: "specify-protocol 中引用的证书 Secret 没有 qcloud_cert_id",
			Cause: "service.cloud.tencent.com/specify-protocol 在 \"tls\" 中引用的 Secret 存在，但没有 qcloud_cert_id 键（或其值为空），" +
				"监听器因此没有可用的 CLB 证书 ID。",
			Fix:  "把证书 ID 写入该 Secret 的 data.qcloud_cert_id（例如 kubectl create secret generic <name> -n <namespace> --from-literal=qcloud_cert_id=<cert-id>）。",
			Risk: "该监听器无法创建或更新，Service 的整体同步失败。",
		},
	})
)
