package rules

import (
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Source is a document rules are written from (a vendor document, a vendor page, the CCM source, or
// Kubernetes itself), and the vendor pages that publish it.
type Source struct {
	// ID names the source in tests and docs/sources.md.
	ID string
	// Seed is the number of the seed document (/work/shared/seeds, 000–004) the source is, or ""
	// when the source is no seed document.
	Seed string
	// Match lists texts a rule's Doc contains when the rule comes from this source. Most are the
	// Doc constants the rules are written with, so a renamed constant is a compile error; a test
	// fails on any text no rule's Doc contains, which catches a misspelt literal.
	Match []string
	// Pages maps a language to the vendor page in that language; only URLs seen in the seed
	// documents or in stored public pages are listed (docs/sources.md says where each was seen).
	Pages map[words.Lang]string
	// NoPage says why the source has no page; it is set exactly when Pages is empty.
	NoPage string
	// Generic marks a source of the provider-neutral rules: a generic rule links to the generic
	// source of its Kind (the Kubernetes page of that object), whatever vendor documents its Doc also
	// names, so that a finding on one cloud never sends its reader to another cloud's page. Match is
	// unused for a generic source.
	Generic bool
	// Kind is the kind of the rules a generic source serves.
	Kind Kind
}

// Vendor page URLs, each listed in docs/sources.md with where it was found.
const (
	urlTKEServiceAnnotationZH = "https://cloud.tencent.com/document/product/457/51258"
	urlTKEServiceAnnotationEN = "https://intl.cloud.tencent.com/document/product/457/39142"
	urlTKEIngressCrossVPCZH   = "https://cloud.tencent.com/document/product/457/59095"
	urlTKELifecycleZH         = "https://cloud.tencent.com/document/product/457/90598"
	urlTKEExistingCLBZH       = "https://cloud.tencent.com/document/product/457/45491"
	urlTKEExistingCLBEN       = "https://intl.cloud.tencent.com/document/product/457/36835"
	urlTKEBackendsZH          = "https://cloud.tencent.com/document/product/457/45492"
	urlTKEIngressOverviewEN   = "https://www.tencentcloud.com/document/product/457/37013"
	urlTKEIngressGroupZH      = "https://cloud.tencent.com/document/product/457/127545"
	urlTKEIngressTSCZH        = "https://cloud.tencent.com/document/product/457/45700"
	urlTKEIngressTSCEN        = "https://intl.cloud.tencent.com/document/product/457/37015"
	urlTKEServiceTSCZH        = "https://cloud.tencent.com/document/product/457/45490"
	urlTKEEventErrorsZH       = "https://cloud.tencent.com/document/product/457/81004"
	// urlTKEIngressCodesZH is the same page: TKE's Service&Ingress error page, whose Ingress table is
	// the vendor's own page for the Ingress event codes (the English code list of seed 000 has none).
	urlTKEIngressCodesZH = urlTKEEventErrorsZH
	urlTKELoopbackZH     = "https://cloud.tencent.com/document/product/457/80913"
	urlTKELoopbackEN     = "https://www.tencentcloud.com/document/product/457/42976"
	urlACKTroubleshootZH = "https://help.aliyun.com/zh/ack/ack-managed-and-ack-dedicated/support/service-troubleshooting"
	urlACKTroubleshootEN = "https://www.alibabacloud.com/help/en/ack/ack-managed-and-ack-dedicated/user-guide/service-troubleshooting-2"
	urlACKAnnotationsZH  = "https://help.aliyun.com/zh/ack/ack-managed-and-ack-dedicated/user-guide/add-annotations-to-the-yaml-file-of-a-service-to-configure-clb-instances"
	urlACKAnnotationsEN  = "https://www.alibabacloud.com/help/en/ack/ack-managed-and-ack-dedicated/user-guide/add-annotations-to-the-yaml-file-of-a-service-to-configure-clb-instances"
	urlACKServiceFAQZH   = "https://help.aliyun.com/zh/ack/ack-managed-and-ack-dedicated/user-guide/service-faq"
	urlACKServiceFAQEN   = "https://www.alibabacloud.com/help/en/ack/ack-managed-and-ack-dedicated/user-guide/service-faq"
	urlACKUpdatePolicyZH = "https://help.aliyun.com/zh/ack/ack-managed-and-ack-dedicated/user-guide/considerations-for-configuring-a-loadbalancer-type-service-1"
	urlACKUpdatePolicyEN = "https://www.alibabacloud.com/help/en/ack/ack-managed-and-ack-dedicated/user-guide/considerations-for-configuring-a-loadbalancer-type-service-1"
	urlK8sServiceEN      = "https://kubernetes.io/docs/concepts/services-networking/service/"
	urlK8sServiceZH      = "https://kubernetes.io/zh-cn/docs/concepts/services-networking/service/"
	urlK8sIngressEN      = "https://kubernetes.io/docs/concepts/services-networking/ingress/"
	urlK8sIngressZH      = "https://kubernetes.io/zh-cn/docs/concepts/services-networking/ingress/"
)

// Catch-all sources: a rule that falls to one of them names no document more precisely.
const (
	sourceTKEOther = "tke-other"
	sourceNone     = "none"
)

// Sources are the source documents, the most specific and those with a page first: a rule links to
// the first source one of whose Match texts its Doc contains (a Doc that names several documents
// links to the first of them in this order).
var Sources = []Source{
	{ID: "kubernetes-service", Generic: true, Kind: Service,
		Pages: map[words.Lang]string{words.Chinese: urlK8sServiceZH, words.English: urlK8sServiceEN}},
	{ID: "kubernetes-ingress", Generic: true, Kind: Ingress,
		Pages: map[words.Lang]string{words.Chinese: urlK8sIngressZH, words.English: urlK8sIngressEN}},
	{ID: "tke-service-annotation", Match: []string{"457/51258", "457/39142", "Tencent TKE, Service annotations (", "qcloud-loadbalancer-backends-label"},
		Pages: map[words.Lang]string{words.Chinese: urlTKEServiceAnnotationZH, words.English: urlTKEServiceAnnotationEN}},
	{ID: "tke-ingress-cross-vpc", Match: []string{"457/59095"},
		Pages: map[words.Lang]string{words.Chinese: urlTKEIngressCrossVPCZH}},
	{ID: "tke-lifecycle-notice", Match: []string{DocTKELifecycle},
		Pages: map[words.Lang]string{words.Chinese: urlTKELifecycleZH}},
	{ID: "tke-existing-clb", Match: []string{DocTKEExistingCLB},
		Pages: map[words.Lang]string{words.Chinese: urlTKEExistingCLBZH, words.English: urlTKEExistingCLBEN}},
	{ID: "tke-direct-access", Match: []string{DocTKEDirectAccess},
		Pages: map[words.Lang]string{words.Chinese: "https://cloud.tencent.com/document/product/457/41897", words.English: "https://intl.cloud.tencent.com/document/product/457/36837"}},
	{ID: "tke-service-protocol", Match: []string{DocTKEServiceProtocol},
		Pages: map[words.Lang]string{words.Chinese: "https://cloud.tencent.com/document/product/457/51259", words.English: "https://www.tencentcloud.com/document/product/457/39141"}},
	{ID: "tke-backend-selection", Match: []string{DocTKEBackends},
		Pages: map[words.Lang]string{words.Chinese: urlTKEBackendsZH}},
	{ID: "tke-ingress-overview", Match: []string{DocTKEIngressLifecycle},
		Pages: map[words.Lang]string{words.English: urlTKEIngressOverviewEN}},
	{ID: "tke-ingress-rule-mix", Match: []string{DocTKEIngressRuleMix},
		Pages: map[words.Lang]string{words.Chinese: "https://cloud.tencent.com/document/product/457/45693", words.English: "https://intl.cloud.tencent.com/document/product/457/43504"}},
	{ID: "tke-ingress-basics", Match: []string{DocTKEIngressBasics},
		Pages: map[words.Lang]string{words.Chinese: "https://cloud.tencent.com/document/product/457/31711"}},
	{ID: "tke-ingress-group", Match: []string{DocTKEIngressGroup},
		Pages: map[words.Lang]string{words.Chinese: urlTKEIngressGroupZH}},
	{ID: "tke-ingress-tkeserviceconfig", Match: []string{"TkeServiceConfig (Ingress)"},
		Pages: map[words.Lang]string{words.Chinese: urlTKEIngressTSCZH, words.English: urlTKEIngressTSCEN}},
	{ID: "tke-service-tkeserviceconfig", Match: []string{"TkeServiceConfig (associated actions between Service and TkeServiceConfig)"},
		Pages: map[words.Lang]string{words.Chinese: urlTKEServiceTSCZH}},
	{ID: "tke-event-errors", Seed: "001", Match: []string{DocTKEServiceEvents, DocTKEIngressEvents, DocTKEEventRetention},
		Pages: map[words.Lang]string{words.Chinese: urlTKEEventErrorsZH}},
	{ID: "tke-clb-loopback", Seed: "002", Match: []string{DocTKEHandbook + "CLB Loopback"},
		Pages: map[words.Lang]string{words.Chinese: urlTKELoopbackZH, words.English: urlTKELoopbackEN}},
	{ID: "tke-handbook", Seed: "002", Match: []string{DocTKEHandbook},
		NoPage: "the handbook's sections these rules cite (NGINX Ingress connection refused, CLB Ingress creation error) were not found as pages in the seeds or the searched pages"},
	{ID: "tke-ingress-codes", Seed: "000", Match: []string{DocTKEIngressCodes},
		Pages: map[words.Lang]string{words.Chinese: urlTKEIngressCodesZH}},
	{ID: sourceTKEOther, Match: []string{"Tencent TKE"},
		NoPage: "the rule names a TKE feature whose vendor page was not found in the seeds or the searched pages"},
	{ID: "ack-troubleshooting", Seed: "003", Match: []string{DocACKEvents, DocACKSymptoms, "Alibaba ACK, troubleshooting LoadBalancer Services"},
		Pages: map[words.Lang]string{words.Chinese: urlACKTroubleshootZH, words.English: urlACKTroubleshootEN}},
	{ID: "ack-annotations", Match: []string{DocACKAnnotations},
		Pages: map[words.Lang]string{words.Chinese: urlACKAnnotationsZH, words.English: urlACKAnnotationsEN}},
	{ID: "ack-service-faq", Seed: "004", Match: []string{DocACKFAQ},
		Pages: map[words.Lang]string{words.Chinese: urlACKServiceFAQZH, words.English: urlACKServiceFAQEN}},
	{ID: "ack-update-policy", Match: []string{DocACKUpdate},
		Pages: map[words.Lang]string{words.Chinese: urlACKUpdatePolicyZH, words.English: urlACKUpdatePolicyEN}},
	{ID: "tke-api-describeloadbalancers", Match: []string{DocTKECloudAPI + "DescribeLoadBalancers"},
		Pages: map[words.Lang]string{words.English: "https://www.tencentcloud.com/document/api/214/33830"}},
	{ID: "tke-api-describelisteners", Match: []string{DocTKECloudAPI + "DescribeListeners"},
		Pages: map[words.Lang]string{words.English: "https://www.tencentcloud.com/document/api/214/33831"}},
	{ID: "tke-api-describetargets", Match: []string{DocTKECloudAPI + "DescribeTargets"},
		Pages: map[words.Lang]string{words.English: "https://www.tencentcloud.com/document/api/214/33824"}},
	{ID: "tke-api-describetargethealth", Match: []string{DocTKECloudAPI + "DescribeTargetHealth"},
		Pages: map[words.Lang]string{words.English: "https://www.tencentcloud.com/document/api/214/33825"}},
	{ID: "tke-api-describequota", Match: []string{DocTKECloudAPI + "DescribeQuota"},
		Pages: map[words.Lang]string{words.English: "https://www.tencentcloud.com/document/api/214/30694#Quota"}},
	{ID: "tke-api-describesubnets", Match: []string{DocTKECloudAPI + "DescribeSubnets"},
		Pages: map[words.Lang]string{words.English: "https://www.tencentcloud.com/document/api/215/15784"}},
	{ID: "tke-api-describecertificate", Match: []string{DocTKECloudAPI + "DescribeCertificate"},
		Pages: map[words.Lang]string{words.English: "https://www.tencentcloud.com/document/api/1007/36588"}},
	{ID: "ack-api-describeloadbalancers", Match: []string{DocACKCloudAPI + "DescribeLoadBalancers"},
		Pages: map[words.Lang]string{words.English: "https://www.alibabacloud.com/help/en/slb/classic-load-balancer/developer-reference/api-slb-2014-05-15-describeloadbalancers"}},
	{ID: "ack-api-describeloadbalancerlisteners", Match: []string{DocACKCloudAPI + "DescribeLoadBalancerListeners"},
		Pages: map[words.Lang]string{words.English: "https://www.alibabacloud.com/help/en/slb/classic-load-balancer/developer-reference/api-slb-2014-05-15-describeloadbalancerlisteners"}},
	{ID: "ack-api-describevservergroupattribute", Match: []string{DocACKCloudAPI + "DescribeVServerGroupAttribute"},
		Pages: map[words.Lang]string{words.English: "https://www.alibabacloud.com/help/en/slb/classic-load-balancer/developer-reference/api-slb-2014-05-15-describevservergroupattribute"}},
	{ID: "ack-api-describehealthstatus", Match: []string{DocACKCloudAPI + "DescribeHealthStatus"},
		Pages: map[words.Lang]string{words.English: "https://www.alibabacloud.com/help/en/slb/classic-load-balancer/developer-reference/api-slb-2014-05-15-describehealthstatus"}},
	{ID: "ack-api-describeservercertificates", Match: []string{DocACKCloudAPI + "DescribeServerCertificates"},
		Pages: map[words.Lang]string{words.English: "https://www.alibabacloud.com/help/en/slb/classic-load-balancer/developer-reference/api-slb-2014-05-15-describeservercertificates"}},
	{ID: "ack-api-describevswitches", Match: []string{DocACKCloudAPI + "DescribeVSwitches"},
		Pages: map[words.Lang]string{words.English: "https://www.alibabacloud.com/help/en/vpc/developer-reference/api-vpc-2016-04-28-describevswitches"}},
	{ID: "ack-api-listproductquotas", Match: []string{DocACKCloudAPI + "ListProductQuotas"},
		Pages: map[words.Lang]string{words.English: "https://www.alibabacloud.com/help/en/quota-center/developer-reference/api-quotas-2020-05-10-listproductquotas"}},
	{ID: "ack-ccm-source", Match: []string{"cloud-provider-alibaba-cloud"},
		NoPage: "source code of the Alibaba Cloud CCM, not a vendor documentation page"},
	{ID: sourceNone, Match: []string{""}, NoPage: "the rule names no document"},
}

// Source returns the source document r comes from; the last entry of Sources, which matches any
// Doc, when no other does.
func (r Rule) Source() Source {
	for _, s := range Sources {
		if s.Generic {
			if r.Provider == Generic && r.Kind == s.Kind {
				return s
			}
			continue
		}
		for _, m := range s.Match {
			if strings.Contains(r.Doc, m) {
				return s
			}
		}
	}
	return Sources[len(Sources)-1]
}

// Link returns the URL of the vendor page that documents r in lang. When the source has no page in
// lang it returns the page in the other language (most TKE pages exist in Chinese only, a few in
// English only). It returns "" exactly when r's source has no page at all; Source().NoPage then
// says why.
// A lang other than Chinese (the zero Lang too) is English.
func (r Rule) Link(lang words.Lang) string {
	s := r.Source()
	want, other := words.English, words.Chinese
	if lang == words.Chinese {
		want, other = words.Chinese, words.English
	}
	if u, ok := s.Pages[want]; ok {
		return u
	}
	return s.Pages[other]
}
