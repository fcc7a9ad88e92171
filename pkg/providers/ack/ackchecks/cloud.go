package ackchecks

import (
	"strconv"
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// ackSide is how ACK's cloud checks read Services: the instance CCM bound (its label) or the reused
// one (loadbalancer-id), the listeners of the ports and protocol-port, the vSwitch and certificate
// annotations, and the owner CCM writes into a listener's description.
var ackSide = &checks.CloudSide{
	Rules: ackrules.CloudRules,
	LB: func(c *checks.Context) (string, string, bool) {
		a := ackAnns(c.Service.Annotations)
		reuse, key, reused := a.get("id")
		if id := c.Service.Labels[ackann.LabelLBID]; id != "" {
			return id, "metadata.labels[" + ackann.LabelLBID + "]", reused
		}
		if reused && reuse != "" {
			return reuse, checks.AnnPath(key), true
		}
		return "", "", false
	},
	Listeners: func(c *checks.Context) []checks.WantListener {
		proto := map[int32]string{}
		for _, item := range strings.Split(ackAnns(c.Service.Annotations).value("protocol-port"), ",") {
			p, port, ok := strings.Cut(strings.TrimSpace(item), ":")
			if n, err := strconv.ParseInt(port, 10, 32); ok && err == nil {
				proto[int32(n)] = strings.ToUpper(p)
			}
		}
		return checks.CloudServicePorts(c.Service, proto)
	},
	Subnet: func(c *checks.Context) (string, string) {
		a := ackAnns(c.Service.Annotations)
		return a.value("vswitch-id"), a.path("vswitch-id")
	},
	Certs: func(c *checks.Context) []string {
		if id := strings.TrimSpace(ackAnns(c.Service.Annotations).value("cert-id")); id != "" {
			return []string{id}
		}
		return nil
	},
	Backends:      ackWantBackends,
	BackendInputs: []checks.Input{checks.InSlices, checks.InBackendPods, checks.InNodes, inACKCloudConfig},
	// CCM describes its listeners "k8s/<port>/<service>/<namespace>/<cluster>"; any other
	// description on a reused instance is another owner's.
	Owner: func(c *checks.Context, l *cloud.Listener) (bool, bool) {
		parts := strings.Split(l.Description, "/")
		if len(parts) >= 4 && parts[0] == "k8s" {
			return parts[2] == c.Service.Name && parts[3] == c.Service.Namespace, true
		}
		return false, true
	},
}

// ackCloudChecks are ACK's cloud checks (--cloud), for the Services of its CLB and NLB.
func ackCloudChecks() []checks.Check {
	return checks.CloudChecks(ackrules.Provider, ackSide, ackCLBOrNLB, rules.Service)
}
