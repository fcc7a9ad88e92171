//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/policy"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/policy/policytest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// policyLabel marks the namespaces the policies of this test are bound to, so that they never judge
// the objects other tests load into the shared API server.
const policyLabel = "lbdoctor.io/policy-e2e"

// TestPolicy applies the generated policies with Deny to the real API server (through kubectl apply,
// which proves the server accepts every expression), then creates (server-side dry run) every
// Service and Ingress of the corpus and the examples, and the generated variants: an object the
// checks flag for a covered error-severity rule is refused with the code of every such rule, one flagged for a
// covered warning rule only is admitted with a warning naming it, every other object is admitted
// without a warning.
func TestPolicy(t *testing.T) {
	var objs []runtime.Object
	var files []string
	for _, g := range []string{"test/corpus/*/*.yaml", "examples/*/*.yaml"} {
		m, err := filepath.Glob(filepath.Join(repoRoot, g))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	for _, f := range files {
		got, err := policytest.Targets(f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		objs = append(objs, got...)
	}
	corpusObjects := len(objs)
	objs = append(objs, policytest.Variants()...)

	cfg := rest.CopyConfig(env.cfg)
	cfg.QPS, cfg.Burst = 500, 1000
	warned := &warnings{}
	cfg.WarningHandler = warned
	kube, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, cluster := range []rules.Provider{tkerules.Provider, ackrules.Provider} {
		t.Run(string(cluster), func(t *testing.T) {
			ns := "policy-e2e-" + string(cluster)
			ensureNamespace(t, kube, ns, map[string]string{policyLabel: string(cluster)})
			pre := createBroken(t, kube, ns, cluster)
			applyPolicies(t, cluster)
			waitForPolicy(t, kube, ns, cluster)
			waitForWarnings(t, kube, warned, ns, cluster, objs)
			updatesRatchet(t, kube, warned, pre, cluster)
			var n struct{ refused, admitted, warned, apiRefused, falseRejections, falseWarnings, corpusRefused int }
			for i, obj := range objs {
				want, err := policytest.GoVerdict(obj, cluster)
				if err != nil {
					t.Fatal(err)
				}
				sure, maybe := expected(obj, want, cluster)
				sureErr, sureWarn := bySeverity(sure)
				warned.reset()
				err = dryRunCreate(kube, ns, obj.DeepCopyObject())
				name := describe(obj)
				switch {
				case err == nil && len(sureErr) > 0:
					t.Errorf("%s admitted, but the checks find %v", name, sureErr)
				case err == nil:
					n.admitted++
					got := warned.ours()
					for _, id := range sureWarn {
						if !slices.ContainsFunc(got, func(w string) bool { return strings.Contains(w, policy.Label(id.Rule())+": ") }) {
							t.Errorf("%s admitted without a warning for %s (warnings: %v)", name, id, got)
						}
					}
					if len(got) > 0 {
						n.warned++
					}
					if len(got) > 0 && len(sure)+len(maybe) == 0 {
						n.falseWarnings++
						t.Errorf("false warning: %s, but the checks find no covered rule: %v", name, got)
					}
				case !isPolicyDenial(err):
					n.apiRefused++
					t.Logf("%s refused by the API server's own validation: %v", name, err)
				case len(sure)+len(maybe) == 0:
					n.falseRejections++
					t.Errorf("false rejection: %s refused, but the checks find no covered rule: %v", name, err)
				case !slices.ContainsFunc(append(sure, maybe...), func(id rules.ID) bool { return strings.Contains(err.Error(), policy.Label(id.Rule())+": ") }):
					t.Errorf("%s refused without the code of any rule the checks find (%v): %v", name, append(sure, maybe...), err)
				case slices.ContainsFunc(sureErr, func(id rules.ID) bool { return !strings.Contains(err.Error(), policy.Label(id.Rule())+": ") }):
					// The API server returns one denial message; it must name every error rule broken.
					t.Errorf("%s refused, but the answer does not name every error rule the checks find (%v): %v", name, sureErr, err)
				default:
					n.refused++
					if i < corpusObjects {
						n.corpusRefused++
					}
				}
			}
			t.Logf("cluster %s: %d objects (%d from the corpus and examples): %d refused with their code (%d of the corpus and examples), "+
				"%d admitted (%d of them with warnings), %d refused by the API server itself, %d false rejections, %d false warnings",
				cluster, len(objs), corpusObjects, n.refused, n.corpusRefused, n.admitted, n.warned, n.apiRefused, n.falseRejections, n.falseWarnings)
			if n.refused == 0 || n.admitted == 0 {
				t.Errorf("nothing refused or nothing admitted: the test proves nothing")
			}
			createAndDiagnose(t, kube, ns, cluster)
		})
	}
}

// brokenAnnotations make a Service break an error-severity rule of the cluster's policies; newProblem
// breaks another one.
var (
	brokenAnnotations = map[rules.Provider]map[string]string{
		tkerules.Provider: {"service.kubernetes.io/tke-existed-lbid": "lb-NOT-AN-ID"},
		ackrules.Provider: {"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-address-type": "nowhere"},
	}
	newProblem = map[rules.Provider][2]string{
		tkerules.Provider: {"service.kubernetes.io/qcloud-loadbalancer-internal-subnetid", "subnet-?"},
		ackrules.Provider: {"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-scheduler", "fastest"},
	}
)

// createBroken really creates a broken Service before the policies exist.
func createBroken(t *testing.T, kube kubernetes.Interface, ns string, cluster rules.Provider) *corev1.Service {
	t.Helper()
	svc := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: "preexisting", Namespace: ns, Annotations: brokenAnnotations[cluster]},
		Spec: corev1.ServiceSpec{Type: corev1.ServiceTypeLoadBalancer, Ports: []corev1.ServicePort{{Port: 80}}}}
	ctx := context.Background()
	created, err := kube.CoreV1().Services(ns).Create(ctx, svc, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = kube.CoreV1().Services(ns).Delete(ctx, svc.Name, metav1.DeleteOptions{}) })
	return created
}

// updatesRatchet: under Deny, an update of a Service that was broken before the policies is admitted
// when it leaves the problem as it was (a label, a finalizer), and refused when it adds a new one.
func updatesRatchet(t *testing.T, kube kubernetes.Interface, warned *warnings, svc *corev1.Service, cluster rules.Provider) {
	t.Helper()
	ctx := context.Background()
	c := kube.CoreV1().Services(svc.Namespace)
	svc.Labels = map[string]string{"touched": "yes"}
	svc.Finalizers = []string{"example.com/cleanup"}
	updated, err := c.Update(ctx, svc, metav1.UpdateOptions{})
	if err != nil {
		t.Fatalf("an update that leaves the old problem alone was refused: %v", err)
	}
	updated.Finalizers = nil
	if updated, err = c.Update(ctx, updated, metav1.UpdateOptions{}); err != nil {
		t.Fatalf("removing the finalizer was refused: %v", err)
	}
	if cluster == ackrules.Provider {
		rebind(t, kube, warned, svc.Namespace)
	}
	kv := newProblem[cluster]
	updated.Annotations[kv[0]] = kv[1]
	_, err = c.Update(ctx, updated, metav1.UpdateOptions{DryRun: []string{metav1.DryRunAll}})
	if !isPolicyDenial(err) {
		t.Errorf("an update adding %s=%q was not refused: %v", kv[0], kv[1], err)
	}
}

// rebind: moving the loadbalancer-id annotation of a Service bound to a CLB (label and address) to
// another CLB is warned about with ack.service.lb-rebind (judged on updates: status is the old
// object's), not refused: the verdict rests on the object's history, which no Deny policy judges.
func rebind(t *testing.T, kube kubernetes.Interface, warned *warnings, ns string) {
	t.Helper()
	ctx := context.Background()
	c := kube.CoreV1().Services(ns)
	const key, a, b = "service.beta.kubernetes.io/alibaba-cloud-loadbalancer-id", "lb-bp1o94dp5i6earr9g6d1l", "lb-bp1c0q8kf0s3ckh0v1x5"
	svc := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: "bound", Namespace: ns,
		Labels:      map[string]string{"service.k8s.alibaba/loadbalancer-id": a},
		Annotations: map[string]string{key: a, "service.beta.kubernetes.io/alibaba-cloud-loadbalancer-force-override-listeners": "true"}},
		Spec: corev1.ServiceSpec{Type: corev1.ServiceTypeLoadBalancer, Ports: []corev1.ServicePort{{Port: 80}}}}
	created, err := c.Create(ctx, svc, metav1.CreateOptions{})
	if err != nil {
		t.Fatalf("creating a bound Service: %v", err)
	}
	t.Cleanup(func() { _ = c.Delete(ctx, svc.Name, metav1.DeleteOptions{}) })
	created.Status.LoadBalancer.Ingress = []corev1.LoadBalancerIngress{{IP: "47.1.2.3"}}
	bound, err := c.UpdateStatus(ctx, created, metav1.UpdateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	bound.Annotations[key] = b
	warned.reset()
	if _, err = c.Update(ctx, bound, metav1.UpdateOptions{DryRun: []string{metav1.DryRunAll}}); err != nil {
		t.Fatalf("moving a bound Service to another CLB was refused, want a warning: %v", err)
	}
	if ws := warned.ours(); !slices.ContainsFunc(ws, func(w string) bool { return strings.Contains(w, "ack.service.lb-rebind: ") }) {
		t.Errorf("moving a bound Service to another CLB was not warned about with ack.service.lb-rebind: %v", ws)
	}
}

// createAndDiagnose really creates (no dry run) the Service of the cluster's fixed example under the
// Deny policies, then diagnoses it live: it is admitted, and the plugin finds no covered rule on it.
func createAndDiagnose(t *testing.T, kube kubernetes.Interface, ns string, cluster rules.Provider) {
	t.Helper()
	objs, err := policytest.Targets(filepath.Join(repoRoot, "examples", string(cluster)+"-service", "fixed.yaml"))
	if err != nil || len(objs) == 0 {
		t.Fatalf("fixed example: %v", err)
	}
	svc := objs[0].(*corev1.Service).DeepCopy()
	svc.Namespace, svc.ResourceVersion, svc.Status = ns, "", corev1.ServiceStatus{}
	ctx := context.Background()
	if _, err := kube.CoreV1().Services(ns).Create(ctx, svc, metav1.CreateOptions{}); err != nil {
		t.Fatalf("creating the fixed example under Deny: %v", err)
	}
	t.Cleanup(func() { _ = kube.CoreV1().Services(ns).Delete(ctx, svc.Name, metav1.DeleteOptions{}) })
	rep, r := lbdoctor(t, env.kubeconfig, "svc/"+svc.Name, "-n", ns, "--provider", string(cluster), "--fail-on", "none")
	if r.code != 0 {
		t.Fatalf("kubectl lbdoctor: exit %d: %s", r.code, r.stderr)
	}
	covered := map[string]bool{}
	for _, p := range providers.Catalog().Policies() {
		for _, c := range p.Rules {
			covered[c.Rule.String()] = true
		}
	}
	for _, f := range rep.Findings {
		if covered[f.Rule.String()] {
			t.Errorf("the admitted fixed example has finding %s live: %s", f.Rule, f.Message)
		}
	}
}

// bySeverity splits rules into those the Deny-bound policies refuse (error severity, decided by the
// object alone) and the others (warned).
func bySeverity(ids []rules.ID) (errs, warns []rules.ID) {
	for _, id := range ids {
		// An error rule that other context decides is bound only to warn (rules.Rule.Decides).
		if r := id.Rule(); r.Severity == rules.Error && r.ObjectAlone() {
			errs = append(errs, id)
		} else {
			warns = append(warns, id)
		}
	}
	return errs, warns
}

// warnings collects the warning headers of the API server's answers.
type warnings struct {
	mu   sync.Mutex
	msgs []string
}

func (w *warnings) HandleWarningHeader(_ int, _ string, msg string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.msgs = append(w.msgs, msg)
}

func (w *warnings) reset() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.msgs = nil
}

// ours returns the warnings of the lbdoctor policies since the last reset.
func (w *warnings) ours() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []string
	for _, m := range w.msgs {
		if strings.Contains(m, "ValidatingAdmissionPolicy '"+policy.Prefix) {
			out = append(out, m)
		}
	}
	return out
}

// expected splits the covered rules of the applied provider's policies that the checks find on obj
// into those the policy must see and those it may miss (inside JSON annotations, or in the status
// the API server resets on create).
func expected(obj runtime.Object, found map[rules.ID]bool, applied rules.Provider) (sure, maybe []rules.ID) {
	anns := obj.(metav1.Object).GetAnnotations()
	covered := map[rules.ID]policy.Covered{}
	for _, p := range providers.Catalog().Policies() {
		for _, c := range p.Rules {
			covered[c.Rule] = c
		}
	}
	for id := range found {
		if id.Rule().Provider != applied {
			continue
		}
		if !covered[id].Exact(anns) || covered[id].ReadsStatus {
			maybe = append(maybe, id)
		} else {
			sure = append(sure, id)
		}
	}
	slices.SortFunc(sure, rules.Compare)
	slices.SortFunc(maybe, rules.Compare)
	return sure, maybe
}

// applyPolicies prints the policies for cluster with the plugin, bound with Deny to the namespaces
// labelled for it, and applies them with kubectl; they are deleted when the test ends.
func applyPolicies(t *testing.T, cluster rules.Provider) {
	t.Helper()
	r := kubectl(t, env.kubeconfig, "lbdoctor", "policy", "--provider", string(cluster), "--action", "Deny",
		"--namespace-selector", policyLabel+"="+string(cluster))
	if r.code != 0 {
		t.Fatalf("kubectl lbdoctor policy: exit %d: %s", r.code, r.stderr)
	}
	file := filepath.Join(t.TempDir(), "policies.yaml")
	if err := os.WriteFile(file, []byte(r.stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := kubectl(t, env.kubeconfig, "apply", "-f", file); r.code != 0 {
		t.Fatalf("kubectl apply of the policies: exit %d: %s%s", r.code, r.stdout, r.stderr)
	} else if strings.Contains(r.stderr, "Warning") {
		t.Logf("kubectl apply warned: %s", r.stderr)
	}
	t.Cleanup(func() {
		if r := kubectl(t, env.kubeconfig, "delete", "-f", file, "--ignore-not-found"); r.code != 0 {
			t.Errorf("deleting the policies: %s", r.stderr)
		}
	})
}

// waitForPolicy polls with a known-bad Service until the API server enforces the new policy (policies
// and bindings reach the admission plugin through an informer, a moment after they are created).
func waitForPolicy(t *testing.T, kube kubernetes.Interface, ns string, cluster rules.Provider) {
	t.Helper()
	anns := map[string]string{"service.kubernetes.io/tke-existed-lbid": "lb-NOT-AN-ID"}
	if cluster == ackrules.Provider {
		anns = map[string]string{"service.beta.kubernetes.io/alibaba-cloud-loadbalancer-address-type": "nowhere"}
	}
	bad := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: "policy-probe", Annotations: anns},
		Spec: corev1.ServiceSpec{Type: corev1.ServiceTypeLoadBalancer, Ports: []corev1.ServicePort{{Port: 80}}}}
	deadline := time.Now().Add(60 * time.Second)
	for {
		err := dryRunCreate(kube, ns, bad.DeepCopy())
		if isPolicyDenial(err) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the policies are not enforced after 60s; the probe got: %v", err)
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// waitForWarnings waits until the Warn-only policies answer too: the API server loads each policy
// on its own, so the Deny probe of waitForPolicy can pass before they do. It dry-runs, until it
// gets every warning the checks expect, the objects that only warn, one after the other.
func waitForWarnings(t *testing.T, kube kubernetes.Interface, warned *warnings, ns string, cluster rules.Provider, objs []runtime.Object) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for _, obj := range objs {
		want, err := policytest.GoVerdict(obj, cluster)
		if err != nil {
			t.Fatal(err)
		}
		sure, _ := expected(obj, want, cluster)
		sureErr, sureWarn := bySeverity(sure)
		if len(sureErr) > 0 || len(sureWarn) == 0 {
			continue
		}
		for {
			warned.reset()
			err := dryRunCreate(kube, ns, obj.DeepCopyObject())
			got := warned.ours()
			if err != nil || !slices.ContainsFunc(sureWarn, func(id rules.ID) bool {
				return !slices.ContainsFunc(got, func(w string) bool { return strings.Contains(w, policy.Label(id.Rule())+": ") })
			}) {
				break
			}
			if time.Now().After(deadline) {
				return // the main loop reports what is missing
			}
			time.Sleep(250 * time.Millisecond)
		}
	}
}

func isPolicyDenial(err error) bool {
	return err != nil && strings.Contains(err.Error(), "ValidatingAdmissionPolicy '"+policy.Prefix)
}

// dryRunCreate creates obj in ns with a server-side dry run.
func dryRunCreate(kube kubernetes.Interface, ns string, obj runtime.Object) error {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	opts := metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}}
	m := obj.(metav1.Object)
	m.SetNamespace(ns)
	m.SetResourceVersion("")
	m.SetUID("")
	m.SetCreationTimestamp(metav1.Time{})
	m.SetManagedFields(nil)
	m.SetFinalizers(nil)
	m.SetOwnerReferences(nil)
	switch o := obj.(type) {
	case *corev1.Service:
		o.Spec.ClusterIP, o.Spec.ClusterIPs = "", nil
		o.Status = corev1.ServiceStatus{}
		_, err := kube.CoreV1().Services(ns).Create(ctx, o, opts)
		return err
	case *networkingv1.Ingress:
		o.Status = networkingv1.IngressStatus{}
		_, err := kube.NetworkingV1().Ingresses(ns).Create(ctx, o, opts)
		return err
	}
	return fmt.Errorf("unsupported object %T", obj)
}

func describe(obj runtime.Object) string {
	m := obj.(metav1.Object)
	return fmt.Sprintf("%T %s/%s %v", obj, m.GetNamespace(), m.GetName(), m.GetAnnotations())
}

func ensureNamespace(t *testing.T, kube kubernetes.Interface, name string, labels map[string]string) {
	t.Helper()
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name, Labels: labels}}
	_, err := kube.CoreV1().Namespaces().Create(context.Background(), ns, metav1.CreateOptions{})
	if err != nil && !apierrors.IsAlreadyExists(err) {
		t.Fatal(err)
	}
}
