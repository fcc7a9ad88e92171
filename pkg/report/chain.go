package report

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
)

// Chain is the way traffic takes to a target's pods, link by link, as the snapshot holds it: each
// listener of the load balancer, the rule (host and path) that forwards it, the Service port, its
// endpoints, their pods and nodes. Drawn outputs (-o html) show it; JSON and YAML leave it out.
type Chain struct {
	Routes []Route
	// Cloud is the target's load balancer as the cloud read (--cloud) found it; nil when the cloud
	// was not asked or the provider's cloud checks do not apply to the target.
	Cloud *CloudSide
}

// CloudSide is a target's load balancer as a cloud read found it, with what the target asks of it.
type CloudSide struct {
	// View is what the target asks: the load balancer's id, its listeners, the provider's cloud rules.
	View checks.CloudView
	// Region and Endpoint are where the cloud was read; Endpoint only when not the vendor's own.
	Region, Endpoint string
	// LB is the load balancer; nil when the target names none (View.LB "") or it could not be read.
	LB *cloud.LoadBalancer
	// Unread is why LB is nil although the target names one: cloud.ErrNotFound, or the
	// *cloud.ReadError of the read (naming its action), or why the cloud was not read at all.
	Unread error
}

// Route is one listener's way to one Service port.
type Route struct {
	// Where is the object path the route comes from: spec.ports[i], spec.rules[i].http.paths[j] or
	// spec.defaultBackend.
	Where string
	// Listener is the protocol and port the load balancer listens on, e.g. "TCP 80" or "HTTPS 443".
	Listener string
	// Host and Path are the Ingress rule that forwards the listener's traffic; both "" for a Service.
	Host, Path string
	// Service is the Service of the route; ServicePort its port, "80" or "http", with the target
	// port after an arrow when the Service names one ("80→8080").
	Service, ServicePort string
	// Backends are the Service's endpoints; nil when they could not be read (Unknown says why).
	Backends *Backends
	// Unknown is why the Service or its endpoints could not be read; nil when they were.
	Unknown error
}

// Backends are the endpoints of a Service: how many, how many ready, and the pods and nodes they
// name (each once, in the order first seen).
type Backends struct {
	Ready, Total int
	// Pods are the pod names (an address when an endpoint names no pod).
	Pods []string
	// Nodes are the node names; an endpoint on no known node adds none.
	Nodes []string
}
