package changes

import (
	"strings"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// ackAnn reads one CLB setting of an ACK Service: its value and key (the current key when unset).
func ackAnn(svc *corev1.Service, suffix string) (value, key string) {
	for _, k := range []string{ackann.Prefix + suffix, ackann.LegacyPrefix + suffix} {
		if v, ok := svc.Annotations[k]; ok {
			return strings.TrimSpace(v), k
		}
	}
	return "", ackann.Prefix + suffix
}

// ackAddedOnOwn reports whether the Service's loadbalancer-id annotation (id) names the CLB CCM
// made for it (CCM's label) and was added after the last kubectl apply, whose record lacks it:
// the state orphan-on-delete reports, which removing the annotation undoes.
func ackAddedOnOwn(svc *corev1.Service, id string) bool {
	applied, ok := LastAppliedAnnotations(svc.Annotations)
	if !ok || id != svc.Labels[ackann.LabelLBID] {
		return false
	}
	v, _ := ackAnn(&corev1.Service{ObjectMeta: metav1.ObjectMeta{Annotations: applied}}, "id")
	return v == ""
}

// ackField is the report path of a setting: its key in after, else in now.
func ackField(now, after *corev1.Service, suffix string) string {
	if v, k := ackAnn(after, suffix); v != "" {
		return annPath(k)
	}
	_, k := ackAnn(now, suffix)
	return annPath(k)
}

// ackCLB reports whether svc is served by CCM's CLB controller: type LoadBalancer without a
// loadBalancerClass (an NLB or another controller's).
func ackCLB(svc *corev1.Service) bool { return isLB(svc) && svc.Spec.LoadBalancerClass == nil }

// ackFixedSuffixes are the CLB attributes CCM's Update compares with the existing CLB and refuses to
// change (pkg/controller/service/clbv1/loadbalancer.go), with the attribute's name.
var ackFixedSuffixes = []struct {
	suffix string
	what   sayKey
}{
	{"master-zoneid", sayPrimaryZone},
	{"slave-zoneid", sayBackupZone},
	{"network-type", sayNetworkType},
	{"ip", sayAddress},
}

// ackBackendSuffixes are the annotations that decide the CLB's backends, their weights, scheduling
// and health check.
var ackBackendSuffixes = []string{"backend-label", "remove-unscheduled-backend", "weight", "scheduler",
	"health-check-flag", "health-check-type", "health-check-connect-port", "health-check-uri", "health-check-domain",
	"health-check-method", "health-check-httpcode"}

func ackService(now, after *corev1.Service) []Change {
	if ackNLB(now) && isLB(after) {
		return nlbChanges(now, after)
	}
	if !ackCLB(now) && !ackNLB(now) {
		return nil
	}
	var out []Change
	id, _ := ackAnn(now, "id")
	override, _ := ackAnn(now, "force-override-listeners")
	managesListeners := id != "" && override == "true"
	if !isLB(after) {
		// A class change of a LoadBalancer Service never reaches CCM (Service: the API server refuses it).
		to := string(after.Spec.Type)
		preserve, _ := ackAnn(now, "preserve-lb-on-delete")
		switch {
		case managesListeners:
			out = append(out, Change{Rule: ackrules.ServiceReusedListenersRemoved, Field: "spec.type", Old: string(now.Spec.Type), New: to,
				Says: say(sayACKReusedListenersGone, strings.Join(portKeys(now), ", "), id)})
		case id == "" && preserve == "":
			deleted := sayACKDeletesLB
			if ackNLB(now) {
				// The NLB controller deletes the same way (nlbv2/model_applier.go, deleteLoadBalancer).
				deleted = sayNLBDeleted
			}
			out = append(out, Change{Rule: ackrules.ServiceChangeDeletesLB, Field: "spec.type", Old: string(now.Spec.Type), New: to,
				Says: say(deleted, addressNote(now.Status.LoadBalancer.Ingress))})
		}
		return out
	}
	out = append(out, ackRebind(now, after)...)
	oldType, _ := ackAnn(now, "address-type")
	if newType, _ := ackAnn(after, "address-type"); newType != "" && newType != orDefault(oldType, "internet") {
		out = append(out, Change{Rule: ackrules.ServiceAddressTypeImmutable, Field: ackField(now, after, "address-type"), Old: oldType, New: newType,
			Says: say(sayACKAddressType, orDefault(oldType, "internet"), addressNote(now.Status.LoadBalancer.Ingress))})
	}
	oldRG, _ := ackAnn(now, "resource-group-id")
	if newRG, _ := ackAnn(after, "resource-group-id"); newRG != "" && newRG != oldRG {
		out = append(out, Change{Rule: ackrules.ServiceResourceGroupImmutable, Field: ackField(now, after, "resource-group-id"), Old: oldRG, New: newRG,
			Says: say(sayACKResourceGroup)})
	}
	for _, f := range ackFixedSuffixes {
		o, _ := ackAnn(now, f.suffix)
		if n, _ := ackAnn(after, f.suffix); n != "" && n != o {
			out = append(out, Change{Rule: ackrules.ServiceFixedAtCreation, Field: ackField(now, after, f.suffix), Old: o, New: n,
				Says: say(sayACKFixedAttr, say(f.what))})
		}
	}
	oldIPv, _ := ackAnn(now, "ip-version")
	if newIPv, _ := ackAnn(after, "ip-version"); orDefault(newIPv, "ipv4") != orDefault(oldIPv, "ipv4") {
		out = append(out, Change{Rule: ackrules.ServiceFixedAtCreation, Field: ackField(now, after, "ip-version"), Old: oldIPv, New: newIPv,
			Says: say(sayACKIPVersion)})
	}
	out = append(out, ackIgnored(now, after)...)
	out = append(out, ackCharge(now, after)...)
	if newID, _ := ackAnn(after, "id"); managesListeners && newID == id {
		if gone := removedPorts(now, after); len(gone) > 0 {
			out = append(out, Change{Rule: ackrules.ServiceReusedListenersRemoved, Field: "spec.ports", Old: strings.Join(portKeys(now), ","), New: strings.Join(portKeys(after), ","),
				Says: say(sayACKListenersOfPortsGone, strings.Join(gone, ", "), id)})
		}
	}
	keys := []string{ackann.BackendType}
	for _, s := range ackBackendSuffixes {
		keys = append(keys, ackann.Prefix+s)
	}
	out = append(out, onlyWhenSet(ACKListenerUpdate, valueChanges(ackrules.ServiceBackendChange, ackValues(now), ackValues(after), keys, func(key, o, n string) words.Words {
		switch {
		case key == ackann.BackendType:
			return say(sayACKBackendType, backendKind(n), backendKind(o))
		case strings.Contains(key, "health-check"):
			return say(sayACKHealthCheck)
		case strings.HasSuffix(key, "scheduler") || strings.HasSuffix(key, "weight"):
			return say(sayACKScheduler)
		}
		return say(sayACKBackends)
	}))...)
	return out
}

// onlyWhenSet drops the removals of the keys an update path compares only when set: removing one
// leaves the load balancer as it is.
func onlyWhenSet(path []UpdateKey, cs []Change) []Change {
	whenSet := map[string]bool{}
	for _, k := range path {
		if k.WhenSet {
			whenSet[annPath(ackann.Prefix+k.Suffix)] = true
		}
	}
	out := cs[:0]
	for _, c := range cs {
		if c.New == "" && whenSet[c.Field] {
			continue
		}
		out = append(out, c)
	}
	return out
}

// ackRebind: the loadbalancer-id annotation of an existing Service. CCM labels every Service it
// binds with the id of its CLB (ackann.LabelLBID). Adding the annotation with that very id turns the CLB
// CCM made into a "reused" one that outlives the Service (seed 004, When are SLB instances
// automatically deleted?). Any other new id asks CCM to move the Service, which it refuses while
// the Service's address is not the new CLB's ("service has been associated with ip"); it does not
// compare when the address is a hostname only or an EIP (external-ip-type eip), so no refusal is
// known then (model_applier.go, isLoadBalancerReusable). Removing the annotation of a reused CLB is
// refused as well, unless it was added by hand to the CLB CCM made (ackAddedOnOwn): without it CCM
// finds that CLB again by the tag it gave it at creation (clbv1/loadbalancer.go, Find: TAGKEY).
func ackRebind(now, after *corev1.Service) []Change {
	id, _ := ackAnn(now, "id")
	newID, _ := ackAnn(after, "id")
	field := ackField(now, after, "id")
	switch {
	case id == "" && newID != "" && newID == now.Labels[ackann.LabelLBID]:
		return []Change{{Rule: ackrules.ServiceOrphanOnDelete, Field: field, Old: id, New: newID,
			Says: say(sayACKOrphan, newID, ackann.LabelLBID)}}
	case id != "" && newID == "":
		if ackAddedOnOwn(now, id) {
			return nil
		}
		return []Change{{Rule: ackrules.ServiceReuseRemoved, Field: field, Old: id, New: newID,
			Says: say(sayACKReuseRemoved, id)}}
	case id == newID || !ackComparesAddress(now, after):
		return nil
	case newID == now.Labels[ackann.LabelLBID]:
		// The CLB CCM bound the Service to (its label): naming it is no move. Seed 003's fix of
		// "can not reuse loadbalancer created by kubernetes" when the address is another CLB's.
		return nil
	case id == "":
		return []Change{{Rule: ackrules.ServiceLBRebind, Field: field, Old: id, New: newID,
			Says: say(sayACKRebindFromOwn, newID)}}
	}
	return []Change{{Rule: ackrules.ServiceLBRebind, Field: field, Old: id, New: newID,
		Says: say(sayACKRebind, id)}}
}

// ackComparesAddress reports whether CCM compares the Service's address with a CLB it is to reuse:
// not when the address is an EIP (external-ip-type eip) or a hostname only.
func ackComparesAddress(now, after *corev1.Service) bool {
	if v, _ := ackAnn(after, "external-ip-type"); v == "eip" {
		return false
	}
	for _, in := range now.Status.LoadBalancer.Ingress {
		if in.IP == "" && in.Hostname != "" {
			return false
		}
	}
	return true
}

// ackValues is the Service's annotations with each legacy key also under its current name, so that
// a move between the two spellings with the same value is no change.
func ackValues(svc *corev1.Service) map[string]string {
	out := make(map[string]string, len(svc.Annotations))
	for k, v := range svc.Annotations {
		out[k] = strings.TrimSpace(v)
	}
	for k, v := range svc.Annotations {
		if s, ok := strings.CutPrefix(k, ackann.LegacyPrefix); ok {
			if _, both := svc.Annotations[ackann.Prefix+s]; !both {
				out[ackann.Prefix+s] = strings.TrimSpace(v)
			}
		}
	}
	return out
}

// ackCharge: the seeds' PayByCLCU facts. A PayByCLCU CLB cannot move to pay-by-specification, and
// takes no specification. The edit asks for pay-by-specification when it sets another billing, or
// drops the billing while a specification is set (pay-by-specification was CCM's default). The CLB
// is PayByCLCU when the Service says so now, or when the billing was unset and the edit writes
// PayByCLCU down (an unset billing makes CCM create a PayByCLCU CLB: clbv1/loadbalancer.go,
// setModelDefaultValue).
func ackCharge(now, after *corev1.Service) []Change {
	oldCharge, _ := ackAnn(now, "instance-charge-type")
	newCharge, _ := ackAnn(after, "instance-charge-type")
	oldSpec, _ := ackAnn(now, "spec")
	newSpec, _ := ackAnn(after, "spec")
	switch {
	case oldCharge == "PayByCLCU" && newCharge != "PayByCLCU" && (newCharge != "" || newSpec != ""):
		return []Change{{Rule: ackrules.ServiceCLCUSpec, Field: ackField(now, after, "instance-charge-type"), Old: oldCharge, New: newCharge,
			Says: say(sayACKCLCUToSpec)}}
	case newCharge == "PayByCLCU" && (oldCharge == "PayByCLCU" || oldCharge == "") && newSpec != "" && newSpec != oldSpec:
		return []Change{{Rule: ackrules.ServiceCLCUSpec, Field: ackField(now, after, "spec"), Old: oldSpec, New: newSpec,
			Says: say(sayACKCLCUSpec)}}
	}
	return nil
}

func backendKind(v string) words.Words {
	if v == "eni" {
		return say(sayPodENIs)
	}
	return say(sayNodesECS)
}

// portKeys lists the Service's ports as listeners.
func portKeys(svc *corev1.Service) []string {
	out := make([]string, len(svc.Spec.Ports))
	for i, p := range svc.Spec.Ports {
		out[i] = portKey(p)
	}
	return out
}

// addressNote names the load balancer's address from a status, when there is one.
func addressNote(status []corev1.LoadBalancerIngress) words.Words {
	var addrs []string
	for _, in := range status {
		if in.IP != "" {
			addrs = append(addrs, in.IP)
		} else if in.Hostname != "" {
			addrs = append(addrs, in.Hostname)
		}
	}
	if len(addrs) == 0 {
		return words.Words{}
	}
	return say(sayAddressNote, strings.Join(addrs, ", "))
}

func orDefault(v, def string) string {
	if v == "" {
		return def
	}
	return v
}
