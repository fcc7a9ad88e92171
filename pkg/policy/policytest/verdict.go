// Package policytest holds what the tests of the admission policies share: the CLI's verdict on one
// object, the Services and Ingresses of a manifest file, and generated variants.
package policytest

import (
	"bytes"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/diagnose"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// clusterNodes stand for the cluster's cloud in the CLI's provider detection (node providerIDs).
var clusterNodes = map[rules.Provider]string{
	tkerules.Provider: "qcloud:///100003/ins-3ven36lk",
	ackrules.Provider: "cn-hangzhou.i-bp1c0q8kf0s3ckh0v1x5",
}

// GoVerdict runs the real checks offline on a snapshot holding only obj and a node of the cluster's
// cloud, and returns the covered rules that fired, as findings or as their consequences. A finding
// the check judged below its rule's severity (the controller accepts the object as it is, e.g. a
// specification ignored at creation) is no verdict to gate on.
func GoVerdict(obj runtime.Object, cluster rules.Provider) (map[rules.ID]bool, error) {
	var b bytes.Buffer
	y, err := yaml.Marshal(obj)
	if err != nil {
		return nil, err
	}
	b.Write(y)
	fmt.Fprintf(&b, "---\napiVersion: v1\nkind: Node\nmetadata:\n  name: node-1\nspec:\n  providerID: %s\n", clusterNodes[cluster])
	s, err := snapshot.FromFiles([]string{"-"}, &b, "default")
	if err != nil {
		return nil, fmt.Errorf("snapshot: %w", err)
	}
	var tgt snapshot.Target
	switch o := obj.(type) {
	case *corev1.Service:
		tgt = snapshot.Target{Kind: snapshot.KindService, Namespace: o.Namespace, Name: o.Name}
	case *networkingv1.Ingress:
		tgt = snapshot.Target{Kind: snapshot.KindIngress, Namespace: o.Namespace, Name: o.Name}
	}
	rep, err := diagnose.Target(s, tgt, diagnose.Options{})
	if err != nil {
		return nil, err
	}
	// The ACK policies judge LoadBalancer Services without a loadBalancerClass only (an NLB Service's
	// class excludes it in the match conditions); the CLI's NLB findings are not theirs.
	classed := false
	if svc, ok := obj.(*corev1.Service); ok {
		classed = svc.Spec.Type == corev1.ServiceTypeLoadBalancer && svc.Spec.LoadBalancerClass != nil
	}
	out := map[rules.ID]bool{}
	// The policies know nothing of lbdoctor.io/ignore: a finding it suppressed is a verdict all the same.
	for _, f := range append(rep.Findings, rep.Suppressed...) {
		// A consequence folded under another finding was found by the checks all the same.
		for _, g := range append([]report.Finding{f}, f.Consequences...) {
			r, _ := rules.Get(g.Rule)
			if g.Severity < r.Severity || (classed && r.Provider == ackrules.Provider) {
				continue
			}
			if covered[g.Rule] && g.Source != checks.SourceEvent {
				out[g.Rule] = true
			}
		}
	}
	return out, nil
}

var covered = func() map[rules.ID]bool {
	m := map[rules.ID]bool{}
	for _, p := range providers.Catalog().Policies() {
		for _, c := range p.Rules {
			m[c.Rule] = true
		}
	}
	return m
}()

// Targets reads the Services and Ingresses of a manifest file, as the CLI reads them.
func Targets(path string) ([]runtime.Object, error) {
	s, err := snapshot.FromFiles([]string{path}, nil, "default")
	if err != nil {
		return nil, err
	}
	var out []runtime.Object
	for _, svc := range s.Services.Held("") {
		svc = svc.DeepCopy()
		svc.APIVersion, svc.Kind = "v1", "Service"
		out = append(out, svc)
	}
	for _, ing := range s.Ingresses.Held("") {
		ing = ing.DeepCopy()
		ing.APIVersion, ing.Kind = "networking.k8s.io/v1", "Ingress"
		out = append(out, ing)
	}
	return out, nil
}
