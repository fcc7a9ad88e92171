package snapshot

import (
	"slices"
	"strings"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// resourceKinds maps the resource names kubectl accepts for the two supported kinds (singular,
// plural, short name), each optionally qualified by version and group as in ingresses.v1.networking.k8s.io.
var resourceKinds = map[string]Kind{
	"svc": KindService, "service": KindService, "services": KindService,
	"ing": KindIngress, "ingress": KindIngress, "ingresses": KindIngress,
}

var kindGroups = map[Kind][]string{
	KindService: {""},
	KindIngress: {"networking.k8s.io", "extensions"},
}

// UnsupportedError says the resource type is not one lbdoctor diagnoses.
type UnsupportedError struct{ Resource string }

// Error is the message in English.
func (e UnsupportedError) Error() string { return e.In(words.English) }

// In is the message in lang; the resource type stays as the user gave it.
func (e UnsupportedError) In(lang words.Lang) string {
	return words.Say("lbdoctor diagnoses Services and Ingresses only, not %q; try svc/NAME or ingress/NAME",
		"lbdoctor 只诊断 Service 和 Ingress，不诊断 %q；请使用 svc/NAME 或 ingress/NAME", e.Resource).In(lang)
}

// ResolveResource turns "svc", "ingresses.networking.k8s.io" or "ingresses.v1.networking.k8s.io"
// into a kind.
func ResolveResource(res string) (Kind, error) {
	lower := strings.ToLower(res)
	name, group, _ := strings.Cut(lower, ".")
	kind, ok := resourceKinds[name]
	if !ok {
		return "", UnsupportedError{res}
	}
	if group != "" {
		if v, rest, found := strings.Cut(group, "."); found && isVersion(v) {
			group = rest
		}
		if !slices.Contains(kindGroups[kind], group) {
			return "", UnsupportedError{res}
		}
	}
	if group == "" && kind == KindService && strings.Contains(lower, ".") {
		return "", UnsupportedError{res}
	}
	return kind, nil
}

// isVersion reports whether s looks like an API version: v, a digit, then anything (v1, v1beta1).
func isVersion(s string) bool {
	return len(s) > 1 && s[0] == 'v' && s[1] >= '0' && s[1] <= '9'
}

// ParseTargets reads kubectl-style target arguments: "TYPE/NAME ..." or "TYPE NAME ...", resolving
// TYPE with resolve.
func ParseTargets(args []string, ns string, resolve func(string) (Kind, error)) ([]Target, error) {
	if len(args) == 0 {
		return nil, nil
	}
	var out []Target
	if !strings.Contains(args[0], "/") {
		kind, err := resolve(args[0])
		if err != nil {
			return nil, err
		}
		if len(args) == 1 {
			return nil, words.Errorf("missing name after %[1]q; usage: kubectl lbdoctor %[1]s NAME",
				"%[1]q 后缺少名称；用法：kubectl lbdoctor %[1]s NAME", args[0])
		}
		for _, name := range args[1:] {
			if strings.Contains(name, "/") || name == "" {
				return nil, words.Errorf("invalid name %q after %q: give either TYPE NAME or TYPE/NAME",
					"%[2]q 后的名称 %[1]q 无效：请写成 TYPE NAME 或 TYPE/NAME", name, args[0])
			}
			out = appendTarget(out, Target{Kind: kind, Namespace: ns, Name: name})
		}
		return out, nil
	}
	for _, a := range args {
		res, name, ok := strings.Cut(a, "/")
		if !ok || name == "" || res == "" || strings.Contains(name, "/") {
			return nil, words.Errorf("invalid target %q: give TYPE/NAME, e.g. svc/foo or ingress/bar",
				"目标 %q 无效：请写成 TYPE/NAME，例如 svc/foo 或 ingress/bar", a)
		}
		kind, err := resolve(res)
		if err != nil {
			return nil, err
		}
		out = appendTarget(out, Target{Kind: kind, Namespace: ns, Name: name})
	}
	return out, nil
}

// appendTarget adds t unless it is already listed: svc/x svc/x is diagnosed once.
func appendTarget(l []Target, t Target) []Target {
	if slices.Contains(l, t) {
		return l
	}
	return append(l, t)
}

// ResolveWithMapper asks a cluster's REST mapper (kindFor: its KindFor) for a resource the static
// table does not know, so that the error names what the user asked for; a mapper that does not
// answer within deadline (0: no limit) leaves the resource unsupported.
func ResolveWithMapper(kindFor func(schema.GroupVersionResource) (schema.GroupVersionKind, error), res string, deadline time.Duration) (Kind, error) {
	type answer struct {
		gvk schema.GroupVersionKind
		err error
	}
	ch := make(chan answer, 1)
	go func() {
		gvr, gr := schema.ParseResourceArg(res)
		if gvr == nil {
			gvr = new(gr.WithVersion(""))
		}
		gvk, err := kindFor(*gvr)
		ch <- answer{gvk, err}
	}()
	var expired <-chan time.Time
	if deadline > 0 {
		expired = time.After(deadline)
	}
	var a answer
	select {
	case a = <-ch:
	case <-expired:
		return "", UnsupportedError{res}
	}
	switch {
	case meta.IsNoMatchError(a.err):
		return "", words.Errorf("the server doesn't have a resource type %q; lbdoctor diagnoses services (svc) and ingresses (ing)",
			"服务器上没有资源类型 %q；lbdoctor 诊断 services（svc）和 ingresses（ing）", res)
	case a.err != nil:
		return "", UnsupportedError{res}
	}
	gvk := a.gvk
	switch {
	case gvk.Group == "" && gvk.Kind == "Service":
		return KindService, nil
	case (gvk.Group == "networking.k8s.io" || gvk.Group == "extensions") && gvk.Kind == "Ingress":
		return KindIngress, nil
	}
	return "", words.Errorf("lbdoctor diagnoses Services and Ingresses only, not %s; try svc/NAME or ingress/NAME",
		"lbdoctor 只诊断 Service 和 Ingress，不诊断 %s；请使用 svc/NAME 或 ingress/NAME", gvk.GroupKind())
}
