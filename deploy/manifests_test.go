// Package deploy_test checks the invariants of the shipped manifests: read-only RBAC, a hardened
// serve Deployment whose probes and Service match the server's endpoints, and alerts on metrics
// that serve exports.
package deploy_test

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/intstr"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/serve"
)

// docs splits a manifest file into its documents, keyed by kind (each kind once).
func docs(t *testing.T, path string) map[string][]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	r := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(b)))
	for {
		doc, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var u unstructured.Unstructured
		if err := yaml.Unmarshal(doc, &u.Object); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if u.Object == nil {
			continue
		}
		if _, dup := out[u.GetKind()]; dup {
			t.Fatalf("%s holds two %s objects", path, u.GetKind())
		}
		out[u.GetKind()] = doc
	}
	return out
}

func decode[T any](t *testing.T, all map[string][]byte, kind string) *T {
	t.Helper()
	doc, ok := all[kind]
	if !ok {
		t.Fatalf("no %s in the manifest", kind)
	}
	var v T
	if err := yaml.UnmarshalStrict(doc, &v); err != nil {
		t.Fatalf("%s: %v", kind, err)
	}
	return &v
}

func TestRBACIsReadOnlyWithWatch(t *testing.T) {
	role := decode[rbacv1.ClusterRole](t, docs(t, "rbac.yaml"), "ClusterRole")
	for i, r := range role.Rules {
		for _, v := range r.Verbs {
			if !slices.Contains([]string{"get", "list", "watch"}, v) {
				t.Errorf("rule %d (%v) grants %q: the role must be read-only", i, r.Resources, v)
			}
		}
		for _, need := range []string{"list", "watch"} {
			if !slices.Contains(r.Verbs, need) {
				t.Errorf("rule %d (%v) lacks %s, which serve's informers need", i, r.Resources, need)
			}
		}
	}
}

func TestServeManifest(t *testing.T) {
	all := docs(t, "serve.yaml")
	role := decode[rbacv1.ClusterRole](t, docs(t, "rbac.yaml"), "ClusterRole")
	ns := decode[corev1.Namespace](t, all, "Namespace")
	sa := decode[corev1.ServiceAccount](t, all, "ServiceAccount")
	crb := decode[rbacv1.ClusterRoleBinding](t, all, "ClusterRoleBinding")
	dep := decode[appsv1.Deployment](t, all, "Deployment")
	svc := decode[corev1.Service](t, all, "Service")
	netpol := decode[networkingv1.NetworkPolicy](t, all, "NetworkPolicy")

	t.Run("namespaced objects live in the namespace", func(t *testing.T) {
		for kind, got := range map[string]string{"ServiceAccount": sa.Namespace, "Deployment": dep.Namespace, "Service": svc.Namespace,
			"NetworkPolicy": netpol.Namespace} {
			if got != ns.Name {
				t.Errorf("%s in namespace %q, want %q", kind, got, ns.Name)
			}
		}
	})
	t.Run("the binding gives the service account the read-only role", func(t *testing.T) {
		if crb.RoleRef.Kind != "ClusterRole" || crb.RoleRef.Name != role.Name {
			t.Errorf("roleRef %+v, want ClusterRole %s", crb.RoleRef, role.Name)
		}
		want := rbacv1.Subject{Kind: "ServiceAccount", Name: sa.Name, Namespace: sa.Namespace}
		if len(crb.Subjects) != 1 || crb.Subjects[0] != want {
			t.Errorf("subjects %+v, want only %+v", crb.Subjects, want)
		}
		if dep.Spec.Template.Spec.ServiceAccountName != sa.Name {
			t.Errorf("pod runs as %q, want %q", dep.Spec.Template.Spec.ServiceAccountName, sa.Name)
		}
	})
	pod := dep.Spec.Template.Spec
	if len(pod.Containers) != 1 {
		t.Fatalf("want one container, got %d", len(pod.Containers))
	}
	c := pod.Containers[0]
	t.Run("hardened", func(t *testing.T) {
		if dep.Spec.Replicas == nil || *dep.Spec.Replicas != 1 {
			t.Errorf("replicas %v, want 1", dep.Spec.Replicas)
		}
		psc, sc := pod.SecurityContext, c.SecurityContext
		if psc == nil || sc == nil {
			t.Fatal("pod or container has no securityContext")
		}
		if psc.RunAsNonRoot == nil || !*psc.RunAsNonRoot || psc.RunAsUser == nil || *psc.RunAsUser == 0 {
			t.Errorf("pod must run as a non-root uid: %+v", psc)
		}
		if psc.SeccompProfile == nil || psc.SeccompProfile.Type != corev1.SeccompProfileTypeRuntimeDefault {
			t.Errorf("seccomp %+v, want RuntimeDefault", psc.SeccompProfile)
		}
		if sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem {
			t.Error("root filesystem is writable")
		}
		if sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation {
			t.Error("privilege escalation allowed")
		}
		if sc.Capabilities == nil || !slices.Equal(sc.Capabilities.Drop, []corev1.Capability{"ALL"}) || len(sc.Capabilities.Add) > 0 {
			t.Errorf("capabilities %+v, want drop ALL and add none", sc.Capabilities)
		}
		for _, r := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
			if _, ok := c.Resources.Requests[r]; !ok {
				t.Errorf("no %s request", r)
			}
		}
		if _, ok := c.Resources.Limits[corev1.ResourceMemory]; !ok {
			t.Error("no memory limit")
		}
	})
	t.Run("probes, port and Service match the server", func(t *testing.T) {
		if !slices.Contains(c.Args, "serve") {
			t.Errorf("args %v do not run serve", c.Args)
		}
		var port int32
		for _, p := range c.Ports {
			if p.Name == "metrics" {
				port = p.ContainerPort
			}
		}
		if port == 0 {
			t.Fatal("no container port named metrics")
		}
		bind := ""
		for _, a := range c.Args {
			if v, ok := strings.CutPrefix(a, "--metrics-bind-address="); ok {
				bind = v
			}
		}
		if !strings.HasSuffix(bind, ":"+strconv.Itoa(int(port))) {
			t.Errorf("--metrics-bind-address=%q does not listen on the metrics port %d", bind, port)
		}
		for name, p := range map[string]*corev1.Probe{"/healthz": c.LivenessProbe, "/readyz": c.ReadinessProbe} {
			if p == nil || p.HTTPGet == nil || p.HTTPGet.Path != name || p.HTTPGet.Port != intstr.FromString("metrics") {
				t.Errorf("probe for %s: %+v", name, p)
			}
		}
		if len(svc.Spec.Ports) != 1 || svc.Spec.Ports[0].Name != "metrics" || svc.Spec.Ports[0].Port != port ||
			svc.Spec.Ports[0].TargetPort != intstr.FromString("metrics") {
			t.Errorf("Service ports %+v, want metrics %d → metrics", svc.Spec.Ports, port)
		}
		for k, v := range svc.Spec.Selector {
			if dep.Spec.Template.Labels[k] != v {
				t.Errorf("Service selects %s=%s, the pods are labelled %v", k, v, dep.Spec.Template.Labels)
			}
		}
		if len(svc.Spec.Selector) == 0 {
			t.Error("Service selects nothing")
		}
		if ro := hasTmpMount(pod); !ro {
			t.Error("no writable /tmp for HOME (client-go's cache) on the read-only root filesystem")
		}
	})
	t.Run("/report is off", func(t *testing.T) {
		for _, a := range c.Args {
			if strings.HasPrefix(a, "--"+serve.ReportFlag) {
				t.Errorf("args %v serve /report: the shipped Deployment must not", c.Args)
			}
		}
	})
	t.Run("only the monitoring namespace reaches the metrics port", func(t *testing.T) {
		sel, err := metav1.LabelSelectorAsSelector(&netpol.Spec.PodSelector)
		if err != nil || sel.Empty() || !sel.Matches(labels.Set(dep.Spec.Template.Labels)) {
			t.Errorf("podSelector %v does not select serve's pods %v", netpol.Spec.PodSelector, dep.Spec.Template.Labels)
		}
		if !slices.Equal(netpol.Spec.PolicyTypes, []networkingv1.PolicyType{networkingv1.PolicyTypeIngress}) {
			t.Errorf("policyTypes %v, want [Ingress]", netpol.Spec.PolicyTypes)
		}
		if len(netpol.Spec.Ingress) != 1 {
			t.Fatalf("%d ingress rules, want 1", len(netpol.Spec.Ingress))
		}
		r := netpol.Spec.Ingress[0]
		if len(r.From) != 1 {
			t.Fatalf("ingress from %d peers, want only the monitoring namespace", len(r.From))
		}
		peer := r.From[0]
		want := map[string]string{"kubernetes.io/metadata.name": "monitoring"}
		if peer.IPBlock != nil || peer.PodSelector != nil || peer.NamespaceSelector == nil ||
			len(peer.NamespaceSelector.MatchExpressions) > 0 || !maps.Equal(peer.NamespaceSelector.MatchLabels, want) {
			t.Errorf("ingress peer %+v, want only namespaceSelector %v", peer, want)
		}
		if len(r.Ports) != 1 || r.Ports[0].Port == nil || *r.Ports[0].Port != intstr.FromString("metrics") ||
			r.Ports[0].Protocol == nil || *r.Ports[0].Protocol != corev1.ProtocolTCP {
			t.Errorf("ports %+v, want only TCP metrics", r.Ports)
		}
	})
}

func hasTmpMount(pod corev1.PodSpec) bool {
	for _, m := range pod.Containers[0].VolumeMounts {
		if m.MountPath == "/tmp" {
			return true
		}
	}
	return false
}

func TestPrometheusRule(t *testing.T) {
	var u unstructured.Unstructured
	doc := docs(t, "prometheusrule.yaml")["PrometheusRule"]
	if err := yaml.Unmarshal(doc, &u.Object); err != nil {
		t.Fatal(err)
	}
	if u.GetAPIVersion() != "monitoring.coreos.com/v1" {
		t.Errorf("apiVersion %s", u.GetAPIVersion())
	}
	var spec struct {
		Groups []struct {
			Name  string `json:"name"`
			Rules []struct {
				Alert       string            `json:"alert"`
				Expr        string            `json:"expr"`
				For         string            `json:"for"`
				Labels      map[string]string `json:"labels"`
				Annotations map[string]string `json:"annotations"`
			} `json:"rules"`
		} `json:"groups"`
	}
	b, err := yaml.Marshal(u.Object["spec"])
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.UnmarshalStrict(b, &spec); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, g := range spec.Groups {
		for _, r := range g.Rules {
			for _, m := range selectorNames(r.Expr) {
				if !exportedSeries(m) {
					t.Errorf("alert %s uses %s, which serve does not export", r.Alert, m)
				}
			}
			if r.Annotations["runbook_url"] == "" {
				t.Errorf("alert %s has no runbook_url", r.Alert)
			}
			if strings.Contains(r.Expr, serve.FindingsName+`{severity="error"}`) && r.For == "5m" {
				found = true
				if !strings.Contains(r.Annotations["runbook_url"], "docs/rules.md") {
					t.Errorf("finding alert's runbook is %q, want docs/rules.md", r.Annotations["runbook_url"])
				}
			}
		}
	}
	if !found {
		t.Error("no alert on an error-severity finding open for 5m")
	}
}
