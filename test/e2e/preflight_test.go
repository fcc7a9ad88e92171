//go:build e2e

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/test/corpus"
	"github.com/lbdoctor/kubectl-lbdoctor/test/scenario"
)

// asControllerLeft is the "now" side of a pair as kubectl apply and the cloud controller leave it:
// the manifest as its last-applied record, and an address in the status of each Service of type
// LoadBalancer and each Ingress.
func asControllerLeft(t *testing.T, objs []*unstructured.Unstructured) []*unstructured.Unstructured {
	t.Helper()
	var out []*unstructured.Unstructured
	for _, u := range objs {
		u = u.DeepCopy()
		if k := u.GetKind(); k == "Service" || k == "Ingress" {
			rec, err := json.Marshal(u.Object)
			if err != nil {
				t.Fatal(err)
			}
			anns := u.GetAnnotations()
			if anns == nil {
				anns = map[string]string{}
			}
			anns["kubectl.kubernetes.io/last-applied-configuration"] = string(rec)
			u.SetAnnotations(anns)
			typ, _, _ := unstructured.NestedString(u.Object, "spec", "type")
			if k == "Ingress" || typ == "LoadBalancer" {
				u.Object["status"] = map[string]any{"loadBalancer": map[string]any{"ingress": []any{map[string]any{"ip": "47.96.10.20"}}}}
			}
		}
		out = append(out, u)
	}
	return out
}

// changeFindings are the change findings of a preflight's reports: rule, field, old and new.
func changeFindings(l report.List) (rulesSeen, facts []string) {
	for _, r := range l.Items {
		for _, f := range r.Findings {
			if f.Change != nil {
				rulesSeen = append(rulesSeen, f.Rule.String())
				facts = append(facts, f.Rule.String()+" "+f.Change.Field+" "+f.Change.Old+" -> "+f.Change.New)
			}
		}
	}
	slices.Sort(rulesSeen)
	return slices.Compact(rulesSeen), facts
}

// TestPreflightPairsLive loads the "now" side of every change pair of test/corpus/pairs into the API
// server as a controller would have left it, runs preflight -f on the edited manifest, and checks
// the change findings (rejected, destructive, disruptive, benign; both clouds, Services and
// Ingresses), that the plugin sent no write request, and that --base with the same pair gives the
// same change findings.
func TestPreflightPairsLive(t *testing.T) {
	pairs, err := corpus.Pairs(filepath.Join(repoRoot, "test", "corpus", "pairs"))
	if err != nil || len(pairs) == 0 {
		t.Fatalf("no pairs: %v", err)
	}
	for _, p := range pairs {
		dir, provider, expect := p.Dir, p.Provider, p.Expect
		name := filepath.Base(filepath.Dir(dir)) + "/" + filepath.Base(dir)
		t.Run(name, func(t *testing.T) {
			ns := corpusNamespace("preflight-" + strings.ReplaceAll(name, "/", "-"))
			nowObjs, err := scenario.Read(filepath.Join(dir, "now.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			now := asControllerLeft(t, relocate(nowObjs, ns))
			applyObjects(t, env.loader, now)
			newObjs, err := scenario.Read(filepath.Join(dir, "new.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			file := writeObjects(t, relocate(newObjs, ns)[1:])
			mark := auditMark(t)
			live := kubectl(t, env.kubeconfig, "lbdoctor", "preflight", "-f", file, "-n", ns, "--provider", provider, "-o", "json")
			for _, e := range auditSince(t, mark) {
				if e.Verb != "get" && e.Verb != "list" && e.Verb != "watch" {
					t.Errorf("write request %s %s", e.Verb, e.RequestURI)
				}
			}
			if live.code == 2 {
				t.Fatalf("exit 2: %s", live.stderr)
			}
			gotRules, liveFacts := changeFindings(decodeList(t, live))
			if !slices.Equal(gotRules, expect) {
				t.Fatalf("live change findings %v, want %v", liveFacts, expect)
			}
			base := writeObjects(t, now[1:])
			offline := kubectl(t, env.kubeconfig, "lbdoctor", "preflight", "-f", file, "--base", base, "-n", ns, "--provider", provider, "-o", "json")
			if offline.code == 2 {
				t.Fatalf("--base: exit 2: %s", offline.stderr)
			}
			if _, baseFacts := changeFindings(decodeList(t, offline)); !slices.Equal(baseFacts, liveFacts) {
				t.Fatalf("--base change findings %v, live %v", baseFacts, liveFacts)
			}
		})
	}
}

// TestPreflightCreationLive: an object the cluster lacks is a creation: diagnosed as it will be,
// with the note that the apply creates it, and no change finding.
func TestPreflightCreationLive(t *testing.T) {
	const ns = "preflight-creation"
	applyObjects(t, env.loader, []*unstructured.Unstructured{namespace(ns)})
	file := filepath.Join(t.TempDir(), "new.yaml")
	manifest := "apiVersion: v1\nkind: Service\nmetadata:\n  name: fresh\n  namespace: " + ns + "\n  annotations:\n" +
		"    service.kubernetes.io/tke-existed-lbid: lb-6swtxxxx\nspec:\n  type: LoadBalancer\n  selector: {app: fresh}\n  ports: [{port: 80, targetPort: 8080}]\n"
	if err := os.WriteFile(file, []byte(manifest), 0o600); err != nil {
		t.Fatal(err)
	}
	r := kubectl(t, env.kubeconfig, "lbdoctor", "preflight", "-f", file, "--provider", "tke", "-o", "json")
	if r.code == 2 {
		t.Fatalf("exit 2: %s", r.stderr)
	}
	l := decodeList(t, r)
	if len(l.Items) != 1 || l.Items[0].Note == nil || l.Items[0].Note.Reason != "Created" {
		t.Fatalf("want one report noted Created, got %+v", l.Items)
	}
	if rs, _ := changeFindings(l); len(rs) != 0 {
		t.Fatalf("a creation has no change findings, got %v", rs)
	}
}
