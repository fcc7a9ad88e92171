package tkechecks

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// GroupCrowd is the number of Ingresses TKE recommends at most on one shared CLB.
const GroupCrowd = 100

// ingressGrouped reports whether an Ingress asks to share its existing CLB with other Ingresses.
func ingressGrouped(u lbUser) bool {
	return u.ing != nil && u.reuses && checks.IsTrue(u.ing.Annotations[tkeann.EnableGroup])
}

// checkIngressGroup judges a target Ingress that shares CLB id (enable-group) with the other users
// of that CLB: Ingresses that share it too are its group, not a conflict (E4020), unless they
// declare a host + path of the target's; Services on it are unsupported. It returns the users the
// plain reuse rules still judge: CLB creators and Ingresses outside the group.
func checkIngressGroup(c *checks.Context, id string, users []lbUser) []lbUser {
	var rest []lbUser
	var services, clashes []words.Words
	peers := 0
	mine := map[[2]string]string{}
	for _, p := range targetIngressPaths(c) {
		if p.hasPath {
			mine[[2]string{p.host, p.path}] = p.where
		}
	}
	first := ""
	for _, u := range users {
		switch {
		case !u.reuses:
			rest = append(rest, u)
		case u.kind == "Service":
			services = append(services, words.Say("%s", "%s", u))
		case ingressGrouped(u):
			peers++
			for _, p := range ingressPaths(u.ing) {
				if where, ok := mine[[2]string{p.host, p.path}]; ok && p.hasPath {
					if first == "" {
						first = where
					}
					clashes = append(clashes, words.Say("host %q path %q is also in %s", "域名 %q 路径 %q 也出现在 %s 中", checks.Clip(p.host), checks.Clip(p.path), u))
				}
			}
		default:
			rest = append(rest, u)
		}
	}
	where := checks.AnnPath(tkeann.IngExistLB)
	if len(services) > 0 {
		c.Say(tkerules.IngressGroupWithService, where, words.Say("load balancer %s, shared by Ingresses, is also used by %s",
			"由多个 Ingress 共享的负载均衡 %s 也被 %s 使用", checks.Clip(id), checks.ListWords(services, 5)))
	}
	if len(clashes) > 0 {
		c.Say(tkerules.IngressGroupRuleConflict, first, words.Say("on shared load balancer %s, %s",
			"在共享的负载均衡 %s 上，%s", checks.Clip(id), checks.ListWords(clashes, 5)))
	}
	if peers+1 > GroupCrowd {
		c.Say(tkerules.IngressGroupCrowded, where, words.Say("%d Ingresses share load balancer %s",
			"%d 个 Ingress 共享负载均衡 %s", peers+1, checks.Clip(id)))
	}
	return rest
}

// groupMinVersion is the first Service/Ingress controller version that shares a CLB between Ingresses.
var groupMinVersion = checks.Version{Raw: "v2.10.0", Nums: []int{2, 10, 0}}

// checkIngressGroupReady reports an Ingress that shares a CLB (enable-group) on a cluster whose
// controller cannot: kube-system/tke-service-controller-config names a VERSION below v2.10.0 or
// does not run the Ingress controller merged (EnableIngressController). A ConfigMap that is absent
// or unreadable, or a VERSION that is not a version, decides nothing.
func checkIngressGroupReady(c *checks.Context) error {
	cm, err := c.Snap.ConfigMaps.Get(checks.KubeSystem, tkeServiceCtrlCM)
	switch {
	case checks.IsNotFound(err):
		return nil
	case err != nil:
		return err
	}
	// A build suffix (v2.10.0-tke.1) is a build of that version, not a pre-release before it.
	if v, err := checks.ParseVersion(cm.Data["VERSION"]); err == nil && (checks.Version{Nums: v.Nums}).Compare(groupMinVersion) < 0 {
		c.Say(tkerules.IngressGroupUnsupported, checks.ObjPath(checks.KubeSystem, "configmap", tkeServiceCtrlCM, "data.VERSION"),
			words.Say("the controller is %s; sharing a CLB needs %s or later", "控制器版本为 %s；共享 CLB 需要 %s 或更高版本", checks.Clip(v.Raw), groupMinVersion))
		return nil
	}
	if !checks.IsTrue(cm.Data["EnableIngressController"]) {
		c.Say(tkerules.IngressGroupUnsupported, checks.ObjPath(checks.KubeSystem, "configmap", tkeServiceCtrlCM, "data.EnableIngressController"),
			words.Say("EnableIngressController is %q: the Ingress controller does not run merged into the Service controller",
				"EnableIngressController 为 %q：Ingress 控制器没有以融合模式运行在 Service 控制器中", checks.Clip(cm.Data["EnableIngressController"])))
	}
	return nil
}

// ingressSharesLB applies the sharing checks to an Ingress created to share an existing CLB.
func ingressSharesLB(c *checks.Context) bool {
	return checks.OwnController(c) && c.Ingress.Annotations[tkeann.IngExistLB] != "" && checks.IsTrue(c.Ingress.Annotations[tkeann.EnableGroup])
}

// sayOnGroupedCLB reports the target Service reusing CLB id while Ingresses among its users share
// it (enable-group), which TKE does not support; it tells whether it did (a port collision with
// those Ingresses is then part of the same problem).
func sayOnGroupedCLB(c *checks.Context, id string, users []lbUser) bool {
	var grouped []string
	for _, u := range users {
		if ingressGrouped(u) {
			grouped = append(grouped, u.String())
		}
	}
	if len(grouped) == 0 {
		return false
	}
	c.Say(tkerules.ServiceOnGroupedCLB, checks.AnnPath(tkeann.ExistedLBID), words.Say("load balancer %s is shared by %s (enable-group)",
		"负载均衡 %s 由 %s 共享（enable-group）", checks.Clip(id), checks.ListWords(grouped, 5)))
	return true
}
