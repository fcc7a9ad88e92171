package tkechecks

import (
	"maps"
	"slices"
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/annotations"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// tkeUnknownChecks flag keys under a TKE prefix that no TKE page documents (tkeann.Keys).
var tkeUnknownChecks = []checks.Check{
	{Name: "tke-service-unknown-annotations", Kind: rules.Service, Provider: tkerules.Provider, Applies: tkeLBService,
		Run: func(c *checks.Context) error {
			tkeUnknownKeys(c, c.Service.Annotations, annotations.Service, tkerules.ServiceUnknownAnnotation)
			return nil
		},
		Emits: []rules.ID{tkerules.ServiceUnknownAnnotation}, Inputs: checks.TargetOnly},
	{Name: "tke-ingress-unknown-annotations", Kind: rules.Ingress, Provider: tkerules.Provider, Applies: checks.OwnController,
		Run: func(c *checks.Context) error {
			tkeUnknownKeys(c, c.Ingress.Annotations, annotations.Ingress, tkerules.IngressUnknownAnnotation)
			return nil
		},
		Emits: []rules.ID{tkerules.IngressUnknownAnnotation}, Inputs: checks.TargetOnly},
}

// tkeUnknownKeys reports each key of ann that TKE does not document for kind: with the nearest key of
// kind, and with the kind a key is documented for when it is the other one. Any key under
// tkeann.OwnPrefixes counts; a key under a shared prefix (kubernetes.io/ingress., kubernetes.io/service.,
// service.kubernetes.io/, also used by Kubernetes and other clouds) only within two edits of a TKE key.
func tkeUnknownKeys(c *checks.Context, ann map[string]string, kind annotations.Kinds, rule rules.ID) {
	known := tkeann.Keys.Names(kind)
	for _, key := range slices.Sorted(maps.Keys(ann)) {
		if slices.Contains(known, key) {
			continue
		}
		own := slices.ContainsFunc(tkeann.OwnPrefixes, func(p string) bool { return strings.HasPrefix(key, p) })
		best, d := annotations.Nearest(key, known)
		if !own && (d < 0 || d > 2) {
			continue
		}
		var hint words.Words
		switch {
		case d >= 0 && (!own || annotations.Close(d, len(best)-commonPrefix(key, best))):
			hint = words.Say("; did you mean %s?", "；是不是想写 %s？", best)
		}
		if k, ok := tkeann.Keys.Get(key); ok {
			c.Say(rule, checks.AnnPath(key), words.Say("%s is documented for %s, not for this kind of object%s",
				"%s 是为 %s 记载的注解，不适用于这类对象%s", key, k.Kinds.String(), hint))
			continue
		}
		c.Say(rule, checks.AnnPath(key), words.Say("the TKE controller does not document %s%s", "TKE 控制器没有记载注解 %s%s", key, hint))
	}
}

// commonPrefix is the length of the longest common prefix of a and b.
func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}
