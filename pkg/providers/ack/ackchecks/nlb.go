package ackchecks

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// NLB Services (loadBalancerClass alibabacloud.com/nlb) are reconciled by CCM's nlbv2 controller,
// which reads a different set of the shared-prefix annotations than the CLB controller, with other
// domains. Sources: kubernetes/cloud-provider-alibaba-cloud pkg/controller/service/nlbv2
// (loadbalancer.go BuildLocalModel, listeners.go buildListenerFromServicePort, server_groups.go
// setServerGroupAttributeFromAnno) and pkg/model/nlb/nlb.go; docs/annotation-domains.md.

// nlbFlag is an on/off annotation the NLB controller compares with "on" in any case
// (strings.EqualFold): every other value turns the feature off.
var nlbFlag = ignoredUnless(checks.OneOfFold("on", "off"), words.Say("CCM turns the feature off for every value but \"on\" (any case) on an NLB",
	"在 NLB 上，除 \"on\"（不区分大小写）以外的值，CCM 一律视为关闭该功能"))

// anyInt32 accepts what strconv.Atoi reads (the NLB controller checks no range; the NLB API does).
var anyInt32 = checks.AtoiIn(-1<<31, 1<<31-1)

// nlbID is the shape of an NLB instance id.
var nlbID = checks.IDFormat{What: words.Say("NLB instance id", "NLB 实例 ID"), RE: regexp.MustCompile(`^nlb-[a-z0-9]{8,32}$`), Example: "nlb-wb7r6dlwetvt5jxxxx"}

// nlbAnnotations is every annotation suffix the NLB controller reads, with its value check on an NLB
// Service (nil: free text, left to the NLB API, or checked with the Service in checkNLBAnnotationLinks).
// A suffix of clbAnnotations that is missing here is CLB-only: CCM does not read it on an NLB Service.
var nlbAnnotations = map[string]func(string) error{
	"id":                       nlbID.Validate,
	"name":                     nil,
	"resource-group-id":        aliRGID.Validate,
	"additional-resource-tags": clbAnnotations["additional-resource-tags"],
	// GetAddressType folds internet/intranet and sends anything else as is, which the NLB API refuses.
	"address-type":      checks.OneOfFold("internet", "intranet"),
	"ipv6-address-type": checks.OneOfFold("internet", "intranet"),
	// GetAddressIpVersion folds ipv4/DualStack, the two address versions an NLB has.
	"ip-version": checks.OneOfFold("ipv4", "DualStack"),
	// parseZoneMappings: zone:vswitch[:ipv4[:eip-allocation-id]] items; required unless an NLB is reused.
	"zone-maps":            zoneMaps,
	"security-group-ids":   checks.CommaList(aliSGID.Validate),
	"bandwidth-package-id": nil,
	// Any non-empty value keeps the NLB on delete.
	"preserve-lb-on-delete": clbAnnotations["preserve-lb-on-delete"],
	// model.ParseFlagType: on/off in any case, anything else fails the sync.
	"cross-zone-enabled":      checks.OneOfFold("on", "off"),
	"protocol-port":           nil, // checkNLBAnnotationLinks
	"listener-port-range":     nil, // checkNLBAnnotationLinks
	"vgroup-port":             nil, // checkNLBAnnotationLinks
	"idle-timeout":            anyInt32,
	"tls-cipher-policy":       nil, // an NLB security policy id or name
	"proxy-protocol":          nlbFlag,
	"cert-id":                 nil,
	"cacert-id":               nil,
	"cacert":                  nlbFlag,
	"cps":                     anyInt32,
	"ppv2-pvl-ep-id-enabled":  nlbFlag,
	"ppv2-pvl-eps-id-enabled": nlbFlag,
	"ppv2-pvl-vpc-id-enabled": nlbFlag,
	"alpn":                    nlbFlag,
	"alpn-policy":             nil,
	"additional-cert-ids":     nil,
	// Ip or Instance in any case; anything else fails the sync.
	"server-group-type":        checks.OneOfFold("Ip", "Instance"),
	"connection-drain":         nlbFlag,
	"connection-drain-timeout": anyInt32,
	"scheduler":                nil, // sent as is to the NLB API (Wrr, Rr, Sch, Tch, Qch)
	"preserve-client-ip":       nlbFlag,
	"health-check-flag":        nlbFlag,
	"health-check-type":        nil,
	"health-check-uri":         nil,
	"health-check-domain":      nil,
	"health-check-method":      nil,
	"health-check-httpcode":    nil,
	// Read only with health-check-flag on: checkNLBAnnotationLinks.
	"health-check-connect-port":    nil,
	"healthy-threshold":            nil,
	"unhealthy-threshold":          nil,
	"health-check-connect-timeout": nil,
	"health-check-interval":        nil,
	"default-weight":               checks.AtoiIn(0, 100),
	"weight":                       nil, // read only for a reused NLB with vgroup-port: checkNLBAnnotationLinks
	"ignore-weight-update":         ignoredUnless(checks.OneOfFold("on", "off"), ackWeightUpdate),
	// The backend selection is shared with the CLB controller (reconcile/backend).
	"backend-label":              clbAnnotations["backend-label"],
	"remove-unscheduled-backend": clbAnnotations["remove-unscheduled-backend"],
	"backend-ip-version":         clbAnnotations["backend-ip-version"],
	// ACK's NLB annotation guide documents these for NLB too; the open-source controller does not read
	// them, so no verdict.
	"delete-protection":        nil,
	"modification-protection":  nil,
	"force-override-listeners": nil,
	"type":                     nil,
	"tunnel-type":              nil,
}

// ackNLB is true for a target Service CCM backs with an NLB (see ackNLBService).
func ackNLB(c *checks.Context) bool { return ackNLBService(c.Service) }

// ackCLBOrNLB is true for a target Service CCM backs with a CLB or an NLB.
func ackCLBOrNLB(c *checks.Context) bool { return ackCLB(c) || ackNLB(c) }

// nlbCheck returns the value check of suffix on an NLB Service; read is false for a CLB-only key.
func nlbCheck(suffix string) (check func(string) error, read bool) {
	check, read = nlbAnnotations[suffix]
	return check, read
}

// nlbListener is one listener the NLB controller builds from a Service port.
type nlbListener struct {
	port, start, end int32
	proto            string
}

func (l nlbListener) String() string {
	if l.port != 0 {
		return fmt.Sprintf("%s:%d", l.proto, l.port)
	}
	return fmt.Sprintf("%s:%d-%d", l.proto, l.start, l.end)
}

// overlaps is isListenerPortOverlapped: same protocol and a shared port.
func (l nlbListener) overlaps(o nlbListener) bool {
	if l.proto != o.proto {
		return false
	}
	lo1, hi1, lo2, hi2 := l.start, l.end, o.start, o.end
	if l.port != 0 {
		lo1, hi1 = l.port, l.port
	}
	if o.port != 0 {
		lo2, hi2 = o.port, o.port
	}
	return lo1 <= hi2 && lo2 <= hi1
}

// checkNLBAnnotationLinks checks, on an NLB Service, what the NLB controller reads with the Service:
// zone-maps for an NLB it creates, the per-port lists (protocol-port, listener-port-range,
// vgroup-port) as it walks them, the listeners they make, and the values it reads only when another
// annotation allows.
func checkNLBAnnotationLinks(c *checks.Context, a ackAnns) {
	svc := c.Service
	reused := a.value("id") != ""
	if a.value("zone-maps") == "" && !reused {
		if len(svc.Status.LoadBalancer.Ingress) > 0 {
			// The open-source controller builds the local model on every sync and fails the same way;
			// ACK documents zone-maps as needed to create the NLB.
			c.SaySeverity(ackrules.ServiceAnnotationDependency, rules.Warning, a.path("zone-maps"), words.Say(
				"the NLB exists, but the Service has no zone-maps and no loadbalancer-id: the open-source CCM fails every sync with \"ParameterMissing, zone mappings are required\"; %szone-maps is missing",
				"NLB 已存在，但该 Service 既没有 zone-maps 也没有 loadbalancer-id：开源版 CCM 每次同步都会失败（\"ParameterMissing, zone mappings are required\"）；缺少 %szone-maps", ackann.Prefix))
		} else {
			c.Say(ackrules.ServiceAnnotationDependency, a.path("zone-maps"), words.Say(
				"CCM creates the NLB (no loadbalancer-id) and needs its zones and vSwitches; it fails with \"ParameterMissing, zone mappings are required\"; %szone-maps is missing",
				"由 CCM 创建 NLB（未设置 loadbalancer-id），需要指定它的可用区和交换机；否则失败并报 \"ParameterMissing, zone mappings are required\"；缺少 %szone-maps", ackann.Prefix))
		}
	}
	sayReuseWithoutOverride(c, a, "NLB")
	if reused && len(svc.Spec.LoadBalancerSourceRanges) > 0 {
		c.Say(ackrules.ServiceIgnoredAnnotationValue, "spec.loadBalancerSourceRanges", words.Say(
			"loadBalancerSourceRanges is not applied to a reused NLB (%sid is set); CCM records a FeatureNotSupported warning",
			"loadBalancerSourceRanges 不会应用到复用的 NLB 上（已设置 %sid）；CCM 会记录一条 FeatureNotSupported 警告", ackann.Prefix))
	}
	// Health check numbers are parsed only when the health check is on.
	if strings.EqualFold(a.value("health-check-flag"), "on") {
		for _, s := range []string{"health-check-connect-port", "healthy-threshold", "unhealthy-threshold", "health-check-connect-timeout", "health-check-interval"} {
			if v, _, set := a.get(s); set && v != "" {
				if err := anyInt32(v); err != nil {
					c.Say(ackrules.ServiceInvalidAnnotation, a.path(s), words.Say("%s: %v", "注解 %s 的值无效：%v", s, err))
				}
			}
		}
	}
	vgroup := a.value("vgroup-port")
	if v := a.value("weight"); v != "" {
		if reused && vgroup != "" {
			if err := checks.AtoiIn(0, 100)(v); err != nil {
				c.Say(ackrules.ServiceInvalidAnnotation, a.path("weight"), words.Say("weight: %v", "注解 weight 的值无效：%v", err))
			}
		} else {
			c.Say(ackrules.ServiceIgnoredAnnotationValue, a.path("weight"), words.Say(
				"weight applies on an NLB only with a reused NLB (loadbalancer-id) and vgroup-port; CCM ignores it",
				"在 NLB 上，weight 只在复用 NLB（loadbalancer-id）并设置 vgroup-port 时生效；CCM 会忽略它"))
		}
	}
	if vgroup != "" && !reused {
		c.Say(ackrules.ServiceIgnoredAnnotationValue, a.path("vgroup-port"), words.Say(
			"vgroup-port applies only to a reused NLB (%sid is not set); CCM ignores it",
			"vgroup-port 只对复用的 NLB 生效（未设置 %sid）；CCM 会忽略它", ackann.Prefix))
	}
	listeners := make([]nlbListener, 0, len(svc.Spec.Ports))
	for _, p := range svc.Spec.Ports {
		listeners = append(listeners, nlbListener{port: p.Port, proto: strings.ToUpper(orDefault(string(p.Protocol), "TCP"))})
	}
	failed := false
	walk := func(suffix string, bad func([]string) error, use func(i int, parts []string) error) {
		v := a.value(suffix)
		if v == "" || failed {
			return
		}
		entries := strings.Split(v, ",")
		for i, p := range svc.Spec.Ports {
			m, _, err := ccmPortEntry(entries, strconv.Itoa(int(p.Port)), 1, bad)
			if err == nil && m != nil && use != nil {
				err = use(i, m)
			}
			if err != nil {
				c.Say(ackrules.ServiceInvalidAnnotation, a.path(suffix), words.Say("%s: %v (CCM fails on it while building the listener of port %d)",
					"%s：%v（CCM 为端口 %d 创建监听时会因此失败）", suffix, err, p.Port))
				failed = true
				return
			}
		}
	}
	walk("protocol-port", func(parts []string) error {
		if len(parts) < 2 {
			return words.Errorf("not protocol:port (e.g. tcpssl:443)", "不是“协议:端口”形式（例如 tcpssl:443）")
		}
		if up := strings.ToUpper(parts[0]); up != "TCP" && up != "UDP" && up != "TCPSSL" {
			return words.Errorf("protocol %q is not TCP, UDP or TCPSSL (an NLB has no http or https listener)",
				"协议 %q 不是 TCP、UDP 或 TCPSSL（NLB 没有 http 和 https 监听）", checks.Clip(parts[0]))
		}
		return nil
	}, func(i int, parts []string) error {
		listeners[i].proto = strings.ToUpper(parts[0])
		return nil
	})
	if v := a.value("listener-port-range"); v != "" && !failed {
		eni, _ := ackBackendMode(c.Snap, svc)
		bt := svc.Annotations[ackann.BackendType]
		switch {
		case bt != "" && bt != "eni":
			c.Say(ackrules.ServiceAnnotationDependency, a.path("listener-port-range"), words.Say(
				"listener-port-range works only with ENI backends, but %s is %q; CCM fails the sync",
				"listener-port-range 只在 ENI 后端模式下可用，但 %s 为 %q；CCM 同步会失败", ackann.BackendType, checks.Clip(bt)))
			failed = true
		case !eni:
			c.SaySeverity(ackrules.ServiceAnnotationDependency, rules.Warning, a.path("listener-port-range"), words.Say(
				"listener-port-range works only with ENI backends and the Service does not set %s: eni; unless the cluster's default backend type is eni, CCM fails the sync",
				"listener-port-range 只在 ENI 后端模式下可用，而该 Service 未设置 %s: eni；除非集群默认的后端类型是 eni，否则 CCM 同步会失败", ackann.BackendType))
		}
	}
	walk("listener-port-range", func(parts []string) error {
		if len(parts) != 2 {
			return words.Errorf("not start-end:port (e.g. 1000-2000:80)", "不是“起始端口-结束端口:端口”形式（例如 1000-2000:80）")
		}
		return nil
	}, func(i int, parts []string) error {
		r := strings.Split(parts[0], "-")
		if len(r) != 2 {
			return words.Errorf("%q is not start-end:port (e.g. 1000-2000:80)", "%q 不是“起始端口-结束端口:端口”形式（例如 1000-2000:80）",
				checks.Clip(strings.Join(parts, ":")))
		}
		start, err1 := strconv.Atoi(r[0])
		end, err2 := strconv.Atoi(r[1])
		switch {
		case err1 != nil || err2 != nil:
			return words.Errorf("range %q is not two integers", "端口范围 %q 不是两个整数", checks.Clip(parts[0]))
		case start >= end:
			return words.Errorf("range %q does not start below its end", "端口范围 %q 的起始端口不小于结束端口", checks.Clip(parts[0]))
		case start < 1 || end > 65535:
			return words.Errorf("range %q is outside 1-65535", "端口范围 %q 超出了 1-65535", checks.Clip(parts[0]))
		}
		listeners[i].port, listeners[i].start, listeners[i].end = 0, int32(start), int32(end)
		return nil
	})
	if reused {
		walk("vgroup-port", func(parts []string) error {
			if len(parts) < 2 {
				return words.Errorf("not server-group-id:port (e.g. sgp-xxx:443)", "不是“服务器组 ID:端口”形式（例如 sgp-xxx:443）")
			}
			return nil
		}, func(i int, parts []string) error {
			return spacedGroupID(parts[0], strconv.Itoa(int(svc.Spec.Ports[i].Port)))
		})
	}
	if failed {
		return
	}
	// checkListenersPortOverlap: two listeners of one protocol may not share a port.
	for i := range listeners {
		for j := i + 1; j < len(listeners); j++ {
			if listeners[i].overlaps(listeners[j]) {
				path := a.path("listener-port-range")
				if listeners[i].port != 0 && listeners[j].port != 0 {
					path = a.path("protocol-port")
				}
				c.Say(ackrules.ServiceInvalidAnnotation, path, words.Say(
					"listener %s (port %d) overlaps listener %s (port %d); CCM fails the sync",
					"监听 %s（端口 %d）与监听 %s（端口 %d）的端口重叠；CCM 同步会失败",
					listeners[i], svc.Spec.Ports[i].Port, listeners[j], svc.Spec.Ports[j].Port))
				return
			}
		}
	}
	// The NLB API creates a TCPSSL listener only with a server certificate.
	if _, _, cert := a.get("cert-id"); !cert {
		for _, l := range listeners {
			if l.proto == "TCPSSL" {
				c.Say(ackrules.ServiceAnnotationDependency, a.path("protocol-port"), words.Say(
					"listener %s is TCPSSL, which needs a server certificate; %scert-id is missing",
					"监听 %s 是 TCPSSL 监听，需要服务器证书；缺少 %scert-id", l, ackann.Prefix))
				break
			}
		}
	}
}
