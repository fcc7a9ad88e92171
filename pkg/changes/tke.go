package changes

import (
	"encoding/json"
	"fmt"
	"strings"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/annotations"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// TKEUpdate is the TKE Service lifecycle as document 457/90598 states it (the switches TKE refuses),
// key by key; WhenSet is false where removing the annotation is itself a switch (to a public CLB, to
// a CLB TKE creates, to the cluster's own VPC or region).
var TKEUpdate = []UpdateKey{
	{tkeann.InternalSubnetID, false, Refused, "457/90598: no switch between public and private CLB, nor of a private CLB's subnet"},
	{tkeann.ExistedLBID, false, Refused, "457/90598: no switch between a created and an existing CLB, nor to another existing one"},
	{tkeann.SvcCrossVPC, false, Refused, "457/90598: no switch of a CLB to another VPC"},
	{tkeann.SvcCrossRegion, false, Refused, "457/90598: no switch of a CLB to another VPC (region)"},
	{tkeann.SvcExtensive, true, Refused, "457/90598: no switch of a public CLB's zone (ZoneId, MasterZoneId); the other creation parameters are read at creation only"},
}

// tkeZone is the zone a created CLB's extensiveParameters name (ZoneId, else MasterZoneId); "" when
// unset or unreadable.
func tkeZone(svc *corev1.Service) string {
	var p struct{ ZoneId, MasterZoneId string }
	if json.Unmarshal([]byte(svc.Annotations[tkeann.SvcExtensive]), &p) != nil {
		return ""
	}
	return orDefault(p.ZoneId, p.MasterZoneId)
}

// tkeBackendKeys decide which backends TKE binds and how it weights them.
var tkeBackendKeys = []string{tkeann.BackendsLabel, tkeann.SvcDirectAccess, tkeann.LocalOnlyPodNodes, tkeann.LocalWeightedBalance}

func tkeService(now, after *corev1.Service) []Change {
	var out []Change
	reused := now.Annotations[tkeann.ExistedLBID]
	if !isLB(after) {
		if reused != "" {
			return []Change{{Rule: tkerules.ServiceReusedListenersRemoved, Field: "spec.type", Old: string(now.Spec.Type), New: string(after.Spec.Type),
				Says: say(sayTKEReusedListenersGone, strings.Join(portKeys(now), ", "), reused)}}
		}
		return []Change{{Rule: tkerules.ServiceChangeDeletesLB, Field: "spec.type", Old: string(now.Spec.Type), New: string(after.Spec.Type),
			Says: say(sayTKEDeletesLB, addressNote(now.Status.LoadBalancer.Ingress))}}
	}
	refused := func(key string, what sayKey) {
		o, n := now.Annotations[key], after.Annotations[key]
		out = append(out, Change{Rule: tkerules.ServiceCLBSwitchRefused, Field: annPath(key), Old: o, New: n,
			Says: say(sayTKERefused, say(what))})
	}
	newReused := after.Annotations[tkeann.ExistedLBID]
	switch {
	case reused == "" && newReused != "":
		refused(tkeann.ExistedLBID, sayTKESwitchToExisting)
	case reused != "" && newReused == "":
		refused(tkeann.ExistedLBID, sayTKESwitchToCreated)
	case reused != newReused:
		refused(tkeann.ExistedLBID, sayTKEMoveToOtherExisting)
	}
	// The network type does not apply to an existing CLB.
	if reused == "" && newReused == "" {
		o, n := now.Annotations[tkeann.InternalSubnetID], after.Annotations[tkeann.InternalSubnetID]
		switch {
		case o == "" && n != "":
			refused(tkeann.InternalSubnetID, sayTKEPublicToPrivate)
		case o != "" && n == "":
			refused(tkeann.InternalSubnetID, sayTKEPrivateToPublic)
		case o != n:
			refused(tkeann.InternalSubnetID, sayTKEOtherSubnet)
		}
	}
	// A public CLB TKE created stays in its zone; a zone no longer named changes nothing.
	if reused == "" && newReused == "" && now.Annotations[tkeann.InternalSubnetID] == "" && after.Annotations[tkeann.InternalSubnetID] == "" {
		if o, n := tkeZone(now), tkeZone(after); n != "" && o != "" && n != o {
			out = append(out, Change{Rule: tkerules.ServiceCLBSwitchRefused, Field: annPath(tkeann.SvcExtensive), Old: o, New: n,
				Says: say(sayTKERefused, say(sayTKEOtherZone))})
		}
	}
	for _, k := range []string{tkeann.SvcCrossVPC, tkeann.SvcCrossRegion} {
		if now.Annotations[k] != after.Annotations[k] {
			refused(k, sayTKEOtherVPC)
		}
	}
	if reused != "" && newReused == reused {
		if gone := removedPorts(now, after); len(gone) > 0 {
			out = append(out, Change{Rule: tkerules.ServiceReusedListenersRemoved, Field: "spec.ports", Old: strings.Join(portKeys(now), ","), New: strings.Join(portKeys(after), ","),
				Says: say(sayTKEListenersOfPortsGone, strings.Join(gone, ", "), reused)})
		}
	}
	out = append(out, valueChanges(tkerules.ServiceBackendChange, now.Annotations, after.Annotations, tkeBackendKeys, func(key, o, n string) words.Words {
		if strings.HasSuffix(key, "direct-access") {
			return say(sayTKEDirectAccess)
		}
		return say(sayTKEBackends)
	})...)
	return out
}

// tkeClass is the ingress class an Ingress names: the annotation, else spec.ingressClassName.
func tkeClass(ing *networkingv1.Ingress) (class, field string) {
	if v, ok := ing.Annotations[annotations.IngressClass]; ok {
		return v, annPath(annotations.IngressClass)
	}
	if ing.Spec.IngressClassName != nil {
		return *ing.Spec.IngressClassName, "spec.ingressClassName"
	}
	return "", annPath(annotations.IngressClass)
}

// tkeManaged: the TKE Ingress controller serves an Ingress without a class or of class qcloud.
func tkeManaged(ing *networkingv1.Ingress) bool {
	c, _ := tkeClass(ing)
	return c == "" || c == "qcloud"
}

func tkeIngress(now, after *networkingv1.Ingress) []Change {
	if !tkeManaged(now) {
		return nil
	}
	if !tkeManaged(after) {
		o, _ := tkeClass(now)
		n, field := tkeClass(after)
		what := say(sayTKEIngressDeletesLB, addressNote(IngressStatus(now)))
		if lb := now.Annotations[tkeann.IngExistLB]; lb != "" {
			what = say(sayTKEIngressDeletesListeners, lb)
		}
		return []Change{{Rule: tkerules.IngressChangeDeletesLB, Field: field, Old: o, New: n, Says: what}}
	}
	var out []Change
	if now.Annotations[tkeann.EnableGroup] != "true" && after.Annotations[tkeann.EnableGroup] == "true" {
		out = append(out, Change{Rule: tkerules.IngressGroupAfterCreation, Field: annPath(tkeann.EnableGroup), Old: now.Annotations[tkeann.EnableGroup], New: "true",
			Says: say(sayTKEGroupAfterCreation)})
	}
	// Without rule-mix an Ingress with TLS is served by HTTPS only: its rules leave the HTTP
	// listener when TLS comes, or when rule-mix goes while TLS stays.
	mixed := func(ing *networkingv1.Ingress) bool { return ing.Annotations[tkeann.RuleMix] == "true" }
	switch {
	case len(now.Spec.Rules) == 0 || len(after.Spec.TLS) == 0 || mixed(after):
	case len(now.Spec.TLS) == 0:
		out = append(out, Change{Rule: tkerules.IngressTLSMovesHTTPRules, Field: "spec.tls", Old: "", New: tlsHosts(after),
			Says: say(sayTKETLSMovesHTTP)})
	case mixed(now):
		out = append(out, Change{Rule: tkerules.IngressTLSMovesHTTPRules, Field: annPath(tkeann.RuleMix), Old: now.Annotations[tkeann.RuleMix], New: after.Annotations[tkeann.RuleMix],
			Says: say(sayTKETLSMovesHTTP)})
	}
	if len(now.Spec.TLS) > 0 && len(after.Spec.TLS) == 0 {
		out = append(out, Change{Rule: tkerules.IngressHTTPSListenerRemoved, Field: "spec.tls", Old: tlsHosts(now), New: "",
			Says: say(sayTKEHTTPSGone)})
	}
	return out
}

func tlsHosts(ing *networkingv1.Ingress) string {
	var hosts []string
	for _, t := range ing.Spec.TLS {
		if len(t.Hosts) == 0 {
			hosts = append(hosts, "(default)")
		}
		hosts = append(hosts, t.Hosts...)
	}
	return strings.Join(hosts, ",")
}

// IngressStatus is the Ingress's status addresses in the Service status type.
func IngressStatus(ing *networkingv1.Ingress) []corev1.LoadBalancerIngress {
	out := make([]corev1.LoadBalancerIngress, len(ing.Status.LoadBalancer.Ingress))
	for i, in := range ing.Status.LoadBalancer.Ingress {
		out[i] = corev1.LoadBalancerIngress{IP: in.IP, Hostname: in.Hostname}
	}
	return out
}

// genericIngress: a host and path that stay but route to another backend.
func genericIngress(now, after *networkingv1.Ingress) []Change {
	old := map[string]string{}
	for _, r := range now.Spec.Rules {
		if r.HTTP == nil {
			continue
		}
		for _, p := range r.HTTP.Paths {
			old[r.Host+"\x00"+p.Path] = backendString(p.Backend)
		}
	}
	var out []Change
	for i, r := range after.Spec.Rules {
		if r.HTTP == nil {
			continue
		}
		for j, p := range r.HTTP.Paths {
			o, ok := old[r.Host+"\x00"+p.Path]
			if n := backendString(p.Backend); ok && o != n {
				out = append(out, Change{Rule: rules.GenericIngressBackendsChange, Field: fmt.Sprintf("spec.rules[%d].http.paths[%d].backend", i, j), Old: o, New: n,
					Says: say(sayIngressBackend, orDefault(r.Host, "*"), orDefault(p.Path, "/"), n)})
			}
		}
	}
	return out
}

func backendString(b networkingv1.IngressBackend) string {
	if b.Service == nil {
		if b.Resource != nil {
			return b.Resource.Kind + "/" + b.Resource.Name
		}
		return ""
	}
	port := b.Service.Port.Name
	if port == "" {
		port = fmt.Sprint(b.Service.Port.Number)
	}
	return b.Service.Name + ":" + port
}
