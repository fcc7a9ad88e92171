package rules

// The vendor documents rules cite in their Doc, by name. Sources (links.go) maps them to the vendor pages
// and DocIn (doc.go) words them in Chinese; the providers' rules and the generic rules write their Doc
// with them.
const (
	DocTKEIngressCodes     = "Tencent TKE, Ingress error codes, "
	DocTKEIngressEvents    = "Tencent TKE, Service/Ingress event errors (Ingress table), "
	DocTKEServiceEvents    = "Tencent TKE, Service/Ingress event errors (Service table), "
	DocTKEEventRetention   = "Tencent TKE, Service and Ingress event errors, How to view Service/Ingress event errors (events kept 1 hour)"
	DocTKEHandbook         = "Tencent TKE, fault handling handbook, "
	DocTKELifecycle        = "Tencent TKE, announcement on the Service/Ingress component management mode upgrade (cloud.tencent.com/document/product/457/90598), Service lifecycle restrictions"
	DocTKEExistingCLB      = "Tencent TKE, Using Existing CLBs (intl.cloud.tencent.com/document/product/457/36835), synchronisation and tags"
	DocTKEIngressLifecycle = "Tencent TKE, Ingress overview (tencentcloud.com/document/product/457/37013), Ingress lifecycle management and kubernetes.io/ingress.class"
	DocTKEIngressRuleMix   = "Tencent TKE, Ingress mixed use of HTTP and HTTPS (cloud.tencent.com/document/product/457/45693)"
	DocTKEIngressGroup     = "Tencent TKE, several Ingresses sharing one CLB (cloud.tencent.com/document/product/457/127545), notes"
	DocTKEIngressBasics    = "Tencent TKE, Ingress basics (cloud.tencent.com/document/product/457/31711), notes on existing CLBs; Ingress event E4101"
	DocTKEBackends         = "Tencent TKE, the Service's backend selection (cloud.tencent.com/document/product/457/45492), default backend selection"
	DocTKEDirectAccess     = "Tencent TKE, Services with the CLB connected directly to pods (cloud.tencent.com/document/product/457/41897)"
	DocTKEServiceProtocol  = "Tencent TKE, Service extension protocols (cloud.tencent.com/document/product/457/51259), service.cloud.tencent.com/specify-protocol; Service event E4062"
	DocACKEvents           = "Alibaba ACK, troubleshooting LoadBalancer Services, Service error events and solutions"
	DocACKSymptoms         = "Alibaba ACK, troubleshooting LoadBalancer Services, Troubleshooting methods"
	DocACKFAQ              = "Alibaba ACK, Service FAQ"
	DocACKCCM              = "Alibaba Cloud CCM source (github.com/kubernetes/cloud-provider-alibaba-cloud), "
	DocACKAnnotations      = "Alibaba ACK, Use annotations to configure a Classic Load Balancer (CLB) instance"
	DocACKUpdate           = "Alibaba ACK, Considerations for configuring Service load balancers and CCM resource update policies"
	// DocTKECloudAPI and DocACKCloudAPI are followed by the name of the API action whose answer
	// decides a cloud rule (--cloud).
	DocTKECloudAPI = "Tencent Cloud API reference, "
	DocACKCloudAPI = "Alibaba Cloud API reference, "
)
