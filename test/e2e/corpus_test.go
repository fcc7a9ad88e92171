//go:build e2e

package e2e

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/test/corpus"
	"github.com/lbdoctor/kubectl-lbdoctor/test/scenario"
)

// TestCorpusLive loads every live-loadable corpus file into the API server, in a namespace of its
// own, and diagnoses it live: the file's expectations hold live too, and every finding the offline
// run of the same objects reports is found live (the file is the whole input, so offline must not
// see more than the cluster).
func TestCorpusLive(t *testing.T) {
	files, err := corpus.Files(filepath.Join(repoRoot, "test/corpus"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range files {
		t.Run(m.Name, func(t *testing.T) {
			if m.OfflineOnly != "" {
				t.Skipf("offline only: %s", m.OfflineOnly)
			}
			objs, err := scenario.Read(m.Path)
			if err != nil {
				t.Fatal(err)
			}
			ns := corpusNamespace(m.Name)
			objs = relocate(objs, ns)
			applyObjects(t, env.loader, objs)
			file := writeObjects(t, objs)
			live := decodeList(t, kubectl(t, env.kubeconfig, "lbdoctor", "-n", ns, "-o", "json", "--fail-on", "none"))
			off := decodeList(t, kubectl(t, env.kubeconfig, "lbdoctor", "-f", file, "-n", ns, "-o", "json", "--fail-on", "none"))

			v := corpus.Evaluate(m, withoutAbsentBackends(t, m, objs, live))
			if problems := v.Problems(m, true); len(problems) > 0 {
				if m.KnownBug != "" {
					t.Logf("expected failure (known bug: %s): %s", m.KnownBug, strings.Join(problems, "; "))
				} else {
					for _, p := range problems {
						t.Error("live: " + p)
					}
				}
			}
			for _, miss := range offlineNotLive(off, live) {
				t.Errorf("offline finding %s not found live", miss)
			}
		})
	}
}

// absentBackendRules report that a Service has no backend at all. Live, a backend the file does
// not hold is really absent from the test cluster, so on a clean file these findings are true of the
// cluster, not false alarms about the object; they are logged and set aside when the file lacks one
// of the kinds they count.
var absentBackendRules = map[string][]string{
	"generic.service.no-endpoints":        {"EndpointSlice"},
	"ack.service.no-available-nodes":      {"EndpointSlice", "Node"},
	"tke.service.backends-label-no-nodes": {"Node"},
}

func withoutAbsentBackends(t *testing.T, m corpus.Meta, objs []*unstructured.Unstructured, l report.List) report.List {
	t.Helper()
	if !m.Clean() {
		return l
	}
	held := map[string]bool{}
	for _, u := range objs {
		held[u.GetKind()] = true
	}
	out := l
	out.Items = nil
	for _, r := range l.Items {
		kept := r
		kept.Findings = nil
		for _, f := range r.Findings {
			if kinds, ok := absentBackendRules[f.Rule.String()]; ok {
				if i := slices.IndexFunc(kinds, func(k string) bool { return !held[k] }); i >= 0 {
					t.Logf("set aside: %s on %s (the file holds no %s, so the cluster has none)", f.Rule, r.Target.Name, kinds[i])
					continue
				}
			}
			kept.Findings = append(kept.Findings, f)
		}
		out.Items = append(out.Items, kept)
	}
	return out
}

// offlineNotLive lists "rule at path on target" for each offline finding the live run lacks.
func offlineNotLive(off, live report.List) []string {
	seen := map[string]bool{}
	key := func(r report.Report, f report.Finding) string {
		return f.Rule.String() + " at " + f.Path + " on " + r.Target.String()
	}
	// An event finding has no path; live, a check may predict the same problem, and the two are then
	// one finding at the check's path.
	ruleOnly := func(r report.Report, f report.Finding) string { return f.Rule.String() + " on " + r.Target.String() }
	// A finding folded live under a cause the offline run could not see is reported as its
	// consequence.
	for _, r := range live.Items {
		for _, f := range r.Findings {
			seen[key(r, f)], seen[ruleOnly(r, f)] = true, true
			for _, c := range f.Consequences {
				seen[key(r, c)], seen[ruleOnly(r, c)] = true, true
			}
		}
	}
	var out []string
	for _, r := range off.Items {
		for _, f := range r.Findings {
			k := key(r, f)
			if f.Source == "event" {
				k = ruleOnly(r, f)
			}
			if !seen[k] {
				out = append(out, k)
			}
		}
	}
	return out
}

var nonName = regexp.MustCompile(`[^a-z0-9]+`)

// corpusNamespace derives a namespace name from a corpus file name, e.g. "corpus-tke-001-existed-lbid".
func corpusNamespace(name string) string {
	ns := "corpus-" + strings.Trim(nonName.ReplaceAllString(strings.ToLower(strings.TrimSuffix(name, ".yaml")), "-"), "-")
	if len(ns) > 63 {
		ns = strings.TrimRight(ns[:63], "-")
	}
	return ns
}

var clusterScoped = map[string]bool{"Node": true, "IngressClass": true, "ValidatingWebhookConfiguration": true, "Namespace": true}

// relocate moves the namespaces that hold the file's Services and Ingresses to ns (kube-system's
// ConfigMaps, the controllers' cluster settings, stay), points events after them, creates the other namespaces the file
// uses, and drops what the API server assigns itself (uid, resourceVersion, cluster IPs) and the
// finalizers no controller would ever remove here.
func relocate(objs []*unstructured.Unstructured, ns string) []*unstructured.Unstructured {
	moved := map[string]bool{}
	for _, u := range objs {
		if k := u.GetKind(); k == "Service" || k == "Ingress" {
			moved[nsOf(u.GetNamespace())] = true
		}
	}
	mapNS := func(n string) string {
		if moved[nsOf(n)] {
			return ns
		}
		return nsOf(n)
	}
	others := map[string]bool{}
	out := []*unstructured.Unstructured{namespace(ns)}
	for _, u := range objs {
		if u.GetKind() == "Namespace" {
			continue
		}
		u = u.DeepCopy()
		for _, f := range []string{"uid", "resourceVersion", "selfLink", "creationTimestamp", "generation", "managedFields", "finalizers"} {
			unstructured.RemoveNestedField(u.Object, "metadata", f)
		}
		switch {
		case clusterScoped[u.GetKind()]:
		case u.GetKind() == "ConfigMap" && nsOf(u.GetNamespace()) == "kube-system":
			// Cluster settings the controllers read by name in kube-system stay there, even when a
			// Service of kube-system moves.
		default:
			u.SetNamespace(mapNS(u.GetNamespace()))
			if u.GetNamespace() != ns && u.GetNamespace() != "kube-system" && u.GetNamespace() != "default" {
				others[u.GetNamespace()] = true
			}
		}
		switch u.GetKind() {
		case "Service":
			unstructured.RemoveNestedField(u.Object, "spec", "clusterIP")
			unstructured.RemoveNestedField(u.Object, "spec", "clusterIPs")
		case "Event":
			if ref, ok, _ := unstructured.NestedMap(u.Object, "involvedObject"); ok {
				ref["namespace"] = mapNS(fmtString(ref["namespace"]))
				_ = unstructured.SetNestedMap(u.Object, ref, "involvedObject")
			}
		}
		out = append(out, u)
	}
	for n := range others {
		out = append(out, namespace(n))
	}
	return out
}

func nsOf(n string) string {
	if n == "" {
		return "default"
	}
	return n
}

func fmtString(v any) string {
	s, _ := v.(string)
	return s
}

func namespace(name string) *unstructured.Unstructured {
	return &unstructured.Unstructured{Object: map[string]any{"apiVersion": "v1", "kind": "Namespace",
		"metadata": map[string]any{"name": name}}}
}

// writeObjects writes objects as one multi-document YAML file for the offline run.
func writeObjects(t *testing.T, objs []*unstructured.Unstructured) string {
	t.Helper()
	var b bytes.Buffer
	for _, u := range objs {
		y, err := yaml.Marshal(u.Object)
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString("---\n")
		b.Write(y)
	}
	path := filepath.Join(t.TempDir(), "objects.yaml")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
