package ackchecks

import (
	discoveryv1 "k8s.io/api/discovery/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// inACKIDUsers: the Services whose loadbalancer-id annotation (current or legacy key) names the
// target's CLB id.
var inACKIDUsers = []checks.Input{
	checks.OnlyWhen(checks.MatchingInput(snapshot.Services, ackIDKeys[0], false, ackID), ackReuses),
	checks.OnlyWhen(checks.MatchingInput(snapshot.Services, ackIDKeys[1], false, ackID), ackReuses),
}

func ackID(c *checks.Context) []string { return []string{ackAnns(c.Service.Annotations).value("id")} }

var ackIDKeys = [2]string{ackann.Prefix + "id", ackann.LegacyPrefix + "id"}

// ackIDOf is ackAnns(ann).value("id") without building the keys: the planner asks it of every
// Service for each target that reuses a CLB.
func ackIDOf(ann map[string]string) string {
	for _, k := range ackIDKeys {
		if v, ok := ann[k]; ok {
			return v
		}
	}
	return ""
}

// ackIDUserSlices are the EndpointSlices of the other CLB Services that name the target's CLB id
// (checkACKQuota counts their backends), and, as backendsOf falls back to them, the pods of those
// with a selector and no EndpointSlice; every EndpointSlice while the Services are unknown.
func ackIDUserSlices(c *checks.Context) []snapshot.Request {
	id := ackAnns(c.Service.Annotations).value("id")
	if id == "" {
		return nil
	}
	all := []snapshot.Request{{Resource: snapshot.EndpointSlices}}
	svcs, err := c.Snap.Services.List("")
	if err != nil {
		return all
	}
	var out []snapshot.Request
	for _, s := range svcs {
		if c.IsTarget(snapshot.KindService, s.Namespace, s.Name) || !ackCLBService(s) || ackIDOf(s.Annotations) != id {
			continue
		}
		out = append(out, snapshot.Request{Resource: snapshot.EndpointSlices,
			Only: snapshot.Match{Label: true, Key: discoveryv1.LabelServiceName, Value: s.Name}})
		if sel := checks.SelectorString(s); sel != "" {
			if sl, err := c.Snap.ServiceSlices(s); err == nil && len(sl) == 0 {
				out = append(out, snapshot.Request{Resource: snapshot.Pods, Namespace: s.Namespace, LabelSelector: sel, PerTarget: true})
			}
		}
	}
	return out
}

// inACKCloudConfig: the CCM's cluster configuration (default backend type, public CLBs allowed).
var inACKCloudConfig = checks.Input{Resource: snapshot.ConfigMaps, Scope: checks.Fixed, Namespace: checks.KubeSystem, Name: ackCloudConfigCM}

// ccmInput: the cloud-controller-manager Deployment or DaemonSet, among kube-system's.
var ccmInput = checks.Input{Resource: snapshot.Deployments, Scope: checks.Fixed, Namespace: checks.KubeSystem}
