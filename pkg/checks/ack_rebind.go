package checks

import (
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// checkACKRebind flags a loadbalancer-id annotation that names another CLB than the one the Service
// is bound to. CCM writes the bound CLB into the label service.k8s.alibaba/loadbalancer-id when it
// binds the Service (together with its address), so the label alone is evidence of a binding, with
// or without the address in the input. Without the label, the id of the last `kubectl apply` stands
// in, and only once the Service has an address. CCM refuses the move when the Service's address is
// not the new CLB's ("service has been associated with ip"); it does not compare when the address is
// a hostname only or an EIP (external-ip-type eip).
func checkACKRebind(c *Context) error {
	svc := c.Service
	a := ackAnns(svc.Annotations)
	id := a.value("id")
	var addrs []string
	for _, ing := range svc.Status.LoadBalancer.Ingress {
		if ing.IP == "" && ing.Hostname != "" {
			return nil
		}
		if ing.IP != "" {
			addrs = append(addrs, ing.IP)
		}
	}
	if a.value("external-ip-type") == "eip" {
		return nil
	}
	bound, from := svc.Labels[labelCCMLBID], "label "+labelCCMLBID
	if bound == "" {
		last, ok := c.lastApplied()
		if !ok || len(addrs) == 0 {
			return nil
		}
		bound, from = ackAnns(last).value("id"), "the last kubectl apply"
	}
	if bound == "" || bound == id {
		return nil
	}
	address := "no address in the input"
	if len(addrs) > 0 {
		address = "address " + strings.Join(addrs, ", ")
	}
	c.Emit(rules.ACKServiceLBRebind, a.path("id"),
		"the Service is bound to CLB %s (%s; %s), but the annotation names CLB %s; CCM does not move a Service to another CLB",
		clip(bound), from, address, clip(id))
	return nil
}
