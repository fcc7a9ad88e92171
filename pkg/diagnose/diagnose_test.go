package diagnose

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

const ns = "shop"

// fixture builds a complete live snapshot (every list known) from objs.
func fixture(t *testing.T, objs ...runtime.Object) *snapshot.Snapshot {
	t.Helper()
	s := snapshot.New(snapshot.Live)
	for _, o := range objs {
		if err := s.Add(o); err != nil {
			t.Fatal(err)
		}
	}
	s.MarkComplete()
	return s
}

// tkeNode makes the cluster a TKE one for the provider detection.
func tkeNode() *corev1.Node {
	return &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "node-1"}, Spec: corev1.NodeSpec{ProviderID: "qcloud:///100003/ins-3ven36lk"}}
}

// tlsIngress is a qcloud Ingress whose TLS entry names no Secret (E4009), with the given
// lbdoctor.io/ignore annotation ("" for none).
func tlsIngress(name, ignore string) *networkingv1.Ingress {
	ing := &networkingv1.Ingress{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns, Annotations: map[string]string{"kubernetes.io/ingress.class": "qcloud"}},
		Spec:       networkingv1.IngressSpec{TLS: []networkingv1.IngressTLS{{Hosts: []string{name + ".example.com"}}}},
	}
	if ignore != "" {
		ing.Annotations[report.IgnoreAnnotation] = ignore
	}
	return ing
}

func ingress(name string) snapshot.Target {
	return snapshot.Target{Kind: snapshot.KindIngress, Namespace: ns, Name: name}
}

func ruleIDs(fs []report.Finding) []rules.ID {
	var out []rules.ID
	for _, f := range fs {
		out = append(out, f.Rule)
	}
	return out
}

func TestTarget(t *testing.T) {
	tests := []struct {
		name           string
		ignore         string
		opts           Options
		incomplete     []snapshot.FailedRead
		wantProvider   rules.Provider
		wantFinding    bool // TKEIngressE4009 among the findings
		wantSuppressed bool // TKEIngressE4009 among the suppressed
		wantWarnings   int
		wantSkipClass  snapshot.ReasonClass // a skip of this class from the "provider" check; "" for none
		wantIncomplete []string
	}{
		{name: "detected provider finds the missing secret", wantProvider: tkerules.Provider, wantFinding: true},
		{name: "ignored by code", ignore: "E4009", wantProvider: tkerules.Provider, wantSuppressed: true},
		{name: "ignored by rule id, unknown entry warned", ignore: tkerules.IngressE4009.String() + ",bogus",
			wantProvider: tkerules.Provider, wantSuppressed: true, wantWarnings: 1},
		{name: "forced provider without ingress checks", opts: Options{Provider: ackrules.Provider}, wantProvider: ackrules.Provider,
			wantSkipClass: snapshot.ReasonProvider},
		{name: "failed reads listed", wantProvider: tkerules.Provider, wantFinding: true,
			incomplete:     []snapshot.FailedRead{{Class: snapshot.ReasonReadFailed, Verb: "list", Resource: "pods", Note: "list pods: timeout"}},
			wantIncomplete: []string{"list pods: timeout"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			snap := fixture(t, tkeNode(), tlsIngress("web", tt.ignore))
			snap.Incomplete = tt.incomplete
			var warnings []string
			tt.opts.Warn = func(w words.Words) {
				if zh := w.In(words.Chinese); !words.HasHan(zh) || words.HasHan(w.String()) {
					t.Errorf("warning not worded in both languages: %q / %q", w, zh)
				}
				warnings = append(warnings, w.String())
			}
			rep, err := Target(snap, ingress("web"), tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Provider.Name != tt.wantProvider || rep.Provider.Evidence == "" {
				t.Errorf("provider %+v, want %s with evidence", rep.Provider, tt.wantProvider)
			}
			if got := slices.Contains(ruleIDs(rep.Findings), tkerules.IngressE4009); got != tt.wantFinding {
				t.Errorf("E4009 among findings %v: %v, want %v", ruleIDs(rep.Findings), got, tt.wantFinding)
			}
			if got := slices.Contains(ruleIDs(rep.Suppressed), tkerules.IngressE4009); got != tt.wantSuppressed {
				t.Errorf("E4009 among suppressed %v: %v, want %v", ruleIDs(rep.Suppressed), got, tt.wantSuppressed)
			}
			if len(warnings) != tt.wantWarnings {
				t.Errorf("warnings %q, want %d", warnings, tt.wantWarnings)
			}
			var skip snapshot.ReasonClass
			for _, s := range rep.Skipped {
				if s.Check == "provider" {
					skip = s.Class
				}
			}
			if skip != tt.wantSkipClass {
				t.Errorf("provider skip class %q, want %q", skip, tt.wantSkipClass)
			}
			if !slices.Equal(rep.Incomplete, tt.wantIncomplete) {
				t.Errorf("incomplete %q, want %q", rep.Incomplete, tt.wantIncomplete)
			}
		})
	}
}

func TestTargetMissing(t *testing.T) {
	snap := fixture(t, tkeNode(), tlsIngress("web", ""))
	if _, err := Target(snap, ingress("gone"), Options{}); err == nil {
		t.Fatal("a target the snapshot lacks must be an error")
	}
}

// TestAllOrder: the reports and warnings of a batch run keep the batches' and targets' order on
// every run, whatever order the parallel diagnoses finish in.
func TestAllOrder(t *testing.T) {
	names := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	var objs []runtime.Object
	var targets []snapshot.Target
	for _, n := range names {
		objs = append(objs, tlsIngress(n, "nope-"+n))
		targets = append(targets, ingress(n))
	}
	first := fixture(t, append(objs[:4:4], tkeNode())...)
	second := fixture(t, append(slices.Clone(objs[4:]), tkeNode())...)
	batches := []Batch{{Snap: first, Targets: targets[:4]}, {Snap: second, Targets: targets[4:]}}
	for range 5 {
		var warned []string
		reports, err := All(batches, Options{Warn: func(w words.Words) { warned = append(warned, w.String()) }})
		if err != nil {
			t.Fatal(err)
		}
		if len(reports) != len(names) || len(warned) != len(names) {
			t.Fatalf("%d reports and %d warnings, want %d of each", len(reports), len(warned), len(names))
		}
		for i, r := range reports {
			if r.Target != targets[i] {
				t.Errorf("report %d is of %v, want %v", i, r.Target, targets[i])
			}
			if !strings.Contains(warned[i], `"nope-`+names[i]+`"`) {
				t.Errorf("warning %d %q does not name target %s's entry", i, warned[i], names[i])
			}
		}
	}
	if reports, err := All(nil, Options{}); reports != nil || err != nil {
		t.Errorf("no batch: %v, %v; want nil, nil", reports, err)
	}
}

// TestAllStopsAtFirstError: the first failing target in order is the error.
func TestAllStopsAtFirstError(t *testing.T) {
	snap := fixture(t, tkeNode(), tlsIngress("web", ""))
	_, err := All([]Batch{{Snap: snap, Targets: []snapshot.Target{ingress("web"), ingress("gone"), ingress("lost")}}}, Options{})
	if err == nil || !strings.Contains(err.Error(), `"gone"`) {
		t.Errorf("error %v, want the first missing target's", err)
	}
}

func TestFailure(t *testing.T) {
	forbidden := snapshot.FailedRead{Class: snapshot.ReasonForbidden, Resource: "services", Namespace: "canary", RBAC: "list services"}
	timeout := snapshot.FailedRead{Class: snapshot.ReasonReadFailed, Resource: "pods", Note: "list pods: timeout"}
	unauthorized := snapshot.FailedRead{Class: snapshot.ReasonUnauthorized, Resource: "services", Namespace: "a"}
	tests := []struct {
		name  string
		reads []snapshot.FailedRead
		want  snapshot.FailedRead
		ok    bool
	}{
		{"none", nil, snapshot.FailedRead{}, false},
		{"permission only", []snapshot.FailedRead{forbidden}, snapshot.FailedRead{}, false},
		{"a timeout after a refusal", []snapshot.FailedRead{forbidden, timeout}, timeout, true},
		{"rejected credentials", []snapshot.FailedRead{unauthorized, timeout}, unauthorized, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := Failure(tt.reads)
			if got != tt.want || ok != tt.ok {
				t.Errorf("Failure = %+v, %v; want %+v, %v", got, ok, tt.want, tt.ok)
			}
			if err := IncompleteError(tt.reads); (err != nil) != tt.ok || (err != nil && !strings.Contains(err.Error(), tt.want.Note)) {
				t.Errorf("IncompleteError = %v, want one naming %q: %v", err, tt.want.Note, tt.ok)
			}
		})
	}
	if notes := snapshot.Notes([]snapshot.FailedRead{timeout}); !slices.Equal(notes, []string{timeout.Note}) {
		t.Errorf("notes %q", notes)
	}
}

const manifest = `apiVersion: v1
kind: Service
metadata: {name: web, namespace: shop, labels: {app: web}}
spec: {type: LoadBalancer, ports: [{port: 80}]}
---
apiVersion: v1
kind: Service
metadata: {name: api, namespace: shop, labels: {app: api}}
spec: {type: LoadBalancer, ports: [{port: 80}]}
---
apiVersion: v1
kind: Service
metadata: {name: db, namespace: data}
spec: {type: ClusterIP, ports: [{port: 5432}]}
`

func TestOffline(t *testing.T) {
	path := filepath.Join(t.TempDir(), "app.yaml")
	if err := os.WriteFile(path, []byte(manifest), 0o600); err != nil {
		t.Fatal(err)
	}
	svc := func(ns, name string) snapshot.Target {
		return snapshot.Target{Kind: snapshot.KindService, Namespace: ns, Name: name}
	}
	tests := []struct {
		name    string
		targets []snapshot.Target
		ns      string
		sel     snapshot.Selector
		want    []snapshot.Target
		wantErr bool
	}{
		{name: "every load balancer of the input", want: []snapshot.Target{svc("shop", "api"), svc("shop", "web")}},
		{name: "label selector", sel: snapshot.Selector{Label: "app=web"}, want: []snapshot.Target{svc("shop", "web")}},
		{name: "field selector", sel: snapshot.Selector{Field: "metadata.name=api"}, want: []snapshot.Target{svc("shop", "api")}},
		{name: "unsupported field", sel: snapshot.Selector{Field: "spec.type=LoadBalancer"}, wantErr: true},
		{name: "another namespace", ns: "data"},
		{name: "named targets, one the input lacks", targets: []snapshot.Target{svc("shop", "web"), svc("shop", "gone")},
			want: []snapshot.Target{svc("shop", "web"), svc("shop", "gone")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			batches, in, err := Offline(snapshot.Files{Paths: []string{path}, DefaultNamespace: "default"}, tt.targets, tt.ns, tt.sel)
			if (err != nil) != tt.wantErr {
				t.Fatalf("error %v, want one: %v", err, tt.wantErr)
			}
			if err != nil {
				return
			}
			var got []snapshot.Target
			for _, b := range batches {
				got = append(got, b.Targets...)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("targets %v, want %v", got, tt.want)
			}
			if len(tt.targets) > 0 {
				return
			}
			reports, err := All(batches, Options{Input: in})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range reports {
				if r.Origin == nil || r.Origin.File != path {
					t.Errorf("%v: origin %+v, want in %s", r.Target, r.Origin, path)
				}
			}
		})
	}
}
