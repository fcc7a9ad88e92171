package ackchecks

import (
	"slices"
	"strconv"
	"strings"

	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// sayReuseWithoutOverride reports, on a Service that reuses the load balancer of product lb ("CLB" or
// "NLB") without force-override-listeners "true", the ports CCM makes no listener for. CCM leaves the
// listeners of a reused load balancer alone then (clbv1 and nlbv2 model_applier.go: IsForceOverride);
// a port that vgroup-port ties to a group of the user's is left out, its listener being the user's by
// design.
func sayReuseWithoutOverride(c *checks.Context, a ackAnns, lb string) {
	if !listenersLeftAlone(a) {
		return
	}
	id := a.value("id")
	grouped := userGroupPorts(c.Service, a)
	open := slices.DeleteFunc(slices.Clone(c.Service.Spec.Ports), func(p corev1.ServicePort) bool { return grouped[p.Port] })
	if len(open) == 0 {
		return
	}
	c.Say(ackrules.ServiceReuseWithoutOverride, a.path("id"), words.Say(
		"%s %s is reused and force-override-listeners is not \"true\", so CCM creates no listener for ports %s",
		"%s %s 是复用的，且 force-override-listeners 不为 \"true\"，因此 CCM 不会为端口 %s 创建监听",
		lb, checks.Clip(id), checks.PortWords(open)))
}

// listenersLeftAlone is true when CCM neither creates nor updates the listeners: the load balancer is
// reused (id) and force-override-listeners is not exactly "true".
func listenersLeftAlone(a ackAnns) bool {
	return a.value("id") != "" && a.value("force-override-listeners") != "true"
}

// userGroupPorts are the Service ports that vgroup-port gives a vServer group (CLB) or server group
// (NLB) of the user's, as CCM finds them for each port: the first "id:port" entry whose port text
// equals the port's (clbv1/listeners.go vgroup, nlbv2/listeners.go serverGroup). A malformed entry
// CCM reaches fails the sync, so no port is counted from there on.
func userGroupPorts(svc *corev1.Service, a ackAnns) map[int32]bool {
	v := a.value("vgroup-port")
	if v == "" {
		return nil
	}
	entries := strings.Split(v, ",")
	grouped := map[int32]bool{}
	for _, p := range svc.Spec.Ports {
		m, _, err := ccmPortEntry(entries, strconv.Itoa(int(p.Port)), 1, func(parts []string) error {
			if len(parts) < 2 {
				return errMalformedGroup
			}
			return nil
		})
		if err != nil {
			return grouped
		}
		grouped[p.Port] = m != nil && m[0] != ""
	}
	return grouped
}

// errMalformedGroup is a vgroup-port entry without a colon; checkACKPortLists and
// checkNLBAnnotationLinks report it.
var errMalformedGroup = words.Errorf("not id:port", "不是“ID:端口”形式")

// spacedGroupID rejects the group id vgroup-port gives port when spaces surround it: CCM splits the
// list on "," and ":" without trimming and looks the id up as written, so it finds no group and fails
// the sync (clbv1/vgroups.go buildVGroupForServicePort "can not find vgroupId"; nlbv2 likewise).
func spacedGroupID(id, port string) error {
	if id != strings.TrimSpace(id) {
		return words.Errorf("the group id %q of port %s has spaces around it; CCM trims nothing, finds no group of that id and fails the sync",
			"组 ID %q（端口 %s）前后有空格；CCM 不会去除空格，找不到该 ID 的组，同步会失败", checks.Clip(id), port)
	}
	return nil
}
