package tkechecks

import (
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// ServiceConfigs is TKE's CRD that tunes CLB listeners (TkeServiceConfig), the registry's entry of it.
var ServiceConfigs = snapshot.RegisterCustom(snapshot.Entry{
	GVR:  schema.GroupVersionResource{Group: "cloud.tencent.com", Version: "v1alpha1", Resource: "tkeserviceconfigs"},
	Kind: "TkeServiceConfig", Namespaced: true, Verbs: []snapshot.Verb{snapshot.VerbList, snapshot.VerbWatch},
	Granted: []snapshot.Verb{snapshot.VerbGet}, Provider: string(tkerules.Provider),
	Why: "TKE's CRD that tunes CLB listeners, named by Service and Ingress annotations",
})

// inTKELBUsers: the Services and Ingresses that name the CLB id of the target's annotation key,
// as lbUsers finds them.
var inTKELBUsers = func(key string) []checks.Input {
	id := func(c *checks.Context) []string { return []string{checks.TargetAnnotations(c)[key]} }
	return []checks.Input{
		checks.Require(checks.MatchingInput(snapshot.Services, tkeann.ExistedLBID, false, id), checks.Annotated(key)),
		checks.Require(checks.MatchingInput(snapshot.Services, tkeann.LoadBalanceID, false, id), checks.Annotated(key)),
		checks.Require(checks.MatchingInput(snapshot.Ingresses, tkeann.IngExistLB, false, id), checks.Annotated(key)),
		checks.Require(checks.MatchingInput(snapshot.Ingresses, tkeann.IngLBID, false, id), checks.Annotated(key)),
	}
}

func directAccessOn(c *checks.Context) bool {
	v := c.Service.Annotations[tkeann.SvcDirectAccess]
	if v == "" {
		return false
	}
	on, err := checks.ParseBool(v)
	return err == nil && on
}

// inIPMasqAgent: TKE's ip-masq-agent settings (the check says nothing without them) and the nodes.
var inIPMasqAgent = []checks.Input{{Resource: snapshot.ConfigMaps, Scope: checks.Fixed, Namespace: tkeSysNS, Name: tkeIPMasqCM, Required: true}, checks.InNodes}

// controllerConfigMaps are the kube-system ConfigMaps the l7-lb-controller's environment names.
func controllerConfigMaps(c *checks.Context) []snapshot.Request {
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
func nginxWebhookWorkloads(c *checks.Context) []snapshot.Request {
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
