package ackchecks

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// checkACKRebind flags a loadbalancer-id annotation that names another CLB than the one the Service
// is bound to. CCM writes the bound CLB into the label service.k8s.alibaba/loadbalancer-id when it
// binds the Service (together with its address), so the label alone is evidence of a binding, with
// or without the address in the input. CCM refuses the move when the Service's address is not the
// new CLB's ("service has been associated with ip"); it does not compare when the address is a
// hostname only or an EIP (external-ip-type eip). An edit of the annotation since the last apply is
// the change model's (ackStanding runs this only without one).
func checkACKRebind(c *checks.Context) {
	svc := c.Service
	a := ackAnns(svc.Annotations)
	id := a.value("id")
	var addrs []string
	for _, ing := range svc.Status.LoadBalancer.Ingress {
		if ing.IP == "" && ing.Hostname != "" {
			return
		}
		if ing.IP != "" {
			addrs = append(addrs, ing.IP)
		}
	}
	if a.value("external-ip-type") == "eip" {
		return
	}
	bound := svc.Labels[ackann.LabelLBID]
	if bound == "" || bound == id {
		return
	}
	address := words.Say("no address in the input", "输入中没有地址")
	if len(addrs) > 0 {
		address = words.Say("address %s", "地址 %s", words.List(addrs))
	}
	c.Say(ackrules.ServiceLBRebind, a.path("id"), words.Say(
		"the Service is bound to CLB %s (label %s; %s), but the annotation names CLB %s; CCM does not move a Service to another CLB",
		"该 Service 已绑定到 CLB %s（标签 %s；%s），但注解指定的是 CLB %s；CCM 不会把 Service 迁移到另一个 CLB",
		checks.Clip(bound), ackann.LabelLBID, address, checks.Clip(id)))
}
