package checks

import (
	networkingv1 "k8s.io/api/networking/v1"

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

// Inputs shared by several checks.
var (
	inEvents = Input{Scope: TargetEvents, Required: true}
	InNodes  = Input{Resource: snapshot.Nodes, Scope: ClusterWide}
	// InSlices: the target Service's EndpointSlices.
	InSlices = Input{Resource: snapshot.EndpointSlices, Scope: Selected, Selector: (*Context).slicesSelector}
	// InBackendPods: the pods the target Service selects.
	InBackendPods = Input{Resource: snapshot.Pods, Scope: Selected, Selector: func(c *Context) string {
		if c.Service == nil || len(c.Service.Spec.Selector) == 0 {
			return ""
		}
		return c.selector()
	}}
)

// MatchingInput is a Matching input of resource: the objects whose annotation (label, when label) key
// has a value values returns.
func MatchingInput(resource, key string, label bool, values func(*Context) []string) Input {
	return Input{Resource: resource, Scope: Matching, Match: snapshot.Match{Label: label, Key: key}, Values: values}
}

// Require returns in marked Required, read only when when holds (nil: always).
func Require(in Input, when func(*Context) bool) Input {
	in.Required, in.When = true, when
	return in
}

func OnlyWhen(in Input, when func(*Context) bool) Input {
	in.When = when
	return in
}

func Annotated(key string) func(*Context) bool {
	return func(c *Context) bool { return TargetAnnotations(c)[key] != "" }
}

func TargetAnnotations(c *Context) map[string]string {
	if c.Service != nil {
		return c.Service.Annotations
	}
	return c.Ingress.Annotations
}

func selectorless(c *Context) bool { return len(c.Service.Spec.Selector) == 0 }

// TargetOnly declares that a check reads the target alone: nothing the live fetcher must fetch, nothing
// whose absence skips it.
var TargetOnly = []Input{}

// IngressServiceNames lists the backend Service names of an Ingress's spec.
func IngressServiceNames(ing *networkingv1.Ingress) []string {
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
