package ackchecks

import (
	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// checkACKReusedPorts: on a reused CLB (loadbalancer-id) each listener port belongs to one Service.
// A port the target declares that another LoadBalancer Service naming the same CLB declares too
// collides, whichever of the two is created first (in a preflight: a creation on a CLB already in
// use). Offline it reads the Services of the input files (AddOnly).
func checkACKReusedPorts(c *checks.Context) error {
	a := ackAnns(c.Service.Annotations)
	id := a.value("id")
	svcs, err := checks.OtherServices(c)
	if err != nil {
		return err
	}
	mine := map[checks.LBPort]bool{}
	for _, p := range c.Service.Spec.Ports {
		mine[checks.LBPort{Port: p.Port, Proto: checks.ProtocolOf(p)}] = true
	}
	var hits []words.Words
	for _, s := range svcs {
		if s.Spec.Type != corev1.ServiceTypeLoadBalancer || ackAnns(s.Annotations).value("id") != id {
			continue
		}
		for _, p := range s.Spec.Ports {
			if mine[checks.LBPort{Port: p.Port, Proto: checks.ProtocolOf(p)}] {
				hits = append(hits, words.Say("Service %s/%s declares port %d/%s", "Service %s/%s 声明了端口 %d/%s",
					checks.Clip(s.Namespace), checks.Clip(s.Name), p.Port, checks.ProtocolOf(p)))
			}
		}
	}
	if len(hits) > 0 {
		c.Say(ackrules.ServiceReusedPortTaken, a.path("id"), words.Say("on the reused CLB %s, %s", "在复用的 CLB %s 上，%s", checks.Clip(id), checks.ListWords(hits, 5)))
	}
	return nil
}
