package checks_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// emissionTarget is the object an emission fixture diagnoses.
type emissionTarget struct {
	kind snapshot.Kind
	name string
}

var (
	svcWeb = emissionTarget{snapshot.KindService, "web"}
	ingBar = emissionTarget{snapshot.KindIngress, "bar"}
)

// emission is a fixture that must make its rule appear, as a finding or a consequence, when the real
// runner diagnoses target with every check for provider. Exactly one of file, objs and event is set:
// file names the YAML objects under testdata/emission, objs builds them (fixtures too large to keep
// as YAML), event is the message of a Warning event about the target, which then stands alone (an
// ACK Service or a TKE CLB Service or Ingress, as provider and target say).
type emission struct {
	target   emissionTarget
	provider rules.Provider
	file     string
	objs     func() []runtime.Object
	event    string
	// cloud, set with objs, changes the healthy cloud of the fixture (cloudWorld) for a cloud rule.
	cloud func(*cloud.Facts)
}

// emissions proves every rule of the catalog can be reported: a rule a check declares is emitted by
// that check from the objects (its fixture is file or objs), an event-only rule by its event.
var emissions = withCloudEmissions(map[rules.ID]emission{
	ackrules.ServiceNetworkConflict:            {target: svcWeb, provider: ackrules.Provider, event: "NetworkConflict"},
	ackrules.ServiceOrderArrearage:             {target: svcWeb, provider: ackrules.Provider, event: "ORDER.ARREARAGE"},
	ackrules.ServicePayInsufficientBalance:     {target: svcWeb, provider: ackrules.Provider, event: "PAY.INSUFFICIENT_BALANCE"},
	ackrules.ServiceRspoolVIPExist:             {target: svcWeb, provider: ackrules.Provider, event: "RspoolVipExist"},
	ackrules.ServiceShareSLBHaltSales:          {target: svcWeb, provider: ackrules.Provider, event: "ShareSlbHaltSales"},
	ackrules.ServiceThrottling:                 {target: svcWeb, provider: ackrules.Provider, event: "Code: Throttling"},
	ackrules.ServiceVSwitchAvailableIPNotExist: {target: svcWeb, provider: ackrules.Provider, event: "VSwitchAvailableIpNotExist"},
	ackrules.ServiceAddressTypeImmutable:       {target: svcWeb, provider: ackrules.Provider, file: "ack.service.address-type-immutable.yaml"},
	ackrules.ServiceAnnotationDependency:       {target: svcWeb, provider: ackrules.Provider, file: "ack.service.annotation-dependency.yaml"},
	ackrules.ServiceBackendQuota:               {target: svcWeb, provider: ackrules.Provider, objs: backendQuotaObjects},
	ackrules.ServiceCLCUSpec:                   {target: svcWeb, provider: ackrules.Provider, file: "ack.service.clcu-spec.yaml"},
	ackrules.ServiceENIFlannel:                 {target: svcWeb, provider: ackrules.Provider, file: "ack.service.eni-flannel.yaml"},
	ackrules.ServiceENISharedSpec:              {target: svcWeb, provider: ackrules.Provider, file: "ack.service.eni-shared-spec.yaml"},
	ackrules.ServiceENIStringTargetPort:        {target: svcWeb, provider: ackrules.Provider, file: "ack.service.eni-string-targetport.yaml"},
	ackrules.ServiceHTTPSToHTTPSBackend:        {target: svcWeb, provider: ackrules.Provider, file: "ack.service.https-to-https-backend.yaml"},
	ackrules.ServiceIgnoredAnnotationValue:     {target: svcWeb, provider: ackrules.Provider, file: "ack.service.ignored-annotation-value.yaml"},
	ackrules.ServiceIntranetLBLoopback:         {target: svcWeb, provider: ackrules.Provider, file: "ack.service.intranet-lb-loopback.yaml"},
	ackrules.ServiceInvalidAnnotation:          {target: svcWeb, provider: ackrules.Provider, file: "ack.service.invalid-annotation.yaml"},
	ackrules.ServiceLBNotFound:                 {target: svcWeb, provider: ackrules.Provider, event: "not able to find loadbalancer named"},
	ackrules.ServiceLBRebind:                   {target: svcWeb, provider: ackrules.Provider, file: "ack.service.lb-rebind.yaml"},
	ackrules.ServiceLegacyAnnotationConflict:   {target: svcWeb, provider: ackrules.Provider, file: "ack.service.legacy-annotation-conflict.yaml"},
	ackrules.ServiceListenerOnNodePort:         {target: svcWeb, provider: ackrules.Provider, file: "ack.service.listener-on-nodeport.yaml"},
	ackrules.ServiceNoAvailableNodes:           {target: svcWeb, provider: ackrules.Provider, file: "ack.service.no-available-nodes.yaml"},
	ackrules.ServiceNodePortLocalPortRange:     {target: svcWeb, provider: ackrules.Provider, file: "ack.service.nodeport-local-port-range.yaml"},
	ackrules.ServiceOldCCMNoEvents:             {target: svcWeb, provider: ackrules.Provider, file: "ack.service.old-ccm-no-events.yaml"},
	ackrules.ServiceOrphanOnDelete:             {target: svcWeb, provider: ackrules.Provider, file: "ack.service.orphan-on-delete.yaml"},
	ackrules.ServicePublicSLBDisabled:          {target: svcWeb, provider: ackrules.Provider, file: "ack.service.public-slb-disabled.yaml"},
	ackrules.ServiceResourceGroupFixed:         {target: svcWeb, provider: ackrules.Provider, file: "ack.service.resource-group-fixed.yaml"},
	ackrules.ServiceResourceGroupImmutable:     {target: svcWeb, provider: ackrules.Provider, file: "ack.service.resource-group-immutable.yaml"},
	ackrules.ServiceReuseCCMLB:                 {target: svcWeb, provider: ackrules.Provider, file: "ack.service.reuse-ccm-lb.yaml"},
	ackrules.ServiceReuseOldCCM:                {target: svcWeb, provider: ackrules.Provider, file: "ack.service.reuse-old-ccm.yaml"},
	ackrules.ServiceReuseWithoutOverride:       {target: svcWeb, provider: ackrules.Provider, file: "ack.service.reuse-without-override.yaml"},
	ackrules.ServiceRollingUpdate503:           {target: svcWeb, provider: ackrules.Provider, file: "ack.service.rolling-update-503.yaml"},
	ackrules.ServiceTypeChangeDeletesLB:        {target: svcWeb, provider: ackrules.Provider, file: "ack.service.type-change-deletes-lb.yaml"},
	ackrules.ServiceUnevenLoad:                 {target: svcWeb, provider: ackrules.Provider, file: "ack.service.uneven-load.yaml"},
	ackrules.ServiceUnknownAnnotation:          {target: svcWeb, provider: ackrules.Provider, file: "ack.service.unknown-annotation.yaml"},
	ackrules.ServiceZoneNotInRegion:            {target: svcWeb, provider: ackrules.Provider, file: "ack.service.zone-not-in-region.yaml"},
	rules.GenericIngressNoEvents:               {target: ingBar, provider: tkerules.Provider, file: "generic.ingress.no-events.yaml"},
	rules.GenericIngressOtherController:        {target: ingBar, provider: tkerules.Provider, file: "generic.ingress.other-controller.yaml"},
	rules.GenericIngressProviderConflict:       {target: ingBar, provider: tkerules.Provider, file: "generic.ingress.provider-conflict.yaml"},
	rules.GenericIngressUnmatchedWarning:       {target: ingBar, provider: rules.Generic, event: "failed to ensure the load balancer: something no rule names"},
	rules.GenericServiceEndpointsNotReady:      {target: svcWeb, provider: rules.Generic, file: "generic.service.endpoints-not-ready.yaml"},
	rules.GenericServiceExternalTrafficLocal:   {target: svcWeb, provider: rules.Generic, file: "generic.service.external-traffic-local.yaml"},
	rules.GenericServiceNoEndpoints:            {target: svcWeb, provider: tkerules.Provider, file: "generic.service.no-endpoints.yaml"},
	rules.GenericServiceNoEvents:               {target: svcWeb, provider: rules.Generic, file: "generic.service.no-events.yaml"},
	rules.GenericServiceNoSelector:             {target: svcWeb, provider: rules.Generic, file: "generic.service.no-selector.yaml"},
	rules.GenericServicePortInvalid:            {target: svcWeb, provider: rules.Generic, file: "generic.service.port-invalid.yaml"},
	rules.GenericServiceProviderConflict:       {target: svcWeb, provider: tkerules.Provider, file: "generic.service.provider-conflict.yaml"},
	rules.GenericServiceUnmatchedWarning:       {target: svcWeb, provider: rules.Generic, event: "failed to ensure the load balancer: something no rule names"},
	tkerules.IngressE4000:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4000"},
	tkerules.IngressE4003:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4003"},
	tkerules.IngressE4004:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4004"},
	tkerules.IngressE4005:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4005"},
	tkerules.IngressE4006:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4006"},
	tkerules.IngressE4007:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4007.yaml"},
	tkerules.IngressE4008:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4008"},
	tkerules.IngressE4009:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4009.yaml"},
	tkerules.IngressE4010:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4010.yaml"},
	tkerules.IngressE4011:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4011.yaml"},
	tkerules.IngressE4012:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4012"},
	tkerules.IngressE4013:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4013.yaml"},
	tkerules.IngressE4017:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4017"},
	tkerules.IngressE4018:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4018"},
	tkerules.IngressE4019:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4019.yaml"},
	tkerules.IngressE4020:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4020.yaml"},
	tkerules.IngressE4021:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4021"},
	tkerules.IngressE4022:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4022.yaml"},
	tkerules.IngressE4023:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4023.yaml"},
	tkerules.IngressE4024:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4024"},
	tkerules.IngressE4025:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4025"},
	tkerules.IngressE4026:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4026.yaml"},
	tkerules.IngressE4027:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4027"},
	tkerules.IngressE4030:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4030"},
	tkerules.IngressE4031:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4031.yaml"},
	tkerules.IngressE4032:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4032.yaml"},
	tkerules.IngressE4033:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4033"},
	tkerules.IngressE4034:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4034.yaml"},
	tkerules.IngressE4035:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4035.yaml"},
	tkerules.IngressE4036:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4036"},
	tkerules.IngressE4037:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4037.yaml"},
	tkerules.IngressE4038:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4038 Certificate Type Error"},
	tkerules.IngressE4038Expired:               {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4038 Certificate Out of Date"},
	tkerules.IngressE4039:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4039"},
	tkerules.IngressE4040:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4040.yaml"},
	tkerules.IngressE4041:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4041.yaml"},
	tkerules.IngressE4042:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4042.yaml"},
	tkerules.IngressE4043:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4043.yaml"},
	tkerules.IngressE4044:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4044.yaml"},
	tkerules.IngressE4045:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4045.yaml"},
	tkerules.IngressE4046:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4046.yaml"},
	tkerules.IngressE4047:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4047.yaml"},
	tkerules.IngressE4048:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4048.yaml"},
	tkerules.IngressE4049:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4049.yaml"},
	tkerules.IngressE4050:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4050.yaml"},
	tkerules.IngressE4051:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4051.yaml"},
	tkerules.IngressE4052:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4052.yaml"},
	tkerules.IngressE4053:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4053"},
	tkerules.IngressE4054:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4054"},
	tkerules.IngressE4055:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4055.yaml"},
	tkerules.IngressE4060:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4060"},
	tkerules.IngressE4066:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4066"},
	tkerules.IngressE4068:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4068"},
	tkerules.IngressE4071:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4071"},
	tkerules.IngressE4074:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4074"},
	tkerules.IngressE4081:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4081"},
	tkerules.IngressE4082:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4082.yaml"},
	tkerules.IngressE4084:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4084"},
	tkerules.IngressE4091:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E4091"},
	tkerules.IngressE4098:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4098.yaml"},
	tkerules.IngressE4101:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E4101.yaml"},
	tkerules.IngressE5003:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E5003"},
	tkerules.IngressE5004:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E5004"},
	tkerules.IngressE5005:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E5005"},
	tkerules.IngressE5007:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E5007"},
	tkerules.IngressE5008:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E5008"},
	tkerules.IngressE5009:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E5009"},
	tkerules.IngressE6001:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E6001.yaml"},
	tkerules.IngressE6002:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E6002.yaml"},
	tkerules.IngressE6006:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E6006"},
	tkerules.IngressE6007:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: E6007"},
	tkerules.IngressE6009:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.E6009.yaml"},
	tkerules.IngressW1000:                      {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.W1000.yaml"},
	tkerules.IngressW1001:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: W1001"},
	tkerules.IngressW1002:                      {target: ingBar, provider: tkerules.Provider, event: "ErrorCode: W1002"},
	tkerules.IngressAPIHostAliases:             {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.api-host-aliases.yaml"},
	tkerules.IngressCLBLoopback:                {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.clb-loopback.yaml"},
	tkerules.IngressInvalidAnnotationValue:     {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.invalid-annotation-value.yaml"},
	tkerules.IngressConfigConflict:             {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.service-config-conflict.yaml"},
	tkerules.ServiceE4001:                      {target: svcWeb, provider: tkerules.Provider, event: "ErrorCode: E4001"},
	tkerules.ServiceE4004:                      {target: svcWeb, provider: tkerules.Provider, event: "ErrorCode: E4004"},
	tkerules.ServiceE4005:                      {target: svcWeb, provider: tkerules.Provider, file: "tke.service.E4005.yaml"},
	tkerules.ServiceE4008:                      {target: svcWeb, provider: tkerules.Provider, event: "ErrorCode: E4008"},
	tkerules.ServiceE4009:                      {target: svcWeb, provider: tkerules.Provider, event: "ErrorCode: E4009"},
	tkerules.ServiceE4011:                      {target: svcWeb, provider: tkerules.Provider, file: "tke.service.E4011.yaml"},
	tkerules.ServiceE4012:                      {target: svcWeb, provider: tkerules.Provider, file: "tke.service.E4012.yaml"},
	tkerules.ServiceE4013:                      {target: svcWeb, provider: tkerules.Provider, event: "ErrorCode: E4013"},
	tkerules.ServiceE4014:                      {target: svcWeb, provider: tkerules.Provider, file: "tke.service.E4014.yaml"},
	tkerules.ServiceConfigUnknownField:         {target: svcWeb, provider: tkerules.Provider, file: "tke.service.serviceconfig-unknown-field.yaml"},
	tkerules.ServiceConfigInvalidValue:         {target: svcWeb, provider: tkerules.Provider, file: "tke.service.serviceconfig-invalid-value.yaml"},
	tkerules.IngressConfigUnknownField:         {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.serviceconfig-unknown-field.yaml"},
	tkerules.IngressConfigInvalidValue:         {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.serviceconfig-invalid-value.yaml"},
	tkerules.ServicePortTakenByIngress:         {target: svcWeb, provider: tkerules.Provider, file: "tke.service.port-taken-by-ingress.yaml"},
	tkerules.ServiceOnGroupedCLB:               {target: svcWeb, provider: tkerules.Provider, file: "tke.service.on-grouped-clb.yaml"},
	tkerules.ServiceProtocolSecretMissing:      {target: svcWeb, provider: tkerules.Provider, file: "tke.service.protocol-secret-missing.yaml"},
	tkerules.ServiceProtocolSecretNoCert:       {target: svcWeb, provider: tkerules.Provider, file: "tke.service.protocol-secret-no-cert.yaml"},
	tkerules.ServiceE4016:                      {target: svcWeb, provider: tkerules.Provider, event: "ErrorCode: E4016"},
	tkerules.ServiceE4026:                      {target: svcWeb, provider: tkerules.Provider, file: "tke.service.E4026.yaml"},
	tkerules.ServiceE4033:                      {target: svcWeb, provider: tkerules.Provider, file: "tke.service.E4033.yaml"},
	tkerules.ServiceE4036:                      {target: svcWeb, provider: tkerules.Provider, event: "ErrorCode: E4036"},
	tkerules.ServiceE4037:                      {target: svcWeb, provider: tkerules.Provider, file: "tke.service.E4037.yaml"},
	tkerules.ServiceE4062:                      {target: svcWeb, provider: tkerules.Provider, event: "ErrorCode: E4062"},
	tkerules.ServiceE4075:                      {target: svcWeb, provider: tkerules.Provider, file: "tke.service.E4075.yaml"},
	tkerules.ServiceBackendsLabelInvalid:       {target: svcWeb, provider: tkerules.Provider, file: "tke.service.backends-label-invalid.yaml"},
	tkerules.ServiceBackendsLabelNoNodes:       {target: svcWeb, provider: tkerules.Provider, file: "tke.service.backends-label-no-nodes.yaml"},
	tkerules.ServiceCLBLoopback:                {target: svcWeb, provider: tkerules.Provider, file: "tke.service.clb-loopback.yaml"},
	tkerules.ServiceInvalidAnnotationValue:     {target: svcWeb, provider: tkerules.Provider, file: "tke.service.invalid-annotation-value.yaml"},
	tkerules.ServiceInvalidBool:                {target: svcWeb, provider: tkerules.Provider, file: "tke.service.invalid-bool.yaml"},
	tkerules.ServiceUnknownAnnotation:          {target: svcWeb, provider: tkerules.Provider, file: "tke.service.unknown-annotation.yaml"},
	tkerules.IngressUnknownAnnotation:          {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.unknown-annotation.yaml"},
	tkerules.ServiceInvalidVPCID:               {target: svcWeb, provider: tkerules.Provider, file: "tke.service.invalid-vpc-id.yaml"},
	tkerules.ServiceIPMasqAgent:                {target: svcWeb, provider: tkerules.Provider, file: "tke.service.ip-masq-agent.yaml"},
	tkerules.ServiceNginxGracefulShutdown:      {target: svcWeb, provider: tkerules.Provider, file: "tke.service.nginx-graceful-shutdown.yaml"},
	tkerules.ServiceConfigConflict:             {target: svcWeb, provider: tkerules.Provider, file: "tke.service.service-config-conflict.yaml"},
	ackrules.ServiceFixedAtCreation:            {target: svcWeb, provider: ackrules.Provider, file: "ack.service.fixed-at-creation.yaml"},
	ackrules.ServiceChangeIgnored:              {target: svcWeb, provider: ackrules.Provider, file: "ack.service.change-ignored.yaml"},
	ackrules.ServiceReusedPortTaken:            {target: svcWeb, provider: ackrules.Provider, file: "ack.service.reused-port-taken.yaml"},
	ackrules.ServiceReuseRemoved:               {target: svcWeb, provider: ackrules.Provider, file: "ack.service.reuse-removed.yaml"},
	ackrules.ServiceChangeDeletesLB:            {target: svcWeb, provider: ackrules.Provider, file: "ack.service.change-deletes-lb.yaml"},
	ackrules.ServiceReusedListenersRemoved:     {target: svcWeb, provider: ackrules.Provider, file: "ack.service.reused-listeners-removed.yaml"},
	ackrules.ServiceBackendChange:              {target: svcWeb, provider: ackrules.Provider, file: "ack.service.backend-change.yaml"},
	tkerules.ServiceCLBSwitchRefused:           {target: svcWeb, provider: tkerules.Provider, file: "tke.service.clb-switch-refused.yaml"},
	tkerules.ServiceChangeDeletesLB:            {target: svcWeb, provider: tkerules.Provider, file: "tke.service.change-deletes-lb.yaml"},
	tkerules.ServiceReusedListenersRemoved:     {target: svcWeb, provider: tkerules.Provider, file: "tke.service.reused-listeners-removed.yaml"},
	tkerules.ServiceBackendChange:              {target: svcWeb, provider: tkerules.Provider, file: "tke.service.backend-change.yaml"},
	rules.GenericServiceTrafficPolicyChange:    {target: svcWeb, provider: ackrules.Provider, file: "generic.service.traffic-policy-change.yaml"},
	rules.GenericServiceTypeChangeDeletesLB:    {target: svcWeb, provider: rules.Generic, file: "generic.service.type-change-deletes-lb.yaml"},
	rules.GenericServiceLBClassImmutable:       {target: svcWeb, provider: rules.Generic, file: "generic.service.lb-class-immutable.yaml"},
	rules.GenericServicePortRemovedInUse:       {target: svcWeb, provider: rules.Generic, file: "generic.service.port-removed-in-use.yaml"},
	rules.GenericServiceSelectorChange:         {target: svcWeb, provider: tkerules.Provider, file: "generic.service.selector-change.yaml"},
	tkerules.IngressChangeDeletesLB:            {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.change-deletes-lb.yaml"},
	tkerules.IngressGroupWithService: {target: ingBar, provider: tkerules.Provider, objs: func() []runtime.Object {
		return objs(grouped("bar", ns, "a.example.com"), service("other", corev1.ServiceTypeLoadBalancer, svcAnn(tkeann.ExistedLBID, "lb-4ymlu8dc")))
	}},
	tkerules.IngressGroupRuleConflict: {target: ingBar, provider: tkerules.Provider, objs: func() []runtime.Object {
		return objs(grouped("bar", ns, "a.example.com"), grouped("other", ns, "a.example.com"))
	}},
	tkerules.IngressGroupCrowded: {target: ingBar, provider: tkerules.Provider, objs: groupCrowdObjects},
	tkerules.IngressGroupUnsupported: {target: ingBar, provider: tkerules.Provider, objs: func() []runtime.Object {
		return objs(grouped("bar", ns, "a.example.com"), mergedController("v2.9.3", "true"))
	}},
	tkerules.IngressGroupAfterCreation:   {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.group-after-creation.yaml"},
	tkerules.IngressHTTPSListenerRemoved: {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.https-listener-removed.yaml"},
	tkerules.IngressTLSMovesHTTPRules:    {target: ingBar, provider: tkerules.Provider, file: "tke.ingress.tls-moves-http-rules.yaml"},
	rules.GenericIngressBackendsChange:   {target: ingBar, provider: ackrules.Provider, file: "generic.ingress.backends-change.yaml"},
})

// backendQuotaObjects: a Service alone on 201 nodes in Cluster mode, over the CLB's 200 backends.
func backendQuotaObjects() []runtime.Object {
	svc := ackSvc(m("id", "lb-bp1o94dp5i6earr9g6d1l", "force-override-listeners", "true"))
	return append(objs(svc, fxPod("web-1", "a000", true), sibling("api", m("id", "lb-bp1o94dp5i6earr9g6d1l"))), poolNodes("a", 201)...)
}

// TestEveryRuleEmitted: each catalog rule has a fixture in emissions, and running every check on it
// reports the rule; a rule some check declares (other than the events check, whose findings are
// events) is reported by a check, not by an event alone.
func TestEveryRuleEmitted(t *testing.T) {
	byCheck := map[rules.ID]bool{}
	for _, c := range DefaultSuite().Checks() {
		if c.Name == "events" {
			continue
		}
		for _, id := range c.Emits {
			byCheck[id] = true
		}
	}
	files := map[string]bool{}
	for _, r := range rules.All() {
		t.Run(r.ID.String(), func(t *testing.T) {
			e, ok := emissions[r.ID]
			if !ok {
				t.Fatalf("no emission fixture: add one to emissions")
			}
			if set := btoi(e.file != "") + btoi(e.objs != nil) + btoi(e.event != ""); set != 1 {
				t.Fatalf("fixture sets %d of file, objs and event, want one", set)
			}
			if byCheck[r.ID] && e.event != "" {
				t.Fatalf("a check declares the rule: its fixture must be objects the check reads, not an event")
			}
			if e.file != "" {
				files[e.file] = true
			}
			res := diagnose(t, emissionSnapshot(t, e), e.target.kind, e.target.name, e.provider)
			var got []Finding
			for _, f := range res.Findings {
				got = append(got, f)
				got = append(got, f.Consequences...)
			}
			i := slices.IndexFunc(got, func(f Finding) bool {
				return f.Rule == r.ID && (e.event != "" || f.Source != SourceEvent)
			})
			if i < 0 {
				t.Fatalf("the fixture does not make %s appear; got %+v, skipped %+v", r.ID, got, res.Skipped)
			}
		})
	}
	entries, err := os.ReadDir(filepath.Join("testdata", "emission"))
	if err != nil {
		t.Fatal(err)
	}
	for _, de := range entries {
		if de.IsDir() {
			continue
		}
		if !files[de.Name()] {
			t.Errorf("testdata/emission/%s is no rule's fixture", de.Name())
		}
	}
}

// emissionSnapshot is the snapshot of fixture e: its objects and, for a change rule whose file has
// a prior/ twin, the target as it is now.
func emissionSnapshot(t *testing.T, e emission) *snapshot.Snapshot {
	t.Helper()
	var o []runtime.Object
	var priorFile string
	switch {
	case e.file != "":
		o = decodeObjects(t, filepath.Join("testdata", "emission", e.file))
		priorFile = filepath.Join("testdata", "emission", "prior", e.file)
	case e.objs != nil:
		o = e.objs()
	default:
		o = eventFixture(e)
	}
	snap := fixture(t, o...)
	if e.cloud != nil {
		f := cloudWorld(e.provider, e.target.kind)
		e.cloud(f)
		snap.Clouds = map[string]*cloud.Facts{string(e.provider): f}
	}
	if priorFile != "" {
		if _, err := os.Stat(priorFile); err == nil {
			// A change rule: the fixture is the target as it will be, prior/ holds it now.
			prior := decodeObjects(t, priorFile)
			snap.SetPrior(snapshot.Target{Kind: e.target.kind, Namespace: ns, Name: e.target.name}, prior[0])
		}
	}
	return snap
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// eventFixture is the target alone with one Warning event of message e.event about it.
func eventFixture(e emission) []runtime.Object {
	t0 := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
	if e.target.kind == snapshot.KindIngress {
		return objs(ingress(), event("e", "Ingress", e.target.name, corev1.EventTypeWarning, e.event, 1, t0))
	}
	svc := lbSvc()
	if e.provider == ackrules.Provider {
		svc = ackSvc(nil)
	}
	return objs(svc, event("e", "Service", e.target.name, corev1.EventTypeWarning, e.event, 1, t0))
}
