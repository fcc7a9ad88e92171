package checks

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/yaml"

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
}

// emissions proves every rule of the catalog can be reported: a rule a check declares is emitted by
// that check from the objects (its fixture is file or objs), an event-only rule by its event.
var emissions = map[rules.ID]emission{
	rules.ACKServiceNetworkConflict:            {target: svcWeb, provider: rules.ACK, event: "NetworkConflict"},
	rules.ACKServiceOrderArrearage:             {target: svcWeb, provider: rules.ACK, event: "ORDER.ARREARAGE"},
	rules.ACKServicePayInsufficientBalance:     {target: svcWeb, provider: rules.ACK, event: "PAY.INSUFFICIENT_BALANCE"},
	rules.ACKServiceRspoolVIPExist:             {target: svcWeb, provider: rules.ACK, event: "RspoolVipExist"},
	rules.ACKServiceShareSLBHaltSales:          {target: svcWeb, provider: rules.ACK, event: "ShareSlbHaltSales"},
	rules.ACKServiceThrottling:                 {target: svcWeb, provider: rules.ACK, event: "Code: Throttling"},
	rules.ACKServiceVSwitchAvailableIPNotExist: {target: svcWeb, provider: rules.ACK, event: "VSwitchAvailableIpNotExist"},
	rules.ACKServiceAddressTypeImmutable:       {target: svcWeb, provider: rules.ACK, file: "ack.service.address-type-immutable.yaml"},
	rules.ACKServiceAnnotationDependency:       {target: svcWeb, provider: rules.ACK, file: "ack.service.annotation-dependency.yaml"},
	rules.ACKServiceBackendQuota:               {target: svcWeb, provider: rules.ACK, objs: backendQuotaObjects},
	rules.ACKServiceCLCUSpec:                   {target: svcWeb, provider: rules.ACK, file: "ack.service.clcu-spec.yaml"},
	rules.ACKServiceENIFlannel:                 {target: svcWeb, provider: rules.ACK, file: "ack.service.eni-flannel.yaml"},
	rules.ACKServiceENISharedSpec:              {target: svcWeb, provider: rules.ACK, file: "ack.service.eni-shared-spec.yaml"},
	rules.ACKServiceENIStringTargetPort:        {target: svcWeb, provider: rules.ACK, file: "ack.service.eni-string-targetport.yaml"},
	rules.ACKServiceHTTPSToHTTPSBackend:        {target: svcWeb, provider: rules.ACK, file: "ack.service.https-to-https-backend.yaml"},
	rules.ACKServiceIgnoredAnnotationValue:     {target: svcWeb, provider: rules.ACK, file: "ack.service.ignored-annotation-value.yaml"},
	rules.ACKServiceIntranetLBLoopback:         {target: svcWeb, provider: rules.ACK, file: "ack.service.intranet-lb-loopback.yaml"},
	rules.ACKServiceInvalidAnnotation:          {target: svcWeb, provider: rules.ACK, file: "ack.service.invalid-annotation.yaml"},
	rules.ACKServiceLBNotFound:                 {target: svcWeb, provider: rules.ACK, event: "not able to find loadbalancer named"},
	rules.ACKServiceLBRebind:                   {target: svcWeb, provider: rules.ACK, file: "ack.service.lb-rebind.yaml"},
	rules.ACKServiceLegacyAnnotationConflict:   {target: svcWeb, provider: rules.ACK, file: "ack.service.legacy-annotation-conflict.yaml"},
	rules.ACKServiceListenerOnNodePort:         {target: svcWeb, provider: rules.ACK, file: "ack.service.listener-on-nodeport.yaml"},
	rules.ACKServiceNoAvailableNodes:           {target: svcWeb, provider: rules.ACK, file: "ack.service.no-available-nodes.yaml"},
	rules.ACKServiceNodePortLocalPortRange:     {target: svcWeb, provider: rules.ACK, file: "ack.service.nodeport-local-port-range.yaml"},
	rules.ACKServiceOldCCMNoEvents:             {target: svcWeb, provider: rules.ACK, file: "ack.service.old-ccm-no-events.yaml"},
	rules.ACKServiceOrphanOnDelete:             {target: svcWeb, provider: rules.ACK, file: "ack.service.orphan-on-delete.yaml"},
	rules.ACKServicePublicSLBDisabled:          {target: svcWeb, provider: rules.ACK, file: "ack.service.public-slb-disabled.yaml"},
	rules.ACKServiceResourceGroupFixed:         {target: svcWeb, provider: rules.ACK, file: "ack.service.resource-group-fixed.yaml"},
	rules.ACKServiceResourceGroupImmutable:     {target: svcWeb, provider: rules.ACK, file: "ack.service.resource-group-immutable.yaml"},
	rules.ACKServiceReuseCCMLB:                 {target: svcWeb, provider: rules.ACK, file: "ack.service.reuse-ccm-lb.yaml"},
	rules.ACKServiceReuseOldCCM:                {target: svcWeb, provider: rules.ACK, file: "ack.service.reuse-old-ccm.yaml"},
	rules.ACKServiceReuseWithoutOverride:       {target: svcWeb, provider: rules.ACK, file: "ack.service.reuse-without-override.yaml"},
	rules.ACKServiceRollingUpdate503:           {target: svcWeb, provider: rules.ACK, file: "ack.service.rolling-update-503.yaml"},
	rules.ACKServiceTypeChangeDeletesLB:        {target: svcWeb, provider: rules.ACK, file: "ack.service.type-change-deletes-lb.yaml"},
	rules.ACKServiceUnevenLoad:                 {target: svcWeb, provider: rules.ACK, file: "ack.service.uneven-load.yaml"},
	rules.ACKServiceUnknownAnnotation:          {target: svcWeb, provider: rules.ACK, file: "ack.service.unknown-annotation.yaml"},
	rules.ACKServiceZoneNotInRegion:            {target: svcWeb, provider: rules.ACK, file: "ack.service.zone-not-in-region.yaml"},
	rules.GenericIngressNoEvents:               {target: ingBar, provider: rules.TKE, file: "generic.ingress.no-events.yaml"},
	rules.GenericIngressOtherController:        {target: ingBar, provider: rules.TKE, file: "generic.ingress.other-controller.yaml"},
	rules.GenericIngressProviderConflict:       {target: ingBar, provider: rules.TKE, file: "generic.ingress.provider-conflict.yaml"},
	rules.GenericIngressUnmatchedWarning:       {target: ingBar, provider: rules.Generic, event: "failed to ensure the load balancer: something no rule names"},
	rules.GenericServiceEndpointsNotReady:      {target: svcWeb, provider: rules.Generic, file: "generic.service.endpoints-not-ready.yaml"},
	rules.GenericServiceExternalTrafficLocal:   {target: svcWeb, provider: rules.Generic, file: "generic.service.external-traffic-local.yaml"},
	rules.GenericServiceNoEndpoints:            {target: svcWeb, provider: rules.TKE, file: "generic.service.no-endpoints.yaml"},
	rules.GenericServiceNoEvents:               {target: svcWeb, provider: rules.Generic, file: "generic.service.no-events.yaml"},
	rules.GenericServiceNoSelector:             {target: svcWeb, provider: rules.Generic, file: "generic.service.no-selector.yaml"},
	rules.GenericServiceProviderConflict:       {target: svcWeb, provider: rules.TKE, file: "generic.service.provider-conflict.yaml"},
	rules.GenericServiceUnmatchedWarning:       {target: svcWeb, provider: rules.Generic, event: "failed to ensure the load balancer: something no rule names"},
	rules.TKEIngressE4000:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4000"},
	rules.TKEIngressE4003:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4003"},
	rules.TKEIngressE4004:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4004"},
	rules.TKEIngressE4005:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4005"},
	rules.TKEIngressE4006:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4006"},
	rules.TKEIngressE4007:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4007.yaml"},
	rules.TKEIngressE4008:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4008"},
	rules.TKEIngressE4009:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4009.yaml"},
	rules.TKEIngressE4010:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4010.yaml"},
	rules.TKEIngressE4011:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4011.yaml"},
	rules.TKEIngressE4012:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4012"},
	rules.TKEIngressE4013:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4013.yaml"},
	rules.TKEIngressE4017:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4017"},
	rules.TKEIngressE4018:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4018"},
	rules.TKEIngressE4019:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4019.yaml"},
	rules.TKEIngressE4020:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4020.yaml"},
	rules.TKEIngressE4021:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4021"},
	rules.TKEIngressE4022:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4022.yaml"},
	rules.TKEIngressE4023:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4023.yaml"},
	rules.TKEIngressE4024:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4024"},
	rules.TKEIngressE4025:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4025"},
	rules.TKEIngressE4026:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4026.yaml"},
	rules.TKEIngressE4027:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4027"},
	rules.TKEIngressE4030:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4030"},
	rules.TKEIngressE4031:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4031.yaml"},
	rules.TKEIngressE4032:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4032.yaml"},
	rules.TKEIngressE4033:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4033"},
	rules.TKEIngressE4034:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4034.yaml"},
	rules.TKEIngressE4035:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4035.yaml"},
	rules.TKEIngressE4036:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4036"},
	rules.TKEIngressE4037:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4037.yaml"},
	rules.TKEIngressE4038:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4038 Certificate Type Error"},
	rules.TKEIngressE4038Expired:               {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4038 Certificate Out of Date"},
	rules.TKEIngressE4039:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4039"},
	rules.TKEIngressE4040:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4040.yaml"},
	rules.TKEIngressE4041:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4041.yaml"},
	rules.TKEIngressE4042:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4042.yaml"},
	rules.TKEIngressE4043:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4043.yaml"},
	rules.TKEIngressE4044:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4044.yaml"},
	rules.TKEIngressE4045:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4045.yaml"},
	rules.TKEIngressE4046:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4046.yaml"},
	rules.TKEIngressE4047:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4047.yaml"},
	rules.TKEIngressE4048:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4048.yaml"},
	rules.TKEIngressE4049:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4049.yaml"},
	rules.TKEIngressE4050:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4050.yaml"},
	rules.TKEIngressE4051:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4051.yaml"},
	rules.TKEIngressE4052:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4052.yaml"},
	rules.TKEIngressE4053:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4053"},
	rules.TKEIngressE4054:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4054"},
	rules.TKEIngressE4055:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4055.yaml"},
	rules.TKEIngressE4060:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4060"},
	rules.TKEIngressE4066:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4066"},
	rules.TKEIngressE4068:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4068"},
	rules.TKEIngressE4071:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4071"},
	rules.TKEIngressE4074:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4074"},
	rules.TKEIngressE4081:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4081"},
	rules.TKEIngressE4082:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4082.yaml"},
	rules.TKEIngressE4084:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4084"},
	rules.TKEIngressE4091:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E4091"},
	rules.TKEIngressE4098:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4098.yaml"},
	rules.TKEIngressE4101:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E4101.yaml"},
	rules.TKEIngressE5003:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E5003"},
	rules.TKEIngressE5004:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E5004"},
	rules.TKEIngressE5005:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E5005"},
	rules.TKEIngressE5007:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E5007"},
	rules.TKEIngressE5008:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E5008"},
	rules.TKEIngressE5009:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E5009"},
	rules.TKEIngressE6001:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E6001.yaml"},
	rules.TKEIngressE6002:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E6002.yaml"},
	rules.TKEIngressE6006:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E6006"},
	rules.TKEIngressE6007:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: E6007"},
	rules.TKEIngressE6009:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.E6009.yaml"},
	rules.TKEIngressW1000:                      {target: ingBar, provider: rules.TKE, file: "tke.ingress.W1000.yaml"},
	rules.TKEIngressW1001:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: W1001"},
	rules.TKEIngressW1002:                      {target: ingBar, provider: rules.TKE, event: "ErrorCode: W1002"},
	rules.TKEIngressAPIHostAliases:             {target: ingBar, provider: rules.TKE, file: "tke.ingress.api-host-aliases.yaml"},
	rules.TKEIngressCLBLoopback:                {target: ingBar, provider: rules.TKE, file: "tke.ingress.clb-loopback.yaml"},
	rules.TKEIngressInvalidAnnotationValue:     {target: ingBar, provider: rules.TKE, file: "tke.ingress.invalid-annotation-value.yaml"},
	rules.TKEIngressConfigConflict:             {target: ingBar, provider: rules.TKE, file: "tke.ingress.service-config-conflict.yaml"},
	rules.TKEServiceE4001:                      {target: svcWeb, provider: rules.TKE, event: "ErrorCode: E4001"},
	rules.TKEServiceE4004:                      {target: svcWeb, provider: rules.TKE, event: "ErrorCode: E4004"},
	rules.TKEServiceE4005:                      {target: svcWeb, provider: rules.TKE, file: "tke.service.E4005.yaml"},
	rules.TKEServiceE4008:                      {target: svcWeb, provider: rules.TKE, event: "ErrorCode: E4008"},
	rules.TKEServiceE4009:                      {target: svcWeb, provider: rules.TKE, event: "ErrorCode: E4009"},
	rules.TKEServiceE4011:                      {target: svcWeb, provider: rules.TKE, file: "tke.service.E4011.yaml"},
	rules.TKEServiceE4012:                      {target: svcWeb, provider: rules.TKE, file: "tke.service.E4012.yaml"},
	rules.TKEServiceE4013:                      {target: svcWeb, provider: rules.TKE, event: "ErrorCode: E4013"},
	rules.TKEServiceE4014:                      {target: svcWeb, provider: rules.TKE, file: "tke.service.E4014.yaml"},
	rules.TKEServiceE4016:                      {target: svcWeb, provider: rules.TKE, event: "ErrorCode: E4016"},
	rules.TKEServiceE4026:                      {target: svcWeb, provider: rules.TKE, file: "tke.service.E4026.yaml"},
	rules.TKEServiceE4033:                      {target: svcWeb, provider: rules.TKE, file: "tke.service.E4033.yaml"},
	rules.TKEServiceE4036:                      {target: svcWeb, provider: rules.TKE, event: "ErrorCode: E4036"},
	rules.TKEServiceE4037:                      {target: svcWeb, provider: rules.TKE, file: "tke.service.E4037.yaml"},
	rules.TKEServiceE4062:                      {target: svcWeb, provider: rules.TKE, event: "ErrorCode: E4062"},
	rules.TKEServiceE4075:                      {target: svcWeb, provider: rules.TKE, file: "tke.service.E4075.yaml"},
	rules.TKEServiceBackendsLabelInvalid:       {target: svcWeb, provider: rules.TKE, file: "tke.service.backends-label-invalid.yaml"},
	rules.TKEServiceBackendsLabelNoNodes:       {target: svcWeb, provider: rules.TKE, file: "tke.service.backends-label-no-nodes.yaml"},
	rules.TKEServiceCLBLoopback:                {target: svcWeb, provider: rules.TKE, file: "tke.service.clb-loopback.yaml"},
	rules.TKEServiceInvalidAnnotationValue:     {target: svcWeb, provider: rules.TKE, file: "tke.service.invalid-annotation-value.yaml"},
	rules.TKEServiceInvalidBool:                {target: svcWeb, provider: rules.TKE, file: "tke.service.invalid-bool.yaml"},
	rules.TKEServiceInvalidVPCID:               {target: svcWeb, provider: rules.TKE, file: "tke.service.invalid-vpc-id.yaml"},
	rules.TKEServiceIPMasqAgent:                {target: svcWeb, provider: rules.TKE, file: "tke.service.ip-masq-agent.yaml"},
	rules.TKEServiceNginxGracefulShutdown:      {target: svcWeb, provider: rules.TKE, file: "tke.service.nginx-graceful-shutdown.yaml"},
	rules.TKEServiceConfigConflict:             {target: svcWeb, provider: rules.TKE, file: "tke.service.service-config-conflict.yaml"},
	rules.ACKServiceFixedAtCreation:            {target: svcWeb, provider: rules.ACK, file: "ack.service.fixed-at-creation.yaml"},
	rules.ACKServiceReuseRemoved:               {target: svcWeb, provider: rules.ACK, file: "ack.service.reuse-removed.yaml"},
	rules.ACKServiceChangeDeletesLB:            {target: svcWeb, provider: rules.ACK, file: "ack.service.change-deletes-lb.yaml"},
	rules.ACKServiceReusedListenersRemoved:     {target: svcWeb, provider: rules.ACK, file: "ack.service.reused-listeners-removed.yaml"},
	rules.ACKServiceBackendChange:              {target: svcWeb, provider: rules.ACK, file: "ack.service.backend-change.yaml"},
	rules.TKEServiceCLBSwitchRefused:           {target: svcWeb, provider: rules.TKE, file: "tke.service.clb-switch-refused.yaml"},
	rules.TKEServiceChangeDeletesLB:            {target: svcWeb, provider: rules.TKE, file: "tke.service.change-deletes-lb.yaml"},
	rules.TKEServiceReusedListenersRemoved:     {target: svcWeb, provider: rules.TKE, file: "tke.service.reused-listeners-removed.yaml"},
	rules.TKEServiceBackendChange:              {target: svcWeb, provider: rules.TKE, file: "tke.service.backend-change.yaml"},
	rules.GenericServiceTrafficPolicyChange:    {target: svcWeb, provider: rules.ACK, file: "generic.service.traffic-policy-change.yaml"},
	rules.GenericServiceSelectorChange:         {target: svcWeb, provider: rules.TKE, file: "generic.service.selector-change.yaml"},
	rules.TKEIngressChangeDeletesLB:            {target: ingBar, provider: rules.TKE, file: "tke.ingress.change-deletes-lb.yaml"},
	rules.TKEIngressGroupAfterCreation:         {target: ingBar, provider: rules.TKE, file: "tke.ingress.group-after-creation.yaml"},
	rules.TKEIngressHTTPSListenerRemoved:       {target: ingBar, provider: rules.TKE, file: "tke.ingress.https-listener-removed.yaml"},
	rules.GenericIngressBackendsChange:         {target: ingBar, provider: rules.ACK, file: "generic.ingress.backends-change.yaml"},
}

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
	for _, c := range All() {
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
	if e.provider == rules.ACK {
		svc = ackSvc(nil)
	}
	return objs(svc, event("e", "Service", e.target.name, corev1.EventTypeWarning, e.event, 1, t0))
}

// decodeObjects reads the YAML documents of path as typed objects (unstructured for custom resources).
func decodeObjects(t *testing.T, path string) []runtime.Object {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []runtime.Object
	for _, doc := range bytes.Split(data, []byte("\n---\n")) {
		if len(bytes.TrimSpace(doc)) == 0 || bytes.HasPrefix(bytes.TrimSpace(doc), []byte("#")) && !bytes.Contains(doc, []byte("kind:")) {
			continue
		}
		o, gvk, err := scheme.Codecs.UniversalDeserializer().Decode(doc, nil, nil)
		if err == nil {
			out = append(out, o)
			continue
		}
		if gvk == nil || runtime.IsNotRegisteredError(err) {
			u := &unstructured.Unstructured{}
			if err := yaml.Unmarshal(doc, &u.Object); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			if u.GroupVersionKind() == (schema.GroupVersionKind{}) {
				t.Fatalf("%s: a document without apiVersion and kind", path)
			}
			out = append(out, u)
			continue
		}
		t.Fatalf("%s: %v", path, err)
	}
	return out
}
