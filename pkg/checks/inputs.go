package checks

import (
	"slices"
	"strings"

	discoveryv1 "k8s.io/api/discovery/v1"
	networkingv1 "k8s.io/api/networking/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// Scope says which objects of a kind an input reads.
type Scope int

// Input scopes.
const (
	// InNamespace: every object of the kind in the target's namespace.
	InNamespace Scope = iota
	// ClusterWide: every object of the kind.
	ClusterWide
	// Referenced: the objects of the target's namespace (or cluster-scoped ones) the target names (Names).
	Referenced
	// Selected: the objects of the target's namespace a label selector picks (Selector).
	Selected
	// Fixed: one named object (Namespace/Name), or every object of Namespace when Name is empty.
	Fixed
	// TargetEvents: the events about the target.
	TargetEvents
	// Derived: objects that follow from other objects of the snapshot (Derive).
	Derived
	// Matching: the objects of the kind, in every namespace, whose annotation (or label) Match.Key
	// has the value Values returns; read as the whole list. An empty value reads every object.
	Matching
)

// Input is one read a check needs, as data: the live fetcher plans from it and the runner skips the
// check, with the reason, when a Required input is unknown.
type Input struct {
	// Resource is a snapshot resource (snapshot.Pods, …); Custom names a custom resource instead.
	Resource string
	Custom   *snapshot.CustomResource
	Scope    Scope
	// Namespace and Name of a Fixed input.
	Namespace, Name string
	// Names returns what a Referenced input reads, Selector the label selector of a Selected one
	// ("" reads nothing), Derive the reads of a Derived one.
	Names    func(*Context) []string
	Selector func(*Context) string
	Derive   func(*Context) []snapshot.Request
	// Match names the annotation or label of a Matching input, Values the values it reads.
	Match  snapshot.Match
	Values func(*Context) []string
	// When, if set, says whether the target needs the input at all (an annotation is set).
	When func(*Context) bool
	// Required: without it the check cannot say anything, so it is skipped.
	Required bool
}

// appendRequests appends the reads the input makes for the context's target to dst.
func (in Input) appendRequests(dst []snapshot.Request, c *Context) []snapshot.Request {
	if in.When != nil && !in.When(c) {
		return dst
	}
	ns := c.Target.Namespace
	base := snapshot.Request{Resource: in.Resource, Custom: in.Custom}
	switch in.Scope {
	case InNamespace:
		base.Namespace, base.PerTarget = ns, true
	case ClusterWide:
	case Referenced:
		for _, n := range in.Names(c) {
			if n == "" {
				continue
			}
			r := base
			r.Namespace, r.Name, r.PerTarget = ns, n, true
			dst = append(dst, r)
		}
		return dst
	case Selected:
		sel := in.Selector(c)
		if sel == "" {
			return dst
		}
		base.Namespace, base.LabelSelector, base.PerTarget = ns, sel, true
	case Fixed:
		base.Namespace, base.Name = in.Namespace, in.Name
	case TargetEvents:
		base = snapshot.Request{Resource: snapshot.Events, Kind: c.Target.Kind, Namespace: ns, Name: c.Target.Name, PerTarget: true}
	case Derived:
		return append(dst, in.Derive(c)...)
	case Matching:
		for _, v := range in.Values(c) {
			r := base
			if v != "" {
				r.Only = in.Match
				r.Only.Value = v
			}
			dst = append(dst, r)
		}
		return dst
	}
	return append(dst, base)
}

// scopeRequest is the read of a whole namespace that covers the input for every target of kind:
// certain when every such target needs it (always, for a check that applies to every target), or
// speculative for a selection (the objects a selector picks among the namespace's), which a check
// that may apply to every target of any provider reads for most of them.
func (in Input) scopeRequest(kind rules.Kind, everyTarget bool) (snapshot.Request, bool) {
	if in.Scope == Selected {
		return snapshot.Request{Resource: in.Resource, Custom: in.Custom, PerTarget: true}, true
	}
	if in.When != nil || !everyTarget {
		return snapshot.Request{}, false
	}
	switch in.Scope {
	case TargetEvents:
		return snapshot.Request{Resource: snapshot.Events, Kind: kind, PerTarget: true}, true
	case InNamespace:
		return snapshot.Request{Resource: in.Resource, Custom: in.Custom, PerTarget: true}, true
	}
	return snapshot.Request{}, false
}

// missing returns why a required input of the running check is unknown, or nil. Offline, an AddOnly
// check reads lists as far as the input files hold them.
func (c *Context) missing(ch *Check) error {
	for _, in := range ch.Inputs {
		if !in.Required {
			continue
		}
		c.reqs = in.appendRequests(c.reqs[:0], c)
		for _, r := range c.reqs {
			if r.Name == "" && r.Resource != snapshot.Events && c.Snap.Source == snapshot.Offline && ch.Offline == AddOnly {
				continue
			}
			if err := c.Snap.Known(r); err != nil {
				return err
			}
		}
	}
	return nil
}

// Inputs of the provider detection: node providerIDs and the kube-system objects that name a cloud.
var detectionInputs = []Input{
	{Resource: snapshot.Nodes, Scope: ClusterWide},
	{Resource: snapshot.ConfigMaps, Scope: Fixed, Namespace: kubeSystem, Name: tkeConfigCM},
	// One LIST each instead of a GET per well-known name: controllers and CNI agents have several
	// names across versions.
	{Resource: snapshot.Deployments, Scope: Fixed, Namespace: kubeSystem},
	{Resource: snapshot.DaemonSets, Scope: Fixed, Namespace: kubeSystem},
}

// tkeServiceConfigs is TKE's CRD that tunes CLB listeners, the registry's entry of it.
var tkeServiceConfigs = snapshot.RegisterCustom(snapshot.Entry{
	GVR:  schema.GroupVersionResource{Group: "cloud.tencent.com", Version: "v1alpha1", Resource: "tkeserviceconfigs"},
	Kind: "TkeServiceConfig", Namespaced: true, Verbs: []snapshot.Verb{snapshot.VerbList, snapshot.VerbWatch},
	Granted: []snapshot.Verb{snapshot.VerbGet}, Provider: string(tkerules.Provider),
	Why: "TKE's CRD that tunes CLB listeners, named by Service and Ingress annotations",
})

// Inputs shared by several checks.
var (
	inEvents = Input{Scope: TargetEvents, Required: true}
	inNodes  = Input{Resource: snapshot.Nodes, Scope: ClusterWide}
	// inSlices: the target Service's EndpointSlices.
	inSlices = Input{Resource: snapshot.EndpointSlices, Scope: Selected, Selector: (*Context).slicesSelector}
	// inBackendPods: the pods the target Service selects.
	inBackendPods = Input{Resource: snapshot.Pods, Scope: Selected, Selector: func(c *Context) string {
		if c.Service == nil || len(c.Service.Spec.Selector) == 0 {
			return ""
		}
		return c.selector()
	}}
	// inTKELBUsers: the Services and Ingresses that name the CLB id of the target's annotation key,
	// as lbUsers finds them.
	inTKELBUsers = func(key string) []Input {
		id := func(c *Context) []string { return []string{targetAnnotations(c)[key]} }
		return []Input{
			required(matching(snapshot.Services, annSvcExistedLB, false, id), annotated(key)),
			required(matching(snapshot.Services, annSvcLBID, false, id), annotated(key)),
			required(matching(snapshot.Ingresses, annExistLB, false, id), annotated(key)),
			required(matching(snapshot.Ingresses, annIngLBID, false, id), annotated(key)),
		}
	}
	// inACKIDUsers: the Services whose loadbalancer-id annotation (current or legacy key) names the
	// target's CLB id.
	inACKIDUsers = []Input{
		when(matching(snapshot.Services, ackIDKeys[0], false, ackID), ackReuses),
		when(matching(snapshot.Services, ackIDKeys[1], false, ackID), ackReuses),
	}
)

// matching is a Matching input of resource: the objects whose annotation (label, when label) key
// has a value values returns.
func matching(resource, key string, label bool, values func(*Context) []string) Input {
	return Input{Resource: resource, Scope: Matching, Match: snapshot.Match{Label: label, Key: key}, Values: values}
}

func ackID(c *Context) []string { return []string{ackAnns(c.Service.Annotations).value("id")} }

var ackIDKeys = [2]string{ackPrefix + "id", ackLegacyPrefix + "id"}

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
func ackIDUserSlices(c *Context) []snapshot.Request {
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
		if (s.Namespace == c.Service.Namespace && s.Name == c.Service.Name) || !ackCLBService(s) || ackIDOf(s.Annotations) != id {
			continue
		}
		out = append(out, snapshot.Request{Resource: snapshot.EndpointSlices,
			Only: snapshot.Match{Label: true, Key: discoveryv1.LabelServiceName, Value: s.Name}})
		if sel := selectorString(s); sel != "" {
			if sl, err := c.Snap.ServiceSlices(s); err == nil && len(sl) == 0 {
				out = append(out, snapshot.Request{Resource: snapshot.Pods, Namespace: s.Namespace, LabelSelector: sel, PerTarget: true})
			}
		}
	}
	return out
}

// required returns in marked Required, read only when when holds (nil: always).
func required(in Input, when func(*Context) bool) Input {
	in.Required, in.When = true, when
	return in
}

func when(in Input, when func(*Context) bool) Input {
	in.When = when
	return in
}

func annotated(key string) func(*Context) bool {
	return func(c *Context) bool { return targetAnnotations(c)[key] != "" }
}

func targetAnnotations(c *Context) map[string]string {
	if c.Service != nil {
		return c.Service.Annotations
	}
	return c.Ingress.Annotations
}

func directAccessOn(c *Context) bool {
	v := c.Service.Annotations[annSvcDirectAccess]
	if v == "" {
		return false
	}
	on, err := parseBool(v)
	return err == nil && on
}

func selectorless(c *Context) bool { return len(c.Service.Spec.Selector) == 0 }

// targetOnly declares that a check reads the target alone: nothing the live fetcher must fetch, nothing
// whose absence skips it.
var targetOnly = []Input{}

// inIPMasqAgent: TKE's ip-masq-agent settings (the check says nothing without them) and the nodes.
var inIPMasqAgent = []Input{{Resource: snapshot.ConfigMaps, Scope: Fixed, Namespace: tkeSysNS, Name: tkeIPMasqCM, Required: true}, inNodes}

// inACKCloudConfig: the CCM's cluster configuration (default backend type, public CLBs allowed).
var inACKCloudConfig = Input{Resource: snapshot.ConfigMaps, Scope: Fixed, Namespace: kubeSystem, Name: ackCloudConfigCM}

// ccmInput: the cloud-controller-manager Deployment or DaemonSet, among kube-system's.
var ccmInput = Input{Resource: snapshot.Deployments, Scope: Fixed, Namespace: kubeSystem}

// controllerConfigMaps are the kube-system ConfigMaps the l7-lb-controller's environment names.
func controllerConfigMaps(c *Context) []snapshot.Request {
	d, err := c.Snap.Deployments.Get(tkeSysNS, tkeL7Controller)
	if err != nil {
		return nil
	}
	var names []string
	for _, ct := range d.Spec.Template.Spec.Containers {
		for _, e := range ct.Env {
			if e.ValueFrom != nil && e.ValueFrom.ConfigMapKeyRef != nil {
				names = append(names, e.ValueFrom.ConfigMapKeyRef.Name)
			}
		}
		for _, ef := range ct.EnvFrom {
			if ef.ConfigMapRef != nil {
				names = append(names, ef.ConfigMapRef.Name)
			}
		}
	}
	var out []snapshot.Request
	for _, n := range slices.Compact(slices.Sorted(slices.Values(names))) {
		out = append(out, snapshot.Request{Resource: snapshot.ConfigMaps, Namespace: tkeSysNS, Name: n})
	}
	return out
}

// nginxWebhookWorkloads are the Deployments and DaemonSets of the namespaces that ingress-nginx
// admission webhooks point at, which tell the controller version.
func nginxWebhookWorkloads(c *Context) []snapshot.Request {
	whs, err := c.Snap.Webhooks.List("")
	if err != nil {
		return nil
	}
	var out []snapshot.Request
	for _, wh := range whs {
		for _, w := range wh.Webhooks {
			if strings.Contains(w.Name, "nginx") && w.ClientConfig.Service != nil {
				ns := w.ClientConfig.Service.Namespace
				out = append(out, snapshot.Request{Resource: snapshot.Deployments, Namespace: ns},
					snapshot.Request{Resource: snapshot.DaemonSets, Namespace: ns})
			}
		}
	}
	return out
}

// ingressServiceNames lists the backend Service names of an Ingress's spec.
func ingressServiceNames(ing *networkingv1.Ingress) []string {
	seen := map[string]bool{}
	var out []string
	add := func(n string) {
		if n != "" && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	if b := ing.Spec.DefaultBackend; b != nil && b.Service != nil {
		add(b.Service.Name)
	}
	for _, r := range ing.Spec.Rules {
		if r.HTTP == nil {
			continue
		}
		for _, p := range r.HTTP.Paths {
			if p.Backend.Service != nil {
				add(p.Backend.Service.Name)
			}
		}
	}
	return out
}
