package diagnose

import (
	"fmt"
	"slices"
	"strconv"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Chain is the target's way from the load balancer's listeners to its pods, as snap holds it; the
// links it could not read carry the reason.
func Chain(snap *snapshot.Snapshot, t snapshot.Target) *report.Chain {
	c := &report.Chain{}
	switch t.Kind {
	case snapshot.KindService:
		svc, err := snap.Services.Get(t.Namespace, t.Name)
		if err != nil {
			c.Routes = append(c.Routes, report.Route{Service: t.Name, Unknown: err})
			return c
		}
		b, berr := backends(snap, svc)
		for i, p := range svc.Spec.Ports {
			proto := string(p.Protocol)
			if proto == "" {
				proto = string(corev1.ProtocolTCP)
			}
			c.Routes = append(c.Routes, report.Route{Where: fmt.Sprintf("spec.ports[%d]", i), Listener: proto + " " + strconv.Itoa(int(p.Port)),
				Service: svc.Name, ServicePort: servicePort(strconv.Itoa(int(p.Port)), p.TargetPort.String()), Backends: b, Unknown: berr})
		}
	case snapshot.KindIngress:
		ing, err := snap.Ingresses.Get(t.Namespace, t.Name)
		if err != nil {
			c.Routes = append(c.Routes, report.Route{Unknown: err})
			return c
		}
		tlsHosts := map[string]bool{}
		for _, tls := range ing.Spec.TLS {
			for _, h := range tls.Hosts {
				tlsHosts[h] = true
			}
			if len(tls.Hosts) == 0 {
				tlsHosts["*"] = true
			}
		}
		add := func(where, host, path string, be *networkingv1.IngressServiceBackend) {
			listeners := []string{"HTTP 80"}
			if tlsHosts[host] || tlsHosts["*"] {
				listeners = append(listeners, "HTTPS 443")
			}
			for _, l := range listeners {
				rt := ingressRoute(snap, t.Namespace, l, host, path, be)
				rt.Where = where
				c.Routes = append(c.Routes, rt)
			}
		}
		if d := ing.Spec.DefaultBackend; d != nil {
			add("spec.defaultBackend", "*", "", d.Service)
		}
		for i, r := range ing.Spec.Rules {
			host := r.Host
			if host == "" {
				host = "*"
			}
			if r.HTTP == nil {
				continue
			}
			for j, p := range r.HTTP.Paths {
				add(fmt.Sprintf("spec.rules[%d].http.paths[%d]", i, j), host, p.Path, p.Backend.Service)
			}
		}
	}
	return c
}

// ingressRoute is the route of one Ingress path through listener to its backend Service.
func ingressRoute(snap *snapshot.Snapshot, ns, listener, host, path string, be *networkingv1.IngressServiceBackend) report.Route {
	r := report.Route{Listener: listener, Host: host, Path: path}
	if be == nil {
		return r
	}
	r.Service = be.Name
	r.ServicePort = be.Port.Name
	if be.Port.Name == "" {
		r.ServicePort = strconv.Itoa(int(be.Port.Number))
	}
	svc, err := snap.Services.Get(ns, be.Name)
	if err != nil {
		r.Unknown = err
		return r
	}
	for _, p := range svc.Spec.Ports {
		if (be.Port.Name != "" && p.Name == be.Port.Name) || (be.Port.Name == "" && p.Port == be.Port.Number) {
			r.ServicePort = servicePort(r.ServicePort, p.TargetPort.String())
		}
	}
	r.Backends, r.Unknown = backends(snap, svc)
	return r
}

// servicePort is a Service port with its target port after an arrow when it names one.
func servicePort(port, target string) string {
	if target == "" || target == "0" || target == port {
		return port
	}
	return port + "→" + target
}

// backends are svc's endpoints as the checks read them.
func backends(snap *snapshot.Snapshot, svc *corev1.Service) (*report.Backends, error) {
	set, err := checks.BackendsOf(snap, svc)
	if err != nil {
		return nil, err
	}
	b := &report.Backends{Total: len(set.Endpoints)}
	for _, e := range set.Endpoints {
		if e.Ready {
			b.Ready++
		}
		if !slices.Contains(b.Pods, e.Name) {
			b.Pods = append(b.Pods, e.Name)
		}
		if e.Node != "" && !slices.Contains(b.Nodes, e.Node) {
			b.Nodes = append(b.Nodes, e.Node)
		}
	}
	return b, nil
}

// ChainCloud is the cloud side of target t's chain: its load balancer as the cloud read of snap
// (--cloud) found it, through provider's cloud checks. Nil when the cloud was not asked, or the
// provider has no cloud checks that apply to the target.
func ChainCloud(snap *snapshot.Snapshot, t snapshot.Target, provider rules.Provider, suite *checks.Suite) *report.CloudSide {
	if snap.Clouds == nil {
		return nil
	}
	v, ok := suite.CloudView(snap, t, provider)
	if !ok {
		return nil
	}
	cs := &report.CloudSide{View: v}
	f := snap.Clouds[string(provider)]
	if f == nil {
		cs.Unread = words.Errorf("the %s cloud was not read", "没有读取 %s 云", string(provider))
		return cs
	}
	cs.Region, cs.Endpoint = f.Region, f.Endpoint
	if v.LB != "" {
		cs.LB, cs.Unread = f.LoadBalancers.Get(v.LB)
	}
	return cs
}
