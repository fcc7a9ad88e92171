package rules

import "github.com/lbdoctor/kubectl-lbdoctor/pkg/words"

// TKE Ingress rules: the error codes the TKE CLB Ingress controller (l7-lb-controller) writes into Ingress
// events, plus two documented Ingress problems that carry no code. Sources: "Ingress error codes" (English),
// the Ingress table of "Service/Ingress event errors" (Chinese) and the TKE fault handling handbook.
//
// The same number means different things for Services and Ingresses (E4009 is an empty TLS secret name here
// and an account in arrears for a Service), so these rules are only ever looked up with Kind Ingress.

// Document names and the recurring risk texts of the Ingress table (its "risk if not fixed" column).
const (
	tkeIngressDocCodes    = "Tencent TKE, Ingress error codes, "
	tkeIngressDocEvents   = "Tencent TKE, Service/Ingress event errors (Ingress table), "
	tkeIngressDocHandbook = "Tencent TKE, fault handling handbook, "

	tkeIngressRiskNoTraffic = "Nothing new gets wired up on the CLB: the load balancer, listener or rules this " +
		"Ingress asks for are missing, so the routes it adds carry no traffic."
	tkeIngressRiskSyncBlocked = "The Ingress stops syncing as a whole, so later changes, including Pods being " +
		"replaced behind its Services, may never reach the CLB's backends."
	tkeIngressRiskClusterWide = "Cluster-wide: the Ingress controller cannot do its job, so no CLB Ingress in the " +
		"cluster is reconciled."
	tkeIngressRiskBackends = "Binding or unbinding backends can fail; during a rolling update the CLB may be left " +
		"without live backends and traffic is interrupted."
)

func tkeIngressDocBoth(code string) string {
	return tkeIngressDocCodes + code + "; " + tkeIngressDocEvents + code
}

// tkeIngress declares a TKE Ingress rule with a documented code.
func tkeIngress(code string, sev Severity, d Details) ID { return coded(TKE, Ingress, code, sev, d) }

// Rules of the TKE Ingress catalog.
var (
	TKEIngressE4000 = tkeIngress("E4000", Warning, Details{
		Title: "CLB API throttled while creating the load balancer",
		Cause: "The controller sent too many CreateLoadBalancer calls in a short time and the CLB API answered " +
			"RequestLimitExceeded.",
		Fix: "Usually nothing: the controller retries the call on its own. If the event keeps repeating, find " +
			"what else is calling the CLB API heavily in the same account and region, or open a ticket.",
		Risk:    "A single occurrence only delays the sync; if it persists the Ingress is not reconciled.",
		Doc:     tkeIngressDocCodes + "E4000",
		Retried: true,
	})
	TKEIngressE4003 = tkeIngress("E4003", Error, Details{
		Title: "CLB instance quota reached",
		Cause: "The account already holds the maximum number of CLB instances it may create, so " +
			"CreateLoadBalancer fails with LimitExceeded.",
		Fix:  "Open a ticket to raise the CLB instance quota, or delete load balancers you no longer use.",
		Risk: tkeIngressRiskNoTraffic,
		Doc:  tkeIngressDocBoth("E4003"),
	})
	TKEIngressE4004 = tkeIngress("E4004", Error, Details{
		Title: "Listener quota of the CLB reached",
		Cause: "The load balancer already has as many listeners as it is allowed, so CreateListener fails with " +
			"LimitExceeded.",
		Fix: "Open a ticket asking for a higher listener limit on that CLB, or remove listeners that are no " +
			"longer needed.",
		Risk: "The HTTP or HTTPS listener for this Ingress is not created, so that port does not accept traffic.",
		Doc:  tkeIngressDocCodes + "E4004",
	})
	TKEIngressE4005 = tkeIngress("E4005", Error, Details{
		Title: "Forwarding rule quota of the CLB reached",
		Cause: "The CLB holds the maximum number of layer-7 forwarding rules (host/path rules), so CreateRule " +
			"fails with LimitExceeded.",
		Fix: "Open a ticket to raise the rule quota, or split the hosts and paths across several Ingresses " +
			"so each gets its own CLB.",
		Risk: tkeIngressRiskNoTraffic,
		Doc:  tkeIngressDocBoth("E4005"),
	})
	TKEIngressE4006 = tkeIngress("E4006", Warning, Details{
		Title: "Listener cannot be deleted: it carries redirection config",
		Cause: "Someone added redirection rules to a listener that the Ingress owns; CLB will not delete a " +
			"listener while redirection is configured on it (DeleteListener fails).",
		Fix: "Remove the redirection rules from that listener yourself in the CLB console or API. The " +
			"controller keeps retrying the deletion and succeeds once they are gone.",
		Risk:    "The stale listener stays on the CLB and keeps forwarding with its old configuration.",
		Doc:     tkeIngressDocCodes + "E4006",
		Retried: true,
	})
	TKEIngressE4007 = tkeIngress("E4007", Error, Details{
		Title: "Norm rejects the controller's credentials (ip-masq-agent config)",
		Cause: "Norm AssumeTkeCredential returned -8017 or -8032 Record Not Exist. Norm authenticates by the " +
			"node's source IP; this typically happens after ip-masq-agent-config was edited (for example " +
			"nonMasqueradeCIDRs set to 0.0.0.0/0, or the pods' source ranges listed under nonMasqueradeSrcCIDRs), so requests " +
			"to Norm leave with the Pod IP instead.",
		Fix: "Run kubectl get configmap -n kube-system ip-masq-agent-config and keep only the cluster and VPC " +
			"CIDRs under nonMasqueradeCIDRs (check the ip-masq-agent Pods' age to see whether it changed " +
			"recently), then restart the Ingress controller (l7-lb-controller in kube-system).",
		Risk: "Without credentials the controller cannot call any cloud API, so no CLB Ingress in the cluster " +
			"syncs.",
		Doc:     tkeIngressDocCodes + "E4007",
		Decides: []Decision{{By: ByClusterConfig, What: words.Phrase{En: "kube-system/ip-masq-agent-config: nonMasqueradeCIDRs and nonMasqueradeSrcCIDRs; the nodes' pod CIDRs", Zh: "kube-system/ip-masq-agent-config 中的 nonMasqueradeCIDRs 和 nonMasqueradeSrcCIDRs；各节点的 Pod CIDR"}, IfUnknown: UnknownSkips}},
	})
	TKEIngressE4008 = tkeIngress("E4008", Error, Details{
		Title: "TKE service authorization (TKE_QCSRole) was revoked",
		Cause: "Norm AssumeTkeCredential returned -8002 Data is nil: the authorization TKE needs to act on the " +
			"account was removed, for example the TKE_QCSRole role was deleted.",
		Fix: "In Cloud Access Management look up the role TKE_QCSRole, create it if it is missing, and grant " +
			"it the TKE service preset role permissions again.",
		Risk: tkeIngressRiskClusterWide,
		Doc:  tkeIngressDocBoth("E4008"),
	})
	TKEIngressE4009 = tkeIngress("E4009", Error, Details{
		Title: "TLS entry has no Secret name",
		Cause: "An item of spec.tls leaves secretName empty or unset, so the controller has no certificate " +
			"to put on the HTTPS listener.",
		Fix: "For HTTPS, set spec.tls[].secretName to a Secret that carries qcloud_cert_id " +
			"(https://kubernetes.io/docs/concepts/services-networking/ingress/#tls); if you only serve HTTP, " +
			"delete spec.tls.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocBoth("E4009"),
	})
	TKEIngressE4010 = tkeIngress("E4010", Error, Details{
		Title: "TLS Secret does not exist",
		Cause: "The Secret named in spec.tls[].secretName is not present in the Ingress's namespace.",
		Fix: "Create it next to the Ingress with the certificate ID under qcloud_cert_id (kubectl create " +
			"secret generic <name> -n <namespace> --from-literal=qcloud_cert_id=<cert-id>), or correct " +
			"spec.tls[].secretName.",
		Risk:    tkeIngressRiskSyncBlocked,
		Doc:     tkeIngressDocBoth("E4010"),
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the TLS Secret", Zh: "所引用的 TLS Secret"}, IfUnknown: UnknownSkips}},
	})
	TKEIngressE4011 = tkeIngress("E4011", Error, Details{
		Title: "TLS Secret has no qcloud_cert_id",
		Cause: "The Secret referenced from spec.tls exists but lacks the qcloud_cert_id key (or it is empty), " +
			"so there is no CLB certificate ID to use.",
		Fix: "Store the SSL certificate ID in the Secret as data.qcloud_cert_id (base64 of the ID, e.g. via " +
			"kubectl create secret generic <name> -n <namespace> --from-literal=qcloud_cert_id=<cert-id>) and " +
			"check that decoding it yields the ID shown in the certificate console. See " +
			"https://kubernetes.io/docs/concepts/configuration/secret/.",
		Risk:    tkeIngressRiskSyncBlocked,
		Doc:     tkeIngressDocBoth("E4011"),
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the TLS Secret", Zh: "所引用的 TLS Secret"}, IfUnknown: UnknownSkips}},
	})
	TKEIngressE4012 = tkeIngress("E4012", Error, Details{
		Title: "Certificate unknown or unusable (CreateListener InvalidParameterValue)",
		Cause: "CLB rejected the HTTPS listener with InvalidParameterValue, most often because the " +
			"qcloud_cert_id in the TLS Secret names no existing certificate (detail: Query certificate '<id>' " +
			"failed.) or the certificate is in an abnormal state.",
		Fix: "Look the ID up in the SSL Certificate console; if it is wrong or the certificate is unusable, " +
			"upload or issue a valid certificate and write its ID into the Secret's qcloud_cert_id.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocBoth("E4012"),
	})
	TKEIngressE4013 = tkeIngress("E4013", Error, Details{
		Title: "Ingress rule has an empty http section",
		Cause: "A rule in spec.rules has no http content (spec.rules.http is empty), so there are no paths to " +
			"turn into CLB forwarding rules.",
		Fix: "Give every entry of spec.rules an http.paths list with at least one path and backend, or " +
			"remove the empty rule.",
		Risk: "The controller cannot build the forwarding rules and the Ingress stays unsynced.",
		Doc:  tkeIngressDocCodes + "E4013",
	})
	TKEIngressE4017 = tkeIngress("E4017", Error, Details{
		Title: "Labels on the CLB were altered; controller cannot find it",
		Cause: "The controller locates its load balancer by the labels (tags) it put on the CLB. These " +
			"labels, or the CLB itself, were changed or deleted, so the lookup fails.",
		Fix: "Since the recorded state may no longer match the cloud, delete that CLB (or remove all of its " +
			"labels) and recreate the Ingress so a fresh load balancer is built.",
		Risk: "The Ingress can no longer be reconciled; the old CLB may keep serving stale rules or be " +
			"orphaned.",
		Doc: tkeIngressDocCodes + "E4017",
	})
	TKEIngressE4018 = tkeIngress("E4018", Error, Details{
		Title: "CLB in kubernetes.io/ingress.existLbId does not exist",
		Cause: "The load balancer ID given in the kubernetes.io/ingress.existLbId annotation is not found in " +
			"this account and region.",
		Fix: "In the CLB console pick an instance in the same VPC as the cluster and put its real ID in " +
			"kubernetes.io/ingress.existLbId. If the instance does exist, the lookup itself failed and CLB " +
			"support should look into it.",
		Risk: tkeIngressRiskNoTraffic,
		Doc:  tkeIngressDocBoth("E4018"),
	})
	TKEIngressE4019 = tkeIngress("E4019", Error, Details{
		Title: "Existing CLB was created by TKE and cannot be reused",
		Cause: "The CLB named in kubernetes.io/ingress.existLbId was created by TKE for an Ingress or Service " +
			"and its lifecycle belongs to the cluster, so another Ingress may not take it over.",
		Fix: "Point the annotation at a CLB you created yourself in the CLB console. To hand this one over: " +
			"remove its tke-createdBy-flag tag first (otherwise it is destroyed), delete the owning " +
			"Ingress/Service, reference the CLB from the new Ingress, and add tke-createdBy-flag=yes only if " +
			"the Ingress should manage and later delete it.",
		Risk:    tkeIngressRiskNoTraffic,
		Doc:     tkeIngressDocBoth("E4019"),
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the other Ingresses and Services that use the CLB", Zh: "使用同一 CLB 的其他 Ingress 和 Service"}, IfUnknown: UnknownSkips}},
	})
	TKEIngressE4020 = tkeIngress("E4020", Error, Details{
		Title: "Existing CLB is already used by another Ingress",
		Cause: "The CLB in kubernetes.io/ingress.existLbId already serves a different Ingress; one CLB cannot " +
			"back two Ingresses.",
		Fix: "Use a separate, self-created CLB for this Ingress. To move the CLB over, clear its " +
			"tke-createdBy-flag tag, delete the Ingress that uses it, reference it from the new Ingress, and " +
			"re-add tke-createdBy-flag=yes only if the Ingress should own its lifecycle.",
		Risk:    tkeIngressRiskNoTraffic,
		Doc:     tkeIngressDocBoth("E4020"),
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the other Ingresses that use the CLB", Zh: "使用同一 CLB 的其他 Ingress"}, IfUnknown: UnknownSkips}},
	})
	TKEIngressE4021 = tkeIngress("E4021", Error, Details{
		Title: "Existing CLB still has listeners",
		Cause: "The CLB in kubernetes.io/ingress.existLbId has listeners left on it. The controller refuses " +
			"such a CLB so it cannot clobber configuration it does not own.",
		Fix:  "Delete every listener of that CLB in the CLB console, or reference a different, empty CLB.",
		Risk: tkeIngressRiskNoTraffic,
		Doc:  tkeIngressDocBoth("E4021"),
	})
	TKEIngressE4022 = tkeIngress("E4022", Error, Details{
		Title: "kubernetes.io/ingress.http-rules is not valid",
		Cause: "The kubernetes.io/ingress.http-rules annotation must be a JSON array of rules and the " +
			"controller could not parse it.",
		Fix: "Rewrite the annotation as a JSON array, e.g. " +
			`'[{"path":"/abc","backend":{"serviceName":"nginx-service-2","servicePort":"8080"}}]'` +
			", or edit the Ingress from the TKE console so the annotation is generated for you.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocBoth("E4022"),
	})
	TKEIngressE4023 = tkeIngress("E4023", Error, Details{
		Title: "kubernetes.io/ingress.https-rules is not valid",
		Cause: "The kubernetes.io/ingress.https-rules annotation must be a JSON array of rules and the " +
			"controller could not parse it. (The English list heads this code \"create lb error: " +
			"ResourceInsufficient\", but its text and the event table both describe the https-rules parse " +
			"error.)",
		Fix: "Rewrite the annotation as a JSON array, e.g. " +
			`'[{"path":"/abc","backend":{"serviceName":"nginx-service-2","servicePort":"8080"}}]'` +
			", or edit the Ingress from the TKE console so the annotation is generated for you.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocBoth("E4023"),
	})
	TKEIngressE4024 = tkeIngress("E4024", Error, Details{
		Title: "CLB creation rejected: invalid parameter from annotations",
		Cause: "CreateLoadBalancer failed with InvalidParameter or InvalidParameterValue because a value the " +
			"Ingress passes through its annotations is wrong or incomplete.",
		Fix: "Check the CLB-shaping annotations (kubernetes.io/ingress.extensiveParameters, " +
			"kubernetes.io/ingress.subnetId, kubernetes.io/ingress.internetChargeType, " +
			"kubernetes.io/ingress.internetMaxBandwidthOut) against the parameter named in the event.",
		Risk: "No CLB is created for the Ingress, so it receives no traffic.",
		Doc:  tkeIngressDocCodes + "E4024",
	})
	TKEIngressE4025 = tkeIngress("E4025", Error, Details{
		Title: "CLB creation failed: ResourceInsufficient (subnet IPs)",
		Cause: "Not enough resources to create the load balancer; for a private-network CLB this usually " +
			"means the subnet has no free IP address left.",
		Fix: "Check the free IPs of the subnet in kubernetes.io/ingress.subnetId; release addresses there or " +
			"switch the annotation to a subnet with room.",
		Risk: "No CLB is created for the Ingress, so it receives no traffic.",
		Doc:  tkeIngressDocCodes + "E4025",
	})
	TKEIngressE4026 = tkeIngress("E4026", Error, Details{
		Title: "kubernetes.io/ingress.extensiveParameters is not valid JSON",
		Cause: "The kubernetes.io/ingress.extensiveParameters annotation, used to pass extra CreateLoadBalancer " +
			"parameters, does not parse as a JSON object.",
		Fix: "Write it as a JSON object of CreateLoadBalancer parameters, e.g. " +
			`'{"AddressIPVersion":"IPv4","ZoneId":"ap-guangzhou-1"}'` +
			" (parameter list: CLB API CreateLoadBalancer, document 214/30692).",
		Risk: "The CLB for the Ingress is not created, so the Ingress receives no traffic.",
		Doc:  tkeIngressDocCodes + "E4026",
	})
	TKEIngressE4027 = tkeIngress("E4027", Error, Details{
		Title: "Account balance insufficient (arrears)",
		Cause: "The Tencent Cloud account is overdue, so EnsureCreateLoadBalancer cannot buy a CLB.",
		Fix:   "Top up the account; the next sync then creates the load balancer.",
		Risk:  tkeIngressRiskNoTraffic,
		Doc:   tkeIngressDocBoth("E4027"),
	})
	TKEIngressE4030 = tkeIngress("E4030", Error, Details{
		Title: "Existing CLB is a classic CLB without layer-7 support",
		Cause: "The CLB referenced via kubernetes.io/ingress.existLbId is a classic (traditional) CLB, on which " +
			"the layer-7 rules of an Ingress cannot be created (This interface only support HTTP/HTTPS " +
			"listener).",
		Fix: "Reference a non-classic CLB instance in kubernetes.io/ingress.existLbId, or drop the annotation " +
			"and let the controller create a CLB.",
		Risk: "No layer-7 rules are set up, so the Ingress routes no traffic.",
		Doc:  tkeIngressDocCodes + "E4030",
	})
	TKEIngressE4031 = tkeIngress("E4031", Error, Details{
		Title: "Ingress path is not a valid CLB forwarding path",
		Cause: "A path breaks CLB's rules for URL paths: it must begin with /, be 1-120 characters long and " +
			"use only a-z A-Z 0-9 . - / = ? — regular expressions are not supported in CLB forwarding paths.",
		Fix: "Change spec.rules[].http.paths[].path (or the path in the http-rules/https-rules annotations) " +
			"to a plain path within those limits; leaving it empty means /.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocBoth("E4031"),
	})
	TKEIngressE4032 = tkeIngress("E4032", Error, Details{
		Title: "AddressIPVersion not allowed for this cluster",
		Cause: "The load balancer's AddressIPVersion is unsupported: a cluster on an IPv4 network can use " +
			"IPv4 and NAT IPv6 CLBs, but not pure IPv6 ones.",
		Fix: "For a new CLB, set AddressIPVersion in kubernetes.io/ingress.extensiveParameters to IPv4 or " +
			"NAT IPv6; for kubernetes.io/ingress.existLbId, choose a CLB that is not pure IPv6.",
		Risk: "The load balancer cannot be created or used, so the Ingress receives no traffic.",
		Doc:  tkeIngressDocCodes + "E4032",
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the nodes: an IPv6 address or pod CIDR on any of them shows a cluster with IPv6 networking, where the refusal does not apply", Zh: "集群的节点：只要有一个节点带 IPv6 地址或 IPv6 Pod CIDR，集群就启用了 IPv6 网络，这项拒绝便不适用"},
			IfUnknown: UnknownWarns}},
	})
	TKEIngressE4033 = tkeIngress("E4033", Error, Details{
		Title: "IPv6 CLB not available in this region",
		Cause: "IPv6 load balancers are offered only in some regions, and the cluster's region is not one of " +
			"them.",
		Fix: "Use an IPv4 CLB (AddressIPVersion IPv4 in kubernetes.io/ingress.extensiveParameters); if IPv6 " +
			"is essential, contact CLB support.",
		Risk: "The IPv6 load balancer is never created, so the Ingress receives no traffic.",
		Doc:  tkeIngressDocCodes + "E4033",
	})
	TKEIngressE4034 = tkeIngress("E4034", Error, Details{
		Title: "Rule without host on an IPv6 CLB",
		Cause: "A rule leaves host empty. On IPv4 CLBs the VIP stands in for a missing host, but IPv6 CLBs have " +
			"no such default, so every rule needs a domain.",
		Fix:  "Set spec.rules[].host on every rule of the Ingress; none may be left blank.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocBoth("E4034"),
	})
	TKEIngressE4035 = tkeIngress("E4035", Error, Details{
		Title: "Certificate ID has an invalid format",
		Cause: "The qcloud_cert_id in the TLS Secret is malformed (its length is wrong), so CLB rejects it as " +
			"CertificateId Invalid.",
		Fix: "Copy the exact certificate ID from the CLB/SSL certificate console into the Secret's " +
			"qcloud_cert_id (see TKE doc 457/45738 on Ingress certificates).",
		Risk:    tkeIngressRiskSyncBlocked,
		Doc:     tkeIngressDocBoth("E4035"),
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the TLS Secret", Zh: "所引用的 TLS Secret"}, IfUnknown: UnknownSkips}},
	})
	TKEIngressE4036 = tkeIngress("E4036", Error, Details{
		Title: "Certificate ID not found",
		Cause: "The qcloud_cert_id in the TLS Secret is well-formed but no certificate with that ID exists.",
		Fix: "Find the right certificate in the CLB/SSL certificate console and put its ID into the Secret's " +
			"qcloud_cert_id.",
		Risk: "The HTTPS listener cannot get a certificate and the Ingress stays unsynced.",
		Doc:  tkeIngressDocCodes + "E4036",
	})
	TKEIngressE4037 = tkeIngress("E4037", Error, Details{
		Title: "ingress.cloud.tencent.com/direct-access is not a boolean",
		Cause: "The ingress.cloud.tencent.com/direct-access annotation accepts only true or false and holds " +
			"something else.",
		Fix:  "Set ingress.cloud.tencent.com/direct-access to \"true\" or \"false\".",
		Risk: "The controller cannot decide how to bind backends, so the Ingress is not synced.",
		Doc:  tkeIngressDocCodes + "E4037",
	})
	TKEIngressE4038 = tkeIngress("E4038", Error, Details{
		Title: "Certificate is not a server certificate",
		Cause: "The certificate configured for one-way TLS is a client certificate; an HTTPS listener needs " +
			"a server certificate.",
		Fix: "Check the certificate type in the CLB console. If it is a client certificate, put a server " +
			"certificate's ID into the Secret's qcloud_cert_id; if it already is a server certificate, ask " +
			"CLB support to investigate.",
		Risk:  "HTTPS listeners cannot be configured and the Ingress stays unsynced.",
		Doc:   tkeIngressDocCodes + "E4038 Certificate Type Error",
		Match: []string{"Certificate Type Error"},
	})
	TKEIngressE4038Expired = define(TKE, Ingress, "E4038", "E4038-expired", Error, Details{
		Title: "Certificate has expired (reported as E4038)",
		Cause: "The certificate referenced through qcloud_cert_id is past its expiry date. The English list " +
			"files this under both E4038 and E4039.",
		Fix: "Check the expiry in the CLB console, obtain a new certificate and update the qcloud_cert_id in " +
			"the Secret used by the Ingress so it syncs the new one.",
		Risk:  tkeIngressRiskSyncBlocked,
		Doc:   tkeIngressDocCodes + "E4038/E4039 Certificate Out of Date",
		Match: []string{"Certificate Out of Date"},
	})
	TKEIngressE4039 = tkeIngress("E4039", Error, Details{
		Title: "Certificate has expired",
		Cause: "The certificate referenced through qcloud_cert_id in the TLS Secret is past its expiry date.",
		Fix: "Add a renewed certificate in the certificate service, then write its ID into qcloud_cert_id " +
			"of the Secret named in spec.tls (see TKE doc 457/49099 on renewing Ingress certificates).",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocBoth("E4039"),
	})
	TKEIngressE4040 = tkeIngress("E4040", Error, Details{
		Title: "Host without a certificate (SNI)",
		Cause: "At least one host used in the Ingress rules is not listed in any spec.tls[].hosts, so no " +
			"certificate can be attached for it.",
		Fix: "Add each missing host to a spec.tls entry whose Secret holds a certificate valid for it, or add " +
			"a new tls entry for it.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocBoth("E4040"),
	})
	TKEIngressE4041 = tkeIngress("E4041", Error, Details{
		Title: "Backend Service not found",
		Cause: "A rule's backend names a Service that does not exist in the Ingress's namespace.",
		Fix: "Create the Service under that name in the same namespace as the Ingress, or delete the rules " +
			"that point at it.",
		Risk:    tkeIngressRiskSyncBlocked,
		Doc:     tkeIngressDocBoth("E4041"),
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the backend Services", Zh: "后端 Service"}, IfUnknown: UnknownSkips}},
	})
	TKEIngressE4042 = tkeIngress("E4042", Error, Details{
		Title: "Backend Service port not found",
		Cause: "A rule's backend refers to a port that the named Service does not define.",
		Fix: "Correct the backend's service port to one listed in the Service's spec.ports, or remove the " +
			"rule if the Service really has no such port.",
		Risk:    tkeIngressRiskSyncBlocked,
		Doc:     tkeIngressDocBoth("E4042"),
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the backend Services", Zh: "后端 Service"}, IfUnknown: UnknownSkips}},
	})
	TKEIngressE4043 = tkeIngress("E4043", Warning, Details{
		Title: "TkeServiceConfig referenced by the Ingress not found",
		Cause: "ingress.cloud.tencent.com/tke-service-config names a TkeServiceConfig that is not present in " +
			"the Ingress's namespace.",
		Fix: "Create the TkeServiceConfig under that name in the same namespace (check with kubectl get " +
			"tkeserviceconfigs.cloud.tencent.com -n <namespace> <name>), or remove the annotation.",
		Risk: "None documented; the rest of the Ingress still syncs, only the extra CLB settings from the " +
			"TkeServiceConfig are not applied.",
		Doc:     tkeIngressDocBoth("E4043"),
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the TkeServiceConfig", Zh: "所引用的 TkeServiceConfig"}, IfUnknown: UnknownSkips}},
	})
	TKEIngressE4044 = tkeIngress("E4044", Error, Details{
		Title: "kubernetes.io/ingress.rule-mix has an invalid value",
		Cause: "The controller cannot read kubernetes.io/ingress.rule-mix. The English list calls it an " +
			"invalid JSON string; the event table says it holds something other than true or false.",
		Fix: "Set kubernetes.io/ingress.rule-mix to \"true\" or \"false\" (see TKE doc 457/45693 on mixing " +
			"HTTP and HTTPS), or turn on mixed protocols from the TKE console.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocBoth("E4044"),
	})
	TKEIngressE4045 = tkeIngress("E4045", Error, Details{
		Title: "kubernetes.io/ingress.internetChargeType is invalid",
		Cause: "The network billing mode in kubernetes.io/ingress.internetChargeType is not one the CLB API " +
			"accepts.",
		Fix: "Use an InternetChargeType value from the CLB API's InternetAccessible type (document 214/30694), " +
			"such as TRAFFIC_POSTPAID_BY_HOUR, BANDWIDTH_POSTPAID_BY_HOUR or BANDWIDTH_PACKAGE.",
		Risk: "The public CLB is not created with the requested billing, so the Ingress receives no traffic.",
		Doc:  tkeIngressDocCodes + "E4045",
	})
	TKEIngressE4046 = tkeIngress("E4046", Error, Details{
		Title: "kubernetes.io/ingress.internetMaxBandwidthOut is invalid",
		Cause: "The bandwidth cap in kubernetes.io/ingress.internetMaxBandwidthOut is malformed or out of " +
			"range.",
		Fix: "Set it to a whole number of Mbps from 1 to 2048 (InternetMaxBandwidthOut of the CLB API's " +
			"InternetAccessible type).",
		Risk: tkeIngressRiskNoTraffic,
		Doc:  tkeIngressDocBoth("E4046"),
	})
	TKEIngressE4047 = tkeIngress("E4047", Error, Details{
		Title: "Backend Service is not NodePort or LoadBalancer",
		Cause: "A rule points at a Service of type ClusterIP, which exposes no node port for the CLB to " +
			"forward to; only NodePort and LoadBalancer Services can back a CLB Ingress.",
		Fix:     "Change the Service's spec.type to NodePort (or LoadBalancer).",
		Risk:    tkeIngressRiskSyncBlocked,
		Doc:     tkeIngressDocBoth("E4047"),
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the backend Services", Zh: "后端 Service"}, IfUnknown: UnknownSkips}},
	})
	TKEIngressE4048 = tkeIngress("E4048", Error, Details{
		Title: "More than one default certificate in spec.tls",
		Cause: "Several spec.tls entries have no hosts, so each would be the default certificate and they " +
			"conflict.",
		Fix:  "Keep at most one tls entry without hosts; the Ingress resyncs by itself after the edit.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocBoth("E4048"),
	})
	TKEIngressE4049 = tkeIngress("E4049", Error, Details{
		Title: "Several certificates declared for the same host",
		Cause: "One host appears in more than one spec.tls entry with different Secrets, so its SNI " +
			"certificate is ambiguous.",
		Fix:  "Leave each host in exactly one tls entry; the Ingress resyncs by itself after the edit.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocBoth("E4049"),
	})
	TKEIngressE4050 = tkeIngress("E4050", Error, Details{
		Title: "ingress.cloud.tencent.com/tke-service-config-auto is not a boolean",
		Cause: "The ingress.cloud.tencent.com/tke-service-config-auto annotation accepts only true or false and " +
			"holds something else.",
		Fix:  "Set ingress.cloud.tencent.com/tke-service-config-auto to \"true\" or \"false\".",
		Risk: "The automatic TkeServiceConfig cannot be handled and the Ingress is not synced.",
		Doc:  tkeIngressDocCodes + "E4050",
	})
	TKEIngressE4051 = tkeIngress("E4051", Warning, Details{
		Title: "tke-service-config points at an auto-generated config name",
		Cause: "ingress.cloud.tencent.com/tke-service-config names a TkeServiceConfig ending in " +
			"-auto-ingress-config or -auto-service-config; those names are reserved for the configs the " +
			"system generates itself.",
		Fix: "Reference a TkeServiceConfig with a different name in ingress.cloud.tencent.com/tke-service-config " +
			"(see TKE doc 457/45700).",
		Risk: "None documented; expect the TkeServiceConfig you meant to attach to be ignored until it is " +
			"renamed.",
		Doc: tkeIngressDocBoth("E4051"),
	})
	TKEIngressE4052 = tkeIngress("E4052", Error, Details{
		Title: "Ingress host is not a valid domain name",
		Cause: "A host in the rules fails the Kubernetes domain pattern " +
			`(\*|[a-z0-9]([-a-z0-9]*[a-z0-9])?)(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)+` +
			"; typical offenders are names without a dot (test) or with capitals (Test.com).",
		Fix: "Fix spec.rules[].host (and spec.tls[].hosts): lowercase letters, digits and hyphens in " +
			"dot-separated labels, at least one dot, optionally a leading *.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocBoth("E4052"),
	})
	TKEIngressE4053 = tkeIngress("E4053", Error, Details{
		Title: "Subnet for the private CLB has no free IP",
		Cause: "Every address in the subnet chosen with kubernetes.io/ingress.subnetId is in use, so the " +
			"load balancer cannot be created there.",
		Fix: "Either free IPs in that subnet, create or pick a subnet with spare addresses and update " +
			"kubernetes.io/ingress.subnetId, or switch to a public-network CLB.",
		Risk: tkeIngressRiskNoTraffic,
		Doc:  tkeIngressDocBoth("E4053"),
	})
	TKEIngressE4054 = tkeIngress("E4054", Error, Details{
		Title: "Backend count limit of the CLB reached",
		Cause: "The CLB already has as many backends bound as its quota allows.",
		Fix:   "Open a ticket to raise the CLB backend quota.",
		Risk:  tkeIngressRiskBackends,
		Doc:   tkeIngressDocEvents + "E4054",
	})
	TKEIngressE4055 = tkeIngress("E4055", Error, Details{
		Title: "Subnet missing or malformed; CLB cannot be created",
		Cause: "The subnet in kubernetes.io/ingress.subnetId does not exist or its ID is not well-formed " +
			"(IDs look like subnet-ewhltulw).",
		Fix: "Put a valid subnet ID from the cluster's VPC into kubernetes.io/ingress.subnetId (create a " +
			"subnet with enough IPs if needed), or use a public-network CLB instead.",
		Risk: tkeIngressRiskNoTraffic,
		Doc:  tkeIngressDocEvents + "E4055",
	})
	TKEIngressE4060 = tkeIngress("E4060", Error, Details{
		Title: "SNAT Pro requested but not enabled for the account",
		Cause: "The Ingress asks for the CLB SNAT Pro feature, which the account has not been allowlisted for.",
		Fix:   "Open a ticket asking CLB to enable SNAT Pro for the account, or stop requesting SNAT Pro.",
		Risk:  tkeIngressRiskSyncBlocked,
		Doc:   tkeIngressDocEvents + "E4060",
	})
	TKEIngressE4066 = tkeIngress("E4066", Error, Details{
		Title: "Controller initialization failed: CRD could not be created",
		Cause: "The Ingress controller could not create the CRDs it needs at start-up, which points to a " +
			"problem in the cluster itself.",
		Fix:  "Open a ticket with TKE; the cluster needs to be looked at.",
		Risk: tkeIngressRiskClusterWide,
		Doc:  tkeIngressDocEvents + "E4066",
	})
	TKEIngressE4068 = tkeIngress("E4068", Error, Details{
		Title: "Automatic redirect conflicts with other declared rules",
		Cause: "Automatic redirection is enabled on the Ingress, and rules you declared collide with the " +
			"redirect rules it generates.",
		Fix: "When using automatic redirection, do not declare further forwarding rules for the redirected " +
			"traffic (see TKE doc 457/59096 on Ingress redirection).",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocEvents + "E4068",
	})
	TKEIngressE4071 = tkeIngress("E4071", Error, Details{
		Title: "Cross-region binding: CLB VPC and cluster VPC not in one CCN",
		Cause: "Cross-region binding is configured, but the VPC of the CLB and the VPC of the cluster are not " +
			"attached to the same Cloud Connect Network.",
		Fix: "Attach both VPCs to one CCN instance, or use a CLB in a VPC that already is (see TKE doc " +
			"457/59095 on cross-region binding).",
		Risk: tkeIngressRiskNoTraffic,
		Doc:  tkeIngressDocEvents + "E4071",
	})
	TKEIngressE4074 = tkeIngress("E4074", Error, Details{
		Title: "Backend binding failed; node possibly in arrears or blocked",
		Cause: "CLB could not bind a node as a backend; the likely reason is that the node is overdue or has " +
			"been blocked.",
		Fix: "Check the billing and state of the nodes (CVM instances) behind the Ingress and renew or " +
			"replace blocked ones.",
		Risk: tkeIngressRiskBackends,
		Doc:  tkeIngressDocEvents + "E4074",
	})
	TKEIngressE4081 = tkeIngress("E4081", Error, Details{
		Title: "kubernetes.io/ingress.https-rules has conflicting configuration",
		Cause: "The kubernetes.io/ingress.https-rules annotation is malformed in a way that makes its rules " +
			"conflict with each other or with the rest of the Ingress.",
		Fix: "Fix the annotation against the TKE Ingress annotation reference (doc 457/56112); editing the " +
			"Ingress from the console avoids hand-written conflicts.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocEvents + "E4081",
	})
	TKEIngressE4082 = tkeIngress("E4082", Error, Details{
		Title: "Direct access to a Service without a selector",
		Cause: "The Ingress binds Pods directly (direct access) but a backend is a Service without a selector, " +
			"whose endpoints cannot be bound that way.",
		Fix: "Reach that Service through its NodePort instead: set ingress.cloud.tencent.com/direct-access to " +
			"\"false\", or give the Service a selector.",
		Risk:    tkeIngressRiskSyncBlocked,
		Doc:     tkeIngressDocEvents + "E4082",
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the backend Services", Zh: "后端 Service"}, IfUnknown: UnknownSkips}},
	})
	TKEIngressE4084 = tkeIngress("E4084", Error, Details{
		Title: "SNAT Pro cannot be combined with cross-region binding 1.0",
		Cause: "The Ingress uses the cross-region binding 1.0 scheme together with SNAT Pro, which the system " +
			"does not support.",
		Fix: "This is a platform limit: change the design, either dropping SNAT Pro or not using cross-region " +
			"binding 1.0.",
		Risk: tkeIngressRiskSyncBlocked,
		Doc:  tkeIngressDocEvents + "E4084",
	})
	TKEIngressE4091 = tkeIngress("E4091", Error, Details{
		Title: "Subnet for the private CLB does not exist",
		Cause: "Creating the private-network CLB failed because the VPC service does not know the subnet " +
			"(Invoke vpc failed: subnet not exists).",
		Fix:  "Correct the subnet ID in the kubernetes.io/ingress.subnetId annotation.",
		Risk: "No private CLB is created, so the Ingress receives no traffic.",
		Doc:  tkeIngressDocCodes + "E4091",
	})
	TKEIngressE4098 = tkeIngress("E4098", Error, Details{
		Title: "kubernetes.io/ingress.existLbId has a malformed CLB ID",
		Cause: "The ID given for the existing load balancer is not a well-formed CLB ID (IDs look like " +
			"lb-4ymlu8dc).",
		Fix: "Copy the ID of a CLB in the cluster's VPC from the CLB console into " +
			"kubernetes.io/ingress.existLbId.",
		Risk: tkeIngressRiskNoTraffic,
		Doc:  tkeIngressDocEvents + "E4098",
	})
	TKEIngressE4101 = tkeIngress("E4101", Error, Details{
		Title: "Listener conflict on the existing CLB",
		Cause: "On the CLB named by kubernetes.io/ingress.existLbId, a listener the Ingress needs collides " +
			"with one already there.",
		Fix: "Check whether ports 80 and 443 of that CLB are already taken by other resources and free them, " +
			"or use another CLB.",
		Risk:    tkeIngressRiskSyncBlocked,
		Doc:     tkeIngressDocEvents + "E4101",
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the other Ingresses that use the CLB", Zh: "使用同一 CLB 的其他 Ingress"}, IfUnknown: UnknownSkips}},
	})
	TKEIngressE5003 = tkeIngress("E5003", Warning, Details{
		Title:   "CLB internal error",
		Cause:   "The CLB service returned an internal error.",
		Fix:     "Wait for the next sync; if the error keeps coming back, open a ticket with CLB.",
		Risk:    "Sync is delayed while it lasts; a persistent error keeps the Ingress out of date.",
		Doc:     tkeIngressDocCodes + "E5003",
		Retried: true,
	})
	TKEIngressE5004 = tkeIngress("E5004", Warning, Details{
		Title:   "CVM internal error",
		Cause:   "The CVM service returned an internal error while the controller was working on backends.",
		Fix:     "If it does not clear on the next sync, open a ticket with CVM right away.",
		Risk:    "Backends may not be updated while it lasts.",
		Doc:     tkeIngressDocCodes + "E5004",
		Retried: true,
	})
	TKEIngressE5005 = tkeIngress("E5005", Warning, Details{
		Title: "Tag service internal error",
		Cause: "The Tag service, which the controller uses to mark and find its CLBs, returned an internal " +
			"error.",
		Fix:     "If it does not clear on the next sync, open a ticket with the Tag service right away.",
		Risk:    "The controller may fail to find or label its CLB, stalling the sync while it lasts.",
		Doc:     tkeIngressDocCodes + "E5005",
		Retried: true,
	})
	TKEIngressE5007 = tkeIngress("E5007", Warning, Details{
		Title:   "Norm internal error",
		Cause:   "Norm, the service that hands the controller its credentials, returned an internal error.",
		Fix:     "If it persists, open a ticket with TKE and attach the controller's error from the event.",
		Risk:    "Without credentials no cloud call succeeds, so syncing stops while it lasts.",
		Doc:     tkeIngressDocCodes + "E5007",
		Retried: true,
	})
	TKEIngressE5008 = tkeIngress("E5008", Warning, Details{
		Title:   "TKE internal error",
		Cause:   "A TKE backend service returned an internal error.",
		Fix:     "If it persists, open a ticket with TKE and attach the controller's error from the event.",
		Risk:    "Sync is delayed while it lasts; a persistent error keeps the Ingress out of date.",
		Doc:     tkeIngressDocCodes + "E5008",
		Retried: true,
	})
	TKEIngressE5009 = tkeIngress("E5009", Warning, Details{
		Title: "CLB batch backend bind/unbind partly failed",
		Cause: "An internal CLB error made part of a batch register or deregister of backends (BatchTarget) " +
			"fail.",
		Fix:     "If the next sync does not fix it, open a ticket with CLB right away.",
		Risk:    tkeIngressRiskBackends,
		Doc:     tkeIngressDocCodes + "E5009",
		Retried: true,
	})
	TKEIngressE6001 = tkeIngress("E6001", Error, Details{
		Title: "Controller lacks TKE_REGION (tke-config ConfigMap missing)",
		Cause: "The ConfigMap kube-system/tke-config is missing or incomplete, so l7-lb-controller cannot read " +
			"TKE_REGION from its environment and the container fails to start.",
		Fix: "Check with kubectl get configmap -n kube-system tke-config; recreate it with the cluster's " +
			"values (kubectl create configmap tke-config -n kube-system --from-literal=TKE_REGION=<region> " +
			"--from-literal=TKE_VPC_ID=<vpc-id>) and make sure the l7-lb-controller Deployment maps TKE_REGION " +
			"and TKE_VPC_ID from it via configMapKeyRef.",
		Risk:    tkeIngressRiskClusterWide,
		Doc:     tkeIngressDocCodes + "E6001/E6002",
		Decides: []Decision{{By: ByClusterConfig, What: words.Phrase{En: "kube-system/tke-config: TKE_REGION, as the l7-lb-controller Deployment reads it", Zh: "kube-system/tke-config 中的 TKE_REGION（l7-lb-controller Deployment 所读取的值）"}, IfUnknown: UnknownSkips}},
	})
	TKEIngressE6002 = tkeIngress("E6002", Error, Details{
		Title: "Controller lacks TKE_VPC_ID (tke-config ConfigMap missing)",
		Cause: "The ConfigMap kube-system/tke-config is missing or incomplete, so l7-lb-controller cannot read " +
			"TKE_VPC_ID from its environment and the container fails to start.",
		Fix: "Check with kubectl get configmap -n kube-system tke-config; recreate it with the cluster's " +
			"values (kubectl create configmap tke-config -n kube-system --from-literal=TKE_REGION=<region> " +
			"--from-literal=TKE_VPC_ID=<vpc-id>) and make sure the l7-lb-controller Deployment maps TKE_REGION " +
			"and TKE_VPC_ID from it via configMapKeyRef.",
		Risk:    tkeIngressRiskClusterWide,
		Doc:     tkeIngressDocCodes + "E6001/E6002",
		Decides: []Decision{{By: ByClusterConfig, What: words.Phrase{En: "kube-system/tke-config: TKE_VPC_ID, as the l7-lb-controller Deployment reads it", Zh: "kube-system/tke-config 中的 TKE_VPC_ID（l7-lb-controller Deployment 所读取的值）"}, IfUnknown: UnknownSkips}},
	})
	TKEIngressE6006 = tkeIngress("E6006", Error, Details{
		Title: "Controller cannot reach the cloud API (i/o timeout)",
		Cause: "Calls to endpoints such as clb.internal.tencentcloudapi.com time out: either CoreDNS resolves " +
			"the cloud API domains wrongly, or the cluster network has a problem.",
		Fix: "Add hostAliases to the l7-lb-controller Deployment: 169.254.0.28 for lb, tag, cbs, cvm, snapshot, " +
			"monitor, scaling and ccs .api.qcloud.com, and 169.254.0.95 for tke, clb and " +
			"cvm .internal.tencentcloudapi.com. If DNS is not the cause, open a ticket with the stack trace " +
			"from the controller log.",
		Risk: "The controller cannot talk to CLB, so no Ingress in the cluster is reconciled.",
		Doc:  tkeIngressDocCodes + "E6006",
	})
	TKEIngressE6007 = tkeIngress("E6007", Warning, Details{
		Title: "Ingress controller internal error",
		Cause: "The Ingress controller hit an unexpected internal error.",
		Fix: "If it repeats, open a ticket with TKE and include the exception stack from the controller's " +
			"log.",
		Risk:    "Sync of the Ingress is delayed; if the error persists the CLB drifts from the Ingress.",
		Doc:     tkeIngressDocCodes + "E6007 | E6009",
		Retried: true,
	})
	TKEIngressE6009 = tkeIngress("E6009", Error, Details{
		Title: "Ingress controller unexpected error (e.g. a failing nginx webhook)",
		Cause: "The Ingress controller hit an unexpected error (UnexpectedError) and the sync fails. The " +
			"fault handbook traces the documented case to ingress-nginx: a release older than v1.0.0 " +
			"registers the admission webhook validate.nginx.ingress.kubernetes.io for networking.k8s.io/v1 " +
			"Ingresses, which it cannot validate, so every Ingress write the CLB controller makes is refused.",
		Fix: "Read the OriginError of the event. If it names validate.nginx.ingress.kubernetes.io, edit that " +
			"ValidatingWebhookConfiguration so webhooks[].rules[].apiVersions lists only v1beta1 (or delete it), " +
			"then upgrade the Nginx Ingress add-on (v1.1.0) so new instances do not bring it back. Otherwise " +
			"open a ticket with TKE and include the exception stack from the controller's log.",
		Risk: "The Ingress cannot be created or updated on the CLB while the error lasts; the controller keeps " +
			"retrying.",
		Doc: tkeIngressDocCodes + "E6007 | E6009; " + tkeIngressDocHandbook +
			"CLB Ingress Creation Error",
		Retried: true,
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the NGINX ingress admission webhook configuration and its Service", Zh: "NGINX Ingress 准入 webhook 的配置及其 Service"}, IfUnknown: UnknownSkips}},
	})
	TKEIngressW1000 = tkeIngress("W1000", Warning, Details{
		Title: "Backend Service not found in the controller's cache",
		Cause: "A rule's backend.serviceName names a Service the controller cannot find, so that rule has no " +
			"backend to bind.",
		Fix: "Make sure the Service named in backend.serviceName (service.name in networking.k8s.io/v1) " +
			"exists in the Ingress's namespace.",
		Risk:    "Requests matching that rule have no backend to go to.",
		Doc:     tkeIngressDocCodes + "W1000",
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "the backend Services", Zh: "后端 Service"}, IfUnknown: UnknownSkips}},
	})
	TKEIngressW1001 = tkeIngress("W1001", Warning, Details{
		Title: "CLB kept after Ingress deletion (not created by TKE)",
		Cause: "The Ingress was deleted but its CLB was left in place, because the CLB has no " +
			"tke-createdBy-flag=yes tag and so its lifecycle is not owned by the Ingress.",
		Fix:  "Delete the load balancer by hand if you no longer need it.",
		Risk: "The CLB lingers and keeps costing money until removed.",
		Doc:  tkeIngressDocCodes + "W1001",
	})
	TKEIngressW1002 = tkeIngress("W1002", Warning, Details{
		Title: "Listener kept after Ingress deletion (not owned by Ingress)",
		Cause: "The Ingress was deleted but a listener on its CLB was left, because the listener is not named " +
			"TKE-DEDICATED-LISTENER: it was created or renamed outside the Ingress.",
		Fix:  "Delete that listener by hand if you no longer need it.",
		Risk: "The listener keeps forwarding with its old configuration until someone removes it.",
		Doc:  tkeIngressDocCodes + "W1002",
	})
	TKEIngressCLBLoopback = uncoded(TKE, Ingress, "clb-loopback", Warning, Details{
		Title: "In-cluster access to a private-network Ingress may loop back",
		Cause: "A private CLB Ingress forwards to node ports without SNAT. When a Pod calls the Ingress " +
			"address and CLB picks the Pod's own node, source and destination sit on one host, Linux drops " +
			"the reply and the CLB waits about 4 s before trying another backend (a single-node cluster " +
			"cannot be reached at all). Public-network CLBs are not affected.",
		Fix: "Inside the cluster call the Service name (e.g. server.prod.svc.cluster.local), rewriting the " +
			"domain in CoreDNS if needed. Or ask CLB by ticket for layer-7 SNAT and keepalive, annotate " +
			"ingress.cloud.tencent.com/tke-service-config-auto: \"true\", and set keepaliveEnable: 1 on every " +
			"spec.loadBalancer.l7Listeners[] entry of <ingress>-auto-ingress-config, allowing 100.127.0.0/16 " +
			"in the CVM security group.",
		Risk: "Clients inside the cluster see several-second delays or failures intermittently, depending " +
			"on which node the CLB picks.",
		Doc:     tkeIngressDocHandbook + "CLB Loopback (avoiding layer-7 loopback)",
		Decides: []Decision{{By: ByOtherObjects, What: words.Phrase{En: "kube-proxy's DaemonSet and ConfigMap, the cluster's nodes", Zh: "kube-proxy 的 DaemonSet 和 ConfigMap，以及集群的节点"}, IfUnknown: UnknownSkips}},
	})
	// TKEIngressConfigConflict and TKEIngressAPIHostAliases have no documented code.
	TKEIngressConfigConflict = uncoded(TKE, Ingress, "service-config-conflict", Warning, Details{
		Title: "Named and automatic TkeServiceConfig both requested",
		Cause: "The Ingress sets ingress.cloud.tencent.com/tke-service-config (a TkeServiceConfig you manage) " +
			"and ingress.cloud.tencent.com/tke-service-config-auto: \"true\" (one TKE creates as " +
			"<ingress>-auto-ingress-config). TKE's TkeServiceConfig guide does not allow both at once; the " +
			"error tables give the conflict no code (E4051 is about reserved names).",
		Fix: "Keep one: remove tke-service-config-auto to use your own TkeServiceConfig, or remove " +
			"tke-service-config to let TKE manage <ingress>-auto-ingress-config.",
		Risk: "Which CLB settings apply is not what the manifest suggests; settings from one of the two " +
			"configs are ignored.",
		Doc: "Tencent TKE, TkeServiceConfig (Ingress); no event code",
	})
	TKEIngressAPIHostAliases = uncoded(TKE, Ingress, "api-host-aliases", Info, Details{
		Title: "l7-lb-controller has no host aliases for the cloud API domains",
		Cause: "The kube-system/l7-lb-controller Deployment lacks some of the hostAliases that the E6006 " +
			"handling adds (cloud API domains pinned to 169.254.0.28 and 169.254.0.95). This is no fault by " +
			"itself: the controller only needs them when CoreDNS resolves those domains wrongly, which then " +
			"shows as E6006 i/o timeouts.",
		Fix: "Nothing while the controller syncs; if Ingress events report E6006, add the hostAliases listed " +
			"under tke.ingress.E6006.",
		Risk:    "None while DNS works; if it breaks, no Ingress in the cluster is reconciled.",
		Doc:     tkeIngressDocCodes + "E6006 (handling method); a hint, not an error code",
		Decides: []Decision{{By: ByClusterConfig, What: words.Phrase{En: "the l7-lb-controller Deployment in kube-system: its hostAliases", Zh: "kube-system 中 l7-lb-controller Deployment 的 hostAliases"}, IfUnknown: UnknownSkips}},
	})
	TKEIngressInvalidAnnotationValue = uncoded(TKE, Ingress, "invalid-annotation-value", Warning, Details{
		Title: "TKE Ingress annotation value is not of its documented form",
		Cause: "A TKE Ingress annotation documented with a fixed form holds another value: " +
			"ingress.cloud.tencent.com/cross-region-id takes a region id (ap-guangzhou, not the zone ap-guangzhou-3), " +
			"ingress.cloud.tencent.com/cross-vpc-id a VPC id (vpc- and 8 lowercase letters or digits). The Ingress error " +
			"table gives this mistake no code, so the controller's reaction is not documented: the binding may fail or " +
			"the annotation be ignored.",
		Fix:  "Write the value in the form the finding names; a zone id loses its trailing -N to become the region id.",
		Risk: "The CLB is not bound across regions as intended, or not created.",
		Doc: "Tencent TKE, Ingress cross-VPC/cross-region binding (https://cloud.tencent.com/document/product/457/59095); " +
			"no event code",
	})
)
