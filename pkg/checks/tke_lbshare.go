package checks

import (
	"fmt"
	"slices"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
	corev1 "k8s.io/api/core/v1"
)

// sayPortsTakenByIngress reports, as one finding per port, each TCP port of the target Service (which
// reuses CLB id) that is a listener of an Ingress reusing the same CLB: 80, and 443 with TLS. users
// are the users of that CLB. The Ingress's side of the same collision is E4101.
func sayPortsTakenByIngress(c *Context, id string, users []lbUser) {
	for i, p := range c.Service.Spec.Ports {
		if protocolOf(p) != corev1.ProtocolTCP {
			continue
		}
		var ings []string
		for _, u := range users {
			if u.kind == "Ingress" && u.reuses && u.ing != nil && slices.Contains(ingressL7Ports(u.ing), int(p.Port)) {
				ings = append(ings, u.String())
			}
		}
		if len(ings) > 0 {
			c.Say(tkerules.ServicePortTakenByIngress, fmt.Sprintf("spec.ports[%d]", i), words.Say(
				"port %d/TCP on load balancer %s is a listener of %s",
				"负载均衡 %[2]s 上的端口 %[1]d/TCP 是 %[3]s 的监听器", p.Port, Clip(id), ListWords(ings, 5)))
		}
	}
}
