//go:build e2e

package e2e

import (
	"context"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/test/scenario"
)

// plainCase is what a plain apply of one example file shows.
type plainCase struct {
	file    string
	want    []rules.ID // rules that must be reported
	refuses string     // a namespace whose Ingress writes the file's webhook refuses
	allows  string     // a namespace whose Ingress writes it must let through
}

// plainApply says, per example file, what a plain `kubectl apply` of it shows on a cluster with no
// controllers: the rules its manifests decide alone (the rest needs pods, nodes, status or
// kube-system, which make demo adds from test/scenario/facts), and where its webhook acts.
var plainApply = []plainCase{
	{file: "examples/ack-service/broken.yaml", want: []rules.ID{ackrules.ServiceAnnotationDependency, ackrules.ServiceCLCUSpec,
		ackrules.ServiceENIStringTargetPort, ackrules.ServiceHTTPSToHTTPSBackend, ackrules.ServiceInvalidAnnotation,
		ackrules.ServiceLegacyAnnotationConflict, ackrules.ServiceUnknownAnnotation, rules.GenericServiceExternalTrafficLocal}},
	{file: "examples/ack-service/fixed.yaml"},
	{file: "examples/tke-ingress/broken.yaml", want: []rules.ID{tkerules.IngressE4009, tkerules.IngressE4011, tkerules.IngressE4026,
		tkerules.IngressE4031, tkerules.IngressE4035, tkerules.IngressE4037, tkerules.IngressE4041, tkerules.IngressE4042,
		tkerules.IngressE4046, tkerules.IngressE4047, tkerules.IngressE4048, tkerules.IngressE4051, tkerules.IngressE4052}},
	{file: "examples/tke-ingress/fixed.yaml"},
	{file: "examples/tke-internal-ingress/broken.yaml", want: []rules.ID{tkerules.IngressE6009, tkerules.IngressCLBLoopback}, refuses: "intranet"},
	{file: "examples/tke-internal-ingress/fixed.yaml", allows: "intranet"},
	{file: "examples/tke-service/broken.yaml", want: []rules.ID{tkerules.ServiceE4005, tkerules.ServiceE4012, tkerules.ServiceE4014,
		tkerules.ServiceE4075, tkerules.ServiceConfigConflict}},
	{file: "examples/tke-service/fixed.yaml"},
}

// controllerless are the findings of a cluster without controllers: no pod behind a selector, no
// node for CCM, no event about the load balancer. A fixed example shows nothing else.
var controllerless = []rules.ID{rules.GenericServiceNoEndpoints, ackrules.ServiceNoAvailableNodes, ackrules.ServiceReuseOldCCM,
	rules.GenericServiceNoEvents, rules.GenericIngressNoEvents}

// unrelatedNS holds the Ingress that proves an example leaves the rest of the cluster alone.
const unrelatedNS = "lbdoctor-unrelated"

// TestExamplesPlainApply applies every example file as a user would on a plain cluster: the CRDs of
// deploy/crds, then the file, with the real kubectl and nothing else (no status, nodes, pods or
// kube-system objects). The plugin reports each LoadBalancer Service and Ingress of the file with the
// rules its manifests decide, and the API server still accepts an Ingress in another namespace.
// Then each example directory is applied whole (broken, then fixed) and shows no problem of its own.
func TestExamplesPlainApply(t *testing.T) {
	if r := kubectl(t, env.kubeconfig, "apply", "-f", filepath.Join(repoRoot, "deploy", "crds")); r.code != 0 {
		t.Fatalf("kubectl apply -f deploy/crds: exit %d: %s", r.code, r.stderr)
	}
	files := scenarioFiles(t)
	for _, tt := range plainApply {
		if !slices.Contains(files, tt.file) {
			t.Errorf("plainApply names %s, which is not an example", tt.file)
		}
	}
	for _, file := range files {
		i := slices.IndexFunc(plainApply, func(p plainCase) bool { return p.file == file })
		if i < 0 {
			t.Errorf("%s has no entry in plainApply", file)
			continue
		}
		tt := plainApply[i]
		t.Run(file, func(t *testing.T) {
			objs := plainApplyFiles(t, file)
			got := diagnosePlain(t, objs)
			for _, id := range tt.want {
				if len(got[id]) == 0 {
					t.Errorf("missing %s; got %v", id, ruleList(got))
				}
			}
			if strings.Contains(file, "fixed") {
				onlyControllerless(t, got)
			}
			acceptsIngress(t, unrelatedNS)
			if tt.refuses != "" {
				r := createIngress(t, tt.refuses)
				if r.code == 0 || !strings.Contains(r.stderr, `failed calling webhook "validate.nginx.ingress.kubernetes.io"`) {
					t.Errorf("an Ingress in %s: exit %d, want refused by the example's webhook: %s", tt.refuses, r.code, r.stderr)
				}
			}
			if tt.allows != "" {
				acceptsIngress(t, tt.allows)
			}
		})
	}
	dirs := map[string]bool{}
	for _, f := range files {
		dirs[filepath.Dir(f)] = true
	}
	for _, dir := range slices.Sorted(maps.Keys(dirs)) {
		t.Run(dir+"/", func(t *testing.T) {
			onlyControllerless(t, diagnosePlain(t, plainApplyFiles(t, dir)))
			acceptsIngress(t, unrelatedNS)
		})
	}
}

// plainApplyFiles runs `kubectl apply -f path` (a file, or a directory of files applied in name
// order) and returns the objects of the files. When the test ends it deletes them, and the
// namespaces the apply created (finalizing them as the absent namespace controller would).
func plainApplyFiles(t *testing.T, path string) []*unstructured.Unstructured {
	t.Helper()
	files := []string{path}
	if !strings.HasSuffix(path, ".yaml") {
		m, err := filepath.Glob(filepath.Join(repoRoot, path, "*.yaml"))
		if err != nil || len(m) == 0 {
			t.Fatalf("no files in %s: %v", path, err)
		}
		files = m
	}
	var objs []*unstructured.Unstructured
	for _, f := range files {
		if !filepath.IsAbs(f) {
			f = filepath.Join(repoRoot, f)
		}
		o, err := scenario.Read(f)
		if err != nil {
			t.Fatal(err)
		}
		objs = append(objs, o...)
	}
	var created []string
	for _, u := range objs {
		if u.GetKind() == "Namespace" && !slices.Contains(created, u.GetName()) {
			if _, err := env.kube.CoreV1().Namespaces().Get(context.Background(), u.GetName(), metav1.GetOptions{}); apierrors.IsNotFound(err) {
				created = append(created, u.GetName())
			}
		}
	}
	t.Cleanup(func() {
		var refs []scenario.Ref
		for _, u := range objs {
			refs = append(refs, scenario.Ref{APIVersion: u.GetAPIVersion(), Kind: u.GetKind(), Namespace: u.GetNamespace(), Name: u.GetName()})
		}
		if err := env.loader.Delete(context.Background(), refs); err != nil {
			t.Errorf("cleanup: %v", err)
		}
		for _, ns := range created {
			dropNamespace(t, ns)
		}
	})
	if r := kubectl(t, env.kubeconfig, "apply", "-f", filepath.Join(repoRoot, path)); r.code != 0 {
		t.Fatalf("kubectl apply -f %s: exit %d: %s%s", path, r.code, r.stdout, r.stderr)
	}
	return objs
}

// diagnosePlain runs `kubectl lbdoctor -A` and returns the findings of the reports in the namespaces
// of objs, by rule; those reports must be exactly one per LoadBalancer Service and Ingress of objs,
// and the exit code must follow their errors.
func diagnosePlain(t *testing.T, objs []*unstructured.Unstructured) map[rules.ID][]report.Finding {
	t.Helper()
	r := kubectl(t, env.kubeconfig, "lbdoctor", "-A", "-o", "json")
	l := decodeList(t, r)
	namespaces := map[string]bool{}
	var want []string
	for _, u := range objs {
		if u.GetKind() == "Namespace" {
			namespaces[u.GetName()] = true
		}
		typ, _, _ := unstructured.NestedString(u.Object, "spec", "type")
		if u.GetKind() == "Ingress" || u.GetKind() == "Service" && typ == string(corev1.ServiceTypeLoadBalancer) {
			if t := u.GetKind() + " " + u.GetNamespace() + "/" + u.GetName(); !slices.Contains(want, t) {
				want = append(want, t)
			}
		}
	}
	got, errs := map[rules.ID][]report.Finding{}, 0
	var targets []string
	for _, rep := range l.Items {
		if !namespaces[rep.Target.Namespace] {
			continue
		}
		targets = append(targets, rep.Target.String())
		errs += rep.Summary.Error
		for _, f := range rep.Findings {
			got[f.Rule] = append(got[f.Rule], f)
			for _, c := range f.Consequences { // reported under their cause's finding
				got[c.Rule] = append(got[c.Rule], c)
			}
		}
	}
	slices.Sort(want)
	slices.Sort(targets)
	if !slices.Equal(targets, want) {
		t.Errorf("reports for %v, want %v", targets, want)
	}
	if wantCode := map[bool]int{true: 1, false: 0}[errs > 0]; r.code != wantCode {
		t.Errorf("exit %d with %d errors, want %d: %s", r.code, errs, wantCode, r.stderr)
	}
	return got
}

// onlyControllerless fails on a finding that a missing controller does not explain.
func onlyControllerless(t *testing.T, got map[rules.ID][]report.Finding) {
	t.Helper()
	for id, fs := range got {
		if !slices.Contains(controllerless, id) {
			t.Errorf("%s at %s: %s", id, fs[0].Path, fs[0].Message)
		}
	}
}

func ruleList(got map[rules.ID][]report.Finding) []string {
	var out []string
	for id := range got {
		out = append(out, id.String())
	}
	slices.Sort(out)
	return out
}

// createIngress creates Ingress lbdoctor-probe in ns with the real kubectl (and ns when missing,
// dropped when the test ends).
func createIngress(t *testing.T, ns string) result {
	t.Helper()
	if _, err := env.kube.CoreV1().Namespaces().Get(context.Background(), ns, metav1.GetOptions{}); apierrors.IsNotFound(err) {
		if r := kubectl(t, env.kubeconfig, "create", "namespace", ns); r.code != 0 {
			t.Fatalf("kubectl create namespace %s: %s", ns, r.stderr)
		}
		t.Cleanup(func() { dropNamespace(t, ns) })
	}
	r := kubectl(t, env.kubeconfig, "create", "ingress", "lbdoctor-probe", "-n", ns, "--rule=probe.example.com/=probe:80")
	if r.code == 0 {
		t.Cleanup(func() {
			if r := kubectl(t, env.kubeconfig, "delete", "ingress", "lbdoctor-probe", "-n", ns); r.code != 0 {
				t.Errorf("deleting the probe Ingress in %s: %s", ns, r.stderr)
			}
		})
	}
	return r
}

// acceptsIngress fails unless the API server accepts a new Ingress in ns.
func acceptsIngress(t *testing.T, ns string) {
	t.Helper()
	if r := createIngress(t, ns); r.code != 0 {
		t.Errorf("an Ingress in namespace %s was refused: %s", ns, r.stderr)
	}
}

// dropNamespace deletes an empty namespace and finalizes it, as the namespace controller a bare API
// server lacks would: otherwise it stays Terminating and refuses the objects of later tests.
func dropNamespace(t *testing.T, name string) {
	t.Helper()
	ctx := context.Background()
	nss := env.kube.CoreV1().Namespaces()
	if err := nss.Delete(ctx, name, metav1.DeleteOptions{}); err != nil && !apierrors.IsNotFound(err) {
		t.Errorf("deleting namespace %s: %v", name, err)
		return
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		ns, err := nss.Get(ctx, name, metav1.GetOptions{})
		if apierrors.IsNotFound(err) {
			return
		}
		if err == nil && len(ns.Spec.Finalizers) > 0 {
			ns.Spec.Finalizers = nil
			_, err = nss.Finalize(ctx, ns, metav1.UpdateOptions{})
		}
		if err != nil && !apierrors.IsNotFound(err) && !apierrors.IsConflict(err) {
			t.Errorf("finalizing namespace %s: %v", name, err)
			return
		}
		if time.Now().After(deadline) {
			t.Errorf("namespace %s still there after 10s", name)
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}
