//go:build e2e

package e2e

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/dynamic"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestNewCheckInputsFetchedLive: a check that declares inputs no other check reads (a named ConfigMap
// and a Secret its target's annotation names) gets them from the API server, single target and -n,
// with no edit to the fetcher.
func TestNewCheckInputsFetchedLive(t *testing.T) {
	ctx := context.Background()
	const ns = "plan-e2e"
	kube := env.kube
	mustCreate := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	_, err := kube.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}}, metav1.CreateOptions{})
	mustCreate(err)
	// The namespace stays (no namespace controller runs here to finish deleting it); its objects go.
	t.Cleanup(func() {
		_ = kube.CoreV1().Services(ns).Delete(ctx, "web", metav1.DeleteOptions{})
		_ = kube.CoreV1().ConfigMaps(ns).Delete(ctx, "probe-settings", metav1.DeleteOptions{})
		_ = kube.CoreV1().Secrets(ns).Delete(ctx, "probe-token", metav1.DeleteOptions{})
	})
	_, err = kube.CoreV1().ConfigMaps(ns).Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "probe-settings"},
		Data: map[string]string{"mode": "strict"}}, metav1.CreateOptions{})
	mustCreate(err)
	_, err = kube.CoreV1().Secrets(ns).Create(ctx, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "probe-token"},
		StringData: map[string]string{"k": "v"}}, metav1.CreateOptions{})
	mustCreate(err)
	_, err = kube.CoreV1().Services(ns).Create(ctx, &corev1.Service{
		ObjectMeta: metav1.ObjectMeta{Name: "web", Annotations: map[string]string{"example.com/probe-secret": "probe-token"}},
		Spec: corev1.ServiceSpec{Type: corev1.ServiceTypeLoadBalancer, Selector: map[string]string{"app": "web"},
			Ports: []corev1.ServicePort{{Port: 80}}}}, metav1.CreateOptions{})
	mustCreate(err)

	var mode string
	var secretSeen bool
	probe := checks.Check{Name: "probe", Kind: rules.Service, Provider: rules.Generic,
		Inputs: []checks.Input{
			{Resource: snapshot.ConfigMaps, Scope: checks.Fixed, Namespace: ns, Name: "probe-settings", Required: true},
			{Resource: snapshot.Secrets, Scope: checks.Referenced, Required: true, Names: func(c *checks.Context) []string {
				return []string{c.Service.Annotations["example.com/probe-secret"]}
			}},
		},
		Run: func(c *checks.Context) error {
			if cm, err := c.Snap.ConfigMaps.Get(ns, "probe-settings"); err == nil {
				mode = cm.Data["mode"]
			}
			_, err := c.Snap.Secrets.Get(ns, "probe-token")
			secretSeen = err == nil
			return nil
		}}
	suite := checks.NewSuiteOf(providers.Suite().Clouds(), []checks.Check{probe})
	dyn, err := dynamic.NewForConfig(env.cfg)
	if err != nil {
		t.Fatal(err)
	}
	clients := snapshot.Clients{Kube: kube, Dynamic: dyn}
	target := snapshot.Target{Kind: snapshot.KindService, Namespace: ns, Name: "web"}
	fetch := map[string]func() (*snapshot.Snapshot, error){
		"single target": func() (*snapshot.Snapshot, error) {
			return snapshot.FromCluster(ctx, clients, []snapshot.Target{target}, suite.Plan(""))
		},
		"namespace scope": func() (*snapshot.Snapshot, error) {
			return snapshot.FromScope(ctx, clients, ns, snapshot.Selector{}, suite.Plan(""))
		},
	}
	for _, name := range []string{"single target", "namespace scope"} {
		t.Run(name, func(t *testing.T) {
			mode, secretSeen = "", false
			snap, err := fetch[name]()
			if err != nil {
				t.Fatal(err)
			}
			res, err := suite.Run(snap, target, rules.Generic)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Skipped) > 0 {
				t.Fatalf("probe skipped: %+v", res.Skipped)
			}
			if mode != "strict" || !secretSeen {
				t.Errorf("probe saw ConfigMap mode %q, Secret %v", mode, secretSeen)
			}
			if _, err := snap.Pods.List(ns); err == nil {
				t.Error("pods were read though no check of the plan reads them")
			}
		})
	}
}
